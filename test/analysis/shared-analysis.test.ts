/**
 * The shared `_meta` write analysis: built once per linted file whatever the number of our rules (issue 6: a counter,
 * not a timing), never walked for a file that names neither `_meta` nor a manifest emitter/hook, and classifying each
 * write site as the rules expect (issue 3).
 */
import path from 'node:path';
import { ESLint, Linter } from 'eslint';
import * as tsParser from '@typescript-eslint/parser';
import { describe, expect, it } from 'vitest';
import { rules } from '../../rules';
import { findMetaWritesInSource } from '../../src/analysis/analyze-source';
import { costCount } from '../../src/util/cost-counter';
import type { MetaWrite } from '../../src/analysis/types';

const EXAMPLES_DIR = path.resolve(__dirname, '../../docs/examples');
const REGISTRY = path.join(EXAMPLES_DIR, 'mcp-meta.registry.json');
const SEARCH_OP = path.join(EXAMPLES_DIR, 'src/core/ops/search.ts');
const LIST_PAGES = path.join(EXAMPLES_DIR, 'src/core/ops/list-pages.ts');
const DISPATCH = path.join(EXAMPLES_DIR, 'src/mcp/dispatch.ts');
const EVAL_COMMAND = path.join(EXAMPLES_DIR, 'src/commands/eval-report.ts');

const plugin = { rules } as unknown as ESLint.Plugin;
const ALL_RULES = Object.fromEntries(Object.keys(rules).map((name) => [`mcp-meta/${name}`, 'error' as const]));
const config: Linter.Config[] = [
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tsParser as unknown as Linter.Parser },
    plugins: { 'mcp-meta': plugin },
    settings: { 'mcp-meta': { registry: REGISTRY } },
    rules: ALL_RULES,
  },
];

/**
 * A producer file that every one of the `_meta` rules has something to say about (a relay too, for no-dropped-meta,
 * and a tool registered with the deprecated MCP Apps key, for no-deprecated-meta-key).
 */
const PRODUCER_FILE = `
export async function search(ctx, out, rows) {
  ctx.emitResponseMeta('retrieval', { returned: rows.length });
  out._meta = { retrieval: {} };
  out._meta.warnings = [];
  out._meta.retreival = 1;
  out._meta.retrieval = await build(rows);
  return out;
}
export async function relay(upstream, args) {
  const r = await upstream.callTool({ name: 'search', arguments: args });
  return { content: r.content } satisfies CallToolResult;
}
export function registerCard(server) {
  server.registerTool('card', { inputSchema: {}, _meta: { 'ui/resourceUri': 'ui://card' } }, async () => ({ content: [] }));
}
`;

/**
 * Inbound `_meta` and JSON bodies, each with a near miss of a registered key, a replacement and a key the SDK owns:
 * every one would be reported on a tool result (see the `out` line), none is here.
 */
const OTHER_PLANES_FILE = `
export function forward(params, extra, res, out) {
  params._meta = { retreival: 1, session_id: 'abc' };
  extra._meta.retreival = 1;
  res.json({ content: [], _meta: { retreival: 1, 'io.modelcontextprotocol/serverInfo': {} } });
  out._meta = { retreival: 1 };
  return JSON.stringify({ content: [], _meta: { retreival: 1 } });
}
`;

/** Counts what one lint costs: analyses built, files walked, and which rules reported. */
function lintCounting(linter: Linter, code: string, filename: string) {
  const builds = costCount('analysis-builds');
  const walks = costCount('meta-walks');
  const messages = linter.verify(code, config, filename);
  return {
    builds: costCount('analysis-builds') - builds,
    walks: costCount('meta-walks') - walks,
    messages,
    ruleIds: new Set(messages.map((message) => message.ruleId)),
  };
}

