/**
 * createConfig for monorepos (several manifests, or the nearest one above each file) and the supported TypeScript
 * range warning. Real ESLint 10 runs on temporary projects.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ESLint } from 'eslint';
import { createConfig } from '../src/config';
import { resetRegistryCache, resetRegistryDiscovery } from '../src/registry';
import { SUPPORTED_TYPESCRIPT_RANGE, unsupportedTypescriptWarning } from '../src/util/typescript-support';
import { makeTempProject, removeTempProject } from './registry/temp-project';

const manifestOf = (keys: Record<string, unknown>): string => JSON.stringify({ version: 1, keys }, null, 2);

/** Two packages, each with its own manifest, and a tools folder that no manifest covers. */
const MONOREPO: Record<string, string> = {
  'packages/api/mcp-meta.registry.json': manifestOf({ retrieval: { producers: ['src/search.ts'] } }),
  'packages/api/src/search.ts': 'export const result = { content: [], _meta: { retrieval: { n: 1 }, stray: 1 } };\n',
  'packages/web/mcp-meta.registry.json': manifestOf({ 'com.example/card': { producers: ['src/card.ts'] } }),
  'packages/web/src/card.ts': "export const result = { content: [], _meta: { 'com.example/card': {}, retrieval: {} } };\n",
  'tools/build.ts': 'export const answer: number = 42;\n',
  'tools/meta.ts': 'export const result = { content: [], _meta: { x: 1 } };\n',
};

let dir: string;
let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  resetRegistryCache();
  resetRegistryDiscovery();
  dir = makeTempProject(MONOREPO);
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  warn.mockRestore();
  removeTempProject(dir);
});

/** `file: ruleId message` for every message, in file order. */
async function lintAll(config: object): Promise<string[]> {
  const eslint = new ESLint({ cwd: dir, overrideConfigFile: true, overrideConfig: [config] });
  const results = await eslint.lintFiles(['packages/*/src/*.ts', 'tools/*.ts']);
  return results
    .sort((a, b) => a.filePath.localeCompare(b.filePath))
    .flatMap((result) => result.messages.map((message) => `${path.relative(dir, result.filePath)}: ${message.ruleId} ${message.message}`));
}

describe('createConfig: several manifests', () => {
  it('lints each file against the manifest of its package; a file outside all of them is named with the setting to fix', async () => {
    const config = createConfig({ registry: ['packages/api/mcp-meta.registry.json', 'packages/web/mcp-meta.registry.json'], cwd: dir });
    const { registries, registryHash, ...rest } = config.settings['mcp-meta'];
    expect(registries).toEqual([
      path.join(dir, 'packages/api/mcp-meta.registry.json'),
      path.join(dir, 'packages/web/mcp-meta.registry.json'),
    ]);
    expect(registryHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rest).toEqual({});
    const messages = await lintAll(config);
    const unregistered = messages.filter((line) => line.includes('mcp-meta/no-unregistered-meta-key'));
    expect(unregistered.map((line) => line.split(':')[0])).toEqual(['packages/api/src/search.ts', 'packages/web/src/card.ts']);
    expect(unregistered[0]).toContain("'stray'");
    // web's manifest does not have api's key: each file is checked against its own package's manifest.
    expect(unregistered[1]).toContain("'retrieval'");
    // tools/build.ts: no manifest lists its folder and it never mentions _meta, so nothing is reported.
    expect(messages.filter((line) => line.startsWith('tools/build.ts'))).toEqual([]);
    // tools/meta.ts writes _meta outside every listed manifest: one problem naming the setting and the fix.
    const uncovered = messages.filter((line) => line.startsWith('tools/meta.ts'));
    expect(uncovered).toHaveLength(1);
    expect(uncovered[0]).toContain("ESLint settings['mcp-meta'] (/registries): None of the manifests in settings['mcp-meta'].registries");
    expect(uncovered[0]).toContain('Fix: Add the manifest of this file');
  });

  it('changes registryHash when any of the manifests changes', () => {
    const registry = ['packages/api/mcp-meta.registry.json', 'packages/web/mcp-meta.registry.json'];
    const before = createConfig({ registry, cwd: dir }).settings['mcp-meta'].registryHash;
    fs.writeFileSync(
      path.join(dir, 'packages/web/mcp-meta.registry.json'),
      manifestOf({ 'com.example/card': { producers: ['src/card.ts'], fields: [] } }),
    );
    expect(createConfig({ registry, cwd: dir }).settings['mcp-meta'].registryHash).not.toBe(before);
  });

  it("prints a broken manifest's problems naming that manifest, without throwing", () => {
    fs.writeFileSync(path.join(dir, 'packages/web/mcp-meta.registry.json'), '{ "version": 1 }');
    createConfig({ registry: ['packages/api/mcp-meta.registry.json', 'packages/web/mcp-meta.registry.json'], cwd: dir });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain(
      `cannot use the registry manifest ${path.join(dir, 'packages/web/mcp-meta.registry.json')}:`,
    );
  });
});

