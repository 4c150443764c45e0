/**
 * The write analysis on the shapes real MCP servers use: which plane each `_meta` write is on, keys followed through
 * same-file helpers, conditional spreads, aliases of `_meta` and consts imported from another module.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findMetaWritesInSource } from '../../src/analysis/analyze-source';
import type { MetaWrite } from '../../src/analysis/types';
import { nextTurn } from '../../src/util/stat-once-per-turn';

const VOCABULARY = { emitters: new Set(['emit']), hooks: new Set<string>(), hookFunctions: new Set<string>() };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-shapes-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function writesOf(code: string, file = path.join(dir, 'server.ts')): MetaWrite[] {
  return findMetaWritesInSource(code, file, VOCABULARY);
}

/** `kind plane key,key` for each write, in source order. */
function summary(code: string, file?: string): string[] {
  return writesOf(code, file).map((write) => `${write.kind} ${write.plane} ${write.keys.map((key) => key.name ?? '?').join(',')}`.trim());
}

describe('planes', () => {
  it('registerTool config and tools/list entries are the tool plane; a handler result is the result plane', () => {
    const code = `
server.registerTool('search', { description: 'd', inputSchema: {}, _meta: { 'com.example/category': 'x' } },
  async () => ({ content: [], _meta: { stats: 1 } }));
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: 'n', inputSchema: {}, _meta: { tag: 1 } }] }));`;
    expect(summary(code)).toEqual(['meta-literal tool com.example/category', 'meta-literal result stats', 'meta-literal tool tag']);
  });

  it('a variable named result whose written type has a resource’s field and none of a tool result’s is not placed by its name', () => {
    // AndurilCode/mcp-apps-kit packages/core/src/adapters/mcp.ts:113 (helper round, a false alarm): resource metadata.
    const code = `type UIResourceMetaResult = { mimeType: string; _meta?: Record<string, unknown> };
export function buildUIResourceMeta(domain?: string): UIResourceMetaResult {
  const result: UIResourceMetaResult = { mimeType: 'text/html;profile=mcp-app' };
  if (domain) result._meta = { ui: { domain } };
  return result;
}
interface ToolReply { content: unknown[]; _meta?: Record<string, unknown> }
export function reply(result: ToolReply) {
  result._meta = { ...result._meta, stats: 1 };
}`;
    expect(summary(code)).toEqual(['meta-init unknown ui', 'meta-assign result stats']);
  });

  it('the same with the type imported from another module of the code base (mcp-apps-kit: ./types)', () => {
    fs.writeFileSync(
      path.join(dir, 'adapter-types.ts'),
      'export type UIResourceMetaResult = { mimeType: string; _meta?: Record<string, unknown> };\nexport interface ToolReply { content: unknown[]; _meta?: Record<string, unknown> }\n',
    );
    const code = `import type { UIResourceMetaResult, ToolReply } from './adapter-types';
export function buildUIResourceMeta(domain?: string): UIResourceMetaResult {
  const result: UIResourceMetaResult = { mimeType: 'text/html;profile=mcp-app' };
  if (domain) result._meta = { ui: { domain } };
  return result;
}
export function reply(result: ToolReply) {
  result._meta = { ...result._meta, stats: 1 };
}`;
    expect(summary(code)).toEqual(['meta-init unknown ui', 'meta-assign result stats']);
  });

  it('a descriptor updated after registration is the tool plane', () => {
    const code = "const search = server.registerTool('s', { description: 'd' }, h);\nsearch._meta = { ...search._meta, tag: 1 };";
    expect(summary(code)).toEqual(['meta-assign tool tag']);
  });

  it('registerResource metadata and resource contents are the resource plane', () => {
    const code = `
server.registerResource('r', 'docs://r', { mimeType: 'text/plain', _meta: { etag: 'a' } }, async (uri) => ({
  contents: [{ uri: uri.href, text: 't', _meta: { etag: 'a' } }],
}));`;
    expect(summary(code)).toEqual(['meta-literal resource etag', 'meta-literal resource etag']);
  });

  it('inbound copies, zod schemas, JSON bodies and prompts are kept on their own planes, none a checked one', () => {
    const code = `
const nextParams = { ...params };
nextParams._meta = { ...params._meta, progressToken: t };
delete nextParams._meta;
extra._meta = {};
const Result = z.object({ content: z.array(z.any()), _meta: z.object({ stats: z.number() }) });
res.json({ content: [], _meta: { stats: 1 } });
server.registerPrompt('p', { description: 'd', _meta: { k: 1 } }, () => ({ messages: [], _meta: { k: 1 } }));`;
    expect(summary(code)).toEqual([
      'meta-assign request progressToken',
      'meta-delete request',
      'meta-assign request',
      'meta-literal schema',
      'meta-literal body stats',
      'meta-literal prompt k',
      'meta-literal prompt k',
    ]);
    expect(writesOf(code).map((write) => write.evidence)).toEqual(['name', 'name', 'name', 'sink', 'sink', 'sink', 'shape']);
  });
});

