/**
 * tsconfig `paths` / `baseUrl` aliases, resolved as TypeScript resolves them (src/analysis/modules/path-aliases.ts), and the
 * imported-const look-up that goes through them: the nearest tsconfig.json (else jsconfig.json), its `extends` chain,
 * a solution-style config's references, re-reading after an edit, a missing base config (own paths kept) and a broken
 * config leaving aliases unknown.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findModuleFile } from '../../src/analysis/modules/imported-consts';
import { moduleResolverOf } from '../../src/analysis/modules/module-resolver';
import { aliasedFile } from '../../src/analysis/modules/path-aliases';
import { costCount } from '../../src/util/cost-counter';
import { nextTurn } from '../../src/util/stat-once-per-turn';

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

function project(files: Record<string, string>): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-aliases-')));
  roots.push(root);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

const KEYS = "export const TIMING_KEY = 'com.acme/timing';\n";
const resolve = (specifier: string, from: string) => aliasedFile(specifier, from, findModuleFile);

describe('tsconfig paths aliases', () => {
  it('maps `@/*` to the file TypeScript finds (extension-less, `.js` for `.ts`, index), and the key const through it', () => {
    const root = project({
      'tsconfig.json': '{ // comments and trailing commas, as tsc reads them\n "compilerOptions": { "paths": { "@/*": ["./src/*"], }, }, }',
      'src/lib/keys.ts': KEYS,
      'src/utils/index.ts': 'export {};\n',
      'src/tools/pizza.ts': '',
    });
    const from = path.join(root, 'src/tools/pizza.ts');
    expect(resolve('@/lib/keys', from)).toBe(path.join(root, 'src/lib/keys.ts'));
    expect(resolve('@/lib/keys.js', from)).toBe(path.join(root, 'src/lib/keys.ts'));
    expect(resolve('@/utils', from)).toBe(path.join(root, 'src/utils/index.ts'));
    expect(moduleResolverOf(from).importedString('@/lib/keys', 'TIMING_KEY')).toBe('com.acme/timing');
  });

  it('follows `baseUrl`, and leaves a specifier no alias maps to an existing file to the packages', () => {
    const root = project({ 'tsconfig.json': '{ "compilerOptions": { "baseUrl": "src" } }', 'src/lib/keys.ts': KEYS, 'src/a.ts': '' });
    const from = path.join(root, 'src/a.ts');
    expect(resolve('lib/keys', from)).toBe(path.join(root, 'src/lib/keys.ts'));
    expect(resolve('zod', from)).toBeNull();
    expect(resolve('lib/missing', from)).toBeNull();
  });

  it('reads the alias from an extended config, and an edit of that config after the turn', async () => {
    const root = project({
      'tsconfig.json': '{ "extends": "./configs/base.json", "include": ["src"] }',
      'configs/base.json': '{ "compilerOptions": { "paths": { "~/*": ["../src/*"] } } }',
      'src/lib/keys.ts': KEYS,
      'lib/keys.ts': KEYS,
      'src/a.ts': '',
    });
    const from = path.join(root, 'src/a.ts');
    expect(resolve('~/lib/keys', from)).toBe(path.join(root, 'src/lib/keys.ts'));
    await nextTurn();
    fs.writeFileSync(path.join(root, 'configs/base.json'), '{ "compilerOptions": { "paths": { "~/*": ["../*"] } } }');
    await nextTurn();
    expect(resolve('~/lib/keys', from)).toBe(path.join(root, 'lib/keys.ts'));
  });

  it('sees an edit of the tsconfig itself, and a tsconfig created nearer the file, after the turn', async () => {
    const root = project({ 'tsconfig.json': '{}', 'src/lib/keys.ts': KEYS, 'src/a.ts': '' });
    const from = path.join(root, 'src/a.ts');
    expect(resolve('@/lib/keys', from)).toBeNull();
    await nextTurn();
    fs.writeFileSync(path.join(root, 'tsconfig.json'), '{ "compilerOptions": { "paths": { "@/*": ["./src/*"] } } }');
    await nextTurn();
    expect(resolve('@/lib/keys', from)).toBe(path.join(root, 'src/lib/keys.ts'));
    fs.writeFileSync(path.join(root, 'src/tsconfig.json'), '{ "compilerOptions": { "paths": { "#/*": ["./*"] } } }');
    await nextTurn();
    expect(resolve('@/lib/keys', from)).toBeNull();
    expect(resolve('#/lib/keys', from)).toBe(path.join(root, 'src/lib/keys.ts'));
  });

  it("uses a jsconfig.json where there is no tsconfig.json, and a solution config's reference that includes the file", () => {
    const js = project({ 'jsconfig.json': '{ "compilerOptions": { "paths": { "@/*": ["./*"] } } }', 'lib/keys.js': KEYS, 'a.js': '' });
    expect(resolve('@/lib/keys', path.join(js, 'a.js'))).toBe(path.join(js, 'lib/keys.js'));

    const vite = project({
      'tsconfig.json': '{ "files": [], "references": [{ "path": "./tsconfig.node.json" }, { "path": "./tsconfig.app.json" }] }',
      'tsconfig.node.json': '{ "include": ["vite.config.ts"] }',
      'tsconfig.app.json': '{ "include": ["src"], "compilerOptions": { "paths": { "@/*": ["./src/*"] } } }',
      'src/lib/keys.ts': KEYS,
      'src/a.ts': '',
    });
    const before = fs.readdirSync(vite).sort();
    expect(resolve('@/lib/keys', path.join(vite, 'src/a.ts'))).toBe(path.join(vite, 'src/lib/keys.ts'));
    // Choosing among the references never writes into the project (get-tsconfig's case-sensitivity probe would).
    expect(fs.readdirSync(vite).sort()).toEqual(before);
  });

  it.each([
    ['does not parse', { 'tsconfig.json': '{ "compilerOptions": { "paths": { "@/*": [' }],
    ['extends a missing file and does not parse', { 'tsconfig.json': '{ "extends": "./missing.json", "compilerOptions": { "paths": {' }],
    ['is not JSON at all', { 'tsconfig.json': '\u0000\u0001 not json' }],
    ['is a folder', { 'tsconfig.json/x': '' }],
  ])('a tsconfig that %s leaves the aliases unknown, without throwing', (_, config) => {
    const root = project({ ...config, 'src/lib/keys.ts': KEYS, 'src/a.ts': '' });
    const from = path.join(root, 'src/a.ts');
    expect(resolve('@/lib/keys', from)).toBeNull();
    expect(moduleResolverOf(from).importedString('@/lib/keys', 'TIMING_KEY')).toBeNull();
  });

  it.each([
    ['a missing file', '"./missing.json"'],
    ['a package that is not installed (a workspace config not linked yet)', '"@acme/tsconfig"'],
    ['a list with a missing entry', '["./missing.json", "@acme/tsconfig"]'],
  ])('a tsconfig that extends %s keeps its own paths, as TypeScript does (TS6053)', (_, base) => {
    const root = project({
      'tsconfig.json': `{ "extends": ${base}, "compilerOptions": { "paths": { "@/*": ["./src/*"] } } }`,
      'src/lib/keys.ts': KEYS,
      'src/a.ts': '',
    });
    const from = path.join(root, 'src/a.ts');
    expect(resolve('@/lib/keys', from)).toBe(path.join(root, 'src/lib/keys.ts'));
    expect(moduleResolverOf(from).importedString('@/lib/keys', 'TIMING_KEY')).toBe('com.acme/timing');
  });

  it('keeps the bases it finds when one entry of an `extends` list is missing, as TypeScript does (TS5083)', () => {
    // tsc (getParsedCommandLineOfConfigFile) on these: the paths of the bases found, TS5083 / TS6053 for the others.
    const root = project({
      'tsconfig.json': '{ "extends": ["./tsconfig.base.json", "./missing.json"], "include": ["src"] }',
      'tsconfig.base.json': '{ "compilerOptions": { "paths": { "@/*": ["./src/*"] } } }',
      // A base whose own base is missing keeps its own options too, and a list naming it keeps its sibling.
      'pkg/tsconfig.json': '{ "extends": ["../tsconfig.base.json", "./mid.json", "@acme/not-linked"] }',
      'pkg/mid.json': '{ "extends": "./gone.json", "compilerOptions": { "paths": { "@/*": ["../src/*"], "#m/*": ["./m/*"] } } }',
      'pkg/m/keys.ts': KEYS,
      'pkg/a.ts': '',
      'src/lib/keys.ts': KEYS,
      'src/a.ts': '',
    });
    const from = path.join(root, 'src/a.ts');
    expect(resolve('@/lib/keys', from)).toBe(path.join(root, 'src/lib/keys.ts'));
    expect(moduleResolverOf(from).importedString('@/lib/keys', 'TIMING_KEY')).toBe('com.acme/timing');
    const inPackage = path.join(root, 'pkg/a.ts');
    expect(resolve('#m/keys', inPackage)).toBe(path.join(root, 'pkg/m/keys.ts'));
    expect(resolve('@/lib/keys', inPackage)).toBe(path.join(root, 'src/lib/keys.ts'));
  });

  it('sees the paths of a missing base once it appears (a long-lived process, after the turn)', async () => {
    const root = project({
      'tsconfig.json': '{ "extends": ["./configs/base.json", "@acme/tsconfig/base.json"], "include": ["src"] }',
      'configs/base.json': '{}',
      'src/lib/keys.ts': KEYS,
      'src/a.ts': '',
    });
    const from = path.join(root, 'src/a.ts');
    expect(resolve('@/lib/keys', from)).toBeNull();
    await nextTurn();
    // npm links the shared config package into node_modules.
    fs.mkdirSync(path.join(root, 'node_modules/@acme/tsconfig'), { recursive: true });
    fs.writeFileSync(path.join(root, 'node_modules/@acme/tsconfig/package.json'), '{ "name": "@acme/tsconfig" }');
    fs.writeFileSync(
      path.join(root, 'node_modules/@acme/tsconfig/base.json'),
      `{ "compilerOptions": { "paths": { "@/*": ["${path.join(root, 'src')}/*"] } } }`,
    );
    await nextTurn();
    expect(resolve('@/lib/keys', from)).toBe(path.join(root, 'src/lib/keys.ts'));
    expect(moduleResolverOf(from).importedString('@/lib/keys', 'TIMING_KEY')).toBe('com.acme/timing');
  });

  it('reads an `extends` chain 400 deep once (each config file read once), not once per base', () => {
    const depth = 400;
    const files: Record<string, string> = {
      'tsconfig.json': '{ "extends": "./chain/c1.json", "include": ["src"] }',
      'src/lib/keys.ts': KEYS,
      'src/a.ts': '',
    };
    for (let n = 1; n < depth; n += 1) files[`chain/c${n}.json`] = `{ "extends": "./c${n + 1}.json" }`;
    files[`chain/c${depth}.json`] = '{ "compilerOptions": { "paths": { "@/*": ["../src/*"] } } }';
    const root = project(files);
    const before = costCount('tsconfig-reads');
    expect(resolve('@/lib/keys', path.join(root, 'src/a.ts'))).toBe(path.join(root, 'src/lib/keys.ts'));
    // get-tsconfig alone reads the 401 files once each; parsing each base again as a config of its own read ~80,000.
    expect(costCount('tsconfig-reads') - before).toBe(depth + 1);
  });

  it("never applies the project's aliases to a module inside node_modules", () => {
    const root = project({
      'tsconfig.json': '{ "compilerOptions": { "paths": { "@/*": ["./src/*"] } } }',
      'src/lib/keys.ts': KEYS,
      'node_modules/pkg/index.ts': '',
    });
    expect(resolve('@/lib/keys', path.join(root, 'node_modules/pkg/index.ts'))).toBeNull();
  });
});
