#!/usr/bin/env node
// Generates a deterministic, realistic TypeScript MCP server for the e2e corpus test and the benchmark.
//
//   node scripts/generate-corpus.mjs DIR [--files N] [--seed S] [--violations V]
//
// The server has merge layers (src/mcp/dispatch*.ts) that assemble `_meta` from a per-key collector and merge a
// transport hook inside try/catch, op handlers that emit registered keys through `ctx.emitResponseMeta?.(...)`, hook
// functions, transports, inbound `params._meta.session_id` reads, eval commands whose JSON bodies carry `_meta` (in
// `ignore`), lookalike names (`_metadata`, `meta`, `edge_meta`) and, for most files, ordinary code without `_meta`.
// With `violations: N` it seeds exactly N known violations, the rule docs' incorrect examples (spread over
// `SEEDABLE_RULES`), and returns them in `expected`.
//
// Everything else in the corpus is meant to be clean under the MCP_META_CHANNELS conventions: where a shape is ambiguous in
// the spec, the generator avoids it rather than guess. Those clean shapes are still the generator's own (issue 26 §4
// asks for them from the fixtures or the docs' correct examples too; the docs' manifest covers one of its op families).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireAs } from './require-as.mjs';

// ---------------------------------------------------------------------------------------------------------------
// Deterministic randomness

/** @param {number} seed @returns {() => number} */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * @typedef {{
 *   next: () => number,
 *   uid: () => number,
 *   int: (lo: number, hi: number) => number,
 *   pick: <T>(arr: readonly T[]) => T,
 *   chance: (p: number) => boolean,
 *   subset: <T>(arr: readonly T[], min: number) => T[],
 * }} Random
 */

/** @param {number} seed @returns {Random} */
function makeRandom(seed) {
  const next = mulberry32(seed);
  let uid = 0;
  const r = {
    next,
    /** A unique number, so that generated declarations never collide within a file. */
    uid: () => (uid += 1),
    /** @type {Random['int']} */
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    /** @type {Random['pick']} */
    pick: (arr) => arr[Math.floor(next() * arr.length)],
    /** @type {Random['chance']} */
    chance: (p) => next() < p,
    /** @type {Random['subset']} */
    subset: (arr, min) => {
      const out = arr.filter(() => next() < 0.6);
      for (const item of arr) if (out.length < min && !out.includes(item)) out.push(item);
      return arr.filter((item) => out.includes(item));
    },
  };
  return r;
}

const NOUNS = [
  'page',
  'chunk',
  'entity',
  'edge',
  'note',
  'session',
  'source',
  'tag',
  'link',
  'topic',
  'author',
  'digest',
  'batch',
  'cursor',
  'index',
  'embedding',
  'vector',
  'timeline',
  'memory',
  'fact',
  'claim',
  'citation',
  'feed',
  'snapshot',
  'revision',
  'account',
  'quota',
  'token',
  'policy',
  'schedule',
  'job',
  'worker',
  'queue',
  'cache',
  'bucket',
  'shard',
  'replica',
  'ledger',
  'event',
  'signal',
  'profile',
  'folder',
  'asset',
  'thread',
  'message',
  'channel',
  'report',
];
const VERBS = [
  'load',
  'fetch',
  'resolve',
  'build',
  'merge',
  'split',
  'rank',
  'score',
  'filter',
  'normalize',
  'validate',
  'parse',
  'render',
  'encode',
  'decode',
  'collect',
  'prune',
  'refresh',
  'sync',
  'index',
  'compact',
  'expand',
  'group',
  'sort',
  'dedupe',
  'clamp',
  'format',
  'hydrate',
  'persist',
  'restore',
  'schedule',
  'dispatch',
  'retry',
  'measure',
  'trace',
];
const ADJS = [
  'active',
  'stale',
  'pending',
  'recent',
  'pinned',
  'shared',
  'hidden',
  'primary',
  'cached',
  'remote',
  'local',
  'draft',
  'archived',
  'weighted',
  'partial',
  'global',
  'scoped',
  'linked',
  'orphan',
  'hot',
  'cold',
  'warm',
  'fresh',
  'legacy',
];

/** @param {string} s */
const pascal = (s) => s.replace(/(^|[_-])([a-z])/g, (_m, _p, /** @type {string} */ c) => c.toUpperCase());
/** @param {string} s */
const camel = (s) => {
  const p = pascal(s);
  return p[0].toLowerCase() + p.slice(1);
};

// ---------------------------------------------------------------------------------------------------------------
// The registry: keys, their producers and fields (manifest v1)

// `count` is what the op handlers' shared `summarize()` (src/lib/rows.ts) returns for every key: registered, since
// the rules read an imported helper's returned literal (issue 22) and the corpus is clean apart from its seeds.
const KEYS = {
  retrieval: {
    producers: ['src/core/ops/search/*.ts', 'src/core/ops/query/*.ts'],
    description: 'Search and query diagnostics',
    fields: {
      returned_count: {},
      retrieved_count: {},
      vector_enabled: {},
      expansion_applied: {},
      cache: { fields: ['hit', 'age_ms', 'tier'] },
      token_budget: { fields: ['limit', 'used'] },
      degraded: {},
      hint: {},
      count: {},
    },
  },
  page_stats: {
    producers: ['src/core/ops/pages/*.ts'],
    description: 'Paging of list operations',
    fields: ['total', 'page', 'page_size', 'next_cursor', 'count'],
  },
  graph: {
    producers: ['src/core/ops/graph/*.ts'],
    description: 'Graph traversal diagnostics',
    fields: {
      nodes_visited: {},
      edges_visited: {},
      depth: {},
      truncated: {},
      paths: { items: { fields: ['from', 'to', 'weight'] } },
      count: {},
    },
  },
  ingest: {
    producers: ['src/core/ops/ingest/*.ts'],
    description: 'Ingestion outcome',
    fields: {
      accepted: {},
      rejected: {},
      duplicates: {},
      errors: { items: { fields: ['line', 'code', 'message'] } },
      count: {},
    },
  },
  'gbrain.dev/trace': {
    producers: ['src/core/ops/admin/*.ts'],
    description: 'Admin operation tracing',
    fields: ['trace_id', 'span_count', 'sampled', 'count'],
  },
  brain_hot_memory: {
    producers: ['src/mcp/hooks/hot-memory.ts'],
    description: 'Hot-memory facts relevant to the call (serve-http metaHook)',
    fields: { facts: { items: { fields: ['id', 'text', 'score'] } }, generated_at: {} },
  },
  timing: {
    producers: ['src/mcp/hooks/timing.ts'],
    description: 'Per-call timing, attached by the transport hook',
    fields: { started_at: {}, duration_ms: {}, phases: { items: { fields: ['name', 'ms'] } } },
  },
  warnings: {
    producers: ['src/mcp/dispatch*.ts'],
    description: "Strict-params warn mode: [{code: 'unknown_param', param, suggestion?}]",
  },
};

/** Op families: folder under src/core/ops, the key their handlers own, how many op files of each. */
/** @type {Family[]} */
const FAMILIES = [
  { dir: 'search', key: 'retrieval', weight: 3 },
  { dir: 'query', key: 'retrieval', weight: 2 },
  { dir: 'pages', key: 'page_stats', weight: 2 },
  { dir: 'graph', key: 'graph', weight: 2 },
  { dir: 'ingest', key: 'ingest', weight: 2 },
  { dir: 'admin', key: 'gbrain.dev/trace', weight: 1 },
];