describe('one analysis per file, shared by every rule', () => {
  it('lints a producer file with every rule: each _meta rule reports, the analysis is built and walked once', () => {
    const linter = new Linter({ cwd: EXAMPLES_DIR });
    const result = lintCounting(linter, PRODUCER_FILE, SEARCH_OP);
    expect(result.messages.filter((message) => message.fatal)).toEqual([]);
    // All but valid-registry (it speaks only when the manifest cannot be used), no-removed-meta-field (it compares
    // types, and this lint has no program), tolerate-unknown-meta-fields (it reads `_meta`, and a producer writes it) and
    // valid-app-linkage (a widget's missing resource is reported only where the function registers resources too) and
    // no-misnamed-meta (this producer writes `_meta`, no look-alike of it).
    const silent = new Set([
      'valid-registry',
      'no-removed-meta-field',
      'tolerate-unknown-meta-fields',
      'valid-app-linkage',
      'no-misnamed-meta',
    ]);
    const metaRules = Object.keys(rules).filter((name) => !silent.has(name));
    expect([...result.ruleIds].sort()).toEqual(metaRules.map((name) => `mcp-meta/${name}`).sort());
    expect(result.builds).toBe(1);
    expect(result.walks).toBe(1);
  });

  it('the key and field rules share one key-write list per plane scope (four rules, two lists)', () => {
    const linter = new Linter({ cwd: EXAMPLES_DIR });
    const lists = costCount('key-write-lists');
    linter.verify(PRODUCER_FILE, config, SEARCH_OP);
    // no-deprecated-meta-key, no-unregistered-meta-field and no-foreign-meta-key act on the manifest's planes,
    // no-unregistered-meta-key on every key name's (no-removed-meta-field asks only with a program).
    expect(costCount('key-write-lists') - lists).toBe(2);
  });

  it('builds once per file over several files, never once per rule', () => {
    const linter = new Linter({ cwd: EXAMPLES_DIR });
    const files = [
      [PRODUCER_FILE, SEARCH_OP],
      [`export function dispatch(opts, out) { try { Object.assign(out._meta, opts.metaHook(out)); } catch {} }`, DISPATCH],
      [PRODUCER_FILE, SEARCH_OP], // the same text again is a new AST: one more build, not a stale cache hit
    ] as const;
    const builds = costCount('analysis-builds');
    const walks = costCount('meta-walks');
    for (const [code, filename] of files) linter.verify(code, config, filename);
    expect(costCount('analysis-builds') - builds).toBe(files.length);
    expect(costCount('meta-walks') - walks).toBe(files.length);
  });

  it('a file with no _meta, no emitter and no hook name gets no analysis and no walk (and reports nothing)', () => {
    const linter = new Linter({ cwd: EXAMPLES_DIR });
    const code = `
export async function listPages(db, meta) {
  const pages = await db.pages();
  meta.count = pages.length;
  return { content: [{ type: 'text', text: JSON.stringify(pages) }] };
}
`;
    const result = lintCounting(linter, code, LIST_PAGES);
    expect(result.messages).toEqual([]);
    expect(result.builds).toBe(0);
    expect(result.walks).toBe(0);
  });

  it('a file that only names a hook is walked', () => {
    const linter = new Linter({ cwd: EXAMPLES_DIR });
    const result = lintCounting(linter, `export const f = (opts) => opts.metaHook(1);`, DISPATCH);
    expect(result.walks).toBe(1);
    expect(result.ruleIds).toEqual(new Set(['mcp-meta/require-producer-isolation']));
  });

  it('an ignored file is classified but never walked', () => {
    const linter = new Linter({ cwd: EXAMPLES_DIR });
    const result = lintCounting(linter, `export function report(out) { out._meta = { metric_glossary: {} }; }`, EVAL_COMMAND);
    expect(result.messages).toEqual([]);
    expect(result.builds).toBe(1);
    expect(result.walks).toBe(0);
  });

  it('ESLint.lintText (a long-lived ESLint instance) builds once per linted text too', async () => {
    const eslint = new ESLint({ cwd: EXAMPLES_DIR, overrideConfigFile: true, overrideConfig: config });
    const builds = costCount('analysis-builds');
    const walks = costCount('meta-walks');
    const [first] = await eslint.lintText(PRODUCER_FILE, { filePath: SEARCH_OP });
    const [second] = await eslint.lintText(PRODUCER_FILE, { filePath: SEARCH_OP });
    expect(first.messages.length).toBeGreaterThan(0);
    expect(second.messages).toEqual(first.messages);
    expect(costCount('analysis-builds') - builds).toBe(2);
    expect(costCount('meta-walks') - walks).toBe(2);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// findMetaWrites, through findMetaWritesInSource (the same function the rules and the CLI use)

const VOCABULARY = {
  emitters: new Set(['emitResponseMeta', 'emit']),
  hooks: new Set(['metaHook']),
  hookFunctions: new Set(['getBrainHotMemoryMeta']),
};

function writesOf(code: string, filename = 'src/x.ts'): MetaWrite[] {
  return findMetaWritesInSource(code, filename, VOCABULARY);
}

/** The classification fields of one write, without AST nodes. */
function summary(write: MetaWrite) {
  return {
    kind: write.kind,
    targetText: write.targetText,
    replaces: write.replaces,
    mergesSelf: write.mergesSelf,
    keys: write.keys.map((key) => ({ name: key.name, source: key.source })),
  };
}

function only(code: string): MetaWrite {
  const writes = writesOf(code);
  expect(writes).toHaveLength(1);
  return writes[0];
}

describe('the model keeps every plane; rules act on theirs', () => {
  it('holds inbound and JSON-body writes with their plane and evidence, and no rule reports them', () => {
    const writes = findMetaWritesInSource(OTHER_PLANES_FILE, SEARCH_OP, VOCABULARY);
    expect(writes.map((write) => `${write.node.loc.start.line} ${write.kind} ${write.plane} ${write.evidence}`)).toEqual([
      '3 meta-assign request name',
      '4 key-assign request name',
      '5 meta-literal body sink',
      '6 meta-assign result name',
      '7 meta-literal body sink',
    ]);
    const messages = new Linter({ cwd: EXAMPLES_DIR }).verify(OTHER_PLANES_FILE, config, SEARCH_OP);
    // Only the tool result's line: its replacement and its misspelt key.
    expect(messages.map((message) => `${message.line} ${message.ruleId}`)).toEqual([
      '6 mcp-meta/no-wholesale-meta-assign',
      '6 mcp-meta/no-unregistered-meta-key',
    ]);
  });
});

describe('findMetaWrites: what a write is', () => {
  it.each([
    [
      'x._meta = { k: v }',
      { kind: 'meta-assign', targetText: 'x', replaces: true, mergesSelf: false, keys: [{ name: 'k', source: 'literal' }] },
    ],
    [
      "x['_meta'] = { ...x._meta, k: v }",
      { kind: 'meta-assign', targetText: 'x', replaces: false, mergesSelf: true, keys: [{ name: 'k', source: 'literal' }] },
    ],
    [
      'x!._meta = { ...(x._meta ?? {}), ...fragment }',
      { kind: 'meta-assign', targetText: 'x', replaces: false, mergesSelf: true, keys: [] },
    ],
    ['(x as R)._meta = fragment', { kind: 'meta-assign', targetText: 'x', replaces: true, mergesSelf: false, keys: [] }],
    [
      '(<R>this.result)._meta = { k: 1 }',
      { kind: 'meta-assign', targetText: 'this.result', replaces: true, mergesSelf: false, keys: [{ name: 'k', source: 'literal' }] },
    ],
    [
      'x._meta = { k: 1, ...x._meta }',
      { kind: 'meta-assign', targetText: 'x', replaces: true, mergesSelf: false, keys: [{ name: 'k', source: 'literal' }] },
    ],
    ['res.body._meta ??= {}', { kind: 'meta-init', targetText: 'res.body', replaces: false, mergesSelf: false, keys: [] }],
    ['delete x._meta', { kind: 'meta-delete', targetText: 'x', replaces: true, mergesSelf: false, keys: [] }],
    [
      'delete x._meta.k',
      { kind: 'key-delete', targetText: 'x', replaces: false, mergesSelf: false, keys: [{ name: 'k', source: 'literal' }] },
    ],
    [
      'x._meta.k = v',
      { kind: 'key-assign', targetText: 'x', replaces: false, mergesSelf: false, keys: [{ name: 'k', source: 'literal' }] },
    ],
    [
      "x._meta['k'] = v",
      { kind: 'key-assign', targetText: 'x', replaces: false, mergesSelf: false, keys: [{ name: 'k', source: 'literal' }] },
    ],
    [
      'x._meta[`k`] = v',
      { kind: 'key-assign', targetText: 'x', replaces: false, mergesSelf: false, keys: [{ name: 'k', source: 'template' }] },
    ],
    [
      "const K = 'k'; x._meta[K] = v",
      { kind: 'key-assign', targetText: 'x', replaces: false, mergesSelf: false, keys: [{ name: 'k', source: 'const' }] },
    ],
    [
      'let K = "k"; x._meta[K] = v',
      { kind: 'key-assign', targetText: 'x', replaces: false, mergesSelf: false, keys: [{ name: null, source: 'dynamic' }] },
    ],
    [
      'x._meta[`k${i}`] = v',
      { kind: 'key-assign', targetText: 'x', replaces: false, mergesSelf: false, keys: [{ name: null, source: 'dynamic' }] },
    ],
    [
      'x._meta.k.f = v',
      { kind: 'key-assign', targetText: 'x', replaces: false, mergesSelf: false, keys: [{ name: 'k', source: 'literal' }] },
    ],
    [
      'Object.assign(x._meta, { k: v, j })',
      {
        kind: 'key-assign',
        targetText: 'x',
        replaces: false,
        mergesSelf: false,
        keys: [
          { name: 'k', source: 'literal' },
          { name: 'j', source: 'literal' },
        ],
      },
    ],
    [
      'Object.assign(x, { _meta: { k: v } })',
      { kind: 'object-assign-meta', targetText: 'x', replaces: true, mergesSelf: false, keys: [{ name: 'k', source: 'literal' }] },
    ],
    [
      'Object.assign(x, { _meta: { ...x._meta, k: v } })',
      { kind: 'object-assign-meta', targetText: 'x', replaces: false, mergesSelf: true, keys: [{ name: 'k', source: 'literal' }] },
    ],
    [
      'const r = { content: [], _meta: { k: v } }',
      { kind: 'meta-literal', targetText: null, replaces: false, mergesSelf: false, keys: [{ name: 'k', source: 'literal' }] },
    ],
    [
      'const r = { ...result, _meta: { k: v } }',
      { kind: 'meta-literal', targetText: 'result', replaces: true, mergesSelf: false, keys: [{ name: 'k', source: 'literal' }] },
    ],
    [
      'const r = { ...result, _meta: { ...result._meta, k: v } }',
      { kind: 'meta-literal', targetText: 'result', replaces: false, mergesSelf: true, keys: [{ name: 'k', source: 'literal' }] },
    ],
    [
      "ctx.emitResponseMeta?.('k', v)",
      { kind: 'emit', targetText: null, replaces: false, mergesSelf: false, keys: [{ name: 'k', source: 'literal' }] },
    ],
    [
      "const K = 'k'; emit(K, v)",
      { kind: 'emit', targetText: null, replaces: false, mergesSelf: false, keys: [{ name: 'k', source: 'const' }] },
    ],
    [
      'ctx.emitResponseMeta(`k`, v)',
      { kind: 'emit', targetText: null, replaces: false, mergesSelf: false, keys: [{ name: 'k', source: 'template' }] },
    ],
    [
      'ctx.emitResponseMeta(name, v)',
      { kind: 'emit', targetText: null, replaces: false, mergesSelf: false, keys: [{ name: null, source: 'dynamic' }] },
    ],
    ['opts.metaHook?.(result)', { kind: 'hook-call', targetText: null, replaces: false, mergesSelf: false, keys: [] }],
  ])('%s', (code, expected) => {
    expect(summary(only(code))).toEqual(expected);
  });

  it('gives the value written to each key, unwrapped', () => {
    const [emit] = writesOf(`ctx.emitResponseMeta('k', (value as V)!)`);
    expect(emit.keys[0].value?.type).toBe('Identifier');
    const [assign] = writesOf('x._meta.k.f = v');
    expect(assign.keys[0].value).toBeNull(); // a deeper write carries no value for the key itself
    const [deleted] = writesOf('delete x._meta.k');
    expect(deleted.keys[0].value).toBeNull();
  });

  it('returns of hook functions are _meta fragments: directly, through a returned const, both branches of ?:', () => {
    const writes = writesOf(`
export function getBrainHotMemoryMeta(call) {
  const empty = { a: 1 };
  if (!call) return empty;
  return call.ok ? { b: 2 } : { c: 3 };
}
export const other = () => ({ d: 4 });
`);
    expect(writes.map((write) => [write.kind, write.keys.map((key) => key.name)])).toEqual([
      ['hook-return', ['a']],
      ['hook-return', ['b']],
      ['hook-return', ['c']],
    ]);
  });

  it('an arrow hook function with an expression body', () => {
    const writes = writesOf('export const getBrainHotMemoryMeta = () => ({ brain_hot_memory: { facts: [] } });');
    expect(writes.map(summary)).toEqual([
      {
        kind: 'hook-return',
        targetText: null,
        replaces: false,
        mergesSelf: false,
        keys: [{ name: 'brain_hot_memory', source: 'literal' }],
      },
    ]);
  });

  it('aliases in the same function: const m = out._meta; m.k = v', () => {
    const writes = writesOf(`
function f(out) {
  const m = out._meta;
  m.k = v;
  delete m.j;
}
function g(m) {
  m.k = v; // a parameter, not an alias
}
`);
    expect(writes.map((write) => [write.kind, write.targetText, write.alias?.name, write.keys[0].name])).toEqual([
      ['key-assign', 'out', 'm', 'k'],
      ['key-delete', 'out', 'm', 'j'],
    ]);
  });

  it('many aliases in one file: the writes of each are found, past the scanned ones (then from the word index)', () => {
    // The first aliases' mentions are found by scanning the text, later ones from an index of the file's words: both
    // must find every write, and neither may take a longer name that contains the alias for a mention of it.
    const count = 40;
    const functions = Array.from(
      { length: count },
      (_, i) => `function f${i}(out) {\n  const m${i} = out._meta;\n  xm${i}.k = 0;\n  m${i}x.k = 0;\n  m${i}.k${i} = v;\n}`,
    );
    const writes = writesOf(functions.join('\n'));
    expect(writes.map((write) => `${write.alias?.name}.${write.keys[0].name}`)).toEqual(functions.map((_, i) => `m${i}.k${i}`));
  });

  describe('a `let` alias counts where every value it may hold is that `_meta`', () => {
    /** The writes through an alias, as `owner.key`. */
    const written = (code: string) =>
      writesOf(code)
        .filter((write) => write.alias)
        .map((write) => `${write.targetText}.${write.keys[0].name}`);

    it('never reassigned, or given the `_meta` after its declaration (`let` and `var`)', () => {
      expect(written('function f(out) { let m = out._meta; m.k = v; }')).toEqual(['out.k']);
      expect(written('function f(out) { let m; m = out._meta; m.k = v; }')).toEqual(['out.k']);
      expect(written('function f(out) { var m = out._meta ?? {}; if (c) m = out._meta; m.k = v; }')).toEqual(['out.k']);
    });

    it("before a reassignment to another object, not after it (basementstudio/xmcp's tools.ts before 1fb77135)", () => {
      const code = `
function addTool(toolConfig) {
  let toolSpecificMeta = toolConfig._meta;
  if (openaiWidget) {
    if (!toolSpecificMeta.openai) toolSpecificMeta.openai = {};
    const split = splitOpenAIMetaNested(toolConfig._meta);
    toolSpecificMeta = split.toolMeta;
  }
  if (uiWidget) {
    if (!toolSpecificMeta.ui) toolSpecificMeta.ui = {};
  }
}`;
      expect(written(code)).toEqual(['toolConfig.openai']);
    });

    it('not where another value may come first: a later reassignment in a loop around both, or one in a closure', () => {
      expect(written('function f(out, xs) { let m = out._meta; for (const x of xs) { m.k = x; m = other; } }')).toEqual([]);
      expect(written('function f(out) { let m = out._meta; const reset = () => { m = other; }; m.k = v; reset(); }')).toEqual([]);
      expect(written('function f(out) { let m = out._meta; run(() => { m.k = v; }); m = other; }')).toEqual([]);
      // A callback called once per item: the next call reads what the last one assigned.
      expect(written('function f(out, xs) { let m = out._meta; xs.forEach((x) => { m.k = x; m = other; }); }')).toEqual([]);
      // A `let` declared in the loop's body is a new variable on each pass.
      expect(written('function f(out, xs) { for (const x of xs) { let m = out._meta; m.k = x; m = other; } }')).toEqual(['out.k']);
    });

    it('not when some value may be no single expression, another object, or another `_meta`', () => {
      expect(written('function f(out, pair) { let m = out._meta; [m] = pair; m.k = v; }')).toEqual([]);
      expect(written('function f(out, xs) { let m = out._meta; for (m of xs) log(m); m.k = v; }')).toEqual([]);
      expect(written('function f(out) { let m = out._meta; if (!m) m = {}; m.k = v; }')).toEqual([]);
      expect(written('function f(a, b) { let m = a._meta; if (c) m = b._meta; m.k = v; }')).toEqual([]);
    });

    it('a new object then stored as that `_meta` is the same `_meta`', () => {
      expect(written('function f(out) { let m = out._meta; if (!m) { m = {}; out._meta = m; } m.k = v; }')).toEqual(['out.k']);
      expect(written('function f(out) { let m = out._meta; if (!m) out._meta = m = {}; m.k = v; }')).toEqual(['out.k']);
      // Stored as another object's `_meta`, or stored before it is replaced: not this one.
      expect(written('function f(out, x) { let m = out._meta; if (!m) { m = {}; x._meta = m; } m.k = v; }')).toEqual([]);
    });
  });

  it('reads and look-alike names are not writes; inbound _meta, bodies and unknown literals are kept on their planes', () => {
    const code = `
function f(params, request, out, res) {
  const k = out._meta.k;
  const all = { ...out._meta };
  params._meta.session_id = 'abc';
  request.params._meta = {};
  out._metadata = { k: 1 };
  out.meta = { k: 1 };
  out.edge_meta = { k: 1 };
  const row = { id: 1, _meta: { k: 1 } };
  res.json({ content: [], _meta: { k: 1 } });
  JSON.stringify({ content: [], _meta: { k: 1 } });
}
`;
    expect(writesOf(code).map((write) => `${write.kind} ${write.plane} ${write.evidence}`)).toEqual([
      'key-assign request name',
      'meta-assign request name',
      'meta-literal unknown none',
      'meta-literal body sink',
      'meta-literal body sink',
    ]);
  });

  it('records the nearest try of the same function, never across a function or from a catch/finally', () => {
    const writes = writesOf(`
async function f(out, ctx) {
  try {
    out._meta.a = await x();
    rows.forEach(() => { out._meta.b = 1; });
  } catch {
    out._meta.c = 1;
  } finally {
    out._meta.d = 1;
  }
  try {
    try {
      out._meta.e = 1;
    } catch {}
  } catch {}
}
`);
    const byKey = new Map(writes.map((write) => [write.keys[0].name, write]));
    const outerTry = byKey.get('a')!.tryStatement;
    expect(outerTry?.type).toBe('TryStatement');
    expect(byKey.get('b')!.tryStatement).toBeNull();
    expect(byKey.get('c')!.tryStatement).toBeNull();
    expect(byKey.get('d')!.tryStatement).toBeNull();
    const inner = byKey.get('e')!.tryStatement!;
    expect(inner).not.toBe(outerTry);
    expect(inner.loc.start.line).toBe(12);
  });

  it('records the function and the statement that contain the write', () => {
    const writes = writesOf(`
ctx.emitResponseMeta('top', await v());
function f(out) {
  if (ready) {
    out._meta.k = v;
  }
}
const g = (out) => (out._meta.j = v);
`);
    const [top, k, j] = writes;
    expect(top.functionNode.type).toBe('Program');
    expect(top.statement?.type).toBe('ExpressionStatement');
    expect(k.functionNode.type).toBe('FunctionDeclaration');
    expect(k.statement?.type).toBe('ExpressionStatement');
    expect(k.statement?.loc.start.line).toBe(5);
    expect(j.functionNode.type).toBe('ArrowFunctionExpression');
    expect(j.statement).toBeNull(); // an arrow's expression body has no statement to wrap
  });

  it('lists the spreads of a _meta value other than its own _meta', () => {
    const [write] = writesOf('out._meta = { ...out._meta, ...collected, ...(extra ?? {}) }');
    expect(write.spreads.map((spread) => spread.type)).toEqual(['Identifier', 'LogicalExpression']);
  });

  it('reports writes sorted by position', () => {
    const writes = writesOf(`
function f(out) {
  const m = out._meta;
  m.b = 1;
  out._meta.c = 2;
  ctx.emitResponseMeta('d', 3);
}
`);
    expect(writes.map((write) => write.keys[0].name)).toEqual(['b', 'c', 'd']);
  });
});

describe('plane decisions: once per declaration, not once per write', () => {
  /** A handler that writes one result's `_meta` key by key, `writes` times. */
  const keyByKey = (writes: number): string =>
    `export async function handler(client) {\n  const out = await client.callTool({ name: 'x' });\n${Array.from(
      { length: writes },
      (_, i) => `  out._meta.k${i} = ${i};\n`,
    ).join('')}  return out;\n}\n`;

  it('each further write of the same variable costs one binding look-up (finding it), not the whole decision again', () => {
    const lookups = (writes: number): number => {
      const before = costCount('binding-lookups');
      const found = findMetaWritesInSource(keyByKey(writes), SEARCH_OP, VOCABULARY);
      expect(found.map((write) => write.plane)).toEqual(Array.from({ length: writes }, () => 'result'));
      return costCount('binding-lookups') - before;
    };
    expect(lookups(20) - lookups(10)).toBe(10);
  });
});
