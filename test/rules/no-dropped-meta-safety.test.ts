/**
 * no-dropped-meta: its suggestions are safe and its answers right. Each suggestion case is real TypeScript against the
 * installed SDK: the input compiles under `tsc --strict`, every suggestion's output compiles too, and linting that
 * output with every rule of the plugin finds nothing the input did not (the fixed finding is gone). The cases: a
 * `.then` callback's result (the declaration goes where its parameter is), a `return` that is the body of an `if` or
 * `else` without braces, guarded reads (`r?.content`), a wrapped handler typed without `_meta`, a request `params`
 * typed without `_meta`, the `forwardsServerInfo` edit made on the AST (another holder's `other._meta` and a string
 * that mentions `r._meta` stay), its aliases, rests and conditionals, a `delete` of the upstream identity, a
 * `metadata` member that is no slot, a slot the literal fills itself, and a `let` assigned in a `try`.
 */
import * as path from 'node:path';
import tsPlugin from '@typescript-eslint/eslint-plugin';
import tsParser from '@typescript-eslint/parser';
import type { InvalidTestCase, ValidTestCase } from '@typescript-eslint/rule-tester';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import rule, { type MessageIds, type Options } from '../../rules/no-dropped-meta';
import plugin from '../../src/index';
import { compile, errorsOf, STRICT_NODE16 } from '../robustness/type-check';
import { createTypedRuleTester, createUntypedRuleTester, TYPED_FIXTURE_DIR, TYPED_OTHER, UNTYPED_OTHER } from './typed-rule-tester';

const lines = (...parts: string[]): string => parts.join('\n');
const HEAD = [
  "import type { Client } from '@modelcontextprotocol/sdk/client/index.js';",
  "import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
  'declare const upstream: Client;',
];
const KEY = "'io.modelcontextprotocol/serverInfo'";

/** tambo's React provider: its own client's list (`MCPClient.listTools(): Promise<MCPToolSpec[]>`) into its own registry. */
const TAMBO_OWN_REGISTRY = lines(
  ...HEAD,
  'interface OwnTool { name: string; description?: string }',
  'interface OwnClient { listTools(): Promise<OwnTool[]>; callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult> }',
  'interface RegistryTool { name: string; description: string; tool: (args: Record<string, unknown>) => Promise<unknown> }',
  'export async function registerServerTools(client: OwnClient, registerTool: (tool: RegistryTool) => void) {',
  '  const tools = await client.listTools();',
  '  tools.forEach((tool) => {',
  "    registerTool({ description: tool.description ?? '', name: tool.name, tool: async (args) => (await client.callTool(tool.name, args)).content });",
  '  });',
  '}',
);

/** An upstream list of the code base's own (its method answers with the list itself), registered on an MCP server. */
const OWN_LIST_REGISTERED = lines(
  ...HEAD,
  "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
  'interface OwnTool { name: string; description?: string }',
  'interface OwnProvider { listTools(): Promise<OwnTool[]> }',
  'declare const server: McpServer;',
  'export async function mirror(provider: OwnProvider) {',
  '  const tools = await provider.listTools();',
  '  for (const t of tools) server.registerTool(t.name, { description: t.description }, async () => ({ content: [] }));',
  '}',
);

const valid: ValidTestCase<Options>[] = [
  {
    name: 'D1: a member named metadata that holds a string is no _meta slot',
    code: lines(
      ...HEAD,
      "interface LogRecord { role: 'tool'; content: unknown; metadata?: string }",
      'export function toLog(result: CallToolResult): LogRecord {',
      "  return { role: 'tool', content: result.content };",
      '}',
    ),
  },
  {
    name: 'D2: a literal that fills the metadata slot itself',
    code: lines(
      ...HEAD,
      "interface ToolMessage { role: 'tool'; content: unknown; metadata?: Record<string, unknown> }",
      'export function toMessage(result: CallToolResult, startedAt: number): ToolMessage {',
      "  return { role: 'tool', content: result.content, metadata: { startedAt, tool: 'search' } };",
      '}',
    ),
  },
  {
    name: 'D3: the upstream identity deleted in place before the upstream _meta is forwarded',
    code: lines(
      ...HEAD,
      'export async function relay(): Promise<CallToolResult> {',
      "  const r = (await upstream.callTool({ name: 'search' })) as CallToolResult;",
      `  if (r._meta) delete r._meta[${KEY}];`,
      '  return { content: r.content, _meta: r._meta };',
      '}',
    ),
  },
  {
    name: 'D3: the same through an alias and the SDK constant',
    code: lines(
      ...HEAD,
      "const SERVER_INFO_META_KEY = 'io.modelcontextprotocol/serverInfo';",
      'export async function relay(): Promise<CallToolResult> {',
      "  const r = (await upstream.callTool({ name: 'search' })) as CallToolResult;",
      '  const meta = r._meta ?? {};',
      '  delete meta[SERVER_INFO_META_KEY];',
      '  return { content: r.content, _meta: meta };',
      '}',
    ),
  },
  {
    name: 'D4: a rest that drops the upstream identity is the deliberate form',
    code: lines(
      ...HEAD,
      'export async function relay(): Promise<CallToolResult> {',
      "  const r = (await upstream.callTool({ name: 'search' })) as CallToolResult;",
      `  const { ${KEY}: _identity, 'com.example/debug': _debug, ...rest } = r._meta ?? {};`,
      '  return { content: r.content, _meta: rest };',
      '}',
    ),
  },
  {
    name: 'S5: a params object the function built itself has no caller _meta',
    code: lines(
      ...HEAD,
      'export async function call(name: string, token: string) {',
      '  const params = { name, arguments: {} };',
      "  return upstream.request({ method: 'tools/call', params: { ...params, _meta: { progressToken: token } } }, CallToolResultSchema);",
      '}',
    ),
  },
  {
    name: 'D5: a let assigned in a try and then read whole is forwarded',
    code: lines(
      ...HEAD,
      'export async function relay(): Promise<CallToolResult> {',
      '  let r: CallToolResult;',
      '  try {',
      "    r = (await upstream.callTool({ name: 'search' })) as CallToolResult;",
      '  } catch {',
      '    return { content: [], isError: true };',
      '  }',
      '  return r;',
      '}',
    ),
  },
  {
    // tambo's React provider (react-sdk/src/mcp/tambo-mcp-provider.tsx): an upstream's tools go to its own registry, for
    // its own agent, through the bare `registerTool` of `useTamboRegistry()`; no MCP client is answered there.
    name: "D9: an upstream's tools given to a bare registerTool({ … }) of the code base's own are not re-advertised",
    code: TAMBO_OWN_REGISTRY,
  },
];

/**
 * `code` with `from` (which must occur exactly once) replaced by `to`: a suggestion's output, written as the one edit
 * it makes to the case's code.
 */
function edited(code: string, from: string, to: string): string {
  const at = code.indexOf(from);
  if (at < 0 || code.indexOf(from, at + 1) >= 0) throw new Error(`expected ${JSON.stringify(from)} exactly once in the code`);
  return code.slice(0, at) + to + code.slice(at + from.length);
}

/** The code of the case "resources/read: what a resource's own read returned, typed without _meta, is read through a cast". */
const OWN_READ_TYPED_WITHOUT_META = lines(
  ...HEAD,
  "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
  'interface ResourceContents { uri: string; mimeType?: string; text?: string; blob?: string }',
  'interface Defined { name: string; uri: string; read(context: { uri: URL }): Promise<ResourceContents> }',
  'declare const server: McpServer;',
  'declare const resources: Defined[];',
  'export const callTool = (name: string) => upstream.callTool({ name });',
  'for (const resource of resources) {',
  '  server.resource(resource.name, resource.uri, async (uri) => {',
  '    const result = await resource.read({ uri });',
  "    return { contents: [{ uri: result.uri, mimeType: result.mimeType, text: result.text ?? '' }] };",
  '  });',
  '}',
);

/** The code of the case "resources/read: the listed resource carried into contents items asserted to the SDK contents types". */
const LISTED_RESOURCE_INTO_CONTENTS = lines(
  ...HEAD,
  "import { Server } from '@modelcontextprotocol/sdk/server/index.js';",
  "import { ReadResourceRequestSchema, type BlobResourceContents, type Resource, type TextResourceContents } from '@modelcontextprotocol/sdk/types.js';",
  'declare const server: Server;',
  'declare const options: {',
  '  listResources?(input: { extra: unknown }): Promise<Resource[]>;',
  '  getResourceContent(input: { uri: string; extra: unknown }): Promise<{ text?: string } | { blob?: string }>;',
  '};',
  'server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {',
  '  const uri = request.params.uri;',
  '  const resources = await options.listResources?.({ extra });',
  "  if (!resources) throw new Error('Failed to load resources');",
  '  const resource = resources.find((r) => r.uri === uri);',
  "  if (!resource) throw new Error('not found');",
  '  const content = await options.getResourceContent({ uri, extra });',
  '  const contents: (TextResourceContents | BlobResourceContents)[] = [content].map((item) => {',
  "    if ('text' in item && item.text !== undefined) return { uri: resource.uri, mimeType: resource.mimeType, text: item.text } as TextResourceContents;",
  "    return { uri: resource.uri, mimeType: resource.mimeType, blob: (item as { blob?: string }).blob ?? '' } as BlobResourceContents;",
  '  });',
  '  return { contents };',
  '});',
);