describe('keys the analysis follows', () => {
  it('through a same-file helper that returns a literal', () => {
    const code = `
function statsMeta(n: number) { return { stats: { returned: n } }; }
const widgetMeta = () => ({ 'openai/outputTemplate': 'ui://w', 'openai/widgetAccessible': true });
export const r = { content: [], _meta: statsMeta(1) };
server.registerTool('w', { description: 'd', _meta: widgetMeta() }, h);`;
    expect(summary(code)).toEqual(['meta-literal result stats', 'meta-literal tool openai/outputTemplate,openai/widgetAccessible']);
  });

  it('into conditional spreads', () => {
    const code =
      "const KEY = 'trace';\nexport const r = { content: [], _meta: { stats: 1, ...(traced && { [KEY]: id }), ...(c ? { a: 1 } : null) } };";
    expect(summary(code)).toEqual(['meta-literal result stats,trace,a']);
  });

  it('a spread of a const alias of the same _meta is a merge, not a replacement', () => {
    const [write] = writesOf('function f(result) { const meta = result._meta; return { ...result, _meta: { ...meta, trace: 1 } }; }');
    expect(write).toMatchObject({ kind: 'meta-literal', replaces: false, mergesSelf: true });
  });

  it('consts imported from a relative module, written as .js for a .ts source, or extension-less', () => {
    fs.writeFileSync(
      path.join(dir, 'keys.ts'),
      "export const TIMING_KEY = 'timing';\nexport const TRACE_KEY: string = \"com.example/trace\";\nconst LOCAL = 'x';\nconst RATE = 'rate_limit' as const;\nexport { RATE as RATE_LIMIT_KEY };\n",
    );
    const code = `
import { TIMING_KEY, TRACE_KEY, RATE_LIMIT_KEY } from './keys.js';
import { OTHER } from 'some-package';
emit(TIMING_KEY, 1);
result._meta = { ...result._meta, [TRACE_KEY]: 1, [RATE_LIMIT_KEY]: 2, [OTHER]: 3 };`;
    expect(writesOf(code).flatMap((write) => write.keys.map((key) => `${key.name ?? '?'} ${key.source}`))).toEqual([
      'timing const',
      'com.example/trace const',
      'rate_limit const',
      '? dynamic',
    ]);
  });

  it('sees an edit of the imported module in the next event-loop turn (re-read when its mtime changes)', async () => {
    const keys = path.join(dir, 'edit-keys.ts');
    fs.writeFileSync(keys, "export const K = 'before';\n");
    const code = "import { K } from './edit-keys';\nemit(K, 1);";
    expect(writesOf(code)[0].keys[0].name).toBe('before');
    fs.writeFileSync(keys, "export const K = 'after';\n");
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(keys, later, later);
    await nextTurn();
    expect(writesOf(code)[0].keys[0].name).toBe('after');
  });
});
