/**
 * Keys read from other modules without types (src/analysis/modules/module-summary.ts, imported-consts.ts, module-cache.ts):
 * exported strings read from the module's tree with the linted file's evaluator, default and namespace imports,
 * `export *` barrels, `as const` objects of keys, unions of literals, and the cache that holds only summaries (bounded,
 * re-read when the size changes under the same mtime, dropped when the module is deleted).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findMetaWritesInSource } from '../../src/analysis/analyze-source';
import { costCount } from '../../src/util/cost-counter';
import { ModuleCache } from '../../src/analysis/modules/module-cache';
import { heldModuleSummaryBytes, MAX_MODULE_BYTES } from '../../src/analysis/modules/module-summary';
import { nextTurn } from '../../src/util/stat-once-per-turn';
import { tempProjectsPerTest } from '../registry/temp-project';

const VOCABULARY = { emitters: new Set(['emit']), hooks: new Set<string>(), hookFunctions: new Set<string>() };
const project = tempProjectsPerTest();

/** `name source` of every key the code writes, in order, linted as `src/server.ts` of `dir`. */
function keysIn(dir: string, code: string): string[] {
  return findMetaWritesInSource(code, path.join(dir, 'src/server.ts'), VOCABULARY).flatMap((write) =>
    write.keys.map((key) => `${key.name ?? '?'} ${key.source}`),
  );
}

describe('imported consts are read from the module tree, with the evaluator of same-file consts', () => {
  it('concatenations, templates of consts and `as const` give the whole string', () => {
    const dir = project({
      'src/keys.ts': `const PREFIX = 'com.ex/';
export const TIMING = 'com.ex/' + 'timing';
export const TRACE = \`\${PREFIX}trace\`;
export const RATE = (PREFIX + 'rate') as const;`,
    });
    const code = "import { TIMING, TRACE, RATE } from './keys.js';\nemit(TIMING, 1);\nemit(TRACE, 1);\nemit(RATE, 1);";
    expect(keysIn(dir, code)).toEqual(['com.ex/timing const', 'com.ex/trace const', 'com.ex/rate const']);
  });

  it('a commented-out older export, an inner-scope const and template text do not override the real export', () => {
    const dir = project({
      'src/keys.ts': `// export const TIMING = 'old/timing';
/* export const TRACE = 'old/trace'; */
export const TIMING = 'com.ex/timing';
export const TRACE = 'com.ex/trace';
export const doc = \`
export const TIMING = 'template/timing';
\`;
export function f() { const TRACE = 'inner/trace'; return TRACE; }`,
    });
    const code = "import { TIMING, TRACE } from './keys.js';\nemit(TIMING, 1);\nemit(TRACE, 1);";
    expect(keysIn(dir, code)).toEqual(['com.ex/timing const', 'com.ex/trace const']);
  });

  it('a const the module imports from a third module is resolved there, and an edit of that module is seen', async () => {
    const dir = project({
      'src/prefix.ts': "export const PREFIX = 'com.ex/';",
      'src/keys.ts': "import { PREFIX } from './prefix.js';\nexport const TIMING = PREFIX + 'timing';",
    });
    const code = "import { TIMING } from './keys.js';\nemit(TIMING, 1);";
    expect(keysIn(dir, code)).toEqual(['com.ex/timing const']);
    fs.writeFileSync(path.join(dir, 'src/prefix.ts'), "export const PREFIX = 'org.other/';");
    await nextTurn();
    expect(keysIn(dir, code)).toEqual(['org.other/timing const']);
  });
});

