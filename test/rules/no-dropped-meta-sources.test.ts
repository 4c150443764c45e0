/**
 * no-dropped-meta follows more sources (issue 36 §1): `client.request({ method: 'tools/call', … })` in SDK v1 and v2,
 * a `let` assigned upstream results in branches, a function of the module whose every return is an upstream call,
 * and a parameter that receives an upstream result at every call site in the module (the rebuild is reported inside
 * the function, when a tool callback returns its value). The negatives stay silent: a call site that passes
 * something else, a local function that may return something else, a deliberate redaction, a model-facing string, a
 * transparent `return r`, a result nested whole inside another. Every case runs without and with types.
 */
import type { InvalidTestCase, ValidTestCase } from '@typescript-eslint/rule-tester';
import rule, { type MessageIds, type Options } from '../../rules/no-dropped-meta';
import { createTypedRuleTester, createUntypedRuleTester, TYPED_OTHER, UNTYPED_OTHER } from './typed-rule-tester';

const lines = (...parts: string[]): string => parts.join('\n');

const valid: ValidTestCase<Options>[] = [
  {
    name: 'a function one of whose call sites passes something that is not an upstream result',
    code: lines(
      'function normalize(r) {',
      '  return { content: r.content, isError: r.isError };',
      '}',
      "server.registerTool('a', {}, async (args) => normalize(await upstream.callTool({ name: 'a', arguments: args })));",
      "server.registerTool('b', {}, async () => normalize({ content: [], isError: false }));",
    ),
  },
  {
    name: 'a local function that may return a cached value, not an upstream result',
    code: lines(
      'async function fetchResult(name) {',
      '  if (cache.has(name)) return cache.get(name);',
      '  return upstream.callTool({ name });',
      '}',
      "server.registerTool('a', {}, async () => {",
      "  const r = await fetchResult('a');",
      '  return { content: r.content };',
      '});',
    ),
  },
  {
    name: 'a deliberate redaction reads the upstream _meta',
    code: lines(
      "server.registerTool('a', {}, async () => {",
      "  const r = await upstream.request({ method: 'tools/call', params: { name: 'a' } }, CallToolResultSchema);",
      "  const { 'com.example/secret': _secret, ...kept } = r._meta ?? {};",
      '  audit(kept);',
      '  return { content: r.content };',
      '});',
    ),
  },
  {
    name: 'a model-facing string',
    code: lines(
      "server.registerTool('a', {}, async () => {",
      "  const r = await upstream.request({ method: 'tools/call', params: { name: 'a' } }, CallToolResultSchema);",
      "  return { content: [{ type: 'text', text: JSON.stringify(r.content) }] };",
      '});',
    ),
  },
  {
    name: 'a transparent return of a let assigned in a try',
    code: lines(
      "server.registerTool('a', {}, async () => {",
      '  let r;',
      '  try {',
      "    r = await upstream.callTool({ name: 'a' });",
      '  } catch (error) {',
      "    return { content: [{ type: 'text', text: String(error) }], isError: true };",
      '  }',
      '  return r;',
      '});',
    ),
  },
  {
    name: 'a result nested whole inside another result',
    code: lines(
      "server.registerTool('a', {}, async () => {",
      "  const r = await upstream.callTool({ name: 'a' });",
      '  return { content: r.content, structuredContent: { upstream: r } };',
      '});',
    ),
  },
  {
    name: 'a request that is not tools/call',
    code: lines(
      "server.registerTool('a', {}, async () => {",
      "  const r = await upstream.request({ method: 'prompts/get', params: { name: 'a' } }, GetPromptResultSchema);",
      '  return { content: r.content };',
      '});',
    ),
  },
];

