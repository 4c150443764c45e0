/**
 * no-dropped-meta on the caller's request `_meta` through every request a proxy forwards one for one, not only
 * `tools/call`: `prompts/get` (`getPrompt`), `resources/read` (`readResource`), `completion/complete` (`complete`),
 * `resources/subscribe` and `resources/unsubscribe` (`subscribeResource`, `unsubscribeResource`): the SDK client's
 * methods (v1 and v2) whose params take `_meta`, except the list calls (a list is the gateway's own aggregate). The
 * handler must answer the same request the call forwards: a prompt registration's callback or a `prompts/get` handler
 * forwards `getPrompt`, a resource's read callback or a `resources/read` handler `readResource`. The real places:
 * hughescr/mcp-proxy-processor's `proxyService.getPrompt(promptRef.serverName, name, args)` and
 * `proxyService.readResource(resourceRef.serverName, uri)` (src/frontend/index.ts), and tambo's prompt registration
 * callback `async (argsOrOpts, opts) => client.client.getPrompt({ name: prompt.name, arguments: realArgs })`
 * (apps/api/src/mcp-server/prompts.ts). Run without types (the findings are syntactic).
 */
import type { InvalidTestCase, ValidTestCase } from '@typescript-eslint/rule-tester';
import rule, { type MessageIds, type Options } from '../../rules/no-dropped-meta';
import { createUntypedRuleTester, UNTYPED_OTHER } from './typed-rule-tester';

const V1 = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n";
const V2 = "import { McpServer } from '@modelcontextprotocol/server';\n";

const lines = (...text: string[]): string => text.join('\n');

/** hughescr/mcp-proxy-processor (src/frontend/index.ts): the prompts/get handler's fallback chain, cut to its shape. */
const HUGHESCR_PROMPTS = lines(
  'server.setRequestHandler(GetPromptRequestSchema, async (request) => {',
  '  const { name, arguments: args } = request.params;',
  '  const matchingRefs = findMatchingPromptRefs(name, allPromptRefs);',
  '  for (const promptRef of matchingRefs) {',
  '    try {',
  '      const result = await proxyService.getPrompt(',
  '        promptRef.serverName,',
  '        name,',
  '        args',
  '      );',
  '      return result as ServerResult;',
  '    } catch (error) {',
  '      lastError = error;',
  '    }',
  '  }',
  '  throw new Error(`Failed to get prompt ${name}`);',
  '});',
);

/** The same file's resources/read handler. */
const HUGHESCR_RESOURCES = lines(
  'server.setRequestHandler(ReadResourceRequestSchema, async (request) => {',
  '  const { uri } = request.params;',
  '  for (const resourceRef of findMatchingResourceRefs(uri, allResourceRefs)) {',
  '    try {',
  '      const result = await proxyService.readResource(',
  '        resourceRef.serverName,',
  '        uri',
  '      );',
  '      return result as ServerResult;',
  '    } catch (error) {',
  '      lastError = error;',
  '    }',
  '  }',
  '  throw new Error(`Failed to read resource ${uri}`);',
  '});',
);

/** tambo-ai/tambo (apps/api/src/mcp-server/prompts.ts): each upstream prompt registered again, its get forwarded. */
const TAMBO_PROMPTS = lines(
  V1 + 'export async function registerPromptHandlers(server: McpServer, client: MCPClient) {',
  '  const promptResponse = await client.client.listPrompts();',
  '  for (const prompt of promptResponse.prompts) {',
  '    server.registerPrompt(',
  '      prompt.name,',
  '      { title: prompt.title ?? prompt.name, description: prompt.description, argsSchema: {} },',
  '      async (argsOrOpts, opts) => {',
  '        const realArgs = (opts as any) ? argsOrOpts : opts;',
  '        const promptResponse = await client.client.getPrompt({',
  '          name: prompt.name,',
  '          arguments: realArgs as any,',
  '        });',
  '        return promptResponse;',
  '      },',
  '    );',
  '  }',
  '}',
);