describe("createConfig: registry 'nearest'", () => {
  it('lints each file against the nearest manifest above it; a file under none that never mentions _meta gets nothing', async () => {
    const config = createConfig({ registry: 'nearest', cwd: dir });
    expect(Object.keys(config.settings['mcp-meta'])).toEqual(['registryHash']);
    const messages = await lintAll(config);
    expect(messages.filter((line) => line.includes('mcp-meta/no-unregistered-meta-key')).map((line) => line.split(':')[0])).toEqual([
      'packages/api/src/search.ts',
      'packages/web/src/card.ts',
    ]);
    expect(messages.filter((line) => line.startsWith('tools/build.ts'))).toEqual([]);
    expect(messages.filter((line) => line.startsWith('tools/meta.ts')).join('\n')).toContain('No mcp-meta.registry.json found in');
  });

  it("names, in each package's findings, that package's manifest by its path from the monorepo root (ESLint's cwd)", async () => {
    const messages = await lintAll(createConfig({ registry: 'nearest', cwd: dir }));
    const keyFindings = messages.filter((line) => line.includes('mcp-meta/no-unregistered-meta-key'));
    expect(keyFindings).toEqual([
      "packages/api/src/search.ts: mcp-meta/no-unregistered-meta-key `_meta` key 'stray' is not registered in packages/api/mcp-meta.registry.json. Adding a key: register it with one producer, additive-forever (MCP _meta conventions).",
      "packages/web/src/card.ts: mcp-meta/no-unregistered-meta-key `_meta` key 'retrieval' is not registered in packages/web/mcp-meta.registry.json. Adding a key: register it with one producer, additive-forever (MCP _meta conventions).",
    ]);
  });

  it('names the manifest by its file name when ESLint runs in the package (the single-package case)', async () => {
    const config: object = createConfig({ registry: 'nearest', cwd: dir });
    const eslint = new ESLint({ cwd: path.join(dir, 'packages/api'), overrideConfigFile: true, overrideConfig: [config] });
    const [result] = await eslint.lintFiles(['src/search.ts']);
    expect(result.messages.map((message) => message.message)).toEqual([
      "`_meta` key 'stray' is not registered in mcp-meta.registry.json. Adding a key: register it with one producer, additive-forever (MCP _meta conventions).",
    ]);
  });

  it('validates every manifest below cwd at config load', () => {
    fs.writeFileSync(
      path.join(dir, 'packages/api/mcp-meta.registry.json'),
      '{ "version": 1, "keys": { "bad_": { "producers": ["src/search.ts"] } } }',
    );
    createConfig({ registry: 'nearest', cwd: dir });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain(path.join(dir, 'packages/api/mcp-meta.registry.json'));
  });
});

describe('supported TypeScript', () => {
  it.each(['4.8.4', '5.0.2', '5.9.3', '6.0.0', '6.0.3', '6.0.0-beta'])('accepts %s', (version) => {
    expect(unsupportedTypescriptWarning(version)).toBeUndefined();
  });

  it.each(['7.0.0', '6.1.0', '4.8.3', '3.9.10', '7.0.0-dev.20260101'])('warns about %s, naming the range and the fix', (version) => {
    expect(unsupportedTypescriptWarning(version)).toBe(
      `eslint-plugin-mcp-meta: TypeScript ${version} is installed, but @typescript-eslint/parser 8 (which the plugin parses with) supports typescript >=4.8.4 <6.1. Fix: npm i -D typescript@~6.0`,
    );
  });

  it('says nothing when no typescript is installed', () => {
    expect(unsupportedTypescriptWarning(undefined)).toBeUndefined();
  });

  it('createConfig warns once when the project has an unsupported typescript installed', () => {
    const project = makeTempProject({
      'node_modules/typescript/package.json': JSON.stringify({ name: 'typescript', version: '7.0.1' }),
      'mcp-meta.registry.json': manifestOf({ a: { producers: ['a.ts'] } }),
      'a.ts': '',
    });
    try {
      createConfig({ registry: 'mcp-meta.registry.json', cwd: project });
      createConfig({ registry: 'mcp-meta.registry.json', cwd: project });
      const lines = warn.mock.calls.map((call) => String(call[0]));
      expect(lines).toEqual([
        `eslint-plugin-mcp-meta: TypeScript 7.0.1 is installed, but @typescript-eslint/parser 8 (which the plugin parses with) supports typescript ${SUPPORTED_TYPESCRIPT_RANGE}. Fix: npm i -D typescript@~6.0`,
      ]);
    } finally {
      removeTempProject(project);
    }
  });

  it("createConfig says nothing about the repository's own (supported) typescript", () => {
    createConfig({ registry: 'packages/api/mcp-meta.registry.json', cwd: dir });
    expect(warn).not.toHaveBeenCalled();
  });
});
