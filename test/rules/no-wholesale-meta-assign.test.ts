/**
 * no-wholesale-meta-assign (MCP _meta rule 1): producers merge per top-level key; nothing replaces `_meta` wholesale,
 * except the merge layer's first assembly from collected maps. The manifest is docs/examples/mcp-meta.registry.json:
 * search.ts produces `retrieval`, dispatch.ts is the merge layer (and produces `warnings`), the hot-memory hook
 * produces `brain_hot_memory`, eval-*.ts files are ignored, list-pages.ts owns no key.
 */
import rule, { type MessageIds, type Options } from '../../rules/no-wholesale-meta-assign';
import type { InvalidTestCase, ValidTestCase } from '@typescript-eslint/rule-tester';
import { createRuleTester, DISPATCH, EVAL_COMMAND, file, HOT_MEMORY_HOOK, OTHER_FILE, SEARCH_OP } from './rule-tester';

/** The search op written in JavaScript: no types to break, so a re-wrap's merge is an autofix. */
const SEARCH_OP_JS = file('src/core/ops/search.js');

const ruleTester = createRuleTester();

/** Cases without a filename lint src/core/ops/list-pages.ts, a file that owns no key. */
const inOtherFile = <T extends { filename?: string }>(test: T): T => ({ filename: OTHER_FILE, ...test });

