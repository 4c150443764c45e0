/**
 * no-unregistered-meta-key: every top-level `_meta` key a file writes is registered in the manifest (MCP _meta
 * conventions, "Adding a key"); a near miss gets a suggestion; a key that is not statically known is reported as
 * unverifiable unless `allowDynamicKeys`. The manifest is docs/examples/mcp-meta.registry.json (keys `retrieval`,
 * `brain_hot_memory`, `warnings`; dispatch.ts is the merge layer; eval-*.ts files are ignored).
 */
import type { InvalidTestCase, ValidTestCase } from '@typescript-eslint/rule-tester';
import path from 'node:path';
import rule, { type MessageIds, type Options } from '../../rules/no-unregistered-meta-key';
import { createRuleTester, DISPATCH, EVAL_COMMAND, HOT_MEMORY_HOOK, OTHER_FILE, SEARCH_OP } from './rule-tester';

const ruleTester = createRuleTester();

/** Cases without a filename lint src/core/ops/list-pages.ts, a file that owns no key. */
const inOtherFile = <T extends { filename?: string }>(test: T): T => ({ filename: OTHER_FILE, ...test });

const ALLOW_DYNAMIC: Options = [{ allowDynamicKeys: true }];
const unverifiable = (line: number, column: number, endColumn: number) =>
  ({ messageId: 'unverifiableKey', line, column, endLine: line, endColumn }) as const;
/** An unregistered key with no registered key within edit distance 2: no suggestion. */
const unregistered = (line: number, column: number, endColumn: number) =>
  ({ messageId: 'unregisteredKey', line, column, endLine: line, endColumn, suggestions: [] }) as const;
/** An unregistered near miss: one suggestion, to the registered key, with the whole fixed source. */
const nearMiss = (line: number, column: number, endColumn: number, key: string, output: string) =>
  ({
    messageId: 'unregisteredKey',
    line,
    column,
    endLine: line,
    endColumn,
    suggestions: [{ messageId: 'useRegisteredKey', data: { key }, output }],
  }) as const;

/** Rule 4's hook (`getBrainHotMemoryMeta`) attaching its fragment under the handler's `_meta`, with `key` as its key. */
const HOT_MEMORY_UNDER_OWN_META = (key: string) =>
  [
    'function getBrainHotMemoryMeta(facts) {',
    `  return { ${key}: { facts } };`,
    '}',
    'export function attachHotMemory(result, facts) {',
    '  return { ...result, _meta: { ...getBrainHotMemoryMeta(facts), ...result._meta } };',
    '}',
  ].join('\n');

/**
 * basementstudio/xmcp's `addToolsToServer` (packages/xmcp/src/runtime/utils/tools.ts before 1fb77135, cut down): the
 * tool's `_meta` written through `let toolSpecificMeta = toolConfig._meta`, which is reassigned to a split copy.
 */
const XMCP_LET_ALIAS = `export function addToolsToServer(server, tools) {
  tools.forEach((toolConfig) => {
    let toolSpecificMeta = toolConfig._meta;
    if (openaiWidget) {
      if (!toolSpecificMeta.openai) {
        toolSpecificMeta.openai = {};
      }
      const split = splitOpenAIMetaNested(toolConfig._meta);
      toolSpecificMeta = split.toolMeta;
    }
    if (uiWidget) {
      if (!toolSpecificMeta.debug) {
        toolSpecificMeta.debug = {};
      }
    }
  });
}`;

/**
 * mongodb-mcp-server's ToolBase (packages/core/src/toolBase.ts at 36a405e3) registers each tool with
 * `_meta: this.toolMeta`, a getter of the same class returning the keys: the getter is the helper that builds them.
 */
const CLASS_GETTER = (key: string) => `export class SearchTool {
  protected get statsMeta() {
    return { ${key}: { returned_count: 1 } };
  }
  run() {
    return { content: [], _meta: this.statsMeta };
  }
}`;
/** The same with a method called on `this`, from an arrow function inside the method (its `this` is the method's). */
const CLASS_METHOD = (key: string) => `export class SearchTool {
  statsMeta(hits) {
    return { ${key}: { returned_count: hits } };
  }
  run(rows) {
    return rows.map((row) => ({ content: [], _meta: this.statsMeta(row.hits) }));
  }
}`;