/** Property lines (valid fields) of a key's value; each uses only `rows`, `args` and `total`. */
const FIELD_EXPRS = {
  retrieval: {
    returned_count: 'rows.length',
    retrieved_count: 'total',
    vector_enabled: 'args.vector !== false',
    expansion_applied: 'Boolean(args.expand)',
    cache: '{ hit: rows.length > 0, age_ms: 0 }',
    token_budget: '{ limit: args.limit ?? 20, used: rows.length }',
    degraded: "rows.length === 0 ? ['vector'] : []",
    hint: "'Narrow the query to see fewer, better results.'",
  },
  page_stats: {
    total: 'total',
    page: 'args.page ?? 1',
    page_size: 'args.limit ?? 20',
    next_cursor: 'rows.length > 0 ? rows[rows.length - 1].id : null',
  },
  graph: {
    nodes_visited: 'rows.length',
    edges_visited: 'total',
    depth: 'args.depth ?? 2',
    truncated: 'total > rows.length',
    paths: 'rows.map((r) => ({ from: r.src, to: r.dst, weight: r.weight }))',
  },
  ingest: {
    accepted: 'rows.length',
    rejected: 'total - rows.length',
    duplicates: '0',
    errors: "rows.filter((r) => r.code !== 'ok').map((r) => ({ line: r.line, code: r.code, message: r.message }))",
  },
  'gbrain.dev/trace': {
    trace_id: "args.traceId ?? 'local'",
    span_count: 'rows.length',
    sampled: 'total % 2 === 0',
  },
};

/** @param {string} k */
const isIdent = (k) => /^[A-Za-z_$][\w$]*$/.test(k);
/** @param {string} k */
const propKey = (k) => (isIdent(k) ? k : `'${k}'`);

