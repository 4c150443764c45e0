/**
 * A property named `_meta` is MCP's unless the analysis proves it is not (a JSON body or schema sink, an inbound
 * request, a look-alike name). A write nothing places stays on the `unknown` plane, and the checks of what a write does
 * (rule 1's wholesale writes, rule 3's producer isolation) judge it there as on a tool result, in every syntactic form:
 * a literal re-wrapping an object, a member assignment, `Object.assign`, a spread then a set, `delete`. Values held in
 * `let` variables are followed like `const` ones, and a copy of `_meta` that drops keys on purpose is a merge. A
 * registration kept on a class field is a descriptor like one kept in a `const`. The manifest is
 * docs/examples/mcp-meta.registry.json: search.ts produces `retrieval` (result) and `com.example/category` (tool).
 */
import keyRule from '../../rules/no-unregistered-meta-key';
import wholesaleRule from '../../rules/no-wholesale-meta-assign';
import isolationRule from '../../rules/require-producer-isolation';
import { createRuleTester, DISPATCH, file, SEARCH_OP } from './rule-tester';

const ruleTester = createRuleTester();

/** The search op in JavaScript: nothing to type-check, so a merge that spreads the object's `_meta` is an autofix. */
const SEARCH_OP_JS = file('src/core/ops/search.js');

