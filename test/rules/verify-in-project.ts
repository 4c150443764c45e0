/**
 * One file of a project on disk linted with some of our rules and the project's own manifest
 * (`mcp-meta.registry.json` in `dir`): for tests whose subject reads other files of the project (an imported
 * module, the manifest) or compares the lint with `mcp-meta check` run in the same folder.
 */
import * as path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import plugin from '../../rules';

export function verifyInProject(dir: string, file: string, code: string, rules: readonly string[]): Linter.LintMessage[] {
  const linter = new Linter({ configType: 'flat', cwd: dir });
  return linter.verify(
    code,
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tsParser as unknown as Linter.Parser },
        plugins: { 'mcp-meta': plugin },
        settings: { 'mcp-meta': { registry: path.join(dir, 'mcp-meta.registry.json') } },
        rules: Object.fromEntries(rules.map((rule) => [`mcp-meta/${rule}`, 'error'])),
      },
    ],
    path.join(dir, file),
  );
}