/** assistant-ui's MCP Apps host bridge (packages/react/src/mcp-apps/bridge.ts), cut to its tools/call branch. */
const ASSISTANT_UI_BRIDGE = lines(
  'export function createMcpAppBridge(handlers, respond) {',
  '  return async (req) => {',
  '    const params = req.params;',
  '    switch (req.method) {',
  "      case 'tools/call': {",
  '        const callParams = (params ?? {}) as { name?: unknown; arguments?: unknown };',
  '        const callArgs = callParams.arguments as Record<string, unknown> | undefined;',
  '        const result = await handlers.callTool({ name: callParams.name, ...(callArgs !== undefined ? { arguments: callArgs } : {}) });',
  '        respond(req.id, { result });',
  '        return;',
  '      }',
  '    }',
  '  };',
  '}',
);

/** The bridge in JavaScript: `params` is read only guarded (`params ?? {}`). */
const JS_BRIDGE = lines(
  'export function createBridge(handlers, respond) {',
  '  return async (req) => {',
  '    const params = req.params;',
  "    if (req.method === 'tools/call') {",
  '      const call = params ?? {};',
  '      const result = await handlers.callTool({ name: call.name });',
  '      respond(req.id, { result });',
  '    }',
  '  };',
  '}',
);

const valid: ValidTestCase<Options>[] = [
  {
    name: "prompts/get forwarded whole: the caller's params carry its _meta",
    code: "server.setRequestHandler('prompts/get', async (request, ctx) => client.getPrompt(request.params, forwardOptions(ctx)));",
  },
  {
    name: 'resources/read forwarded whole (SDK v1 schema)',
    code: 'server.setRequestHandler(ReadResourceRequestSchema, async (request) => upstream.readResource(request.params));',
  },
  {
    name: "prompts/get forwarded with a spread of the caller's params (1mcp's form)",
    code: lines(
      'server.setRequestHandler(GetPromptRequestSchema, async (request) => {',
      '  const { clientName, resourceName: promptName } = parseUri(request.params.name);',
      '  return outbound.get(clientName).client.getPrompt({ ...request.params, name: promptName }, { timeout: 5000 });',
      '});',
    ),
  },
  {
    name: "completion/complete forwarded with a spread of the caller's params",
    code: lines(
      'server.setRequestHandler(CompleteRequestSchema, async (request) => {',
      '  return upstream.complete({ ...request.params, ref: rename(request.params.ref) });',
      '});',
    ),
  },
  {
    name: "a resource read callback forwards a _meta built from the caller's, without its progress token",
    code: lines(
      V1 + "server.registerResource('readme', 'docs://readme', {}, async (uri, extra) => {",
      '  const { progressToken: _progressToken, ...callerMeta } = extra._meta ?? {};',
      '  return upstream.readResource({ uri: uri.href, _meta: callerMeta });',
      '});',
    ),
  },
  {
    name: "a prompt callback spreads the caller's _meta into its own",
    code: lines(
      V1 + "server.registerPrompt('review', { argsSchema: {} }, async (args, extra) =>",
      "  upstream.getPrompt({ name: 'review', arguments: args, _meta: { ...extra._meta, 'acme.dev/hop': 1 } }),",
      ');',
    ),
  },
  {
    name: "a read callback that does not take the context never received the caller's _meta (tambo's resources)",
    code: lines(
      V1 + 'server.registerResource(resource.name, resourceUri, metadata, async (uri) => {',
      '  const readResponse = await client.client.readResource({ uri: uri.toString() });',
      '  return readResponse;',
      '});',
    ),
  },
  {
    name: "a resource template's second parameter is its variables, not the context",
    code: lines(
      V1 + "server.registerResource('file', new ResourceTemplate('file://{path}', { list: undefined }), {}, async (uri, variables) =>",
      '  upstream.readResource({ uri: `file://${variables.path}` }),',
      ');',
    ),
  },
  {
    name: 'a tool callback that gets a prompt upstream answers a tools/call, not the prompts/get it sends',
    code: lines(
      V1 + "server.registerTool('summarize', { inputSchema: {} }, async (args, extra) => {",
      "  const prompt = await upstream.getPrompt({ name: 'summary', arguments: { text: String(args) } });",
      '  extra.signal.throwIfAborted();',
      '  return { content: [{ type: "text", text: JSON.stringify(prompt.messages) }] };',
      '});',
    ),
  },
  {
    name: 'a prompts/get handler that calls a tool upstream sends a request of its own, not the tools/call it answers',
    code: lines(
      'server.setRequestHandler(GetPromptRequestSchema, async (request) => {',
      "  const rendered = await upstream.callTool({ name: 'render', arguments: request.params.arguments });",
      "  return { messages: [{ role: 'user', content: { type: 'text', text: JSON.stringify(rendered.structuredContent) } }] };",
      '});',
    ),
  },
  {
    name: "a dispatcher's LLM client complete() is no completion forwarded: complete counts only in a completion/complete handler",
    code: lines(
      'export async function handleRequest(request: JsonRpcRequest) {',
      '  switch (request.method) {',
      "    case 'tools/call':",
      '      return upstream.callTool(request.params);',
      "    case 'sampling/createMessage':",
      '      return llm.complete({ model: modelName, messages: request.params.messages });',
      '  }',
      '}',
    ),
  },
  {
    name: "a list call is the gateway's own request (an aggregate of many upstreams, its own pages): not followed",
    code: lines(
      'server.setRequestHandler(ListPromptsRequestSchema, async (request) => {',
      '  const upstream = await client.listPrompts({ cursor: request.params?.cursor });',
      '  return { prompts: upstream.prompts, nextCursor: upstream.nextCursor };',
      '});',
    ),
  },
  {
    name: 'a client calling getPrompt for its own UI handles no caller request',
    code: lines(
      'export async function loadPrompt(name: string, args: Record<string, string>) {',
      '  return mcpServer.client.getPrompt({ name, arguments: args });',
      '}',
    ),
  },
  {
    // apify-mcp-server (src/mcp/legacy_server.ts): the server's own prompts, answered by its own service.
    name: "a server's own prompt service given the prompt's name first forwards nothing",
    code: lines(
      'server.setRequestHandler(GetPromptRequestSchema, async (request) => {',
      '  return promptService.getPrompt(request.params.name, request.params.arguments);',
      '});',
    ),
  },
  {
    // QuantGeekDev/mcp-framework (src/core/MCPServer.ts): the completion of the server's own prompt.
    name: "a server's own prompt completing an argument's value forwards nothing",
    code: lines(
      'server.setRequestHandler(CompleteRequestSchema, async (request) => {',
      '  const { ref, argument } = request.params;',
      '  const prompt = promptsMap.get(ref.name);',
      '  return { completion: await prompt.complete(argument.name, argument.value) };',
      '});',
    ),
  },
  {
    // agentfront/frontmcp (subscribe-request.handler.ts): the server's own subscription registry.
    name: "a server's own subscription registry given the session first forwards nothing",
    code: lines(
      "server.setRequestHandler('resources/subscribe', async (request, ctx) => {",
      '  const isNew = scope.notifications.subscribeResource(ctx.sessionId, request.params.uri);',
      '  return {};',
      '});',
    ),
  },
  {
    name: "a positional wrapper given the caller's _meta",
    code: lines(
      'server.setRequestHandler(GetPromptRequestSchema, async (request) => {',
      '  const { name, arguments: args, _meta } = request.params;',
      '  return proxyService.getPrompt(serverOf(name), name, args, _meta);',
      '});',
    ),
  },
  {
    name: "a forwarded call whose conditional spread gives the caller's _meta is not judged",
    code: lines(
      'export function bridge(handlers, respond) {',
      '  return async (req) => {',
      '    switch (req.method) {',
      "      case 'tools/call': {",
      '        const callMeta = req.params._meta;',
      '        const result = await handlers.callTool({ name: req.params.name, ...(callMeta ? { _meta: callMeta } : {}) });',
      '        respond(req.id, { result });',
      '        return;',
      '      }',
      '    }',
      '  };',
      '}',
    ),
  },
];