/** `_meta` built in a local `const`, its keys set on it before it is given (a near miss `key`, and `search_debug`). */
const LOCAL_CONST_META = (key: string) => `export function search(stats, debug) {
  const meta: Record<string, unknown> = {};
  meta['${key}'] = stats;
  meta.search_debug = debug;
  const out = { content: [] };
  out._meta = meta;
  return out;
}`;

/** A `const` holding what a same-file helper returns, given as the result's `_meta`. */
const HELPER_CALL_IN_CONST = (key: string) => `function statsMeta(hits) {
  return { ...(hits > 0 ? { ${key}: hits } : {}) };
}
export function search(hits) {
  const meta = statsMeta(hits);
  return { content: [], _meta: meta };
}`;

/** The same, awaited, and spread into a merge of the result's own `_meta`. */
const AWAITED_HELPER_IN_CONST = (key: string) => `async function buildMeta(stats) {
  return { ${key}: stats };
}
export async function search(out, stats) {
  const meta = await buildMeta(stats);
  out._meta = { ...out._meta, ...meta };
  return out;
}`;

/** An awaited same-file helper's call written in place as the result's `_meta`. */
const AWAITED_HELPER_IN_PLACE = (key: string) => `async function buildMeta(stats) {
  return { ${key}: stats };
}
export async function search(stats) {
  return { content: [], _meta: await buildMeta(stats) };
}`;

