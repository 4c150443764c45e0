/**
 * No crash on any input: the plugin (strict preset, every rule) over a few hundred real-world files it was never
 * written for — ESLint's own sources and typescript-eslint's compiled output and declarations in node_modules — with
 * a manifest whose vocabulary names common methods (`set`, `push`, `call`, `get`...), so that nearly every file is
 * walked and every write path of the analysis runs. A rule that throws makes ESLint throw; a problem without a rule id
 * would be a crash report.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type * as ESLintModule from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, repoRoot, requireFromRepo } from './helpers/e2e';

const MANIFEST = {
  version: 1,
  emitters: ['emit', 'set', 'push', 'report'],
  hooks: ['call', 'apply', 'create'],
  hookFunctions: ['get', 'create', 'default', 'parse'],
  mergeLayer: ['**/index.js'],
  keys: { retrieval: { producers: ['**/utils/*.js'], fields: ['returned_count'] } },
};

let dir: string;

beforeAll(() => {
  assertBuilt();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-robust-'));
  fs.writeFileSync(path.join(dir, 'mcp-meta.registry.json'), JSON.stringify(MANIFEST));
});

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('robustness on code the plugin was not written for', () => {
  it('lints real-world JavaScript and TypeScript declarations without a crash', async () => {
    const { ESLint } = requireFromRepo('eslint') as typeof ESLintModule;
    const tsParser = requireFromRepo('@typescript-eslint/parser') as unknown;
    const plugin = requireFromRepo('eslint-plugin-mcp-meta') as { configs: { strict: object } };
    const files = ['**/*.{js,cjs,mjs,ts,mts,cts}'];
    const eslint = new ESLint({
      cwd: path.join(repoRoot, 'node_modules'),
      overrideConfigFile: true,
      overrideConfig: [
        { files, languageOptions: { parser: tsParser }, linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'off' } },
        { ...plugin.configs.strict, files, settings: { 'mcp-meta': { registry: path.join(dir, 'mcp-meta.registry.json') } } },
      ],
    });
    const results = await eslint.lintFiles([
      'eslint/lib/**/*.js',
      '@typescript-eslint/utils/dist/**/*.{js,d.ts}',
      'ajv/dist/compile/**/*.js',
    ]);
    expect(results.length).toBeGreaterThan(300);
    const messages = results.flatMap((result) => result.messages);
    // Every message is one of our rules' findings: no parse failure, no crash report, no other rule. (ESLint notes
    // that the sources' own eslint-disable comments are inert under noInlineConfig; those are not ours.)
    const inertDirective = /has no effect because you have 'noInlineConfig'/;
    expect(messages.filter((message) => message.fatal)).toEqual([]);
    expect(messages.filter((message) => !message.ruleId?.startsWith('mcp-meta/') && !inertDirective.test(message.message))).toEqual([]);
    // The aggressive vocabulary makes the analysis find writes: the walk really ran.
    expect(messages.some((message) => message.ruleId?.startsWith('mcp-meta/'))).toBe(true);
  });
});
