/**
 * no-dropped-meta: code between a server and its consumer (proxies, gateways, handler wrappers, client adapters)
 * rebuilds a tool result it received and leaves `_meta` behind, forwards an upstream's `_meta` with the upstream's
 * `io.modelcontextprotocol/serverInfo` in it, or replaces the caller's request `_meta`. Every case runs without types
 * and with a TypeScript program (test/rules/typed-fixture), with the same findings; a last block is found only with
 * types.
 */
import rule from '../../rules/no-dropped-meta';
import type { InvalidTestCase, ValidTestCase } from '@typescript-eslint/rule-tester';
import type { MessageIds, Options } from '../../rules/no-dropped-meta';
import { createTypedRuleTester, createUntypedRuleTester, TYPED_OTHER, UNTYPED_OTHER } from './typed-rule-tester';

const valid: ValidTestCase<Options>[] = [
  {
    name: 'forwards the result as is',
    code: "server.registerTool('search', { inputSchema: {} }, async (args) => upstream.callTool({ name: 'search', arguments: args }));",
  },
  {
    name: 'spreads the result',
    code: "server.registerTool('search', { inputSchema: {} }, async (args) => {\n  const r = await upstream.callTool({ name: 'search', arguments: args });\n  return { ...r, content: r.content.slice(0, 10) };\n});",
  },
  {
    name: 'carries _meta over',
    code: "server.registerTool('search', { inputSchema: {} }, async (args) => {\n  const r = await upstream.callTool({ name: 'search', arguments: args });\n  return { content: r.content, ...(r._meta && { _meta: r._meta }) };\n});",
  },
  {
    name: 'drops upstream serverInfo deliberately, forwards the rest',
    code: "import { SERVER_INFO_META_KEY } from '@modelcontextprotocol/server';\nserver.registerTool('search', { inputSchema: {} }, async (args) => {\n  const r = await upstream.callTool({ name: 'search', arguments: args });\n  const { [SERVER_INFO_META_KEY]: _upstream, ...upstreamMeta } = r._meta ?? {};\n  return { content: r.content, isError: r.isError, _meta: upstreamMeta };\n});",
  },
  {
    name: 'returns the result on one path: the author decided',
    code: "server.registerTool('search', { inputSchema: {} }, async (args) => {\n  const r = await upstream.callTool({ name: 'search', arguments: args });\n  if (!r.isError) return r;\n  return { content: r.content, isError: true };\n});",
  },
  {
    name: 'a string for the model',
    code: "server.registerTool('search', { inputSchema: {} }, async (args) => {\n  const r = await upstream.callTool({ name: 'search', arguments: args });\n  return { content: [{ type: 'text', text: JSON.stringify(r.content) }] };\n});",
  },
  {
    name: 'a log line',
    code: "async function probe() {\n  const r = await upstream.callTool({ name: 'health' });\n  logger.info({ content: r.content, isError: r.isError });\n}",
  },
  {
    name: 'JSON.stringify of the rebuilt object',
    code: "async function dump() {\n  const r = await upstream.callTool({ name: 'health' });\n  return JSON.stringify({ content: r.content, isError: r.isError });\n}",
  },
  {
    name: 'a type with no metadata slot',
    code: "import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';\ninterface ChatMessage { role: 'tool'; content: unknown }\nexport function toChatMessage(result: CallToolResult): ChatMessage {\n  return { role: 'tool', content: result.content };\n}",
  },
  {
    // The shape of a test helper in the official SDK's client tests: a message built from bare fields, no caller.
    name: 'a message built from bare params with a protocol key of its own',
    code: [
      'const modernRequest = (method: string, params: Record<string, unknown>) => ({',
      "  jsonrpc: '2.0',",
      '  id: 1,',
      '  method,',
      '  params: { ...params, _meta: { [PROTOCOL_VERSION_META_KEY]: MODERN } },',
      '});',
    ].join('\n'),
  },
  {
    name: "an outbound request that merges the caller's _meta",
    code: "export async function callToolWithProgress(client, params, token) {\n  return client.request({ method: 'tools/call', params: { ...params, _meta: { ...params._meta, progressToken: token } } }, CallToolResultSchema);\n}",
  },
  {
    name: 'a fresh result that copies nothing',
    code: "server.registerTool('search', { inputSchema: {} }, async () => ({ content: [{ type: 'text', text: 'ok' }] }));",
  },
  {
    name: "an LLM helper's content is not a tool result",
    code: 'export async function summarize(llm, prompt) {\n  const reply = await llm(prompt);\n  return { content: reply.content };\n}',
  },
  {
    name: 'a file that never names a tool result',
    code: 'export function pick(row) {\n  const r = row.load();\n  return { content: r.content };\n}',
  },
  {
    name: "content of an inbound request's arguments",
    code: "server.registerTool('echo', { inputSchema: {} }, async (args) => ({ content: args.content }));",
  },
];

