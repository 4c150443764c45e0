/**
 * The pass-through model's text gate (src/analysis/relay/pass-through.ts, `MARKS`): a file is walked only where its text
 * shows what a finding's literal must hold (a copied result field, or a `_meta` where one can be forwarded or
 * replaced), so the tool registrations and result literals every producer file has (`registerTool`, `isError`,
 * `structuredContent`) cost no walk. Counted with the analysis' cost seam (`pass-through-nodes`), never wall time; and
 * every kind of source, a wrapped handler (which the text cannot name) included, still reports.
 */
import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { costCount } from '../../src/util/cost-counter';
import { mayPassThrough, passThroughOf } from '../../src/analysis/relay/pass-through';
import { mayDropMeta } from '../../src/analysis/relay/may-drop-meta';
import { mayRelay, RELAY_WORD_LIST, relayOf } from '../../src/analysis/relay/pass-through-request';
import { parseSource } from '../../src/analysis/modules/parse-source';
import { loadRegistry } from '../../src/registry';
import { resultAndRelayWordsOf, wordsOf } from '../../src/analysis/relay/file-words';
import { TOOL_RESULT_PROPERTIES } from '../../src/analysis/planes';
import plugin from '../../src/index';
import fs from 'node:fs';
import path from 'node:path';
import { EXAMPLES_REGISTRY, OTHER_FILE, SEARCH_OP } from '../rules/rule-tester';
import { tokenStrings } from './token-strings';

const TEAM_SINKS_REGISTRY = path.resolve(__dirname, '../rules/team-sinks-fixture/mcp-meta.registry.json');

const linter = new Linter({ configType: 'flat' });
const CONFIG: Linter.Config[] = [
  { files: ['**/*.ts'], languageOptions: { parser: tsParser } },
  {
    files: ['**/*.ts'],
    plugins: { 'mcp-meta': plugin as never },
    rules: { 'mcp-meta/no-dropped-meta': 'error' },
    settings: { 'mcp-meta': { registry: EXAMPLES_REGISTRY } },
  },
];

/** The same rule under test/rules/team-sinks-fixture's manifest: `defineTool(config, cb)` and `toolResult(result)` are sinks. */
const SINKS_CONFIG: Linter.Config[] = CONFIG.map((config) =>
  config.settings ? { ...config, settings: { 'mcp-meta': { registry: TEAM_SINKS_REGISTRY } } } : config,
);

function lint(code: string, filename = OTHER_FILE, config = CONFIG): { nodes: number; messages: Linter.LintMessage[] } {
  const before = costCount('pass-through-nodes');
  const messages = linter.verify(code, config, { filename });
  expect(messages.filter((message) => message.fatal)).toEqual([]);
  return { nodes: costCount('pass-through-nodes') - before, messages };
}

/** A producer: every sink marker the old gate walked for (tool registrations, result literals), no received result. */
const producer = (n: number, meta = false): string =>
  [
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    "import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';",
    "const server = new McpServer({ name: 'p', version: '1.0.0' });",
    ...Array.from({ length: n }, (_, i) =>
      [
        `server.registerTool('tool${i}', { inputSchema: {} }, async (args) => {`,
        `  const rows = await search${i}(args);`,
        '  if (rows.length === 0) return { content: [], isError: true };',
        `  return { content: [{ type: 'text', text: rows.join('\\n') }], structuredContent: { rows }${meta ? `, _meta: { retrieval: { returned_count: rows.length } }` : ''} };`,
        '});',
      ].join('\n'),
    ),
    'server.server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [], isError: false, structuredContent: {} }));',
  ].join('\n');

const PROXY = [
  "server.registerTool('search', { inputSchema: {} }, async (args) => {",
  "  const r = await upstream.callTool({ name: 'search', arguments: args });",
  '  return { content: r.content, isError: r.isError };',
  '});',
].join('\n');

const droppedMeta = (messages: Linter.LintMessage[]): Array<{ line: number; column: number }> =>
  messages.filter((message) => message.ruleId === 'mcp-meta/no-dropped-meta').map(({ line, column }) => ({ line, column }));

