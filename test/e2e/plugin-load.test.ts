/**
 * What loading the built plugin costs a process that lints without types (oxlint's JS host, ESLint with a plain
 * parser): it must not pull in `@typescript-eslint/utils` (~115 ms of module loading) or the TypeScript compiler, which
 * only a lint with type information needs (and which its parser has loaded already then), and reading a manifest must
 * use the validator precompiled at build time, not ajv's compiler (~70 ms).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(__dirname, '../..');

function modulesLoadedBy(code: string): string[] {
  const script = `${code}; process.stdout.write(JSON.stringify(Object.keys(require.cache)));`;
  const run = spawnSync(process.execPath, ['-e', script], { cwd: REPO, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as string[]).map((file) => path.relative(REPO, file).split(path.sep).join('/'));
}

describe('loading the plugin', () => {
  it('loads neither @typescript-eslint/utils nor typescript', () => {
    const loaded = modulesLoadedBy(`const plugin = require(${JSON.stringify(REPO)}); if (!plugin.rules['valid-registry']) process.exit(3)`);
    expect(loaded.some((file) => file.startsWith('dist/'))).toBe(true);
    expect(loaded.filter((file) => file.includes('node_modules/@typescript-eslint/utils/'))).toEqual([]);
    expect(loaded.filter((file) => file.includes('node_modules/typescript/'))).toEqual([]);
  });

  it('reads a broken manifest with the precompiled validator: no part of ajv loads but its runtime helpers', () => {
    const parseRegistry = path.join(REPO, 'dist/src/registry/parse-registry.js');
    const loaded = modulesLoadedBy(
      [
        `const { parseManifestText } = require(${JSON.stringify(parseRegistry)});`,
        `const { result } = parseManifestText('{ "version": 1, "keys": { "retrieval": {} } }', '/tmp/mcp-meta.registry.json');`,
        `if (result.ok || !result.problems.some((p) => p.message.includes('no producers'))) process.exit(3)`,
      ].join('\n'),
    );
    const ajvModules = loaded.filter((file) => file.includes('node_modules/ajv/'));
    expect(ajvModules.length).toBeGreaterThan(0);
    expect(ajvModules.filter((file) => !file.includes('node_modules/ajv/dist/runtime/'))).toEqual([]);
  });
});
