/**
 * `eslint --cache` and facts from other modules (issue 22; ESLint's cache keys a file's result on that file and the
 * config, eslint/eslint#19869). With the real ESLint 10 CLI and a real cache file, on a server whose tool writes a key
 * named by a `const` imported from `src/keys.ts`:
 *
 * - the limit, pinned: renaming the key in `src/keys.ts` (the tool's file unchanged) leaves the cached, now wrong
 *   result in place under `createConfig` alone;
 * - the documented workaround (docs/ci-and-editors.md, "--cache"): fold a digest of the modules that hold keys and
 *   helpers into the config's settings; the edit then changes the config, every cached result is invalid, and the
 *   run reports the unregistered key.
 *
 * Needs `npm run build` first (`npm test` does it).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, findingsOf, parseJsonOutput, runEslint, scratchRoot } from './helpers/e2e';

const TOOL = `import { TIMING } from './keys';

export function handler() {
  return { content: [], _meta: { [TIMING]: { ms: 1 } } };
}
`;

const MANIFEST = { version: 1, keys: { timing: { producers: ['src/tool.ts'], fields: ['ms'] } } };

/** createConfig alone: the manifest's hash is in the settings, the imported module is not. */
const PLAIN_CONFIG = `'use strict';
const tsParser = require('@typescript-eslint/parser');
const { createConfig } = require('eslint-plugin-mcp-meta/config');

module.exports = [
  { files: ['**/*.ts'], languageOptions: { parser: tsParser, sourceType: 'module' } },
  createConfig({ registry: './mcp-meta.registry.json', baseDir: __dirname, files: ['**/*.ts'] }),
];
`;

/** The workaround as docs/ci-and-editors.md writes it. */
const DIGEST_CONFIG = `'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const tsParser = require('@typescript-eslint/parser');
const { createConfig } = require('eslint-plugin-mcp-meta/config');

// The modules other files import \`_meta\` keys or helpers from: a change in one must invalidate --cache.
const metaModules = ['src/keys.ts'];
const metaModulesDigest = crypto.createHash('sha256');
for (const file of metaModules) metaModulesDigest.update(fs.readFileSync(path.join(__dirname, file)));

module.exports = [
  { files: ['**/*.ts'], languageOptions: { parser: tsParser, sourceType: 'module' } },
  createConfig({ registry: './mcp-meta.registry.json', baseDir: __dirname, files: ['**/*.ts'] }),
  { settings: { 'mcp-meta-modules': metaModulesDigest.digest('hex') } },
];
`;

const made: string[] = [];

function project(config: string): { dir: string; cache: string } {
  fs.mkdirSync(scratchRoot, { recursive: true });
  const dir = fs.mkdtempSync(path.join(scratchRoot, 'e2e-cache-modules-'));
  made.push(dir);
  fs.mkdirSync(path.join(dir, 'src'));
  fs.writeFileSync(path.join(dir, 'src/keys.ts'), "export const TIMING = 'timing';\n");
  fs.writeFileSync(path.join(dir, 'src/tool.ts'), TOOL);
  fs.writeFileSync(path.join(dir, 'mcp-meta.registry.json'), JSON.stringify(MANIFEST, null, 2) + '\n');
  fs.writeFileSync(path.join(dir, 'eslint.config.js'), config);
  return { dir, cache: path.join(dir, '.cache', '.eslintcache') };
}

async function lint(dir: string, cache: string): Promise<string[]> {
  const run = await runEslint(dir, ['src', '--cache', '--cache-location', cache, '-f', 'json']);
  return findingsOf(parseJsonOutput(run), dir);
}

const renameKey = (dir: string) => fs.writeFileSync(path.join(dir, 'src/keys.ts'), "export const TIMING = 'timings';\n");
const UNREGISTERED = 'src/tool.ts:4 mcp-meta/no-unregistered-meta-key';

beforeAll(assertBuilt);
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

describe.concurrent('--cache and an imported key const', () => {
  it('without the key module in the config, the cached result stays stale (the limit, eslint/eslint#19869)', async () => {
    const { dir, cache } = project(PLAIN_CONFIG);
    expect(await lint(dir, cache)).toEqual([]);
    expect(fs.existsSync(cache)).toBe(true);
    renameKey(dir);
    expect(await lint(dir, cache)).toEqual([]);
    // Without the cache the edit is seen: the analysis follows the import.
    fs.rmSync(cache);
    expect(await lint(dir, cache)).toEqual([UNREGISTERED]);
  });

  it('with a digest of the key modules in the settings, the edit invalidates the cache and is reported', async () => {
    const { dir, cache } = project(DIGEST_CONFIG);
    expect(await lint(dir, cache)).toEqual([]);
    renameKey(dir);
    expect(await lint(dir, cache)).toEqual([UNREGISTERED]);
  });
});
