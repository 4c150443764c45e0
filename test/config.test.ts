import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { createConfig } from '../src/config';
import plugin from '../rules';
import { resetRegistryCache } from '../src/registry';
import { ISSUE_2_EXAMPLE, ISSUE_2_SOURCES, makeTempProject, removeTempProject, writeFile } from './registry/temp-project';

let dir: string;
let manifest: string;
let warn: MockInstance<typeof console.warn>;

beforeEach(() => {
  resetRegistryCache();
  dir = makeTempProject(ISSUE_2_SOURCES);
  manifest = writeFile(dir, 'mcp-meta.registry.json', ISSUE_2_EXAMPLE);
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  warn.mockRestore();
  removeTempProject(dir);
});

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

describe('createConfig', () => {
  it('builds a flat config for a valid manifest, quietly', () => {
    const config = createConfig({ registry: 'mcp-meta.registry.json', cwd: dir });
    expect(config).toEqual({
      name: 'mcp-meta/recommended',
      files: ['**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'],
      // The folders init and check skip: the lint's code base is theirs.
      ignores: ['**/node_modules/**', '**/dist/**', '**/.*/**'],
      plugins: { 'mcp-meta': plugin },
      languageOptions: { parser: tsParser },
      rules: plugin.configs.recommended.rules,
      settings: { 'mcp-meta': { registry: manifest, registryHash: sha256(ISSUE_2_EXAMPLE) } },
    });
    expect(config.plugins['mcp-meta']).toBe(plugin);
    expect(warn).not.toHaveBeenCalled();
  });

  it('takes the preset, the files and an absolute registry path', () => {
    const config = createConfig({ registry: manifest, preset: 'strict', files: ['src/**/*.ts'] });
    expect(config.name).toBe('mcp-meta/strict');
    expect(config.rules).toEqual(plugin.configs.strict.rules);
    expect(config.rules).not.toEqual(plugin.configs.recommended.rules);
    expect(config.files).toEqual(['src/**/*.ts']);
    expect(config.settings['mcp-meta'].registry).toBe(manifest);
  });

  it('changes registryHash when the manifest changes (so eslint --cache is invalidated)', () => {
    const before = createConfig({ registry: manifest }).settings['mcp-meta'].registryHash;
    const edited = ISSUE_2_EXAMPLE.replace('"hint"]', '"hint", "cache"]');
    fs.writeFileSync(manifest, edited);
    const after = createConfig({ registry: manifest }).settings['mcp-meta'].registryHash;
    expect(after).not.toBe(before);
    expect(after).toBe(sha256(edited));
  });

  it('does not throw for a broken manifest: it warns once on stderr with the place and the fix', () => {
    const broken = '{\n  "version": 1,\n  "keys": { "a": { "producers": [] } },\n}';
    fs.writeFileSync(manifest, broken);
    const config = createConfig({ registry: manifest });
    expect(config.settings['mcp-meta']).toEqual({ registry: manifest, registryHash: sha256(broken) });
    expect(warn).toHaveBeenCalledTimes(1);
    const text = String(warn.mock.calls[0][0]);
    expect(text).toContain(`cannot use the registry manifest ${manifest}`);
    expect(text).toContain(`${manifest}:4:1`);
    expect(text).toContain('Fix: ');
    createConfig({ registry: manifest }); // same process, same manifest: not repeated
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('does not throw for a missing manifest; the hash says so', () => {
    const missing = path.join(dir, 'absent.json');
    const config = createConfig({ registry: missing });
    expect(config.settings['mcp-meta']).toEqual({ registry: missing, registryHash: 'missing' });
    expect(String(warn.mock.calls[0][0])).toContain("Fix: Create it (npx mcp-meta init) or point settings['mcp-meta'].registry at it.");
  });

  it('checks globs at config load and warns about those that match nothing', () => {
    fs.rmSync(path.join(dir, 'src/core/ops/search.ts'));
    const config = createConfig({ registry: manifest });
    expect(config.settings['mcp-meta'].registryHash).toBe(sha256(ISSUE_2_EXAMPLE));
    const text = String(warn.mock.calls[0][0]);
    expect(text).toContain('warnings in the registry manifest');
    expect(text).toContain("Glob 'src/core/ops/search.ts' matches no file");
    expect(text).toContain('(/keys/retrieval/producers/0)');
  });

  it("resolves a relative registry against baseDir (the config file's folder) at load, whatever the cwd", () => {
    const config = createConfig({ registry: './mcp-meta.registry.json', baseDir: dir });
    expect(config.settings['mcp-meta'].registry).toBe(manifest);
    expect(createConfig({ registry: 'mcp-meta.registry.json', cwd: dir }).settings['mcp-meta'].registry).toBe(manifest);
    expect(path.isAbsolute(config.settings['mcp-meta'].registry ?? '')).toBe(true);
    expect(process.cwd()).not.toBe(dir);
    expect(warn).not.toHaveBeenCalled();
  });

  it('without baseDir, a relative path that misses says how to anchor it to the config file', () => {
    createConfig({ registry: './no-such/mcp-meta.registry.json' });
    const text = String(warn.mock.calls[0]?.[0]);
    expect(text).toContain(`resolved against ESLint's working directory ${process.cwd()}`);
    expect(text).toContain("createConfig({ registry: './no-such/mcp-meta.registry.json', baseDir: import.meta.dirname })");
    expect(text).toContain("path.join(__dirname, './no-such/mcp-meta.registry.json') in .eslintrc.cjs");
  });

  it.each([
    [undefined, /options must be an object/],
    ['mcp-meta.registry.json', /options must be an object/],
    [{}, /'registry' must be the path of mcp-meta.registry.json/],
    [{ registry: '' }, /'registry' must be/],
    [{ registry: [] }, /a non-empty array of them, or 'nearest'/],
    [{ registry: ['a.json', ''] }, /a non-empty array of them/],
    [{ registry: 'm.json', preset: 'all' }, /'preset' must be 'recommended' or 'strict'/],
    [{ registry: 'm.json', files: 'src/**' }, /'files' must be a non-empty array/],
    [{ registry: 'm.json', files: [] }, /'files' must be a non-empty array/],
    [{ registry: 'm.json', cwd: 3 }, /'cwd' must be a folder path/],
    [{ registry: 'm.json', baseDir: '' }, /'baseDir' must be a folder path/],
    [{ registry: 'm.json', baseDir: '/a', cwd: '/a' }, /give 'baseDir' or its earlier name 'cwd', not both/],
    [{ registry: 'm.json', registy: 'x' }, /unknown option 'registy'/],
  ])('throws a TypeError naming the fix for %j', (options, message) => {
    expect(() => createConfig(options as never)).toThrow(TypeError);
    expect(() => createConfig(options as never)).toThrow(message);
  });
});

describe('a relative registry in an editor whose ESLint runs in the parent folder (a monorepo workspace)', () => {
  const code = "export function search(ctx) {\n  ctx.emitResponseMeta('retrieval', {});\n}\n";
  const lint = (mcpMeta: Linter.Config) =>
    new Linter({ cwd: path.dirname(dir) }).verify(
      code,
      [
        { files: ['**/*.ts'], languageOptions: { parser: tsParser as unknown as Linter.Parser } },
        { ...mcpMeta, files: ['**/*.ts'] },
      ],
      path.join(dir, 'src/core/ops/search.ts'),
    );

  it('plain settings: resolved against the parent, so valid-registry says where it looked and how to fix it', () => {
    const messages = lint({
      ...(plugin.configs.recommended as Linter.Config),
      settings: { 'mcp-meta': { registry: './mcp-meta.registry.json' } },
    });
    expect(messages.map((m) => [m.ruleId, m.line])).toEqual([['mcp-meta/valid-registry', 1]]);
    expect(messages[0].message).toContain(`registry manifest ${path.join(path.dirname(dir), 'mcp-meta.registry.json')}`);
    expect(messages[0].message).toContain(`resolved against ESLint's working directory ${path.dirname(dir)}`);
    expect(messages[0].message).toContain('baseDir: import.meta.dirname');
  });

  it("createConfig with baseDir: the project's manifest, whatever the working directory", () => {
    const messages = lint(createConfig({ registry: './mcp-meta.registry.json', baseDir: dir }) as unknown as Linter.Config);
    expect(messages).toEqual([]);
  });
});