describe('default imports, namespace imports, barrels and objects of keys', () => {
  it('`import KEY from` follows a default-exported string, and `import KEYS from` a default-exported object', () => {
    const dir = project({
      'src/key.ts': "export default 'com.ex/timing';",
      'src/keys.ts': "export default { trace: 'com.ex/trace' };",
    });
    const code = "import KEY from './key.js';\nimport KEYS from './keys.js';\nemit(KEY, 1);\nemit(KEYS.trace, 1);";
    expect(keysIn(dir, code)).toEqual(['com.ex/timing const', 'com.ex/trace const']);
  });

  it('a namespace exported again (`export * as keys from`, `import * as keys …; export { keys }`), then `keys.TIMING`', () => {
    const dir = project({
      'src/keys.ts': "export const TIMING = 'com.ex/timing';\nexport * from './more.js';",
      'src/more.ts': "export const TRACE = 'com.ex/trace';",
      'src/index.ts': "export * as keys from './keys.js';\nimport * as again from './keys.js';\nexport { again };",
      'src/barrel.ts': "export { keys as K } from './index.js';",
    });
    const code = `import { keys, again } from './index.js';
import { K } from './barrel.js';
emit(keys.TIMING, 1);
emit(again['TRACE'], 1);
emit(K.TIMING, 1);
emit(keys.MISSING, 1);`;
    expect(keysIn(dir, code)).toEqual(['com.ex/timing const', 'com.ex/trace const', 'com.ex/timing const', '? dynamic']);
  });

  it('`import * as K` then `K.TIMING` and `K[`TRACE`]`', () => {
    const dir = project({ 'src/keys.ts': "export const TIMING = 'com.ex/timing';\nexport const TRACE = 'com.ex/trace';" });
    const code = "import * as K from './keys.js';\nemit(K.TIMING, 1);\nresult._meta = { ...result._meta, [K['TRACE']]: 1 };";
    expect(keysIn(dir, code)).toEqual(['com.ex/timing const', 'com.ex/trace const']);
  });

  it('`export * from` barrels and chains of them, `export { … } from` among them', () => {
    const dir = project({
      'src/keys/timing.ts': "export const TIMING = 'com.ex/timing';",
      'src/keys/trace.ts': "export { TRACE_KEY as TRACE } from './raw.js';",
      'src/keys/raw.ts': "export const TRACE_KEY = 'com.ex/trace';",
      'src/keys/index.ts': "export * from './timing.js';\nexport * from './trace.js';",
      'src/all.ts': "export * from './keys/index.js';",
    });
    const code = "import { TIMING, TRACE } from './all.js';\nemit(TIMING, 1);\nemit(TRACE, 1);";
    expect(keysIn(dir, code)).toEqual(['com.ex/timing const', 'com.ex/trace const']);
  });

  it('`as const` (and frozen) objects of keys, same-file and imported; a plain object stays unknown', () => {
    const dir = project({
      'src/keys.ts': "export const META_KEYS = { timing: 'com.ex/timing', trace: 'com.ex/' + 'trace' } as const;",
    });
    const code = `import { META_KEYS } from './keys.js';
const LOCAL_KEYS = Object.freeze({ rate: 'com.ex/rate' });
const LOCAL_CONST = { cost: 'com.ex/cost' } as const;
const MUTABLE = { size: 'com.ex/size' };
emit(META_KEYS.timing, 1);
emit(META_KEYS['trace'], 1);
emit(LOCAL_KEYS.rate, 1);
emit(LOCAL_CONST.cost, 1);
emit(MUTABLE.size, 1);`;
    expect(keysIn(dir, code)).toEqual(['com.ex/timing const', 'com.ex/trace const', 'com.ex/rate const', 'com.ex/cost const', '? dynamic']);
  });

  it('a default-imported helper is followed like `import { default as … }`', () => {
    const dir = project({ 'src/meta.ts': "export default function widgetMeta(id: string) { return { 'com.ex/widget': id }; }" });
    const code = `import widgetMeta from './meta.js';
import { default as other } from './meta.js';
export const a = { content: [], _meta: widgetMeta('w') };
export const b = { content: [], _meta: other('w') };`;
    const writes = findMetaWritesInSource(code, path.join(dir, 'src/server.ts'), VOCABULARY);
    expect(writes.map((write) => write.keys.map((key) => `${key.name} ${path.basename(key.builtBy?.file ?? '-')}`))).toEqual([
      ['com.ex/widget meta.ts'],
      ['com.ex/widget meta.ts'],
    ]);
  });
});

describe('a key held in a variable built from literals in the same file', () => {
  it('is a write of each (`cond ? a : b`), emitted, assigned or in a literal; an unknown branch keeps it unknown', () => {
    const dir = project({});
    const code = `declare const cond: boolean; declare const other: string;
const key = cond ? 'com.ex/a' : 'com.ex/b';
const open = cond ? 'com.ex/a' : other;
emit(key, 1);
result._meta[key] = 1;
export const r = { content: [], _meta: { [key]: 1, [open]: 2 } };`;
    expect(keysIn(dir, code)).toEqual([
      'com.ex/a const',
      'com.ex/b const',
      'com.ex/a const',
      'com.ex/b const',
      'com.ex/a const',
      'com.ex/b const',
      '? dynamic',
    ]);
  });
});

