/**
 * no-dropped-meta on a received result rebuilt field by field with a new `_meta` object written in place
 * (`{ content: result.content, _meta: { 'x402/payment-response': settled } }`): the new object replaces the source's
 * `_meta`, so every key the handler or upstream attached is lost, as when the literal has no `_meta` at all. The
 * payment wrapper of coinbase/x402's `@x402/mcp` (`paymentWrapper.ts` at `dea5c27f^`) is the first case: it also
 * returns the handler's result whole on the error path and hands it to a hook, which do not put its keys in the
 * rebuilt result. A `_meta` that spreads anything, a read of the source's `_meta`, or a value built elsewhere stays the
 * author's decision. Every case runs without types and with a TypeScript program, with the same findings.
 */
import type { InvalidTestCase, ValidTestCase } from '@typescript-eslint/rule-tester';
import rule, { type MessageIds, type Options } from '../../rules/no-dropped-meta';
import { createTypedRuleTester, createUntypedRuleTester, TYPED_OTHER, UNTYPED_OTHER } from './typed-rule-tester';

const lines = (...text: string[]): string => text.join('\n');
const WRAPPER_HEAD = [
  'type ToolResult = { content: unknown[]; isError?: boolean; _meta?: Record<string, unknown> };',
  'declare function settle(): Promise<{ success: boolean }>;',
  'declare function onAfterExecution(context: { args: unknown; result: ToolResult }): Promise<void>;',
  'export function withPayment(handler: (args: unknown) => Promise<ToolResult>) {',
  '  return async (args: unknown) => {',
  '    const result = await handler(args);',
];
const WRAPPER_TAIL = ['  };', '}'];

const valid: ValidTestCase<Options>[] = [
  {
    name: 'the new _meta spreads the source _meta first',
    code: lines(
      ...WRAPPER_HEAD,
      "    return { content: result.content, _meta: { ...result._meta, 'x402/payment-response': await settle() } };",
      ...WRAPPER_TAIL,
    ),
  },
  {
    name: 'the new _meta is a value built elsewhere: the author decided',
    code: lines(
      ...WRAPPER_HEAD,
      '    const meta = { paid: true };',
      '    return { content: result.content, _meta: meta };',
      ...WRAPPER_TAIL,
    ),
  },
  {
    name: 'the function reads the source _meta',
    code: lines(
      ...WRAPPER_HEAD,
      "    return { content: result.content, _meta: { trace: result._meta?.trace, 'x402/payment-response': 1 } };",
      ...WRAPPER_TAIL,
    ),
  },
  {
    name: 'a message of an agent adapter whose _meta slot the literal fills itself',
    code: lines(
      "import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
      "interface ToolMessage { role: 'tool'; content: unknown; _meta?: Record<string, unknown> }",
      'export function toToolMessage(result: CallToolResult): ToolMessage {',
      "  return { role: 'tool', content: result.content, _meta: { source: 'mcp' } };",
      '}',
    ),
  },
];

