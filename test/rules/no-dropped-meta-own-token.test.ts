/**
 * no-dropped-meta on a call forwarded upstream whose `_meta` holds only a progress token of the proxy's own
 * (`_meta: { progressToken: upstreamToken }`): a progress token is per hop, so issuing a fresh one is right, but the
 * literal leaves out every other key of the caller's request `_meta` (trace context, client keys). himorishige's
 * hatago-mcp-hub forwards `tools/call` so (`packages/hub/src/rpc/handlers.ts`, `handleToolsCall`): a function of its
 * JSON-RPC dispatch table that reads the caller's token from its `params` parameter
 * (`(params as { _meta?: … })?._meta?.progressToken`) and calls upstream with a token of its own. Reported as
 * `ownTokenCallerMeta`; the suggestion spreads the caller's `_meta` without its `progressToken` in first. Run without
 * types (the finding is syntactic).
 */
import type { InvalidTestCase, ValidTestCase } from '@typescript-eslint/rule-tester';
import rule, { type MessageIds, type Options } from '../../rules/no-dropped-meta';
import { createUntypedRuleTester, UNTYPED_OTHER } from './typed-rule-tester';

const lines = (...text: string[]): string => text.join('\n');
const CAST = '(params as { _meta?: { progressToken?: string | number } })?._meta';
const HUB_HEAD = [
  'export async function handleToolsCall(hub: Hub, params: Record<string, unknown> | undefined) {',
  `  const progressToken = ${CAST}?.progressToken;`,
  "  const client = hub.clients.get('a');",
  '  const upstreamToken = `upstream-${Date.now()}`;',
];

const valid: ValidTestCase<Options>[] = [
  {
    name: "the caller's _meta spread in before the hop's own token",
    code: lines(
      ...HUB_HEAD,
      `  const { progressToken: _token, ...callerMeta } = ${CAST} ?? {};`,
      "  return client.callTool({ name: 'x', _meta: { ...callerMeta, progressToken: upstreamToken } }, undefined, { onprogress: relay(progressToken) });",
      '}',
    ),
  },
  {
    name: "a parameter whose _meta is read for another key is no caller's request",
    code: lines(
      'export async function probe(tool: { name: string; _meta?: { ui?: unknown } }, token: string) {',
      '  if (!tool._meta?.ui) return null;',
      '  return client.callTool({ name: tool.name, _meta: { progressToken: token } });',
      '}',
    ),
  },
  {
    name: 'a function given no request at all: the token is the only _meta there is',
    code: lines(
      'export async function run(client: Client, name: string) {',
      '  const token = `run-${Date.now()}`;',
      '  return client.callTool({ name, _meta: { progressToken: token } });',
      '}',
    ),
  },
  {
    name: "a tool callback that filters the caller's _meta visibly",
    code: lines(
      "server.registerTool('search', {}, async (args, extra) => {",
      '  const { secret: _secret, ...kept } = extra._meta ?? {};',
      "  return upstream.callTool({ name: 'search', arguments: args, _meta: { progressToken: nextToken() } });",
      '});',
    ),
  },
];

const invalid: InvalidTestCase<MessageIds, Options>[] = [
  {
    name: "hatago's dispatch function: the caller's token read off params, a token of the hub's own sent upstream",
    code: lines(
      ...HUB_HEAD,
      "  return client.callTool({ name: 'x', arguments: (params as { arguments?: Record<string, unknown> })?.arguments, _meta: { progressToken: upstreamToken } }, undefined, { onprogress: relay(progressToken) });",
      '}',
    ),
    errors: [
      {
        messageId: 'ownTokenCallerMeta',
        data: { label: 'client.callTool(…)', callerMeta: CAST },
        line: 5,
        column: 114,
        suggestions: [
          {
            messageId: 'suggestSpreadCallerMeta',
            output: lines(
              ...HUB_HEAD,
              `  return client.callTool({ name: 'x', arguments: (params as { arguments?: Record<string, unknown> })?.arguments, _meta: { ...${CAST}, progressToken: upstreamToken } }, undefined, { onprogress: relay(progressToken) });`,
              '}',
            ),
          },
        ],
      },
    ],
  },
  {
    name: "a tool callback sends a token of its own in place of the caller's _meta",
    code: lines(
      "server.registerTool('search', {}, async (args, extra) => {",
      "  return upstream.callTool({ name: 'search', arguments: args, _meta: { progressToken: nextToken() } });",
      '});',
    ),
    errors: [
      {
        messageId: 'ownTokenCallerMeta',
        data: { label: 'upstream.callTool(…)', callerMeta: 'extra._meta' },
        line: 2,
        column: 63,
        suggestions: [
          {
            messageId: 'suggestSpreadCallerMeta',
            output: lines(
              "server.registerTool('search', {}, async (args, extra) => {",
              "  return upstream.callTool({ name: 'search', arguments: args, _meta: { ...extra._meta, progressToken: nextToken() } });",
              '});',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'in an arrow expression body the caller _meta is spread in place too',
    code: lines(
      'export const forward = (client: Client, params: { name: string; _meta?: { progressToken?: string } }) =>',
      '  params._meta?.progressToken ? client.callTool({ name: params.name, _meta: { progressToken: hop() } }) : null;',
    ),
    errors: [
      {
        messageId: 'ownTokenCallerMeta',
        data: { label: 'client.callTool(…)', callerMeta: 'params._meta' },
        line: 2,
        column: 70,
        suggestions: [
          {
            messageId: 'suggestSpreadCallerMeta',
            output: lines(
              'export const forward = (client: Client, params: { name: string; _meta?: { progressToken?: string } }) =>',
              '  params._meta?.progressToken ? client.callTool({ name: params.name, _meta: { ...params._meta, progressToken: hop() } }) : null;',
            ),
          },
        ],
      },
    ],
  },
];

const at = <T extends { filename?: string }>(tests: T[]): T[] => tests.map((test) => ({ filename: UNTYPED_OTHER, ...test }));

createUntypedRuleTester().run("no-dropped-meta, a hop's own progress token in place of the caller's _meta", rule, {
  valid: at(valid),
  invalid: at(invalid),
});