function buildManifest() {
  return {
    $schema: './node_modules/eslint-plugin-mcp-meta/schema/registry.schema.json',
    version: 1,
    emitters: ['emitResponseMeta', 'emitMeta'],
    hooks: ['metaHook'],
    hookFunctions: ['getBrainHotMemoryMeta', 'getTimingMeta'],
    mergeLayer: ['src/mcp/dispatch*.ts'],
    ignore: ['src/commands/eval-*.ts'],
    keys: KEYS,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// File writer with line tracking

class FileText {
  /** @param {string} rel */
  constructor(rel) {
    this.rel = rel;
    /** @type {string[]} */
    this.lines = [];
  }
  /** @param {...(string | number)} lines */
  add(...lines) {
    for (const l of lines) for (const part of String(l).split('\n')) this.lines.push(part);
    return this;
  }
  /** 1-based number of the next line to be added. */
  get nextLine() {
    return this.lines.length + 1;
  }
  text() {
    return `${this.lines.join('\n')}\n`;
  }
}

/** @param {string} fromRel @param {string} toRel */
function relImport(fromRel, toRel) {
  let p = path.posix.relative(path.posix.dirname(fromRel), toRel).replace(/\.ts$/, '');
  if (!p.startsWith('.')) p = `./${p}`;
  return p;
}

// ---------------------------------------------------------------------------------------------------------------
// Ordinary code (most files): utilities, types, services, repositories, config

/** @param {Random} r @param {FileText} f @param {number} kind */
function ordinaryBlock(r, f, kind) {
  const noun = r.pick(NOUNS);
  let noun2 = r.pick(NOUNS);
  if (noun2 === noun) noun2 = noun === 'parent' ? 'child' : 'parent';
  const verb = r.pick(VERBS);
  const adj = r.pick(ADJS);
  const T = pascal(noun);
  const id = r.uid();
  switch (kind) {
    case 0: {
      const fields = r.subset(
        ['id', 'title', 'createdAt', 'updatedAt', 'ownerId', 'score', 'tags', 'status', 'weight', 'parentId', 'version'],
        3,
      );
      f.add(`/** A ${adj} ${noun} as stored in the ${noun2} table. */`, `export interface ${pascal(adj)}${T}${id} {`);
      for (const fl of fields) {
        const ty = {
          id: 'string',
          title: 'string',
          createdAt: 'Date',
          updatedAt: 'Date',
          ownerId: 'string | null',
          score: 'number',
          tags: 'readonly string[]',
          status: `'${adj}' | 'done' | 'failed'`,
          weight: 'number',
          parentId: 'string | undefined',
          version: 'number',
        }[fl];
        f.add(`  ${fl}${r.chance(0.2) ? '?' : ''}: ${ty};`);
      }
      f.add('}', '');
      return;
    }
    case 1: {
      f.add(
        `export function ${verb}${T}${id}(items: readonly ${T}Like[], limit = ${r.int(5, 200)}): ${T}Like[] {`,
        `  const out: ${T}Like[] = [];`,
        '  for (const item of items) {',
        `    if (item.score < ${r.int(0, 5)} || item.tags.includes('${adj}')) continue;`,
        `    out.push({ ...item, score: Math.min(1, item.score * ${(r.next() + 0.5).toFixed(2)}) });`,
        '    if (out.length >= limit) break;',
        '  }',
        `  return out.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));`,
        '}',
        '',
      );
      return;
    }
    case 2: {
      f.add(
        `export class ${pascal(adj)}${T}Service${id} {`,
        `  private readonly cache = new Map<string, ${T}Like>();`,
        `  private hits = 0;`,
        '',
        `  constructor(private readonly db: Db, private readonly log: Logger) {}`,
        '',
        `  async ${verb}(id: string): Promise<${T}Like | undefined> {`,
        '    const cached = this.cache.get(id);',
        '    if (cached) {',
        '      this.hits += 1;',
        '      return cached;',
        '    }',
        `    const rows = await this.db.query<${T}Like>(\`SELECT * FROM ${noun}s WHERE id = $1 AND status <> '${adj}'\`, [id]);`,
        '    const row = rows[0];',
        '    if (row) this.cache.set(id, row);',
        `    this.log.debug('${noun} ${verb}', { id, found: Boolean(row) });`,
        '    return row;',
        '  }',
        '',
        `  async ${r.pick(VERBS)}Many(ids: readonly string[]): Promise<${T}Like[]> {`,
        `    const found = await Promise.all(ids.map((id) => this.${verb}(id)));`,
        `    return found.filter((x): x is ${T}Like => x !== undefined);`,
        '  }',
        '',
        '  stats(): { size: number; hits: number } {',
        '    return { size: this.cache.size, hits: this.hits };',
        '  }',
        '',
        '  clear(): void {',
        '    this.cache.clear();',
        '    this.hits = 0;',
        '  }',
        '}',
        '',
      );
      return;
    }
    case 3: {
      const states = r.subset(['idle', 'running', 'paused', 'failed', 'done', 'queued', 'cancelled'], 3);
      f.add(`export type ${T}State${id} = ${states.map((s) => `'${s}'`).join(' | ')};`, '');
      f.add(`export function next${T}State${id}(state: ${T}State${id}, event: string): ${T}State${id} {`, '  switch (state) {');
      for (const s of states) {
        const target = r.pick(states);
        f.add(`    case '${s}':`, `      return event === '${r.pick(VERBS)}' ? '${target}' : state;`);
      }
      f.add('    default:', '      return state;', '  }', '}', '');
      return;
    }
    case 4: {
      f.add(
        `export const ${noun.toUpperCase()}_${adj.toUpperCase()}_DEFAULTS_${id} = {`,
        `  batchSize: ${r.int(10, 500)},`,
        `  retries: ${r.int(0, 5)},`,
        `  backoffMs: ${r.int(50, 5000)},`,
        `  label: '${adj}-${noun}',`,
        `  enabled: ${r.chance(0.5)},`,
        `  tiers: [${r
          .subset(['hot', 'warm', 'cold', 'archive'], 1)
          .map((s) => `'${s}'`)
          .join(', ')}],`,
        '} as const;',
        '',
      );
      return;
    }
    case 5: {
      f.add(
        `export async function ${verb}${T}WithRetry${id}<T>(fn: () => Promise<T>, attempts = ${r.int(2, 6)}): Promise<T> {`,
        '  let lastError: unknown;',
        '  for (let i = 0; i < attempts; i += 1) {',
        '    try {',
        '      return await fn();',
        '    } catch (err) {',
        '      lastError = err;',
        `      await new Promise((resolve) => setTimeout(resolve, ${r.int(10, 400)} * 2 ** i));`,
        '    }',
        '  }',
        `  throw new Error(\`${noun} ${verb} failed after \${attempts} attempts: \${String(lastError)}\`);`,
        '}',
        '',
      );
      return;
    }
    case 6: {
      f.add(
        `export function ${camel(noun)}Key${id}(parts: { ${noun}Id: string; ${noun2}Id?: string; scope: string }): string {`,
        `  const base = \`${noun}:\${parts.scope}:\${parts.${noun}Id}\`;`,
        `  return parts.${noun2}Id ? \`\${base}/${noun2}:\${parts.${noun2}Id}\` : base;`,
        '}',
        '',
        `export function parse${T}Key${id}(key: string): { scope: string; id: string } | null {`,
        `  const m = /^${noun}:([^:]+):([^/]+)/.exec(key);`,
        '  return m ? { scope: m[1], id: m[2] } : null;',
        '}',
        '',
      );
      return;
    }
    case 7: {
      f.add(
        `export const ${camel(adj)}${T}Sql${id} = \``,
        `  SELECT ${noun}.id, ${noun}.title, count(${noun2}.id) AS ${noun2}_count`,
        `  FROM ${noun}s ${noun}`,
        `  LEFT JOIN ${noun2}s ${noun2} ON ${noun2}.${noun}_id = ${noun}.id`,
        `  WHERE ${noun}.status = '${adj}'`,
        `  GROUP BY ${noun}.id`,
        `  ORDER BY ${noun2}_count DESC`,
        `  LIMIT ${r.int(10, 1000)}`,
        '`;',
        '',
      );
      return;
    }
    case 8: {
      f.add(
        `export function summarize${T}s${id}(items: readonly ${T}Like[]): Record<string, number> {`,
        '  const counts: Record<string, number> = {};',
        '  for (const item of items) {',
        '    for (const tag of item.tags) {',
        '      counts[tag] = (counts[tag] ?? 0) + 1;',
        '    }',
        '  }',
        '  return Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 1));',
        '}',
        '',
      );
      return;
    }
    default: {
      f.add(
        `export class ${T}Error${id} extends Error {`,
        `  readonly code = '${noun.toUpperCase()}_${verb.toUpperCase()}_FAILED';`,
        `  constructor(message: string, readonly ${camel(noun2)}Id?: string) {`,
        '    super(message);',
        `    this.name = '${T}Error';`,
        '  }',
        '}',
        '',
        `export function is${T}Error${id}(err: unknown): err is ${T}Error${id} {`,
        `  return err instanceof ${T}Error${id};`,
        '}',
        '',
      );
    }
  }
}

/** @param {FileText} f @param {Random} r */
function ordinaryHeader(f, r) {
  f.add(
    `import type { Db } from '${relImport(f.rel, 'src/db/client.ts')}';`,
    `import type { Logger } from '${relImport(f.rel, 'src/lib/log.ts')}';`,
    '',
    `interface Like {`,
    '  id: string;',
    '  score: number;',
    '  tags: readonly string[];',
    '}',
  );
  for (const n of NOUNS) if (r.chance(0.08)) f.add(`type ${pascal(n)}Like = Like;`);
  f.add('');
}

/** @param {Random} r @param {string} rel @param {number} targetLines */
function ordinaryFile(r, rel, targetLines) {
  const f = new FileText(rel);
  f.add(`// ${rel}: ${r.pick(ADJS)} ${r.pick(NOUNS)} ${r.pick(['helpers', 'service', 'types', 'store', 'queries'])}.`);
  ordinaryHeader(f, r);
  /** @type {Set<string>} */
  const used = new Set();
  // Every `XLike` type used by a block must exist: declare them lazily at the end (hoisted type aliases are fine).
  while (f.lines.length < targetLines) ordinaryBlock(r, f, r.int(0, 9));
  for (const l of f.lines) for (const m of l.matchAll(/\b([A-Z][a-z]+)Like\b/g)) used.add(m[1]);
  const declared = new Set(f.lines.filter((l) => /^type \w+Like = Like;$/.test(l)).map((l) => l.slice(5, l.indexOf('Like'))));
  for (const u of used) if (!declared.has(u)) f.add(`type ${u}Like = Like;`);
  return f;
}

// ---------------------------------------------------------------------------------------------------------------
// The MCP layer: types, context, session (inbound _meta), strict params, merge layers, hooks, transports

function typesFile() {
  const f = new FileText('src/mcp/types.ts');
  f.add(
    '// Wire types of the MCP tool surface. `_meta` is the out-of-band channel of a tool result (MCP_META_CHANNELS).',
    '',
    "export type ContentBlock = { type: 'text'; text: string } | { type: 'resource'; uri: string; text?: string };",
    '',
    'export interface ToolResult {',
    '  content: ContentBlock[];',
    '  isError?: boolean;',
    '  /** Per-key out-of-band channel; merged per top-level key by the dispatch layer, never replaced. */',
    '  _meta?: Record<string, unknown>;',
    '}',
    '',
    'export type MetaFragment = Record<string, unknown>;',
    '',
    'export interface ToolCallParams {',
    '  name: string;',
    '  arguments?: Record<string, unknown>;',
    '  /** Inbound, client-to-server plane: e.g. `session_id`. Unrelated to the result channel. */',
    '  _meta?: { session_id?: string; progressToken?: string | number };',
    '}',
    '',
    'export interface Logger {',
    '  debug(message: string, data?: unknown): void;',
    '  warn(message: string, data?: unknown): void;',
    '}',
    '',
    'export interface OperationContext {',
    '  sessionId?: string;',
    '  log?: Logger;',
    '  db: { query<T>(sql: string, params?: unknown[]): Promise<T[]> };',
    "  /** Attaches one registered `_meta` key to this call's result. */",
    '  emitResponseMeta?: (key: string, value: unknown) => void;',
    '}',
    '',
    'export interface OpHandler {',
    '  name: string;',
    '  schema: { properties: Record<string, unknown> };',
    '  handler(args: Record<string, unknown>, ctx: OperationContext): Promise<ToolResult>;',
    '}',
    '',
    'export interface DispatchOptions {',
    '  log?: Logger;',
    "  strictParams?: 'off' | 'warn' | 'error';",
    '  /** Transport hook: returns a `_meta` fragment merged after handler-emitted keys. */',
    '  metaHook?: (params: ToolCallParams, result: ToolResult) => Promise<MetaFragment> | MetaFragment;',
    '}',
    '',
    'export const noopEmit = (_key: string, _value: unknown): void => undefined;',
  );
  return f;
}

function sessionFile() {
  const f = new FileText('src/mcp/session.ts');
  f.add(
    "import type { ToolCallParams } from './types';",
    '',
    '// Inbound `_meta` (tool ARGUMENTS plane): reads only.',
    'export function readSessionId(params: ToolCallParams): string | undefined {',
    '  const inbound = params._meta;',
    "  if (inbound && typeof inbound.session_id === 'string' && inbound.session_id.length > 0) {",
    '    return inbound.session_id;',
    '  }',
    '  const args = params.arguments as { _meta?: { session_id?: string } } | undefined;',
    '  return args?._meta?.session_id;',
    '}',
    '',
    'export function hasProgressToken(params: ToolCallParams): boolean {',
    "  return params._meta?.progressToken !== undefined && params._meta['progressToken'] !== null;",
    '}',
    '',
    'export function sessionLabel(params: ToolCallParams): string {',
    '  const { _meta: inbound, name } = params;',
    "  return `${name}@${inbound?.session_id ?? 'anonymous'}`;",
    '}',
  );
  return f;
}

function strictParamsFile() {
  const f = new FileText('src/mcp/strict-params.ts');
  f.add(
    "import type { OpHandler, ToolCallParams } from './types';",
    '',
    "export interface ParamWarning { code: 'unknown_param'; param: string; suggestion?: string }",
    '',
    'function distance(a: string, b: string): number {',
    '  const dp = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);',
    '  for (let j = 1; j <= b.length; j += 1) dp[0][j] = j;',
    '  for (let i = 1; i <= a.length; i += 1) {',
    '    for (let j = 1; j <= b.length; j += 1) {',
    '      dp[i][j] = Math.min(dp[i - 1][j] + 1, dp[i][j - 1] + 1, dp[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));',
    '    }',
    '  }',
    '  return dp[a.length][b.length];',
    '}',
    '',
    'export function checkStrictParams(op: OpHandler, params: ToolCallParams): ParamWarning[] {',
    '  const known = Object.keys(op.schema.properties);',
    '  const warnings: ParamWarning[] = [];',
    '  for (const param of Object.keys(params.arguments ?? {})) {',
    "    if (known.includes(param) || param === '_meta') continue;",
    '    const suggestion = known.find((k) => distance(k, param) <= 2);',
    "    warnings.push(suggestion ? { code: 'unknown_param', param, suggestion } : { code: 'unknown_param', param });",
    '  }',
    '  return warnings;',
    '}',
  );
  return f;
}

/** @param {number} variant */
function mergeLayerFile(variant) {
  const rel = ['src/mcp/dispatch.ts', 'src/mcp/dispatch-batch.ts', 'src/mcp/dispatch-stream.ts'][variant];
  const f = new FileText(rel);
  f.add(
    '// Merge layer (MCP_META_CHANNELS rule 1 and 4): handler-emitted keys first, then the transport hook, merged per key.',
    "import type { DispatchOptions, MetaFragment, OpHandler, OperationContext, ToolCallParams, ToolResult } from './types';",
    "import { readSessionId } from './session';",
    "import { checkStrictParams } from './strict-params';",
    '',
    "function collectorContext(params: ToolCallParams, base: Omit<OperationContext, 'emitResponseMeta'>, collected: Record<string, unknown>): OperationContext {",
    '  return {',
    '    ...base,',
    '    sessionId: readSessionId(params),',
    '    emitResponseMeta: (key, value) => {',
    '      collected[key] = value;',
    '    },',
    '  };',
    '}',
    '',
  );
  if (variant === 0) {
    f.add(
      'export async function dispatchToolCall(',
      '  op: OpHandler,',
      '  params: ToolCallParams,',
      "  base: Omit<OperationContext, 'emitResponseMeta'>,",
      '  opts: DispatchOptions = {},',
      '): Promise<ToolResult> {',
      '  const collected: Record<string, unknown> = {};',
      '  const ctx = collectorContext(params, base, collected);',
      '  const result = await op.handler(params.arguments ?? {}, ctx);',
      '  const out: ToolResult = { content: result.content, isError: result.isError };',
      '  out._meta = { ...collected };',
      "  if (opts.strictParams === 'warn') {",
      '    const warnings = checkStrictParams(op, params);',
      '    if (warnings.length > 0) {',
      '      out._meta = { ...out._meta, warnings };',
      '    }',
      '  }',
      '  if (opts.metaHook) {',
      '    try {',
      '      const fragment: MetaFragment = await opts.metaHook(params, out);',
      '      out._meta = { ...out._meta, ...fragment };',
      '    } catch (err) {',
      "      opts.log?.warn('metaHook failed; its keys stay absent', err);",
      '    }',
      '  }',
      '  // Reads are never writes.',
      '  if (Object.keys(out._meta).length === 0) {',
      "    opts.log?.debug('empty _meta', { tool: params.name });",
      '  }',
      '  return out;',
      '}',
    );
  } else if (variant === 1) {
    f.add(
      'export async function dispatchBatch(',
      '  ops: ReadonlyMap<string, OpHandler>,',
      '  calls: readonly ToolCallParams[],',
      "  base: Omit<OperationContext, 'emitResponseMeta'>,",
      '  opts: DispatchOptions = {},',
      '): Promise<ToolResult[]> {',
      '  const results: ToolResult[] = [];',
      '  for (const params of calls) {',
      '    const op = ops.get(params.name);',
      '    if (!op) {',
      "      results.push({ content: [{ type: 'text', text: `unknown tool ${params.name}` }], isError: true });",
      '      continue;',
      '    }',
      '    const collected: Record<string, unknown> = {};',
      '    const result = await op.handler(params.arguments ?? {}, collectorContext(params, base, collected));',
      '    const out: ToolResult = { content: result.content, isError: result.isError };',
      '    out._meta = { ...collected };',
      '    const warnings = checkStrictParams(op, params);',
      "    if (warnings.length > 0 && opts.strictParams === 'warn') {",
      '      const meta = out._meta;',
      '      meta.warnings = warnings;',
      '    }',
      '    if (opts.metaHook) {',
      '      try {',
      '        const fragment = await opts.metaHook(params, out);',
      '        out._meta = { ...(out._meta ?? {}), ...fragment };',
      '      } catch (err) {',
      "        opts.log?.warn('metaHook failed in batch', err);",
      '      }',
      '    }',
      '    results.push(out);',
      '  }',
      '  return results;',
      '}',
    );
  } else {
    f.add(
      'export async function dispatchStream(',
      '  op: OpHandler,',
      '  params: ToolCallParams,',
      "  base: Omit<OperationContext, 'emitResponseMeta'>,",
      '  send: (chunk: string) => void,',
      '  opts: DispatchOptions = {},',
      '): Promise<ToolResult> {',
      '  const collected: Record<string, unknown> = {};',
      '  const result = await op.handler(params.arguments ?? {}, collectorContext(params, base, collected));',
      '  for (const block of result.content) {',
      "    send(block.type === 'text' ? block.text : block.uri);",
      '  }',
      '  const out: ToolResult = { content: result.content };',
      '  out._meta = { ...collected };',
      '  try {',
      '    const fragment = await opts.metaHook?.(params, out);',
      '    if (fragment) out._meta = { ...out._meta, ...fragment };',
      '  } catch {',
      '    // a failing hook degrades to its keys being absent',
      '  }',
      '  return out;',
      '}',
    );
  }
  return f;
}

function hotMemoryHookFile() {
  const f = new FileText('src/mcp/hooks/hot-memory.ts');
  f.add(
    "import type { MetaFragment, ToolCallParams } from '../types';",
    "import { readSessionId } from '../session';",
    '',
    'export interface HotFact { id: string; text: string; score: number; pinned: boolean }',
    'export interface HotMemoryStore { recall(sessionId: string | undefined, tool: string): Promise<HotFact[]> }',
    '',
    '/** serve-http metaHook producer of `brain_hot_memory` (v0.31 eD3). */',
    'export async function getBrainHotMemoryMeta(params: ToolCallParams, store: HotMemoryStore): Promise<MetaFragment> {',
    '  const facts = await store.recall(readSessionId(params), params.name);',
    '  if (facts.length === 0) return {};',
    '  return {',
    '    brain_hot_memory: {',
    '      facts: facts.slice(0, 8).map((fact) => ({ id: fact.id, text: fact.text, score: fact.score })),',
    '      generated_at: new Date().toISOString(),',
    '    },',
    '  };',
    '}',
  );
  return f;
}

function timingHookFile() {
  const f = new FileText('src/mcp/hooks/timing.ts');
  f.add(
    "import type { MetaFragment } from '../types';",
    '',
    'export interface Phase { name: string; ms: number }',
    '',
    'export function getTimingMeta(startedAt: number, phases: readonly Phase[]): MetaFragment {',
    '  const fragment = {',
    '    timing: {',
    '      started_at: new Date(startedAt).toISOString(),',
    '      duration_ms: Date.now() - startedAt,',
    '      ...(phases.length > 0 ? { phases: phases.map((p) => ({ name: p.name, ms: p.ms })) } : {}),',
    '    },',
    '  };',
    '  return fragment;',
    '}',
  );
  return f;
}

/** @param {'http' | 'stdio' | 'sse'} kind */
function transportFile(kind) {
  const rel = `src/transport/serve-${kind}.ts`;
  const f = new FileText(rel);
  f.add(
    "import { dispatchToolCall } from '../mcp/dispatch';",
    "import { getBrainHotMemoryMeta, type HotMemoryStore } from '../mcp/hooks/hot-memory';",
    "import { getTimingMeta } from '../mcp/hooks/timing';",
    "import type { DispatchOptions, OpHandler, OperationContext, ToolCallParams, ToolResult } from '../mcp/types';",
    '',
    `export function ${kind}DispatchOptions(store: HotMemoryStore, startedAt: () => number): DispatchOptions {`,
    '  return {',
    "    strictParams: 'warn',",
    kind === 'http'
      ? '    metaHook: async (params) => ({ ...(await getBrainHotMemoryMeta(params, store)), ...getTimingMeta(startedAt(), []) }),'
      : '    metaHook: () => getTimingMeta(startedAt(), []),',
    '  };',
    '}',
    '',
    `export async function handle${pascal(kind)}Request(`,
    '  ops: ReadonlyMap<string, OpHandler>,',
    '  body: { params: ToolCallParams },',
    "  base: Omit<OperationContext, 'emitResponseMeta'>,",
    '  opts: DispatchOptions,',
    '): Promise<{ status: number; json: ToolResult }> {',
    '  const op = ops.get(body.params.name);',
    '  if (!op) {',
    "    return { status: 404, json: { content: [{ type: 'text', text: 'no such tool' }], isError: true } };",
    '  }',
    '  const json = await dispatchToolCall(op, body.params, base, opts);',
    "  const session = body.params._meta?.session_id ?? 'none';",
    `  base.log?.debug('${kind} request', { session, keys: Object.keys(json._meta ?? {}) });`,
    '  return { status: 200, json };',
    '}',
  );
  return f;
}

function rowsLibFile() {
  const f = new FileText('src/lib/rows.ts');
  f.add(
    "import type { OperationContext } from '../mcp/types';",
    '',
    'export interface Row {',
    '  id: string;',
    '  text: string;',
    '  score: number;',
    '  src: string;',
    '  dst: string;',
    '  weight: number;',
    '  line: number;',
    '  code: string;',
    '  message: string;',
    '}',
    '',
    'export interface OpArgs {',
    '  query?: string;',
    '  limit?: number;',
    '  page?: number;',
    '  cursor?: string;',
    '  depth?: number;',
    '  vector?: boolean;',
    '  expand?: boolean;',
    '  hint?: boolean;',
    '  traceId?: string;',
    '}',
    '',
    'export async function loadRows(ctx: OperationContext, table: string, opts: { limit: number; cursor?: string }): Promise<Row[]> {',
    "  return ctx.db.query<Row>(`SELECT * FROM ${table} WHERE id > $1 LIMIT $2`, [opts.cursor ?? '', opts.limit]);",
    '}',
    '',
    'export function renderRows(rows: readonly Row[]): string {',
    "  return rows.map((r, i) => `${i + 1}. ${r.text} (${r.score.toFixed(2)})`).join('\\n');",
    '}',
    '',
    'export async function summarize(rows: readonly Row[]): Promise<Record<string, unknown>> {',
    '  return { count: rows.length };',
    '}',
  );
  return f;
}

function logLibFile() {
  const f = new FileText('src/lib/log.ts');
  f.add(
    "export type { Logger } from '../mcp/types';",
    "import type { Logger } from '../mcp/types';",
    '',
    'export function consoleLogger(prefix: string): Logger {',
    '  return {',
    "    debug: (message, data) => console.debug(`[${prefix}] ${message}`, data ?? ''),",
    "    warn: (message, data) => console.warn(`[${prefix}] ${message}`, data ?? ''),",
    '  };',
    '}',
  );
  return f;
}

function dbClientFile() {
  const f = new FileText('src/db/client.ts');
  f.add(
    'export interface Db {',
    '  query<T>(sql: string, params?: unknown[]): Promise<T[]>;',
    '}',
    '',
    'export function memoryDb(): Db {',
    '  return { query: async () => [] };',
    '}',
  );
  return f;
}

// ---------------------------------------------------------------------------------------------------------------
// Op handlers (producers)

/**
 * @overload
 * @param {Random} r @param {FieldKey} key @param {{ oneLine: true, allowSpread?: boolean }} options
 * @returns {string}
 */
/**
 * @overload
 * @param {Random} r @param {FieldKey} key @param {{ oneLine?: false, allowSpread?: boolean }} [options]
 * @returns {string[]}
 */
/**
 * @param {Random} r @param {FieldKey} key @param {{ oneLine?: boolean, allowSpread?: boolean }} [options]
 * @returns {string | string[]}
 */
function valueProps(r, key, { oneLine = false, allowSpread = true } = {}) {
  /** @type {Record<string, string>} */
  const exprs = FIELD_EXPRS[key];
  const names = r.subset(Object.keys(exprs), 2);
  const props = names.map((n) => `${n}: ${exprs[n]}`);
  if (allowSpread && r.chance(0.35)) {
    const unused = Object.keys(exprs).filter((n) => !names.includes(n));
    if (unused.length > 0) {
      const n = r.pick(unused);
      props.push(`...(rows.length > ${r.int(0, 3)} ? { ${n}: ${exprs[n]} } : {})`);
    }
  }
  if (oneLine) return `{ ${props.join(', ')} }`;
  return props;
}

/** @param {Random} r @param {string} key @param {string | null} constName */
function keyExpr(r, key, constName) {
  if (constName && r.chance(0.5)) return constName;
  if (r.chance(0.15)) return `\`${key}\``;
  return `'${key}'`;
}

/** @typedef {{ dir: string, key: FieldKey, weight: number }} Family */
/** @typedef {keyof typeof FIELD_EXPRS} FieldKey */
/** @typedef {{ f: FileText, family: Family, Base: string }} Op */
/** @typedef {{ file: string, line: number, ruleId: string }} Expected */

/**
 * @param {Random} r @param {Family} family @param {number} index @param {{ name?: string, minLines?: number }} [options]
 * @returns {Op}
 */
function opFile(r, family, index, { name = `${r.pick(VERBS)}-${r.pick(NOUNS)}-${index}`, minLines = 0 } = {}) {
  const rel = `src/core/ops/${family.dir}/${name}.ts`;
  const f = new FileText(rel);
  const key = family.key;
  const Base = pascal(name.replace(/-/g, '_'));
  const useConst = r.chance(0.4);
  const constName = useConst ? 'META_KEY' : null;
  f.add(
    `// ${family.dir} op: ${name}. Emits the '${key}' key (MCP_META_CHANNELS: one producer per key, isolated in try/catch).`,
    `import type { OperationContext, ToolResult } from '${relImport(rel, 'src/mcp/types.ts')}';`,
    `import { noopEmit } from '${relImport(rel, 'src/mcp/types.ts')}';`,
    `import { loadRows, renderRows, summarize, type OpArgs, type Row } from '${relImport(rel, 'src/lib/rows.ts')}';`,
    '',
  );
  if (useConst) f.add(`const META_KEY = '${key}';`, '');
  f.add(`export interface ${Base}Args extends OpArgs {`, `  ${camel(r.pick(NOUNS))}Id?: string;`, '}', '');

  let needBuilder = false;
  const builderName = `build${Base}Meta`;
  const handlers = r.int(2, 5);
  for (let h = 0; h < handlers || f.lines.length < minLines - 12; h += 1) {
    const fn = `${camel(r.pick(VERBS))}${pascal(r.pick(NOUNS))}${h}`;
    const table = `${r.pick(NOUNS)}s`;
    f.add(
      `export async function ${fn}(args: ${Base}Args, ctx: OperationContext): Promise<ToolResult> {`,
      '  const started = Date.now();',
      `  const rows = await loadRows(ctx, '${table}', { limit: args.limit ?? ${r.int(5, 50)}, cursor: args.cursor });`,
      `  const total = rows.length + ${r.int(0, 40)};`,
    );
    // 0-5: the common shapes; 6-11: rarer spellings of the same clean writes (wrappers, brackets, Object.assign,
    // computed const keys, creating a missing _meta first).
    const variant = r.chance(0.75) ? r.int(0, 5) : r.int(6, 11);
    const k = keyExpr(r, key, constName);
    let returned = false;
    if (variant === 0) {
      needBuilder = true;
      f.add(
        '  try {',
        `    ctx.emitResponseMeta?.(${k}, ${builderName}(rows, args, total));`,
        '  } catch (err) {',
        `    ctx.log?.debug('${key} meta degraded', err);`,
        '  }',
      );
    } else if (variant === 1) {
      // The value is computed right before the emit, so one try holds both (issue 26 §2).
      f.add('  try {', `    const ${camel(family.dir)}Meta = {`);
      for (const p of valueProps(r, key)) f.add(`      ${p},`);
      f.add(
        '    };',
        `    ctx.emitResponseMeta?.(${k}, ${camel(family.dir)}Meta);`,
        '  } catch {',
        `    // the '${key}' key degrades to absent`,
        '  }',
      );
    } else if (variant === 2) {
      f.add('  try {', `    ctx.emitResponseMeta?.(${k}, {`);
      for (const p of valueProps(r, key)) f.add(`      ${p},`);
      f.add('    });', '  } catch {', `    // the '${key}' key degrades to absent`, '  }');
    } else if (variant === 3) {
      f.add(
        '  const emitMeta = ctx.emitResponseMeta ?? noopEmit;',
        '  try {',
        `    emitMeta(${k}, await summarize(rows));`,
        '  } catch {',
        `    /* '${key}' stays absent; the call goes on */`,
        '  }',
      );
    } else if (variant === 4) {
      const v = `${camel(family.dir)}Summary`;
      f.add(
        `  const result: ToolResult = { content: [{ type: 'text', text: renderRows(rows) }] };`,
        `  const ${v} = ${valueProps(r, key, { oneLine: true })};`,
        `  result._meta = { ...result._meta, ${propKey(key)}: ${v} };`,
        '  return result;',
      );
      returned = true;
    } else if (variant >= 6) {
      const v = `${camel(family.dir)}Summary`;
      const member = isIdent(key) ? `result._meta.${key}` : `result._meta['${key}']`;
      f.add(
        `  const result: ToolResult = { content: [{ type: 'text', text: renderRows(rows) }] };`,
        `  const ${v} = ${valueProps(r, key, { oneLine: true })};`,
      );
      if (variant === 6) f.add('  result._meta ??= {};', `  Object.assign(result._meta, { ${propKey(key)}: ${v} });`);
      else if (variant === 7) f.add(`  (result as ToolResult)._meta = { ...(result as ToolResult)._meta, ${propKey(key)}: ${v} };`);
      else if (variant === 8) f.add(`  result['_meta'] = { ...result['_meta'], ${propKey(key)}: ${v} };`);
      else if (variant === 9) f.add(`  result._meta = { ...result._meta, [${constName ?? `'${key}'`}]: ${v} };`);
      else if (variant === 10) f.add('  if (!result._meta) result._meta = {};', `  ${member} = ${v};`);
      else f.add('  result._meta = result._meta ?? {};', `  ${member.replace('result._meta', 'result._meta!')} = ${v};`);
      f.add('  return result;');
      returned = true;
    } else {
      const member = isIdent(key) ? `result._meta.${key}` : `result._meta['${key}']`;
      f.add(
        `  const result: ToolResult = { content: [{ type: 'text', text: renderRows(rows) }] };`,
        '  result._meta ??= {};',
        '  try {',
        `    ${member} = await summarize(rows);`,
        '  } catch (err) {',
        `    ctx.log?.warn('${key} meta degraded', err);`,
        '  }',
        '  return result;',
      );
      returned = true;
    }
    if (!returned) {
      f.add(
        `  ctx.log?.debug('${fn} done', { ms: Date.now() - started, session: ctx.sessionId });`,
        `  return { content: [{ type: 'text', text: renderRows(rows) }] };`,
      );
    }
    f.add('}', '');
    // Ordinary helpers between handlers, as in a real op module.
    for (let i = r.int(1, 4); i > 0; i -= 1) ordinaryBlock(r, f, r.pick([1, 3, 5, 6, 8]));
  }
  if (needBuilder) {
    f.add(`function ${builderName}(rows: Row[], args: ${Base}Args, total: number) {`, '  return {');
    for (const p of valueProps(r, key)) f.add(`    ${p},`);
    f.add('  };', '}', '');
  }
  return { f, family, Base };
}

/** @param {FileText} f */
function finishOrdinaryTypes(f) {
  const used = new Set();
  for (const l of f.lines) for (const m of l.matchAll(/\b([A-Z][a-z]+)Like\b/g)) used.add(m[1]);
  if (used.size > 0) {
    f.add('interface Like {', '  id: string;', '  score: number;', '  tags: readonly string[];', '}');
    for (const u of used) f.add(`type ${u}Like = Like;`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Seeded violations: the rule docs' incorrect examples (docs/rules/<rule>.md, each linted by test/docs-examples.test.ts
// against its `// Reports:` line), each written as a file of its own at a path the corpus manifest gives the role the
// doc gives it. The corpus holds no second opinion of what a violation is, nor of where it is reported.

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The rules violations are seeded for, in the order they are spread over. Not the rule list: that is the plugin's
 * (`loadPlugin` checks these names against the built plugin and takes the namespace from it).
 */
const SEEDABLE_RULES = [
  'no-wholesale-meta-assign',
  'no-foreign-meta-key',
  'require-producer-isolation',
  'no-unregistered-meta-key',
  'no-unregistered-meta-field',
];

/**
 * Where an example of the file `// File:` names (relative to docs/examples, whose manifest gives it its role) goes in
 * the corpus: a path the corpus manifest gives the same role. Examples of other files (a hook, an ignored command) are
 * not seeded.
 * @type {Record<string, (name: string) => string>}
 */
const CORPUS_PATH_FOR_DOC_FILE = {
  // A producer of 'retrieval'.
  'src/core/ops/search.ts': (name) => `src/core/ops/search/${name}.ts`,
  'src/core/ops/query.ts': (name) => `src/core/ops/query/${name}.ts`,
  // The merge layer.
  'src/mcp/dispatch.ts': (name) => `src/mcp/dispatch-${name}.ts`,
  // The docs' default file, which owns no key.
  'src/core/ops/list-pages.ts': (name) => `src/core/ops/${name}.ts`,
};
const DOCS_DEFAULT_FILE = 'src/core/ops/list-pages.ts';

/** @typedef {{ rule: string, code: string, docFile: string, reports: string[] }} DocExample */
/** @typedef {{ meta: { namespace: string }, rules: Record<string, unknown>, configs: Record<string, unknown> }} Plugin */

/** @returns {Plugin} the built plugin (dist/), whose rules the seeds are for and whose findings place them */
function loadPlugin() {
  /** @type {Plugin} */
  let plugin;
  try {
    plugin = requireAs(createRequire(import.meta.url), '../dist/src/index.js');
  } catch (err) {
    throw new Error(`seeding violations needs the built plugin (npm run build): ${/** @type {Error} */ (err).message}`);
  }
  const unknown = SEEDABLE_RULES.filter((name) => !Object.hasOwn(plugin.rules, name));
  if (unknown.length > 0) throw new Error(`the generator seeds rules the plugin does not have: ${unknown.join(', ')}`);
  return plugin;
}

/**
 * The ```ts blocks of a rule doc under a heading that says "Incorrect", with the doc's conventions read as
 * test/docs-examples.test.ts reads them.
 * @param {string} markdown @returns {{ code: string }[]}
 */
function incorrectBlocksIn(markdown) {
  const lines = markdown.split('\n');
  /** @type {{ level: number, text: string }[]} */
  const headings = [];
  const blocks = [];
  for (let i = 0; i < lines.length; i += 1) {
    const heading = /^(#{1,6})\s+(.*)$/.exec(lines[i]);
    if (heading) {
      while (headings.length > 0 && headings[headings.length - 1].level >= heading[1].length) headings.pop();
      headings.push({ level: heading[1].length, text: heading[2].trim() });
      continue;
    }
    const fence = /^(\s*)(`{3,}|~{3,})\s*(\w*)/.exec(lines[i]);
    if (!fence) continue;
    const body = [];
    let end = i + 1;
    while (end < lines.length && !lines[end].trimStart().startsWith(fence[2])) body.push(lines[end++]);
    const judged = [...headings].reverse().find((h) => h.text.includes('Incorrect') || h.text.includes('Correct'));
    if ((fence[3] === 'ts' || fence[3] === 'typescript') && judged?.text.includes('Incorrect'))
      blocks.push({ code: `${body.join('\n')}\n` });
    i = end;
  }
  return blocks;
}

/**
 * The incorrect examples of `rule`'s doc a corpus can hold: linted without types, with the rule's default options and
 * the docs' manifest, one report each, of a file the corpus has a place for. In the doc's order.
 * @param {string} rule @returns {DocExample[]}
 */
function docExamplesOf(rule) {
  return incorrectBlocksIn(readFileSync(path.join(REPO, 'docs/rules', `${rule}.md`), 'utf8')).flatMap(({ code }) => {
    if (/^\s*\/\/\s*(Typed\s*$|Options:|Settings:)/m.test(code)) return [];
    const docFile = /^\s*\/\/\s*File:\s*(\S+)\s*$/.exec(code.split('\n', 1)[0])?.[1] ?? DOCS_DEFAULT_FILE;
    const reports = (/^\s*\/\/\s*Reports:\s*(.+)$/m.exec(code)?.[1] ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id.length > 0);
    return reports.length === 1 && Object.hasOwn(CORPUS_PATH_FOR_DOC_FILE, docFile) ? [{ rule, code, docFile, reports }] : [];
  });
}

/**
 * Lints `code` as the corpus file `rel` of `dir` with every rule of the plugin, as the bench does (the corpus test
 * runs a subset of them): what a seed reports there.
 * @param {string} dir @param {Plugin} plugin
 * @returns {(code: string, rel: string) => import('eslint').Linter.LintMessage[]}
 */
function corpusLinter(dir, plugin) {
  const require = createRequire(import.meta.url);
  /** @type {typeof import('eslint')} */
  const { Linter } = requireAs(require, 'eslint');
  /** @type {import('eslint').Linter.Parser} */
  const parser = requireAs(require, '@typescript-eslint/parser');
  const linter = new Linter({ cwd: dir });
  /** @type {import('eslint').Linter.Config[]} */
  const config = [
    { files: ['**/*.ts'], languageOptions: { parser, sourceType: 'module' } },
    {
      files: ['**/*.ts'],
      plugins: { [plugin.meta.namespace]: /** @type {import('eslint').ESLint.Plugin} */ (/** @type {unknown} */ (plugin)) },
      rules: Object.fromEntries(Object.keys(plugin.rules).map((name) => [`${plugin.meta.namespace}/${name}`, 'error'])),
      settings: { [plugin.meta.namespace]: { registry: path.join(dir, 'mcp-meta.registry.json') } },
    },
  ];
  return (code, rel) => linter.verify(code, config, path.join(dir, rel));
}

/**
 * `violations` seed files, spread over `SEEDABLE_RULES` in turn: for each, one of the rule's doc examples (picked with
 * `r`) after ordinary code, written where the corpus gives its file's role. An example is seeded only where the whole
 * plugin reports exactly what its doc says it reports (its `// Reports:` line) and nothing else (the corpus manifest is
 * not the docs' one, and some examples break a second rule too); the line is where that report is. So a seed's line is
 * the plugin's, its verdict the doc's: that every example reports what its doc says is docs-examples.test's check, and
 * the corpus's is that its clean files stay silent and the seeds report alike in a whole project.
 * @param {Random} r @param {string} dir the corpus folder, its manifest written @param {number} violations
 * @returns {{ files: FileText[], expected: Expected[] }}
 */
function seedFiles(r, dir, violations) {
  /** @type {FileText[]} */
  const files = [];
  /** @type {Expected[]} */
  const expected = [];
  if (violations <= 0) return { files, expected };
  const plugin = loadPlugin();
  const lint = corpusLinter(dir, plugin);
  /** @type {Map<string, DocExample[]>} */
  const usable = new Map();
  for (const rule of SEEDABLE_RULES) {
    const ruleId = `${plugin.meta.namespace}/${rule}`;
    const reportsJustIts = (/** @type {DocExample} */ example, /** @type {string} */ rel) => {
      const messages = lint(example.code, rel);
      return messages.length === 1 && messages[0].ruleId === ruleId && messages[0].messageId === example.reports[0] ? messages[0] : null;
    };
    const examples = docExamplesOf(rule).filter((example) =>
      reportsJustIts(example, CORPUS_PATH_FOR_DOC_FILE[example.docFile]('seed-probe')),
    );
    if (examples.length === 0) throw new Error(`no example of docs/rules/${rule}.md can be seeded into the corpus`);
    usable.set(rule, examples);
    for (let n = SEEDABLE_RULES.indexOf(rule); n < violations; n += SEEDABLE_RULES.length) {
      const example = r.pick(examples);
      const rel = CORPUS_PATH_FOR_DOC_FILE[example.docFile](`legacy-${rule.replace(/^no-|-meta/g, '')}-${n}`);
      // A module of the size of an op file (~175 lines): ordinary code, then the example.
      // The docs' conventions (`// File:`, `// Reports:`) are not part of the code.
      const code = example.code.replace(/^\s*\/\/\s*(File|Reports):.*\n/gm, '').replace(/\n$/, '');
      const f = ordinaryFile(r, rel, r.int(110, 230)).add('', code);
      const found = reportsJustIts({ ...example, code: f.text() }, rel);
      if (!found) throw new Error(`docs/rules/${rule}.md: an example reports otherwise in ${rel} than on its own`);
      files.push(f);
      expected.push({ file: rel, line: found.line, ruleId });
    }
  }
  return { files, expected };
}

// ---------------------------------------------------------------------------------------------------------------
// Other planes and lookalikes

/** @param {Random} r @param {number} i */
function evalCommandFile(r, i) {
  const name = `eval-${r.pick(['recall', 'precision', 'latency', 'grounding', 'coverage'])}-${i}`;
  const rel = `src/commands/${name}.ts`;
  const f = new FileText(rel);
  f.add(
    `// ${name}: eval-report JSON BODY; its _meta.metric_glossary is a third, unrelated plane (ignored by the manifest).`,
    "import type { ToolResult } from '../mcp/types';",
    '',
    'const GLOSSARY = {',
    "  recall_at_k: 'Share of relevant items in the top k.',",
    "  mrr: 'Mean reciprocal rank of the first relevant item.',",
    '};',
    '',
    'export interface EvalReport { metrics: Record<string, number>; _meta?: Record<string, unknown> }',
    '',
    `export function ${camel(name.replace(/-/g, '_'))}Body(metrics: Record<string, number>): EvalReport {`,
    '  const report: EvalReport = { metrics };',
    '  report._meta = { metric_glossary: GLOSSARY };',
    '  return report;',
    '}',
    '',
    `export function ${camel(name.replace(/-/g, '_'))}Result(report: EvalReport): ToolResult {`,
    "  const result: ToolResult = { content: [{ type: 'text', text: JSON.stringify(report) }], _meta: { metric_glossary: GLOSSARY } };",
    '  delete result._meta;',
    '  return { ...result, _meta: { metric_glossary: GLOSSARY, generated: Date.now() } };',
    '}',
    '',
  );
  for (let k = r.int(3, 8); k > 0; k -= 1) ordinaryBlock(r, f, r.pick([1, 4, 5, 8]));
  finishOrdinaryTypes(f);
  return f;
}

/** @param {Random} r @param {number} i */
function clientFile(r, i) {
  const rel = `src/client/${r.pick(['thin', 'cli', 'bridge', 'probe'])}-client-${i}.ts`;
  const f = new FileText(rel);
  f.add(
    '// A thin client: sends inbound _meta (session_id) with tool ARGUMENTS and reads the result channel.',
    "import type { ToolCallParams, ToolResult } from '../mcp/types';",
    '',
    'export function buildCall(name: string, args: Record<string, unknown>, sessionId: string): { method: string; params: ToolCallParams } {',
    "  return { method: 'tools/call', params: { name, arguments: args, _meta: { session_id: sessionId } } };",
    '}',
    '',
    'export function retrievalCount(result: ToolResult): number | undefined {',
    '  const retrieval = result._meta?.retrieval as { returned_count?: number } | undefined;',
    '  return retrieval?.returned_count;',
    '}',
    '',
    "export function splitResult(result: ToolResult): { body: ToolResult['content']; keys: string[] } {",
    '  const { _meta, content } = result;',
    '  return { body: content, keys: Object.keys(_meta ?? {}) };',
    '}',
    '',
    'export function hasWarnings(result: ToolResult): boolean {',
    "  return Array.isArray(result._meta?.['warnings']) && result._meta !== undefined;",
    '}',
    '',
  );
  for (let k = r.int(4, 10); k > 0; k -= 1) ordinaryBlock(r, f, r.pick([1, 3, 5, 6, 8]));
  finishOrdinaryTypes(f);
  return f;
}

/** @param {Random} r @param {number} i */
function lookalikeFile(r, i) {
  const rel = `src/lib/${r.pick(['edges', 'documents', 'records', 'graph-store'])}-${i}.ts`;
  const f = new FileText(rel);
  f.add(
    '// Names that only look like the result channel: _metadata, meta, edge_meta.',
    '',
    'export interface Edge { from: string; to: string; edge_meta?: { weight: number; label?: string } }',
    'export interface Doc { id: string; meta: { title: string; tags: string[] }; _metadata?: Record<string, unknown> }',
    '',
    'export function weighEdge(edge: Edge, weight: number): Edge {',
    '  edge.edge_meta = { weight };',
    '  return { ...edge, edge_meta: { weight, label: edge.edge_meta.label } };',
    '}',
    '',
    'export function stampDoc(doc: Doc, source: string): Doc {',
    '  doc._metadata = { source, at: Date.now() };',
    "  doc.meta = { title: doc.meta.title.trim(), tags: [...doc.meta.tags, 'stamped'] };",
    '  delete doc._metadata;',
    '  Object.assign(doc, { meta: { title: source, tags: [] } });',
    '  return { ...doc, _metadata: { source } };',
    '}',
    '',
    'export function docResult(doc: Doc): { content: { type: string; text: string }[]; meta: unknown } {',
    "  const meta = { id: doc.id, emitted: 'never' };",
    "  return { content: [{ type: 'text', text: doc.meta.title }], meta };",
    '}',
    '',
  );
  for (let k = r.int(4, 10); k > 0; k -= 1) ordinaryBlock(r, f, r.pick([0, 1, 3, 4, 5, 6, 7, 8, 9]));
  finishOrdinaryTypes(f);
  return f;
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * Writes a corpus into `dir` and returns its size and the seeded violations.
 * @param {string} dir
 * @param {{ files?: number, seed?: number, violations?: number }} [options]
 * @returns {{ files: number, lines: number, expected: { file: string, line: number, ruleId: string }[], dir: string }}
 */
export function generateCorpus(dir, { files = 1000, seed = 1, violations = 0 } = {}) {
  const r = makeRandom(seed);
  /** @type {FileText[]} */
  const out = [];
  /** @type {Expected[]} */
  const expected = [];

  const fixed = [
    typesFile(),
    sessionFile(),
    strictParamsFile(),
    mergeLayerFile(0),
    mergeLayerFile(1),
    mergeLayerFile(2),
    hotMemoryHookFile(),
    timingHookFile(),
    transportFile('http'),
    transportFile('stdio'),
    transportFile('sse'),
    rowsLibFile(),
    logLibFile(),
    dbClientFile(),
  ];
  out.push(...fixed);
  const remaining = Math.max(0, files - fixed.length);

  // Op handlers ~14% (the seed files, which write `_meta` too, among them), at least one per family; eval commands
  // ~2%; clients ~2%; lookalikes ~3%; the rest ordinary.
  const weightSum = FAMILIES.reduce((s, fam) => s + fam.weight, 0);
  const opCount = Math.max(FAMILIES.length, Math.round(remaining * 0.14) - Math.max(0, violations));
  const ops = [];
  let opIndex = 0;
  for (const fam of FAMILIES) {
    const count = Math.max(1, Math.round((opCount * fam.weight) / weightSum));
    for (let i = 0; i < count; i += 1) ops.push(opFile(r, fam, opIndex++));
  }
  const evalCount = Math.max(1, Math.round(remaining * 0.02));
  const clientCount = Math.max(1, Math.round(remaining * 0.02));
  const lookCount = Math.max(1, Math.round(remaining * 0.03));

  // The manifest first: seeds are placed by linting them under it.
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'mcp-meta.registry.json'), `${JSON.stringify(buildManifest(), null, 2)}\n`);
  const seeds = seedFiles(r, dir, violations);
  out.push(...seeds.files);
  expected.push(...seeds.expected);
  for (const op of ops) {
    finishOrdinaryTypes(op.f);
    out.push(op.f);
  }
  for (let i = 0; i < evalCount; i += 1) out.push(evalCommandFile(r, i));
  for (let i = 0; i < clientCount; i += 1) out.push(clientFile(r, i));
  for (let i = 0; i < lookCount; i += 1) out.push(lookalikeFile(r, i));

  const folders = [
    'src/lib',
    'src/services',
    'src/db',
    'src/types',
    'src/util',
    'src/core/model',
    'src/core/index',
    'src/jobs',
    'src/config',
  ];
  let i = 0;
  while (out.length < files) {
    const folder = r.pick(folders);
    const rel = `${folder}/${r.pick(ADJS)}-${r.pick(NOUNS)}-${i++}.ts`;
    out.push(ordinaryFile(r, rel, r.int(200, 520)));
  }

  let lines = 0;
  for (const f of out) {
    const abs = path.join(dir, f.rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, f.text());
    lines += f.lines.length;
  }
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    `${JSON.stringify(
      {
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          lib: ['ES2023', 'DOM'],
          strict: true,
          skipLibCheck: true,
          noEmit: true,
          types: [],
        },
        include: ['src'],
      },
      null,
      2,
    )}\n`,
  );
  writeFileSync(
    path.join(dir, 'package.json'),
    `${JSON.stringify({ name: 'generated-mcp-server', private: true, type: 'module' }, null, 2)}\n`,
  );
  expected.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1));
  return { dir, files: out.length, lines, expected };
}

/**
 * One producer file of about `lines` lines (op handlers of the 'retrieval' key and their helpers), for the bench's
 * warm `lintText` measurement. `rel` is where it belongs in a generated corpus (a 'retrieval' producer path).
 * @param {{ lines?: number, seed?: number }} [options]
 * @returns {{ rel: string, text: string, lines: number }}
 */
export function generateProducerFile({ lines = 1000, seed = 1 } = {}) {
  const r = makeRandom(seed);
  const { f } = opFile(r, FAMILIES[0], 9999, { name: 'bench-producer', minLines: lines });
  finishOrdinaryTypes(f);
  return { rel: f.rel, text: f.text(), lines: f.lines.length };
}

// ---------------------------------------------------------------------------------------------------------------
// CLI

/** @param {string[]} argv */
function parseArgs(argv) {
  const opts = { dir: /** @type {string | null} */ (null), files: 1000, seed: 1, violations: 10 };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--files') opts.files = Number(argv[++i]);
    else if (a === '--seed') opts.seed = Number(argv[++i]);
    else if (a === '--violations') opts.violations = Number(argv[++i]);
    else if (!a.startsWith('--')) opts.dir = a;
    else throw new Error(`unknown option ${a}`);
  }
  return opts;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const opts = parseArgs(process.argv.slice(2));
  if (!opts.dir) {
    console.error('usage: node scripts/generate-corpus.mjs DIR [--files N] [--seed S] [--violations V]');
    process.exit(2);
  }
  const res = generateCorpus(path.resolve(opts.dir), opts);
  console.log(`${res.files} files, ${res.lines} lines, ${res.expected.length} seeded violations in ${res.dir}`);
  for (const v of res.expected) console.log(`  ${v.file}:${v.line} ${v.ruleId}`);
}