describe('the module cache', () => {
  it('reads a module again when its size changes under the same mtime', async () => {
    const dir = project({ 'src/keys.ts': "export const K = 'before';" });
    const file = path.join(dir, 'src/keys.ts');
    // A whole second: what every file system stores exactly, so the edit below keeps the very same mtime.
    const second = Math.floor(Date.now() / 1000) - 60;
    fs.utimesSync(file, second, second);
    await nextTurn();
    const code = "import { K } from './keys.js';\nemit(K, 1);";
    expect(keysIn(dir, code)).toEqual(['before const']);
    fs.writeFileSync(file, "export const K = 'after, longer';");
    fs.utimesSync(file, second, second);
    expect(fs.statSync(file).mtimeMs).toBe(second * 1000);
    await nextTurn();
    expect(keysIn(dir, code)).toEqual(['after, longer const']);
  });

  it('keeps at most its bound of bytes as weighed, least recently used out, and a value heavier than the bound alone', () => {
    const dir = project({ 'a.txt': 'a'.repeat(40), 'b.txt': 'b'.repeat(40), 'c.txt': 'c'.repeat(40), 'd.txt': 'd'.repeat(200) });
    const reads: string[] = [];
    const cache = new ModuleCache(
      (file) => {
        reads.push(path.basename(file));
        return fs.readFileSync(file, 'utf8');
      },
      { maxBytes: 100, weigh: (text) => text.length },
    );
    const get = (name: string) => cache.get(path.join(dir, name))?.[0];
    expect([get('a.txt'), get('b.txt'), get('a.txt'), get('c.txt')]).toEqual(['a', 'b', 'a', 'c']);
    // 120 bytes were more than 100: `b`, the least recently used, went.
    expect([cache.size, cache.bytes]).toEqual([2, 80]);
    expect([get('a.txt'), get('b.txt')]).toEqual(['a', 'b']);
    expect(reads).toEqual(['a.txt', 'b.txt', 'c.txt', 'b.txt']);
    expect(get('d.txt')).toBe('d');
    expect([cache.size, cache.bytes]).toEqual([1, 200]);
  });

  it("weighs each module's summary (its strings and detached nodes), for that bound", () => {
    const dir = project({
      'src/keys.ts': "export const TIMING = 'com.ex/timing';",
      'src/big.ts': `export const TIMING = 'com.ex/timing';\n${'// filler\n'.repeat(10_000)}`,
    });
    const before = heldModuleSummaryBytes();
    expect(keysIn(dir, "import { TIMING } from './keys.js';\nemit(TIMING, 1);")).toEqual(['com.ex/timing const']);
    const small = heldModuleSummaryBytes() - before;
    expect(small).toBeGreaterThan(0);
    expect(keysIn(dir, "import { TIMING } from './big.js';\nemit(TIMING, 1);")).toEqual(['com.ex/timing const']);
    // The summary weighs what it keeps, not its module's text (100 KB here).
    expect(heldModuleSummaryBytes() - before - small).toBe(small);
  });

  it('keeps at most its bound of entries, least recently used out, and forgets a deleted file', async () => {
    const dir = project({ 'a.txt': 'a', 'b.txt': 'b', 'c.txt': 'c' });
    const reads: string[] = [];
    const cache = new ModuleCache(
      (file) => {
        reads.push(path.basename(file));
        return fs.readFileSync(file, 'utf8');
      },
      { maxEntries: 2 },
    );
    const get = (name: string) => cache.get(path.join(dir, name));
    expect([get('a.txt'), get('b.txt'), get('a.txt'), get('c.txt')]).toEqual(['a', 'b', 'a', 'c']);
    expect(cache.size).toBe(2);
    // `b` was the least recently used: it is read again, `a` is not.
    expect([get('a.txt'), get('b.txt')]).toEqual(['a', 'b']);
    expect(reads).toEqual(['a.txt', 'b.txt', 'c.txt', 'b.txt']);
    fs.rmSync(path.join(dir, 'b.txt'));
    await nextTurn();
    expect(get('b.txt')).toBeNull();
    expect(cache.size).toBe(1);
  });

  it('skips a module above the documented size: its keys stay unknown, nothing is parsed', () => {
    const big = "export const K = 'com.ex/k';\n" + `// ${'x'.repeat(MAX_MODULE_BYTES)}\n`;
    const dir = project({ 'src/big.ts': big, 'src/small.ts': "export const K = 'com.ex/k';" });
    expect(keysIn(dir, "import { K } from './big.js';\nemit(K, 1);")).toEqual(['? dynamic']);
    expect(keysIn(dir, "import { K } from './small.js';\nemit(K, 1);")).toEqual(['com.ex/k const']);
  });
});

