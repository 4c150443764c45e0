/**
 * no-dropped-meta on handlers composed with middleware before they are registered, as public servers write them:
 * `registerTool(name, config, withAuth(async (args, extra) => …))`, `compose(logging)(handler)` with a `const`
 * handler, `withMcp('search', handler)`, `setRequestHandler(CallToolRequestSchema, withLogging(async (request) => …))`.
 * The handler's rebuilt result and its upstream call without the caller's `_meta` are reported as for a handler
 * registered directly. A handler given to something that is no registration, a transparent `return r`, a deliberate
 * redaction and a model-facing string stay silent. Run without types (the findings are syntactic).
 */
import type { InvalidTestCase, ValidTestCase } from '@typescript-eslint/rule-tester';
import rule, { type MessageIds, type Options } from '../../rules/no-dropped-meta';
import { createUntypedRuleTester, UNTYPED_OTHER } from './typed-rule-tester';

const V1 = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n";
const lines = (...text: string[]): string => text.join('\n');
const UPSTREAM_META =
  "  const upstreamMeta: Record<string, unknown> = { ...r._meta };\n  delete upstreamMeta['io.modelcontextprotocol/serverInfo'];";

const valid: ValidTestCase<Options>[] = [
  {
    name: 'a handler const given to something that is no registration',
    code: lines(
      V1 + 'const handler = async (args, extra) => {',
      "  const r = await upstream.callTool({ name: 'a', arguments: args, _meta: extra._meta });",
      '  return { content: r.content };',
      '};',
      'schedule(withRetry(handler));',
    ),
  },
  {
    name: 'a composed handler that returns the upstream result whole',
    code: lines(
      V1 + "server.registerTool('a', {}, withAuth(async (args, extra) => {",
      "  const r = await upstream.callTool({ name: 'a', arguments: args, _meta: extra._meta });",
      '  return r;',
      '}));',
    ),
  },
  {
    name: 'a composed handler that redacts the upstream _meta on purpose',
    code: lines(
      V1 + "server.registerTool('a', {}, withAuth(async (args, extra) => {",
      "  const r = await upstream.callTool({ name: 'a', arguments: args, _meta: extra._meta });",
      "  const { 'com.example/secret': _secret, ...kept } = r._meta ?? {};",
      '  audit(kept);',
      '  return { content: r.content };',
      '}));',
    ),
  },
  {
    name: 'a composed handler that puts the result in a model-facing string',
    code: lines(
      V1 + "server.registerTool('a', {}, withAuth(async (args, extra) => {",
      "  const r = await upstream.callTool({ name: 'a', arguments: args, _meta: extra._meta });",
      "  return { content: [{ type: 'text', text: JSON.stringify(r.content) }] };",
      '}));',
    ),
  },
  {
    name: 'a composed handler that forwards the caller _meta',
    code: lines(
      V1 + "server.registerTool('a', { inputSchema: {} }, withAuth(async (args, extra) =>",
      "  upstream.callTool({ name: 'a', arguments: args, _meta: extra._meta })));",
    ),
  },
];

/**
 * A handler registered through `const register = server.registerTool.bind(server)`, wrapped in `open … close` (a
 * middleware call, or nothing): its rebuilt upstream result is reported as for `server.registerTool` itself.
 */
function givenToAlias(name: string, open: string, close: string): InvalidTestCase<MessageIds, Options> {
  const code = (...body: string[]) =>
    lines(
      V1 + 'const register = server.registerTool.bind(server);',
      `register('search', {}, ${open}async (args, extra) => {`,
      "  const r = await upstream.callTool({ name: 'search', arguments: args, _meta: extra._meta });",
      ...body,
      `}${close});`,
    );
  return {
    name,
    code: code('  return { content: r.content, isError: r.isError };'),
    errors: [
      {
        messageId: 'droppedMeta',
        line: 5,
        column: 10,
        suggestions: [
          {
            messageId: 'suggestForwardUpstreamMeta',
            output: code(UPSTREAM_META, '  return { ...(r._meta && { _meta: upstreamMeta }), content: r.content, isError: r.isError };'),
          },
        ],
      },
    ],
  };
}