describe('no-dropped-meta walks only what its text marks', () => {
  it('a producer with tool registrations and result literals but no received result is not walked', () => {
    const { nodes, messages } = lint(producer(50));
    expect(droppedMeta(messages)).toEqual([]);
    expect(nodes).toBe(0);
  });

  it('nor is one that writes _meta (a file the write model walks anyway)', () => {
    const { nodes, messages } = lint(producer(50, true), SEARCH_OP);
    expect(droppedMeta(messages)).toEqual([]);
    expect(nodes).toBe(0);
  });

  it('a proxy still reports, and producers around it add no node to the walk', () => {
    const alone = lint(PROXY);
    expect(droppedMeta(alone.messages)).toEqual([{ line: 3, column: 10 }]);
    expect(alone.nodes).toBeGreaterThan(0);
    const among = lint(`${PROXY}\n${producer(200)}`);
    expect(droppedMeta(among.messages)).toEqual([{ line: 3, column: 10 }]);
    // Program's children are looked at, not entered: the walk's nodes are the proxy's marked paths, the same count.
    expect(among.nodes).toBe(alone.nodes);
  });

  it('a wrapped handler, which the text cannot name as a source, still reports through the field it copies', () => {
    const code = [
      'export function withRetry(handler: ToolHandler): ToolHandler {',
      '  return async (args, extra) => {',
      '    const result = await handler(args, extra);',
      '    return { content: result.content, isError: result.isError };',
      '  };',
      '}',
    ].join('\n');
    expect(droppedMeta(lint(code).messages)).toEqual([{ line: 4, column: 12 }]);
  });

  it('a destructured result reports: every result-field word is a mark then', () => {
    const code = [
      "server.registerTool('search', { inputSchema: {} }, async (args) => {",
      "  const { content, isError } = await upstream.callTool({ name: 'search', arguments: args });",
      '  return { content, isError };',
      '});',
    ].join('\n');
    expect(droppedMeta(lint(code).messages)).toEqual([{ line: 3, column: 10 }]);
  });

  it('a request _meta replaced in a file that never copies a result field is still found (its _meta is the mark)', () => {
    const code = [
      'export async function callWithProgress(client: Client, request: { params: CallToolRequest["params"] }) {',
      "  return client.request({ method: 'tools/call', params: { ...request.params, _meta: { progressToken: 1 } } }, CallToolResultSchema);",
      '}',
    ].join('\n');
    const { messages } = lint(code);
    expect(droppedMeta(messages)).toHaveLength(1);
  });
});

describe('a `_meta` read is no mark for the walk', () => {
  it('a file whose only `_meta` is read (with the request words in it) is not walked, and has nothing to report', () => {
    const code = [
      'export function progressOf(request: CallToolRequest) {',
      '  return request.params._meta?.progressToken ?? request.params?._meta?.progressToken;',
      '}',
    ].join('\n');
    const { nodes, messages } = lint(code);
    expect(droppedMeta(messages)).toEqual([]);
    expect(nodes).toBe(0);
  });

  it("a literal's own `_meta: r._meta` is still one: the upstream's identity forwarded with no field copied is reported", () => {
    const code = [
      "server.registerTool('search', { inputSchema: {} }, async (args) => {",
      "  const r = await upstream.callTool({ name: 'search', arguments: args });",
      "  return { content: [{ type: 'text', text: 'done' }], _meta: r._meta };",
      '});',
    ].join('\n');
    const { nodes, messages } = lint(code);
    expect(nodes).toBeGreaterThan(0);
    expect(messages.filter((message) => message.messageId === 'forwardsServerInfo').map(({ line }) => line)).toEqual([3]);
  });

  it('nor is a spread `..._meta` dropped from the marks: a request `_meta` replaced after one is found', () => {
    const code = [
      'export async function callWithProgress(client: Client, request: { params: CallToolRequest["params"] }) {',
      '  const { _meta } = request.params;',
      "  return client.request({ method: 'tools/call', params: { ...request.params, _meta: { ..._meta, progressToken: 1 } } }, CallToolResultSchema);",
      '}',
    ].join('\n');
    // The new `_meta` spreads the caller's: nothing is replaced, and the walk still reached the literal to decide so.
    const { nodes, messages } = lint(code);
    expect(nodes).toBeGreaterThan(0);
    expect(messages.filter((message) => message.messageId === 'replacesRequestMeta')).toEqual([]);
  });
});

