import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRegistry } from '../../src/registry';
import type { RegistryManifest } from '../../src/registry/types';
import { assertBinBuilt, makeTempDir, removeTempDirs, REPO_ROOT, runBin, writeFiles } from './run-bin';

/** A small server: an op handler emitting through an optional-chained emitter, a hook function, a dispatch merge layer. */
const SERVER: Record<string, string> = {
  'src/ops/search.ts': `
import type { Ctx } from '../types';
export async function search(ctx: Ctx, query: string) {
  const rows = await ctx.db.find(query);
  try {
    ctx.emitResponseMeta?.('retrieval', {
      returned_count: rows.length,
      cache: { hit: false, age_ms: 0 },
      degraded: rows.map((r) => ({ stage: r.stage })),
    });
  } catch {}
  return rows;
}
`,
  'src/hooks/hot-memory.ts': `
export function getHotMemoryMeta(facts: string[]) {
  return { hot_memory: { facts, fact_count: facts.length } };
}
`,
  'src/mcp/dispatch.ts': `
export async function dispatch(opts: { metaHook?: (r: unknown) => Promise<Record<string, unknown>> }, run: (emit: (k: string, v: unknown) => void) => Promise<unknown>) {
  const collected: Record<string, unknown> = {};
  const content = await run((key, value) => { collected[key] = value; });
  const out: { content: unknown; _meta?: Record<string, unknown> } = { content: [{ type: 'text', text: String(content) }] };
  out._meta = { ...collected };
  try {
    const fragment = await opts.metaHook?.(out);
    out._meta = { ...out._meta, ...fragment };
  } catch {}
  return out;
}
`,
  'src/types.ts':
    'export interface Ctx { db: { find(q: string): Promise<Array<{ stage: string }>> }; emitResponseMeta?: (key: string, value: unknown) => void }\n',
  'node_modules/dep/index.js': "ctx.emitResponseMeta?.('from_dependency', {});\n",
  'dist/search.js': "ctx.emitResponseMeta?.('from_build', {});\n",
};

const DOC = [
  '# Protocol',
  '',
  '| Key | Producer | Contents |',
  '| --- | --- | --- |',
  '| `retrieval` | search op handler | Search diagnostics — fields: returned_count, cache, hint (non-contractual prose) |',
  '| `hot_memory` | serve-http metaHook (getHotMemoryMeta) | Hot-memory facts |',
  '| `ghost` | somebody somewhere | Not written anywhere |',
  '',
].join('\n');

/** The "Registered keys" section of MCP_META_CHANNELS.txt, tab-separated as the spec writes it. */
const SPEC_REGISTERED_KEYS = [
  'Registered keys',
  '',
  'Key\tProducer\tContents',
  'brain_hot_memory\tserve-http metaHook (getBrainHotMemoryMeta)\tHot-memory facts relevant to the call (v0.31 eD3)',
  'retrieval\tsearch/query op handlers\treturned_count, retrieved_count, vector_enabled, expansion_applied, cache, token_budget, degraded[] (closed stage vocabulary, D6), hint (non-contractual prose, E1)',
  "warnings\tdispatch strict-params warn mode (WP3)\t[{code: 'unknown_param', param, suggestion?}]",
  '',
  'Inbound _meta (e.g. _meta.session_id inside tool ARGUMENTS, CX2-11) is a separate, client-to-server plane.',
  '',
].join('\n');

function server(): string {
  const dir = makeTempDir();
  writeFiles(dir, SERVER);
  return dir;
}

function readManifest(dir: string): RegistryManifest {
  return JSON.parse(fs.readFileSync(path.join(dir, 'mcp-meta.registry.json'), 'utf8')) as RegistryManifest;
}

function assertLoadsInPlugin(dir: string): void {
  const file = path.join(dir, 'mcp-meta.registry.json');
  const result = parseRegistry(fs.readFileSync(file, 'utf8'), file, { checkGlobs: true });
  expect(result.ok ? [] : result.problems).toEqual([]);
  expect(result.ok && result.warnings).toEqual([]);
}

beforeAll(assertBinBuilt);
afterAll(removeTempDirs);

