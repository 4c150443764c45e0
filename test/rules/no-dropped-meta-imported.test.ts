/**
 * no-dropped-meta across modules without types: a call of a function imported from another module of the code base
 * whose every return is an upstream call (`fixtures/relay-proxy/src/call-upstream.ts`: `callUpstream` returns
 * `upstream.callTool(…)`) is an upstream result, read from that module's summary. The linted text stands in for a file
 * of the fixture (its imports resolve from there). A function that may return something else (`callUpstreamCached`),
 * a package's function of the same name, a deliberate redaction, a model-facing string, a transparent `return r` and
 * a result nested whole inside another stay silent.
 */
import path from 'node:path';
import type { InvalidTestCase, ValidTestCase } from '@typescript-eslint/rule-tester';
import { RuleTester } from '@typescript-eslint/rule-tester';
import rule, { type MessageIds, type Options } from '../../rules/no-dropped-meta';

const FIXTURE = path.resolve(__dirname, '../../fixtures/relay-proxy');
const FILE = path.join(FIXTURE, 'src/violations/rebuilds-imported.ts');
const tester = new RuleTester({ settings: { 'mcp-meta': { registry: path.join(FIXTURE, 'mcp-meta.registry.json') } } });

const lines = (...parts: string[]): string => parts.join('\n');
const HEAD = "import { McpServer } from '@modelcontextprotocol/server';\nconst server = new McpServer({ name: 'p', version: '1' });";
const IMPORT = "import { callUpstream, callUpstreamCached } from '../call-upstream.js';";

const valid: ValidTestCase<Options>[] = [
  {
    name: 'an imported function that may return a cached value',
    code: lines(
      HEAD,
      IMPORT,
      "server.registerTool('a', {}, async () => {",
      "  const r = await callUpstreamCached('a');",
      '  return { content: r.content, isError: r.isError };',
      '});',
    ),
  },
  {
    name: "a package's function of the same name is not followed",
    code: lines(
      HEAD,
      "import { callUpstream } from 'some-mcp-kit';",
      "server.registerTool('a', {}, async () => {",
      "  const r = await callUpstream('a', {});",
      '  return { content: r.content };',
      '});',
    ),
  },
  {
    name: 'a module that does not export the name',
    code: lines(
      HEAD,
      "import { callElsewhere } from '../call-upstream.js';",
      "server.registerTool('a', {}, async () => {",
      "  const r = await callElsewhere('a', {});",
      '  return { content: r.content };',
      '});',
    ),
  },
  {
    name: 'a deliberate redaction reads the upstream _meta',
    code: lines(
      HEAD,
      IMPORT,
      "server.registerTool('a', {}, async () => {",
      "  const r = await callUpstream('a', {});",
      "  const { 'com.example/secret': _secret, ...kept } = r._meta ?? {};",
      '  audit(kept);',
      '  return { content: r.content };',
      '});',
    ),
  },
  {
    name: 'a model-facing string',
    code: lines(
      HEAD,
      IMPORT,
      "server.registerTool('a', {}, async () => {",
      "  const r = await callUpstream('a', {});",
      "  return { content: [{ type: 'text', text: JSON.stringify(r.content) }] };",
      '});',
    ),
  },
  {
    name: 'a transparent return',
    code: lines(
      HEAD,
      IMPORT,
      "server.registerTool('a', {}, async () => {",
      "  const r = await callUpstream('a', {});",
      '  return r;',
      '});',
    ),
  },
  {
    name: 'a result nested whole inside another result',
    code: lines(
      HEAD,
      IMPORT,
      "server.registerTool('a', {}, async () => {",
      "  const r = await callUpstream('a', {});",
      '  return { content: r.content, structuredContent: { upstream: r } };',
      '});',
    ),
  },
  {
    // cline/cline sdk/packages/core/src/extensions/mcp/client.ts:651: `async listTools(): Promise<readonly
    // McpToolDescriptor[]>`, the type imported from './types' with name, description and inputSchema only.
    name: "a client's own listTools() declared to return a type imported from a module that declares it without _meta",
    code: lines(
      "import type { ListedTool } from '../descriptors.js';",
      'export class ServerClient {',
      '  async listTools(): Promise<readonly ListedTool[]> {',
      '    const result = await this.client.listTools();',
      '    return result.tools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema ?? {} }));',
      '  }',
      '}',
    ),
  },
];

const invalid: InvalidTestCase<MessageIds, Options>[] = [
  {
    name: 'an imported function whose every return is upstream.callTool(…)',
    code: lines(
      HEAD,
      IMPORT,
      "server.registerTool('echo', {}, async ({ text }) => {",
      "  const result = await callUpstream('echo', { text });",
      '  return { content: result.content, isError: result.isError };',
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
              HEAD,
              IMPORT,
              "server.registerTool('echo', {}, async ({ text }) => {",
              "  const result = await callUpstream('echo', { text });",
              '  const upstreamMeta: Record<string, unknown> = { ...result._meta };',
              "  delete upstreamMeta['io.modelcontextprotocol/serverInfo'];",
              '  return { ...(result._meta && { _meta: upstreamMeta }), content: result.content, isError: result.isError };',
              '});',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'renamed on import, destructured, in a setRequestHandler callback',
    code: lines(
      "import { CallToolRequestSchema } from '@modelcontextprotocol/server';",
      "import { callUpstream as forward } from '../call-upstream.js';",
      'server.server.setRequestHandler(CallToolRequestSchema, async (request) => {',
      '  const { content, isError } = await forward(request.params.name, request.params.arguments ?? {});',
      '  return { content, isError };',
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
              "import { CallToolRequestSchema } from '@modelcontextprotocol/server';",
              "import { callUpstream as forward } from '../call-upstream.js';",
              'server.server.setRequestHandler(CallToolRequestSchema, async (request) => {',
              '  const { content, isError, _meta } = await forward(request.params.name, request.params.arguments ?? {});',
              '  const upstreamMeta: Record<string, unknown> = { ..._meta };',
              "  delete upstreamMeta['io.modelcontextprotocol/serverInfo'];",
              '  return { ...(_meta && { _meta: upstreamMeta }), content, isError };',
              '});',
            ),
          },
        ],
      },
    ],
  },
  {
    name: "a client's own listTools() declared to return an imported type that has a _meta slot, left empty",
    code: lines(
      "import { type ListedToolWithMeta } from '../descriptors.js';",
      'export async function listTools(): Promise<ListedToolWithMeta[]> {',
      '  const { tools } = await client.listTools();',
      '  return tools.map((t) => ({ name: t.name, inputSchema: t.inputSchema }));',
      '}',
    ),
    errors: [
      {
        messageId: 'droppedDescriptorMeta',
        line: 4,
        column: 28,
        suggestions: [
          {
            messageId: 'suggestForwardDescriptorMeta',
            output: lines(
              "import { type ListedToolWithMeta } from '../descriptors.js';",
              'export async function listTools(): Promise<ListedToolWithMeta[]> {',
              '  const { tools } = await client.listTools();',
              '  return tools.map((t) => ({ ...(t._meta && { _meta: t._meta }), name: t.name, inputSchema: t.inputSchema }));',
              '}',
            ),
          },
        ],
      },
    ],
  },
];

tester.run('no-dropped-meta, imported upstream calls (without types)', rule, {
  valid: valid.map((test) => ({ filename: FILE, ...test })),
  invalid: invalid.map((test) => ({ filename: FILE, ...test })),
});
