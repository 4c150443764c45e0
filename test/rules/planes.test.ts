/**
 * The plane of a `_meta` write comes from where the object goes and where it comes from (issue 26 §1-2, issue 25
 * "planes named by variables"): SDK v1/v2 and MCP Apps sinks, `client.callTool` and wrapped handlers as sources,
 * configs registered later, declared types; names and shapes only as the fallback. And the flow shapes that are not
 * wholesale replacements: creation on an object the function just built, create-when-missing in either branch, the
 * conditional spread of a re-wrap (which is one when it does not keep the handler's `_meta`). The manifest is
 * docs/examples/mcp-meta.registry.json: search.ts produces `retrieval` (result) and `com.example/category` (tool).
 */
import keyRule, { type MessageIds as KeyMessageIds, type Options as KeyOptions } from '../../rules/no-unregistered-meta-key';
import wholesaleRule, { type MessageIds as WholesaleMessageIds } from '../../rules/no-wholesale-meta-assign';
import isolationRule from '../../rules/require-producer-isolation';
import { createRuleTester, SEARCH_OP } from './rule-tester';

const ruleTester = createRuleTester();

ruleTester.run('no-wholesale-meta-assign: planes and flow', wholesaleRule, {
  valid: [
    {
      name: 'a whole-_meta assignment on a result the function just built is its creation',
      filename: SEARCH_OP,
      code: 'function handle(stats) {\n  const out = { content: [] };\n  out._meta = { retrieval: stats };\n  return out;\n}',
    },
    {
      name: 'create-when-missing in the else branch of a presence test is a merge',
      filename: SEARCH_OP,
      code: 'function attach(out, m) {\n  if (out._meta) Object.assign(out._meta, m);\n  else out._meta = m;\n}',
    },
    {
      name: 'the v2 handler context is inbound: ctx.mcpReq._meta',
      code: 'server.registerTool("t", {}, async (ctx) => {\n  ctx.mcpReq._meta = { progressToken: 1 };\n  return { content: [] };\n});',
    },
    {
      name: 'a config filled in before registration is a tool descriptor, not a result',
      filename: SEARCH_OP,
      code: 'const config = { description: "d", _meta: {} };\nconfig._meta = { "com.example/category": "x" };\nserver.registerTool("t", config, cb);',
    },
    {
      name: 'a sampling result (role, content, model) is not a tool result',
      code: 'function reply(response, content) {\n  return { ...response, role: "assistant", content, model: "m", _meta: { retrieval } };\n}',
    },
    {
      name: 'an elicitation result (action, content) is not a tool result',
      code: 'function answer(response, content) {\n  return { ...response, action: "accept", content, _meta: { retrieval } };\n}',
    },
    {
      name: 'a conditional spread of a literal before a conditional _meta re-wraps nothing (mcp-use response-helpers)',
      code: 'function merge(results, structuredContent, _meta) {\n  return {\n    content: results,\n    ...(structuredContent !== undefined && { structuredContent }),\n    ...(_meta !== undefined && { _meta }),\n  };\n}',
    },
    {
      // The `ui` merges its own fields: a new `ui: {}` over `...toolConfig._meta` would drop them (replacesHostObject).
      name: "a config typed by the framework's own ToolMetadata is a descriptor (xmcp)",
      code: 'function add(toolConfig: ToolMetadata) {\n  if (toolConfig._meta === undefined) toolConfig._meta = {};\n  toolConfig._meta = { ...toolConfig._meta, ui: { ...toolConfig._meta.ui } };\n}',
    },
    {
      name: 'a re-wrap that drops one key by rest destructuring is a merge minus that key (never fixed back)',
      filename: SEARCH_OP,
      code: 'function strip(r) {\n  const { secret: _drop, ...rest } = r._meta;\n  return { ...r, _meta: { ...rest, retrieval } };\n}',
    },
    {
      name: 'copy-then-delete is a merge minus the deleted key',
      filename: SEARCH_OP,
      code: 'function strip(r) {\n  const m = { ...r._meta };\n  delete m.secret;\n  return { ...r, _meta: m };\n}',
    },
    {
      name: 'a re-wrap under an absence test of an alias of its _meta creates it (typescript-sdk stampServerInfoMeta)',
      filename: SEARCH_OP,
      code: "export function stamp(result: Result, info: unknown): Result {\n  const meta = (result as Record<string, unknown>)['_meta'];\n  if (meta === undefined) {\n    return { ...result, _meta: { retrieval: info } } as Result;\n  }\n  return result;\n}",
    },
    {
      name: 'a spread of a local literal with no result shape is not a result by its name (typescript-sdk DiscoverResult test)',
      code: "const result = { supportedVersions: ['2026-07-28'], capabilities: {} };\nparse({ ...result, resultType: 'complete', _meta: { retrieval: 1 } });",
    },
    {
      name: "the SDK's own update of a registered prompt is the prompt plane (typescript-sdk mcp.ts)",
      code: 'const registeredPrompt: RegisteredPrompt = {\n  argsSchema,\n  _meta,\n  update: (updates) => {\n    if (updates._meta !== undefined) registeredPrompt._meta = updates._meta;\n  },\n};',
    },
    {
      name: 'resource props asserted as a framework resource type are a resource (mcp-ui getAdditionalResourceProps)',
      code: 'export function props(options) {\n  const additionalResourceProps = { ...(options.resourceProps ?? {}) } as UIResourceProps;\n  additionalResourceProps._meta = { ...prefixed, ...(additionalResourceProps._meta ?? {}) };\n  return additionalResourceProps;\n}',
    },
    {
      name: "a re-wrap of the rest of a destructuring that took _meta out drops nothing (skybridge's registerTool)",
      filename: SEARCH_OP,
      code: 'export function register(config, cb) {\n  const { view, _meta: userMeta, ...fields } = config;\n  return server.registerTool({ ...fields, _meta: { ...userMeta, retrieval: 1 } }, cb);\n}',
    },
    {
      name: "a re-wrap of the rest of an object typed without _meta drops nothing (cyanheads/mcp-ts-template's appTool)",
      filename: SEARCH_OP,
      code: "type AppToolOptions = Omit<ToolDefinition, '_meta' | 'name'> & { extraMeta?: object; resourceUri: string };\nexport function appTool(name: string, options: AppToolOptions) {\n  const { resourceUri, extraMeta, ...rest } = options;\n  return server.registerTool(name, { ...rest, _meta: { ...extraMeta, retrieval: 1 } }, cb);\n}",
    },
    {
      name: 'a re-wrap of the rest of an object whose interface has no _meta drops nothing',
      filename: SEARCH_OP,
      code: 'interface Options { title: string; run(): void }\nexport function define(options: Options = { title: "", run() {} }) {\n  const { run, ...rest } = options;\n  return server.registerTool("t", { ...rest, _meta: { retrieval: 1 } }, run);\n}',
    },
    {
      name: "a re-wrap that spreads its own _meta through a guarded const is a merge (cyanheads/mcp-ts-template's mirrorUiMetaIntoContents)",
      filename: SEARCH_OP,
      code: 'export function mirror(contents) {\n  return contents.map((content) => {\n    const contentMeta = isPlainObject(content._meta) ? content._meta : {};\n    return { ...content, _meta: { ...contentMeta, retrieval: 1 } };\n  });\n}',
    },
    {
      name: 'a re-wrap that spreads its own _meta behind a guard inline is a merge',
      filename: SEARCH_OP,
      code: 'export function stamp(r) {\n  return { ...r, _meta: { ...(r._meta ? r._meta : undefined), retrieval: 1 } };\n}',
    },
    {
      name: 'a registration config spread from a literal built here: nothing to drop',
      filename: SEARCH_OP,
      code: 'const base = { description: "d" };\nserver.registerTool("a", { ...base, _meta: { retrieval: 1 } }, cb);',
    },
    {
      name: 'a config whose literal holds an empty _meta, then given one: its creation',
      filename: SEARCH_OP,
      code: 'export function build() {\n  const config = { description: "d", _meta: {} as Record<string, unknown> };\n  config._meta = { retrieval: 1 };\n  return config;\n}',
    },
    {
      name: 'a conditional spread that keeps the handler _meta is a merge',
      filename: SEARCH_OP,
      code: 'async function wrap(handler, on) {\n  const out = await handler();\n  return { ...out, ...(on && { _meta: { ...out._meta, retrieval } }) };\n}',
    },
  ],
  invalid: [
    {
      // A descriptor that exists elsewhere may carry `_meta` (rule 1 holds whatever the object): replacing it on
      // the tool plane is reported as on a tool result; a config built here from literals has nothing to drop.
      name: "a registration's config spread from elsewhere, given a new _meta, drops the config's own",
      filename: SEARCH_OP,
      code: 'server.registerTool("b", { ...opts.config, _meta: { retrieval: 1 } }, cb);',
      output: null,
      errors: [
        {
          messageId: 'rewrapResult' satisfies WholesaleMessageIds,
          data: { target: 'opts.config' },
          line: 1,
          column: 44,
          suggestions: [
            {
              messageId: 'suggestMerge' satisfies WholesaleMessageIds,
              output:
                'server.registerTool("b", { ...opts.config, _meta: { ...(opts.config as { _meta?: Record<string, unknown> })._meta, retrieval: 1 } }, cb);',
            },
          ],
        },
      ],
    },
    {
      name: 'the rest of a destructuring that left _meta in is re-wrapped: still a replacement',
      filename: SEARCH_OP,
      code: 'export function register(config, cb) {\n  const { view, ...fields } = config;\n  return server.registerTool({ ...fields, _meta: { retrieval: 1 } }, cb);\n}',
      output: null,
      errors: [
        {
          messageId: 'rewrapResult' satisfies WholesaleMessageIds,
          data: { target: 'fields' },
          line: 3,
          column: 43,
          suggestions: [
            {
              messageId: 'suggestMerge' satisfies WholesaleMessageIds,
              output:
                'export function register(config, cb) {\n  const { view, ...fields } = config;\n  return server.registerTool({ ...fields, _meta: { ...(fields as { _meta?: Record<string, unknown> })._meta, retrieval: 1 } }, cb);\n}',
            },
          ],
        },
      ],
    },
    {
      name: 'the rest of an object whose type keeps _meta (Omit of other keys) is re-wrapped: still a replacement',
      filename: SEARCH_OP,
      code: "export function define(options: Omit<ToolDefinition, 'name'>) {\n  const { ...rest } = options;\n  return server.registerTool('t', { ...rest, _meta: { retrieval: 1 } }, cb);\n}",
      output: null,
      errors: [
        {
          messageId: 'rewrapResult' satisfies WholesaleMessageIds,
          data: { target: 'rest' },
          line: 3,
          column: 46,
          suggestions: [
            {
              messageId: 'suggestMerge' satisfies WholesaleMessageIds,
              output:
                "export function define(options: Omit<ToolDefinition, 'name'>) {\n  const { ...rest } = options;\n  return server.registerTool('t', { ...rest, _meta: { ...(rest as { _meta?: Record<string, unknown> })._meta, retrieval: 1 } }, cb);\n}",
            },
          ],
        },
      ],
    },
    {
      name: "a guarded const of another object's _meta does not keep the re-wrapped object's own",
      filename: SEARCH_OP,
      code: 'export function stamp(r, other) {\n  const m = other._meta ? other._meta : {};\n  return { ...r, _meta: { ...m, retrieval: 1 } };\n}',
      output: null,
      errors: [
        {
          messageId: 'rewrapResult' satisfies WholesaleMessageIds,
          data: { target: 'r' },
          line: 3,
          column: 18,
          suggestions: [
            {
              messageId: 'suggestMerge' satisfies WholesaleMessageIds,
              output:
                'export function stamp(r, other) {\n  const m = other._meta ? other._meta : {};\n  return { ...r, _meta: { ...(r as { _meta?: Record<string, unknown> })._meta, ...m, retrieval: 1 } };\n}',
            },
          ],
        },
      ],
    },
    {
      name: "a tool descriptor parameter given a whole new _meta replaces the caller's keys",
      filename: SEARCH_OP,
      code: 'export function stamp(tool: Tool) {\n  tool._meta = { retrieval: 1 };\n}',
      output: 'export function stamp(tool: Tool) {\n  tool._meta = { ...tool._meta, retrieval: 1 };\n}',
      errors: [{ messageId: 'replaceMeta' satisfies WholesaleMessageIds, data: { target: 'tool' }, line: 2, column: 3 }],
    },
    {
      name: 'a conditional spread that drops the handler _meta is a wholesale re-wrap',
      filename: SEARCH_OP,
      code: 'async function wrap(handler, on) {\n  const out = await handler();\n  return { ...out, ...(on && { _meta: { retrieval } }) };\n}',
      // A TypeScript file without type information: `...out._meta` may not type-check, so the merge is a suggestion.
      output: null,
      errors: [
        {
          messageId: 'rewrapResult' satisfies WholesaleMessageIds,
          data: { target: 'out' },
          line: 3,
          column: 32,
          suggestions: [
            {
              messageId: 'suggestMerge',
              data: { target: 'out' },
              output:
                'async function wrap(handler, on) {\n  const out = await handler();\n  return { ...out, ...(on && { _meta: { ...(out as { _meta?: Record<string, unknown> })._meta, retrieval } }) };\n}',
            },
          ],
        },
      ],
    },
    {
      name: "a call's declared return type places the write: pick: () => ToolResult",
      filename: SEARCH_OP,
      code: 'function attach(pick: () => ToolResult, retrieval) {\n  pick()._meta = { retrieval };\n}',
      output: null,
      errors: [
        {
          messageId: 'replaceMeta' satisfies WholesaleMessageIds,
          data: { target: 'pick()' },
          line: 2,
          column: 3,
          suggestions: [
            {
              messageId: 'suggestMerge',
              data: { target: 'pick()' },
              output: 'function attach(pick: () => ToolResult, retrieval) {\n  pick()._meta = { ...pick()._meta, retrieval };\n}',
            },
          ],
        },
      ],
    },
    {
      name: 'a value from client.callTool is a tool result whatever its name',
      filename: SEARCH_OP,
      code: 'async function forward(client) {\n  const upstream = await client.callTool({ name: "x" });\n  return { ...upstream, _meta: { retrieval } };\n}',
      // A TypeScript file without type information: `...upstream._meta` may not type-check, so the merge is a suggestion.
      output: null,
      errors: [
        {
          messageId: 'rewrapResult' satisfies WholesaleMessageIds,
          data: { target: 'upstream' },
          line: 3,
          column: 25,
          suggestions: [
            {
              messageId: 'suggestMerge',
              data: { target: 'upstream' },
              output:
                'async function forward(client) {\n  const upstream = await client.callTool({ name: "x" });\n  return { ...upstream, _meta: { ...(upstream as { _meta?: Record<string, unknown> })._meta, retrieval } };\n}',
            },
          ],
        },
      ],
    },
    {
      name: 'a tool-result literal held in a variable named params is a result, not the inbound request',
      filename: SEARCH_OP,
      code: 'function build(stats) {\n  const params = { content: [], _meta: { a: 1 } };\n  params._meta = { retrieval: stats };\n  return params;\n}',
      output:
        'function build(stats) {\n  const params = { content: [], _meta: { a: 1 } };\n  params._meta = { ...params._meta, retrieval: stats };\n  return params;\n}',
      errors: [{ messageId: 'replaceMeta', data: { target: 'params' }, line: 3, column: 3, suggestions: [] }],
    },
    {
      name: 'a result typed CallToolResult in a variable named *Request is a result',
      filename: SEARCH_OP,
      code: 'function build(upstreamRequest: CallToolResult, stats) {\n  const forwardRequest: CallToolResult = upstreamRequest;\n  forwardRequest._meta = { retrieval: stats };\n}',
      output:
        'function build(upstreamRequest: CallToolResult, stats) {\n  const forwardRequest: CallToolResult = upstreamRequest;\n  forwardRequest._meta = { ...forwardRequest._meta, retrieval: stats };\n}',
      errors: [{ messageId: 'replaceMeta', data: { target: 'forwardRequest' }, line: 3, column: 3, suggestions: [] }],
    },
    {
      name: "a wrapped handler's value named extra is a result",
      filename: SEARCH_OP,
      code: 'async function wrap(handler, args) {\n  const extra = await handler(args);\n  extra._meta = { retrieval };\n  return extra;\n}',
      output:
        'async function wrap(handler, args) {\n  const extra = await handler(args);\n  extra._meta = { ...extra._meta, retrieval };\n  return extra;\n}',
      errors: [{ messageId: 'replaceMeta', data: { target: 'extra' }, line: 3, column: 3, suggestions: [] }],
    },
    {
      name: 'creation needs nothing to touch the object first: a write in between makes it a replacement',
      filename: SEARCH_OP,
      code: 'function handle(stats) {\n  const out = { content: [] };\n  decorate(out);\n  out._meta = { retrieval: stats };\n  return out;\n}',
      output:
        'function handle(stats) {\n  const out = { content: [] };\n  decorate(out);\n  out._meta = { ...out._meta, retrieval: stats };\n  return out;\n}',
      errors: [{ messageId: 'replaceMeta', data: { target: 'out' }, line: 4, column: 3, suggestions: [] }],
    },
  ],
});