/** The code of the case "resources/read: an upstream read's own _meta carried over type-checks against the SDK's ReadResourceResult". */
const UPSTREAM_READ_RESULT = lines(
  ...HEAD,
  "import { Server } from '@modelcontextprotocol/sdk/server/index.js';",
  "import { ReadResourceRequestSchema } from '@modelcontextprotocol/sdk/types.js';",
  'declare const server: Server;',
  'server.setRequestHandler(ReadResourceRequestSchema, async (request) => {',
  '  const result = await upstream.readResource({ uri: request.params.uri });',
  '  return { contents: result.contents };',
  '});',
);

/**
 * mcp-funnel's proxy (neostandard: no semicolons, 4 spaces, `brace-style: stroustrup` with single-line blocks): a
 * statement on its own line, one after `try {` on its line, and one written `;(…)` after a line without a `;`.
 */
const NO_SEMICOLONS = lines(
  "import type { Client } from '@modelcontextprotocol/sdk/client/index.js'",
  "import { Server } from '@modelcontextprotocol/sdk/server/index.js'",
  "import { CompleteRequestSchema, GetPromptRequestSchema, SubscribeRequestSchema } from '@modelcontextprotocol/sdk/types.js'",
  'declare const upstream: Client',
  'declare const server: Server',
  'server.setRequestHandler(GetPromptRequestSchema, async (request) => {',
  '    const { name, arguments: promptArgs } = request.params',
  '    return await upstream.getPrompt({ name, arguments: promptArgs })',
  '})',
  'server.setRequestHandler(SubscribeRequestSchema, async (request) => {',
  '    const { uri } = request.params',
  '    try { await upstream.subscribeResource({ uri }) }',
  '    catch { /* ignore */ }',
  '    return {}',
  '})',
  'server.setRequestHandler(CompleteRequestSchema, async (request) => {',
  '    const values: string[] = []',
  '    ;(await upstream.complete({ ref: request.params.ref, argument: request.params.argument })).completion.values.forEach((value) => values.push(value))',
  '    return { completion: { values } }',
  '})',
);

/** The upstream's serverInfo dropped from a copy in code without semicolons. */
const SERVER_INFO_NO_SEMICOLONS = lines(
  "import type { Client } from '@modelcontextprotocol/sdk/client/index.js'",
  "import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'",
  'declare const upstream: Client',
  'export async function relay(): Promise<CallToolResult> {',
  "    const r = (await upstream.callTool({ name: 'search' })) as CallToolResult",
  "    return { content: r.content, _meta: { ...r._meta, 'com.example/hop': 1 } }",
  '}',
);

/**
 * Edits in an arrow's expression body, in code without semicolons: the caller `_meta` copy declared in the block the
 * body becomes, and the upstream `_meta` without its serverInfo copied in one expression. Their last `;` sits before a
 * `}`, where `semi: never` reports it.
 */
const ARROW_NO_SEMICOLONS = lines(
  "import type { Client } from '@modelcontextprotocol/sdk/client/index.js'",
  "import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'",
  "import { Server } from '@modelcontextprotocol/sdk/server/index.js'",
  "import { GetPromptRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js'",
  'declare const upstream: Client',
  'declare const server: Server',
  'declare const tools: McpServer',
  'server.setRequestHandler(GetPromptRequestSchema, async (request) => upstream.getPrompt({ name: request.params.name }))',
  "tools.registerTool('search', { inputSchema: {} }, async () => upstream.callTool({ name: 'search' }).then((r) => ({ content: (r as CallToolResult).content })))",
);

/** UPSTREAM_READ_RESULT with CRLF line breaks. */
const UPSTREAM_READ_RESULT_CRLF = UPSTREAM_READ_RESULT.split('\n').join('\r\n');

/** The code of the case "prompts/get: an upstream prompt's own _meta carried over type-checks against GetPromptResult". */
const UPSTREAM_PROMPT_RESULT = lines(
  ...HEAD,
  "import { Server } from '@modelcontextprotocol/sdk/server/index.js';",
  "import { GetPromptRequestSchema } from '@modelcontextprotocol/sdk/types.js';",
  'declare const server: Server;',
  'server.setRequestHandler(GetPromptRequestSchema, async (request) => {',
  '  const result = await upstream.getPrompt({ name: request.params.name, arguments: request.params.arguments });',
  '  return { description: result.description, messages: result.messages };',
  '});',
);

/** The code of the case "prompts/list: a listed prompt's _meta carried over type-checks against ListPromptsResult". */
const LISTED_PROMPTS = lines(
  ...HEAD,
  "import { Server } from '@modelcontextprotocol/sdk/server/index.js';",
  "import { ListPromptsRequestSchema } from '@modelcontextprotocol/sdk/types.js';",
  'declare const server: Server;',
  'server.setRequestHandler(ListPromptsRequestSchema, async () => {',
  '  const { prompts } = await upstream.listPrompts();',
  '  return { prompts: prompts.map((p) => ({ name: `up_${p.name}`, description: p.description, arguments: p.arguments })) };',
  '});',
);

/** The code of the case "prompts: a listed prompt's _meta carried into SDK v2's registerPrompt config type-checks". */
const PROMPTS_REGISTERED_ON_V2 = lines(
  ...HEAD,
  "import { McpServer } from '@modelcontextprotocol/server';",
  'declare const server: McpServer;',
  'export async function mirrorPrompts(): Promise<void> {',
  '  const { prompts } = await upstream.listPrompts();',
  '  for (const prompt of prompts) {',
  '    server.registerPrompt(`up_${prompt.name}`, { title: prompt.title, description: prompt.description }, async () => ({ messages: [] }));',
  '  }',
  '}',
);

/** The code of the case "mcphub: a tool's _meta carried into the module-level table of the code base's own type type-checks". */
const MCPHUB_TABLE = lines(
  ...HEAD,
  "import { Server } from '@modelcontextprotocol/sdk/server/index.js';",
  "import { ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';",
  "interface ToolInfo { name: string; description: string; inputSchema: Tool['inputSchema'] }",
  "interface ServerInfo { name: string; status: 'connected' | 'connecting'; tools: ToolInfo[] }",
  'const serverInfos: ServerInfo[] = [];',
  'const getServerByName = (name: string): ServerInfo | undefined => serverInfos.find((s) => s.name === name);',
  'export const initializeClient = (name: string, client: Client): void => {',
  "  serverInfos.push({ name, status: 'connecting', tools: [] });",
  '  void client.listTools({}, { timeout: 60000 }).then((tools) => {',
  '    const serverInfo = getServerByName(name);',
  '    if (!serverInfo) return;',
  '    serverInfo.tools = tools.tools.map((tool) => ({',
  '      name: tool.name,',
  "      description: tool.description || '',",
  '      inputSchema: tool.inputSchema,',
  '    }));',
  "    serverInfo.status = 'connected';",
  '  });',
  '};',
  'const handleListToolsRequest = async () => {',
  '  const allTools: ToolInfo[] = [];',
  '  for (const serverInfo of serverInfos) allTools.push(...serverInfo.tools);',
  '  return { tools: allTools };',
  '};',
  'export const createMcpServer = (name: string, version: string): Server => {',
  '  const server = new Server({ name, version }, { capabilities: { tools: {} } });',
  '  server.setRequestHandler(ListToolsRequestSchema, handleListToolsRequest);',
  '  return server;',
  '};',
);

/** The code of the case "a wrapper rebuilds the handler's result with a new _meta of its own: …": x402's shape. */
const X402_WRAPPER = lines(
  ...HEAD,
  'declare function settle(): Promise<{ success: boolean }>;',
  'export function withPayment(',
  '  handler: (args: unknown) => Promise<{ content: Array<{ type: "text"; text: string }>; isError?: boolean; [key: string]: unknown }>,',
  ') {',
  '  return async (args: unknown) => {',
  '    const result = await handler(args);',
  '    const settled = await settle();',
  "    return { content: result.content, isError: result.isError, _meta: { 'x402/payment-response': settled } };",
  '  };',
  '}',
);

/** The code of the case "an upstream result rebuilt with a new _meta in an arrow's expression body: …". */
const UPSTREAM_THEN_NEW_META = lines(
  ...HEAD,
  'export function search(): Promise<CallToolResult> {',
  "  return upstream.callTool({ name: 'search' }).then((r) => ({ content: r.content as CallToolResult['content'], _meta: { 'acme.dev/hop': 1 } }));",
  '}',
);