const valid: ValidTestCase<Options>[] = [
  {
    // epicweb-dev/epicflare mcp/resources/calculator-app-resource.ts: createUIResource gives `resource` a `_meta` only
    // from `uiMetadata`, `metadata` or `resourceProps` (@mcp-ui/server's getAdditionalResourceProps)
    name: "a re-wrap of @mcp-ui/server's createUIResource(…).resource built from a config giving it no _meta drops nothing",
    code: [
      "import { createUIResource } from '@mcp-ui/server';",
      'export async function read(uri, html, domain) {',
      "  const ui = createUIResource({ uri, content: { type: 'rawHtml', htmlString: html }, encoding: 'text', adapters: { mcpApps: { enabled: true } } });",
      "  return { contents: [{ ...ui.resource, mimeType: 'text/html;profile=mcp-app', _meta: { ui: { prefersBorder: true, domain } } }] };",
      '}',
    ].join('\n'),
  },
  {
    // mcp-plugins/mcp-proxy-wrapper src/proxy-wrapper.ts:190 (02ce54f): the hooks' metadata goes first and the
    // handler's `_meta` last, so the hooks add keys and shadow nothing (rule 4). Moving the spread first would let them
    // shadow the handler's keys.
    name: 'opaque hook fragments spread before the own _meta: a merge that shadows nothing',
    code: [
      'async function finish(toolResult) {',
      '  const finalResult = { ...toolResult.result, _meta: { ...toolResult.metadata, ...toolResult.result._meta } };',
      '  return finalResult;',
      '}',
    ].join('\n'),
  },
  {
    // Rule 4's own hook (`getBrainHotMemoryMeta`, the metaHook producing brain_hot_memory) has a key everyone knows:
    // attaching its fragment under the handler's `_meta` is the spec's precedence ("transport hooks attach after and
    // may add keys but shadow nothing"), known keys or not. Moving the spread first would let the hook shadow them.
    name: "a hook helper whose key is known, spread before the result's own _meta: rule 4's precedence, a merge",
    filename: HOT_MEMORY_HOOK,
    code: [
      'function getBrainHotMemoryMeta(facts) {',
      '  return { brain_hot_memory: { facts } };',
      '}',
      'export function attachHotMemory(result, facts) {',
      '  return { ...result, _meta: { ...getBrainHotMemoryMeta(facts), ...result._meta } };',
      '}',
    ].join('\n'),
  },
  {
    // WaniWani-AI/sdk src/mcp/server/with-waniwani/helpers.ts (632c011): the location fields are stripped from the
    // output's own `_meta` by a helper; what it keeps is the helper's choice, not a replacement.
    name: "a value derived from the object's own _meta by a call (a redacted copy) is no replacement",
    code: [
      'function track(io, stripFields) {',
      '  const output = { ...io.output, _meta: stripLocationFieldsFromMeta(io.output._meta as Record<string, unknown>, stripFields) };',
      '  return output;',
      '}',
    ].join('\n'),
  },
  {
    // solvapay/solvapay-sdk packages/mcp-core/src/helpers.ts:231 (helper round, a false alarm): the result of a
    // same-file function whose every return is a literal without `_meta` carries no key to drop.
    name: 'a re-wrap of what a same-file function returns, a literal without _meta, drops nothing',
    code: [
      'export function toolResult(data: unknown) {',
      "  return { content: [{ type: 'text' as const, text: JSON.stringify(data) }], structuredContent: data as Record<string, unknown> };",
      '}',
      'export function narrated(data: unknown, baseMeta?: Record<string, unknown>) {',
      '  const fallback = toolResult(data);',
      '  return baseMeta ? { ...fallback, _meta: baseMeta } : fallback;',
      '}',
      'export const direct = (data: unknown, meta: Record<string, unknown>) => ({ ...toolResult(data), _meta: meta });',
    ].join('\n'),
  },
  {
    // vercel/ai ed857f50f1 packages/mcp/src/tool/mcp-client.ts:1267 (public code, a false alarm): the MCP client puts
    // each listed tool's `_meta` on the AI SDK tool it builds. `tool(config)` returns its config and `dynamicTool`
    // adds only `type`, so the tool holds the literal's keys, written in sight (a spread of `c ? { k } : {}` too).
    name: 'a re-wrap of an AI SDK tool() / dynamicTool() built from a literal without _meta drops nothing',
    code: [
      "import { dynamicTool, tool } from '@ai-sdk/provider-utils';",
      'export function toolsOf(definitions, schemas, execute) {',
      '  const tools = {};',
      '  for (const { name, description, inputSchema, _meta } of definitions.tools) {',
      '    const outputSchema = schemas[name]?.outputSchema;',
      '    const toolWithExecute =',
      "      schemas === 'automatic'",
      '        ? dynamicTool({ description, inputSchema, execute })',
      '        : tool({ description, inputSchema: schemas[name].inputSchema, ...(outputSchema != null ? { outputSchema } : {}), execute });',
      '    tools[name] = { ...toolWithExecute, _meta };',
      '  }',
      '  return tools;',
      '}',
    ].join('\n'),
  },
  {
    // google-gemini/gemini-cli packages/core/src/agent/legacy-agent-session.ts:441 (public code, a false alarm): the
    // same holds for a method of the class called on `this`, whose every return is a literal without `_meta`.
    name: 'a re-wrap of what a method of the same class returns, a literal without _meta, drops nothing',
    code: [
      'export class Session {',
      '  private counter = 0;',
      '  private nextEventFields() {',
      '    return { id: `e-${this.counter++}`, timestamp: new Date().toISOString() };',
      '  }',
      '  makeUserMessage(content: string, meta?: Record<string, unknown>) {',
      "    return { ...this.nextEventFields(), type: 'message', content, ...(meta ? { _meta: meta } : {}) };",
      '  }',
      '}',
    ].join('\n'),
  },
  {
    // Sunpeak-AI/sunpeak packages/sunpeak/src/inspector/inspector.tsx:1017 (helper round, a false alarm): the delete
    // runs only while `_meta` is undefined, so it drops no key (it removes the own property the line above set).
    name: 'delete x._meta under a test that it is absent drops nothing',
    code: 'export function clean(result) {\n  const out = { ...result };\n  if (out._meta === undefined) delete out._meta;\n  if (!out._meta) {\n    delete out._meta;\n  }\n  return out;\n}',
  },
  {
    // Sunpeak-AI/sunpeak packages/sunpeak/src/inspector/inspector.tsx:1016 (helper round, a false alarm): the rest of
    // `result._meta` (through a cast alias) minus the marker key, given to a copy of `result` under a condition whose
    // other branch is `undefined`. A `const` copy of `result` holds `result._meta` as its own `_meta`.
    name: "a copy of an object given that object's _meta minus a key dropped on purpose: a merge",
    code: [
      'export async function run(caller: Caller, name: string) {',
      '  const result = await caller({ name });',
      '  const resultMeta = (result as Record<string, unknown>)?._meta as',
      '    Record<string, unknown> | undefined;',
      '  const displayResult = resultMeta?._sunpeak',
      '    ? (() => {',
      '        const { _sunpeak: _, ...cleanMeta } = resultMeta;',
      '        const clean = { ...result } as Record<string, unknown>;',
      '        clean._meta = Object.keys(cleanMeta).length > 0 ? cleanMeta : undefined;',
      '        if (clean._meta === undefined) delete clean._meta;',
      '        return clean;',
      '      })()',
      '    : result;',
      '  return displayResult;',
      '}',
    ].join('\n'),
  },
  {
    // sunpeak's inspector, without the copy: the empty branch is chosen only when there is nothing left to keep.
    name: 'the own _meta, or no key when a test of that value says there is nothing to keep',
    code: [
      'export function strip(out) {',
      '  const { _marker: _, ...rest } = out._meta ?? {};',
      '  out._meta = Object.keys(rest).length > 0 ? rest : undefined;',
      '  out._meta = isRecord(out._meta) ? out._meta : {};',
      '}',
    ].join('\n'),
  },
  {
    // MCPJam inspector's part-switch.tsx pins a hand-edited result to another result's `_meta`: written with the edited
    // object's own `_meta` taken out first, there is nothing of it left to drop.
    name: "an object whose _meta is taken out by rest destructuring, given another object's _meta",
    code: [
      'export function pin(edited, anchor) {',
      '  const { _meta: _editedMeta, ...body } = edited;',
      '  return { ...body, _meta: anchor._meta };',
      '}',
    ].join('\n'),
  },
  {
    // MCPJam inspector mcpjam-inspector/client/src/components/chat-v2/thread/part-switch.tsx:381 (6d550c02c), as
    // written: a hand-edited result is pinned to the last run's whole `_meta` so that an edit cannot repoint the widget
    // binding. Another object's whole `_meta` given in place of this one's swaps one received channel for another: no
    // producer writes keys over the edited object's, and spreading `edited._meta` back would restore what the author
    // takes out on purpose.
    name: "a re-wrap given another object's whole _meta (MCPJam's pin): a channel swapped, not keys replaced",
    code: [
      'export function effectiveOutput(edited: unknown, lastRun: { value: unknown } | null, resolved: unknown) {',
      '  const metaAnchor = lastRun ? lastRun.value : resolved;',
      '  if (!isPlainObject(edited)) return metaAnchor;',
      '  return isPlainObject(metaAnchor) ? { ...edited, _meta: metaAnchor._meta } : edited;',
      '}',
    ].join('\n'),
  },
  {
    name: "another object's whole _meta read optionally, through a const, through a cast, or with an empty fallback",
    code: [
      'export async function pin(edited, anchor, run, next) {',
      '  const anchorMeta = anchor._meta;',
      '  const runMeta = run?._meta ?? {};',
      '  return [',
      '    { ...edited, _meta: anchor?._meta },',
      '    { ...edited, _meta: anchorMeta },',
      '    { ...edited, _meta: runMeta },',
      '    { ...edited, _meta: anchor._meta || {} },',
      '    { ...edited, _meta: (anchor as Pinned)._meta },',
      '    { ...(await next()), _meta: anchor._meta },',
      '  ];',
      '}',
    ].join('\n'),
  },
  {
    // MCPJam inspector sdk/src/mcp-client-manager/tool-converters.ts:175 (6d550c02c): the harness hides `_meta` from the
    // model (spec rule 5) on a shallow copy of the result. Deleting a copy's whole `_meta` is the two-statement spelling
    // of `const { _meta, ...copy } = result`: the result keeps every producer's key.
    name: "delete of a shallow copy's whole _meta takes it out of the copy, as rest destructuring does",
    code: [
      'export function scrubMetaFromToolResult(result: CallToolResult): CallToolResult {',
      '  if (!result) return result;',
      '  const copy = { ...result };',
      '  if ((copy as Record<string, unknown>)._meta) {',
      '    delete (copy as Record<string, unknown>)._meta;',
      '  }',
      '  return copy;',
      '}',
      'export function scrubBoth(result) {',
      '  const copy = { ...result, structuredContent: undefined } as Scrubbed;',
      '  delete copy._meta;',
      '  return copy;',
      '}',
    ].join('\n'),
  },
  {
    // What no-dropped-meta asks a relay to write (`...(r._meta && { _meta: r._meta })`, its suggestions' and messages'
    // form) after a spread of another object: carrying the received `_meta` over is not a replacement of that object's.
    name: "no-dropped-meta's carry-over of a received _meta, written after a spread of another object",
    code: [
      'export async function relay(client, defaults, args) {',
      "  const r = await client.callTool({ name: 'a', arguments: args });",
      '  return { ...defaults, ...(r._meta && { _meta: r._meta }), content: r.content };',
      '}',
    ].join('\n'),
  },
  {
    // The same `?:` held in a `const` or spread first reads the same way as one assigned directly.
    name: 'the own _meta or no key, held in a const or spread, chosen by a test of the kept value',
    code: [
      'export function wrap(out) {',
      '  const meta = isRecord(out._meta) ? out._meta : {};',
      '  out._meta = meta;',
      '  out._meta = { ...(out._meta ? out._meta : {}), k: 1 };',
      '}',
    ].join('\n'),
  },
  {
    name: "a copy (through as, satisfies, parentheses, a copy of a copy) merging the copied object's _meta",
    code: [
      'export function stamp(result: ToolResult, other: ToolResult) {',
      '  const copy = ({ ...result, content: [] }) satisfies ToolResult;',
      '  copy._meta = { ...result._meta, k: 1 };',
      '  const again = { ...(copy as ToolResult) };',
      '  again._meta = { ...(result._meta ?? {}), k: 2 };',
      '  Object.assign(again, { _meta: { ...copy._meta, k: 3 } });',
      '  const fromOther = { ...other };',
      '  return [{ ...fromOther, _meta: { ...other._meta, k: 4 } }, copy, again];',
      '}',
    ].join('\n'),
  },
  {
    name: 'an assignment of hook fragments under the own _meta merges',
    filename: SEARCH_OP,
    code: 'out._meta = { ...hookMeta(), ...extra.fragment, ...out._meta };',
  },
  {
    // A gateway drops the upstream's identity on purpose: spreading the rest merges, and nothing asks for `...r._meta`
    // (which would put the dropped key back). Issue 21.
    name: 'the rest of a destructured _meta, minus a key dropped on purpose, counts as a merge',
    code: [
      'async function relay(upstream) {',
      "  const r = await upstream.callTool({ name: 'search' });",
      '  const upstreamMeta: Record<string, unknown> = { ...r._meta };',
      "  delete upstreamMeta['io.modelcontextprotocol/serverInfo'];",
      "  return { ...r, _meta: { ...upstreamMeta, 'com.example/gateway': { hops: 1 } } };",
      '}',
    ].join('\n'),
  },
  // Merges per key.
  { name: 'owner writes its key per key: x._meta.k = v', filename: SEARCH_OP, code: 'out._meta.retrieval = stats;' },
  { name: "owner writes its key per key: x._meta['k'] = v", filename: SEARCH_OP, code: "out._meta['retrieval'] = stats;" },
  { name: 'owner deletes its own key: delete x._meta.k', filename: SEARCH_OP, code: 'delete out._meta.retrieval;' },
  { name: 'Object.assign(x._meta, { k }) merges per key', filename: SEARCH_OP, code: 'Object.assign(out._meta, { retrieval });' },
  { name: 'a literal that first spreads the same _meta', filename: SEARCH_OP, code: 'out._meta = { ...out._meta, retrieval: stats };' },
  { name: 'spread of `x._meta ?? {}` first, then a fragment', code: 'out._meta = { ...(out._meta ?? {}), ...fragment };' },
  // `Object.assign` copying its own `_meta` first is the same merge (a public server stamps its identity this way).
  { name: 'Object.assign({}, x._meta, fragment) copies x._meta first', code: 'out._meta = Object.assign({}, out._meta, fragment);' },
  {
    name: "Object.assign({}, x._meta || {}, a helper's fragment)",
    code: 'result._meta = Object.assign({}, result._meta || {}, serverInfoMeta());',
  },
  { name: 'Object.assign(x._meta ?? {}, ...fragments) into x._meta', code: 'out._meta = Object.assign(out._meta ?? {}, ...fragments);' },
  { name: 'x!._meta merged through its own spread', code: 'out!._meta = { ...out._meta, ...fragment };' },
  {
    name: '(x as R)._meta merged through its own spread',
    code: '(out as ToolResult)._meta = { ...(out as ToolResult)._meta, ...fragment };',
  },
  { name: '<R>x merged through its own spread', code: '(<ToolResult>out)._meta = { ...out!._meta, ...fragment };' },
  { name: 'x satisfies R merged through its own spread', code: '(res satisfies ToolResult)._meta = { ...res._meta, ...fragment };' },
  { name: 'the merged literal itself wrapped: { ...x._meta } as Meta', code: 'out._meta = { ...out._meta, ...fragment } as Meta;' },
  { name: 'x._meta ??= {} initialises, it replaces nothing', code: 'out._meta ??= {};' },
  { name: 'x._meta ||= {} initialises, it replaces nothing', code: 'out._meta ||= {};' },
  {
    name: 'x._meta = x._meta ?? {} / || {} only create a missing _meta',
    code: 'out._meta = out._meta ?? {};\nout!._meta = (out._meta as Meta) || {};',
  },
  {
    name: 'a write guarded by the absence of _meta creates it, it drops nothing',
    filename: SEARCH_OP,
    code: 'if (!out._meta) out._meta = {};\nif (!res._meta) { res._meta = { retrieval }; }\nif (a._meta === undefined) a._meta = {};\nif (null == b._meta) b._meta = {};',
  },
  {
    name: 'Object.assign(x, { _meta }) whose value spreads x._meta first',
    filename: SEARCH_OP,
    code: 'Object.assign(out, { _meta: { ...out._meta, retrieval } });',
  },
  {
    name: 'a re-wrapped result that keeps its _meta',
    filename: SEARCH_OP,
    code: 'function wrap(result) { return { ...result, _meta: { ...result._meta, retrieval } }; }',
  },
  { name: 'a fresh tool result carrying _meta: { content, _meta }', code: 'function handle(_meta) { return { content: [], _meta }; }' },
  {
    name: 'a fresh tool result with a _meta literal',
    filename: SEARCH_OP,
    code: 'function handle() { return { content: [], _meta: { retrieval: stats } }; }',
  },
  // Other write shapes: never wholesale.
  {
    name: 'emitter calls (method, bare, optional-chained; key literal, const, template, dynamic)',
    filename: SEARCH_OP,
    code: "const KEY = 'retrieval';\nctx.emitResponseMeta('retrieval', stats);\nemitResponseMeta(KEY, stats);\nctx.emitResponseMeta?.(`retrieval`, stats);\nctx?.emitResponseMeta(name, stats);",
  },
  {
    name: 'hook calls',
    filename: DISPATCH,
    code: 'const extra = await opts.metaHook(request, result);\nopts.metaHook?.(request, result);',
  },
  {
    name: 'a hookFunctions return literal is a fragment, not a replacement',
    filename: HOT_MEMORY_HOOK,
    code: 'export function getBrainHotMemoryMeta() { return { brain_hot_memory: { facts: [] } }; }',
  },
  {
    name: 'a hookFunctions return through a const',
    filename: HOT_MEMORY_HOOK,
    code: 'export const getBrainHotMemoryMeta = () => { const meta = { brain_hot_memory: {} }; return meta; };',
  },
  {
    name: 'writes through an alias are per key',
    filename: SEARCH_OP,
    code: 'function f(out) { const m = out._meta; m.retrieval = stats; delete m.retrieval; }',
  },
  // The merge layer's first assembly.
  {
    name: 'merge layer: assembling _meta from collected maps as the first write, then per key',
    filename: DISPATCH,
    code: `
async function dispatch(op, params) {
  const collected = {};
  const out = await op.handler(params, { emitResponseMeta: (key, value) => { collected[key] = value; } });
  out._meta = { ...collected, ...hooked };
  out._meta.warnings = warnings;
  return out;
}
`,
  },
  {
    name: 'merge layer: a read before the assembly is not a write',
    filename: DISPATCH,
    code: 'function f(out) { const previous = out._meta; out._meta = { ...collected }; }',
  },
  {
    name: 'merge layer: first assembly in each function',
    filename: DISPATCH,
    code: 'function a(out) { out._meta = { ...collected }; }\nfunction b(out) { out._meta = { ...collected }; }',
  },
  {
    name: 'merge layer: another object written first does not count',
    filename: DISPATCH,
    code: 'function f(out, other) { other._meta.warnings = w; out._meta = { ...collected }; }',
  },
  {
    name: 'merge layer: a write through a `let` alias given another object first does not count',
    filename: DISPATCH,
    code: 'function f(out) { let m = out._meta; m = copy(out._meta); m.warnings = w; out._meta = { ...collected }; }',
  },
  {
    name: 'merge layer: a write in a nested callback does not count',
    filename: DISPATCH,
    code: 'function f(out) { const emit = (k, v) => { out._meta[k] = v; }; out._meta = { ...collected }; }',
  },
  {
    name: 'merge layer: assemblies in the two branches of an if are each the first write',
    filename: DISPATCH,
    code: 'function f(out) { if (failed) { out._meta = { ...collected }; } else { out._meta = { ...collected, ...hooked }; } }',
  },
  {
    name: 'merge layer: assemblies in the two branches of ?:',
    filename: DISPATCH,
    code: 'function f(out) { failed ? (out._meta = { ...collected }) : (out._meta = { ...hooked }); }',
  },
  {
    name: 'merge layer: a write on a path that returns before the assembly',
    filename: DISPATCH,
    code: `
async function dispatch(op, params) {
  const out = await op.handler(params);
  if (out.isError) {
    out._meta = { ...collected };
    return out;
  }
  out._meta = { ...collected, ...hooked };
  return out;
}
`,
  },
  {
    name: 'merge layer: first assembly as a re-wrapped result',
    filename: DISPATCH,
    code: 'function f(result) { return { ...result, _meta: { ...collected, ...hooked } }; }',
  },
  {
    name: 'merge layer: first assembly through Object.assign(x, { _meta })',
    filename: DISPATCH,
    code: 'function f(out) { Object.assign(out, { _meta: { ...collected } }); }',
  },
  // Never reported.
  {
    name: 'reads of _meta',
    code: "const m = result._meta;\nconst r = result._meta.retrieval;\nif (result._meta?.retrieval) log(result['_meta']);\nconsole.log({ ...result._meta });",
  },
  {
    name: 'an ignore file (eval JSON bodies)',
    filename: EVAL_COMMAND,
    code: 'out._meta = { metric_glossary: glossary };\ndelete out._meta;\nconst r = { ...result, _meta: {} };',
  },
  {
    name: 'tool arguments: the inbound _meta plane',
    code: "params._meta = { session_id: 's' };\nrequest.params._meta = {};\ndelete args._meta;\nObject.assign(input, { _meta: {} });",
  },
  {
    name: 'JSON bodies are not tool results',
    code: 'res.json({ ...result, _meta: { metric_glossary: glossary } });\nconst text = JSON.stringify({ ...result, _meta });\nconst body = { rows, _meta: { total } };',
  },
  {
    name: 'names that only look alike: _metadata, meta, edge_meta',
    code: 'x._metadata = {};\nx.meta = {};\nx.edge_meta = {};\ndelete x.meta;\nObject.assign(x, { meta: {}, _metadata: {} });\nconst r = { ...result, meta: {}, edge_meta: {} };',
  },
  {
    // 2nd1st/open-mcp-apps src/tools/apps.mjs:220 (6f6d2fd): a const that is one of two literals written in sight
    // (`shared ? {} : { cacheHint }`) holds no `_meta` of anyone's: the new resource config creates it.
    name: 'a re-wrap of a const holding one of two literals, neither with a _meta, drops nothing',
    code: [
      'export function register(server, shared, uri, cb) {',
      '  const loaderHint = shared ? { cacheHint: 1 } : {};',
      "  registerAppResource(server, 'loader', uri, { mimeType: 'text/html', ...loaderHint, _meta: { retrieval: 1 } }, cb);",
      '}',
    ].join('\n'),
  },
  {
    // 2nd1st/open-mcp-apps src/mcp-apps.mjs:31 (6f6d2fd): `out` is the config's own `_meta`, or a copy of it with one key
    // added, whichever branch runs: the re-wrapped config keeps every key it had.
    name: 'a let holding the own _meta or a literal spreading it first, re-wrapped, drops nothing',
    filename: SEARCH_OP_JS,
    code: [
      'export function registerAppTool(server, name, config, handler) {',
      "  const m = config._meta, nested = m.ui, flat = m['ui/resourceUri'];",
      '  let out = m;',
      "  if (nested?.resourceUri && !flat) out = { ...m, 'ui/resourceUri': nested.resourceUri };",
      '  else if (flat && !nested?.resourceUri) out = { ...m, ui: { ...nested, resourceUri: flat } };',
      '  return server.registerTool(name, { ...config, _meta: out }, handler);',
      '}',
    ].join('\n'),
  },
];