describe("the manifest's team sinks add no walk", () => {
  /** A team framework's tools: every callback of `defineTool` returns a result its builder makes, none received. */
  const teamTools = (n: number): string =>
    Array.from({ length: n }, (_, i) =>
      [
        `defineTool({ name: 'tool${i}' }, async (args) => {`,
        `  const rows = await search${i}(args);`,
        "  return toolResult({ content: [{ type: 'text', text: rows.join('\\n') }], isError: rows.length === 0 });",
        '});',
      ].join('\n'),
    ).join('\n');
  const TEAM_PROXY = [
    "defineTool({ name: 'search' }, async (args) => {",
    "  const r = await upstream.callTool({ name: 'search', arguments: args });",
    '  return toolResult({ content: r.content, isError: r.isError });',
    '});',
  ].join('\n');

  it('a file full of team registrations and builder calls, with no copied field, is not walked', () => {
    const { nodes, messages } = lint(teamTools(50), OTHER_FILE, SINKS_CONFIG);
    expect(droppedMeta(messages)).toEqual([]);
    expect(nodes).toBe(0);
  });

  it('a team proxy reports (the copied field is the mark), and team tools around it add no node to the walk', () => {
    const alone = lint(TEAM_PROXY, OTHER_FILE, SINKS_CONFIG);
    expect(droppedMeta(alone.messages)).toEqual([{ line: 3, column: 21 }]);
    const among = lint(`${TEAM_PROXY}\n${teamTools(200)}`, OTHER_FILE, SINKS_CONFIG);
    expect(droppedMeta(among.messages)).toEqual([{ line: 3, column: 21 }]);
    expect(among.nodes).toBe(alone.nodes);
    // Without sinks the same walk finds the literal and nothing makes it a result.
    expect(droppedMeta(lint(TEAM_PROXY).messages)).toEqual([]);
  });
});

describe('mayPassThrough (the text check for files that write no _meta)', () => {
  it.each([
    [
      'a result literal and tool registrations',
      "server.registerTool('t', {}, async () => ({ content: [], isError: true, structuredContent: {} }));",
      false,
    ],
    ['a result type named, no field copied', 'export type R = CallToolResult; const x = await client.callTool(p);', false],
    ['r.content', 'return { content: r.content };', true],
    ['r?.isError', 'const failed = r?.isError;', true],
    ['r\n  .structuredContent', 'const s = r\n  .structuredContent;', true],
    ["r['content']", "const c = r['content'];", true],
    ['a destructured field', 'const { isError } = result;', true],
    ['a destructured field after a nested pattern', 'let { a: { b }, content: c } = result;', true],
  ])('%s: %s', (_name, text, expected) => {
    expect(mayPassThrough(text)).toBe(expected);
  });
});

/** Every TypeScript and JavaScript file of this repository's own sources, fixtures and tests: real code both ways. */
function realFiles(): Array<{ file: string; text: string }> {
  const roots = ['src', 'rules', 'fixtures', 'test'].map((folder) => path.resolve(__dirname, '../..', folder));
  return roots.flatMap((root) =>
    (fs.readdirSync(root, { recursive: true, encoding: 'utf8' }) as string[])
      .filter((file) => /\.[cm]?[jt]sx?$/.test(file) && !file.includes('node_modules'))
      .map((file) => ({ file: path.join(root, file), text: fs.readFileSync(path.join(root, file), 'utf8') })),
  );
}

const realTexts = (): string[] => realFiles().map(({ text }) => text);