/** The code of the case "a hub's own progress token in place of the caller's _meta read through a cast: …" (hatago). */
const HUB_OWN_TOKEN = lines(
  ...HEAD,
  'export async function handleToolsCall(params: Record<string, unknown> | undefined) {',
  '  const progressToken = (params as { _meta?: { progressToken?: string | number } })?._meta?.progressToken;',
  '  const upstreamToken = `upstream-${Date.now()}`;',
  "  return upstream.callTool({ name: 'x', _meta: { progressToken: upstreamToken } }, undefined, { onprogress: () => progressToken });",
  '}',
);

/**
 * The code of the case "SDK v2: a tool call forwarded without the caller's _meta (ctx.mcpReq._meta): …": one callback
 * with a block body, one with an expression body.
 */
const V2_FORWARDED = lines(
  "import type { Client } from '@modelcontextprotocol/client';",
  "import { McpServer } from '@modelcontextprotocol/server';",
  "import { z } from 'zod';",
  'declare const upstream: Client;',
  'declare const server: McpServer;',
  "server.registerTool('search', { inputSchema: z.object({}) }, async (args, ctx) => {",
  "  const result = await upstream.callTool({ name: 'search' });",
  '  return result;',
  '});',
  "server.registerTool('lookup', { inputSchema: z.object({}) }, async (args, ctx) => upstream.callTool({ name: 'lookup' }));",
);

/**
 * The code of the case "prompts/get, resources/read, completion/complete and resources/subscribe forwarded without the
 * caller's _meta: …": tambo's prompt callback (its context second), a resource template's read callback (its context
 * third), and the v1 handlers of a completion and a subscription, each sending its request upstream field by field.
 */
const FORWARDED_REQUESTS = lines(
  ...HEAD,
  "import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';",
  "import { Server } from '@modelcontextprotocol/sdk/server/index.js';",
  "import { CompleteRequestSchema, SubscribeRequestSchema } from '@modelcontextprotocol/sdk/types.js';",
  "import { z } from 'zod';",
  'declare const server: McpServer;',
  'declare const lowLevel: Server;',
  "server.registerPrompt('review', { argsSchema: { code: z.string() } }, async (args, extra) => {",
  "  const promptResponse = await upstream.getPrompt({ name: 'review', arguments: args });",
  '  return promptResponse;',
  '});',
  "server.resource('file', new ResourceTemplate('file://{path}', { list: undefined }), async (uri, variables, extra) =>",
  '  upstream.readResource({ uri: `file://${String(variables.path)}` }),',
  ');',
  'lowLevel.setRequestHandler(CompleteRequestSchema, async (request) => upstream.complete({ ref: request.params.ref, argument: request.params.argument }));',
  'lowLevel.setRequestHandler(SubscribeRequestSchema, async (request) => {',
  '  await upstream.subscribeResource({ uri: request.params.uri });',
  '  return {};',
  '});',
);

/** The code of the case "a listed resource registered again with conditional spreads: the suggestion type-checks against the SDK registration". */
const LISTED_RESOURCE_CONDITIONAL_SPREADS = lines(
  ...HEAD,
  "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
  'declare const server: McpServer;',
  'export async function mount(namespace: string): Promise<void> {',
  '  const { resources } = await upstream.listResources();',
  '  for (const resource of resources) {',
  '    server.registerResource(',
  '      `${namespace}_${resource.name}`,',
  '      `proxy:///${encodeURIComponent(resource.uri)}`,',
  '      {',
  '        ...(resource.title !== undefined && { title: resource.title }),',
  '        ...(resource.mimeType !== undefined ? { mimeType: resource.mimeType } : {}),',
  '      },',
  '      async () => upstream.readResource({ uri: resource.uri }),',
  '    );',
  '  }',
  '}',
);

/** The code of the case "an upstream read's contents items rebuilt with conditional spreads: the suggestion type-checks against ReadResourceResult". */
const READ_CONTENTS_CONDITIONAL_SPREADS = lines(
  ...HEAD,
  "import { Server } from '@modelcontextprotocol/sdk/server/index.js';",
  "import { ReadResourceRequestSchema } from '@modelcontextprotocol/sdk/types.js';",
  'declare const server: Server;',
  'server.setRequestHandler(ReadResourceRequestSchema, async (request) => {',
  '  const result = await upstream.readResource({ uri: request.params.uri });',
  '  return {',
  '    _meta: result._meta,',
  "    contents: result.contents.map((c) => ({ uri: c.uri, ...('text' in c ? { text: c.text } : { blob: c.blob }) })),",
  '  };',
  '});',
);

/** The code of the case "a plan's resources of the file's own type registered again: the suggestion's cast type-checks". */
const MCP_USE_PLAN = lines(
  ...HEAD,
  "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
  'interface ProxyConnection {',
  '  listResources?(): Promise<{ resources: ProxyResource[] }>;',
  '}',
  'interface ProxyResource {',
  '  name: string;',
  '  uri: string;',
  '  title?: string | undefined;',
  '  mimeType?: string | undefined;',
  '}',
  'interface ProxyNamespacePlan {',
  '  namespace: string;',
  '  resources: ProxyResource[];',
  '}',
  'export async function introspect(namespace: string, connection: ProxyConnection): Promise<ProxyNamespacePlan> {',
  '  return { namespace, resources: (await connection.listResources?.())?.resources ?? [] };',
  '}',
  'export function mountPlan(host: McpServer, plan: ProxyNamespacePlan): void {',
  '  for (const resource of plan.resources) {',
  '    host.registerResource(',
  '      `${plan.namespace}_${resource.name}`,',
  '      `proxy:///${encodeURIComponent(resource.uri)}`,',
  '      {',
  '        ...(resource.title !== undefined && { title: resource.title }),',
  '        ...(resource.mimeType !== undefined && { mimeType: resource.mimeType }),',
  '      },',
  '      async () => upstream.readResource({ uri: resource.uri }),',
  '    );',
  '  }',
  '}',
);

/**
 * assistant-ui's MCP Apps host bridge (packages/react/src/mcp-apps/bridge.ts): a raw JSON-RPC request, whose `params` may
 * be absent, handled by the code itself; `read`: how the suggestion's copy reads the caller's `_meta` (none: the input).
 */
const BRIDGE = (request: string, read: string): string[] => [
  ...HEAD,
  'type BridgeRequest = { id: number; method: string; params?: unknown };',
  // Unannotated, the request is typed by the function's declared return type.
  `export function createBridge(respond: (id: number, value: unknown) => void)${request === 'req' ? ': (req: BridgeRequest) => Promise<void>' : ''} {`,
  `  return async (${request}) => {`,
  '    const params = req.params;',
  "    if (req.method === 'tools/call') {",
  '      const call = (params ?? {}) as { name: string; arguments?: Record<string, unknown> };',
  ...(read ? [`      const callerMeta = { ...${read} };`, '      delete callerMeta.progressToken;'] : []),
  `      const result = await upstream.callTool({ ${read ? '_meta: callerMeta, ' : ''}name: call.name, ...(call.arguments !== undefined ? { arguments: call.arguments } : {}) });`,
  '      respond(req.id, { result });',
  '    }',
  '  };',
  '}',
];