const valid: ValidTestCase<Options>[] = [
  {
    // yaniv-apigene/apigene-mcp-apps-templates: valid-app-linkage reports it (uiFieldAtTop); registering would fix nothing.
    name: "a field of MCP Apps' ui written at the top of a descriptor's _meta is not asked to be registered",
    filename: SEARCH_OP,
    code: "server.registerTool('show', { _meta: { ui: { resourceUri: 'ui://w/view.html' }, visibility: ['app'] } }, cb);",
  },
  {
    // A gateway that drops the upstream's identity from the result it forwards deletes a key MCP defines, on purpose.
    name: 'delete of the MCP-reserved serverInfo key from a forwarded _meta is no typo',
    code: "async function relay(up) {\n  const r = await up.callTool({ name: 'x' });\n  delete r._meta['io.modelcontextprotocol/serverInfo'];\n  return { content: r.content, _meta: r._meta };\n}",
  },
  {
    name: "a same-file helper's registered key set on the returned const; a key set on another local is not the helper's",
    filename: SEARCH_OP,
    code: `function statsMeta(stats, hits) {
  const meta = { retrieval: stats };
  const log = {};
  if (hits) meta.retrieval = hits;
  log.search_debug = hits;
  return meta;
}
export const result = { content: [], _meta: statsMeta(s, h) };`,
  },
  {
    name: 'registered keys in every write shape',
    filename: SEARCH_OP,
    code: `
export async function search(ctx, out, stats) {
  ctx.emitResponseMeta('retrieval', stats);
  emitResponseMeta('retrieval', stats);
  ctx.emitResponseMeta?.(\`retrieval\`, stats);
  out._meta.retrieval = stats;
  out._meta['retrieval'] = stats;
  out!._meta.retrieval = stats;
  (out as ToolResult)._meta.retrieval = stats;
  (<ToolResult>out)._meta.retrieval = stats;
  delete out._meta.retrieval;
  Object.assign(out._meta, { retrieval: stats });
  out._meta = { ...out._meta, retrieval: stats };
  Object.assign(out, { _meta: { ...out._meta, retrieval: stats } });
  const m = out._meta;
  m.retrieval = stats;
  return { content: [], _meta: { retrieval: stats } };
}
`,
  },
  {
    name: 'a registered key through a const',
    code: "const KEY = 'warnings';\nctx.emitResponseMeta(KEY, w);\nout._meta[KEY] = w;\nout._meta = { ...out._meta, [KEY]: w };",
  },
  {
    name: 'a hook function returning a registered key directly',
    filename: HOT_MEMORY_HOOK,
    code: 'export function getBrainHotMemoryMeta() { return { brain_hot_memory: { facts: [] } }; }',
  },
  {
    name: 'a hook function returning a registered key through a const',
    filename: HOT_MEMORY_HOOK,
    code: 'export const getBrainHotMemoryMeta = () => { const meta = { brain_hot_memory: {} }; return meta; };',
  },
  {
    name: 'spreads carry keys checked where they are written',
    code: 'out._meta = { ...out._meta, ...fragment };\nObject.assign(out._meta, fragment);',
  },
  { name: 'hook calls write keys checked in the hook', filename: DISPATCH, code: 'const extra = await opts.metaHook(request, result);' },
  {
    name: 'the merge layer forwards collected keys by variable',
    filename: DISPATCH,
    code: 'function f(out) { for (const [k, v] of entries) out._meta[k] = v;\nctx.emitResponseMeta(k, v); }',
  },
  {
    name: 'allowDynamicKeys: keys that are not statically known',
    options: ALLOW_DYNAMIC,
    code: 'ctx.emitResponseMeta(name, v);\nout._meta[key] = v;\nout._meta = { ...out._meta, [key]: v };\nctx.emitResponseMeta(`k_${name}`, v);',
  },
  {
    name: 'allowDynamicKeys: false still lets registered literal keys through',
    options: [{ allowDynamicKeys: false }],
    code: "ctx.emitResponseMeta('warnings', w);",
  },
  { name: 'delete x._meta and x._meta = fragment name no key', code: 'delete out._meta;\nout._meta = fragment;' },
  // Never reported.
  { name: 'reads of unknown keys', code: "const a = result._meta.anything;\nif (result._meta?.[key]) log(result['_meta'].other);" },
  {
    name: 'an ignore file: metric_glossary lives in eval JSON bodies',
    filename: EVAL_COMMAND,
    code: "out._meta.metric_glossary = g;\nout._meta[k] = v;\nctx.emitResponseMeta('eval', 1);",
  },
  {
    name: 'tool arguments: session_id and progressToken on the inbound plane',
    code: "params._meta.session_id = 's';\nrequest.params._meta.progressToken = 1;\nargs._meta[k] = v;",
  },
  {
    name: 'JSON bodies are not tool results',
    code: 'res.json({ content, _meta: { metric_glossary: g } });\nconst text = JSON.stringify({ content, _meta: { total } });\nconst body = { rows, _meta: { total } };',
  },
  {
    name: 'names that only look alike: _metadata, meta, edge_meta',
    code: 'x._metadata.total = 1;\nx.meta.anything = 1;\nx.edge_meta.weight = 1;\nconst r = { content, meta: { total: 1 }, edge_meta: {} };',
  },
  { name: 'a function not listed in hookFunctions returns plain objects', code: 'export function getStats() { return { total: 1 }; }' },
  { name: 'a getter of the same class returning a registered key', filename: SEARCH_OP, code: CLASS_GETTER('retrieval') },
  {
    name: 'a registered key set on a local const before it is given as _meta',
    filename: SEARCH_OP,
    code: 'export function search(stats) {\n  const meta = {};\n  meta.retrieval = stats;\n  return { content: [], _meta: meta };\n}',
  },
  {
    name: "`this` in a function expression is not the class's: its getter is not followed",
    filename: SEARCH_OP,
    code: `export class SearchTool {
  get statsMeta() {
    return { retreival: 1 };
  }
  run(other) {
    return [other].map(function () {
      return { content: [], _meta: this.statsMeta };
    });
  }
}`,
  },
];