ruleTester.run('require-producer-isolation: creation is no producer', isolationRule, {
  valid: [
    {
      name: 'a computed _meta on a result the handler just built needs no try of its own',
      filename: SEARCH_OP,
      code: 'function handle(stats) {\n  const out = { content: [] };\n  out._meta = { retrieval: measure(stats) };\n  return out;\n}',
    },
  ],
  invalid: [],
});

const PLANE_VALUES: Record<string, string> = { 'tool descriptor': 'tool', 'tool result': 'result', resource: 'resource' };
const wrongPlaneFor = (key: string, registered: string, plane: string, line: number, column: number) =>
  ({
    messageId: 'wrongPlane' satisfies KeyMessageIds,
    data: { key, registry: 'mcp-meta.registry.json', registered, plane, planeValue: PLANE_VALUES[plane] },
    line,
    column,
  }) as const;

ruleTester.run('no-unregistered-meta-key: planes from sinks', keyRule, {
  valid: [
    {
      // typescript-sdk packages/core-internal/test/shared/inputRequiredEngine.test.ts:70
      name: 'on the unknown plane a one-letter key is no near miss of a two-letter host key (x is two edits from ui)',
      filename: SEARCH_OP,
      code: 'const ctx = synthesize("confirm", "elicitation/create", { _meta: { x: 1 } }, signal);',
    },
    {
      name: "a registered tool's update({ _meta }) is its descriptor",
      filename: SEARCH_OP,
      code: 'const t = server.registerTool("t", {}, cb);\nt.update({ _meta: { "com.example/category": "x" } });',
    },
    {
      // 2nd1st/open-mcp-apps src/engine.mjs:252-276: a patched server.registerTool calls the original through a bound alias
      name: 'a registration called through a bound alias (const register = server.registerTool.bind(server)) takes a descriptor',
      filename: SEARCH_OP,
      code: 'const register = server.registerTool.bind(server);\nconst meta = { ...(config._meta || {}) };\nmeta["com.example/category"] = "x";\nregister("t", { ...config, _meta: meta }, cb);',
    },
    {
      name: 'registerAppTool without inputSchema: the config is a descriptor',
      filename: SEARCH_OP,
      code: 'registerAppTool(server, "t", { description: "d", _meta: { "com.example/category": "x" } }, cb);',
    },
    {
      name: 'a variable named toolConfig is a descriptor by the name fallback',
      filename: SEARCH_OP,
      code: 'toolConfig._meta["com.example/category"] = "x";',
    },
    {
      name: 'keys from a loop over a const array of string literals are known keys',
      filename: SEARCH_OP,
      code: 'const KEYS = ["retrieval", "warnings"] as const;\nfor (const key of KEYS) out._meta[key] = 1;',
    },
    {
      name: 'config-first registerTool({ name, _meta }, cb)',
      filename: SEARCH_OP,
      code: 'app.registerTool({ name: "t", description: "d", _meta: { "com.example/category": "x" } }, cb);',
    },
    {
      name: 'contents returned by a function that is no read callback are not placed by it',
      filename: SEARCH_OP,
      code: 'export async function toContents(ui) {\n  return { contents: [{ ...ui.resource, _meta: { retrieval: {} } }] };\n}',
    },
  ] satisfies Array<{ name: string; filename: string; code: string; options?: KeyOptions }>,
  invalid: [
    {
      name: 'a result key in update({ _meta }) of a registered tool is on the wrong plane',
      filename: SEARCH_OP,
      code: 'const t = server.registerTool("t", {}, cb);\nt.update({ _meta: { retrieval: {} } });',
      errors: [wrongPlaneFor('retrieval', 'tool result', 'tool descriptor', 2, 21)],
    },
    {
      name: 'a result key in the config of a registration called through an alias is on the wrong plane',
      filename: SEARCH_OP,
      code: 'const register = server.registerTool;\nregister("t", { _meta: { retrieval: {} } }, cb);',
      errors: [wrongPlaneFor('retrieval', 'tool result', 'tool descriptor', 2, 26)],
    },
    {
      name: 'what the callback of a registration called through a bound alias returns is a tool result: a descriptor key there is on the wrong plane',
      filename: SEARCH_OP,
      code: 'const register = server.registerTool.bind(server);\nregister("t", {}, async () => ({ _meta: { "com.example/category": "x" } }));',
      errors: [wrongPlaneFor('com.example/category', 'tool descriptor', 'tool result', 2, 43)],
    },
    {
      name: 'what a registration called through a bound alias returns is a registered tool: update({ _meta }) writes its descriptor',
      filename: SEARCH_OP,
      code: 'const register = server.registerTool.bind(server);\nconst t = register("t", {}, cb);\nt.update({ _meta: { retrieval: {} } });',
      errors: [wrongPlaneFor('retrieval', 'tool result', 'tool descriptor', 3, 21)],
    },
    {
      name: 'a literal assigned to a local variable in a branch goes where the variable goes (a registration): a result key there is on the wrong plane',
      filename: SEARCH_OP,
      code: 'let cfg = config;\nif (c) cfg = { ...config, _meta: { retrieval: {} } };\nserver.registerTool("t", cfg, cb);',
      errors: [wrongPlaneFor('retrieval', 'tool result', 'tool descriptor', 2, 36)],
    },
    {
      name: 'a misspelt key in a const array a loop writes is reported at the loop variable',
      filename: SEARCH_OP,
      code: 'const KEYS = ["retrieval", "warnigns"];\nfor (const key of KEYS) out._meta[key] = 1;',
      errors: [{ messageId: 'unregisteredKey', line: 2, column: 35, suggestions: [] }],
    },
    {
      name: 'a loop over a part of a const array (KEYS.filter(…)) writes some of its keys: a misspelt one is reported',
      filename: SEARCH_OP,
      code: 'const KEYS = ["retrieval", "warnigns"];\nfor (const key of KEYS.filter(Boolean)) out._meta[key] = 1;',
      errors: [{ messageId: 'unregisteredKey', line: 2, column: 51, suggestions: [] }],
    },
    {
      name: 'on the unknown plane only a near miss is reported (a key-name check holds on every plane)',
      filename: SEARCH_OP,
      code: 'function remember(entry) {\n  entry._meta = { retreival: 1, cache_note: "x" };\n}',
      errors: [
        {
          messageId: 'unregisteredKey',
          data: { where: '`_meta`', key: 'retreival', registry: 'mcp-meta.registry.json', hint: " Did you mean 'retrieval'?" },
          line: 2,
          column: 19,
          suggestions: [
            {
              messageId: 'useRegisteredKey',
              data: { key: 'retrieval' },
              output: 'function remember(entry) {\n  entry._meta = { retrieval: 1, cache_note: "x" };\n}',
            },
          ],
        },
      ],
    },
    {
      // epicflare's calculator resource: a library's resource spread in, so the item has no `uri` or `text` of its own.
      name: "an item of the contents a resource's read callback returns is a resource (MCP Apps)",
      filename: SEARCH_OP,
      code: 'registerAppResource(server, "app", uri, {}, async () => {\n  const ui = createUIResource({ uri });\n  return { contents: [{ ...ui.resource, mimeType: RESOURCE_MIME_TYPE, _meta: { retrieval: {} } }] };\n});',
      errors: [wrongPlaneFor('retrieval', 'tool result', 'resource', 3, 80)],
    },
    {
      name: 'each item a read callback maps into its contents is a resource (SDK registerResource)',
      filename: SEARCH_OP,
      code: 'server.registerResource("pages", template, {}, async (uri) => ({\n  contents: pages.map((page) => ({ ...page, _meta: { retrieval: {} } })),\n}));',
      errors: [wrongPlaneFor('retrieval', 'tool result', 'resource', 2, 54)],
    },
    {
      name: 'a result key in registerAppTool config (no inputSchema)',
      filename: SEARCH_OP,
      code: 'registerAppTool(server, "t", { description: "d", _meta: { retrieval: {} } }, cb);',
      errors: [wrongPlaneFor('retrieval', 'tool result', 'tool descriptor', 1, 59)],
    },
    {
      name: 'a config reaching registration through two more variables is a descriptor',
      filename: SEARCH_OP,
      code: 'const config = { description: "d", _meta: {} };\nconfig._meta.retrieval = {};\nconst staged = config;\nconst toolDef = staged;\nserver.registerTool("t", toolDef, cb);',
      errors: [wrongPlaneFor('retrieval', 'tool result', 'tool descriptor', 2, 14)],
    },
    {
      name: 'a result key filled into a config registered later',
      filename: SEARCH_OP,
      code: 'const config = { description: "d", _meta: {} };\nconfig._meta.retrieval = {};\nserver.registerTool("t", config, cb);',
      errors: [wrongPlaneFor('retrieval', 'tool result', 'tool descriptor', 2, 14)],
    },
    {
      // QuantGeekDev/mcp-framework `BaseApp.readResource`: resources/read contents, typed by the SDK's contents type.
      name: 'resources/read contents filled in after their literal are a resource, not a tool result',
      filename: SEARCH_OP,
      code: 'async function readResource(html: string, meta?: object) {\n  const content: ResourceContents & { _meta?: Record<string, unknown> } = {\n    uri: "ui://app/view.html",\n    mimeType: "text/html;profile=mcp-app",\n    text: html,\n  };\n  if (meta) {\n    content._meta = { retrieval: meta };\n  }\n  return [content];\n}',
      errors: [wrongPlaneFor('retrieval', 'tool result', 'resource', 8, 23)],
    },
    {
      // openai/openai-apps-sdk-examples pizzaz_server_node: the resources/templates/list entries, mapped from a table.
      name: 'a resource template entry (uriTemplate with its name or mimeType) is a resource, like a resources/list entry',
      filename: SEARCH_OP,
      code: 'const resourceTemplates = widgets.map((widget) => ({\n  uriTemplate: widget.templateUri,\n  name: widget.title,\n  mimeType: "text/html+skybridge",\n  _meta: { retrieval: widget.meta },\n}));',
      errors: [wrongPlaneFor('retrieval', 'tool result', 'resource', 5, 12)],
    },
    {
      name: 'a descriptor key returned by a tool callback is on a result, whatever its shape',
      filename: SEARCH_OP,
      code: 'server.registerTool("t", {}, async (args) => ({ ...args.base, _meta: { "com.example/category": "x" } }));',
      errors: [wrongPlaneFor('com.example/category', 'tool descriptor', 'tool result', 1, 72)],
    },
  ],
});