const invalid: InvalidTestCase<MessageIds, Options>[] = [
  {
    name: 'withAuth(async (args, extra) => …): the rebuilt upstream result',
    code: lines(
      V1 + "server.registerTool('search', {}, withAuth(async (args, extra) => {",
      "  const r = await upstream.callTool({ name: 'search', arguments: args, _meta: extra._meta });",
      '  return { content: r.content, isError: r.isError };',
      '}));',
    ),
    errors: [
      {
        messageId: 'droppedMeta',
        line: 4,
        column: 10,
        suggestions: [
          {
            messageId: 'suggestForwardUpstreamMeta',
            output: lines(
              V1 + "server.registerTool('search', {}, withAuth(async (args, extra) => {",
              "  const r = await upstream.callTool({ name: 'search', arguments: args, _meta: extra._meta });",
              UPSTREAM_META,
              '  return { ...(r._meta && { _meta: upstreamMeta }), content: r.content, isError: r.isError };',
              '}));',
            ),
          },
        ],
      },
    ],
  },
  givenToAlias('a handler given to a bound alias of registerTool itself: the rebuilt upstream result', '', ''),
  givenToAlias('a composed handler given to a bound alias of registerTool: the rebuilt upstream result', 'withAuth(', ')'),
  {
    name: 'compose(logging)(handler) with a const handler',
    code: lines(
      V1 + 'const handler = async (args, extra) => {',
      "  const r = await upstream.callTool({ name: 'a', arguments: args, _meta: extra._meta });",
      '  return { content: r.content };',
      '};',
      "server.registerTool('a', {}, compose(logging, metrics)(handler));",
    ),
    errors: [
      {
        messageId: 'droppedMeta',
        line: 4,
        column: 10,
        suggestions: [
          {
            messageId: 'suggestForwardUpstreamMeta',
            output: lines(
              V1 + 'const handler = async (args, extra) => {',
              "  const r = await upstream.callTool({ name: 'a', arguments: args, _meta: extra._meta });",
              UPSTREAM_META,
              '  return { ...(r._meta && { _meta: upstreamMeta }), content: r.content };',
              '};',
              "server.registerTool('a', {}, compose(logging, metrics)(handler));",
            ),
          },
        ],
      },
    ],
  },
  {
    name: "withMcp('search', handler): the upstream call without the caller _meta",
    code: lines(
      V1 + 'const search = async (args, extra) => {',
      "  const r = await upstream.callTool({ name: 'search', arguments: args });",
      '  return r;',
      '};',
      "server.registerTool('search', { inputSchema: {} }, withMcp('search', search));",
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
              V1 + 'const search = async (args, extra) => {',
              '  const callerMeta = { ...extra._meta };',
              '  delete callerMeta.progressToken;',
              "  const r = await upstream.callTool({ _meta: callerMeta, name: 'search', arguments: args });",
              '  return r;',
              '};',
              "server.registerTool('search', { inputSchema: {} }, withMcp('search', search));",
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'setRequestHandler(CallToolRequestSchema, withLogging(async (request) => …)): the request params _meta',
    code: lines(
      'server.setRequestHandler(CallToolRequestSchema, withLogging(async (request) => {',
      '  return upstream.callTool({ name: request.params.name, arguments: request.params.arguments });',
      '}));',
    ),
    errors: [
      {
        messageId: 'droppedCallerMeta',
        data: { label: 'upstream.callTool(…)', callerMeta: 'request.params._meta' },
        line: 2,
        suggestions: [
          {
            messageId: 'suggestForwardCallerMeta',
            output: lines(
              'server.setRequestHandler(CallToolRequestSchema, withLogging(async (request) => {',
              '  const callerMeta = { ...request.params._meta };',
              '  delete callerMeta.progressToken;',
              '  return upstream.callTool({ _meta: callerMeta, name: request.params.name, arguments: request.params.arguments });',
              '}));',
            ),
          },
        ],
      },
    ],
  },
];

const at = <T extends { filename?: string }>(tests: T[]): T[] => tests.map((test) => ({ filename: UNTYPED_OTHER, ...test }));

createUntypedRuleTester().run('no-dropped-meta, handlers composed with middleware', rule, { valid: at(valid), invalid: at(invalid) });