const invalid: InvalidTestCase<MessageIds, Options>[] = [
  {
    name: "v1 proxy: registerTool callback rebuilds upstream.callTool's result",
    code: "import { Client } from '@modelcontextprotocol/sdk/client/index.js';\ndeclare const upstream: Client;\nserver.registerTool('search', { inputSchema: {} }, async (args) => {\n  const r = await upstream.callTool({ name: 'search', arguments: args });\n  return { content: r.content, isError: r.isError };\n});",
    errors: [
      {
        messageId: 'droppedMeta',
        line: 5,
        column: 10,
        endLine: 5,
        endColumn: 52,
        suggestions: [
          {
            messageId: 'suggestForwardUpstreamMeta',
            output:
              "import { Client } from '@modelcontextprotocol/sdk/client/index.js';\ndeclare const upstream: Client;\nserver.registerTool('search', { inputSchema: {} }, async (args) => {\n  const r = await upstream.callTool({ name: 'search', arguments: args });\n  const upstreamMeta: Record<string, unknown> = { ...r._meta };\n  delete upstreamMeta['io.modelcontextprotocol/serverInfo'];\n  return { ...(r._meta && { _meta: upstreamMeta }), content: r.content, isError: r.isError };\n});",
          },
        ],
      },
    ],
  },
  {
    name: "v2 gateway: setRequestHandler('tools/call') rebuilds client.callTool's result",
    code: "import { Client } from '@modelcontextprotocol/client';\ndeclare const client: Client;\nserver.setRequestHandler('tools/call', async (request) => {\n  const result = await client.callTool({ name: request.params.name, arguments: request.params.arguments });\n  return { content: result.content, structuredContent: result.structuredContent };\n});",
    errors: [
      {
        // The caller's request `_meta` is not forwarded upstream either (the relay half: no-dropped-meta-relay.test.ts).
        messageId: 'droppedCallerMeta',
        line: 4,
        column: 24,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output:
              "import { Client } from '@modelcontextprotocol/client';\ndeclare const client: Client;\nserver.setRequestHandler('tools/call', async (request) => {\n  const callerMeta = { ...request.params._meta };\n  delete callerMeta.progressToken;\n  const result = await client.callTool({ _meta: callerMeta, name: request.params.name, arguments: request.params.arguments });\n  return { content: result.content, structuredContent: result.structuredContent };\n});",
          },
        ],
      },
      {
        messageId: 'droppedMeta',
        line: 5,
        column: 10,
        endLine: 5,
        endColumn: 82,
        suggestions: [
          {
            messageId: 'suggestForwardUpstreamMeta',
            output:
              "import { Client } from '@modelcontextprotocol/client';\ndeclare const client: Client;\nserver.setRequestHandler('tools/call', async (request) => {\n  const result = await client.callTool({ name: request.params.name, arguments: request.params.arguments });\n  const upstreamMeta: Record<string, unknown> = { ...result._meta };\n  delete upstreamMeta['io.modelcontextprotocol/serverInfo'];\n  return { ...(result._meta && { _meta: upstreamMeta }), content: result.content, structuredContent: result.structuredContent };\n});",
          },
        ],
      },
    ],
  },
  {
    name: 'v1 proxy: CallToolRequestSchema handler, destructured result',
    code: 'server.setRequestHandler(CallToolRequestSchema, async (request) => {\n  const { content, isError } = await client.callTool(request.params);\n  return { content, isError };\n});',
    errors: [
      {
        messageId: 'droppedMeta',
        line: 3,
        column: 10,
        endLine: 3,
        endColumn: 30,
        suggestions: [
          {
            messageId: 'suggestForwardUpstreamMeta',
            output:
              "server.setRequestHandler(CallToolRequestSchema, async (request) => {\n  const { content, isError, _meta } = await client.callTool(request.params);\n  const upstreamMeta: Record<string, unknown> = { ..._meta };\n  delete upstreamMeta['io.modelcontextprotocol/serverInfo'];\n  return { ...(_meta && { _meta: upstreamMeta }), content, isError };\n});",
          },
        ],
      },
    ],
  },
  {
    name: 'retry wrapper spreads structuredContent back but not _meta',
    code: 'export function withRetry(handler: ToolHandler): ToolHandler {\n  return async (args, extra) => {\n    const result = await handler(args, extra);\n    return { content: result.content, structuredContent: { ...result.structuredContent, attempts: 1 }, isError: result.isError };\n  };\n}',
    errors: [
      {
        messageId: 'droppedMeta',
        line: 4,
        column: 12,
        endLine: 4,
        endColumn: 129,
        suggestions: [
          {
            messageId: 'suggestForwardMeta',
            output:
              'export function withRetry(handler: ToolHandler): ToolHandler {\n  return async (args, extra) => {\n    const result = await handler(args, extra);\n    return { ...(result._meta && { _meta: result._meta }), content: result.content, structuredContent: { ...result.structuredContent, attempts: 1 }, isError: result.isError };\n  };\n}',
          },
        ],
      },
    ],
  },
  {
    name: "timeout wrapper rebuilds the wrapped handler's result",
    code: 'export const withTimeout = (fn, ms) => async (args, extra) => {\n  const out = await Promise.race([fn(args, extra), timeout(ms)]);\n  const result = await fn(args, extra);\n  return { content: result.content, isError: result.isError ?? false };\n};',
    errors: [
      {
        messageId: 'droppedMeta',
        line: 4,
        column: 10,
        endLine: 4,
        endColumn: 71,
        suggestions: [
          {
            messageId: 'suggestForwardMeta',
            output:
              'export const withTimeout = (fn, ms) => async (args, extra) => {\n  const out = await Promise.race([fn(args, extra), timeout(ms)]);\n  const result = await fn(args, extra);\n  return { ...(result._meta && { _meta: result._meta }), content: result.content, isError: result.isError ?? false };\n};',
          },
        ],
      },
    ],
  },
  {
    name: 'a result declared CallToolResult, rebuilt into a declared result',
    code: "import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';\nexport function redact(result: CallToolResult): CallToolResult {\n  return { content: result.content.filter((block) => block.type === 'text') };\n}",
    errors: [
      {
        messageId: 'droppedMeta',
        line: 3,
        column: 10,
        endLine: 3,
        endColumn: 78,
        suggestions: [
          {
            messageId: 'suggestForwardMeta',
            output:
              "import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';\nexport function redact(result: CallToolResult): CallToolResult {\n  return { ...(result._meta && { _meta: result._meta }), content: result.content.filter((block) => block.type === 'text') };\n}",
          },
        ],
      },
    ],
  },
  {
    name: '.map over results of Promise.all(callTool)',
    code: "import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';\nexport async function fanOut(clients, name): Promise<CallToolResult[]> {\n  const results = await Promise.all(clients.map((c) => c.callTool({ name })));\n  return results.map((r): CallToolResult => ({ content: r.content, isError: r.isError }));\n}",
    errors: [
      {
        messageId: 'droppedMeta',
        line: 4,
        column: 46,
        endLine: 4,
        endColumn: 88,
        suggestions: [
          {
            messageId: 'suggestForwardMeta',
            output:
              "import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';\nexport async function fanOut(clients, name): Promise<CallToolResult[]> {\n  const results = await Promise.all(clients.map((c) => c.callTool({ name })));\n  return results.map((r): CallToolResult => ({ ...(r._meta && { _meta: r._meta }), content: r.content, isError: r.isError }));\n}",
          },
        ],
      },
    ],
  },
  {
    name: 'a rebuilt result kept in a const, then returned from the tool callback',
    code: "server.registerTool('search', { inputSchema: {} }, async (args) => {\n  const upstreamResult = await upstream.callTool({ name: 'search', arguments: args });\n  const rebuilt = { content: upstreamResult.content };\n  return rebuilt;\n});",
    errors: [
      {
        messageId: 'droppedMeta',
        line: 3,
        column: 19,
        endLine: 3,
        endColumn: 54,
        suggestions: [
          {
            messageId: 'suggestForwardUpstreamMeta',
            output:
              "server.registerTool('search', { inputSchema: {} }, async (args) => {\n  const upstreamResult = await upstream.callTool({ name: 'search', arguments: args });\n  const upstreamMeta: Record<string, unknown> = { ...upstreamResult._meta };\n  delete upstreamMeta['io.modelcontextprotocol/serverInfo'];\n  const rebuilt = { ...(upstreamResult._meta && { _meta: upstreamMeta }), content: upstreamResult.content };\n  return rebuilt;\n});",
          },
        ],
      },
    ],
  },
  {
    name: 'agent adapter returning into a type with a metadata slot',
    code: "import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';\ninterface ToolMessage {\n  role: 'tool';\n  content: unknown;\n  metadata?: Record<string, unknown>;\n}\nexport function toToolMessage(result: CallToolResult): ToolMessage {\n  return { role: 'tool', content: result.content };\n}",
    errors: [
      {
        messageId: 'droppedMetaSlot',
        line: 8,
        column: 10,
        endLine: 8,
        endColumn: 51,
        suggestions: [
          {
            messageId: 'suggestForwardMeta',
            output:
              "import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';\ninterface ToolMessage {\n  role: 'tool';\n  content: unknown;\n  metadata?: Record<string, unknown>;\n}\nexport function toToolMessage(result: CallToolResult): ToolMessage {\n  return { ...(result._meta && { metadata: result._meta }), role: 'tool', content: result.content };\n}",
          },
        ],
      },
    ],
  },
  {
    name: 'forwarding upstream _meta whole forwards upstream serverInfo',
    code: "server.registerTool('search', { inputSchema: {} }, async (args) => {\n  const r = await upstream.callTool({ name: 'search', arguments: args });\n  return { content: r.content, _meta: r._meta };\n});",
    errors: [
      {
        messageId: 'forwardsServerInfo',
        line: 3,
        column: 32,
        endLine: 3,
        endColumn: 46,
        suggestions: [
          {
            messageId: 'suggestDropServerInfo',
            output:
              "server.registerTool('search', { inputSchema: {} }, async (args) => {\n  const r = await upstream.callTool({ name: 'search', arguments: args });\n  const upstreamMeta: Record<string, unknown> = { ...r._meta };\n  delete upstreamMeta['io.modelcontextprotocol/serverInfo'];\n  return { content: r.content, _meta: upstreamMeta };\n});",
          },
        ],
      },
    ],
  },
  {
    name: "forwarding upstream _meta merged with the gateway's key, SDK constant imported",
    code: "import { SERVER_INFO_META_KEY } from '@modelcontextprotocol/server';\nserver.registerTool('search', { inputSchema: {} }, async (args) => {\n  const r = await upstream.callTool({ name: 'search', arguments: args });\n  return { content: r.content, _meta: { ...r._meta, 'acme.dev/gateway': { hop: 1 } } };\n});",
    errors: [
      {
        messageId: 'forwardsServerInfo',
        line: 4,
        column: 32,
        endLine: 4,
        endColumn: 85,
        suggestions: [
          {
            messageId: 'suggestDropServerInfo',
            output:
              "import { SERVER_INFO_META_KEY } from '@modelcontextprotocol/server';\nserver.registerTool('search', { inputSchema: {} }, async (args) => {\n  const r = await upstream.callTool({ name: 'search', arguments: args });\n  const upstreamMeta: Record<string, unknown> = { ...r._meta };\n  delete upstreamMeta[SERVER_INFO_META_KEY];\n  return { content: r.content, _meta: { ...upstreamMeta, 'acme.dev/gateway': { hop: 1 } } };\n});",
          },
        ],
      },
    ],
  },
  {
    name: "client wrapper replaces the caller's request _meta to set progressToken",
    code: "export async function callToolWithProgress(client, params, token) {\n  return client.request({ method: 'tools/call', params: { ...params, _meta: { progressToken: token } } }, CallToolResultSchema);\n}",
    errors: [
      {
        messageId: 'replacesRequestMeta',
        line: 2,
        column: 70,
        endLine: 2,
        endColumn: 101,
        suggestions: [
          {
            messageId: 'suggestMergeRequestMeta',
            output:
              "export async function callToolWithProgress(client, params, token) {\n  return client.request({ method: 'tools/call', params: { ...params, _meta: { ...params?._meta, progressToken: token } } }, CallToolResultSchema);\n}",
          },
        ],
      },
    ],
  },
  {
    name: "a gateway forwards request.params with its own _meta instead of the caller's",
    code: [
      'server.setRequestHandler(CallToolRequestSchema, async (request) =>',
      "  upstream.request({ method: 'tools/call', params: { ...request.params, _meta: { 'com.example/hop': 1 } } }, CallToolResultSchema),",
      ');',
    ].join('\n'),
    errors: [
      {
        messageId: 'replacesRequestMeta',
        line: 2,
        column: 73,
        suggestions: [
          {
            messageId: 'suggestMergeRequestMeta',
            output: [
              'server.setRequestHandler(CallToolRequestSchema, async (request) =>',
              "  upstream.request({ method: 'tools/call', params: { ...request.params, _meta: { ...request.params?._meta, 'com.example/hop': 1 } } }, CallToolResultSchema),",
              ');',
            ].join('\n'),
          },
        ],
      },
    ],
  },
  {
    name: 'a literal declared CallToolResult, then returned',
    code: [
      "import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
      'export async function relay(upstream) {',
      "  const r = await upstream.callTool({ name: 'x' });",
      '  const out: CallToolResult = { content: r.content };',
      '  return out;',
      '}',
    ].join('\n'),
    errors: [
      {
        messageId: 'droppedMeta',
        line: 4,
        column: 31,
        suggestions: [
          {
            messageId: 'suggestForwardUpstreamMeta',
            output: [
              "import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
              'export async function relay(upstream) {',
              "  const r = await upstream.callTool({ name: 'x' });",
              '  const upstreamMeta: Record<string, unknown> = { ...r._meta };',
              "  delete upstreamMeta['io.modelcontextprotocol/serverInfo'];",
              '  const out: CallToolResult = { ...(r._meta && { _meta: upstreamMeta }), content: r.content };',
              '  return out;',
              '}',
            ].join('\n'),
          },
        ],
      },
    ],
  },
  {
    name: 'a literal that satisfies CallToolResult',
    code: [
      'export async function relay(upstream) {',
      "  const r = await upstream.callTool({ name: 'x' });",
      '  return { content: [], isError: r.isError } satisfies CallToolResult;',
      '}',
    ].join('\n'),
    errors: [
      {
        messageId: 'droppedMeta',
        line: 3,
        column: 10,
        suggestions: [
          {
            messageId: 'suggestForwardUpstreamMeta',
            output: [
              'export async function relay(upstream) {',
              "  const r = await upstream.callTool({ name: 'x' });",
              '  const upstreamMeta: Record<string, unknown> = { ...r._meta };',
              "  delete upstreamMeta['io.modelcontextprotocol/serverInfo'];",
              '  return { ...(r._meta && { _meta: upstreamMeta }), content: [], isError: r.isError } satisfies CallToolResult;',
              '}',
            ].join('\n'),
          },
        ],
      },
    ],
  },
  {
    name: 'expression-bodied map callback in a tool callback (no statement to declare in)',
    code: "server.registerTool('first', { inputSchema: {} }, async () =>\n  upstream.callTool({ name: 'first' }).then((r) => ({ content: r.content })),\n);",
    errors: [
      {
        messageId: 'droppedMeta',
        line: 2,
        column: 53,
        endLine: 2,
        endColumn: 75,
        suggestions: [
          {
            messageId: 'suggestForwardUpstreamMeta',
            output:
              "server.registerTool('first', { inputSchema: {} }, async () =>\n  upstream.callTool({ name: 'first' }).then((r) => ({ ...(r._meta && { _meta: ((upstreamMeta: Record<string, unknown>) => { delete upstreamMeta['io.modelcontextprotocol/serverInfo']; return upstreamMeta; })({ ...r._meta }) }), content: r.content })),\n);",
          },
        ],
      },
    ],
  },
];

