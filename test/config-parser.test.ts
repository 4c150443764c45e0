/**
 * createConfig sets @typescript-eslint/parser for every file it claims: a real ESLint 10 run over the fixture servers'
 * JavaScript (.js, .mjs, .cjs, .jsx) and TypeScript (.ts, .mts, .cts) files, and a .tsx file, parses every one.
 */
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import * as path from 'node:path';
import * as tsParser from '@typescript-eslint/parser';
import { ESLint } from 'eslint';
import { createConfig } from '../src/config';
import { makeTempProject, removeTempProject } from './registry/temp-project';

const ROOT = path.resolve(__dirname, '..');
let warn: MockInstance<typeof console.warn>;
beforeAll(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterAll(() => warn.mockRestore());

async function lint(cwd: string, patterns: string[], config: object[]): Promise<ESLint.LintResult[]> {
  const eslint = new ESLint({ cwd, overrideConfigFile: true, overrideConfig: config, ignore: false });
  return eslint.lintFiles(patterns);
}

function parseFailures(results: ESLint.LintResult[]): string[] {
  return results.flatMap((result) =>
    result.messages.filter((message) => message.fatal === true).map((message) => `${result.filePath}: ${message.message}`),
  );
}

describe('createConfig: the parser', () => {
  it('uses @typescript-eslint/parser', () => {
    const config = createConfig({ registry: path.join(ROOT, 'fixtures/js-server/mcp-meta.registry.json') });
    // The config loads the parser with `require` (src/util/typescript-support.ts) and this file imports it as ESM, so the
    // two module objects differ; the functions they hold are the same ones.
    expect(config.languageOptions.parser.parseForESLint).toBe(tsParser.parseForESLint);
  });

  it.each([
    ['js-server', ['src/server.js', 'src/keys.mjs', 'src/legacy/low-level.cjs', 'src/widget/card.jsx']],
    ['sdk-server', ['src/server.ts', 'src/tools/status.mts', 'src/compat/register.cts']],
  ])('parses every file kind of fixtures/%s with ESLint 10', async (fixture, files) => {
    const cwd = path.join(ROOT, 'fixtures', fixture);
    const results = await lint(cwd, files, [createConfig({ registry: 'mcp-meta.registry.json', cwd })]);
    expect(results.map((result) => path.relative(cwd, result.filePath)).sort()).toEqual([...files].sort());
    expect(parseFailures(results)).toEqual([]);
    // Every message is one of ours: the rules ran on the parsed files.
    expect(results.flatMap((result) => result.messages).filter((message) => !message.ruleId?.startsWith('mcp-meta/'))).toEqual([]);
  });

  it('parses .tsx, which the default parser cannot (the reason for setting it)', async () => {
    const dir = makeTempProject({
      'mcp-meta.registry.json': JSON.stringify({ version: 1, keys: { card: { producers: ['src/card.tsx'] } } }),
      'src/card.tsx':
        'const view = (title: string) => <b>{title}</b>;\nexport const result = { content: [], _meta: { card: { view } } };\n',
    });
    try {
      const config = createConfig({ registry: 'mcp-meta.registry.json', cwd: dir });
      expect(parseFailures(await lint(dir, ['src/card.tsx'], [config]))).toEqual([]);
      // Without the parser, ESLint's default (espree) fails on the type annotation.
      const { languageOptions: _parser, ...withoutParser } = config;
      expect(parseFailures(await lint(dir, ['src/card.tsx'], [withoutParser]))).toHaveLength(1);
    } finally {
      removeTempProject(dir);
    }
  });
});
