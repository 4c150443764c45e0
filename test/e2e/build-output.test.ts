/**
 * Lint and `init` agree on which files are the code base: `createConfig` ignores the build output `init` and `check`
 * skip. A copy of the SDK server fixture (its seeded violations included) is linted with `eslint .` under the README's
 * `createConfig` config, built with the real tsc (to `dist/`, then to the tsconfig's `outDir`), and linted again:
 * the same findings, none in the compiled copies, and `init --update` finds nothing new there.
 *
 * Needs `npm run build` first (`npm test` does it).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from '../cli/run-bin';
import { assertBuilt, parseJsonOutput, repoRoot, runEslint, runNode, scratchRoot, toPosix, TSC_BIN } from './helpers/e2e';

const made: string[] = [];
beforeAll(assertBuilt);
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

/** The README's ESM config, with the built plugin by path (a real project imports 'eslint-plugin-mcp-meta/config'). */
const CONFIG = `import config from '${toPosix(path.join(repoRoot, 'dist/src/config.js'))}';

export default [config.createConfig({ registry: './mcp-meta.registry.json', baseDir: import.meta.dirname })];
`;

/** The README's "by hand" config: the plain preset object, with the parser and the manifest set beside it. */
const PRESET_CONFIG = `import path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import mcpMeta from '${toPosix(path.join(repoRoot, 'dist/src/index.js'))}';

export default [
  { files: ['**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'], languageOptions: { parser: tsParser } },
  mcpMeta.configs.recommended,
  { settings: { 'mcp-meta': { registry: path.join(import.meta.dirname, 'mcp-meta.registry.json') } } },
];
`;

async function lintDot(dir: string): Promise<string[]> {
  const results = parseJsonOutput(await runEslint(dir, ['.', '-f', 'json']));
  return results
    .flatMap((result) =>
      result.messages.map((m) => `${toPosix(path.relative(dir, result.filePath))}:${m.line}:${m.column} ${m.ruleId ?? 'fatal'}`),
    )
    .sort();
}

async function build(dir: string, outDir: string): Promise<void> {
  const result = await runNode(TSC_BIN, ['-p', '.', '--noEmit', 'false', '--outDir', outDir], { cwd: dir });
  expect(result.stdout + result.stderr).toBe('');
  expect(fs.readdirSync(path.join(dir, outDir)).length).toBeGreaterThan(0);
}

describe('eslint . after a build lints the sources only, as init and check read them', () => {
  it('same findings before and after tsc writes dist/ or the tsconfig outDir', async () => {
    fs.mkdirSync(scratchRoot, { recursive: true });
    const dir = fs.mkdtempSync(path.join(scratchRoot, 'build-output-'));
    made.push(dir);
    fs.cpSync(path.join(repoRoot, 'fixtures/sdk-server'), dir, { recursive: true });
    // The README's config in place of the fixture's own (which covers `.ts` only and would win over `.mjs`).
    fs.rmSync(path.join(dir, 'eslint.config.js'));
    fs.writeFileSync(path.join(dir, 'eslint.config.mjs'), CONFIG);

    const before = await lintDot(dir);
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((line) => line.startsWith('src/'))).toBe(true);

    await build(dir, 'dist');
    expect(await lintDot(dir)).toEqual(before);

    // An outDir of another name, read from the tsconfig: skipped by the lint and by init alike.
    const tsconfig = path.join(dir, 'tsconfig.json');
    fs.writeFileSync(tsconfig, fs.readFileSync(tsconfig, 'utf8').replace('"noEmit": true,', '"noEmit": true,\n    "outDir": "build",'));
    await build(dir, 'build');
    expect(await lintDot(dir)).toEqual(before);
    const update = runBin(['init', '--update', '--format', 'json'], dir);
    expect((JSON.parse(update.stdout) as { data?: { added?: string[] } }).data?.added ?? []).toEqual([]);
    expect(update.stdout).not.toMatch(/build\/|dist\//);
  });
});

describe('the plain flat presets skip build output too', () => {
  it.each([['recommended'], ['strict']])('configs.%s: same findings before and after tsc writes dist/, none there', async (preset) => {
    fs.mkdirSync(scratchRoot, { recursive: true });
    const dir = fs.mkdtempSync(path.join(scratchRoot, 'build-output-preset-'));
    made.push(dir);
    fs.cpSync(path.join(repoRoot, 'fixtures/sdk-server'), dir, { recursive: true });
    fs.rmSync(path.join(dir, 'eslint.config.js'));
    fs.writeFileSync(path.join(dir, 'eslint.config.mjs'), PRESET_CONFIG.replace('configs.recommended', `configs.${preset}`));

    const before = await lintDot(dir);
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((line) => line.startsWith('src/'))).toBe(true);

    await build(dir, 'dist');
    expect(fs.readdirSync(path.join(dir, 'dist')).length).toBeGreaterThan(0);
    expect(await lintDot(dir)).toEqual(before);
  });
});
