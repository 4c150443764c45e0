/**
 * no-dropped-meta, relay half (src/rule-parts/no-dropped-meta-relay.ts over src/analysis/relay/pass-through-request.ts): a tool
 * callback that calls upstream without the caller's request `_meta` or with one or two of its keys picked, reads of
 * the envelope keys SDK v2 lifts out of `ctx.mcpReq._meta`, and descriptors or resource contents re-advertised from
 * an upstream without their `_meta`. Run without types (the findings are syntactic).
 */
import path from 'node:path';
import type { InvalidTestCase, ValidTestCase } from '@typescript-eslint/rule-tester';
import * as tsParser from '@typescript-eslint/parser';
import { Linter, type ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import rule, { type MessageIds, type Options } from '../../rules/no-dropped-meta';
import { costCount } from '../../src/util/cost-counter';
import { createUntypedRuleTester, UNTYPED_OTHER } from './typed-rule-tester';

const V1 = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n";
const V2 = "import { McpServer } from '@modelcontextprotocol/server';\n";
const JS_FILE = UNTYPED_OTHER.replace(/\.ts$/, '.js');

const lines = (...text: string[]): string => text.join('\n');

/** `code` with the first `from` on line `line` (1-based) replaced by `to`: a suggestion's output. */
const suggested = (code: string, line: number, from: string, to: string): string =>
  code
    .split('\n')
    .map((text, index) => (index === line - 1 ? text.replace(from, to) : text))
    .join('\n');

/**
 * decocms/studio fd8769346^ (packages/runtime/src/tools.ts): the runtime registers each resource an app defines and
 * answers its read with the contents rebuilt from what the resource's own read returned, leaving its `_meta` (an MCP
 * App's CSP) behind. The unused `content` literal is in the original too.
 */
const DECO_RUNTIME = lines(
  V1 + 'export const createMCPServer = (options: Options) => {',
  '  const createServer = async (bindings: Env) => {',
  "    const server = new McpServer({ name: 'runtime', version: '1.0.0' });",
  '    for (const resource of await resolveResources(options, bindings)) {',
  '      server.resource(resource.name, resource.uri, { description: resource.description, mimeType: resource.mimeType }, async (uri) => {',
  '        const result = await resource.read({ uri, runtimeContext: createRuntimeContext() });',
  '        const content: { uri: string; mimeType?: string } = { uri: result.uri };',
  '        if (result.mimeType) content.mimeType = result.mimeType;',
  '        if (result.text !== undefined) {',
  '          return { contents: [{ uri: result.uri, mimeType: result.mimeType, text: result.text }] };',
  '        } else if (result.blob !== undefined) {',
  '          return { contents: [{ uri: result.uri, mimeType: result.mimeType, blob: result.blob }] };',
  '        }',
  "        return { contents: [{ uri: result.uri, mimeType: result.mimeType, text: '' }] };",
  '      });',
  '    }',
  '    return { server };',
  '  };',
  '  const callTool: CallTool = async (input) => dispatch(input);',
  '  return { createServer, callTool };',
  '};',
);

/**
 * mastra-ai/mastra before #19163 (issue #19157), packages/mcp/src/server/server.ts: the resources/read handler builds
 * each contents item from the listed resource's `uri` and `mimeType`, leaving its `_meta` (`appResources`' CSP) behind.
 */
const MASTRA_READ_HANDLER = lines(
  "import { ReadResourceRequestSchema, type BlobResourceContents, type TextResourceContents } from '@modelcontextprotocol/sdk/types.js';",
  'export class MCPServer {',
  '  private registerResourceHandlersOnServer(serverInstance: Server) {',
  '    const capturedResourceOptions = this.resourceOptions;',
  '    if (!capturedResourceOptions) return;',
  '    serverInstance.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {',
  '      const uri = request.params.uri;',
  '      const resources = await capturedResourceOptions.listResources?.({ extra });',
  "      if (!resources) throw new Error('Failed to load resources');",
  '      const resource = resources.find((r) => r.uri === uri);',
  '      if (!resource) throw new McpError(ErrorCode.InvalidParams, `Resource not found: ${uri}`);',
  '      const resourcesOrResourceContent = await capturedResourceOptions.getResourceContent({ uri, extra });',
  '      const resourcesContent = Array.isArray(resourcesOrResourceContent) ? resourcesOrResourceContent : [resourcesOrResourceContent];',
  '      const contents: (TextResourceContents | BlobResourceContents)[] = resourcesContent.map((resourceContent) => {',
  "        if ('text' in resourceContent && resourceContent.text !== undefined) {",
  '          return { uri: resource.uri, mimeType: resource.mimeType, text: resourceContent.text } as TextResourceContents;',
  '        }',
  '        const blob = (resourceContent as { blob?: string }).blob;',
  "        if (blob === undefined) throw new Error(`Resource '${uri}' returned content with neither text nor blob`);",
  '        return { uri: resource.uri, mimeType: resource.mimeType, blob } as BlobResourceContents;',
  '      });',
  '      return { contents };',
  '    });',
  '  }',
  '}',
);

/**
 * mcp-use/mcp-use 5865e5c14 (libraries/typescript/packages/server/src/mcp-proxy.ts, `mountPlan`): the proxy registers
 * each resource the upstream lists again, its optional fields carried by conditional spreads, its `_meta` by none. (The
 * original reads the list through a plan another function built; here the list call is in the same function.)
 */
/**
 * samanhappy/mcphub ae3fe1c (src/services/mcpService.ts), cut down: each upstream's tools are stored rebuilt without
 * their `_meta` in the module-level `serverInfos` (through `getServerByName`), and the `tools/list` handler, given to
 * `setRequestHandler` by name, answers with them.
 */
const MCPHUB = lines(
  V1 + "import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';",
  'let serverInfos: ServerInfo[] = [];',
  'const getServerByName = (name: string): ServerInfo | undefined => serverInfos.find((s) => s.name === name);',
  'export const initializeClient = (name: string, client: Client) => {',
  '  client.connect(transport).then(() => {',
  '    client.listTools({}, { timeout: 60000 }).then((tools) => {',
  '      const serverInfo = getServerByName(name);',
  '      if (!serverInfo) return;',
  '      serverInfo.tools = tools.tools.map((tool) => ({',
  '        name: tool.name,',
  "        description: tool.description || '',",
  '        inputSchema: tool.inputSchema || {},',
  '      }));',
  "      serverInfo.status = 'connected';",
  '    });',
  '  });',
  '};',
  'const handleListToolsRequest = async (_: unknown, extra: { sessionId?: string }) => {',
  '  const allServerInfos = serverInfos.filter((serverInfo) => serverInfo.enabled !== false);',
  '  const allTools = [];',
  '  for (const serverInfo of allServerInfos) {',
  '    if (serverInfo.tools && serverInfo.tools.length > 0) allTools.push(...serverInfo.tools);',
  '  }',
  '  return { tools: allTools };',
  '};',
  'export const createMcpServer = (name: string, version: string) => {',
  '  const server = new Server({ name, version }, { capabilities: { tools: {} } });',
  '  server.setRequestHandler(ListToolsRequestSchema, handleListToolsRequest);',
  '  return server;',
  '};',
);

const MCP_USE_PROXY = lines(
  'export async function mountResources(host, connection, namespace) {',
  '  const { resources } = await connection.listResources();',
  '  for (const resource of resources) {',
  '    const name = `${namespace}_${resource.name}`;',
  '    const upstreamUri = resource.uri;',
  '    host.registerResource(',
  '      {',
  '        name,',
  '        uri: proxiedResourceUri(namespace, upstreamUri),',
  '        ...(resource.title !== undefined && { title: resource.title }),',
  '        ...(resource.description !== undefined && {',
  '          description: resource.description,',
  '        }),',
  '        ...(resource.mimeType !== undefined && {',
  '          mimeType: resource.mimeType,',
  '        }),',
  '      },',
  '      async (_uri, ctx) => connection.readResource(upstreamUri, { signal: ctx.signal }),',
  '    );',
  '  }',
  '}',
);

/**
 * mastra-ai/mastra `MCPClientServerProxy.readResource` (packages/mcp/src/client/server-proxy.ts, issue #23068): each
 * contents item of the upstream's read rebuilt with conditional spreads, its `_meta` and `mimeType` left behind. The
 * original reads through mastra's own client (`client.resources.read(uri)`) and answers from a method of its own;
 * here the SDK's `readResource` answers a `resources/read` handler.
 */
const MASTRA_CLIENT_PROXY = lines(
  V1 + 'server.setRequestHandler(ReadResourceRequestSchema, async (request) => {',
  '  const uri = request.params.uri;',
  '  const result = await client.readResource({ uri });',
  '  return {',
  '    contents: result.contents.map((c) => ({',
  '      uri: c.uri ?? uri,',
  "      ...('text' in c && c.text !== undefined ? { text: c.text } : {}),",
  "      ...('blob' in c && c.blob !== undefined ? { blob: c.blob } : {}),",
  '    })),',
  '  };',
  '});',
);

/**
 * The same proxy as written (mcp-use 5865e5c14): `introspect` lists the upstream into a plan, `mountPlan` registers the
 * plan's resources; the entry type is the file's own, declared as what the connection's `listResources()` answers.
 */
const MCP_USE_PLAN = lines(
  'interface ProxyConnection {',
  '  listResources?(): Promise<{ resources: ProxyResource[] }>;',
  '  readResource(uri: string, options?: { signal?: AbortSignal }): Promise<ReadResourceResult>;',
  '}',
  'export interface ProxyResource {',
  '  name: string;',
  '  uri: string;',
  '  title?: string | undefined;',
  '  description?: string | undefined;',
  '  mimeType?: string | undefined;',
  '}',
  'interface ProxyNamespacePlan {',
  '  namespace: string;',
  '  connection: ProxyConnection;',
  '  resources: ProxyResource[];',
  '}',
  'async function introspect(namespace: string, connection: ProxyConnection): Promise<ProxyNamespacePlan> {',
  '  const resources = (await connection.listResources?.())?.resources ?? [];',
  '  return { namespace, connection, resources };',
  '}',
  'function mountPlan(host: ProxyMountHost, plan: ProxyNamespacePlan): void {',
  '  for (const resource of plan.resources) {',
  '    const upstreamUri = resource.uri;',
  '    host.registerResource(',
  '      {',
  '        name: prefixedName(plan.namespace, resource.name),',
  '        uri: proxiedResourceUri(plan.namespace, upstreamUri),',
  '        ...(resource.title !== undefined && { title: resource.title }),',
  '        ...(resource.mimeType !== undefined && { mimeType: resource.mimeType }),',
  '      },',
  '      async (_uri, ctx) => plan.connection.readResource(upstreamUri, { signal: ctx.signal }),',
  '    );',
  '  }',
  '}',
);

/** MCPJam/inspector's HTTP bridge: its `case 'resources/list':` rebuilds the upstream's resources without `_meta`. */
const MCPJAM_BRIDGE_LIST = lines(
  'export async function handleJsonRpc(clientManager: MCPClientManager, serverId: string, method: string, respond: (body: object) => Response) {',
  '  switch (method) {',
  "    case 'tools/list': {",
  '      const list = await clientManager.listTools(serverId);',
  '      const tools = (list?.tools ?? []).map((tool: any) => {',
  '        const mappedTool: any = { name: tool.name, description: tool.description, inputSchema: tool.inputSchema };',
  '        if (tool._meta) mappedTool._meta = tool._meta;',
  '        return mappedTool;',
  '      });',
  '      return respond({ result: { tools } });',
  '    }',
  "    case 'resources/list': {",
  '      const list = await clientManager.listResources(serverId);',
  '      const resources = (list?.resources ?? []).map((r: any) => ({',
  '        uri: r.uri,',
  '        name: r.name,',
  '        description: r.description,',
  '        mimeType: r.mimeType,',
  '      }));',
  '      return respond({ result: { resources } });',
  '    }',
  '  }',
  '}',
);

/**
 * MCPJam/inspector 6d550c02c (mcpjam-inspector/server/services/mcp-http-bridge.ts), trimmed: the HTTP bridge's
 * JSON-RPC dispatcher reads the resource upstream in its `case 'resources/read':` and, in manager mode, answers with
 * its first contents item rebuilt without `_meta` (an MCP App's CSP and permissions); adapter mode passes it on whole.
 */
const MCPJAM_BRIDGE_READ = lines(
  'export async function handleJsonRpc(clientManager: MCPClientManager, serverId: string, method: string, params: any, mode: string, respond: (body: object) => Response) {',
  '  switch (method) {',
  "    case 'resources/read': {",
  '      const resource = await clientManager.readResource(serverId, { uri: params?.uri });',
  "      if (mode === 'manager') {",
  '        const firstContent = (resource as any)?.contents?.[0];',
  "        const text = typeof firstContent?.text === 'string' ? firstContent.text : JSON.stringify(resource, null, 2);",
  "        const result = { contents: [{ uri: params?.uri, mimeType: firstContent?.mimeType || 'text/plain', text }] };",
  '        return respond({ result });',
  '      }',
  '      return respond({ result: resource });',
  '    }',
  '  }',
  '}',
);

const valid: ValidTestCase<Options>[] = [
  {
    name: 'the caller _meta forwarded without its progressToken',
    code: lines(
      V1 + "server.registerTool('search', { inputSchema: {} }, async (args, extra) => {",
      '  const { progressToken: _token, ...callerMeta } = extra._meta ?? {};',
      "  return upstream.callTool({ name: 'search', arguments: args, _meta: callerMeta });",
      '});',
    ),
  },
  {
    name: 'the caller _meta forwarded whole, and the request params spread',
    code: lines(
      V1 +
        "server.registerTool('a', { inputSchema: {} }, async (args, extra) => upstream.callTool({ name: 'a', arguments: args, _meta: extra._meta }));",
      'server.setRequestHandler(CallToolRequestSchema, async (request) => upstream.callTool({ ...request.params }));',
    ),
  },
  {
    name: 'a callback that does not receive the context',
    code:
      V1 + "server.registerTool('search', { inputSchema: {} }, async (args) => upstream.callTool({ name: 'search', arguments: args }));",
  },
  {
    name: 'a client outside any tool callback',
    code: "export async function main() {\n  return client.callTool({ name: 'search', arguments: {} });\n}",
  },
  {
    name: 'picked keys, filtered on purpose with a rest destructuring',
    code: lines(
      V1 + "server.registerTool('search', { inputSchema: {} }, async (args, extra) => {",
      '  const { secret: _secret, ...rest } = extra._meta ?? {};',
      "  return upstream.callTool({ name: 'search', arguments: args, _meta: { traceparent: extra._meta?.traceparent, ...rest } });",
      '});',
    ),
  },
  {
    name: 'the composed handler after the fix: the caller _meta forwarded whole',
    code: lines(
      'const originalCallToolHandler: CallToolHandler = async (request, _context) => {',
      '  const { name, arguments: args } = request.params;',
      "  return client.request({ method: 'tools/call', params: { name, arguments: args || {}, _meta: request.params._meta } }, CompatibilityCallToolResultSchema);",
      '};',
    ),
  },
  {
    name: 'a function whose first parameter is not a request',
    code: 'export async function run(input: { name: string }) {\n  return client.callTool({ name: input.name, arguments: {} });\n}',
  },
  {
    name: 'a key picked from something that is not a request meta',
    code: "export async function run(options: { token: string }) {\n  return client.callTool({ name: 'x', _meta: { progressToken: options.token } });\n}",
  },
  {
    name: 'picked keys, a copy of the caller _meta with a key deleted on purpose',
    code: lines(
      V1 + "server.registerTool('search', { inputSchema: {} }, async (args, extra) => {",
      '  const copy = { ...extra._meta };',
      '  delete copy.secret;',
      "  return upstream.callTool({ name: 'search', arguments: args, _meta: { progressToken: extra._meta?.progressToken } });",
      '});',
    ),
  },
  {
    name: 'an allow-list the code names',
    code: lines(
      V1 + "server.registerTool('search', { inputSchema: {} }, async (args, extra) =>",
      "  upstream.callTool({ name: 'search', arguments: args, _meta: pick(extra._meta, FORWARDED_KEYS) }));",
    ),
  },
  {
    name: 'the envelope read where SDK v2 puts it, and a non-envelope key from _meta',
    code: lines(
      V2 + "server.registerTool('x', {}, async (ctx) => {",
      '  const info = ctx.mcpReq.envelope?.[CLIENT_INFO_META_KEY];',
      "  const trace = ctx.mcpReq._meta?.['traceparent'];",
      "  return { content: [{ type: 'text', text: String(info) + String(trace) }] };",
      '});',
    ),
  },
  {
    name: 'tools re-advertised whole, or spread',
    code: lines(
      'server.setRequestHandler(ListToolsRequestSchema, async () => {',
      '  const { tools } = await upstream.listTools();',
      '  return { tools: tools.map((t) => ({ ...t, name: `up_${t.name}` })) };',
      '});',
      "server.setRequestHandler('tools/list', async () => upstream.listTools());",
    ),
  },
  {
    name: 'tool names listed for a log, not advertised',
    code: lines(
      'export async function describe() {',
      '  const { tools } = await upstream.listTools();',
      '  return tools.map((t) => ({ name: t.name, description: t.description }));',
      '}',
    ),
  },
  {
    name: 'a descriptor redacted on purpose: the entry is used whole elsewhere',
    code: lines(
      'server.setRequestHandler(ListToolsRequestSchema, async () => {',
      '  const { tools } = await upstream.listTools();',
      '  return { tools: tools.map((t) => { audit(t); return { name: t.name, inputSchema: t.inputSchema }; }) };',
      '});',
    ),
  },
  {
    name: "an agent's listTools() that converts the upstream's tools to a provider's format (not re-advertised over MCP)",
    code: lines(
      'export async function listTools(client) {',
      '  const { tools } = await client.listTools();',
      "  return tools.map((t) => ({ type: 'function', name: t.name, description: t.description, parameters: t.inputSchema }));",
      '}',
    ),
  },
  {
    name: 'a function of another name that rebuilds the upstream tools for a log line',
    code: lines(
      'export async function describeTools(client) {',
      '  const { tools } = await client.listTools();',
      '  return tools.map((t) => ({ name: t.name, inputSchema: t.inputSchema }));',
      '}',
    ),
  },
  {
    name: 'a typed descriptor copied whole (a spread), or with its _meta carried over',
    code: lines(
      "import type { Tool } from '@modelcontextprotocol/sdk/types.js';",
      'export function rename(t: Tool, name: string): Tool {',
      '  return { ...t, name };',
      '}',
      'export function describe(t: Tool, description: string): Tool {',
      '  return { name: t.name, description, inputSchema: t.inputSchema, _meta: t._meta };',
      '}',
    ),
  },
  {
    name: 'a typed descriptor redacted on purpose: its _meta read, or a rest destructuring',
    code: lines(
      "import type { Tool } from '@modelcontextprotocol/sdk/types.js';",
      'export function publicTool(t: Tool): Tool {',
      '  const { _meta: _private, ...rest } = t;',
      '  return { ...rest };',
      '}',
      'export function stripped(t: Tool): Tool {',
      '  log(t._meta);',
      '  return { name: t.name, inputSchema: t.inputSchema };',
      '}',
    ),
  },
  {
    name: "a Tool that is not the SDK's, and an SDK Tool converted to another format",
    code:
      lines(
        "import type { Tool } from './my-agent-types.js';",
        'export function applyOverrides(t: Tool): Tool {',
        '  return { name: t.name, description: t.description, inputSchema: t.inputSchema };',
        '}',
      ) +
      '\n' +
      lines(
        "import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';",
        'export function toOpenAi(t: McpTool): OpenAiFunction {',
        '  return { name: t.name, description: t.description, parameters: t.inputSchema };',
        '}',
      ),
  },
  {
    name: 'a request const given its _meta after it is built, and one forwarding the caller _meta whole',
    code: lines(
      'server.setRequestHandler(CallToolRequestSchema, async (request) => {',
      "  const req = { method: 'tools/call' as const, params: { name: request.params.name, arguments: request.params.arguments } };",
      '  Object.assign(req.params, { _meta: request.params._meta });',
      '  return client.request(req, CallToolResultSchema);',
      '});',
      'export async function forward(args: Record<string, unknown>, meta?: Record<string, unknown>) {',
      "  const toolCallRequest = { method: 'tools/call' as const, params: { name: 'x', arguments: args, _meta: meta } };",
      '  return client.request(toolCallRequest, CallToolResultSchema);',
      '}',
    ),
  },
  {
    // Each handler names no `_meta`: what keeps it quiet is the argument that holds the caller's keys.
    name: 'positional forwarding that hands the request, its rest or the context to the wrapper',
    code: lines(
      'server.setRequestHandler(CallToolRequestSchema, async (request) => proxy.callTool(serverName, request.params));',
      'server.setRequestHandler(CallToolRequestSchema, async (request) => {',
      '  const { name, ...rest } = request.params;',
      '  return proxy.callTool(serverName, name, rest);',
      '});',
      'server.setRequestHandler(CallToolRequestSchema, async (request) => {',
      '  const forwarded = { args: request.params.arguments, caller: request.params };',
      '  return proxy.callTool(request.params.name, forwarded);',
      '});',
      V1 + "server.registerTool('search', { inputSchema: {} }, async (args, extra) => {",
      "  if (args.fast) return hub.callTool('search', args, extra);",
      "  return hub.callTool('search', args, { timeout: 5, meta: metaOf(extra) });",
      '});',
      // A variable built from the request carries its keys, judged by its value as a field read is.
      'server.setRequestHandler(CallToolRequestSchema, async (request) => {',
      '  const callerMeta = pickTraceKeys(request);',
      '  return proxy.callTool(request.params.name, request.params.arguments, callerMeta);',
      '});',
      // A `let` named for it may be given the caller's keys later: its name still counts.
      'server.setRequestHandler(CallToolRequestSchema, async (request) => {',
      '  let requestMeta = undefined;',
      '  if (tracing) requestMeta = pickTraceKeys(request);',
      '  return proxy.callTool(request.params.name, request.params.arguments, requestMeta);',
      '});',
    ),
  },
  {
    name: "positional forwarding in a handler that names _meta, the SDK's own callTool(params, Schema), and a callback without the context",
    code: lines(
      'server.setRequestHandler(CallToolRequestSchema, async (request) => {',
      '  tracing.set(request.params._meta);',
      '  return proxy.callTool(serverName, request.params.name, request.params.arguments);',
      '});',
      'server.setRequestHandler(CallToolRequestSchema, async (request) => {',
      '  const params = request.params;',
      '  return client.callTool(params, CallToolResultSchema);',
      '});',
      V1 + "server.registerTool('search', { inputSchema: {} }, async (args) => hub.callTool('search', args));",
    ),
  },
  {
    name: "tools kept in a class field: registered with their _meta, or the field filled with the server's own tools",
    code: lines(
      V1 + 'export class Proxy {',
      '  private readonly toolIndex = new Map<string, Tool>();',
      '  private readonly local: Tool[] = [];',
      '  async refresh() {',
      '    const { tools } = await this.client.listTools();',
      '    for (const tool of tools) this.toolIndex.set(tool.name, tool);',
      '  }',
      '  addLocal(tool: Tool) {',
      '    this.local.push(tool);',
      '  }',
      '  createServer() {',
      '    for (const tool of this.toolIndex.values()) {',
      '      server.registerTool(tool.name, { description: tool.description, inputSchema: tool.inputSchema, _meta: tool._meta }, async (args) => this.callTool(tool.name, args));',
      '    }',
      '    for (const tool of this.local) {',
      '      server.registerTool(tool.name, { description: tool.description, inputSchema: tool.inputSchema }, async (args) => this.callTool(tool.name, args));',
      '    }',
      '  }',
      '}',
    ),
  },
  {
    name: "a dispatcher method also called with params it built itself: the parameter is not the caller's",
    code: lines(
      'export class ProxyService {',
      '  dispatch(request: McpRequest) {',
      "    if (request.method === 'tools/call') return this.handleToolsCall(request.id, request.params as McpToolCall);",
      "    return this.handleToolsCall(0, { name: 'health', arguments: {} });",
      '  }',
      '  private async handleToolsCall(requestId: number, params: McpToolCall) {',
      '    const result = await this.instance.callTool(params.name, params.arguments);',
      "    return { jsonrpc: '2.0', id: requestId, result };",
      '  }',
      '}',
    ),
  },
  {
    // cloudflare/agents' WebMCP adapter (packages/agents/src/experimental/webmcp.ts): its own listTools() returns a
    // type it declares without `_meta`, for the browser's navigator.modelContext, which has no `_meta` to carry.
    name: "a client's own listTools() declared to return a type of this file that has no _meta",
    code: lines(
      'interface McpTool {',
      '  name: string;',
      '  description?: string;',
      '  inputSchema?: Record<string, unknown>;',
      '}',
      'type Entry = { uri: string; name: string };',
      'export class Bridge {',
      '  async listTools(): Promise<McpTool[]> {',
      '    const all: McpTool[] = [];',
      '    const result = await this._client.listTools();',
      '    for (const t of result.tools) all.push({ name: t.name, description: t.description, inputSchema: t.inputSchema });',
      '    return all;',
      '  }',
      '  async listResources(): Promise<Array<Entry>> {',
      '    const { resources } = await this._client.listResources();',
      '    return resources.map((r) => ({ uri: r.uri, name: r.name }));',
      '  }',
      '}',
    ),
  },
  {
    // strands-agents/sdk-typescript 00e04880 (strands-ts/src/mcp.ts:316): an agent framework's own listTools() turns
    // each upstream tool into its agent's executable tool, `new McpTool({ name, description, inputSchema, client })`:
    // the literal is a constructor's config, the list holds the class's instances, and nothing is advertised over MCP.
    name: "a client's own listTools() that builds an instance of its own tool class from each upstream tool",
    code: lines(
      "import { McpTool } from './tools/mcp-tool.js';",
      'export class McpClient {',
      '  public async listTools(): Promise<McpTool[]> {',
      '    const tools: McpTool[] = [];',
      '    const result = await this._client.listTools();',
      '    tools.push(...result.tools.map((toolSpec) => new McpTool({ name: toolSpec.name, description: toolSpec.description, inputSchema: toolSpec.inputSchema, client: this })));',
      '    return tools;',
      '  }',
      '}',
    ),
  },
  {
    // decocms/studio fd8769346 (packages/runtime/src/tools.ts), the fix: what the resource's read returned is read
    // for its `_meta` (through a cast: the runtime's own contents type declares none) and spread into the contents.
    name: "resources/read: decocms' fix, the resource read's _meta carried into the contents",
    code: lines(
      V1 + 'export const createMCPServer = (options: Options) => {',
      '  const createServer = async (bindings: Env) => {',
      "    const server = new McpServer({ name: 'runtime', version: '1.0.0' });",
      '    for (const resource of await resolveResources(options, bindings)) {',
      '      server.resource(resource.name, resource.uri, { description: resource.description, mimeType: resource.mimeType }, async (uri) => {',
      '        const result = await resource.read({ uri, runtimeContext: createRuntimeContext() });',
      '        const meta = (result as { _meta?: Record<string, unknown> | null })._meta ?? undefined;',
      '        if (result.text !== undefined) {',
      '          return { contents: [{ uri: result.uri, mimeType: result.mimeType, text: result.text, ...(meta !== undefined ? { _meta: meta } : {}) }] };',
      '        }',
      "        return { contents: [{ uri: result.uri, mimeType: result.mimeType, text: '' }] };",
      '      });',
      '    }',
      '    return { server };',
      '  };',
      '  const callTool: CallTool = async (input) => dispatch(input);',
      '  return { createServer, callTool };',
      '};',
    ),
  },
  {
    // mastra-ai/mastra #19163 (fixes #19157), packages/mcp/src/server/server.ts: the listed resource's `_meta` spread
    // into each contents item of the resources/read answer.
    name: "resources/read: mastra's fix, the listed resource's _meta spread into each contents item",
    code: lines(
      "import { ReadResourceRequestSchema, type BlobResourceContents, type TextResourceContents } from '@modelcontextprotocol/sdk/types.js';",
      'export class MCPServer {',
      '  private registerResourceHandlersOnServer(serverInstance: Server) {',
      '    const capturedResourceOptions = this.resourceOptions;',
      '    if (!capturedResourceOptions) return;',
      '    serverInstance.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {',
      '      const uri = request.params.uri;',
      '      const resources = await capturedResourceOptions.listResources?.({ extra });',
      "      if (!resources) throw new Error('Failed to load resources');",
      '      const resource = resources.find((r) => r.uri === uri);',
      '      if (!resource) throw new McpError(ErrorCode.InvalidParams, `Resource not found: ${uri}`);',
      '      const resourcesOrResourceContent = await capturedResourceOptions.getResourceContent({ uri, extra });',
      '      const resourcesContent = Array.isArray(resourcesOrResourceContent) ? resourcesOrResourceContent : [resourcesOrResourceContent];',
      '      const resourceMeta = resource._meta ? { _meta: resource._meta } : {};',
      '      const contents: (TextResourceContents | BlobResourceContents)[] = resourcesContent.map((resourceContent) => {',
      "        if ('text' in resourceContent && resourceContent.text !== undefined) {",
      '          return { uri: resource.uri, mimeType: resource.mimeType, ...resourceMeta, text: resourceContent.text } as TextResourceContents;',
      '        }',
      '        const blob = (resourceContent as { blob?: string }).blob;',
      '        return { uri: resource.uri, mimeType: resource.mimeType, ...resourceMeta, blob } as BlobResourceContents;',
      '      });',
      '      return { contents };',
      '    });',
      '  }',
      '}',
    ),
  },
  {
    name: "resources/read: an upstream read's _meta passed on (the result's, each item's spread or read)",
    code: lines(
      V1 + 'server.setRequestHandler(ReadResourceRequestSchema, async (request) => {',
      '  const result = await upstream.readResource(request.params);',
      '  return { contents: result.contents.map((c) => ({ ...c, uri: rewrite(c.uri) })), _meta: result._meta };',
      '});',
      "server.registerResource('a', 'ui://a', {}, async (uri) => {",
      '  const r = await upstream.readResource({ uri: uri.href });',
      '  return { ...r, contents: r.contents.map((c) => ({ uri: c.uri, text: c.text, _meta: c._meta })) };',
      '});',
      "server.registerResource('b', 'ui://b', {}, async (uri) => upstream.readResource({ uri: uri.href }));",
      "server.registerResource('c', 'ui://c', {}, async (uri) => {",
      '  const r = await upstream.readResource({ uri: uri.href });',
      '  const first = r.contents[0];',
      '  audit(first);',
      '  return { contents: [{ uri: first.uri, text: first.text }], _meta: r._meta };',
      '});',
    ),
  },
  {
    name: "resources/read: a server's own read answers from its data, not from an upstream's or a resource's read",
    code: lines(
      V2 + "server.registerResource('readme', 'file:///readme.md', { mimeType: 'text/markdown' }, async (uri) => {",
      '  const file = await storage.read(uri.pathname);',
      '  return { contents: [{ uri: file.uri, mimeType: file.mimeType, text: file.text }] };',
      '});',
      'server.setRequestHandler(ReadResourceRequestSchema, async (request) => {',
      '  const entry = RESOURCES.find((r) => r.uri === request.params.uri);',
      "  if (!entry) throw new Error('not found');",
      '  return { contents: [{ uri: entry.uri, mimeType: entry.mimeType, text: await render(entry.template) }] };',
      '});',
      "server.setRequestHandler(ReadResourceRequestSchema, async (request) => ({ contents: [{ uri: request.params.uri, mimeType: 'application/json', text: JSON.stringify(await loadData()) }] }));",
      'export const readResource = (uri: string) => client.readResource({ uri });',
    ),
  },
  {
    name: "resources/read: a resource's read whose result is logged, not answered, and an answer built from the request",
    code: lines(
      V1 + 'for (const resource of resources) {',
      '  server.resource(resource.name, resource.uri, async (uri) => {',
      '    const result = await resource.read({ uri });',
      '    logger.debug({ uri: result.uri, mimeType: result.mimeType });',
      '    return { contents: [{ uri: uri.href, text: await resource.render() }] };',
      '  });',
      '}',
      'export const callTool = (name: string) => upstream.callTool({ name });',
    ),
  },
  {
    name: 'conditional spreads beside a spread of the entry, of a rest or of an unknown object: that spread may carry the _meta',
    code: lines(
      'server.setRequestHandler(ListToolsRequestSchema, async () => {',
      '  const { tools } = await upstream.listTools();',
      '  return { tools: tools.map((t) => ({ name: t.name, inputSchema: t.inputSchema, ...(t.title && { title: t.title }), ...t })) };',
      '});',
      'server.setRequestHandler(ListResourcesRequestSchema, async () => {',
      '  const { resources } = await upstream.listResources();',
      '  const { secret: _secret, ...rest } = defaults;',
      '  return { resources: resources.map((r) => ({ ...rest, uri: r.uri, ...(r.title ? { title: r.title } : {}) })) };',
      '});',
      'export async function mirror(opts) {',
      '  const { tools } = await upstream.listTools();',
      '  for (const tool of tools) {',
      '    server.registerTool(tool.name, { ...opts, inputSchema: tool.inputSchema, ...(tool.title && { title: tool.title }) }, async () => ({ content: [] }));',
      '  }',
      '}',
    ),
  },
  {
    name: "an upstream resource's fields kept in a const that only a log line is given, not the registration",
    code: lines(
      V1 + 'export async function mirror(server: McpServer) {',
      '  const listed = await upstream.listResources();',
      '  for (const resource of listed.resources) {',
      '    const summary = { description: resource.description, mimeType: resource.mimeType };',
      '    logger.info(summary);',
      '    server.registerResource(resource.name, resource.uri, resource, async () => upstream.readResource({ uri: resource.uri }));',
      '  }',
      '}',
    ),
  },
  {
    name: 'a conditional spread whose branch is the entry, spreads it, or names _meta',
    code: lines(
      'server.setRequestHandler(ListToolsRequestSchema, async () => {',
      '  const { tools } = await upstream.listTools();',
      '  return { tools: tools.map((t) => ({ name: t.name, inputSchema: t.inputSchema, ...(full ? t : {}) })) };',
      '});',
      'server.setRequestHandler(ListResourcesRequestSchema, async () => {',
      '  const { resources } = await upstream.listResources();',
      '  return { resources: resources.map((r) => ({ uri: r.uri, name: r.name, ...(full ? { ...r } : { title: r.title }) })) };',
      '});',
      'server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => {',
      '  const { resourceTemplates } = await upstream.listResourceTemplates();',
      "  return { resourceTemplates: resourceTemplates.map((t) => ({ uriTemplate: t.uriTemplate, name: t.name, ...(debug && { _meta: { 'acme.dev/debug': true } }) })) };",
      '});',
    ),
  },
  {
    // Before, the branch `{ title: t.title }` was judged as an entry of its own and reported though `...opts` may
    // carry the `_meta`.
    name: 'the literal a conditional spread adds is not an entry of its own',
    code: lines(
      'server.setRequestHandler(ListToolsRequestSchema, async () => {',
      '  const { tools } = await upstream.listTools();',
      '  return { tools: tools.map((t) => ({ ...opts, name: t.name, inputSchema: t.inputSchema, ...(t.title && { title: t.title }) })) };',
      '});',
    ),
  },
  {
    name: "a plan's entries of a type the file declares as no upstream list's answer, or read for their _meta",
    code: lines(
      'interface LocalResource { name: string; uri: string; title?: string }',
      'interface Plan { resources: LocalResource[]; tools: UpstreamTool[] }',
      'interface Connection { listTools(): Promise<UpstreamTool[]> }',
      'interface UpstreamTool { name: string; inputSchema?: object; _meta?: Record<string, unknown> }',
      'export function mount(host: Host, plan: Plan, connection: Connection): void {',
      '  for (const resource of plan.resources) {',
      '    host.registerResource({ name: resource.name, uri: resource.uri, ...(resource.title && { title: resource.title }) }, read);',
      '  }',
      '  for (const tool of plan.tools) {',
      '    host.registerTool({ name: tool.name, inputSchema: tool.inputSchema, _meta: tool._meta }, connection.callTool);',
      '  }',
      '}',
    ),
  },
  {
    // The bridge's shape with the item's `_meta` carried over, and a `case 'resources/read':` that shows an item of a
    // read it did not make in that branch (a UI's `case` over a logged message).
    name: "a dispatcher's case 'resources/read' that carries the item's _meta, or answers no read of its own",
    code: lines(
      MCPJAM_BRIDGE_READ.replace('text }] };', 'text, _meta: firstContent?._meta }] };'),
      'export async function rowOf(message: { method: string; uri: string }) {',
      '  const read = await upstream.readResource({ uri: message.uri });',
      '  const first = read.contents[0];',
      '  switch (message.method) {',
      "    case 'resources/read':",
      '      return { uri: first.uri, text: first.text };',
      '  }',
      '  return null;',
      '}',
    ),
  },
  {
    name: "a case 'resources/list' that shows rows of a list it did not ask the upstream for in that branch",
    code: lines(
      'export async function rowsOf(message: { method: string }) {',
      '  const listed = await upstream.listResources();',
      '  switch (message.method) {',
      "    case 'resources/list':",
      '      return listed.resources.map((r) => ({ uri: r.uri, name: r.name }));',
      '  }',
      '  return [];',
      '}',
    ),
  },
  {
    // MCPJam/inspector 6d550c02c (mcpjam-inspector/test-servers/mcp-check-fixture/src/server.ts): a fixture server's
    // dispatcher answers tools/call with its own synchronous callTool(name, args), which builds the result itself.
    name: "a dispatcher's tools/call answered by a synchronous function of the file that builds the result itself",
    code: lines(
      'function textResult(text: string) {',
      "  return { content: [{ type: 'text', text }] };",
      '}',
      'function callTool(name: string, args: Record<string, unknown>): { result?: unknown; error?: { code: number; message: string } } {',
      '  switch (name) {',
      "    case 'echo': {",
      '      const text = args?.text;',
      "      if (typeof text !== 'string') return { error: { code: -32602, message: '`text` must be a string' } };",
      '      return { result: textResult(text) };',
      '    }',
      '    default:',
      '      return { error: { code: -32601, message: `Unknown tool: ${name}` } };',
      '  }',
      '}',
      'function handleRpc(request: JsonRpcRequest): { status: number; body?: unknown } {',
      '  switch (request.method) {',
      "    case 'tools/call': {",
      "      const name = String(request.params?.name ?? '');",
      '      const args = (request.params?.arguments ?? {}) as Record<string, unknown>;',
      '      const outcome = callTool(name, args);',
      "      return { status: 200, body: { jsonrpc: '2.0', id: request.id ?? null, ...(outcome.error ? { error: outcome.error } : { result: outcome.result }) } };",
      '    }',
      '  }',
      '  return { status: 404 };',
      '}',
    ),
  },
  {
    // tambo's gateway on SDK v1: v1's `registerPrompt` config has no `_meta` and its `prompts/list` lists none.
    name: 'prompts: listed prompts registered again on SDK v1, whose registerPrompt takes no _meta',
    code: lines(
      V1 + 'export async function mirrorPrompts(server: McpServer, upstream: Client) {',
      '  const promptResponse = await upstream.listPrompts();',
      '  for (const prompt of promptResponse.prompts) {',
      '    server.registerPrompt(prompt.name, { title: prompt.title ?? prompt.name, description: prompt.description }, async (args) =>',
      '      upstream.getPrompt({ name: prompt.name, arguments: args }),',
      '    );',
      '  }',
      '}',
    ),
  },
  {
    // mcp-use's proxy: its own host's registerPrompt (a definition with no `_meta`), in a file that shows no v2 server.
    name: "prompts: a plan's prompts registered again on a framework's own host, in a file that imports no v2 McpServer",
    code: lines(
      "import type { GetPromptResult } from '@modelcontextprotocol/server';",
      'interface ProxyConnection {',
      '  listPrompts(): Promise<{ prompts: ProxyPrompt[] }>;',
      '  getPrompt(name: string, args: Record<string, unknown>): Promise<GetPromptResult>;',
      '}',
      'interface ProxyPrompt { name: string; title?: string; description?: string }',
      'interface ProxyPlan { connection: ProxyConnection; prompts: ProxyPrompt[] }',
      'export function mountPlan(host: ProxyHost, plan: ProxyPlan): void {',
      '  for (const prompt of plan.prompts) {',
      '    host.registerPrompt(',
      '      { name: prompt.name, ...(prompt.title !== undefined && { title: prompt.title }) },',
      '      async (params) => plan.connection.getPrompt(prompt.name, params),',
      '    );',
      '  }',
      '}',
    ),
  },
  {
    name: "prompts: an upstream prompt's result answered whole, spread, or with its _meta",
    code: lines(
      V1 + 'server.setRequestHandler(GetPromptRequestSchema, async (request) => upstream.getPrompt(request.params));',
      "server.registerPrompt('review', {}, async (args) => {",
      "  const r = await upstream.getPrompt({ name: 'review', arguments: args });",
      "  return { ...r, description: 'Reviewed upstream' };",
      '});',
      "server.registerPrompt('plan', {}, async (args) => {",
      "  const r = await upstream.getPrompt({ name: 'plan', arguments: args });",
      '  return { description: r.description, messages: r.messages, _meta: r._meta };',
      '});',
    ),
  },
  {
    // 5ire's desktop client: the prompt is rebuilt for its own chat editor, never answered to an MCP caller.
    name: "prompts: a client that rebuilds an upstream prompt's result for its own UI",
    code: lines(
      'export class PromptsManager {',
      '  async get(connection: Connection, name: string, args: Record<string, string>) {',
      '    return connection.client.getPrompt({ name, arguments: args }).then((result) => {',
      '      return { description: result.description, messages: result.messages.map((m) => ({ role: m.role, content: m.content })) };',
      '    });',
      '  }',
      '}',
    ),
  },
  {
    // 1mcp's and metamcp's aggregators: each upstream prompt spread, renamed.
    name: 'prompts: listed prompts re-advertised spread and renamed',
    code: lines(
      V1 + 'server.setRequestHandler(ListPromptsRequestSchema, async () => {',
      '  const upstreamPrompts = await upstream.listPrompts();',
      '  return { prompts: upstreamPrompts.prompts.map((prompt) => ({ ...prompt, name: `up__${prompt.name}` })) };',
      '});',
    ),
  },
  {
    name: 'a module-level table given the upstream tools whole, or each one spread',
    code: lines(
      V1 + 'let serverInfos: ServerInfo[] = [];',
      'const getServerByName = (name: string) => serverInfos.find((s) => s.name === name);',
      'export const connect = (name: string, client: Client, other: Client) => {',
      '  client.listTools().then((tools) => {',
      '    const serverInfo = getServerByName(name);',
      '    if (serverInfo) serverInfo.tools = tools.tools;',
      '  });',
      '  other.listTools().then((tools) => {',
      '    const serverInfo = getServerByName(name);',
      '    if (serverInfo) serverInfo.tools = tools.tools.map((tool) => ({ ...tool, server: name }));',
      '  });',
      '};',
      'server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: serverInfos.flatMap((s) => s.tools) }));',
    ),
  },
  {
    name: 'a module-level table of rebuilt tools that no tools/list handler of the file answers from',
    code: lines(
      V1 + 'let serverInfos: ServerInfo[] = [];',
      'export const connect = async (name: string, client: Client) => {',
      '  const { tools } = await client.listTools();',
      '  serverInfos.push({ name, tools: tools.map((tool) => ({ name: tool.name, inputSchema: tool.inputSchema })) });',
      '  const entry = serverInfos.find((s) => s.name === name);',
      '  if (entry) entry.tools = tools.map((tool) => ({ name: tool.name, inputSchema: tool.inputSchema }));',
      '};',
      '// The admin API lists them for a dashboard; tools/list is answered elsewhere.',
      'export const getServersInfo = () => serverInfos.map(({ name, tools }) => ({ name, tools }));',
    ),
  },
  {
    name: "rebuilt tools kept in a function's own list, or in a table the tools/list handler reads another field of",
    code: lines(
      V1 + 'let serverInfos: { name: string; tools: object[] }[] = [];',
      'export const connect = async (name: string, client: Client) => {',
      '  const { tools } = await client.listTools();',
      '  const local: object[] = [];',
      '  local.push(...tools.map((tool) => ({ name: tool.name, inputSchema: tool.inputSchema })));',
      '  const entry = serverInfos.find((s) => s.name === name);',
      '  if (entry) entry.tools = tools.map((tool) => ({ name: tool.name, inputSchema: tool.inputSchema }));',
      '  return local.length;',
      '};',
      'server.setRequestHandler(ListToolsRequestSchema, async () => ({',
      "  tools: serverInfos.map((s) => ({ name: `${s.name}_status`, inputSchema: { type: 'object' } })),",
      '}));',
    ),
  },
  {
    // abdullah1854/MCPGateway src/code-execution/routes.ts:460 (549f494): an Express route's `req.params` are its path
    // parameters (`:name`); a REST endpoint has no caller request `_meta` to forward.
    name: "an HTTP route handler's req.params are the route's path parameters, not an MCP request's",
    code: lines(
      "router.post('/tools/:name/call', async (req: Request, res: Response) => {",
      '  const { name } = req.params;',
      '  const response = await backendManager.callTool(name, req.body.args);',
      '  res.json(response.result);',
      '});',
    ),
  },
];

const invalid: InvalidTestCase<MessageIds, Options>[] = [
  {
    // abdullah1854/MCPGateway src/protocol/handler.ts:447 (549f494): the arguments pass through a ternary, a call and
    // `??` before the wrapper gets them; they are still a field of the request, and its `_meta` goes nowhere.
    name: 'a dispatcher method hands the wrapper arguments built through a ternary, a call and ??: the caller _meta is dropped',
    code: lines(
      'export class Handler {',
      '  private async handleToolsCall(request: MCPRequest, session: GatewaySession) {',
      '    const params = request.params as { name: string; arguments?: unknown };',
      '    const tokenizer = tokenizerFor(session.id);',
      '    const args = tokenizer ? tokenizer.detokenize(params.arguments ?? {}) : (params.arguments ?? {});',
      '    const response = await this.backendManager.callTool(params.name, args);',
      "    return { jsonrpc: '2.0', id: request.id, result: response.result };",
      '  }',
      '}',
    ),
    errors: [
      {
        messageId: 'positionalCallerMeta',
        data: { label: 'this.backendManager.callTool(…)', callerMeta: 'request.params._meta' },
        line: 6,
        column: 28,
        suggestions: [],
      },
    ],
  },
  {
    // The same wrapper in a function handling an MCP request (its second parameter the SDK's `extra`) drops the caller's keys.
    name: 'a function named as handling a request, whose second parameter is no HTTP response, still drops the caller _meta',
    code: lines(
      'const handle = async (request: CallToolRequest, extra: RequestHandlerExtra) => {',
      '  const { name } = request.params;',
      '  return backendManager.callTool(name, request.params.arguments);',
      '};',
    ),
    errors: [
      {
        messageId: 'positionalCallerMeta',
        data: { label: 'backendManager.callTool(…)', callerMeta: 'request.params._meta' },
        line: 3,
        column: 10,
        suggestions: [],
      },
    ],
  },
  {
    name: 'v1: callTool without the caller _meta',
    code: lines(
      V1 + "server.registerTool('search', { inputSchema: {} }, async (args, extra) => {",
      "  const r = await upstream.callTool({ name: 'search', arguments: args });",
      '  return r;',
      '});',
    ),
    errors: [
      {
        messageId: 'droppedCallerMeta',
        data: { label: 'upstream.callTool(…)', callerMeta: 'extra._meta' },
        line: 3,
        column: 19,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output: lines(
              V1 + "server.registerTool('search', { inputSchema: {} }, async (args, extra) => {",
              '  const callerMeta = { ...extra._meta };',
              '  delete callerMeta.progressToken;',
              "  const r = await upstream.callTool({ _meta: callerMeta, name: 'search', arguments: args });",
              '  return r;',
              '});',
            ),
          },
        ],
      },
    ],
  },
  {
    // A `const` right in a `case` clause is legal but `no-case-declarations`' report (eslint:recommended): the copy goes
    // in a block around the clause's statement, as a result's suggestions put their declarations.
    name: "v1: callTool in a switch's case clause without the caller _meta: the suggestion's declarations go in a block",
    code: lines(
      V1 + "server.registerTool('search', { inputSchema: {} }, async (args, extra) => {",
      '  switch (args.kind) {',
      "    case 'web':",
      "      return upstream.callTool({ name: 'search', arguments: args });",
      '    default:',
      "      throw new Error('unknown kind');",
      '  }',
      '});',
    ),
    errors: [
      {
        messageId: 'droppedCallerMeta',
        data: { label: 'upstream.callTool(…)', callerMeta: 'extra._meta' },
        line: 5,
        column: 14,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output: lines(
              V1 + "server.registerTool('search', { inputSchema: {} }, async (args, extra) => {",
              '  switch (args.kind) {',
              "    case 'web':",
              "      { const callerMeta = { ...extra._meta }; delete callerMeta.progressToken; return upstream.callTool({ _meta: callerMeta, name: 'search', arguments: args }); }",
              '    default:',
              "      throw new Error('unknown kind');",
              '  }',
              '});',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'v2: an arrow body, request({ method: tools/call })',
    code: lines(
      V2 + "server.registerTool('search', { inputSchema: z.object({}) }, async (args, ctx) =>",
      "  upstream.request({ method: 'tools/call', params: { name: 'search', arguments: args } }, CallToolResultSchema));",
    ),
    errors: [
      {
        messageId: 'droppedCallerMeta',
        data: { label: 'upstream.request(…)', callerMeta: 'ctx.mcpReq._meta' },
        line: 3,
        column: 3,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output: lines(
              V2 + "server.registerTool('search', { inputSchema: z.object({}) }, async (args, ctx) =>",
              "  { const callerMeta = { ...ctx.mcpReq._meta }; delete callerMeta.progressToken; return upstream.request({ method: 'tools/call', params: { _meta: callerMeta, name: 'search', arguments: args } }, CallToolResultSchema); });",
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'a tools/call handler: the request params _meta, a name already taken',
    code: lines(
      'server.setRequestHandler(CallToolRequestSchema, async (request) => {',
      '  const callerMeta = 1;',
      '  return upstream.callTool({ name: request.params.name, arguments: request.params.arguments });',
      '});',
    ),
    errors: [
      {
        messageId: 'droppedCallerMeta',
        data: { label: 'upstream.callTool(…)', callerMeta: 'request.params._meta' },
        line: 3,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output: lines(
              'server.setRequestHandler(CallToolRequestSchema, async (request) => {',
              '  const callerMeta = 1;',
              '  const callerMeta2 = { ...request.params._meta };',
              '  delete callerMeta2.progressToken;',
              '  return upstream.callTool({ _meta: callerMeta2, name: request.params.name, arguments: request.params.arguments });',
              '});',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'picked: only the progressToken of the caller',
    code: lines(
      'server.setRequestHandler(CallToolRequestSchema, async (request) => {',
      '  return upstream.callTool({',
      '    name: request.params.name,',
      '    arguments: request.params.arguments,',
      '    _meta: { progressToken: request.params._meta?.progressToken },',
      '  });',
      '});',
    ),
    errors: [
      {
        messageId: 'pickedCallerMeta',
        data: { label: 'upstream.callTool(…)', callerMeta: 'request.params._meta', keys: '`progressToken`' },
        line: 5,
        column: 5,
        suggestions: [
          {
            messageId: 'suggestSpreadCallerMeta',
            output: lines(
              'server.setRequestHandler(CallToolRequestSchema, async (request) => {',
              '  return upstream.callTool({',
              '    name: request.params.name,',
              '    arguments: request.params.arguments,',
              '    _meta: { ...request.params._meta, progressToken: request.params._meta?.progressToken },',
              '  });',
              '});',
            ),
          },
        ],
      },
    ],
  },
  {
    // The shape a public gateway shipped (and fixed by forwarding `request.params._meta`): a handler composed with
    // middleware before it is registered, so no registration call is around it.
    name: 'a composed tools/call handler that picks the progressToken',
    code: lines(
      'const originalCallToolHandler: CallToolHandler = async (request, _context) => {',
      '  const { name, arguments: args } = request.params;',
      '  return client.request(',
      "    { method: 'tools/call', params: { name, arguments: args || {}, _meta: { progressToken: request.params._meta?.progressToken } } },",
      '    CompatibilityCallToolResultSchema,',
      '  );',
      '};',
    ),
    errors: [
      {
        messageId: 'pickedCallerMeta',
        data: { label: 'client.request(…)', callerMeta: 'request.params._meta', keys: '`progressToken`' },
        line: 4,
        column: 68,
        suggestions: [
          {
            messageId: 'suggestSpreadCallerMeta',
            output: lines(
              'const originalCallToolHandler: CallToolHandler = async (request, _context) => {',
              '  const { name, arguments: args } = request.params;',
              '  return client.request(',
              "    { method: 'tools/call', params: { name, arguments: args || {}, _meta: { ...(request.params as { _meta?: Record<string, unknown> })._meta, progressToken: request.params._meta?.progressToken } } },",
              '    CompatibilityCallToolResultSchema,',
              '  );',
              '};',
            ),
          },
        ],
      },
    ],
  },
  {
    // The shape of a public aggregator's tool: the request `_meta` handed down as a `meta` parameter.
    name: 'a method given the request meta that picks its progressToken',
    code: lines(
      'export class CallProxiedTool {',
      '  async execute(args: { tool: string; _serverUuid?: string }, meta?: { progressToken?: string | number }) {',
      '    delete args._serverUuid;',
      "    return client.request({ method: 'tools/call', params: { name: args.tool, _meta: { progressToken: meta?.progressToken } } }, Schema);",
      '  }',
      '}',
    ),
    errors: [
      {
        messageId: 'pickedCallerMeta',
        data: { label: 'client.request(…)', callerMeta: 'meta', keys: '`progressToken`' },
        line: 4,
        suggestions: [
          {
            messageId: 'suggestSpreadCallerMeta',
            output: lines(
              'export class CallProxiedTool {',
              '  async execute(args: { tool: string; _serverUuid?: string }, meta?: { progressToken?: string | number }) {',
              '    delete args._serverUuid;',
              "    return client.request({ method: 'tools/call', params: { name: args.tool, _meta: { ...meta, progressToken: meta?.progressToken } } }, Schema);",
              '  }',
              '}',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'v2: an envelope key read from ctx.mcpReq._meta (TypeScript: read through a record type)',
    code: lines(
      V2 + "server.registerTool('x', {}, async (ctx) => {",
      '  const info = ctx.mcpReq._meta?.[CLIENT_INFO_META_KEY];',
      "  return { content: [{ type: 'text', text: String(info) }] };",
      '});',
    ),
    errors: [
      {
        messageId: 'liftedEnvelopeKey',
        data: { key: 'io.modelcontextprotocol/clientInfo', read: 'ctx.mcpReq._meta?.[CLIENT_INFO_META_KEY]', request: 'ctx.mcpReq' },
        line: 3,
        column: 16,
        suggestions: [
          {
            messageId: 'suggestReadEnvelope',
            output: lines(
              V2 + "server.registerTool('x', {}, async (ctx) => {",
              '  const info = (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[CLIENT_INFO_META_KEY];',
              "  return { content: [{ type: 'text', text: String(info) }] };",
              '});',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'v2: the log level by its string, in JavaScript',
    filename: JS_FILE,
    code: "export const level = (ctx) => ctx.mcpReq._meta['io.modelcontextprotocol/logLevel'];",
    errors: [
      {
        messageId: 'liftedEnvelopeKey',
        line: 1,
        column: 31,
        suggestions: [
          {
            messageId: 'suggestReadEnvelope',
            output: "export const level = (ctx) => ctx.mcpReq.envelope?.['io.modelcontextprotocol/logLevel'];",
          },
        ],
      },
    ],
  },
  {
    name: "a gateway's own listTools() method that rebuilds the upstream's tools in MCP's shape",
    code: lines(
      'export class Backend {',
      '  async listTools() {',
      '    if (this.cached) return this.cached;',
      '    const result = await this.client.listTools();',
      '    this.cached = (result.tools ?? []).map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema, backend: this.name }));',
      '    return this.cached;',
      '  }',
      '}',
    ),
    errors: [
      {
        messageId: 'droppedDescriptorMeta',
        data: {
          entry: 'tool',
          label: 'this.client.listTools(…)',
          line: '4',
          fields: '`name`, `description`, `inputSchema`',
          meta: 't._meta',
        },
        line: 5,
        column: 52,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: lines(
              'export class Backend {',
              '  async listTools() {',
              '    if (this.cached) return this.cached;',
              '    const result = await this.client.listTools();',
              '    this.cached = (result.tools ?? []).map((t) => ({ ...(t._meta && { _meta: t._meta }), name: t.name, description: t.description, inputSchema: t.inputSchema, backend: this.name }));',
              '    return this.cached;',
              '  }',
              '}',
            ),
          },
        ],
      },
    ],
  },
  {
    name: "a client's own listTools() declared to return a type of this file that has a _meta slot, left empty",
    code: lines(
      'interface McpTool { name: string; inputSchema?: object; _meta?: Record<string, unknown> }',
      'export async function listTools(): Promise<McpTool[]> {',
      '  const { tools } = await client.listTools();',
      '  return tools.map((t) => ({ name: t.name, inputSchema: t.inputSchema }));',
      '}',
    ),
    errors: [
      {
        messageId: 'droppedDescriptorMeta',
        data: { entry: 'tool', label: 'client.listTools(…)', line: '3', fields: '`name`, `inputSchema`', meta: 't._meta' },
        line: 4,
        column: 28,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: lines(
              'interface McpTool { name: string; inputSchema?: object; _meta?: Record<string, unknown> }',
              'export async function listTools(): Promise<McpTool[]> {',
              '  const { tools } = await client.listTools();',
              '  return tools.map((t) => ({ ...(t._meta && { _meta: t._meta }), name: t.name, inputSchema: t.inputSchema }));',
              '}',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'tools re-advertised from a tools/list handler without their _meta',
    code: lines(
      'server.setRequestHandler(ListToolsRequestSchema, async () => {',
      '  const { tools } = await upstream.listTools();',
      '  return { tools: tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })) };',
      '});',
    ),
    errors: [
      {
        messageId: 'droppedDescriptorMeta',
        data: { entry: 'tool', label: 'upstream.listTools(…)', line: '2', fields: '`name`, `description`, `inputSchema`', meta: 't._meta' },
        line: 3,
        column: 37,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: lines(
              'server.setRequestHandler(ListToolsRequestSchema, async () => {',
              '  const { tools } = await upstream.listTools();',
              '  return { tools: tools.map((t) => ({ ...(t._meta && { _meta: t._meta }), name: t.name, description: t.description, inputSchema: t.inputSchema })) };',
              '});',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'tools registered again from a for-of over listTools().tools',
    code: lines(
      V2 + 'export async function mirror() {',
      '  const listed = await upstream.listTools();',
      '  for (const tool of listed.tools) {',
      '    server.registerTool(tool.name, { description: tool.description, inputSchema: tool.inputSchema }, async () => ({ content: [] }));',
      '  }',
      '}',
    ),
    errors: [
      {
        messageId: 'droppedDescriptorMeta',
        line: 5,
        column: 36,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: lines(
              V2 + 'export async function mirror() {',
              '  const listed = await upstream.listTools();',
              '  for (const tool of listed.tools) {',
              '    server.registerTool(tool.name, { ...(tool._meta && { _meta: tool._meta }), description: tool.description, inputSchema: tool.inputSchema }, async () => ({ content: [] }));',
              '  }',
              '}',
            ),
          },
        ],
      },
    ],
  },
  {
    // tambo-ai/tambo 6861a3f2a (apps/api/src/mcp-server/resources.ts): the gateway declares each upstream resource's
    // config as a typed `const` first, then registers it: the resource's `_meta` (an MCP App's CSP) is left behind.
    name: 'resources registered again with a config declared as a const first (tambo)',
    code: lines(
      V1 + "import type { Resource } from '@modelcontextprotocol/sdk/types.js';",
      'export async function registerResourceHandlers(server: McpServer, client: MCPClient, serverKey: string) {',
      '  const listResponse = await client.client.listResources();',
      '  for (const resource of listResponse.resources) {',
      '    const resourceUri = serverKey ? `${serverKey}:${resource.uri}` : String(resource.uri);',
      "    const metadata: Omit<Resource, 'uri' | 'name'> = {",
      '      description: resource.description,',
      '      mimeType: resource.mimeType,',
      '    };',
      '    server.registerResource(resource.name, resourceUri, metadata, async (uri) => {',
      '      const readResponse = await client.client.readResource({ uri: uri.toString() });',
      '      return readResponse;',
      '    });',
      '  }',
      '}',
    ),
    errors: [
      {
        messageId: 'droppedDescriptorMeta',
        data: {
          entry: 'resource',
          label: 'client.client.listResources(…)',
          line: '4',
          fields: '`description`, `mimeType`',
          meta: 'resource._meta',
        },
        line: 7,
        column: 54,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: lines(
              V1 + "import type { Resource } from '@modelcontextprotocol/sdk/types.js';",
              'export async function registerResourceHandlers(server: McpServer, client: MCPClient, serverKey: string) {',
              '  const listResponse = await client.client.listResources();',
              '  for (const resource of listResponse.resources) {',
              '    const resourceUri = serverKey ? `${serverKey}:${resource.uri}` : String(resource.uri);',
              "    const metadata: Omit<Resource, 'uri' | 'name'> = {",
              '      ...(resource._meta && { _meta: resource._meta }), description: resource.description,',
              '      mimeType: resource.mimeType,',
              '    };',
              '    server.registerResource(resource.name, resourceUri, metadata, async (uri) => {',
              '      const readResponse = await client.client.readResource({ uri: uri.toString() });',
              '      return readResponse;',
              '    });',
              '  }',
              '}',
            ),
          },
        ],
      },
    ],
  },
  {
    // MCPJam/inspector 6d550c02c (mcpjam-inspector/server/services/mcp-http-bridge.ts): a hand-written JSON-RPC
    // dispatcher asks the upstream for its resources in its `case 'resources/list':` and answers with them rebuilt
    // without `_meta`; its `tools/list` branch carries the tools' `_meta` over and is not reported.
    name: "resources re-advertised from a hand-written dispatcher's case 'resources/list' (MCPJam's HTTP bridge)",
    code: MCPJAM_BRIDGE_LIST,
    errors: [
      {
        messageId: 'droppedDescriptorMeta',
        data: {
          entry: 'resource',
          label: 'clientManager.listResources(…)',
          line: '13',
          fields: '`uri`, `name`, `description`, `mimeType`',
          meta: 'r._meta',
        },
        line: 14,
        column: 66,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: suggested(MCPJAM_BRIDGE_LIST, 15, 'uri: r.uri,', '...(r._meta && { _meta: r._meta }), uri: r.uri,'),
          },
        ],
      },
    ],
  },
  {
    name: "resources/read: a hand-written dispatcher's case rebuilds the upstream read's first item without its _meta (MCPJam's HTTP bridge)",
    code: MCPJAM_BRIDGE_READ,
    errors: [
      {
        messageId: 'droppedDescriptorMeta',
        data: {
          entry: 'resource contents item',
          label: 'clientManager.readResource(…)',
          line: '4',
          fields: '`mimeType`',
          meta: 'firstContent?._meta',
        },
        line: 8,
        column: 37,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: suggested(
              MCPJAM_BRIDGE_READ,
              8,
              'uri: params?.uri',
              '...(firstContent?._meta && { _meta: firstContent?._meta }), uri: params?.uri',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'resource contents from readResource rebuilt in a registerResource callback (the result and each item)',
    code: lines(
      V2 + "server.registerResource('widget', 'ui://widget', {}, async (uri) => {",
      '  const r = await upstream.readResource({ uri: uri.href });',
      '  return { contents: r.contents.map((c) => ({ uri: c.uri, mimeType: c.mimeType, text: c.text })) };',
      '});',
    ),
    errors: [
      {
        messageId: 'droppedDescriptorMeta',
        data: { entry: 'resource read result', label: 'upstream.readResource(…)', line: '3', fields: '`contents`', meta: 'r._meta' },
        line: 4,
        column: 10,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: lines(
              V2 + "server.registerResource('widget', 'ui://widget', {}, async (uri) => {",
              '  const r = await upstream.readResource({ uri: uri.href });',
              '  return { ...(r._meta && { _meta: r._meta }), contents: r.contents.map((c) => ({ uri: c.uri, mimeType: c.mimeType, text: c.text })) };',
              '});',
            ),
          },
        ],
      },
      {
        messageId: 'droppedDescriptorMeta',
        data: {
          entry: 'resource contents item',
          label: 'upstream.readResource(…)',
          line: '3',
          fields: '`uri`, `mimeType`, `text`',
          meta: 'c._meta',
        },
        line: 4,
        column: 45,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: lines(
              V2 + "server.registerResource('widget', 'ui://widget', {}, async (uri) => {",
              '  const r = await upstream.readResource({ uri: uri.href });',
              '  return { contents: r.contents.map((c) => ({ ...(c._meta && { _meta: c._meta }), uri: c.uri, mimeType: c.mimeType, text: c.text })) };',
              '});',
            ),
          },
        ],
      },
    ],
  },
  {
    // The shape a public proxy ships: a group's tool rebuilt with the configured overrides, returned as the SDK's
    // `Tool` and listed to clients from there.
    name: 'a typed descriptor rebuilt with overrides: (backendTool: Tool, override): Tool',
    code: lines(
      "import type { Tool } from '@modelcontextprotocol/sdk/types.js';",
      'export class Groups {',
      '  private applyToolOverrides(backendTool: Tool, override: { name?: string; description?: string }): Tool {',
      '    const inputSchema = backendTool.inputSchema;',
      '    return {',
      '      name: override.name ?? backendTool.name,',
      '      description: override.description ?? backendTool.description,',
      '      inputSchema,',
      '    };',
      '  }',
      '}',
    ),
    errors: [
      {
        messageId: 'rebuiltDescriptorMeta',
        data: { entry: 'tool', label: 'backendTool: Tool', line: '3', fields: '`name`, `description`', meta: 'backendTool._meta' },
        line: 5,
        column: 12,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: lines(
              "import type { Tool } from '@modelcontextprotocol/sdk/types.js';",
              'export class Groups {',
              '  private applyToolOverrides(backendTool: Tool, override: { name?: string; description?: string }): Tool {',
              '    const inputSchema = backendTool.inputSchema;',
              '    return {',
              '      ...(backendTool._meta && { _meta: backendTool._meta }), name: override.name ?? backendTool.name,',
              '      description: override.description ?? backendTool.description,',
              '      inputSchema,',
              '    };',
              '  }',
              '}',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'v2: a resource rebuilt in an arrow typed (r: Resource): Promise<Resource>, through a namespace import',
    code: lines(
      "import type * as mcp from '@modelcontextprotocol/server';",
      'export const localize = async (r: mcp.Resource): Promise<mcp.Resource> => ({ uri: r.uri, name: await translate(r.name), mimeType: r.mimeType });',
    ),
    errors: [
      {
        messageId: 'rebuiltDescriptorMeta',
        data: { entry: 'resource', label: 'r: mcp.Resource', line: '2', fields: '`uri`, `mimeType`', meta: 'r._meta' },
        line: 2,
        column: 76,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: lines(
              "import type * as mcp from '@modelcontextprotocol/server';",
              'export const localize = async (r: mcp.Resource): Promise<mcp.Resource> => ({ ...(r._meta && { _meta: r._meta }), uri: r.uri, name: await translate(r.name), mimeType: r.mimeType });',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'a prompt rebuilt with a prefix in a function typed (p: Prompt): Prompt',
    code: lines(
      "import type { Prompt } from '@modelcontextprotocol/sdk/types.js';",
      'export function prefixed(p: Prompt, prefix: string): Prompt {',
      '  return { name: `${prefix}_${p.name}`, description: p.description, arguments: p.arguments };',
      '}',
    ),
    errors: [
      {
        messageId: 'rebuiltDescriptorMeta',
        data: { entry: 'prompt', label: 'p: Prompt', line: '2', fields: '`description`, `arguments`', meta: 'p._meta' },
        line: 3,
        column: 10,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: lines(
              "import type { Prompt } from '@modelcontextprotocol/sdk/types.js';",
              'export function prefixed(p: Prompt, prefix: string): Prompt {',
              '  return { ...(p._meta && { _meta: p._meta }), name: `${prefix}_${p.name}`, description: p.description, arguments: p.arguments };',
              '}',
            ),
          },
        ],
      },
    ],
  },
  {
    // The shape of a public hub's custom tool: the request built in a const, the caller's `_meta` handed down as `meta`.
    name: 'a request const that keeps only the progressToken of a meta parameter',
    code: lines(
      'export class CustomToolService {',
      '  async handleCustomToolCall(name: string, args: Record<string, unknown>, meta?: { progressToken?: string | number }) {',
      '    const toolCallRequest = {',
      "      method: 'tools/call' as const,",
      '      params: {',
      '        name,',
      '        arguments: args,',
      '        _meta: {',
      '          progressToken: meta?.progressToken,',
      '        },',
      '      },',
      '    };',
      '    return client.client.request(toolCallRequest, CompatibilityCallToolResultSchema, timeoutOptions);',
      '  }',
      '}',
    ),
    errors: [
      {
        messageId: 'pickedCallerMeta',
        data: { label: 'client.client.request(…)', callerMeta: 'meta', keys: '`progressToken`' },
        line: 8,
        column: 9,
        suggestions: [
          {
            messageId: 'suggestSpreadCallerMeta',
            output: lines(
              'export class CustomToolService {',
              '  async handleCustomToolCall(name: string, args: Record<string, unknown>, meta?: { progressToken?: string | number }) {',
              '    const toolCallRequest = {',
              "      method: 'tools/call' as const,",
              '      params: {',
              '        name,',
              '        arguments: args,',
              '        _meta: {',
              '          ...meta, progressToken: meta?.progressToken,',
              '        },',
              '      },',
              '    };',
              '    return client.client.request(toolCallRequest, CompatibilityCallToolResultSchema, timeoutOptions);',
              '  }',
              '}',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'a request const without _meta in a tools/call handler: the declaration goes before the const',
    code: lines(
      'server.setRequestHandler(CallToolRequestSchema, async (request) => {',
      "  const req = { method: 'tools/call' as const, params: { name: request.params.name, arguments: request.params.arguments } };",
      '  return client.request(req, CallToolResultSchema);',
      '});',
    ),
    errors: [
      {
        messageId: 'droppedCallerMeta',
        data: { label: 'client.request(…)', callerMeta: 'request.params._meta' },
        line: 3,
        column: 10,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output: lines(
              'server.setRequestHandler(CallToolRequestSchema, async (request) => {',
              '  const callerMeta = { ...request.params._meta };',
              '  delete callerMeta.progressToken;',
              "  const req = { method: 'tools/call' as const, params: { _meta: callerMeta, name: request.params.name, arguments: request.params.arguments } };",
              '  return client.request(req, CallToolResultSchema);',
              '});',
            ),
          },
        ],
      },
    ],
  },
  {
    // The shape of a public proxy's tools/call handler: the fields handed one by one to its own backend service,
    // whose callTool builds { name, arguments } and never sees the caller's _meta.
    name: "positional forwarding: proxyService.callTool(serverName, toolName, args) drops the caller's _meta",
    code: lines(
      'server.setRequestHandler(CallToolRequestSchema, async (request) => {',
      '  const { name: toolName, arguments: args } = request.params;',
      '  const toolOverride = find(toolName);',
      '  let backendArgs = args;',
      '  if (toolOverride.argumentMapping) backendArgs = await transformer.transform(args, toolOverride.argumentMapping);',
      '  const result = await proxyService.callTool(toolOverride.serverName, toolOverride.originalName, backendArgs);',
      '  return result;',
      '});',
    ),
    errors: [
      {
        messageId: 'positionalCallerMeta',
        data: { label: 'proxyService.callTool(…)', callerMeta: 'request.params._meta' },
        line: 6,
        column: 24,
        suggestions: [],
      },
    ],
  },
  {
    // Brusdeylins/mcp-funnel's tools/call handler: a variable is judged by what it holds, not by its name. `taskMeta`
    // is the request's `task` field, so the wrapper is given no caller's `_meta` whatever its last argument is called.
    name: 'positional forwarding: a const named …Meta that holds a field of the request does not carry its _meta',
    code: lines(
      'server.setRequestHandler(CallToolRequestSchema, async (request) => {',
      '  const { name, arguments: args } = request.params;',
      '  const taskMeta = (request.params as Record<string, unknown>)?.task;',
      '  return await this.callTool(name, args || {}, true, taskMeta as Record<string, unknown> | undefined);',
      '});',
    ),
    errors: [
      {
        messageId: 'positionalCallerMeta',
        data: { label: 'this.callTool(…)', callerMeta: 'request.params._meta' },
        line: 4,
        column: 16,
        suggestions: [],
      },
    ],
  },
  {
    name: 'positional forwarding from a tool callback given the context (v1): extra._meta is not passed',
    code: lines(
      V1 + "server.registerTool('search', { inputSchema: {} }, async (args, extra) => {",
      '  extra.signal.throwIfAborted();',
      "  return this.hub.callTool('search', { ...args, limit: 5 }, extra.signal);",
      '});',
    ),
    errors: [
      {
        messageId: 'positionalCallerMeta',
        data: { label: 'this.hub.callTool(…)', callerMeta: 'extra._meta' },
        line: 4,
        column: 10,
        suggestions: [],
      },
    ],
  },
  {
    // The shape of a public aggregator: the upstream tools kept in a Map field, registered again later from it.
    name: 'tools kept in a class field filled from listTools() and registered again without their _meta',
    code: lines(
      V1 + 'export class McpProxy {',
      '  private readonly toolIndex = new Map<string, ToolInfo>();',
      '  async refreshToolIndex() {',
      '    const tools = await this.backend.listTools();',
      '    this.toolIndex.clear();',
      '    for (const tool of aggregate(tools)) this.toolIndex.set(tool.name, tool);',
      '  }',
      '  createServer() {',
      '    const server = new McpServer({ name: "proxy", version: "1.0.0" });',
      '    for (const tool of this.toolIndex.values()) {',
      '      const inputSchema = z.looseObject({});',
      '      server.registerTool(tool.name, { description: tool.description ?? "", inputSchema }, async (args) => this.callTool(tool.name, args));',
      '    }',
      '    return server;',
      '  }',
      '}',
    ),
    errors: [
      {
        messageId: 'keptDescriptorMeta',
        data: { entry: 'tool', field: 'toolIndex', label: 'this.backend.listTools(…)', line: '5', fields: '`description`' },
        line: 13,
        column: 38,
        suggestions: [],
      },
    ],
  },
  {
    // The shape of a public gateway's hand-written JSON-RPC dispatcher: the request's params handed to a method that
    // calls the upstream instance with the name and arguments only.
    name: 'a hand-written JSON-RPC dispatcher: request.params handed to a method that forwards name and arguments only',
    code: lines(
      'export class ProxyService {',
      '  private async dispatchRequest(profile: Profile, request: McpRequest) {',
      '    switch (request.method) {',
      "      case 'tools/call':",
      '        return this.handleToolsCall(request.id, profile, request.params as McpToolCall);',
      '    }',
      '  }',
      '  private async handleToolsCall(requestId: string | number, profile: Profile, params: McpToolCall) {',
      '    const toolName = profile.alias(params.name) || params.name;',
      '    const coercedArgs = this.coerce(params.arguments || {});',
      '    const result = await this.instance.callTool(toolName, coercedArgs);',
      "    return { jsonrpc: '2.0', id: requestId, result };",
      '  }',
      '}',
    ),
    errors: [
      {
        messageId: 'positionalCallerMeta',
        data: { label: 'this.instance.callTool(…)', callerMeta: 'params._meta' },
        line: 11,
        column: 26,
        suggestions: [],
      },
    ],
  },
  {
    name: 'a dispatcher hands the fields one by one to an async function of the file that calls the upstream',
    code: lines(
      'async function callTool(server: string, name: string, args: Record<string, unknown>) {',
      '  return clients.get(server)!.callTool({ name, arguments: args });',
      '}',
      'export function handleRpc(request: JsonRpcRequest) {',
      '  switch (request.method) {',
      "    case 'tools/call':",
      '      return callTool(request.params.server, request.params.name, request.params.arguments);',
      '  }',
      '}',
    ),
    errors: [
      {
        messageId: 'positionalCallerMeta',
        data: { label: 'callTool(…)', callerMeta: 'request.params._meta' },
        line: 7,
        column: 14,
        suggestions: [],
      },
    ],
  },
  {
    // The code base's own contents type may declare no `_meta` (decocms' does not): the suggestion reads it through a cast.
    name: "resources/read: decocms' runtime rebuilds what a resource's own read returned without its _meta",
    code: DECO_RUNTIME,
    errors: (
      [
        [11, 31, '`uri`, `mimeType`, `text`'],
        [13, 31, '`uri`, `mimeType`, `blob`'],
        [15, 29, '`uri`, `mimeType`'],
      ] as const
    ).map(([line, column, fields]) => {
      const meta = '(result as { _meta?: Record<string, unknown> })._meta';
      return {
        messageId: 'droppedReadMeta' as const,
        data: { from: 'what `resource.read(…)` returned', line: '7', fields, meta },
        line,
        column,
        suggestions: [
          {
            messageId: 'suggestForwardReadMeta' as const,
            data: { meta },
            output: suggested(DECO_RUNTIME, line, '[{ uri: result.uri', `[{ ...(${meta} && { _meta: ${meta} }), uri: result.uri`),
          },
        ],
      };
    }),
  },
  {
    name: "resources/read: in JavaScript the resource read's _meta is read as it is",
    filename: JS_FILE,
    code: lines(
      'for (const resource of resources) {',
      '  server.resource(resource.name, resource.uri, async (uri) => {',
      '    const result = await resource.read({ uri });',
      '    return { contents: [{ uri: result.uri, mimeType: result.mimeType, text: result.text }] };',
      '  });',
      '}',
      'export const callTool = (name) => upstream.callTool({ name });',
    ),
    errors: [
      {
        messageId: 'droppedReadMeta',
        data: { from: 'what `resource.read(…)` returned', line: '3', fields: '`uri`, `mimeType`, `text`', meta: 'result._meta' },
        line: 4,
        column: 25,
        suggestions: [
          {
            messageId: 'suggestForwardReadMeta',
            data: { meta: 'result._meta' },
            output: lines(
              'for (const resource of resources) {',
              '  server.resource(resource.name, resource.uri, async (uri) => {',
              '    const result = await resource.read({ uri });',
              '    return { contents: [{ ...(result._meta && { _meta: result._meta }), uri: result.uri, mimeType: result.mimeType, text: result.text }] };',
              '  });',
              '}',
              'export const callTool = (name) => upstream.callTool({ name });',
            ),
          },
        ],
      },
    ],
  },
  {
    name: "resources/read: mastra's handler builds each contents item from the listed resource without its _meta",
    code: MASTRA_READ_HANDLER,
    errors: (
      [
        [16, 18, 'text: resourceContent.text'],
        [20, 16, 'blob'],
      ] as const
    ).map(([line, column, last]) => {
      const meta = '(resource as { _meta?: Record<string, unknown> })._meta';
      return {
        messageId: 'droppedReadMeta' as const,
        data: {
          from: 'the resource `resource` listed by `capturedResourceOptions.listResources(…)`',
          line: '8',
          fields: '`uri`, `mimeType`',
          meta,
        },
        line,
        column,
        suggestions: [
          {
            messageId: 'suggestForwardReadMeta' as const,
            data: { meta },
            output: suggested(
              MASTRA_READ_HANDLER,
              line,
              `{ uri: resource.uri, mimeType: resource.mimeType, ${last} }`,
              `{ ...(${meta} && { _meta: ${meta} }), uri: resource.uri, mimeType: resource.mimeType, ${last} }`,
            ),
          },
        ],
      };
    }),
  },
  {
    // The same handler sends the read upstream without the caller's request _meta, too.
    name: "resources/read: an upstream read answered with its contents but not the result's own _meta",
    code: lines(
      V1 + 'server.setRequestHandler(ReadResourceRequestSchema, async (request) => {',
      '  const result = await upstream.readResource({ uri: request.params.uri });',
      '  return { contents: result.contents };',
      '});',
    ),
    errors: [
      {
        messageId: 'droppedCallerMeta',
        data: { label: 'upstream.readResource(…)', callerMeta: 'request.params._meta' },
        line: 3,
        column: 24,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output: lines(
              V1 + 'server.setRequestHandler(ReadResourceRequestSchema, async (request) => {',
              '  const callerMeta = { ...request.params._meta };',
              '  delete callerMeta.progressToken;',
              '  const result = await upstream.readResource({ _meta: callerMeta, uri: request.params.uri });',
              '  return { contents: result.contents };',
              '});',
            ),
          },
        ],
      },
      {
        messageId: 'droppedDescriptorMeta',
        data: { entry: 'resource read result', label: 'upstream.readResource(…)', line: '3', fields: '`contents`', meta: 'result._meta' },
        line: 4,
        column: 10,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            data: { meta: 'result._meta' },
            output: lines(
              V1 + 'server.setRequestHandler(ReadResourceRequestSchema, async (request) => {',
              '  const result = await upstream.readResource({ uri: request.params.uri });',
              '  return { ...(result._meta && { _meta: result._meta }), contents: result.contents };',
              '});',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'resources/read: one contents item picked from an upstream read and rebuilt without its _meta',
    code: lines(
      V2 + "server.registerResource('widget', 'ui://widget', {}, async (uri) => {",
      '  const read = await upstream.readResource({ uri: uri.href });',
      '  const first = read.contents[0];',
      "  return { contents: [{ uri: first.uri, mimeType: 'text/html;profile=mcp-app', text: first.text }], _meta: read._meta };",
      '});',
    ),
    errors: [
      {
        messageId: 'droppedDescriptorMeta',
        data: {
          entry: 'resource contents item',
          label: 'upstream.readResource(…)',
          line: '3',
          fields: '`uri`, `text`',
          meta: 'first._meta',
        },
        line: 5,
        column: 23,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            data: { meta: 'first._meta' },
            output: lines(
              V2 + "server.registerResource('widget', 'ui://widget', {}, async (uri) => {",
              '  const read = await upstream.readResource({ uri: uri.href });',
              '  const first = read.contents[0];',
              "  return { contents: [{ ...(first._meta && { _meta: first._meta }), uri: first.uri, mimeType: 'text/html;profile=mcp-app', text: first.text }], _meta: read._meta };",
              '});',
            ),
          },
        ],
      },
    ],
  },
  {
    name: "mcp-use's proxy registers the upstream's listed resources again with conditional spreads and no _meta",
    code: MCP_USE_PROXY,
    errors: [
      {
        messageId: 'droppedDescriptorMeta',
        data: {
          entry: 'resource',
          label: 'connection.listResources(…)',
          line: '2',
          fields: '`title`, `description`, `mimeType`',
          meta: 'resource._meta',
        },
        line: 7,
        column: 7,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: suggested(MCP_USE_PROXY, 8, 'name,', '...(resource._meta && { _meta: resource._meta }), name,'),
          },
        ],
      },
    ],
  },
  {
    // It sends the read upstream without the caller's request _meta, too.
    name: "mastra's client proxy rebuilds each contents item of an upstream read with conditional spreads and no _meta",
    code: MASTRA_CLIENT_PROXY,
    errors: [
      {
        messageId: 'droppedCallerMeta',
        data: { label: 'client.readResource(…)', callerMeta: 'request.params._meta' },
        line: 4,
        column: 24,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output: suggested(
              MASTRA_CLIENT_PROXY,
              4,
              '  const result = await client.readResource({ uri });',
              '  const callerMeta = { ...request.params._meta };\n  delete callerMeta.progressToken;\n  const result = await client.readResource({ _meta: callerMeta, uri });',
            ),
          },
        ],
      },
      {
        messageId: 'droppedDescriptorMeta',
        data: { entry: 'resource read result', label: 'client.readResource(…)', line: '4', fields: '`contents`', meta: 'result._meta' },
        line: 5,
        column: 10,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: suggested(MASTRA_CLIENT_PROXY, 6, 'contents:', '...(result._meta && { _meta: result._meta }), contents:'),
          },
        ],
      },
      {
        messageId: 'droppedDescriptorMeta',
        data: {
          entry: 'resource contents item',
          label: 'client.readResource(…)',
          line: '4',
          fields: '`uri`, `text`, `blob`',
          meta: 'c._meta',
        },
        line: 6,
        column: 43,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: suggested(MASTRA_CLIENT_PROXY, 7, 'uri: c.uri', '...(c._meta && { _meta: c._meta }), uri: c.uri'),
          },
        ],
      },
    ],
  },
  {
    name: "mcp-use's proxy as written: the plan's resources, of the type its connection's listResources() answers with, registered again",
    code: MCP_USE_PLAN,
    errors: [
      {
        messageId: 'droppedDescriptorMeta',
        data: {
          entry: 'resource',
          label: 'ProxyConnection.listResources(…)',
          line: '2',
          fields: '`title`, `mimeType`',
          meta: '(resource as { _meta?: Record<string, unknown> })._meta',
        },
        line: 25,
        column: 7,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: suggested(
              MCP_USE_PLAN,
              26,
              'name:',
              '...((resource as { _meta?: Record<string, unknown> })._meta && { _meta: (resource as { _meta?: Record<string, unknown> })._meta }), name:',
            ),
          },
        ],
      },
    ],
  },
  {
    // The same handler sends the get upstream without the caller's request _meta, too.
    name: "prompts/get: an upstream prompt's result answered with its description and messages but not its _meta",
    code: lines(
      V1 + 'server.setRequestHandler(GetPromptRequestSchema, async (request) => {',
      '  const result = await upstream.getPrompt({ name: request.params.name, arguments: request.params.arguments });',
      '  return { description: result.description, messages: result.messages };',
      '});',
    ),
    errors: [
      {
        messageId: 'droppedCallerMeta',
        data: { label: 'upstream.getPrompt(…)', callerMeta: 'request.params._meta' },
        line: 3,
        column: 24,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output: lines(
              V1 + 'server.setRequestHandler(GetPromptRequestSchema, async (request) => {',
              '  const callerMeta = { ...request.params._meta };',
              '  delete callerMeta.progressToken;',
              '  const result = await upstream.getPrompt({ _meta: callerMeta, name: request.params.name, arguments: request.params.arguments });',
              '  return { description: result.description, messages: result.messages };',
              '});',
            ),
          },
        ],
      },
      {
        messageId: 'droppedDescriptorMeta',
        data: {
          entry: 'prompt result',
          label: 'upstream.getPrompt(…)',
          line: '3',
          fields: '`description`, `messages`',
          meta: 'result._meta',
        },
        line: 4,
        column: 10,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            data: { meta: 'result._meta' },
            output: lines(
              V1 + 'server.setRequestHandler(GetPromptRequestSchema, async (request) => {',
              '  const result = await upstream.getPrompt({ name: request.params.name, arguments: request.params.arguments });',
              '  return { ...(result._meta && { _meta: result._meta }), description: result.description, messages: result.messages };',
              '});',
            ),
          },
        ],
      },
    ],
  },
  {
    name: "prompts/get: a prompt registration's callback answers with the messages of request({ method: 'prompts/get' })",
    code: lines(
      V1 + "server.registerPrompt('review', { description: 'Review code' }, async (args) => {",
      "  const r = await upstream.request({ method: 'prompts/get', params: { name: 'review', arguments: args } }, GetPromptResultSchema);",
      '  return { messages: r.messages.filter((m) => m.role === "user") };',
      '});',
    ),
    errors: [
      {
        messageId: 'droppedDescriptorMeta',
        data: { entry: 'prompt result', label: 'upstream.request(…)', line: '3', fields: '`messages`', meta: 'r._meta' },
        line: 4,
        column: 10,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: lines(
              V1 + "server.registerPrompt('review', { description: 'Review code' }, async (args) => {",
              "  const r = await upstream.request({ method: 'prompts/get', params: { name: 'review', arguments: args } }, GetPromptResultSchema);",
              '  return { ...(r._meta && { _meta: r._meta }), messages: r.messages.filter((m) => m.role === "user") };',
              '});',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'prompts/list: the upstream prompts re-advertised with their fields but not their _meta',
    code: lines(
      V1 + 'server.setRequestHandler(ListPromptsRequestSchema, async () => {',
      '  const { prompts } = await upstream.listPrompts();',
      '  return { prompts: prompts.map((p) => ({ name: p.name, description: p.description, arguments: p.arguments })) };',
      '});',
    ),
    errors: [
      {
        messageId: 'droppedDescriptorMeta',
        data: {
          entry: 'prompt',
          label: 'upstream.listPrompts(…)',
          line: '3',
          fields: '`name`, `description`, `arguments`',
          meta: 'p._meta',
        },
        line: 4,
        column: 41,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: lines(
              V1 + 'server.setRequestHandler(ListPromptsRequestSchema, async () => {',
              '  const { prompts } = await upstream.listPrompts();',
              '  return { prompts: prompts.map((p) => ({ ...(p._meta && { _meta: p._meta }), name: p.name, description: p.description, arguments: p.arguments })) };',
              '});',
            ),
          },
        ],
      },
    ],
  },
  {
    // tambo's gateway, on SDK v2: v2's registerPrompt config takes a `_meta` and its prompts/list lists it.
    name: 'prompts: listed prompts registered again on SDK v2 with their title and description but not their _meta',
    code: lines(
      V2 + 'export async function mirrorPrompts(server: McpServer, upstream: Client) {',
      '  const promptResponse = await upstream.listPrompts();',
      '  for (const prompt of promptResponse.prompts) {',
      '    server.registerPrompt(prompt.name, { title: prompt.title ?? prompt.name, description: prompt.description }, async (args) =>',
      '      upstream.getPrompt({ name: prompt.name, arguments: args }),',
      '    );',
      '  }',
      '}',
    ),
    errors: [
      {
        messageId: 'droppedDescriptorMeta',
        data: {
          entry: 'prompt',
          label: 'upstream.listPrompts(…)',
          line: '3',
          fields: '`title`, `name`, `description`',
          meta: 'prompt._meta',
        },
        line: 5,
        column: 40,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: lines(
              V2 + 'export async function mirrorPrompts(server: McpServer, upstream: Client) {',
              '  const promptResponse = await upstream.listPrompts();',
              '  for (const prompt of promptResponse.prompts) {',
              '    server.registerPrompt(prompt.name, { ...(prompt._meta && { _meta: prompt._meta }), title: prompt.title ?? prompt.name, description: prompt.description }, async (args) =>',
              '      upstream.getPrompt({ name: prompt.name, arguments: args }),',
              '    );',
              '  }',
              '}',
            ),
          },
        ],
      },
    ],
  },
  {
    name: "tools/list: the upstream's tools rebuilt in the .then callback of listTools()",
    code: lines(
      V1 + 'server.setRequestHandler(ListToolsRequestSchema, async () =>',
      '  upstream.listTools().then((r) => ({ tools: r.tools.map((t) => ({ name: t.name, inputSchema: t.inputSchema })) })),',
      ');',
    ),
    errors: [
      {
        messageId: 'droppedDescriptorMeta',
        data: { entry: 'tool', label: 'upstream.listTools(…)', line: '3', fields: '`name`, `inputSchema`', meta: 't._meta' },
        line: 3,
        column: 66,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: lines(
              V1 + 'server.setRequestHandler(ListToolsRequestSchema, async () =>',
              '  upstream.listTools().then((r) => ({ tools: r.tools.map((t) => ({ ...(t._meta && { _meta: t._meta }), name: t.name, inputSchema: t.inputSchema })) })),',
              ');',
            ),
          },
        ],
      },
    ],
  },
  {
    name: "mcphub: the upstream's tools stored rebuilt in a module-level table that the tools/list handler answers from",
    code: MCPHUB,
    errors: [
      {
        messageId: 'storedDescriptorMeta',
        data: {
          entry: 'tool',
          label: 'client.listTools(…)',
          line: '7',
          table: 'serverInfos',
          fields: '`name`, `description`, `inputSchema`',
          method: 'tools/list',
          handlerLine: '19',
          meta: 'tool._meta',
        },
        line: 10,
        column: 53,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: suggested(MCPHUB, 11, 'name: tool.name,', '...(tool._meta && { _meta: tool._meta }), name: tool.name,'),
          },
        ],
      },
    ],
  },
  {
    name: 'a module-level Map given each upstream its rebuilt tools, which the tools/list handler lists',
    code: lines(
      V1 + 'const toolsByServer = new Map<string, object[]>();',
      'export async function refresh(name: string, client: Client) {',
      '  const { tools } = await client.listTools();',
      '  toolsByServer.set(name, tools.map((t) => ({ name: `${name}_${t.name}`, description: t.description, inputSchema: t.inputSchema })));',
      '}',
      'server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [...toolsByServer.values()].flat() }));',
    ),
    errors: [
      {
        messageId: 'storedDescriptorMeta',
        data: {
          entry: 'tool',
          label: 'client.listTools(…)',
          line: '4',
          table: 'toolsByServer',
          fields: '`description`, `inputSchema`',
          method: 'tools/list',
          handlerLine: '7',
          meta: 't._meta',
        },
        line: 5,
        column: 45,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: lines(
              V1 + 'const toolsByServer = new Map<string, object[]>();',
              'export async function refresh(name: string, client: Client) {',
              '  const { tools } = await client.listTools();',
              '  toolsByServer.set(name, tools.map((t) => ({ ...(t._meta && { _meta: t._meta }), name: `${name}_${t.name}`, description: t.description, inputSchema: t.inputSchema })));',
              '}',
              'server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [...toolsByServer.values()].flat() }));',
            ),
          },
        ],
      },
    ],
  },
];