ruleTester.run('no-wholesale-meta-assign: the unknown plane', wholesaleRule, {
  valid: [
    {
      name: 'a JSON body is not MCP _meta',
      filename: SEARCH_OP,
      code: 'function reply(res, entry) {\n  res.json({ ...entry, _meta: { total: 1 } });\n}',
    },
    {
      name: 'a schema describes a result, it writes none',
      filename: SEARCH_OP,
      code: 'const Shape = z.object({ ...Base.shape, _meta: z.record(z.unknown()) });',
    },
    {
      name: "the inbound plane is the client's",
      filename: SEARCH_OP,
      code: 'function forward(params) {\n  params._meta = { progressToken: 1 };\n}',
    },
    {
      name: "a request's params inside a serialised JSON-RPC body (mcp-use tests)",
      filename: SEARCH_OP,
      code: 'await fetch(url, {\n  body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: { ...params, _meta: UI_META } }),\n});',
    },
    {
      name: "a JSON-RPC message's params and a copy of inbound args are the request plane",
      filename: SEARCH_OP,
      code: 'const message = { jsonrpc: "2.0", method, params: { ...base, _meta: { progressToken: 1 } } };\nconst next = { ...args, _meta: { progressToken: 2 } };',
    },
    {
      name: 'look-alike names are not _meta',
      filename: SEARCH_OP,
      code: 'function f(entry) {\n  entry._metadata = {};\n  entry.meta = {};\n  delete entry.meta;\n  return { ...entry, metadata: {} };\n}',
    },
    {
      name: 'copy-then-delete is a merge minus the deleted key, on any object',
      filename: SEARCH_OP,
      code: 'function strip(entry, K) {\n  const meta = { ...entry._meta };\n  delete meta[K];\n  return { ...entry, _meta: meta };\n}',
    },
    {
      name: 'copy-then-delete through a let',
      filename: SEARCH_OP,
      code: 'function strip(entry, K) {\n  let meta = { ...entry._meta };\n  delete meta[K];\n  return { ...entry, _meta: meta };\n}',
    },
    {
      name: 'an alias of the same _meta given back',
      filename: SEARCH_OP,
      code: 'function keep(entry) {\n  const meta = entry._meta;\n  return { ...entry, _meta: meta };\n}',
    },
    {
      name: 'a re-wrap of a local literal with no _meta creates it',
      filename: SEARCH_OP,
      code: 'function build(rows) {\n  const base = { rows, total: rows.length };\n  return { ...base, _meta: { retrieval: 1 } };\n}',
    },
    {
      name: "a same-file fixture re-wrapped with another _meta: every key it leaves out is written in sight (typescript-sdk's probe corpus)",
      filename: SEARCH_OP,
      code: "const DISCOVER = { resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': { name: 's' } }, ttlMs: 0 };\nconst malformed = { ...DISCOVER, _meta: { 'io.modelcontextprotocol/serverInfo': 'bogus' } };",
    },
    {
      name: 'a merge on an object of unknown kind',
      filename: SEARCH_OP,
      code: 'function add(entry) {\n  entry.config._meta = { ...entry.config._meta, retrieval: 1 };\n}',
    },
  ],
  invalid: [
    {
      name: 'a member assignment on an object nothing places: entry.config._meta = next',
      filename: SEARCH_OP,
      code: 'function set(entry, next) {\n  entry.config._meta = next;\n}',
      output: null,
      errors: [{ messageId: 'replaceMeta', data: { target: 'entry.config' }, line: 2, column: 3, suggestions: [] }],
    },
    {
      name: 'a member assignment of a literal on an object nothing places: fixed like a tool result',
      filename: SEARCH_OP,
      code: 'function remember(entry) {\n  entry._meta = { retrieval: 1 };\n}',
      output: 'function remember(entry) {\n  entry._meta = { ...entry._meta, retrieval: 1 };\n}',
      errors: [{ messageId: 'replaceMeta', data: { target: 'entry' }, line: 2, column: 3, suggestions: [] }],
    },
    {
      name: 'a listed tool re-wrapped with a new _meta (TypeScript without types: a suggestion)',
      filename: SEARCH_OP,
      code: 'const { tools } = await client.listTools();\nconst listed = tools.map((tool) => ({ ...tool, _meta: { retrieval: 1 } }));',
      output: null,
      errors: [
        {
          messageId: 'rewrapResult',
          data: { target: 'tool' },
          line: 2,
          column: 48,
          suggestions: [
            {
              messageId: 'suggestMerge',
              output:
                'const { tools } = await client.listTools();\nconst listed = tools.map((tool) => ({ ...tool, _meta: { ...(tool as { _meta?: Record<string, unknown> })._meta, retrieval: 1 } }));',
            },
          ],
        },
      ],
    },
    {
      name: 'a resource re-wrapped with a new _meta (JavaScript: fixed)',
      filename: SEARCH_OP_JS,
      code: 'function tag(resource) {\n  return { ...resource, _meta: { retrieval: 1 } };\n}',
      output: 'function tag(resource) {\n  return { ...resource, _meta: { ...resource._meta, retrieval: 1 } };\n}',
      errors: [{ messageId: 'rewrapResult', data: { target: 'resource' }, line: 2, column: 25, suggestions: [] }],
    },
    {
      name: 'Object.assign on an object nothing places',
      filename: SEARCH_OP_JS,
      code: 'function set(entry) {\n  Object.assign(entry.config, { _meta: { retrieval: 1 } });\n}',
      output: 'function set(entry) {\n  Object.assign(entry.config, { _meta: { ...entry.config._meta, retrieval: 1 } });\n}',
      errors: [{ messageId: 'objectAssignMeta', data: { target: 'entry.config' }, line: 2, column: 3, suggestions: [] }],
    },
    {
      name: 'a spread then a set: the copy carries the original _meta, the set drops it',
      filename: SEARCH_OP,
      code: 'function tag(tool) {\n  const copy = { ...tool };\n  copy._meta = { retrieval: 1 };\n  return copy;\n}',
      output: 'function tag(tool) {\n  const copy = { ...tool };\n  copy._meta = { ...copy._meta, retrieval: 1 };\n  return copy;\n}',
      errors: [{ messageId: 'replaceMeta', data: { target: 'copy' }, line: 3, column: 3, suggestions: [] }],
    },
    {
      name: 'delete on an object nothing places',
      filename: SEARCH_OP,
      code: 'function clear(entry) {\n  delete entry._meta;\n}',
      output: null,
      errors: [{ messageId: 'deleteMeta', data: { target: 'entry' }, line: 2, column: 3, suggestions: [] }],
    },
    {
      name: 'a let assigned in branches given whole',
      filename: SEARCH_OP,
      code: 'function set(entry, c) {\n  let meta;\n  if (c) meta = { retrieval: 1 };\n  else meta = { retrieval: 2 };\n  return { ...entry, _meta: meta };\n}',
      output: null,
      errors: [{ messageId: 'rewrapResult', data: { target: 'entry' }, line: 5, column: 22, suggestions: [] }],
    },
    {
      name: 'a wrapped call re-wrapped: reported, no suggestion (reading its _meta would run it twice)',
      filename: SEARCH_OP,
      code: 'const r = { ...await next(), _meta: { retrieval } };',
      output: null,
      errors: [{ messageId: 'rewrapAwaited', data: { awaited: 'await next()' }, line: 1, column: 30, suggestions: [] }],
    },
  ],
});

ruleTester.run('require-producer-isolation: the unknown plane', isolationRule, {
  valid: [
    {
      name: 'inbound _meta is no producer',
      filename: SEARCH_OP,
      code: 'function forward(params, rows) {\n  params._meta.retrieval = build(rows);\n}',
    },
    {
      name: 'a producer in its own try, on an object nothing places',
      filename: SEARCH_OP,
      code: 'function attach(entry, rows) {\n  try {\n    entry._meta.retrieval = build(rows);\n  } catch {}\n}',
    },
  ],
  invalid: [
    {
      name: 'a producer that can throw, on an object nothing places',
      filename: SEARCH_OP,
      code: 'function attach(entry, rows) {\n  entry._meta.retrieval = build(rows);\n}',
      output:
        'function attach(entry, rows) {\n  try {\n    entry._meta.retrieval = build(rows);\n  } catch {\n    // A failing producer degrades to its key being absent (MCP _meta rule 3).\n  }\n}',
      errors: [{ messageId: 'unguardedProducer', line: 2, column: 3 }],
    },
  ],
});