/** The suggestion cases: each input compiles, and so does each suggestion's output (checked below). */
const invalid: InvalidTestCase<MessageIds, Options>[] = [
  {
    name: 'S1: a .then callback with an expression body: the suggestion stays inside the callback',
    code: lines(
      ...HEAD,
      'export function relay(): Promise<CallToolResult> {',
      "  return upstream.callTool({ name: 'first' }).then((r) => ({ content: (r as CallToolResult).content }));",
      '}',
    ),
    errors: [
      {
        messageId: 'droppedMeta',
        line: 5,
        column: 60,
        suggestions: [
          {
            messageId: 'suggestForwardUpstreamMeta',
            output: lines(
              "import type { Client } from '@modelcontextprotocol/sdk/client/index.js';",
              "import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
              'declare const upstream: Client;',
              'export function relay(): Promise<CallToolResult> {',
              "  return upstream.callTool({ name: 'first' }).then((r) => ({ ...(r._meta && { _meta: ((upstreamMeta: Record<string, unknown>) => { delete upstreamMeta['io.modelcontextprotocol/serverInfo']; return upstreamMeta; })({ ...r._meta }) }), content: (r as CallToolResult).content }));",
              '}',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'S1: a .then callback with a block body: the declaration goes before its own return',
    code: lines(
      ...HEAD,
      'export function relay(): Promise<CallToolResult> {',
      "  return upstream.callTool({ name: 'first' }).then((result) => {",
      '    const r = result as CallToolResult;',
      '    return { content: r.content };',
      '  });',
      '}',
    ),
    errors: [
      {
        messageId: 'droppedMeta',
        line: 7,
        column: 12,
        suggestions: [
          {
            messageId: 'suggestForwardUpstreamMeta',
            output: lines(
              "import type { Client } from '@modelcontextprotocol/sdk/client/index.js';",
              "import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
              'declare const upstream: Client;',
              'export function relay(): Promise<CallToolResult> {',
              "  return upstream.callTool({ name: 'first' }).then((result) => {",
              '    const r = result as CallToolResult;',
              '    const upstreamMeta: Record<string, unknown> = { ...r._meta };',
              "    delete upstreamMeta['io.modelcontextprotocol/serverInfo'];",
              '    return { ...(r._meta && { _meta: upstreamMeta }), content: r.content };',
              '  });',
              '}',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'S2: a return that is the body of an if without braces gets a block',
    code: lines(
      ...HEAD,
      'export async function relay(flag: boolean): Promise<CallToolResult> {',
      "  const r = (await upstream.callTool({ name: 'search' })) as CallToolResult;",
      '  if (flag) return { content: r.content };',
      '  return { content: [] };',
      '}',
    ),
    errors: [
      {
        messageId: 'droppedMeta',
        line: 6,
        column: 20,
        suggestions: [
          {
            messageId: 'suggestForwardUpstreamMeta',
            output: lines(
              "import type { Client } from '@modelcontextprotocol/sdk/client/index.js';",
              "import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
              'declare const upstream: Client;',
              'export async function relay(flag: boolean): Promise<CallToolResult> {',
              "  const r = (await upstream.callTool({ name: 'search' })) as CallToolResult;",
              "  if (flag) { const upstreamMeta: Record<string, unknown> = { ...r._meta }; delete upstreamMeta['io.modelcontextprotocol/serverInfo']; return { ...(r._meta && { _meta: upstreamMeta }), content: r.content }; }",
              '  return { content: [] };',
              '}',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'S2: a return that is the body of an else without braces gets a block',
    code: lines(
      ...HEAD,
      'export async function relay(flag: boolean): Promise<CallToolResult> {',
      "  const r = (await upstream.callTool({ name: 'search' })) as CallToolResult;",
      '  if (flag) return { content: [] };',
      '  else return { content: r.content, isError: r.isError };',
      '}',
    ),
    errors: [
      {
        messageId: 'droppedMeta',
        line: 7,
        column: 15,
        suggestions: [
          {
            messageId: 'suggestForwardUpstreamMeta',
            output: lines(
              "import type { Client } from '@modelcontextprotocol/sdk/client/index.js';",
              "import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
              'declare const upstream: Client;',
              'export async function relay(flag: boolean): Promise<CallToolResult> {',
              "  const r = (await upstream.callTool({ name: 'search' })) as CallToolResult;",
              '  if (flag) return { content: [] };',
              "  else { const upstreamMeta: Record<string, unknown> = { ...r._meta }; delete upstreamMeta['io.modelcontextprotocol/serverInfo']; return { ...(r._meta && { _meta: upstreamMeta }), content: r.content, isError: r.isError }; }",
              '}',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'S3: a result that may be undefined is read guarded',
    code: lines(
      ...HEAD,
      'export function toResult(r: CallToolResult | undefined): CallToolResult {',
      '  return { content: r?.content ?? [] };',
      '}',
    ),
    errors: [
      {
        messageId: 'droppedMeta',
        line: 5,
        column: 10,
        suggestions: [
          {
            messageId: 'suggestForwardMeta',
            output: lines(
              "import type { Client } from '@modelcontextprotocol/sdk/client/index.js';",
              "import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
              'declare const upstream: Client;',
              'export function toResult(r: CallToolResult | undefined): CallToolResult {',
              '  return { ...(r?._meta && { _meta: r?._meta }), content: r?.content ?? [] };',
              '}',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'S3: an upstream call on a client that may be missing is read guarded',
    code: lines(
      ...HEAD,
      'declare const maybe: Client | undefined;',
      'export async function relay(): Promise<CallToolResult> {',
      "  const r = (await maybe?.callTool({ name: 'search' })) as CallToolResult | undefined;",
      '  return { content: r?.content ?? [], isError: r?.isError };',
      '}',
    ),
    errors: [
      {
        messageId: 'droppedMeta',
        line: 7,
        column: 10,
        suggestions: [
          {
            messageId: 'suggestForwardUpstreamMeta',
            output: lines(
              "import type { Client } from '@modelcontextprotocol/sdk/client/index.js';",
              "import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
              'declare const upstream: Client;',
              'declare const maybe: Client | undefined;',
              'export async function relay(): Promise<CallToolResult> {',
              "  const r = (await maybe?.callTool({ name: 'search' })) as CallToolResult | undefined;",
              '  const upstreamMeta: Record<string, unknown> = { ...r?._meta };',
              "  delete upstreamMeta['io.modelcontextprotocol/serverInfo'];",
              '  return { ...(r?._meta && { _meta: upstreamMeta }), content: r?.content ?? [], isError: r?.isError };',
              '}',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'S6: a wrapped handler typed without _meta is read through a cast',
    code: lines(
      ...HEAD,
      "type Reply = { content: CallToolResult['content']; isError?: boolean };",
      'export function withTimeout(handler: (args: unknown) => Promise<{ content: Reply["content"]; isError?: boolean }>) {',
      '  return async (args: unknown): Promise<Reply> => {',
      '    const result = await handler(args);',
      '    return { content: result.content, isError: result.isError };',
      '  };',
      '}',
    ),
    errors: [
      {
        messageId: 'droppedMeta',
        line: 8,
        column: 12,
        suggestions: [
          {
            messageId: 'suggestForwardMeta',
            output: lines(
              "import type { Client } from '@modelcontextprotocol/sdk/client/index.js';",
              "import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
              'declare const upstream: Client;',
              "type Reply = { content: CallToolResult['content']; isError?: boolean };",
              'export function withTimeout(handler: (args: unknown) => Promise<{ content: Reply["content"]; isError?: boolean }>) {',
              '  return async (args: unknown): Promise<Reply> => {',
              '    const result = await handler(args);',
              '    return { ...((result as { _meta?: Record<string, unknown> })._meta && { _meta: (result as { _meta?: Record<string, unknown> })._meta }), content: result.content, isError: result.isError };',
              '  };',
              '}',
            ),
          },
        ],
      },
    ],
  },
  ...[
    ['req: BridgeRequest', "the code base's own type"],
    ['req', 'where the function goes'],
  ].map(([request, typedBy]) => ({
    name: `a raw request typed by ${typedBy}: the caller's _meta is read guarded, through a cast`,
    code: lines(...BRIDGE(request, '')),
    errors: [
      {
        messageId: 'droppedCallerMeta' as const,
        line: 10,
        column: 28,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta' as const,
            output: lines(...BRIDGE(request, '(req.params as { _meta?: Record<string, unknown> } | undefined)?._meta')),
          },
        ],
      },
    ],
  })),
  {
    name: 'S5: a request params typed without _meta: the merge reads it through a cast',
    code: lines(
      ...HEAD,
      'export async function call(params: { name: string; arguments?: Record<string, unknown> }, token: string) {',
      "  return upstream.request({ method: 'tools/call', params: { ...params, _meta: { progressToken: token } } }, CallToolResultSchema);",
      '}',
    ),
    errors: [
      {
        messageId: 'replacesRequestMeta',
        line: 5,
        column: 72,
        suggestions: [
          {
            messageId: 'suggestMergeRequestMeta',
            output: lines(
              "import type { Client } from '@modelcontextprotocol/sdk/client/index.js';",
              "import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
              'declare const upstream: Client;',
              'export async function call(params: { name: string; arguments?: Record<string, unknown> }, token: string) {',
              "  return upstream.request({ method: 'tools/call', params: { ...params, _meta: { ...(params as { _meta?: Record<string, unknown> } | undefined)?._meta, progressToken: token } } }, CallToolResultSchema);",
              '}',
            ),
          },
        ],
      },
    ],
  },
  {
    name: "S4: the forwardsServerInfo edit replaces the upstream read only: another holder's _meta and strings stay",
    code: lines(
      ...HEAD,
      'export async function fanOut(other: CallToolResult): Promise<CallToolResult> {',
      "  const r = (await upstream.callTool({ name: 'search' })) as CallToolResult;",
      "  return { content: [...r.content, { type: 'text', text: 'see r._meta' }], _meta: { ...r._meta, 'com.example/other': other._meta } };",
      '}',
    ),
    errors: [
      {
        messageId: 'forwardsServerInfo',
        line: 6,
        column: 76,
        suggestions: [
          {
            messageId: 'suggestDropServerInfo',
            output: lines(
              "import type { Client } from '@modelcontextprotocol/sdk/client/index.js';",
              "import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
              'declare const upstream: Client;',
              'export async function fanOut(other: CallToolResult): Promise<CallToolResult> {',
              "  const r = (await upstream.callTool({ name: 'search' })) as CallToolResult;",
              '  const upstreamMeta: Record<string, unknown> = { ...r._meta };',
              "  delete upstreamMeta['io.modelcontextprotocol/serverInfo'];",
              "  return { content: [...r.content, { type: 'text', text: 'see r._meta' }], _meta: { ...upstreamMeta, 'com.example/other': other._meta } };",
              '}',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'D4: an alias of the upstream _meta',
    code: lines(
      ...HEAD,
      'export async function relay(): Promise<CallToolResult> {',
      "  const r = (await upstream.callTool({ name: 'search' })) as CallToolResult;",
      '  const meta = r._meta;',
      '  return { content: r.content, _meta: meta };',
      '}',
    ),
    errors: [
      {
        messageId: 'forwardsServerInfo',
        line: 7,
        column: 32,
        suggestions: [
          {
            messageId: 'suggestDropServerInfo',
            output: lines(
              "import type { Client } from '@modelcontextprotocol/sdk/client/index.js';",
              "import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
              'declare const upstream: Client;',
              'export async function relay(): Promise<CallToolResult> {',
              "  const r = (await upstream.callTool({ name: 'search' })) as CallToolResult;",
              '  const meta = r._meta;',
              '  const upstreamMeta: Record<string, unknown> = { ...meta };',
              "  delete upstreamMeta['io.modelcontextprotocol/serverInfo'];",
              '  return { content: r.content, _meta: upstreamMeta };',
              '}',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'D4: a rest that drops another key keeps the upstream identity',
    code: lines(
      ...HEAD,
      'export async function relay(): Promise<CallToolResult> {',
      "  const r = (await upstream.callTool({ name: 'search' })) as CallToolResult;",
      "  const { 'com.example/debug': _debug, ...rest } = r._meta ?? {};",
      '  return { content: r.content, _meta: rest };',
      '}',
    ),
    errors: [
      {
        messageId: 'forwardsServerInfo',
        line: 7,
        column: 32,
        suggestions: [
          {
            messageId: 'suggestDropServerInfo',
            output: lines(
              "import type { Client } from '@modelcontextprotocol/sdk/client/index.js';",
              "import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
              'declare const upstream: Client;',
              'export async function relay(): Promise<CallToolResult> {',
              "  const r = (await upstream.callTool({ name: 'search' })) as CallToolResult;",
              "  const { 'com.example/debug': _debug, 'io.modelcontextprotocol/serverInfo': _upstreamServerInfo, ...rest } = r._meta ?? {};",
              '  return { content: r.content, _meta: rest };',
              '}',
            ),
          },
        ],
      },
    ],
  },
  {
    // The key would join a destructuring whose other binding is read: the one binding the code never reads would be
    // `no-unused-vars`' at its defaults, so no edit is offered (the message says what to write).
    name: 'D4: a rest beside a binding the code reads gets no suggestion',
    code: lines(
      ...HEAD,
      'export async function relay(): Promise<CallToolResult> {',
      "  const r = (await upstream.callTool({ name: 'search' })) as CallToolResult;",
      "  const { 'com.example/debug': debug, ...rest } = r._meta ?? {};",
      '  console.log(debug);',
      '  return { content: r.content, _meta: rest };',
      '}',
    ),
    errors: [{ messageId: 'forwardsServerInfo', line: 8, column: 32, suggestions: [] }],
  },
  {
    name: 'D4: a conditional copy of the upstream _meta (its test stays)',
    code: lines(
      ...HEAD,
      'export async function relay(): Promise<CallToolResult> {',
      "  const r = (await upstream.callTool({ name: 'search' })) as CallToolResult;",
      '  return { content: r.content, _meta: r._meta ? { ...r._meta } : undefined };',
      '}',
    ),
    errors: [
      {
        messageId: 'forwardsServerInfo',
        line: 6,
        column: 32,
        suggestions: [
          {
            messageId: 'suggestDropServerInfo',
            output: lines(
              "import type { Client } from '@modelcontextprotocol/sdk/client/index.js';",
              "import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
              'declare const upstream: Client;',
              'export async function relay(): Promise<CallToolResult> {',
              "  const r = (await upstream.callTool({ name: 'search' })) as CallToolResult;",
              '  const upstreamMeta: Record<string, unknown> = { ...r._meta };',
              "  delete upstreamMeta['io.modelcontextprotocol/serverInfo'];",
              '  return { content: r.content, _meta: r._meta ? { ...upstreamMeta } : undefined };',
              '}',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'D5: a let assigned in a try is an upstream result, not a read of its _meta',
    code: lines(
      ...HEAD,
      'export async function relay(): Promise<CallToolResult> {',
      '  let r: CallToolResult;',
      '  try {',
      "    r = (await upstream.callTool({ name: 'search' })) as CallToolResult;",
      '  } catch {',
      '    return { content: [], isError: true };',
      '  }',
      '  return { content: r.content, isError: r.isError };',
      '}',
    ),
    errors: [
      {
        messageId: 'droppedMeta',
        line: 11,
        column: 10,
        suggestions: [
          {
            messageId: 'suggestForwardUpstreamMeta',
            output: lines(
              "import type { Client } from '@modelcontextprotocol/sdk/client/index.js';",
              "import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
              'declare const upstream: Client;',
              'export async function relay(): Promise<CallToolResult> {',
              '  let r: CallToolResult;',
              '  try {',
              "    r = (await upstream.callTool({ name: 'search' })) as CallToolResult;",
              '  } catch {',
              '    return { content: [], isError: true };',
              '  }',
              '  const upstreamMeta: Record<string, unknown> = { ...r._meta };',
              "  delete upstreamMeta['io.modelcontextprotocol/serverInfo'];",
              '  return { ...(r._meta && { _meta: upstreamMeta }), content: r.content, isError: r.isError };',
              '}',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'issue 33: a destructured result: the message names what the suggestion does',
    code: lines(
      ...HEAD,
      'export async function relay(): Promise<CallToolResult> {',
      "  const { content, isError } = (await upstream.callTool({ name: 'search' })) as CallToolResult;",
      '  return { content, isError };',
      '}',
    ),
    errors: [
      {
        messageId: 'droppedMeta',
        line: 6,
        column: 10,
        data: {
          sink: 'This tool result',
          source: 'upstream.callTool(…)',
          line: '5',
          fields: '`content`, `isError`',
          origin: 'the upstream server',
          slot: '_meta',
          carry:
            "Destructure `_meta` with the other fields and carry it over without the upstream's `io.modelcontextprotocol/serverInfo`: `...(_meta && { _meta: upstreamMeta })`, where `const upstreamMeta = { ..._meta }; delete upstreamMeta[SERVER_INFO_META_KEY];`",
        },
        suggestions: [
          {
            messageId: 'suggestForwardUpstreamMeta',
            output: lines(
              "import type { Client } from '@modelcontextprotocol/sdk/client/index.js';",
              "import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
              'declare const upstream: Client;',
              'export async function relay(): Promise<CallToolResult> {',
              "  const { content, isError, _meta } = (await upstream.callTool({ name: 'search' })) as CallToolResult;",
              '  const upstreamMeta: Record<string, unknown> = { ..._meta };',
              "  delete upstreamMeta['io.modelcontextprotocol/serverInfo'];",
              '  return { ...(_meta && { _meta: upstreamMeta }), content, isError };',
              '}',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'a typed descriptor rebuilt with overrides: carrying its _meta over type-checks against the SDK Tool',
    code: lines(
      "import type { Tool } from '@modelcontextprotocol/sdk/types.js';",
      'export function applyOverrides(backendTool: Tool, override: { name?: string; description?: string }): Tool {',
      '  return {',
      '    name: override.name ?? backendTool.name,',
      '    description: override.description ?? backendTool.description,',
      '    inputSchema: backendTool.inputSchema,',
      '  };',
      '}',
    ),
    errors: [
      {
        messageId: 'rebuiltDescriptorMeta',
        line: 3,
        column: 10,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: lines(
              "import type { Tool } from '@modelcontextprotocol/sdk/types.js';",
              'export function applyOverrides(backendTool: Tool, override: { name?: string; description?: string }): Tool {',
              '  return {',
              '    ...(backendTool._meta && { _meta: backendTool._meta }), name: override.name ?? backendTool.name,',
              '    description: override.description ?? backendTool.description,',
              '    inputSchema: backendTool.inputSchema,',
              '  };',
              '}',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'a tools/call request built in a const: the caller _meta declared before the const type-checks',
    code: lines(
      "import type { Client } from '@modelcontextprotocol/sdk/client/index.js';",
      "import type { Server } from '@modelcontextprotocol/sdk/server/index.js';",
      "import { CallToolRequestSchema, CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';",
      'declare const upstream: Client;',
      'declare const server: Server;',
      'server.setRequestHandler(CallToolRequestSchema, async (request) => {',
      "  const req = { method: 'tools/call' as const, params: { name: request.params.name, arguments: request.params.arguments } };",
      '  return upstream.request(req, CallToolResultSchema);',
      '});',
    ),
    errors: [
      {
        messageId: 'droppedCallerMeta',
        line: 8,
        column: 10,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output: lines(
              "import type { Client } from '@modelcontextprotocol/sdk/client/index.js';",
              "import type { Server } from '@modelcontextprotocol/sdk/server/index.js';",
              "import { CallToolRequestSchema, CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';",
              'declare const upstream: Client;',
              'declare const server: Server;',
              'server.setRequestHandler(CallToolRequestSchema, async (request) => {',
              '  const callerMeta = { ...request.params._meta };',
              '  delete callerMeta.progressToken;',
              "  const req = { method: 'tools/call' as const, params: { _meta: callerMeta, name: request.params.name, arguments: request.params.arguments } };",
              '  return upstream.request(req, CallToolResultSchema);',
              '});',
            ),
          },
        ],
      },
    ],
  },
  {
    // decocms' runtime: the app's own contents type declares no `_meta`, so `result._meta` would be TS2339.
    name: "resources/read: what a resource's own read returned, typed without _meta, is read through a cast",
    code: OWN_READ_TYPED_WITHOUT_META,
    errors: [
      {
        messageId: 'droppedReadMeta',
        line: 13,
        column: 25,
        suggestions: [
          {
            messageId: 'suggestForwardReadMeta',
            output: edited(
              OWN_READ_TYPED_WITHOUT_META,
              "    return { contents: [{ uri: result.uri, mimeType: result.mimeType, text: result.text ?? '' }] };",
              "    return { contents: [{ ...((result as { _meta?: Record<string, unknown> })._meta && { _meta: (result as { _meta?: Record<string, unknown> })._meta }), uri: result.uri, mimeType: result.mimeType, text: result.text ?? '' }] };",
            ),
          },
        ],
      },
    ],
  },
  {
    // mastra's resources/read handler: each contents item built from the listed resource, asserted to the SDK's type.
    name: 'resources/read: the listed resource carried into contents items asserted to the SDK contents types',
    code: LISTED_RESOURCE_INTO_CONTENTS,
    errors: [19, 20].map((line) => {
      const meta = '(resource as { _meta?: Record<string, unknown> })._meta';
      const code = LISTED_RESOURCE_INTO_CONTENTS;
      return {
        messageId: 'droppedReadMeta' as const,
        line,
        column: line === 19 ? 59 : 12,
        suggestions: [
          {
            messageId: 'suggestForwardReadMeta' as const,
            output: code
              .split('\n')
              .map((text, index) =>
                index === line - 1 ? text.replace('{ uri: resource.uri', `{ ...(${meta} && { _meta: ${meta} }), uri: resource.uri`) : text,
              )
              .join('\n'),
          },
        ],
      };
    }),
  },
  {
    // The same handler sends the read upstream without the caller's request _meta: both suggestions type-check.
    name: "resources/read: an upstream read's own _meta carried over type-checks against the SDK's ReadResourceResult",
    code: UPSTREAM_READ_RESULT,
    errors: [
      {
        messageId: 'droppedCallerMeta',
        line: 8,
        column: 24,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output: edited(
              UPSTREAM_READ_RESULT,
              '  const result = await upstream.readResource({ uri: request.params.uri });',
              '  const callerMeta = { ...request.params._meta };\n  delete callerMeta.progressToken;\n  const result = await upstream.readResource({ _meta: callerMeta, uri: request.params.uri });',
            ),
          },
        ],
      },
      {
        messageId: 'droppedDescriptorMeta',
        line: 9,
        column: 10,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: edited(
              UPSTREAM_READ_RESULT,
              '  return { contents: result.contents };',
              '  return { ...(result._meta && { _meta: result._meta }), contents: result.contents };',
            ),
          },
        ],
      },
    ],
  },
  {
    // mcp-use's proxy (mountPlan): the listed resources registered again with their optional fields in conditional spreads.
    name: 'a listed resource registered again with conditional spreads: the suggestion type-checks against the SDK registration',
    code: LISTED_RESOURCE_CONDITIONAL_SPREADS,
    errors: [
      {
        messageId: 'droppedDescriptorMeta',
        line: 12,
        column: 7,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: edited(
              LISTED_RESOURCE_CONDITIONAL_SPREADS,
              '        ...(resource.title !== undefined && { title: resource.title }),',
              '        ...(resource._meta && { _meta: resource._meta }), ...(resource.title !== undefined && { title: resource.title }),',
            ),
          },
        ],
      },
    ],
  },
  {
    // mastra's client proxy (readResource): each contents item of an upstream read rebuilt with conditional spreads.
    name: "an upstream read's contents items rebuilt with conditional spreads: the suggestion type-checks against ReadResourceResult",
    code: READ_CONTENTS_CONDITIONAL_SPREADS,
    errors: [
      {
        messageId: 'droppedCallerMeta',
        line: 8,
        column: 24,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output: edited(
              READ_CONTENTS_CONDITIONAL_SPREADS,
              '  const result = await upstream.readResource({ uri: request.params.uri });',
              '  const callerMeta = { ...request.params._meta };\n  delete callerMeta.progressToken;\n  const result = await upstream.readResource({ _meta: callerMeta, uri: request.params.uri });',
            ),
          },
        ],
      },
      {
        messageId: 'droppedDescriptorMeta',
        line: 11,
        column: 43,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: edited(
              READ_CONTENTS_CONDITIONAL_SPREADS,
              "    contents: result.contents.map((c) => ({ uri: c.uri, ...('text' in c ? { text: c.text } : { blob: c.blob }) })),",
              "    contents: result.contents.map((c) => ({ ...(c._meta && { _meta: c._meta }), uri: c.uri, ...('text' in c ? { text: c.text } : { blob: c.blob }) })),",
            ),
          },
        ],
      },
    ],
  },
  {
    // mcp-use's proxy as written: the plan's entries are of the file's own type, declared as what the connection's
    // listResources() answers with and without `_meta`: the suggestion reads it through a cast.
    name: "a plan's resources of the file's own type registered again: the suggestion's cast type-checks",
    code: MCP_USE_PLAN,
    errors: [
      {
        messageId: 'droppedDescriptorMeta',
        line: 26,
        column: 7,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: edited(
              MCP_USE_PLAN,
              '        ...(resource.title !== undefined && { title: resource.title }),',
              '        ...((resource as { _meta?: Record<string, unknown> })._meta && { _meta: (resource as { _meta?: Record<string, unknown> })._meta }), ...(resource.title !== undefined && { title: resource.title }),',
            ),
          },
        ],
      },
    ],
  },
  {
    // The same handler sends the get upstream without the caller's request _meta: both suggestions type-check.
    name: "prompts/get: an upstream prompt's own _meta carried over type-checks against GetPromptResult",
    code: UPSTREAM_PROMPT_RESULT,
    errors: [
      {
        messageId: 'droppedCallerMeta',
        line: 8,
        column: 24,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output: edited(
              UPSTREAM_PROMPT_RESULT,
              '  const result = await upstream.getPrompt({ name: request.params.name, arguments: request.params.arguments });',
              '  const callerMeta = { ...request.params._meta };\n  delete callerMeta.progressToken;\n  const result = await upstream.getPrompt({ _meta: callerMeta, name: request.params.name, arguments: request.params.arguments });',
            ),
          },
        ],
      },
      {
        messageId: 'droppedDescriptorMeta',
        line: 9,
        column: 10,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: edited(
              UPSTREAM_PROMPT_RESULT,
              '  return { description: result.description,',
              '  return { ...(result._meta && { _meta: result._meta }), description: result.description,',
            ),
          },
        ],
      },
    ],
  },
  {
    name: "prompts/list: a listed prompt's _meta carried over type-checks against ListPromptsResult",
    code: LISTED_PROMPTS,
    errors: [
      {
        messageId: 'droppedDescriptorMeta',
        line: 9,
        column: 41,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: edited(LISTED_PROMPTS, '({ name: `up_${p.name}`', '({ ...(p._meta && { _meta: p._meta }), name: `up_${p.name}`'),
          },
        ],
      },
    ],
  },
  {
    name: "prompts: a listed prompt's _meta carried into SDK v2's registerPrompt config type-checks",
    code: PROMPTS_REGISTERED_ON_V2,
    errors: [
      {
        messageId: 'droppedDescriptorMeta',
        line: 9,
        column: 48,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: edited(
              PROMPTS_REGISTERED_ON_V2,
              '{ title: prompt.title,',
              '{ ...(prompt._meta && { _meta: prompt._meta }), title: prompt.title,',
            ),
          },
        ],
      },
    ],
  },
  {
    // samanhappy/mcphub: the table's entries are of the code base's own type, which declares no `_meta`; the spread
    // carries it anyway, and the tools/list handler answers with the entries whole.
    name: "mcphub: a tool's _meta carried into the module-level table of the code base's own type type-checks",
    code: MCPHUB_TABLE,
    errors: [
      {
        messageId: 'storedDescriptorMeta',
        line: 15,
        column: 51,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: edited(MCPHUB_TABLE, '      name: tool.name,', '      ...(tool._meta && { _meta: tool._meta }), name: tool.name,'),
          },
        ],
      },
    ],
  },
  {
    // coinbase/x402's payment wrapper before dea5c27f: the handler's result rebuilt with a new `_meta` of the wrapper's.
    name: "a wrapper rebuilds the handler's result with a new _meta of its own: the suggestion spreads the handler's first, through a cast",
    code: X402_WRAPPER,
    errors: [
      {
        messageId: 'replacedMeta',
        line: 11,
        column: 12,
        suggestions: [
          {
            messageId: 'suggestForwardMeta',
            output: edited(
              X402_WRAPPER,
              "    return { content: result.content, isError: result.isError, _meta: { 'x402/payment-response': settled } };",
              "    return { content: result.content, isError: result.isError, _meta: { ...(result as { _meta?: Record<string, unknown> })._meta, 'x402/payment-response': settled } };",
            ),
          },
        ],
      },
    ],
  },
  {
    name: "an upstream result rebuilt with a new _meta in an arrow's expression body: the upstream's _meta without its identity is spread in inline",
    code: UPSTREAM_THEN_NEW_META,
    errors: [
      {
        messageId: 'replacedMeta',
        line: 5,
        column: 61,
        suggestions: [
          {
            messageId: 'suggestForwardUpstreamMeta',
            output: edited(
              UPSTREAM_THEN_NEW_META,
              "_meta: { 'acme.dev/hop': 1 } }",
              `_meta: { ...(r._meta && ((upstreamMeta: Record<string, unknown>) => { delete upstreamMeta[${KEY}]; return upstreamMeta; })({ ...r._meta })), 'acme.dev/hop': 1 } }`,
            ),
          },
        ],
      },
    ],
  },
  {
    name: "prompts/get, resources/read, completion/complete and resources/subscribe forwarded without the caller's _meta: each suggestion type-checks",
    code: FORWARDED_REQUESTS,
    errors: [
      {
        messageId: 'droppedCallerMeta',
        line: 11,
        column: 32,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output: edited(
              FORWARDED_REQUESTS,
              "  const promptResponse = await upstream.getPrompt({ name: 'review', arguments: args });",
              [
                '  const callerMeta = { ...extra._meta };',
                '  delete callerMeta.progressToken;',
                "  const promptResponse = await upstream.getPrompt({ _meta: callerMeta, name: 'review', arguments: args });",
              ].join('\n'),
            ),
          },
        ],
      },
      {
        messageId: 'droppedCallerMeta',
        line: 15,
        column: 3,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output: edited(
              FORWARDED_REQUESTS,
              '  upstream.readResource({ uri: `file://${String(variables.path)}` }),',
              '  { const callerMeta = { ...extra._meta }; delete callerMeta.progressToken; return upstream.readResource({ _meta: callerMeta, uri: `file://${String(variables.path)}` }); },',
            ),
          },
        ],
      },
      {
        messageId: 'droppedCallerMeta',
        line: 17,
        column: 70,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output: edited(
              FORWARDED_REQUESTS,
              'upstream.complete({ ref: request.params.ref, argument: request.params.argument }));',
              '{ const callerMeta = { ...request.params._meta }; delete callerMeta.progressToken; return upstream.complete({ _meta: callerMeta, ref: request.params.ref, argument: request.params.argument }); });',
            ),
          },
        ],
      },
      {
        messageId: 'droppedCallerMeta',
        line: 19,
        column: 9,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output: edited(
              FORWARDED_REQUESTS,
              '  await upstream.subscribeResource({ uri: request.params.uri });',
              [
                '  const callerMeta = { ...request.params._meta };',
                '  delete callerMeta.progressToken;',
                '  await upstream.subscribeResource({ _meta: callerMeta, uri: request.params.uri });',
              ].join('\n'),
            ),
          },
        ],
      },
    ],
  },
  {
    name: "SDK v2: a tool call forwarded without the caller's _meta (ctx.mcpReq._meta): each suggestion type-checks",
    code: V2_FORWARDED,
    errors: [
      {
        messageId: 'droppedCallerMeta',
        line: 7,
        column: 24,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output: edited(
              V2_FORWARDED,
              "  const result = await upstream.callTool({ name: 'search' });",
              [
                '  const callerMeta = { ...ctx.mcpReq._meta };',
                '  delete callerMeta.progressToken;',
                "  const result = await upstream.callTool({ _meta: callerMeta, name: 'search' });",
              ].join('\n'),
            ),
          },
        ],
      },
      {
        messageId: 'droppedCallerMeta',
        line: 10,
        column: 83,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output: edited(
              V2_FORWARDED,
              "upstream.callTool({ name: 'lookup' }));",
              "{ const callerMeta = { ...ctx.mcpReq._meta }; delete callerMeta.progressToken; return upstream.callTool({ _meta: callerMeta, name: 'lookup' }); });",
            ),
          },
        ],
      },
    ],
  },
  {
    name: "a hub's own progress token in place of the caller's _meta read through a cast: the suggestion reads it the same way",
    code: HUB_OWN_TOKEN,
    errors: [
      {
        messageId: 'ownTokenCallerMeta',
        line: 7,
        column: 41,
        suggestions: [
          {
            // One spread, no declaration: hatago's `no-unused-vars` (no `ignoreRestSiblings`) reported the
            // `_callerProgressToken` a rest destructuring declared only to drop the caller's token.
            messageId: 'suggestSpreadCallerMeta',
            output: edited(
              HUB_OWN_TOKEN,
              '_meta: { progressToken: upstreamToken }',
              '_meta: { ...(params as { _meta?: { progressToken?: string | number } })?._meta, progressToken: upstreamToken }',
            ),
          },
        ],
      },
    ],
  },
  {
    name: "an entry of a list the code base's own method answers with, typed without _meta: the suggestion reads it through a cast",
    code: OWN_LIST_REGISTERED,
    errors: [
      {
        messageId: 'droppedDescriptorMeta',
        line: 10,
        column: 54,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: edited(
              OWN_LIST_REGISTERED,
              '{ description: t.description }',
              '{ ...((t as { _meta?: Record<string, unknown> })._meta && { _meta: (t as { _meta?: Record<string, unknown> })._meta }), description: t.description }',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'code without semicolons: the copy of the caller _meta is declared without them, on the line of a statement after try {, before a leading ;',
    code: NO_SEMICOLONS,
    errors: [
      {
        messageId: 'droppedCallerMeta',
        line: 8,
        column: 18,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output: edited(
              NO_SEMICOLONS,
              '    return await upstream.getPrompt({ name,',
              '    const callerMeta = { ...request.params._meta }\n    delete callerMeta.progressToken\n    return await upstream.getPrompt({ _meta: callerMeta, name,',
            ),
          },
        ],
      },
      {
        messageId: 'droppedCallerMeta',
        line: 12,
        column: 17,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output: edited(
              NO_SEMICOLONS,
              '    try { await upstream.subscribeResource({ uri }) }',
              '    try { const callerMeta = { ...request.params._meta }; delete callerMeta.progressToken; await upstream.subscribeResource({ _meta: callerMeta, uri }) }',
            ),
          },
        ],
      },
      {
        messageId: 'droppedCallerMeta',
        line: 18,
        column: 13,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output: edited(
              NO_SEMICOLONS,
              '    ;(await upstream.complete({ ref',
              '    const callerMeta = { ...request.params._meta }\n    delete callerMeta.progressToken\n    ;(await upstream.complete({ _meta: callerMeta, ref',
            ),
          },
        ],
      },
    ],
  },
  {
    name: "code without semicolons: the copy without the upstream's serverInfo is declared without them",
    code: SERVER_INFO_NO_SEMICOLONS,
    errors: [
      {
        messageId: 'forwardsServerInfo',
        line: 6,
        column: 34,
        suggestions: [
          {
            messageId: 'suggestDropServerInfo',
            output: edited(
              SERVER_INFO_NO_SEMICOLONS,
              '    return { content: r.content, _meta: { ...r._meta,',
              "    const upstreamMeta: Record<string, unknown> = { ...r._meta }\n    delete upstreamMeta['io.modelcontextprotocol/serverInfo']\n    return { content: r.content, _meta: { ...upstreamMeta,",
            ),
          },
        ],
      },
    ],
  },
  {
    name: "code without semicolons, in arrows' expression bodies: no `;` before the closing `}`",
    code: ARROW_NO_SEMICOLONS,
    errors: [
      {
        messageId: 'droppedCallerMeta',
        line: 8,
        column: 69,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output: edited(
              ARROW_NO_SEMICOLONS,
              'async (request) => upstream.getPrompt({ name: request.params.name }))',
              'async (request) => { const callerMeta = { ...request.params._meta }; delete callerMeta.progressToken; return upstream.getPrompt({ _meta: callerMeta, name: request.params.name }) })',
            ),
          },
        ],
      },
      {
        messageId: 'droppedMeta',
        line: 9,
        column: 114,
        suggestions: [
          {
            messageId: 'suggestForwardUpstreamMeta',
            output: edited(
              ARROW_NO_SEMICOLONS,
              '.then((r) => ({ content: (r as CallToolResult).content })))',
              ".then((r) => ({ ...(r._meta && { _meta: ((upstreamMeta: Record<string, unknown>) => { delete upstreamMeta['io.modelcontextprotocol/serverInfo']; return upstreamMeta })({ ...r._meta }) }), content: (r as CallToolResult).content })))",
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'a CRLF file: the copy of the caller _meta is declared on CRLF lines',
    code: UPSTREAM_READ_RESULT_CRLF,
    errors: [
      {
        messageId: 'droppedCallerMeta',
        line: 8,
        column: 24,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output: edited(
              UPSTREAM_READ_RESULT_CRLF,
              '  const result = await upstream.readResource({ uri',
              '  const callerMeta = { ...request.params._meta };\r\n  delete callerMeta.progressToken;\r\n  const result = await upstream.readResource({ _meta: callerMeta, uri',
            ),
          },
        ],
      },
      {
        messageId: 'droppedDescriptorMeta',
        line: 9,
        column: 10,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: edited(
              UPSTREAM_READ_RESULT_CRLF,
              '  return { contents: result.contents };',
              '  return { ...(result._meta && { _meta: result._meta }), contents: result.contents };',
            ),
          },
        ],
      },
    ],
  },
];

const at = <T extends { filename?: string }>(filename: string, tests: T[]): T[] => tests.map((test) => ({ filename, ...test }));

createUntypedRuleTester().run('no-dropped-meta safety (without types)', rule, {
  valid: at(UNTYPED_OTHER, valid),
  invalid: at(UNTYPED_OTHER, invalid),
});
createTypedRuleTester().run('no-dropped-meta safety (with types)', rule, {
  valid: at(TYPED_OTHER, valid),
  invalid: at(TYPED_OTHER, invalid),
});

/** A file the compiler reads from memory, beside the typed fixture (so the SDKs resolve from node_modules). */
const CHECKED = path.join(TYPED_FIXTURE_DIR, 'src', 'suggestion-check.mts');
const linter = new Linter({ configType: 'flat' });
const CONFIG: Linter.Config[] = [
  { files: ['**/*.ts', '**/*.mts'], languageOptions: { parser: tsParser } },
  {
    ...(plugin.configs.strict as Linter.Config),
    files: ['**/*.ts', '**/*.mts'],
    settings: { 'mcp-meta': { registry: path.join(TYPED_FIXTURE_DIR, 'mcp-meta.registry.json') } },
  },
];

/** `tsc --strict` as a project that also sets `exactOptionalPropertyTypes` compiles (an `undefined` is no absent key). */
const STRICT_EXACT_OPTIONAL = { ...STRICT_NODE16, exactOptionalPropertyTypes: true };

/**
 * ESLint's and typescript-eslint's `no-unused-vars` at their defaults, as `eslint:recommended` and typescript-eslint's
 * `recommended` enable them (no `ignoreRestSiblings`, no ignore pattern): a suggestion must not fail a user's CI lint.
 */
const UNUSED_VARS_CONFIG: Linter.Config[] = [
  {
    files: ['**/*.ts', '**/*.mts'],
    languageOptions: { parser: tsParser },
    plugins: { '@typescript-eslint': tsPlugin as never },
    rules: { 'no-unused-vars': 'error', '@typescript-eslint/no-unused-vars': 'error' },
  },
];

/** Compiler errors by code only: an edit moves their place and may change the types they spell out. */
const codesOf = (errors: string[]): string[] => errors.map((error) => /TS\d+/.exec(error)![0]);

function unusedVars(code: string): Array<{ readonly text: string; readonly at: string }> {
  return linter
    .verify(code, UNUSED_VARS_CONFIG, { filename: UNTYPED_OTHER })
    .map((message) => ({ text: `${message.ruleId}: ${message.message}`, at: `${message.ruleId}@${message.line}` }));
}

/**
 * The `no-unused-vars` findings of `after` that `before` did not have. A binding added to a destructuring where the
 * code already leaves a binding unused (`{ 'k': _k, ...rest }`: its own lint must allow those) is found on a line
 * that already had one, and is not new: the suggestion then follows the code's own way of dropping a key.
 */
function newUnusedVars(before: ReturnType<typeof unusedVars>, after: ReturnType<typeof unusedVars>): string[] {
  return after
    .filter((finding) => !before.some((known) => known.text === finding.text || known.at === finding.at))
    .map((finding) => finding.text);
}

function findings(code: string): string[] {
  return linter
    .verify(code, CONFIG, { filename: UNTYPED_OTHER })
    .map((message) => `${message.ruleId ?? 'fatal'}:${message.messageId ?? message.message}`)
    .sort();
}

describe('every suggestion of no-dropped-meta type-checks and earns no new finding', () => {
  it.each(invalid.map((test) => [test.name, test] as const))('%s', (_name, test) => {
    const before = errorsOf(compile(new Map([[CHECKED, test.code]]), STRICT_NODE16), CHECKED);
    expect(before, 'the input compiles').toEqual([]);
    const found = findings(test.code);
    const unusedBefore = unusedVars(test.code);
    // Some inputs do not compile with `exactOptionalPropertyTypes` themselves (`isError: r.isError`): only more errors count.
    const exactBefore = codesOf(errorsOf(compile(new Map([[CHECKED, test.code]]), STRICT_EXACT_OPTIONAL), CHECKED));
    for (const error of test.errors) {
      for (const suggestion of (error as { suggestions?: { messageId: string; output: string }[] }).suggestions ?? []) {
        const output = suggestion.output;
        expect(errorsOf(compile(new Map([[CHECKED, output]]), STRICT_NODE16), CHECKED), output).toEqual([]);
        const exactAfter = codesOf(errorsOf(compile(new Map([[CHECKED, output]]), STRICT_EXACT_OPTIONAL), CHECKED));
        expect(
          exactAfter.filter(
            (code) => exactAfter.filter((other) => other === code).length > exactBefore.filter((other) => other === code).length,
          ),
          `exactOptionalPropertyTypes after the suggestion:\n${output}`,
        ).toEqual([]);
        expect(newUnusedVars(unusedBefore, unusedVars(output)), `no-unused-vars after the suggestion:\n${output}`).toEqual([]);
        const after = findings(output);
        const reported = `mcp-meta/no-dropped-meta:${error.messageId}`;
        expect(after.filter((finding) => finding === reported).length).toBeLessThan(found.filter((finding) => finding === reported).length);
        for (const finding of new Set(after)) {
          expect(after.filter((other) => other === finding).length, `${finding} after the suggestion`).toBeLessThanOrEqual(
            found.filter((other) => other === finding).length,
          );
        }
      }
    }
  });
});

/**
 * The style rules of mcp-funnel's lint (neostandard): a suggestion in code without semicolons earns none of their
 * findings (`semi: never`, single-line blocks kept on their line, the 4-space indent), and one in a CRLF file none of
 * `linebreak-style`'s.
 */
const STYLE_CONFIG: Linter.Config[] = [
  {
    files: ['**/*.ts', '**/*.mts'],
    languageOptions: { parser: tsParser },
    rules: { semi: ['error', 'never'], 'brace-style': ['error', 'stroustrup', { allowSingleLine: true }], indent: ['error', 4] },
  },
];
const CRLF_CONFIG: Linter.Config[] = [
  { files: ['**/*.ts', '**/*.mts'], languageOptions: { parser: tsParser }, rules: { 'linebreak-style': ['error', 'windows'] } },
];

describe("no-dropped-meta's suggestions follow the file's own statement style", () => {
  const styled = [
    ['the caller _meta, without semicolons', NO_SEMICOLONS, STYLE_CONFIG],
    ["the upstream's serverInfo, without semicolons", SERVER_INFO_NO_SEMICOLONS, STYLE_CONFIG],
    ["both, in arrows' expression bodies without semicolons", ARROW_NO_SEMICOLONS, STYLE_CONFIG],
    ['the caller _meta, CRLF', UPSTREAM_READ_RESULT_CRLF, CRLF_CONFIG],
  ] as const;
  it.each(styled)('%s', (_name, code, config) => {
    const style = (text: string): string[] =>
      linter.verify(text, config, { filename: UNTYPED_OTHER }).map((message) => `${message.ruleId ?? 'fatal'}: ${message.message}`);
    expect(style(code), 'the input').toEqual([]);
    const suggestions = invalid
      .filter((test) => test.code === code)
      .flatMap((test) => test.errors.flatMap((error) => (error as { suggestions?: { output: string }[] }).suggestions ?? []));
    expect(suggestions.length).toBeGreaterThan(0);
    for (const { output } of suggestions) expect(style(output), output).toEqual([]);
  });
});