const ruleTester = createUntypedRuleTester();
ruleTester.run('no-dropped-meta (relay)', rule, {
  valid: valid.map((test) => ({ filename: UNTYPED_OTHER, ...test })),
  invalid: invalid.map((test) => ({ filename: UNTYPED_OTHER, ...test })),
});

describe('the relay walk enters only the functions that name an upstream call or mcpReq', () => {
  const linter = new Linter({ cwd: path.dirname(UNTYPED_OTHER) });
  const config: Linter.Config[] = [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tsParser as unknown as Linter.Parser },
      plugins: { 'mcp-meta': { rules: { 'no-dropped-meta': rule } } as unknown as ESLint.Plugin },
      settings: { 'mcp-meta': { registry: path.join(path.dirname(UNTYPED_OTHER), '../mcp-meta.registry.json') } },
      rules: { 'mcp-meta/no-dropped-meta': 'error' },
    },
  ];
  /** A function of `n` statements that names no upstream call. */
  const unrelated = (n: number): string =>
    `export function compute(rows: number[]) {\n${Array.from({ length: n }, (_, i) => `  const v${i} = rows.map((r) => r * ${i} + 1).filter((x) => x > ${i});`).join('\n')}\n  return rows;\n}`;
  const relay = lines(
    V1 + "server.registerTool('search', { inputSchema: {} }, async (args, extra) => {",
    "  return upstream.callTool({ name: 'search', arguments: args });",
    '});',
  );
  function visit(code: string): { nodes: number; ids: string[] } {
    const before = costCount('relay-nodes');
    const messages = linter.verify(code, config, UNTYPED_OTHER);
    return { nodes: costCount('relay-nodes') - before, ids: messages.map((message) => message.messageId ?? message.message) };
  }

  it('a resource read callback in a file that names no upstream call is never walked', () => {
    // The check of a read's answer is anchored on the relay words like the rest: decocms' runtime is reached because
    // its server factory names `callTool`; the same registration in a file naming none costs nothing.
    const alone = lines(
      V1 + 'for (const resource of resources) {',
      '  server.resource(resource.name, resource.uri, async (uri) => {',
      '    const result = await resource.read({ uri });',
      '    return { contents: [{ uri: result.uri, mimeType: result.mimeType, text: result.text }] };',
      '  });',
      '}',
    );
    expect(visit(alone)).toEqual({ nodes: 0, ids: [] });
    expect(visit(`${alone}\nexport const callTool = (name: string) => upstream.callTool({ name });`).ids).toEqual(['droppedReadMeta']);
  });

  it('a large unrelated function beside a relay costs the relay walk no more nodes', () => {
    const small = visit(`${relay}\n${unrelated(1)}`);
    const large = visit(`${relay}\n${unrelated(400)}`);
    expect(small.ids).toEqual(['droppedCallerMeta']);
    expect(large.ids).toEqual(['droppedCallerMeta']);
    expect(large.nodes).toBe(small.nodes);
  });
});