const invalid: InvalidTestCase<MessageIds, Options>[] = [
  {
    name: "SDK v1: client.request({ method: 'tools/call' }, CallToolResultSchema)",
    code: lines(
      'server.setRequestHandler(CallToolRequestSchema, async (request) => {',
      "  const r = await client.request({ method: 'tools/call', params: request.params }, CallToolResultSchema);",
      '  return { content: r.content, isError: r.isError };',
      '});',
    ),
    errors: [
      {
        messageId: 'droppedMeta',
        line: 3,
        column: 10,
        suggestions: [
          {
            messageId: 'suggestForwardUpstreamMeta',
            output: lines(
              'server.setRequestHandler(CallToolRequestSchema, async (request) => {',
              "  const r = await client.request({ method: 'tools/call', params: request.params }, CallToolResultSchema);",
              '  const upstreamMeta: Record<string, unknown> = { ...r._meta };',
              "  delete upstreamMeta['io.modelcontextprotocol/serverInfo'];",
              '  return { ...(r._meta && { _meta: upstreamMeta }), content: r.content, isError: r.isError };',
              '});',
            ),
          },
        ],
      },
    ],
  },
  {
    name: "SDK v2: client.request({ method: 'tools/call' }) without a schema",
    code: lines(
      "server.registerTool('search', {}, async (args) => {",
      "  const r = await client.request({ method: 'tools/call', params: { name: 'search', arguments: args } });",
      '  return { content: r.content, structuredContent: r.structuredContent };',
      '});',
    ),
    errors: [
      {
        messageId: 'droppedMeta',
        line: 3,
        column: 10,
        suggestions: [
          {
            messageId: 'suggestForwardUpstreamMeta',
            output: lines(
              "server.registerTool('search', {}, async (args) => {",
              "  const r = await client.request({ method: 'tools/call', params: { name: 'search', arguments: args } });",
              '  const upstreamMeta: Record<string, unknown> = { ...r._meta };',
              "  delete upstreamMeta['io.modelcontextprotocol/serverInfo'];",
              '  return { ...(r._meta && { _meta: upstreamMeta }), content: r.content, structuredContent: r.structuredContent };',
              '});',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'a let assigned an upstream result in each branch',
    code: lines(
      "server.registerTool('search', {}, async (args) => {",
      '  let r;',
      "  if (args.mirror) r = await mirror.callTool({ name: 'search', arguments: args });",
      "  else r = await primary.callTool({ name: 'search', arguments: args });",
      '  return { content: r.content, isError: r.isError };',
      '});',
    ),
    errors: [
      {
        messageId: 'droppedMeta',
        line: 5,
        column: 10,
        suggestions: [
          {
            messageId: 'suggestForwardUpstreamMeta',
            output: lines(
              "server.registerTool('search', {}, async (args) => {",
              '  let r;',
              "  if (args.mirror) r = await mirror.callTool({ name: 'search', arguments: args });",
              "  else r = await primary.callTool({ name: 'search', arguments: args });",
              '  const upstreamMeta: Record<string, unknown> = { ...r._meta };',
              "  delete upstreamMeta['io.modelcontextprotocol/serverInfo'];",
              '  return { ...(r._meta && { _meta: upstreamMeta }), content: r.content, isError: r.isError };',
              '});',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'a value returned from an async local function that calls upstream',
    code: lines(
      'async function callUpstream(name, args) {',
      '  return upstream.callTool({ name, arguments: args });',
      '}',
      "server.registerTool('search', {}, async (args) => {",
      "  const r = await callUpstream('search', args);",
      '  return { content: r.content, isError: r.isError };',
      '});',
    ),
    errors: [
      {
        messageId: 'droppedMeta',
        line: 6,
        column: 10,
        suggestions: [
          {
            messageId: 'suggestForwardUpstreamMeta',
            output: lines(
              'async function callUpstream(name, args) {',
              '  return upstream.callTool({ name, arguments: args });',
              '}',
              "server.registerTool('search', {}, async (args) => {",
              "  const r = await callUpstream('search', args);",
              '  const upstreamMeta: Record<string, unknown> = { ...r._meta };',
              "  delete upstreamMeta['io.modelcontextprotocol/serverInfo'];",
              '  return { ...(r._meta && { _meta: upstreamMeta }), content: r.content, isError: r.isError };',
              '});',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'a parameter that receives an upstream result at every call site: reported inside the function',
    code: lines(
      'const normalize = (r) => ({ content: r.content, isError: r.isError ?? false });',
      "server.registerTool('a', {}, async (args) => normalize(await upstream.callTool({ name: 'a', arguments: args })));",
      "server.registerTool('b', {}, async (args) => {",
      "  const result = await upstream.callTool({ name: 'b', arguments: args });",
      '  return normalize(result);',
      '});',
    ),
    errors: [
      {
        messageId: 'droppedMeta',
        line: 1,
        column: 27,
        suggestions: [
          {
            messageId: 'suggestForwardUpstreamMeta',
            output: lines(
              "const normalize = (r) => ({ ...(r._meta && { _meta: ((upstreamMeta: Record<string, unknown>) => { delete upstreamMeta['io.modelcontextprotocol/serverInfo']; return upstreamMeta; })({ ...r._meta }) }), content: r.content, isError: r.isError ?? false });",
              "server.registerTool('a', {}, async (args) => normalize(await upstream.callTool({ name: 'a', arguments: args })));",
              "server.registerTool('b', {}, async (args) => {",
              "  const result = await upstream.callTool({ name: 'b', arguments: args });",
              '  return normalize(result);',
              '});',
            ),
          },
        ],
      },
    ],
  },
];

const at = <T extends { filename?: string }>(filename: string, tests: T[]): T[] => tests.map((test) => ({ filename, ...test }));

createUntypedRuleTester().run('no-dropped-meta sources (without types)', rule, {
  valid: at(UNTYPED_OTHER, valid),
  invalid: at(UNTYPED_OTHER, invalid),
});
createTypedRuleTester().run('no-dropped-meta sources (with types)', rule, {
  valid: at(TYPED_OTHER, valid),
  invalid: at(TYPED_OTHER, invalid),
});