describe('no-dropped-meta asks mayDropMeta of every file, those that write _meta too', () => {
  it('a producer that writes _meta but reads no received result and names no upstream does not set the rule up', () => {
    const text = producer(20, true);
    expect(mayDropMeta(text)).toBe(false);
    const setUps = costCount('rule-set-ups');
    const { nodes, messages } = lint(text);
    expect(messages.filter((message) => message.ruleId?.startsWith('mcp-meta/'))).toEqual([]);
    expect(costCount('rule-set-ups') - setUps).toBe(0);
    expect(nodes).toBe(0);
    // A file that may drop one still sets it up (the count says something).
    const before = costCount('rule-set-ups');
    expect(droppedMeta(lint(`${text}\n${PROXY}`).messages)).toHaveLength(1);
    expect(costCount('rule-set-ups') - before).toBe(1);
  });

  it('its two models find nothing in any file of this repository that mayDropMeta rules out, under either manifest', () => {
    const registries = [EXAMPLES_REGISTRY, TEAM_SINKS_REGISTRY].map((file) => {
      const loaded = loadRegistry(file);
      if (!loaded.ok) throw new Error(`cannot load ${file}`);
      return loaded.registry;
    });
    let checked = 0;
    let writingMeta = 0;
    const found: string[] = [];
    for (const { file, text } of realFiles()) {
      if (mayDropMeta(text)) continue;
      for (const registry of registries) {
        let ast: ReturnType<typeof parseSource>['ast'];
        try {
          ast = parseSource(text, file).ast;
        } catch {
          continue; // a fixture written not to parse
        }
        const passThrough = passThroughOf(ast, text, registry, () => null, /\.[cm]?tsx?$/.test(file), file);
        const relay = relayOf(ast, text, registry.sinks, file);
        const lists = [
          passThrough.dropped,
          passThrough.forwardedServerInfo,
          passThrough.replacedRequestMeta,
          relay.droppedCallerMeta,
          relay.liftedEnvelopeReads,
          relay.droppedDescriptorMeta,
        ];
        const count = lists.reduce((sum, list) => sum + list.length, 0);
        if (count > 0) found.push(`${path.relative(process.cwd(), file)}: ${count}`);
        checked += 1;
      }
      if (text.includes('_meta')) writingMeta += 1;
    }
    expect(found).toEqual([]);
    // Enough files both ways, many of them naming `_meta`, for the comparison to say something.
    expect(checked).toBeGreaterThan(200);
    expect(writingMeta).toBeGreaterThan(50);
  });
});

describe('mayDropMeta (no-dropped-meta asks it of every file, before setting itself up)', () => {
  it('answers what the two checks it stands for answer, on every file of this repository', () => {
    const texts = realTexts();
    const disagreeing = texts.filter((text) => mayDropMeta(text) !== (mayPassThrough(text) || mayRelay(text)));
    expect(texts.length).toBeGreaterThan(300);
    expect(disagreeing).toEqual([]);
    // Both answers occur, so the comparison says something.
    expect(new Set(texts.map((text) => mayDropMeta(text)))).toEqual(new Set([true, false]));
  });

  it('finds the result fields and relay words wordsOf finds, on real code and on strings of the words and their parts', () => {
    const tokens = [
      ...TOOL_RESULT_PROPERTIES,
      ...RELAY_WORD_LIST,
      '_meta',
      'params',
      'progressToken',
      'Tools',
      'call',
      'list',
      'const { ',
      ' } = ',
      '.',
      "'",
      '[',
      ']',
      '):',
      ' ',
      '\n',
      ';',
      'x',
      '_',
      '$',
      '/',
    ];
    const texts = [...realTexts(), ...tokenStrings(tokens, { maxTokens: 8, seed: 11 })];
    const differing = texts.filter((text) => {
      const { fields, fieldLengths, relays, relayWords } = wordsOf(text);
      const found = resultAndRelayWordsOf(text) ?? { fields: [], fieldLengths: [], relays: [], relayWords: [] };
      return JSON.stringify(found) !== JSON.stringify({ fields, fieldLengths, relays, relayWords });
    });
    expect(differing.slice(0, 5)).toEqual([]);
    expect(texts.filter((text) => mayDropMeta(text) !== (mayPassThrough(text) || mayRelay(text))).slice(0, 5)).toEqual([]);
  });

  it.each([
    ['a relay word only', 'export const list = (c) => c.listTools();', true],
    ['tools/call in a string', "await c.request({ method: 'tools/call', params }, schema);", true],
    ['a copied field only', 'return { content: r.content };', true],
    ['a result literal, nothing received', "return { content: [{ type: 'text', text }], isError: false };", false],
    ['a longer word that contains one', 'const contentType = res.contentTypes; myCallToolbar();', false],
  ])('%s', (_name, text, expected) => {
    expect(mayDropMeta(text)).toBe(expected);
    // Asked again for the same file (skipsFile, then create()): the same answer.
    expect(mayDropMeta(text)).toBe(expected);
  });
});