const invalid: InvalidTestCase<MessageIds, Options>[] = [
  {
    name: "a key that only shares a name with a field of ui (not its form) is the server's own, and unregistered",
    filename: SEARCH_OP,
    code: "server.registerTool('list', { _meta: { visibility: 'public' } }, cb);",
    errors: [unregistered(1, 40, 50)],
  },
  {
    name: 'a getter of the same class read as _meta (`_meta: this.toolMeta`, mongodb-mcp-server): a near miss in the getter',
    filename: SEARCH_OP,
    code: CLASS_GETTER('retreival'),
    errors: [nearMiss(3, 14, 23, 'retrieval', CLASS_GETTER('retrieval'))],
  },
  {
    name: 'a method of the same class called on this as _meta: a near miss in the method',
    filename: SEARCH_OP,
    code: CLASS_METHOD('retreival'),
    errors: [nearMiss(3, 14, 23, 'retrieval', CLASS_METHOD('retrieval'))],
  },
  {
    name: 'a same-file helper used as the _meta of several results (three on one line): one message at its key, not three',
    code: `function meta(n) {
  return { search_debug: n };
}
export const results = [{ content: [], _meta: meta(1) }, { content: [], _meta: meta(2) }, { content: [], _meta: meta(3) }];`,
    errors: [unregistered(2, 12, 24)],
  },
  {
    name: 'x._meta.k = v: a near miss, with the nearest registered key in the message and a suggestion',
    filename: SEARCH_OP,
    code: 'out._meta.retrival = stats;',
    errors: [
      {
        messageId: 'unregisteredKey',
        data: { where: '`_meta`', key: 'retrival', registry: 'mcp-meta.registry.json', hint: " Did you mean 'retrieval'?" },
        line: 1,
        column: 11,
        endLine: 1,
        endColumn: 19,
        suggestions: [{ messageId: 'useRegisteredKey', data: { key: 'retrieval' }, output: 'out._meta.retrieval = stats;' }],
      },
    ],
  },
  {
    // The hook fragment under the handler's `_meta` is a merge (no-wholesale-meta-assign: rule 4's precedence), and
    // its keys are still read where the helper writes them.
    name: "a known hook helper's key spread under the result's own _meta is read: a near miss in the helper",
    filename: HOT_MEMORY_HOOK,
    code: HOT_MEMORY_UNDER_OWN_META('brain_hot_memroy'),
    errors: [nearMiss(2, 12, 28, 'brain_hot_memory', HOT_MEMORY_UNDER_OWN_META('brain_hot_memory'))],
  },
  {
    name: "a same-file helper's key set on the returned const before the return (under a condition): a near miss there",
    filename: SEARCH_OP,
    code: `function statsMeta(stats, debug) {
  const meta = { retrieval: stats };
  if (debug) meta['retrival'] = debug;
  return meta;
}
export const result = { content: [], _meta: statsMeta(s, d) };`,
    errors: [
      nearMiss(
        3,
        19,
        29,
        'retrieval',
        `function statsMeta(stats, debug) {
  const meta = { retrieval: stats };
  if (debug) meta['retrieval'] = debug;
  return meta;
}
export const result = { content: [], _meta: statsMeta(s, d) };`,
      ),
    ],
  },
  {
    name: "a same-file helper's key set on the returned const from a variable: unverifiable there",
    filename: SEARCH_OP,
    code: `function statsMeta(stats, key) {
  const meta = { retrieval: stats };
  meta[key] = 1;
  return meta;
}
export const result = { content: [], _meta: statsMeta(s, k) };`,
    errors: [unverifiable(3, 8, 11)],
  },
  {
    // agentfront/frontmcp's tools-list flow: `const meta = {}; meta['ui'] = …; meta['frontmcp/type'] = …; item._meta = meta`.
    name: 'keys set on a local const before it is given as _meta are its keys: a near miss and an unregistered key there',
    filename: SEARCH_OP,
    code: LOCAL_CONST_META('retrival'),
    errors: [nearMiss(3, 8, 18, 'retrieval', LOCAL_CONST_META('retrieval')), unregistered(4, 8, 20)],
  },
  {
    // oaknational/oak-open-curriculum-ecosystem's tool results: `const meta = buildMeta(options); return { …, _meta: meta }`.
    name: "a const holding a same-file helper's call, given as _meta: the helper's keys, a near miss in the helper",
    filename: SEARCH_OP,
    code: HELPER_CALL_IN_CONST('retrival'),
    errors: [nearMiss(2, 29, 37, 'retrieval', HELPER_CALL_IN_CONST('retrieval'))],
  },
  {
    name: "a const holding an awaited same-file helper's call, spread into a merge: the helper's keys",
    filename: SEARCH_OP,
    code: AWAITED_HELPER_IN_CONST('retrival'),
    errors: [nearMiss(2, 12, 20, 'retrieval', AWAITED_HELPER_IN_CONST('retrieval'))],
  },
  {
    name: "an awaited same-file helper's call given as _meta: the helper's keys",
    filename: SEARCH_OP,
    code: AWAITED_HELPER_IN_PLACE('retrival'),
    errors: [nearMiss(2, 12, 20, 'retrieval', AWAITED_HELPER_IN_PLACE('retrieval'))],
  },
  {
    name: "Object.assign({}, x._meta, { k }) into x._meta: the literal's keys are checked",
    filename: SEARCH_OP,
    code: 'out._meta = Object.assign({}, out._meta, { retrival: stats });',
    errors: [nearMiss(1, 44, 52, 'retrieval', 'out._meta = Object.assign({}, out._meta, { retrieval: stats });')],
  },
  {
    // Sunpeak-AI/sunpeak (helper round): `add-key '_sunpeak'` exits 2, so "register it" was a dead end.
    name: 'a key whose name MCP refuses: the hint says to rename it, since the manifest cannot hold it',
    code: 'out._meta._sunpeak = { tool: name };',
    errors: [
      {
        messageId: 'unregisteredKey',
        data: {
          where: '`_meta`',
          key: '_sunpeak',
          registry: 'mcp-meta.registry.json',
          hint: " Note: its name cannot be registered as written (Key name '_sunpeak' breaks the MCP _meta key-name rules: a name starts and ends with a letter or digit and contains only letters, digits, '-', '_' and '.'.) Rename the key, e.g. 'sunpeak'.",
        },
        line: 1,
        column: 11,
      },
    ],
  },
  {
    name: 'a key far from every registered key: no hint, no suggestion',
    code: 'out._meta.search_debug = debug;',
    errors: [
      {
        messageId: 'unregisteredKey',
        data: { where: '`_meta`', key: 'search_debug', registry: 'mcp-meta.registry.json', hint: '' },
        line: 1,
        column: 11,
        endLine: 1,
        endColumn: 23,
        suggestions: [],
      },
    ],
  },
  {
    name: "x._meta['k'] = v keeps single quotes",
    filename: SEARCH_OP,
    code: "out._meta['retrival'] = stats;",
    errors: [nearMiss(1, 11, 21, 'retrieval', "out._meta['retrieval'] = stats;")],
  },
  {
    name: 'x._meta["k"] = v keeps double quotes',
    filename: SEARCH_OP,
    code: 'out._meta["retrival"] = stats;',
    errors: [nearMiss(1, 11, 21, 'retrieval', 'out._meta["retrieval"] = stats;')],
  },
  { name: "x['_meta'] = { ...x['_meta'], k }", code: "out['_meta'] = { ...out['_meta'], debug };", errors: [unregistered(1, 35, 40)] },
  {
    name: 'x!._meta.k = v',
    filename: DISPATCH,
    code: 'out!._meta.warning = [];',
    errors: [nearMiss(1, 12, 19, 'warnings', 'out!._meta.warnings = [];')],
  },
  {
    name: '(x as R)._meta.k = v',
    filename: DISPATCH,
    code: '(out as ToolResult)._meta.warning = [];',
    errors: [nearMiss(1, 27, 34, 'warnings', '(out as ToolResult)._meta.warnings = [];')],
  },
  {
    name: '(<R>x)._meta.k = v',
    filename: DISPATCH,
    code: '(<ToolResult>out)._meta.warning = [];',
    errors: [nearMiss(1, 25, 32, 'warnings', '(<ToolResult>out)._meta.warnings = [];')],
  },
  {
    name: '(x satisfies R)._meta.k = v',
    filename: DISPATCH,
    code: '(res satisfies ToolResult)._meta.warning = [];',
    errors: [nearMiss(1, 34, 41, 'warnings', '(res satisfies ToolResult)._meta.warnings = [];')],
  },
  { name: 'a deeper write names the key: x._meta.k.f = v', code: 'out._meta.debug.stage = s;', errors: [unregistered(1, 11, 16)] },
  {
    name: 'delete x._meta.k: its own message (a typo, not a key to add)',
    code: 'delete out._meta.debug;',
    errors: [
      {
        ...unregistered(1, 18, 23),
        messageId: 'unregisteredKeyDelete',
        data: { where: '`_meta`', key: 'debug', registry: 'mcp-meta.registry.json', hint: '' },
      },
    ],
  },
  { name: 'Object.assign(x._meta, { k })', code: 'Object.assign(out._meta, { debug });', errors: [unregistered(1, 28, 33)] },
  {
    name: 'a shorthand property keeps its variable',
    filename: SEARCH_OP,
    code: 'out._meta = { ...out._meta, retrival };',
    errors: [nearMiss(1, 29, 37, 'retrieval', 'out._meta = { ...out._meta, retrieval: retrival };')],
  },
  {
    name: 'quoted and computed template property keys',
    filename: SEARCH_OP,
    code: "out._meta = { ...out._meta, 'retrival': 1, [`retrival`]: 2 };",
    errors: [
      nearMiss(1, 29, 39, 'retrieval', "out._meta = { ...out._meta, 'retrieval': 1, [`retrival`]: 2 };"),
      nearMiss(1, 45, 55, 'retrieval', "out._meta = { ...out._meta, 'retrival': 1, [`retrieval`]: 2 };"),
    ],
  },
  {
    name: 'Object.assign(x, { _meta: { k } })',
    code: 'Object.assign(out, { _meta: { ...out._meta, debug } });',
    errors: [unregistered(1, 45, 50)],
  },
  {
    name: 'a tool result literal: { content, _meta: { k } }',
    code: 'function f() { return { content: [], _meta: { debug } }; }',
    errors: [unregistered(1, 47, 52)],
  },
  {
    name: 'a re-wrapped result: { ...result, _meta: { ...result._meta, k } }',
    code: 'function f(result) { return { ...result, _meta: { ...result._meta, debug } }; }',
    errors: [unregistered(1, 68, 73)],
  },
  {
    name: 'emit as a method',
    filename: DISPATCH,
    code: "ctx.emitResponseMeta('warning', w);",
    errors: [nearMiss(1, 22, 31, 'warnings', "ctx.emitResponseMeta('warnings', w);")],
  },
  {
    name: 'emit as a bare function',
    filename: DISPATCH,
    code: "emitResponseMeta('warning', w);",
    errors: [nearMiss(1, 18, 27, 'warnings', "emitResponseMeta('warnings', w);")],
  },
  {
    name: 'emit optional-chained',
    filename: DISPATCH,
    code: "ctx.emitResponseMeta?.('warning', w);",
    errors: [nearMiss(1, 24, 33, 'warnings', "ctx.emitResponseMeta?.('warnings', w);")],
  },
  {
    name: 'emit with a template key without expressions',
    filename: DISPATCH,
    code: 'ctx.emitResponseMeta(`warning`, w);',
    errors: [nearMiss(1, 22, 31, 'warnings', 'ctx.emitResponseMeta(`warnings`, w);')],
  },
  {
    name: 'a key through a const: reported where it is used, no suggestion (the const may have other uses)',
    code: "const KEY = 'warning';\nctx.emitResponseMeta(KEY, w);",
    errors: [
      {
        messageId: 'unregisteredKey',
        data: { where: '`_meta`', key: 'warning', registry: 'mcp-meta.registry.json', hint: " Did you mean 'warnings'?" },
        line: 2,
        column: 22,
        endLine: 2,
        endColumn: 25,
        suggestions: [],
      },
    ],
  },
  {
    name: 'writes through an alias',
    filename: DISPATCH,
    code: "function f(out) { const m = out._meta; m.debug = d; m['warning'] = []; delete m.trace; }",
    errors: [
      unregistered(1, 42, 47),
      nearMiss(1, 55, 64, 'warnings', "function f(out) { const m = out._meta; m.debug = d; m['warnings'] = []; delete m.trace; }"),
      { ...unregistered(1, 81, 86), messageId: 'unregisteredKeyDelete' },
    ],
  },
  {
    // basementstudio/xmcp's tools.ts before 1fb77135 (writes through a `let` alias reassigned later): the write before
    // the reassignment is `toolConfig._meta`; after it the alias may hold the split copy, so `debug` is not judged.
    name: 'writes through a `let` alias, before it is reassigned to another object',
    code: XMCP_LET_ALIAS,
    errors: [unregistered(6, 26, 32)],
  },
  {
    name: 'a hook function return, directly',
    filename: HOT_MEMORY_HOOK,
    code: 'export function getBrainHotMemoryMeta() { return cond ? { brain_hot_memroy: {} } : {}; }',
    errors: [
      nearMiss(1, 59, 75, 'brain_hot_memory', 'export function getBrainHotMemoryMeta() { return cond ? { brain_hot_memory: {} } : {}; }'),
    ],
  },
  {
    name: 'a hook function return, through a returned const',
    filename: HOT_MEMORY_HOOK,
    code: 'export const getBrainHotMemoryMeta = async () => { const meta = { brain_hot_memory: {}, hot_memory_debug: 1 }; return meta; };',
    errors: [unregistered(1, 89, 105)],
  },
  // The rename is offered only when the key it writes is clean here (else it earns a finding of its own).
  {
    name: "no suggestion: the registered key is another file's (the rename would earn foreignKey)",
    code: 'out._meta.warning = [];',
    errors: [
      {
        ...unregistered(1, 11, 18),
        data: { where: '`_meta`', key: 'warning', registry: 'mcp-meta.registry.json', hint: " Did you mean 'warnings'?" },
      },
    ],
  },
  {
    name: 'no suggestion: the value writes a field the registered key does not list (the rename would earn unregisteredField)',
    filename: SEARCH_OP,
    code: 'out._meta.retrival = { took_ms: 1 };',
    errors: [
      {
        ...unregistered(1, 11, 19),
        data: { where: '`_meta`', key: 'retrival', registry: 'mcp-meta.registry.json', hint: " Did you mean 'retrieval'?" },
      },
    ],
  },
  {
    name: 'a suggestion: the value writes only registered fields of their types',
    filename: SEARCH_OP,
    code: 'out._meta.retrival = { returned_count: 1 };',
    errors: [nearMiss(1, 11, 19, 'retrieval', 'out._meta.retrieval = { returned_count: 1 };')],
  },
  {
    name: 'the merge layer: literal keys are checked',
    filename: DISPATCH,
    code: 'function f(out) { out._meta = { ...collected }; out._meta.warning = w; }',
    errors: [nearMiss(1, 59, 66, 'warnings', 'function f(out) { out._meta = { ...collected }; out._meta.warnings = w; }')],
  },
  // Keys that are not statically known.
  { name: 'unverifiable: x._meta[k] = v', code: 'out._meta[key] = v;', errors: [unverifiable(1, 11, 14)] },
  {
    name: 'unverifiable: a computed property from a variable',
    code: 'out._meta = { ...out._meta, [key]: v };',
    errors: [unverifiable(1, 30, 33)],
  },
  {
    name: 'unverifiable: Object.assign(x._meta, { [k]: v })',
    code: 'Object.assign(out._meta, { [key]: v });',
    errors: [unverifiable(1, 29, 32)],
  },
  { name: 'unverifiable: delete x._meta[k]', code: 'delete out._meta[key];', errors: [unverifiable(1, 18, 21)] },
  {
    name: 'unverifiable: an emit key from a parameter',
    code: 'function f(ctx, name, v) { ctx.emitResponseMeta(name, v); }',
    errors: [unverifiable(1, 49, 53)],
  },
  { name: 'unverifiable: a template with expressions', code: 'ctx.emitResponseMeta(`k_${name}`, v);', errors: [unverifiable(1, 22, 33)] },
  {
    name: 'unverifiable: a key held in a `let`',
    code: "let KEY = 'warnings';\nctx.emitResponseMeta(KEY, v);",
    errors: [unverifiable(2, 22, 25)],
  },
  {
    name: 'unverifiable: an emit with spread arguments, reported at the call',
    code: 'ctx.emitResponseMeta(...args);',
    errors: [unverifiable(1, 1, 30)],
  },
  {
    name: 'unverifiable: through an alias',
    code: 'function f(out) { const m = out._meta; m[key] = v; }',
    errors: [unverifiable(1, 42, 45)],
  },
  {
    name: 'allowDynamicKeys: true still reports unregistered literal keys',
    options: ALLOW_DYNAMIC,
    code: 'out._meta[key] = v;\nout._meta.debug = d;',
    errors: [unregistered(2, 11, 16)],
  },
  {
    name: 'allowDynamicKeys: false (the default, given explicitly)',
    options: [{ allowDynamicKeys: false }],
    code: 'out._meta[key] = v;',
    errors: [unverifiable(1, 11, 14)],
  },
  {
    name: 'a wrapper stamping serverInfo: the SDK owns that key, so the advice is to remove the write, not to register it',
    code: `const SERVER_INFO_META_KEY = 'io.modelcontextprotocol/serverInfo';
export function withServerInfo(result) {
  return { ...result, _meta: { ...result._meta, [SERVER_INFO_META_KEY]: { name: 'gw', version: '1.0.0' } } };
}
export function stampLiteral(result) {
  result._meta['io.modelcontextprotocol/serverInfo'] = { name: 'gw', version: '1.0.0' };
}`,
    errors: [
      {
        messageId: 'notServersKey',
        data: {
          where: '`_meta`',
          message:
            "'io.modelcontextprotocol/serverInfo' is written by the server's MCP SDK on every response it sends (MCP, catalogue entry 'mcp.serverInfo'); a handler or wrapper that writes it overrides the SDK's stamp.",
          advice:
            'Remove this write: the SDK fills it from the name and version the server is created with (new McpServer({ name, version })).',
        },
        line: 3,
        column: 50,
      },
      { messageId: 'notServersKey', line: 6, column: 16 },
    ],
  },
  {
    name: 'keys the client writes on requests (progressToken, traceparent, openai/subject) are not a result key to register',
    code: "return { content: [], _meta: { progressToken: 1, traceparent: '00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01', 'openai/subject': 's' } };",
    errors: [
      { messageId: 'notServersKey', line: 1, column: 32 },
      { messageId: 'notServersKey', line: 1, column: 50 },
      { messageId: 'notServersKey', line: 1, column: 122 },
    ],
  },
  {
    name: "a key under MCP's reserved prefix that no catalogue entry names: use your own prefix",
    code: "return { content: [], _meta: { 'io.modelcontextprotocol/timing': 1 } };",
    errors: [
      {
        messageId: 'notServersKey',
        data: {
          where: '`_meta`',
          message: "'io.modelcontextprotocol/timing' uses a prefix MCP reserves for itself, and no catalogue entry names this key.",
          advice:
            'Use your own reverse-DNS prefix (e.g. com.example/name); a key an official MCP extension defines is registered by hand with "external": true.',
        },
        line: 1,
        column: 32,
      },
    ],
  },
];

