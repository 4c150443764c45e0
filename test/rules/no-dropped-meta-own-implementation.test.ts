/**
 * no-dropped-meta's positional check (`positionalCallerMeta`: a `tools/call` handler giving the call's fields one by
 * one to a `callTool(…)` wrapper) asks whether the function called is a wrapper around an upstream at all. A server's
 * own `callTool(name, args)`, in its own module (test/rules/own-implementation-fixture/src/tools.ts, shaped after
 * antvis/mcp-server-chart's `utils/callTool.ts`: it validates, renders and answers the call itself), forwards nothing,
 * so there is no caller's `_meta` to drop; a `callTool(server, name, args)` that asks an upstream client
 * (`src/upstream.ts`) still drops it.
 */
import path from 'node:path';
import { RuleTester } from '@typescript-eslint/rule-tester';
import rule from '../../rules/no-dropped-meta';

const FIXTURE = path.resolve(__dirname, 'own-implementation-fixture');
const FILE = path.join(FIXTURE, 'src/server.ts');
const tester = new RuleTester({ settings: { 'mcp-meta': { registry: path.join(FIXTURE, 'mcp-meta.registry.json') } } });

const lines = (...parts: string[]): string => parts.join('\n');
const HEAD = lines(
  "import { Server } from '@modelcontextprotocol/sdk/server/index.js';",
  "import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';",
  "const server = new Server({ name: 'charts', version: '1' }, { capabilities: { tools: {} } });",
);

/** The report on a `callTool(…)` wrapper given the call's fields one by one: no suggestion (its signature is the code base's). */
const positionalError = (line: number, endColumn: number) => ({
  messageId: 'positionalCallerMeta' as const,
  data: { label: 'callTool(…)', callerMeta: 'request.params._meta' },
  line,
  column: 16,
  endLine: line,
  endColumn,
  suggestions: [],
});

tester.run('no-dropped-meta, a server calling its own callTool', rule, {
  valid: [
    {
      // antvis/mcp-server-chart src/server.ts:74.
      filename: FILE,
      code: lines(
        HEAD,
        "import { callTool } from './tools.js';",
        'server.setRequestHandler(CallToolRequestSchema, async (request: any) => {',
        '  return await callTool(request.params.name, request.params.arguments);',
        '});',
      ),
      name: "the server's own callTool(name, args), imported from its module, answers the call itself",
    },
    {
      filename: FILE,
      code: lines(
        HEAD,
        'async function callTool(name: string, args: object = {}) {',
        '  const rows = await query(name, args);',
        "  return { content: [{ type: 'text', text: JSON.stringify(rows) }] };",
        '}',
        'server.setRequestHandler(CallToolRequestSchema, async (request: any) => {',
        '  return await callTool(request.params.name, request.params.arguments);',
        '});',
      ),
      name: "the server's own async callTool(name, args) in the same file, which asks no client",
    },
  ],
  invalid: [
    {
      filename: FILE,
      code: lines(
        HEAD,
        "import { callTool } from './upstream.js';",
        'server.setRequestHandler(CallToolRequestSchema, async (request: any) => {',
        "  return await callTool('charts', request.params.name, request.params.arguments);",
        '});',
      ),
      errors: [positionalError(6, 81)],
      name: 'a callTool(server, name, args) imported from a module where it asks an upstream client',
    },
    {
      filename: FILE,
      code: lines(
        HEAD,
        'async function callTool(server: string, name: string, args: object = {}) {',
        '  const result = await upstreams.get(server).callTool({ name, arguments: args });',
        '  return { ...result };',
        '}',
        'server.setRequestHandler(CallToolRequestSchema, async (request: any) => {',
        "  return await callTool('charts', request.params.name, request.params.arguments);",
        '});',
      ),
      errors: [positionalError(9, 81)],
      name: 'an async callTool(server, name, args) in the same file whose answer comes from an upstream client',
    },
    {
      filename: FILE,
      code: lines(
        HEAD,
        'declare const http: { post(url: string, body: object): Promise<{ data: any }> };',
        'async function callTool(name: string, args: object = {}) {',
        "  const res = await http.post('https://upstream.example/mcp', { method: 'tools/call', params: { name, arguments: args } });",
        '  return res.data.result;',
        '}',
        'server.setRequestHandler(CallToolRequestSchema, async (request: any) => {',
        '  return await callTool(request.params.name, request.params.arguments);',
        '});',
      ),
      errors: [positionalError(10, 71)],
      name: "an async callTool(name, args) answering with a member of another client's answer (res.data.result) is no own implementation",
    },
  ],
});
