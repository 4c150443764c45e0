/**
 * `eslint --fix` over the TypeScript server fixtures adds no `tsc` error (issue 25): each fixture's files are linted
 * with the `strict` config (every rule, `requireForAll`, so the most fixes) and its own manifest, with the fixture's
 * TypeScript program (`parserOptions.programs`) and without one; the autofixes are applied in memory and the fixture is
 * compiled again with its own compiler options. The errors after must be the errors before (the fixtures compile, so
 * none). Nothing is written to disk. Public code bases get the same check from scripts/autofix-safety.mjs (see
 * BENCHMARKS.md, "Autofix safety on public MCP code").
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import * as ts from 'typescript';
import { describe, expect, it } from 'vitest';
import plugin from '../../src/index';
import { applyFixes, compile, errorsOf } from './type-check';

const FIXTURES = path.resolve(__dirname, '../../fixtures');
const TS_FIXTURES = ['example-server', 'sdk-server', 'apps-widget-server'];
const TS_FILE = /\.[cm]?tsx?$/;
const linter = new Linter({ configType: 'flat' });

function parsedConfig(dir: string): ts.ParsedCommandLine {
  const configFile = path.join(dir, 'tsconfig.json');
  const read = ts.readConfigFile(configFile, (file) => ts.sys.readFile(file));
  return ts.parseJsonConfigFileContent(read.config, ts.sys, dir);
}

describe('eslint --fix over the server fixtures adds no tsc error', () => {
  it.each(TS_FIXTURES)('%s, with and without a program', { timeout: 300_000 }, (name) => {
    const dir = path.join(FIXTURES, name);
    const parsed = parsedConfig(dir);
    const roots = parsed.fileNames.filter((file) => TS_FILE.test(file) && !file.endsWith('.d.ts'));
    const original = new Map(roots.map((file) => [path.resolve(file), fs.readFileSync(file, 'utf8')]));
    const before = compile(original, parsed.options, roots);
    const errorsBefore = roots.flatMap((file) => errorsOf(before, file));
    const settings = { 'mcp-meta': { registry: path.join(dir, 'mcp-meta.registry.json') } };
    let fixCount = 0;
    for (const program of [before, null]) {
      const config: Linter.Config[] = [
        {
          files: ['**/*.{ts,tsx,mts,cts}'],
          languageOptions: { parser: tsParser, parserOptions: program ? { programs: [program] } : {} },
        },
        { ...(plugin.configs.strict as Linter.Config), files: ['**/*.{ts,tsx,mts,cts}'], settings },
      ];
      const fixed = new Map<string, string>();
      for (const [file, text] of original) {
        const messages = linter.verify(text, config, { filename: file });
        expect(messages.filter((message) => message.fatal)).toEqual([]);
        const { output, fixes } = applyFixes(text, messages);
        fixCount += fixes;
        fixed.set(file, output);
      }
      const after = compile(fixed, parsed.options, roots);
      const errorsAfter = roots.flatMap((file) => errorsOf(after, file));
      // Fixes move lines: compare by file, code and message.
      const withoutPlace = (error: string): string => error.replace(/:\d+:\d+ /, ' ');
      expect(errorsAfter.map(withoutPlace), `${name} ${program ? 'with' : 'without'} a program`).toEqual(errorsBefore.map(withoutPlace));
    }
    // The fixtures seed violations the rules fix: the check is not vacuous.
    expect(fixCount).toBeGreaterThan(0);
  });
});
