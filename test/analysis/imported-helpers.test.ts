/**
 * Imported helpers read from their module on disk (src/analysis/modules/imported-helpers.ts): which functions are followed,
 * which stay unknown, re-exports (cycles included), the re-read after an edit, and that a file that calls no imported
 * helper as a `_meta` value asks for none.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { analyzeSource } from '../../src/analysis/analyze-source';
import { costCount } from '../../src/util/cost-counter';
import { moduleResolverOf } from '../../src/analysis/modules/module-resolver';
import { loadRegistry } from '../../src/registry';
import { nextTurn } from '../../src/util/stat-once-per-turn';
import { makeTempProject, removeTempProject } from '../registry/temp-project';

const HELPERS = `
export function declared() { return { a: 1 }; }
export const arrow = () => ({ b: 1 });
export const viaConst = function () { const meta = { c: 1 }; return meta; };
function local(flag: boolean) { return flag ? { d: 1 } : undefined; }
export { local as renamed };
export default function () { return { e: 1 }; }
export function returnsCall() { return declared(); }
export function mixed(flag: boolean) { if (flag) return { f: 1 }; return declared(); }
export class Builder { build() { return { g: 1 }; } }
export const notAFunction = { h: 1 };
`;

let dir: string;
const caller = () => path.join(dir, 'src/caller.ts');
/** The top-level key names of the literals a helper returns, or null when it is not followed. */
const keysOf = (specifier: string, name: string): string[] | null => {
  const helper = moduleResolverOf(caller()).importedHelper(specifier, name);
  if (!helper) return null;
  return helper.keys.map((key) => key.name);
};

beforeEach(() => {
  dir = makeTempProject({
    'src/helpers.ts': HELPERS,
    'src/barrel/index.ts': "export { arrow } from '../helpers.js';\n",
    'src/loop-a.ts': "export { spin } from './loop-b.js';\n",
    'src/loop-b.ts': "export { spin } from './loop-a.js';\n",
    'src/broken.ts': 'export function broken( { return {',
    'src/caller.ts': '',
    'mcp-meta.registry.json': JSON.stringify({ version: 1, keys: { a: { producers: ['src/helpers.ts'] } } }),
  });
});
afterEach(() => removeTempProject(dir));

describe('resolveImportedHelper', () => {
  it('follows functions whose every return is an object literal (declaration, const arrow or function, renamed, default)', () => {
    expect(keysOf('./helpers.js', 'declared')).toEqual(['a']);
    expect(keysOf('./helpers', 'arrow')).toEqual(['b']);
    expect(keysOf('./helpers.ts', 'viaConst')).toEqual(['c']);
    expect(keysOf('./helpers.js', 'renamed')).toEqual(['d']);
    expect(keysOf('./helpers.js', 'default')).toEqual(['e']);
    expect(moduleResolverOf(caller()).importedHelper('./helpers.js', 'declared')?.file).toBe(path.join(dir, 'src/helpers.ts'));
  });

  it('follows a re-export through an index module', () => {
    expect(keysOf('./barrel', 'arrow')).toEqual(['b']);
  });

  it('leaves everything else unknown: a returned call, a class, a non-function, a package, a missing or broken module, a re-export loop', () => {
    expect(keysOf('./helpers.js', 'returnsCall')).toBeNull();
    expect(keysOf('./helpers.js', 'mixed')).toBeNull();
    expect(keysOf('./helpers.js', 'Builder')).toBeNull();
    expect(keysOf('./helpers.js', 'notAFunction')).toBeNull();
    expect(keysOf('./helpers.js', 'missing')).toBeNull();
    expect(keysOf('widget-lib', 'declared')).toBeNull();
    expect(keysOf('./nowhere.js', 'declared')).toBeNull();
    expect(keysOf('./broken.js', 'broken')).toBeNull();
    expect(keysOf('./loop-a.js', 'spin')).toBeNull();
  });

  it('reads the module again after it changes, from the next event-loop turn on (an editor sees the edit)', async () => {
    expect(keysOf('./helpers.js', 'declared')).toEqual(['a']);
    const file = path.join(dir, 'src/helpers.ts');
    fs.writeFileSync(file, HELPERS.replace('return { a: 1 }', 'return { a2: 1 }'));
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(file, later, later);
    // In the same turn the disk check is not repeated (statOncePerTurn); an editor lints each change in a turn of its own.
    expect(keysOf('./helpers.js', 'declared')).toEqual(['a']);
    await nextTurn();
    expect(keysOf('./helpers.js', 'declared')).toEqual(['a2']);
  });
});