/**
 * A resource read callback re-wrapping `@mcp-ui/server`'s `createUIResource({ CONFIG }).resource` with a new `_meta`,
 * reported at the `_meta` with the merge suggestion (the config gives the resource a `_meta` of its own).
 */
function uiResourceRewrap(name: string, config: string): InvalidTestCase<MessageIds, Options> {
  const lines = (meta: string) =>
    [
      "import { createUIResource } from '@mcp-ui/server';",
      'export async function read(uri, html, options, domain) {',
      `  const ui = createUIResource({ ${config} });`,
      `  return { contents: [{ ...ui.resource, mimeType: 'text/html;profile=mcp-app', _meta: { ${meta}ui: { prefersBorder: true, domain } } }] };`,
      '}',
    ].join('\n');
  return {
    name,
    code: lines(''),
    errors: [
      {
        messageId: 'rewrapResult',
        line: 4,
        column: 80,
        suggestions: [{ messageId: 'suggestMerge', output: lines('...(ui.resource as { _meta?: Record<string, unknown> })._meta, ') }],
      },
    ],
  };
}

const invalid: InvalidTestCase<MessageIds, Options>[] = [
  uiResourceRewrap(
    'a re-wrap of createUIResource(…).resource built with uiMetadata drops the _meta it gave the resource',
    "uri, content: { type: 'rawHtml', htmlString: html }, encoding: 'text', uiMetadata: { 'preferred-frame-size': ['800px', '600px'] }",
  ),
  uiResourceRewrap(
    'a re-wrap of createUIResource(…).resource built from a config that spreads another object drops what it may carry',
    '...options',
  ),
  {
    // A `let` one of whose values is no literal (a call's) may hold anyone's `_meta`: it is no literal written in sight.
    name: "a re-wrap of a let holding a call's value or a literal drops the call's _meta",
    filename: SEARCH_OP_JS,
    code: [
      'export function register(server, shared, base, uri, cb) {',
      '  let hint = base();',
      '  if (shared) hint = {};',
      "  registerAppResource(server, 'loader', uri, { ...hint, _meta: { retrieval: 1 } }, cb);",
      '}',
    ].join('\n'),
    output: [
      'export function register(server, shared, base, uri, cb) {',
      '  let hint = base();',
      '  if (shared) hint = {};',
      "  registerAppResource(server, 'loader', uri, { ...hint, _meta: { ...hint._meta, retrieval: 1 } }, cb);",
      '}',
    ].join('\n'),
    errors: [{ messageId: 'rewrapResult', data: { target: 'hint' }, line: 4, column: 57 }],
  },
  {
    // One value of the `let` is a new literal without the own `_meta`: when that branch runs, its keys are dropped.
    name: 'a let one of whose values is a literal not spreading the own _meta, re-wrapped, drops its keys',
    filename: SEARCH_OP_JS,
    code: [
      'export function registerAppTool(server, name, config, handler) {',
      '  const m = config._meta;',
      '  let out = m;',
      '  if (!m.ui) out = { ui: { resourceUri: name } };',
      '  return server.registerTool(name, { ...config, _meta: out }, handler);',
      '}',
    ].join('\n'),
    output: null,
    errors: [{ messageId: 'rewrapResult', data: { target: 'config' }, line: 5, column: 49, suggestions: [] }],
  },
  {
    // The same const where a branch spreads another object: that object's `_meta` may come along, and is dropped.
    name: "a re-wrap of a const one of whose literals spreads another object drops that object's _meta",
    code: [
      'export function register(server, shared, base, uri, cb) {',
      '  const loaderHint = shared ? { ...base } : {};',
      "  registerAppResource(server, 'loader', uri, { mimeType: 'text/html', ...loaderHint, _meta: { retrieval: 1 } }, cb);",
      '}',
    ].join('\n'),
    output: null,
    errors: [
      {
        messageId: 'rewrapResult',
        data: { target: 'loaderHint' },
        line: 3,
        column: 86,
        suggestions: [
          {
            messageId: 'suggestMerge',
            output: [
              'export function register(server, shared, base, uri, cb) {',
              '  const loaderHint = shared ? { ...base } : {};',
              "  registerAppResource(server, 'loader', uri, { mimeType: 'text/html', ...loaderHint, _meta: { ...(loaderHint as { _meta?: Record<string, unknown> })._meta, retrieval: 1 } }, cb);",
              '}',
            ].join('\n'),
          },
        ],
      },
    ],
  },
  {
    name: "a re-wrap of what a same-file function returns with the caller's _meta drops that _meta",
    code: [
      'function toolResult(data, meta) {',
      '  return { content: [{ type: "text", text: String(data) }], _meta: meta };',
      '}',
      'export function narrated(data, meta, extra) {',
      '  const r = toolResult(data, meta);',
      '  return { ...r, _meta: extra };',
      '}',
    ].join('\n'),
    errors: [{ messageId: 'rewrapResult', line: 6, column: 18 }],
  },
  {
    name: 'a re-wrap of an AI SDK tool() built from a config that spreads another object drops what it may carry',
    code: [
      "import { tool } from 'ai';",
      'export function wrap(definition, execute, meta) {',
      '  const built = tool({ ...definition, execute });',
      '  return { ...built, _meta: meta };',
      '}',
    ].join('\n'),
    errors: [{ messageId: 'rewrapResult', line: 4, column: 22 }],
  },
  {
    name: 'a re-wrap of a tool() that is not the AI SDK helper is still followed only as a same-file function',
    code: [
      "import { tool } from './registry';",
      'export function wrap(execute, meta) {',
      '  const built = tool({ description: "d", execute });',
      '  return { ...built, _meta: meta };',
      '}',
    ].join('\n'),
    errors: [{ messageId: 'rewrapResult', line: 4, column: 22 }],
  },
  {
    name: "a re-wrap of what a method of the same class returns with the caller's _meta drops that _meta",
    code: [
      'export class Session {',
      '  fields(meta) {',
      '    return { id: 1, _meta: meta };',
      '  }',
      '  make(meta, extra) {',
      '    return { ...this.fields(meta), _meta: extra };',
      '  }',
      '}',
    ].join('\n'),
    errors: [{ messageId: 'rewrapResult', line: 6, column: 36 }],
  },
  {
    // A copy of `result` holds `result._meta`: a new literal still drops its keys, and the fix merges the copy's own.
    name: "a copy given a new _meta drops the copied object's keys",
    code: 'export function stamp(result) {\n  const clean = { ...result };\n  clean._meta = { k: 1 };\n  return clean;\n}',
    output:
      'export function stamp(result) {\n  const clean = { ...result };\n  clean._meta = { ...clean._meta, k: 1 };\n  return clean;\n}',
    errors: [{ messageId: 'replaceMeta', data: { target: 'clean' }, line: 3, column: 3, suggestions: [] }],
  },
  {
    // The empty branch chosen by anything but the kept value drops every key when it is taken.
    name: 'the own _meta or nothing, chosen by a test of something else',
    code: 'export function strip(out, keep) {\n  out._meta = keep ? out._meta : undefined;\n}',
    output: null,
    errors: [{ messageId: 'replaceMeta', data: { target: 'out' }, line: 2, column: 3, suggestions: [] }],
  },
  {
    // Held in a `const` or spread first, the `?:` that tests something else drops every key all the same.
    name: 'the own _meta or nothing, held in a const or spread, chosen by a test of something else',
    code: [
      'export function strip(out, keep) {',
      '  const meta = keep ? out._meta : undefined;',
      '  out._meta = meta;',
      '  out._meta = { ...(keep ? out._meta : {}), k: 1 };',
      '}',
    ].join('\n'),
    // The spread's merge fix (the first element spreads the own `_meta`); the `const` has none.
    output: [
      'export function strip(out, keep) {',
      '  const meta = keep ? out._meta : undefined;',
      '  out._meta = meta;',
      '  out._meta = { ...out._meta, ...(keep ? out._meta : {}), k: 1 };',
      '}',
    ].join('\n'),
    errors: [
      { messageId: 'replaceMeta', data: { target: 'out' }, line: 3, column: 3, suggestions: [] },
      { messageId: 'replaceMeta', data: { target: 'out' }, line: 4, column: 3, suggestions: [] },
    ],
  },
  {
    // Only a copy that leaves `_meta` as the copied object's shares it: a later `_meta`, a spread that may carry one or a
    // key not known statically makes the copy's `_meta` another, which `{ ...result._meta, … }` drops.
    name: "an object built from another one whose later elements may set _meta is no copy of that object's _meta",
    code: [
      'export function stamp(result, extra, key) {',
      '  const own = { ...result, _meta: { ...result._meta, a: 1 } };',
      '  own._meta = { ...result._meta, k: 1 };',
      '  const spread = { ...result, ...extra };',
      '  spread._meta = { ...result._meta, k: 2 };',
      '  const keyed = { ...result, [key]: {} };',
      '  keyed._meta = { ...result._meta, k: 3 };',
      '  return [own, spread, keyed];',
      '}',
    ].join('\n'),
    output: [
      'export function stamp(result, extra, key) {',
      '  const own = { ...result, _meta: { ...result._meta, a: 1 } };',
      '  own._meta = { ...own._meta, ...result._meta, k: 1 };',
      '  const spread = { ...result, ...extra };',
      '  spread._meta = { ...spread._meta, ...result._meta, k: 2 };',
      '  const keyed = { ...result, [key]: {} };',
      '  keyed._meta = { ...keyed._meta, ...result._meta, k: 3 };',
      '  return [own, spread, keyed];',
      '}',
    ].join('\n'),
    errors: [
      { messageId: 'replaceMeta', data: { target: 'own' }, line: 3, column: 3, suggestions: [] },
      { messageId: 'replaceMeta', data: { target: 'spread' }, line: 5, column: 3, suggestions: [] },
      { messageId: 'replaceMeta', data: { target: 'keyed' }, line: 7, column: 3, suggestions: [] },
    ],
  },
  {
    name: "a copy of another object re-wrapped with this object's _meta drops the copy's keys",
    code: 'export function stamp(result, extra) {\n  const other = { ...extra };\n  return { ...other, _meta: { ...result._meta, k: 4 } };\n}',
    output: null,
    errors: [
      {
        messageId: 'rewrapResult',
        data: { target: 'other' },
        line: 3,
        column: 22,
        suggestions: [
          {
            messageId: 'suggestMerge',
            output:
              'export function stamp(result, extra) {\n  const other = { ...extra };\n  return { ...other, _meta: { ...(other as { _meta?: Record<string, unknown> })._meta, ...result._meta, k: 4 } };\n}',
          },
        ],
      },
    ],
  },
  {
    name: "a value derived from another object's _meta replaces this one's",
    code: 'function track(io, other) {\n  return { ...io.output, _meta: redact(other._meta) };\n}',
    errors: [{ messageId: 'rewrapResult', line: 2, column: 26 }],
  },
  {
    // Only another object's whole `_meta` is a swap of channels: a part of a `_meta` (the re-wrapped object's own or
    // another's), a fallback with keys of its own, a helper's fragment or a literal still writes over the keys the
    // re-wrapped object holds.
    name: "a re-wrap given a part of a _meta, a fallback with keys, a helper's fragment or a literal still replaces",
    code: [
      'export function pin(edited, anchor, defaults) {',
      '  return [',
      '    { ...edited, _meta: edited._meta.ui },',
      '    { ...edited, _meta: anchor._meta.ui },',
      '    { ...edited, _meta: anchor._meta ?? defaults },',
      '    { ...edited, _meta: fragment() },',
      '    { ...edited, _meta: { k: 1 } },',
      '  ];',
      '}',
    ].join('\n'),
    output: null,
    errors: [
      { messageId: 'rewrapResult', data: { target: 'edited' }, line: 3, column: 18, suggestions: [] },
      { messageId: 'rewrapResult', data: { target: 'edited' }, line: 4, column: 18, suggestions: [] },
      { messageId: 'rewrapResult', data: { target: 'edited' }, line: 5, column: 18, suggestions: [] },
      { messageId: 'rewrapResult', data: { target: 'edited' }, line: 6, column: 18, suggestions: [] },
      {
        messageId: 'rewrapResult',
        data: { target: 'edited' },
        line: 7,
        column: 18,
        suggestions: [
          {
            messageId: 'suggestMerge',
            output: [
              'export function pin(edited, anchor, defaults) {',
              '  return [',
              '    { ...edited, _meta: edited._meta.ui },',
              '    { ...edited, _meta: anchor._meta.ui },',
              '    { ...edited, _meta: anchor._meta ?? defaults },',
              '    { ...edited, _meta: fragment() },',
              '    { ...edited, _meta: { ...(edited as { _meta?: Record<string, unknown> })._meta, k: 1 } },',
              '  ];',
              '}',
            ].join('\n'),
          },
        ],
      },
    ],
  },
  {
    // Written into the object in place, another object's `_meta` still takes the place of the keys others put there.
    name: "x._meta = another object's _meta, in place, replaces the keys x._meta holds",
    code: 'export function pin(edited, anchor) {\n  edited._meta = anchor._meta;\n}',
    output: null,
    errors: [{ messageId: 'replaceMeta', data: { target: 'edited' }, line: 2, column: 3, suggestions: [] }],
  },
  {
    name: "Object.assign({}, another object's _meta, fragment) replaces x._meta",
    filename: SEARCH_OP,
    code: 'out._meta = Object.assign({}, upstream._meta, fragment);',
    output: null,
    errors: [{ messageId: 'replaceMeta', data: { target: 'out' }, line: 1, column: 1, suggestions: [] }],
  },
  {
    name: 'x._meta = E: autofix spreads x._meta first',
    filename: SEARCH_OP,
    code: 'out._meta = { retrieval: stats };',
    output: 'out._meta = { ...out._meta, retrieval: stats };',
    errors: [{ messageId: 'replaceMeta', data: { target: 'out' }, line: 1, column: 1, endLine: 1, endColumn: 33, suggestions: [] }],
  },
  {
    // The catch replaced `_meta`, so require-producer-isolation says so of both producers of its try; once the merge
    // mends the catch, the try they share is what is left, and it was reported from the start (every verdict at once).
    name: 'a catch that replaces _meta under a try two producers share: the merge mends the catch and reveals nothing',
    filename: SEARCH_OP,
    code: `export async function search(ctx, store, q, out, stats) {
  try {
    ctx.emitResponseMeta('retrieval', await store.describe(q));
    ctx.emitResponseMeta('retrieval', await store.describe(q + ' (expanded)'));
  } catch {
    out._meta = { retrieval: stats };
  }
}`,
    output: `export async function search(ctx, store, q, out, stats) {
  try {
    ctx.emitResponseMeta('retrieval', await store.describe(q));
    ctx.emitResponseMeta('retrieval', await store.describe(q + ' (expanded)'));
  } catch {
    out._meta = { ...out._meta, retrieval: stats };
  }
}`,
    errors: [{ messageId: 'replaceMeta', data: { target: 'out' }, line: 6, column: 5, suggestions: [] }],
  },
  {
    name: "x['_meta'] = E",
    filename: SEARCH_OP,
    code: "out['_meta'] = { retrieval: stats };",
    output: "out['_meta'] = { ...out['_meta'], retrieval: stats };",
    errors: [{ messageId: 'replaceMeta', line: 1, column: 1, endLine: 1, endColumn: 36, suggestions: [] }],
  },
  {
    name: 'x!._meta = E: the spread keeps the non-null assertion',
    filename: SEARCH_OP,
    code: 'out!._meta = { retrieval: stats };',
    output: 'out!._meta = { ...out!._meta, retrieval: stats };',
    errors: [{ messageId: 'replaceMeta', data: { target: 'out' }, line: 1, column: 1, suggestions: [] }],
  },
  {
    name: '(x as R)._meta = E',
    filename: SEARCH_OP,
    code: '(out as ToolResult)._meta = { retrieval: stats };',
    output: '(out as ToolResult)._meta = { ...(out as ToolResult)._meta, retrieval: stats };',
    errors: [{ messageId: 'replaceMeta', data: { target: 'out' }, line: 1, column: 1, suggestions: [] }],
  },
  {
    name: '(<R>x)._meta = E',
    filename: SEARCH_OP,
    code: '(<ToolResult>out)._meta = { retrieval: stats };',
    output: '(<ToolResult>out)._meta = { ...(<ToolResult>out)._meta, retrieval: stats };',
    errors: [{ messageId: 'replaceMeta', line: 1, column: 1, suggestions: [] }],
  },
  {
    name: '(x satisfies R)._meta = E',
    filename: SEARCH_OP,
    code: '(res satisfies ToolResult)._meta = { retrieval: stats };',
    output: '(res satisfies ToolResult)._meta = { ...(res satisfies ToolResult)._meta, retrieval: stats };',
    errors: [{ messageId: 'replaceMeta', line: 1, column: 1, suggestions: [] }],
  },
  {
    name: 'the value wrapped: x._meta = { k } as Meta',
    filename: SEARCH_OP,
    code: 'out._meta = { retrieval: stats } as Meta;',
    output: 'out._meta = { ...out._meta, retrieval: stats } as Meta;',
    errors: [{ messageId: 'replaceMeta', line: 1, column: 1, endColumn: 41, suggestions: [] }],
  },
  {
    name: 'a multi-line literal: the spread gets its own line, indented like the first property',
    filename: SEARCH_OP,
    code: 'function f(out) {\n  out._meta = {\n    retrieval: stats,\n  };\n}',
    output: 'function f(out) {\n  out._meta = {\n    ...out._meta,\n    retrieval: stats,\n  };\n}',
    errors: [{ messageId: 'replaceMeta', line: 2, column: 3, endLine: 4, endColumn: 4, suggestions: [] }],
  },
  {
    name: 'x._meta = {} empties _meta',
    code: 'out._meta = {};',
    output: 'out._meta = { ...out._meta };',
    errors: [{ messageId: 'replaceMeta', line: 1, column: 1, suggestions: [] }],
  },
  {
    name: 'x._meta = fragment: no literal to fix',
    code: 'out._meta = fragment;',
    output: null,
    errors: [{ messageId: 'replaceMeta', line: 1, column: 1, endColumn: 21, suggestions: [] }],
  },
  {
    name: 'the own _meta spread last: its values win, the fix moves it first',
    filename: SEARCH_OP,
    code: 'out._meta = { retrieval: stats, ...out._meta };',
    output: 'out._meta = { ...out._meta, retrieval: stats };',
    errors: [{ messageId: 'spreadMetaFirst', data: { target: 'out' }, line: 1, column: 1, suggestions: [] }],
  },
  {
    name: 'a key of its own before a fragment and the own _meta spread last: still a late spread',
    filename: SEARCH_OP,
    code: 'out._meta = { ...hookMeta(), retrieval: stats, ...out._meta };',
    output: 'out._meta = { ...out._meta, ...hookMeta(), retrieval: stats };',
    errors: [{ messageId: 'spreadMetaFirst', data: { target: 'out' }, line: 1, column: 1, suggestions: [] }],
  },
  {
    name: 'the own _meta spread last, multi-line, with `?? {}`',
    filename: SEARCH_OP,
    code: 'out._meta = {\n  retrieval: stats,\n  ...(out._meta ?? {}),\n};',
    output: 'out._meta = {\n  ...(out._meta ?? {}),\n  retrieval: stats,\n};',
    errors: [{ messageId: 'spreadMetaFirst', line: 1, column: 1, endLine: 4, endColumn: 2, suggestions: [] }],
  },
  {
    name: 'a target with side effects: suggestion only',
    filename: SEARCH_OP,
    code: 'getResult()._meta = { retrieval: stats };',
    output: null,
    errors: [
      {
        messageId: 'replaceMeta',
        data: { target: 'getResult()' },
        line: 1,
        column: 1,
        suggestions: [{ messageId: 'suggestMerge', output: 'getResult()._meta = { ...getResult()._meta, retrieval: stats };' }],
      },
    ],
  },
  {
    name: 'a computed member target: suggestion only',
    filename: SEARCH_OP,
    code: 'results[i]._meta = { retrieval: stats };',
    output: null,
    errors: [
      {
        messageId: 'replaceMeta',
        line: 1,
        column: 1,
        suggestions: [{ messageId: 'suggestMerge', output: 'results[i]._meta = { ...results[i]._meta, retrieval: stats };' }],
      },
    ],
  },
  {
    // Only a copy's `_meta` is taken out of a new object: the object itself, or one built with a `_meta` (or a later
    // spread that may carry one) of its own, still loses the keys others put there.
    name: 'delete of the _meta of an object that is no shallow copy, or of the copied object itself',
    code: [
      'export function scrub(result, extra, meta) {',
      '  const own = { content: result.content, _meta: meta };',
      '  delete own._meta;',
      '  const merged = { ...result, ...extra };',
      '  delete merged._meta;',
      '  const copy = { ...result };',
      '  delete result._meta;',
      '  return [own, merged, copy];',
      '}',
    ].join('\n'),
    output: null,
    errors: [
      { messageId: 'deleteMeta', data: { target: 'own' }, line: 3, column: 3, suggestions: [] },
      { messageId: 'deleteMeta', data: { target: 'merged' }, line: 5, column: 3, suggestions: [] },
      { messageId: 'deleteMeta', data: { target: 'result' }, line: 7, column: 3, suggestions: [] },
    ],
  },
  {
    name: "delete x._meta: no fix (which key is this file's is for a human to say)",
    code: 'delete out._meta;',
    output: null,
    errors: [{ messageId: 'deleteMeta', data: { target: 'out' }, line: 1, column: 1, endColumn: 17, suggestions: [] }],
  },
  {
    name: 'delete (x as R)._meta',
    code: 'delete (out as ToolResult)._meta;',
    output: null,
    errors: [{ messageId: 'deleteMeta', line: 1, column: 1, suggestions: [] }],
  },
  {
    name: 'Object.assign(x, { _meta: E }) in JavaScript: fixed',
    filename: SEARCH_OP_JS,
    code: 'Object.assign(out, { _meta: { retrieval } });',
    output: 'Object.assign(out, { _meta: { ...out._meta, retrieval } });',
    errors: [{ messageId: 'objectAssignMeta', data: { target: 'out' }, line: 1, column: 1, endColumn: 45, suggestions: [] }],
  },
  {
    // `out._meta` is TS2339 where out's type has no `_meta`; without types the rule cannot know (issue 25).
    name: 'Object.assign(x, { _meta: E }) in TypeScript without types: suggestion only',
    filename: SEARCH_OP,
    code: 'Object.assign(out, { _meta: { retrieval } });',
    output: null,
    errors: [
      {
        messageId: 'objectAssignMeta',
        data: { target: 'out' },
        line: 1,
        column: 1,
        endColumn: 45,
        suggestions: [
          {
            messageId: 'suggestMerge',
            output: 'Object.assign(out, { _meta: { ...(out as { _meta?: Record<string, unknown> })._meta, retrieval } });',
          },
        ],
      },
    ],
  },
  {
    name: 'Object.assign(call(), { _meta: E }): suggestion only',
    filename: SEARCH_OP,
    code: 'Object.assign(makeResult(), { _meta: { retrieval } });',
    output: null,
    errors: [
      {
        messageId: 'objectAssignMeta',
        line: 1,
        column: 1,
        suggestions: [
          {
            messageId: 'suggestMerge',
            output:
              'Object.assign(makeResult(), { _meta: { ...(makeResult() as { _meta?: Record<string, unknown> })._meta, retrieval } });',
          },
        ],
      },
    ],
  },
  {
    name: 'Object.assign(x, { _meta: fragment }): no literal to fix',
    code: 'Object.assign(out, { _meta: fragment });',
    output: null,
    errors: [{ messageId: 'objectAssignMeta', line: 1, column: 1, suggestions: [] }],
  },
  {
    name: '{ ...result, _meta: E } re-wrapping, reported at the _meta property (JavaScript: fixed)',
    filename: SEARCH_OP_JS,
    code: 'function wrap(result) { return { ...result, _meta: { retrieval } }; }',
    output: 'function wrap(result) { return { ...result, _meta: { ...result._meta, retrieval } }; }',
    errors: [{ messageId: 'rewrapResult', data: { target: 'result' }, line: 1, column: 45, endColumn: 65, suggestions: [] }],
  },
  {
    name: '{ ...result, _meta: E } re-wrapping in TypeScript without types: suggestion only',
    filename: SEARCH_OP,
    code: 'function wrap(result) { return { ...result, _meta: { retrieval } }; }',
    output: null,
    errors: [
      {
        messageId: 'rewrapResult',
        data: { target: 'result' },
        line: 1,
        column: 45,
        endColumn: 65,
        suggestions: [
          {
            messageId: 'suggestMerge',
            output:
              'function wrap(result) { return { ...result, _meta: { ...(result as { _meta?: Record<string, unknown> })._meta, retrieval } }; }',
          },
        ],
      },
    ],
  },
  {
    name: '{ ...(result as R), _meta: E }',
    filename: SEARCH_OP,
    code: 'const wrapped = { ...(response as ToolResult), _meta: { retrieval } };',
    output: null,
    errors: [
      {
        messageId: 'rewrapResult',
        data: { target: 'response' },
        line: 1,
        column: 48,
        suggestions: [
          {
            messageId: 'suggestMerge',
            output:
              'const wrapped = { ...(response as ToolResult), _meta: { ...(response as { _meta?: Record<string, unknown> })._meta, retrieval } };',
          },
        ],
      },
    ],
  },
  {
    name: '{ ...await next(), _meta: E }: the message names a variable to hold the result, not `await next()._meta`',
    filename: SEARCH_OP,
    code: 'async function wrap(next) { return { ...await next(), _meta: { retrieval } }; }',
    output: null,
    errors: [
      {
        messageId: 'rewrapAwaited',
        data: { awaited: 'await next()' },
        line: 1,
        column: 55,
        suggestions: [],
      },
    ],
  },
  {
    name: 'Object.assign(c ? a : b, { _meta }): the message parenthesizes the target before `._meta`',
    filename: SEARCH_OP,
    code: 'Object.assign(c ? a : b, { _meta: { retrieval } });',
    output: null,
    errors: [
      {
        messageId: 'objectAssignMeta',
        data: { target: '(c ? a : b)' },
        line: 1,
        column: 1,
        suggestions: [
          {
            messageId: 'suggestMerge',
            data: { target: '(c ? a : b)' },
            output: 'Object.assign(c ? a : b, { _meta: { ...((c ? a : b) as { _meta?: Record<string, unknown> })._meta, retrieval } });',
          },
        ],
      },
    ],
  },
  {
    name: '{ ...result, _meta: fragment }: no literal to fix',
    code: 'const wrapped = { ...result, _meta: fragment };',
    output: null,
    errors: [{ messageId: 'rewrapResult', line: 1, column: 30, endColumn: 45, suggestions: [] }],
  },
  {
    name: 'outside the merge layer, assembling from collected maps replaces too',
    code: 'function f(out) { out._meta = { ...collected }; }',
    output: 'function f(out) { out._meta = { ...out._meta, ...collected }; }',
    errors: [{ messageId: 'replaceMeta', line: 1, column: 19, suggestions: [] }],
  },
  {
    name: 'merge layer: the assembly after another write to the same object (suggestion only)',
    filename: DISPATCH,
    code: `
async function dispatch(op, params) {
  const out = await op.handler(params);
  out._meta.warnings = warnings;
  out._meta = { ...collected, ...hooked };
  return out;
}
`,
    output: null,
    errors: [
      {
        messageId: 'lateMergeLayerAssign',
        data: { target: 'out', line: '4' },
        line: 5,
        column: 3,
        endLine: 5,
        endColumn: 42,
        suggestions: [
          {
            messageId: 'suggestMerge',
            output: `
async function dispatch(op, params) {
  const out = await op.handler(params);
  out._meta.warnings = warnings;
  out._meta = { ...out._meta, ...collected, ...hooked };
  return out;
}
`,
          },
        ],
      },
    ],
  },
  {
    name: 'merge layer: a write in an if without else may run before the assembly',
    filename: DISPATCH,
    code: 'function f(out) { if (strict) out._meta.warnings = w; out._meta = { ...collected }; }',
    output: null,
    errors: [
      {
        messageId: 'lateMergeLayerAssign',
        data: { target: 'out', line: '1' },
        line: 1,
        column: 55,
        suggestions: [
          {
            messageId: 'suggestMerge',
            output: 'function f(out) { if (strict) out._meta.warnings = w; out._meta = { ...out._meta, ...collected }; }',
          },
        ],
      },
    ],
  },
  {
    name: 'merge layer: a write in a branch that does not return comes before the assembly',
    filename: DISPATCH,
    code: 'function f(out) { if (strict) { out._meta.warnings = w; log(w); } out._meta = { ...collected }; }',
    output: null,
    errors: [
      {
        messageId: 'lateMergeLayerAssign',
        line: 1,
        column: 67,
        suggestions: [
          {
            messageId: 'suggestMerge',
            output: 'function f(out) { if (strict) { out._meta.warnings = w; log(w); } out._meta = { ...out._meta, ...collected }; }',
          },
        ],
      },
    ],
  },
  {
    name: 'merge layer: a second assembly drops the first one',
    filename: DISPATCH,
    code: 'function f(out) { out._meta = { ...collected }; out._meta = { ...hooked }; }',
    output: null,
    errors: [
      {
        messageId: 'lateMergeLayerAssign',
        line: 1,
        column: 49,
        suggestions: [
          {
            messageId: 'suggestMerge',
            output: 'function f(out) { out._meta = { ...collected }; out._meta = { ...out._meta, ...hooked }; }',
          },
        ],
      },
    ],
  },
  {
    name: 'merge layer: an earlier write through an alias counts',
    filename: DISPATCH,
    code: 'function f(out) { const m = out._meta; m.warnings = w; out._meta = { ...collected }; }',
    output: null,
    errors: [
      {
        messageId: 'lateMergeLayerAssign',
        line: 1,
        column: 56,
        suggestions: [
          {
            messageId: 'suggestMerge',
            output: 'function f(out) { const m = out._meta; m.warnings = w; out._meta = { ...out._meta, ...collected }; }',
          },
        ],
      },
    ],
  },
  {
    name: 'merge layer: an earlier write through a `let` alias that holds nothing else there counts',
    filename: DISPATCH,
    code: 'function f(out) { let m = out._meta; m.warnings = w; out._meta = { ...collected }; }',
    output: null,
    errors: [
      {
        messageId: 'lateMergeLayerAssign',
        line: 1,
        column: 54,
        suggestions: [
          {
            messageId: 'suggestMerge',
            output: 'function f(out) { let m = out._meta; m.warnings = w; out._meta = { ...out._meta, ...collected }; }',
          },
        ],
      },
    ],
  },
  {
    name: 'merge layer: a re-wrapped result after a write to its _meta',
    filename: DISPATCH,
    code: 'function f(result) { result._meta.warnings = w; return { ...result, _meta: { ...collected } }; }',
    output: null,
    errors: [
      {
        messageId: 'lateMergeLayerAssign',
        line: 1,
        column: 69,
        suggestions: [
          {
            messageId: 'suggestMerge',
            output:
              'function f(result) { result._meta.warnings = w; return { ...result, _meta: { ...(result as { _meta?: Record<string, unknown> })._meta, ...collected } }; }',
          },
        ],
      },
    ],
  },
  {
    name: 'merge layer: a literal key in the assembly is not "only spreads of collected maps"',
    filename: DISPATCH,
    code: 'function f(out) { out._meta = { ...collected, warnings }; }',
    output: 'function f(out) { out._meta = { ...out._meta, ...collected, warnings }; }',
    errors: [{ messageId: 'replaceMeta', line: 1, column: 19, suggestions: [] }],
  },
  {
    name: 'merge layer: delete x._meta',
    filename: DISPATCH,
    code: 'function f(out) { delete out._meta; }',
    output: null,
    errors: [{ messageId: 'deleteMeta', line: 1, column: 19, suggestions: [] }],
  },
  {
    name: 'an owner may not replace _meta either',
    filename: HOT_MEMORY_HOOK,
    code: 'result._meta = { brain_hot_memory: facts };',
    output: 'result._meta = { ...result._meta, brain_hot_memory: facts };',
    errors: [{ messageId: 'replaceMeta', line: 1, column: 1, suggestions: [] }],
  },
  {
    name: 'not an absence guard: the else branch, a presence test, another object',
    code: 'if (!out._meta) { out._meta = {}; } else { out._meta = {}; }\nif (out._meta) out._meta = {};\nif (!other._meta) out._meta = {};\nout._meta = other._meta ?? {};',
    output:
      'if (!out._meta) { out._meta = {}; } else { out._meta = { ...out._meta }; }\nif (out._meta) out._meta = { ...out._meta };\nif (!other._meta) out._meta = { ...out._meta };\nout._meta = other._meta ?? {};',
    errors: [
      { messageId: 'replaceMeta', line: 1, column: 44, suggestions: [] },
      { messageId: 'replaceMeta', line: 2, column: 16, suggestions: [] },
      { messageId: 'replaceMeta', line: 3, column: 19, suggestions: [] },
      { messageId: 'replaceMeta', line: 4, column: 1, suggestions: [] },
    ],
  },
  {
    name: 'one report per replacing write',
    code: 'out._meta = {};\ndelete out._meta;\nObject.assign(out, { _meta: {} });',
    output: 'out._meta = { ...out._meta };\ndelete out._meta;\nObject.assign(out, { _meta: {} });',
    errors: [
      { messageId: 'replaceMeta', line: 1, column: 1, suggestions: [] },
      { messageId: 'deleteMeta', line: 2, column: 1, suggestions: [] },
      {
        messageId: 'objectAssignMeta',
        line: 3,
        column: 1,
        suggestions: [
          {
            messageId: 'suggestMerge',
            output:
              'out._meta = {};\ndelete out._meta;\nObject.assign(out, { _meta: { ...(out as { _meta?: Record<string, unknown> })._meta } });',
          },
        ],
      },
    ],
  },
];

ruleTester.run('no-wholesale-meta-assign', rule, {
  valid: valid.map(inOtherFile),
  invalid: invalid.map(inOtherFile),
});