describe('constants exported by installed packages', () => {
  it('reads the MCP SDKs’ and MCP Apps’ key constants the way `import` resolves them (exports, types, bundled chunks)', () => {
    // A file of this repository: its imports resolve to the packages installed in node_modules.
    const code = `import { RELATED_TASK_META_KEY as V1_TASK } from '@modelcontextprotocol/sdk/types.js';
import { SERVER_INFO_META_KEY, RELATED_TASK_META_KEY } from '@modelcontextprotocol/server';
import { RESOURCE_URI_META_KEY } from '@modelcontextprotocol/ext-apps/server';
import { NOT_EXPORTED } from '@modelcontextprotocol/server';
emit(V1_TASK, 1);
emit(SERVER_INFO_META_KEY, 1);
emit(RELATED_TASK_META_KEY, 1);
emit(RESOURCE_URI_META_KEY, 1);
emit(NOT_EXPORTED, 1);`;
    const keys = findMetaWritesInSource(code, path.join(__dirname, 'server.ts'), VOCABULARY).flatMap((write) =>
      write.keys.map((key) => key.name),
    );
    expect(keys).toEqual([
      'io.modelcontextprotocol/related-task',
      'io.modelcontextprotocol/serverInfo',
      'io.modelcontextprotocol/related-task',
      'ui/resourceUri',
      null,
    ]);
  });

  it("a package's declarations that export a namespace again (`export * as keys from`, `import * as k; export { k }`)", () => {
    const dir = project({
      'node_modules/@acme/ns/package.json': JSON.stringify({ name: '@acme/ns', types: './index.d.ts' }),
      'node_modules/@acme/ns/index.d.ts':
        "export * as keys from './keys';\nimport * as again from './keys';\nexport { again };\nexport type * as types from './keys';",
      'node_modules/@acme/ns/keys.d.ts': 'export declare const TIMING = "com.acme/timing";',
    });
    const code = "import { keys, again, types } from '@acme/ns';\nemit(keys.TIMING, 1);\nemit(again.TIMING, 1);\nemit(types.TIMING, 1);";
    expect(keysIn(dir, code)).toEqual(['com.acme/timing const', 'com.acme/timing const', '? dynamic']);
  });

  it('follows exports patterns and conditions, falls back to the code, and leaves an unreadable package unknown', () => {
    const dir = project({
      'node_modules/@acme/keys/package.json': JSON.stringify({
        name: '@acme/keys',
        exports: { '.': { import: { types: './dist/index.d.mts' } }, './*': { types: './dist/*.d.ts', default: './dist/*.js' } },
      }),
      'node_modules/@acme/keys/dist/index.d.mts':
        'declare const TIMING: "com.acme/timing";\nexport { TIMING };\nexport * from \'./more.mjs\';',
      'node_modules/@acme/keys/dist/more.d.mts':
        'export declare const TRACE = "com.acme/trace";\nexport declare const KEYS: { readonly cost: "com.acme/cost" };',
      'node_modules/@acme/keys/dist/raw.js': "export const RATE = 'com.acme/rate';",
      'node_modules/broken/package.json': '{ not json',
      'node_modules/no-exports/package.json': JSON.stringify({ name: 'no-exports', types: 'index.d.ts' }),
      'node_modules/no-exports/index.d.ts': 'export declare const SIZE = "com.other/size";',
    });
    const code = `import { TIMING, TRACE, KEYS } from '@acme/keys';
import { RATE } from '@acme/keys/raw';
import { BROKEN } from 'broken';
import { SIZE } from 'no-exports';
import { DEEP } from '@acme/keys/../../../etc/passwd';
emit(TIMING, 1);
emit(TRACE, 1);
emit(KEYS.cost, 1);
emit(RATE, 1);
emit(BROKEN, 1);
emit(SIZE, 1);
emit(DEEP, 1);`;
    expect(keysIn(dir, code)).toEqual([
      'com.acme/timing const',
      'com.acme/trace const',
      'com.acme/cost const',
      'com.acme/rate const',
      '? dynamic',
      'com.other/size const',
      '? dynamic',
    ]);
  });
});

describe('the analysis asks for imported consts only where one is used as a key', () => {
  it('counts no look-up for imports used otherwise (values, calls, types), one per key that names an import', () => {
    const dir = project({ 'src/keys.ts': "export const TIMING = 'com.ex/timing';\nexport const LIMIT = 3;" });
    const before = costCount('imported-const-lookups');
    const unused = `import { TIMING, LIMIT } from './keys.js';
import * as K from './keys.js';
export const r = { content: [], _meta: { count: LIMIT, label: TIMING, other: K.TIMING } };`;
    expect(keysIn(dir, unused)).toEqual(['count literal', 'label literal', 'other literal']);
    expect(costCount('imported-const-lookups')).toBe(before);
    expect(keysIn(dir, "import { TIMING } from './keys.js';\nemit(TIMING, 1);")).toEqual(['com.ex/timing const']);
    expect(costCount('imported-const-lookups')).toBe(before + 1);
  });
});