const at = <T extends { filename?: string }>(filename: string, tests: T[]): T[] => tests.map((test) => ({ filename, ...test }));

createUntypedRuleTester().run('no-dropped-meta (without types)', rule, {
  valid: at(UNTYPED_OTHER, valid),
  invalid: at(UNTYPED_OTHER, invalid),
});

createTypedRuleTester().run('no-dropped-meta (with types)', rule, {
  valid: at(TYPED_OTHER, valid),
  invalid: at(TYPED_OTHER, invalid),
});

/** Only the checker knows that `fetchUpstream()` returns a `CallToolResult`, or that `reply` takes one. */
const typedOnly: InvalidTestCase<MessageIds, Options>[] = [
  {
    name: 'a value typed CallToolResult by inference, rebuilt in a tool callback',
    code: [
      "import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
      'declare function fetchUpstream(name: string): Promise<CallToolResult>;',
      "server.registerTool('search', { inputSchema: {} }, async () => {",
      "  const r = await fetchUpstream('search');",
      '  return { content: r.content };',
      '});',
    ].join('\n'),
    errors: [
      {
        messageId: 'droppedMeta',
        line: 5,
        column: 10,
        suggestions: [
          {
            messageId: 'suggestForwardMeta',
            data: { meta: 'r._meta' },
            output: [
              "import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
              'declare function fetchUpstream(name: string): Promise<CallToolResult>;',
              "server.registerTool('search', { inputSchema: {} }, async () => {",
              "  const r = await fetchUpstream('search');",
              '  return { ...(r._meta && { _meta: r._meta }), content: r.content };',
              '});',
            ].join('\n'),
          },
        ],
      },
    ],
  },
  {
    name: 'a literal given to a CallToolResult parameter',
    code: [
      "import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
      'declare function reply(result: CallToolResult): void;',
      'export async function relay(client: { callTool(p: { name: string }): Promise<CallToolResult> }) {',
      "  const r = await client.callTool({ name: 'x' });",
      '  reply({ content: r.content, isError: r.isError });',
      '}',
    ].join('\n'),
    errors: [
      {
        messageId: 'droppedMeta',
        line: 5,
        column: 9,
        suggestions: [
          {
            messageId: 'suggestForwardUpstreamMeta',
            output: [
              "import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
              'declare function reply(result: CallToolResult): void;',
              'export async function relay(client: { callTool(p: { name: string }): Promise<CallToolResult> }) {',
              "  const r = await client.callTool({ name: 'x' });",
              '  const upstreamMeta: Record<string, unknown> = { ...r._meta };',
              "  delete upstreamMeta['io.modelcontextprotocol/serverInfo'];",
              '  reply({ ...(r._meta && { _meta: upstreamMeta }), content: r.content, isError: r.isError });',
              '}',
            ].join('\n'),
          },
        ],
      },
    ],
  },
];

createTypedRuleTester().run('no-dropped-meta (found only with types)', rule, {
  valid: [],
  invalid: at(TYPED_OTHER, typedOnly),
});

createUntypedRuleTester().run('no-dropped-meta (the same code without types)', rule, {
  valid: typedOnly.map(({ name, code }): ValidTestCase<Options> => ({ name, code, filename: UNTYPED_OTHER })),
  invalid: [],
});