const invalid: InvalidTestCase<MessageIds, Options>[] = [
  {
    // x402's wrapper before dea5c27f: the error result goes back whole, the paid one is rebuilt around a new `_meta`.
    name: "the handler's result returned whole on the error path and handed to a hook does not put its keys in the rebuilt one",
    code: lines(
      ...WRAPPER_HEAD,
      '    await onAfterExecution({ args, result });',
      '    if (result.isError) return result;',
      "    return { content: result.content, isError: result.isError, _meta: { 'x402/payment-response': await settle() } };",
      ...WRAPPER_TAIL,
    ),
    errors: [
      {
        messageId: 'replacedMeta',
        line: 9,
        column: 12,
        suggestions: [
          {
            messageId: 'suggestForwardMeta',
            output: lines(
              ...WRAPPER_HEAD,
              '    await onAfterExecution({ args, result });',
              '    if (result.isError) return result;',
              "    return { content: result.content, isError: result.isError, _meta: { ...result._meta, 'x402/payment-response': await settle() } };",
              ...WRAPPER_TAIL,
            ),
          },
        ],
      },
    ],
  },
  {
    name: "a payment wrapper rebuilds the handler's result with its own new _meta",
    code: lines(
      ...WRAPPER_HEAD,
      "    return { content: result.content, isError: result.isError, _meta: { 'x402/payment-response': await settle() } };",
      ...WRAPPER_TAIL,
    ),
    errors: [
      {
        messageId: 'replacedMeta',
        data: {
          sink: 'The result this wrapper returns',
          source: 'handler(…)',
          line: '6',
          fields: '`content`, `isError`',
          origin: 'the wrapped handler',
          carry: 'Spread it first: `_meta: { ...result._meta, … }`',
        },
        line: 7,
        column: 12,
        endLine: 7,
        endColumn: 116,
        suggestions: [
          {
            messageId: 'suggestForwardMeta',
            data: { meta: 'result._meta' },
            output: lines(
              ...WRAPPER_HEAD,
              "    return { content: result.content, isError: result.isError, _meta: { ...result._meta, 'x402/payment-response': await settle() } };",
              ...WRAPPER_TAIL,
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'an empty new _meta replaces the source _meta too',
    code: lines(...WRAPPER_HEAD, '    return { content: result.content, isError: result.isError, _meta: {} };', ...WRAPPER_TAIL),
    errors: [
      {
        messageId: 'replacedMeta',
        line: 7,
        column: 12,
        suggestions: [
          {
            messageId: 'suggestForwardMeta',
            output: lines(
              ...WRAPPER_HEAD,
              '    return { content: result.content, isError: result.isError, _meta: { ...result._meta } };',
              ...WRAPPER_TAIL,
            ),
          },
        ],
      },
    ],
  },
  {
    name: "a gateway rebuilds the upstream result with its own new _meta: the suggestion leaves out the upstream's identity",
    code: lines(
      "server.registerTool('search', { inputSchema: {} }, async (args) => {",
      "  const r = await upstream.callTool({ name: 'search', arguments: args });",
      "  return { content: r.content, _meta: { 'acme.dev/gateway': { hop: 1 } } };",
      '});',
    ),
    errors: [
      {
        messageId: 'replacedMeta',
        data: {
          sink: 'The tool result returned here',
          source: 'upstream.callTool(…)',
          line: '2',
          fields: '`content`',
          origin: 'the upstream server',
          carry:
            "Spread it first without the upstream's `io.modelcontextprotocol/serverInfo`: `_meta: { ...upstreamMeta, … }`, where `const upstreamMeta = { ...r._meta }; delete upstreamMeta[SERVER_INFO_META_KEY];`",
        },
        line: 3,
        column: 10,
        suggestions: [
          {
            messageId: 'suggestForwardUpstreamMeta',
            output: lines(
              "server.registerTool('search', { inputSchema: {} }, async (args) => {",
              "  const r = await upstream.callTool({ name: 'search', arguments: args });",
              '  const upstreamMeta: Record<string, unknown> = { ...r._meta };',
              "  delete upstreamMeta['io.modelcontextprotocol/serverInfo'];",
              "  return { content: r.content, _meta: { ...upstreamMeta, 'acme.dev/gateway': { hop: 1 } } };",
              '});',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'a destructured upstream result rebuilt with a new _meta: _meta is destructured too',
    code: lines(
      "server.registerTool('search', { inputSchema: {} }, async (args) => {",
      "  const { content, isError } = await upstream.callTool({ name: 'search', arguments: args });",
      "  return { content, isError, _meta: { 'acme.dev/hop': 1 } };",
      '});',
    ),
    errors: [
      {
        messageId: 'replacedMeta',
        line: 3,
        column: 10,
        suggestions: [
          {
            messageId: 'suggestForwardUpstreamMeta',
            output: lines(
              "server.registerTool('search', { inputSchema: {} }, async (args) => {",
              "  const { content, isError, _meta } = await upstream.callTool({ name: 'search', arguments: args });",
              '  const upstreamMeta: Record<string, unknown> = { ..._meta };',
              "  delete upstreamMeta['io.modelcontextprotocol/serverInfo'];",
              "  return { content, isError, _meta: { ...upstreamMeta, 'acme.dev/hop': 1 } };",
              '});',
            ),
          },
        ],
      },
    ],
  },
];

const at = <T extends { filename?: string }>(filename: string, tests: T[]): T[] => tests.map((test) => ({ filename, ...test }));

createUntypedRuleTester().run('no-dropped-meta, a new _meta in place (without types)', rule, {
  valid: at(UNTYPED_OTHER, valid),
  invalid: at(UNTYPED_OTHER, invalid),
});

createTypedRuleTester().run('no-dropped-meta, a new _meta in place (with types)', rule, {
  valid: at(TYPED_OTHER, valid),
  invalid: at(TYPED_OTHER, invalid),
});