describe('mcp-meta init', () => {
  it('writes a starter manifest from the code: vocabulary, keys, producers, fields, merge layer', () => {
    const dir = server();
    const result = runBin(['init'], dir);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('wrote mcp-meta.registry.json: 2 keys (hot_memory, retrieval)');
    expect(result.stdout).toContain(
      'typed 3 fields from the literals the code writes (retrieval.cache, retrieval.cache.age_ms, retrieval.cache.hit); a typed field is required unless "optional": true',
    );
    const manifest = readManifest(dir);
    expect(manifest).toEqual({
      $schema: './node_modules/eslint-plugin-mcp-meta/schema/registry.schema.json',
      version: 1,
      emitters: ['emitResponseMeta'],
      hooks: ['metaHook'],
      hookFunctions: ['getHotMemoryMeta'],
      mergeLayer: ['src/mcp/dispatch.ts'],
      keys: {
        hot_memory: { producers: ['src/hooks/hot-memory.ts'], type: 'object', fields: ['fact_count', 'facts'] },
        retrieval: {
          producers: ['src/ops/search.ts'],
          type: 'object',
          // `cache` is written as a literal of literals, so it is typed; the other values are not literals: untyped.
          fields: {
            cache: { type: 'object', fields: { age_ms: { type: 'number' }, hit: { type: 'boolean' } } },
            degraded: { items: { fields: ['stage'] } },
            returned_count: {},
          },
        },
      },
    });
    assertLoadsInPlugin(dir);
    // What init wrote is what check accepts.
    expect(runBin(['check'], dir).status).toBe(0);
  });

  it('finds helpers in other modules by what they return, whatever their name, and registers their module as producer', () => {
    const dir = makeTempDir();
    writeFiles(dir, {
      // Neither helper module mentions `_meta`, and neither name is get*Meta: only their use shows what they are.
      'src/lib/stats.ts': `
export function buildStats(rows: unknown[]) {
  return { retrieval: { returned_count: rows.length, cached: false } };
}
`,
      'src/lib/timing.ts': "export const timingFragment = (ms: number) => ({ 'com.example/timing': { ms } });\n",
      'src/lib/index.ts': "export { timingFragment } from './timing.js';\n",
      'src/tools/search.ts': `
import { buildStats } from '../lib/stats.js';
export async function search(rows: unknown[]) {
  return { content: [{ type: 'text', text: String(rows.length) }], _meta: buildStats(rows) };
}
`,
      'src/mcp/wrap.ts': `
import { timingFragment } from '../lib/index.js';
export async function withTiming(run: () => Promise<{ content: unknown[]; _meta?: Record<string, unknown> }>) {
  const started = Date.now();
  const result = await run();
  try {
    return { ...result, _meta: { ...result._meta, ...timingFragment(Date.now() - started) } };
  } catch {
    return result;
  }
}
`,
    });
    const result = runBin(['init'], dir);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(readManifest(dir)).toEqual({
      $schema: './node_modules/eslint-plugin-mcp-meta/schema/registry.schema.json',
      version: 1,
      // wrap.ts re-wraps a result and adds a key: a producer of that key (through its helper), not a merge layer.
      keys: {
        'com.example/timing': { producers: ['src/lib/timing.ts'], type: 'object', fields: ['ms'] },
        retrieval: { producers: ['src/lib/stats.ts'], type: 'object', fields: { cached: { type: 'boolean' }, returned_count: {} } },
      },
    });
    expect(result.stdout).toContain(
      'buildStats() in src/lib/stats.ts returns the tool result `_meta` of src/tools/search.ts: its keys (retrieval) are registered with src/lib/stats.ts, the module that builds them, as producer',
    );
    expect(result.stdout).toContain(
      'timingFragment() in src/lib/timing.ts returns the tool result `_meta` of src/mcp/wrap.ts: its keys (com.example/timing) are registered with src/lib/timing.ts, the module that builds them, as producer',
    );
    assertLoadsInPlugin(dir);
    // check counts the keys as written by their producers (the helpers' modules), through the calls.
    const check = runBin(['check'], dir);
    expect(check.stdout + check.stderr).toContain('checked 2 keys against 2 producer files');
    expect(check.status, check.stdout).toBe(0);
  });

  it('imports the Key | Producer | Contents table of a doc with --from-doc', () => {
    const dir = server();
    writeFiles(dir, { 'docs/protocol.md': DOC });
    const result = runBin(['init', '.', '--from-doc', 'docs/protocol.md'], dir);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("key 'ghost' from the doc is left out");
    expect(result.stdout).toContain("field 'retrieval.hint' is in the doc but no producer writes it");
    const manifest = readManifest(dir);
    expect(Object.keys(manifest.keys)).toEqual(['retrieval', 'hot_memory']);
    expect(manifest.keys.retrieval).toEqual({
      producers: ['src/ops/search.ts'],
      description: 'Search diagnostics',
      fields: {
        returned_count: {},
        cache: { type: 'object', fields: { age_ms: { type: 'number' }, hit: { type: 'boolean' } } },
        hint: { description: 'non-contractual prose' },
        degraded: { items: { fields: ['stage'] } },
      },
    });
    expect(manifest.keys.hot_memory).toMatchObject({ producers: ['src/hooks/hot-memory.ts'], description: 'Hot-memory facts' });
    assertLoadsInPlugin(dir);
  });

  it('never overwrites an existing manifest without --force', () => {
    const dir = server();
    writeFiles(dir, { 'mcp-meta.registry.json': '{"version": 1, "keys": {}}\n' });
    const refused = runBin(['init'], dir);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('already exists');
    expect(refused.stderr).toContain('--force');
    expect(fs.readFileSync(path.join(dir, 'mcp-meta.registry.json'), 'utf8')).toBe('{"version": 1, "keys": {}}\n');
    const forced = runBin(['init', '--force', '--format', 'json'], dir);
    expect(forced.status).toBe(0);
    const json = JSON.parse(forced.stdout) as { ok: boolean; file: string; manifest: RegistryManifest };
    expect(json).toMatchObject({ ok: true, file: 'mcp-meta.registry.json' });
    expect(readManifest(dir)).toEqual(json.manifest);
  });

  it('scans a folder given as DIR and writes the manifest there', () => {
    const parent = makeTempDir();
    writeFiles(path.join(parent, 'server'), SERVER);
    const result = runBin(['init', 'server'], parent);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('wrote server/mcp-meta.registry.json');
    expect(Object.keys(readManifest(path.join(parent, 'server')).keys).sort()).toEqual(['hot_memory', 'retrieval']);
  });

  it('adopts the example server with its spec-style doc table', () => {
    const example = path.join(REPO_ROOT, 'fixtures/example-server');
    if (!fs.existsSync(example)) throw new Error('fixtures/example-server is missing');
    const dir = makeTempDir();
    fs.cpSync(example, dir, { recursive: true });
    fs.rmSync(path.join(dir, 'mcp-meta.registry.json'));
    fs.rmSync(path.join(dir, 'src/violations'), { recursive: true, force: true });
    writeFiles(dir, { 'MCP_META_CHANNELS.txt': SPEC_REGISTERED_KEYS });
    const result = runBin(['init', '--from-doc', 'MCP_META_CHANNELS.txt'], dir);
    expect(result.status).toBe(0);
    const manifest = readManifest(dir);
    expect(manifest.emitters).toEqual(['emitResponseMeta']);
    expect(manifest.hookFunctions).toContain('getBrainHotMemoryMeta');
    expect(manifest.mergeLayer).toEqual(['src/mcp/dispatch.ts']);
    expect(manifest.keys.retrieval.producers).toEqual(['src/core/ops/query.ts', 'src/core/ops/search.ts']);
    expect(manifest.keys.brain_hot_memory.producers).toEqual(['src/hooks/brain-hot-memory.ts']);
    expect(manifest.keys.warnings.producers).toEqual(['src/mcp/dispatch.ts']);
    assertLoadsInPlugin(dir);
  });

  it('exits 2 for a missing folder or doc, and for a doc without a keys table', () => {
    const dir = server();
    expect(runBin(['init', 'nope'], dir).status).toBe(2);
    expect(runBin(['init', '--from-doc', 'missing.md'], dir).status).toBe(2);
    writeFiles(dir, { 'plain.md': '# nothing\n' });
    const noTable = runBin(['init', '--from-doc', 'plain.md'], dir);
    expect(noTable.status).toBe(2);
    expect(noTable.stderr).toContain('has no "Key | Producer | Contents" table');
    expect(fs.existsSync(path.join(dir, 'mcp-meta.registry.json'))).toBe(false);
  });
});