ruleTester.run('no-unregistered-meta-key', rule, {
  valid: valid.map(inOtherFile),
  invalid: invalid.map(inOtherFile),
});

/**
 * The MCP SDK's own source (its package.json is named `@modelcontextprotocol/…`) stamps the keys MCP keeps for itself:
 * the SDK v2's `stampServerInfoMeta` is not a handler overriding the stamp. A key the other side writes stays reported
 * there, and a gateway package of another name is still told the SDK owns `serverInfo`.
 */
const SDK_FIXTURE = path.join(__dirname, 'sdk-source-fixture/packages');
const STAMP = `const SERVER_INFO_META_KEY = 'io.modelcontextprotocol/serverInfo';
export function stampServerInfoMeta(result, info) {
  if (result._meta?.[SERVER_INFO_META_KEY] !== undefined) return result;
  return { ...result, _meta: { ...result._meta, [SERVER_INFO_META_KEY]: info, 'io.modelcontextprotocol/timing': 1 } };
}`;
ruleTester.run('no-unregistered-meta-key in the MCP SDK itself', rule, {
  valid: [
    { name: "the SDK's own serverInfo stamp and reserved keys", filename: path.join(SDK_FIXTURE, 'core/src/wire/stamp.ts'), code: STAMP },
  ],
  invalid: [
    {
      name: 'a gateway package stamping serverInfo is still told the SDK owns it',
      filename: path.join(SDK_FIXTURE, 'gateway/src/stamp.ts'),
      code: STAMP,
      errors: [
        { messageId: 'notServersKey', line: 4, column: 50 },
        { messageId: 'notServersKey', line: 4, column: 79 },
      ],
    },
    {
      name: "a key the client writes is not the SDK server code's either",
      filename: path.join(SDK_FIXTURE, 'core/src/wire/reply.ts'),
      code: 'return { content: [], _meta: { progressToken: 1 } };',
      errors: [{ messageId: 'notServersKey', line: 1, column: 32 }],
    },
  ],
});