describe('helpers that reach themselves', () => {
  it('follows each helper once per chain: a recursive or mutually recursive helper gives its keys once, no overflow', () => {
    fs.writeFileSync(
      path.join(dir, 'src/ping.ts'),
      "import { pong } from './pong.js';\nexport const ping = () => ({ ...pong(), ping: 1 });\n",
    );
    fs.writeFileSync(
      path.join(dir, 'src/pong.ts'),
      "import { ping } from './ping.js';\nexport const pong = () => ({ ...ping(), pong: 1 });\n",
    );
    const loaded = loadRegistry(path.join(dir, 'mcp-meta.registry.json'));
    if (!loaded.ok) throw new Error('the test manifest must load');
    const code = `import { ping } from './ping.js';
function self(): object { return { ...self(), a: 1 }; }
export const one = { content: [], _meta: self() };
export const two = { content: [], _meta: ping() };`;
    const writes = analyzeSource(code, caller(), loaded.registry).writes;
    expect(writes.map((write) => write.keys.map((key) => `${key.name} ${path.basename(key.builtBy?.file ?? '-')}`))).toEqual([
      ['a -'],
      ['pong pong.ts', 'ping ping.ts'],
    ]);
  });
});

describe("a helper spreading a parameter: the call's argument supplies those keys", () => {
  it("writes the argument's keys where the call is (this file's code, no builtBy), minus the keys a rest's pattern takes out", () => {
    fs.writeFileSync(
      path.join(dir, 'src/spread.ts'),
      `export function withExtra({ uri, extra = {} }: { uri: string; extra?: object }) {
  const meta = { 'openai/outputTemplate': uri, ...extra };
  return meta;
}
export const withRest = ({ uri, ...rest }: { uri: string; [key: string]: unknown }) => ({ 'openai/outputTemplate': uri, ...rest });
`,
    );
    expect(moduleResolverOf(caller()).importedHelper('./spread.js', 'withExtra')?.parameterSpreads).toEqual([
      { index: 0, path: ['extra'] },
    ]);
    expect(moduleResolverOf(caller()).importedHelper('./spread.js', 'withRest')?.parameterSpreads).toEqual([
      { index: 0, path: [], without: ['uri'] },
    ]);
    const loaded = loadRegistry(path.join(dir, 'mcp-meta.registry.json'));
    if (!loaded.ok) throw new Error('the test manifest must load');
    const code = `import { withExtra, withRest } from './spread.js';
const same = (base: object, extra: object) => ({ ...base, ...extra });
export const imported = { content: [], _meta: withExtra({ uri: 'ui://w', extra: { ui: {}, b: 1 } }) };
export const rest = { content: [], _meta: withRest({ uri: 'ui://w', c: 1 }) };
export const local = { content: [], _meta: same({ d: 1 }, { e: 1 }) };`;
    const writes = analyzeSource(code, caller(), loaded.registry).writes;
    expect(
      writes.map((write) =>
        write.keys.map((key) => `${key.name} ${key.builtBy?.helper ?? '-'} ${key.node.loc.start.line}:${key.node.loc.start.column}`),
      ),
    ).toEqual([
      ['openai/outputTemplate withExtra 3:46', 'ui - 3:82', 'b - 3:90'],
      ['openai/outputTemplate withRest 4:42', 'c - 4:68'],
      ['d - 5:50', 'e - 5:60'],
    ]);
  });
});

describe("the analysis asks for imported helpers only where one is called as a _meta value or a key's value", () => {
  it('counts no look-up for imports used otherwise, and one per helper call it follows', () => {
    const loaded = loadRegistry(path.join(dir, 'mcp-meta.registry.json'));
    if (!loaded.ok) throw new Error('the test manifest must load');
    let before = costCount('imported-helper-lookups');
    const noHelper = `import { declared, arrow } from './helpers.js';
export const a = declared();
export const result = { content: [], _meta: { a: arrow } };`;
    expect(analyzeSource(noHelper, caller(), loaded.registry).writes.flatMap((write) => write.keys.map((key) => key.name))).toEqual(['a']);
    expect(costCount('imported-helper-lookups')).toBe(before);

    // A key's value built by an imported function: its returned literal, for the field rules and `check`.
    const builtValue = `import { arrow } from './helpers.js';
export const result = { content: [], _meta: { a: arrow() } };`;
    const [valueWrite] = analyzeSource(builtValue, caller(), loaded.registry).writes;
    expect(costCount('imported-helper-lookups')).toBe(before + 1);
    const [key] = valueWrite.keys;
    expect([key.name, key.builtBy, key.builtValue?.builtBy, key.builtValue?.call === key.value]).toEqual([
      'a',
      undefined,
      { helper: 'arrow', file: path.join(dir, 'src/helpers.ts') },
      true,
    ]);
    expect(key.builtValue?.value.type).toBe('ObjectExpression');
    before = costCount('imported-helper-lookups');

    const withHelper = `import { declared } from './helpers.js';
export const result = { content: [], _meta: declared() };`;
    const [write] = analyzeSource(withHelper, caller(), loaded.registry).writes;
    expect(costCount('imported-helper-lookups')).toBe(before + 1);
    expect(write.keys.map((key) => [key.name, key.builtBy?.helper, key.builtBy?.file, key.node.type])).toEqual([
      ['a', 'declared', path.join(dir, 'src/helpers.ts'), 'CallExpression'],
    ]);
  });
});