const invalid: InvalidTestCase<MessageIds, Options>[] = [
  {
    // assistant-ui/assistant-ui 1263c1fb8 packages/react/src/mcp-apps/bridge.ts:224, an MCP Apps host's bridge: the
    // widget's tools/call is handed on with its arguments spread in only when given; the spread names its keys, none
    // of them `_meta`, so the caller's `_meta` is dropped as much as by its resources/read (reported before).
    name: "a host bridge's tools/call forwarded with a conditional spread of the arguments drops the caller's _meta",
    code: ASSISTANT_UI_BRIDGE,
    errors: [
      {
        messageId: 'droppedCallerMeta',
        data: { label: 'handlers.callTool(…)', callerMeta: 'req.params._meta' },
        line: 8,
        column: 30,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output: ASSISTANT_UI_BRIDGE.replace(
              '        const result = await handlers.callTool({ name:',
              '        const callerMeta = { ...(req.params as { _meta?: Record<string, unknown> } | undefined)?._meta };\n        delete callerMeta.progressToken;\n        const result = await handlers.callTool({ _meta: callerMeta, name:',
            ),
          },
        ],
      },
    ],
  },
  {
    name: "hughescr's prompts/get: proxyService.getPrompt(serverName, name, args) drops the caller's _meta",
    code: HUGHESCR_PROMPTS,
    errors: [
      {
        messageId: 'positionalCallerMeta',
        data: { label: 'proxyService.getPrompt(…)', callerMeta: 'request.params._meta' },
        line: 6,
        column: 28,
        suggestions: [],
      },
    ],
  },
  {
    name: "hughescr's resources/read: proxyService.readResource(serverName, uri) drops the caller's _meta",
    code: HUGHESCR_RESOURCES,
    errors: [
      {
        messageId: 'positionalCallerMeta',
        data: { label: 'proxyService.readResource(…)', callerMeta: 'request.params._meta' },
        line: 5,
        column: 28,
        suggestions: [],
      },
    ],
  },
  {
    name: "tambo's prompt callback forwards getPrompt({ name, arguments }) without the caller's _meta",
    code: TAMBO_PROMPTS,
    errors: [
      {
        messageId: 'droppedCallerMeta',
        data: { label: 'client.client.getPrompt(…)', callerMeta: 'opts._meta' },
        line: 10,
        column: 38,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output: TAMBO_PROMPTS.replace(
              '        const promptResponse = await client.client.getPrompt({\n          name: prompt.name,',
              '        const callerMeta = { ...opts._meta };\n        delete callerMeta.progressToken;\n        const promptResponse = await client.client.getPrompt({\n          _meta: callerMeta, name: prompt.name,',
            ),
          },
        ],
      },
    ],
  },
  {
    name: "a resource read callback (SDK v2) forwards readResource without ctx.mcpReq._meta: inline in an arrow's body",
    code: lines(
      V2 +
        "server.registerResource('readme', 'docs://readme', {}, async (uri, ctx) => upstream.readResource({ uri: uri.href }, { signal: ctx.mcpReq.signal }));",
    ),
    errors: [
      {
        messageId: 'droppedCallerMeta',
        data: { label: 'upstream.readResource(…)', callerMeta: 'ctx.mcpReq._meta' },
        line: 2,
        column: 76,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output: lines(
              V2 +
                "server.registerResource('readme', 'docs://readme', {}, async (uri, ctx) => { const callerMeta = { ...ctx.mcpReq._meta }; delete callerMeta.progressToken; return upstream.readResource({ _meta: callerMeta, uri: uri.href }, { signal: ctx.mcpReq.signal }); });",
            ),
          },
        ],
      },
    ],
  },
  {
    name: "a resource template's read callback takes the context third",
    code: lines(
      V1 + "server.resource('file', new ResourceTemplate('file://{path}', { list: undefined }), async (uri, variables, extra) => {",
      '  return upstream.readResource({ uri: `file://${variables.path}` });',
      '});',
    ),
    errors: [
      {
        messageId: 'droppedCallerMeta',
        data: { label: 'upstream.readResource(…)', callerMeta: 'extra._meta' },
        line: 3,
        column: 10,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output: lines(
              V1 + "server.resource('file', new ResourceTemplate('file://{path}', { list: undefined }), async (uri, variables, extra) => {",
              '  const callerMeta = { ...extra._meta };',
              '  delete callerMeta.progressToken;',
              '  return upstream.readResource({ _meta: callerMeta, uri: `file://${variables.path}` });',
              '});',
            ),
          },
        ],
      },
    ],
  },
  {
    name: "prompts/get sent as request({ method }) from its handler, without the caller's _meta",
    code: lines(
      'server.setRequestHandler(GetPromptRequestSchema, async (request) => {',
      "  return upstream.request({ method: 'prompts/get', params: { name: request.params.name, arguments: request.params.arguments } }, GetPromptResultSchema);",
      '});',
    ),
    errors: [
      {
        messageId: 'droppedCallerMeta',
        data: { label: 'upstream.request(…)', callerMeta: 'request.params._meta' },
        line: 2,
        column: 10,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output: lines(
              'server.setRequestHandler(GetPromptRequestSchema, async (request) => {',
              '  const callerMeta = { ...request.params._meta };',
              '  delete callerMeta.progressToken;',
              "  return upstream.request({ method: 'prompts/get', params: { _meta: callerMeta, name: request.params.name, arguments: request.params.arguments } }, GetPromptResultSchema);",
              '});',
            ),
          },
        ],
      },
    ],
  },
  {
    name: "a prompt's _meta picked from the caller's progress token only",
    code: lines(
      'server.setRequestHandler(GetPromptRequestSchema, async (request) => {',
      '  return upstream.getPrompt({ name: request.params.name, _meta: { progressToken: request.params._meta?.progressToken } });',
      '});',
    ),
    errors: [
      {
        messageId: 'pickedCallerMeta',
        data: { label: 'upstream.getPrompt(…)', callerMeta: 'request.params._meta', keys: '`progressToken`' },
        line: 2,
        column: 58,
        suggestions: [
          {
            messageId: 'suggestSpreadCallerMeta',
            output: lines(
              'server.setRequestHandler(GetPromptRequestSchema, async (request) => {',
              '  return upstream.getPrompt({ name: request.params.name, _meta: { ...request.params._meta, progressToken: request.params._meta?.progressToken } });',
              '});',
            ),
          },
        ],
      },
    ],
  },
  {
    name: "a resources/read handler sends a progress token of its own and none of the caller's keys",
    code: lines(
      'server.setRequestHandler(ReadResourceRequestSchema, async (request) => {',
      '  const upstreamToken = nextToken();',
      '  return upstream.readResource({ uri: request.params.uri, _meta: { progressToken: upstreamToken } });',
      '});',
    ),
    errors: [
      {
        messageId: 'ownTokenCallerMeta',
        data: { label: 'upstream.readResource(…)', callerMeta: 'request.params._meta' },
        line: 3,
        column: 59,
        suggestions: [
          {
            messageId: 'suggestSpreadCallerMeta',
            output: lines(
              'server.setRequestHandler(ReadResourceRequestSchema, async (request) => {',
              '  const upstreamToken = nextToken();',
              '  return upstream.readResource({ uri: request.params.uri, _meta: { ...request.params._meta, progressToken: upstreamToken } });',
              '});',
            ),
          },
        ],
      },
    ],
  },
  {
    name: "completion/complete forwarded field by field from its handler (SDK v1 schema), in an arrow's body",
    code: 'server.setRequestHandler(CompleteRequestSchema, async (request) => upstream.complete({ ref: request.params.ref, argument: request.params.argument }));',
    errors: [
      {
        messageId: 'droppedCallerMeta',
        data: { label: 'upstream.complete(…)', callerMeta: 'request.params._meta' },
        line: 1,
        column: 68,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output:
              'server.setRequestHandler(CompleteRequestSchema, async (request) => { const callerMeta = { ...request.params._meta }; delete callerMeta.progressToken; return upstream.complete({ _meta: callerMeta, ref: request.params.ref, argument: request.params.argument }); });',
          },
        ],
      },
    ],
  },
  {
    name: "resources/subscribe forwarded with the URI only (SDK v2's method name), the caller's _meta left behind",
    code: lines(
      "server.setRequestHandler('resources/subscribe', async (request) => {",
      '  await upstream.subscribeResource({ uri: request.params.uri });',
      '  return {};',
      '});',
    ),
    errors: [
      {
        messageId: 'droppedCallerMeta',
        data: { label: 'upstream.subscribeResource(…)', callerMeta: 'request.params._meta' },
        line: 2,
        column: 9,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output: lines(
              "server.setRequestHandler('resources/subscribe', async (request) => {",
              '  const callerMeta = { ...request.params._meta };',
              '  delete callerMeta.progressToken;',
              '  await upstream.subscribeResource({ _meta: callerMeta, uri: request.params.uri });',
              '  return {};',
              '});',
            ),
          },
        ],
      },
    ],
  },
  {
    // The schema may stand for any request: the handler is asked as a function named as handling one.
    name: "a handler registered with a schema of the code base's own forwards getPrompt field by field",
    code: lines(
      'server.setRequestHandler(ProxyGetPromptSchema, async (request) => {',
      '  const { name, arguments: args } = request.params;',
      '  return proxyService.getPrompt(request.params.serverName, name, args);',
      '});',
    ),
    errors: [
      {
        messageId: 'positionalCallerMeta',
        data: { label: 'proxyService.getPrompt(…)', callerMeta: 'request.params._meta' },
        line: 3,
        column: 10,
        suggestions: [],
      },
    ],
  },
  {
    // The bridge's shape in JavaScript: no cast, but `params` may still be absent from a JSON-RPC request.
    name: "a raw request's caller _meta is read guarded in JavaScript",
    filename: UNTYPED_OTHER.replace(/\.ts$/, '.js'),
    code: JS_BRIDGE,
    errors: [
      {
        messageId: 'droppedCallerMeta',
        line: 6,
        column: 28,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output: JS_BRIDGE.replace(
              '      const result = await handlers.callTool({ name:',
              '      const callerMeta = { ...req.params?._meta };\n      delete callerMeta.progressToken;\n      const result = await handlers.callTool({ _meta: callerMeta, name:',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'a hand-written dispatcher forwards prompts/get field by field to a wrapper of its own',
    code: lines(
      'export function handleRpc(request: JsonRpcRequest) {',
      '  switch (request.method) {',
      "    case 'prompts/get':",
      '      return hub.getPrompt(request.params.server, request.params.name, request.params.arguments);',
      '  }',
      '}',
    ),
    errors: [
      {
        messageId: 'positionalCallerMeta',
        data: { label: 'hub.getPrompt(…)', callerMeta: 'request.params._meta' },
        line: 4,
        column: 14,
        suggestions: [],
      },
    ],
  },
];

const ruleTester = createUntypedRuleTester();
ruleTester.run('no-dropped-meta (forwarded requests)', rule, {
  valid: valid.map((test) => ({ filename: UNTYPED_OTHER, ...test })),
  invalid: invalid.map((test) => ({ filename: UNTYPED_OTHER, ...test })),
});