ruleTester.run('no-unregistered-meta-key: let values and class fields', keyRule, {
  valid: [
    {
      name: 'a registration kept on a class field: its update writes the descriptor',
      filename: SEARCH_OP,
      code: 'class Search {\n  constructor(server) {\n    this.tool = server.registerTool("s", {}, cb);\n  }\n  refresh() {\n    this.tool.update({ _meta: { "com.example/category": "x" } });\n  }\n}',
    },
  ],
  invalid: [
    {
      name: 'the keys of a let assigned in branches and spread into _meta are checked',
      filename: SEARCH_OP,
      code: 'function set(out, c) {\n  let extra;\n  if (c) extra = { retrieval: 1 };\n  else extra = { retreival: 2 };\n  out._meta = { ...out._meta, ...extra };\n}',
      errors: [
        {
          messageId: 'unregisteredKey',
          line: 4,
          column: 18,
          suggestions: [
            {
              messageId: 'useRegisteredKey',
              output:
                'function set(out, c) {\n  let extra;\n  if (c) extra = { retrieval: 1 };\n  else extra = { retrieval: 2 };\n  out._meta = { ...out._meta, ...extra };\n}',
            },
          ],
        },
      ],
    },
    {
      name: 'the keys of a const spread into _meta are checked',
      filename: SEARCH_OP,
      code: 'function set(out) {\n  const extra = { retreival: 1 };\n  out._meta = { ...out._meta, ...extra };\n}',
      errors: [
        {
          messageId: 'unregisteredKey',
          line: 2,
          column: 19,
          suggestions: [
            {
              messageId: 'useRegisteredKey',
              output: 'function set(out) {\n  const extra = { retrieval: 1 };\n  out._meta = { ...out._meta, ...extra };\n}',
            },
          ],
        },
      ],
    },
    {
      name: 'a registration kept on a class field: a result key in its update is on the wrong plane',
      filename: SEARCH_OP,
      code: 'class Search {\n  tool = server.registerTool("s", {}, cb);\n  refresh() {\n    this.tool.update({ _meta: { retrieval: {} } });\n  }\n}',
      errors: [{ messageId: 'wrongPlane', line: 4, column: 33 }],
    },
  ],
});

ruleTester.run('no-wholesale-meta-assign: creation in and outside the merge layer', wholesaleRule, {
  valid: [
    {
      name: 'outside the merge layer, _meta given to a result the function just built is its creation',
      filename: SEARCH_OP,
      code: 'function handle(fragment) {\n  const out = { content: [] };\n  out._meta = fragment;\n  return out;\n}',
    },
    {
      name: 'merge layer: the documented assembly of spreads on a fresh result',
      filename: DISPATCH,
      code: 'function dispatch(collected, fragment) {\n  const out = { content: [] };\n  out._meta = { ...collected, ...fragment };\n  return out;\n}',
    },
    {
      name: 'merge layer: keys written here on a fresh result',
      filename: DISPATCH,
      code: 'function dispatch(warnings) {\n  const out = { content: [] };\n  out._meta = { warnings };\n  return out;\n}',
    },
    {
      name: 'merge layer: the merged fragment (the suggestion applied) is quiet',
      filename: DISPATCH,
      code: 'function dispatch(hookFragment) {\n  const out = { content: [] };\n  out._meta = { ...out._meta, ...hookFragment };\n  return out;\n}',
    },
  ],
  invalid: [
    {
      name: 'merge layer: a fresh result given a fragment whole',
      filename: DISPATCH,
      code: 'function dispatch(hookFragment) {\n  const out = { content: [] };\n  out._meta = hookFragment;\n  return out;\n}',
      output: null,
      errors: [
        {
          messageId: 'mergeLayerFragment',
          data: { target: 'out' },
          line: 3,
          column: 3,
          suggestions: [
            {
              messageId: 'suggestMergeFragment',
              output:
                'function dispatch(hookFragment) {\n  const out = { content: [] };\n  out._meta = { ...out._meta, ...hookFragment };\n  return out;\n}',
            },
          ],
        },
      ],
    },
    {
      name: "merge layer: a fresh result given a hook's awaited fragment whole",
      filename: DISPATCH,
      code: 'async function dispatch(args) {\n  const out = { content: [] };\n  out._meta = await metaHook(args);\n  return out;\n}',
      output: null,
      errors: [
        {
          messageId: 'mergeLayerFragment',
          line: 3,
          column: 3,
          suggestions: [
            {
              messageId: 'suggestMergeFragment',
              output:
                'async function dispatch(args) {\n  const out = { content: [] };\n  out._meta = { ...out._meta, ...(await metaHook(args)) };\n  return out;\n}',
            },
          ],
        },
      ],
    },
  ],
});
