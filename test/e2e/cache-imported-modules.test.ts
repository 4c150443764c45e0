/**
 * `eslint --cache` and facts from other modules (issue 22; ESLint's cache keys a file's result on that file and the
 * config, eslint/eslint#19869). With the real ESLint 10 CLI and a real cache file, on a server whose tool writes a key
 * named by a `const` imported from `src/keys.ts`, under `createConfig` alone:
 *
 * - the analysis notes the modules it read, with their content's sha256, in a sidecar
 *   (`node_modules/.cache/eslint-plugin-mcp-meta/`), and the next `createConfig` folds the ones that changed into
 *   `registryHash`: renaming the key in `src/keys.ts` (the tool's file unchanged) changes the config, the cached
 *   result is dropped and the unregistered key is reported;
 * - with nothing changed, the cached results are used from the second run on (ESLint's own debug log says so);
 * - a sidecar that cannot be written changes nothing else: the lint runs and reports as without a cache.
 *
 * Needs `npm run build` first (`npm test` does it).
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, findingsOf, parseJsonOutput, repoRoot, runEslint, scratchRoot } from './helpers/e2e';

const TOOL = `import { TIMING } from './keys';

export function handler() {
  return { content: [], _meta: { [TIMING]: { ms: 1 } } };
}
`;

const MANIFEST = { version: 1, keys: { timing: { producers: ['src/tool.ts'], fields: ['ms'] } } };

/**
 * createConfig alone, as docs/ci-and-editors.md writes it. The project has its own package.json (where its
 * node_modules/.cache is), so the plugin is required by its built path rather than its package name.
 */
const CONFIG = `'use strict';
const tsParser = require('@typescript-eslint/parser');
const { createConfig } = require(${JSON.stringify(path.join(repoRoot, 'dist/src/config.js'))});

module.exports = [
  { files: ['**/*.ts'], languageOptions: { parser: tsParser, sourceType: 'module' } },
  createConfig({ registry: './mcp-meta.registry.json', baseDir: __dirname, files: ['**/*.ts'] }),
];
`;

const made: string[] = [];

function project(): { dir: string; cache: string; sidecarDir: string } {
  fs.mkdirSync(scratchRoot, { recursive: true });
  const dir = fs.mkdtempSync(path.join(scratchRoot, 'e2e-cache-modules-'));
  made.push(dir);
  fs.mkdirSync(path.join(dir, 'src'));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'cache-modules', private: true }) + '\n');
  fs.writeFileSync(path.join(dir, 'src/keys.ts'), "export const TIMING = 'timing';\n");
  fs.writeFileSync(path.join(dir, 'src/tool.ts'), TOOL);
  fs.writeFileSync(path.join(dir, 'mcp-meta.registry.json'), JSON.stringify(MANIFEST, null, 2) + '\n');
  fs.writeFileSync(path.join(dir, 'eslint.config.js'), CONFIG);
  return { dir, cache: path.join(dir, '.cache', '.eslintcache'), sidecarDir: path.join(dir, 'node_modules/.cache/eslint-plugin-mcp-meta') };
}

async function lint(dir: string, cache: string): Promise<{ findings: string[]; skipped: number }> {
  const run = await runEslint(dir, ['src', '--cache', '--cache-location', cache, '-f', 'json'], {
    ...process.env,
    DEBUG: 'eslint:eslint-helpers',
  });
  return { findings: findingsOf(parseJsonOutput(run), dir), skipped: run.stderr.split("Skipping file since it hasn't changed").length - 1 };
}

const renameKey = (dir: string) => fs.writeFileSync(path.join(dir, 'src/keys.ts'), "export const TIMING = 'timings';\n");
const UNREGISTERED = 'src/tool.ts:4 mcp-meta/no-unregistered-meta-key';

beforeAll(assertBuilt);
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

describe.concurrent('--cache and an imported key const, with createConfig alone', () => {
  it('notes the modules read, uses the cache while they are unchanged, and drops it when one changes', async () => {
    const { dir, cache, sidecarDir } = project();
    expect((await lint(dir, cache)).findings).toEqual([]);
    expect(fs.existsSync(cache)).toBe(true);
    const [sidecar] = fs.readdirSync(sidecarDir);
    expect(JSON.parse(fs.readFileSync(path.join(sidecarDir, sidecar), 'utf8'))).toEqual({
      version: 1,
      modules: { 'src/keys.ts': createHash('sha256').update("export const TIMING = 'timing';\n").digest('hex') },
    });
    // A module as first read adds nothing to the config's hash: the next run takes every result from the cache.
    expect(await lint(dir, cache)).toEqual({ findings: [], skipped: 2 });
    renameKey(dir);
    expect(await lint(dir, cache)).toEqual({ findings: [UNREGISTERED], skipped: 0 });
    // And back: the cache follows the module's content, not its history.
    fs.writeFileSync(path.join(dir, 'src/keys.ts'), "export const TIMING = 'timing';\n");
    expect((await lint(dir, cache)).findings).toEqual([]);
  });

  it('never fails when the sidecar cannot be written: the lint reports as it would without a cache', async () => {
    const { dir, cache, sidecarDir } = project();
    // A file where the sidecar's folder would be: no folder can be made there.
    fs.mkdirSync(path.dirname(sidecarDir), { recursive: true });
    fs.writeFileSync(sidecarDir, 'not a folder');
    renameKey(dir);
    const first = await runEslint(dir, ['src', '--cache', '--cache-location', cache, '-f', 'json']);
    expect(first.stderr).toBe('');
    expect(findingsOf(parseJsonOutput(first), dir)).toEqual([UNREGISTERED]);
    expect(fs.readFileSync(sidecarDir, 'utf8')).toBe('not a folder');
  });
});
