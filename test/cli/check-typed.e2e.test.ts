/**
 * `mcp-meta check --typed` (the built bin, on temporary projects): the codebase-wide "field still written" check reads
 * keys and values by their types, as the rules do with a program. A field written only through a typed builder in
 * another module, under a key held in a typed parameter, is "never written" without types and written with them;
 * `resultTypes` narrows which objects count; the SDK's types place a write a name guessed wrong, for the key checks
 * and the MCP Apps linkage alike (as a typed lint places it); a missing tsconfig is a usage error (exit 2) saying what
 * to pass.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Linter } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import plugin from '../../rules';
import { assertBinBuilt, makeTempDir, REPO_ROOT, removeTempDirs, runBin, writeFiles, writeManifest } from './run-bin';

const TSCONFIG = JSON.stringify(
  { compilerOptions: { target: 'ES2022', module: 'Node16', moduleResolution: 'Node16', strict: true, noEmit: true }, include: ['src'] },
  null,
  2,
);

const KEYS = `/** The \`_meta\` keys this server's producers attach. */
export type StatsKey = 'retrieval';
`;

const STATS = `export interface RetrievalStats {
  returned_count: number;
  vector_enabled: boolean;
  cache_hit: boolean;
}

/** Collects a search's statistics as it runs; \`snapshot()\` is what the producer attaches. */
export class StatsCollector {
  private hits = 0;
  private cacheHit = false;
  record(hits: number, cacheHit: boolean): void {
    this.hits = hits;
    this.cacheHit = cacheHit;
  }
  snapshot(): RetrievalStats {
    return { returned_count: this.hits, vector_enabled: true, cache_hit: this.cacheHit };
  }
}
`;

// `cache_hit` is only ever written by the collector's snapshot, emitted under a key the syntax cannot name.
const SEARCH = `import type { StatsKey } from './keys.js';
import { StatsCollector } from './stats.js';

interface Ctx {
  emitResponseMeta(key: string, value: unknown): void;
}

function attachStats(ctx: Ctx, key: StatsKey, collector: StatsCollector): void {
  try {
    ctx.emitResponseMeta(key, collector.snapshot());
  } catch {
    // the key degrades to absent
  }
}

export function search(ctx: Ctx, query: string): string[] {
  if (query === '') {
    try {
      ctx.emitResponseMeta('retrieval', { returned_count: 0, vector_enabled: false });
    } catch {
      // the key degrades to absent
    }
    return [];
  }
  const collector = new StatsCollector();
  collector.record(1, false);
  attachStats(ctx, 'retrieval', collector);
  return [query];
}
`;

const MANIFEST = {
  version: 1,
  emitters: ['emitResponseMeta'],
  keys: { retrieval: { producers: ['src/search.ts'], fields: ['returned_count', 'vector_enabled', 'cache_hit'] } },
};

interface CheckJson {
  ok: boolean;
  findings: Array<{ code: string; severity: string; message: string; file: string; line: number; column: number }>;
  notes: string[];
}

function project(files: Record<string, string> = {}, manifest: unknown = MANIFEST): string {
  const dir = makeTempDir();
  writeFiles(dir, { 'tsconfig.json': TSCONFIG, 'src/keys.ts': KEYS, 'src/stats.ts': STATS, 'src/search.ts': SEARCH, ...files });
  writeManifest(dir, manifest);
  return dir;
}

function check(dir: string, ...args: string[]): { status: number | null; json: CheckJson } {
  const result = runBin(['check', ...args, '--format', 'json'], dir);
  return { status: result.status, json: JSON.parse(result.stdout) as CheckJson };
}

beforeAll(assertBinBuilt);
afterAll(removeTempDirs);

describe('mcp-meta check --typed', () => {
  it('a field written only by a typed builder in another module: never written untyped, written typed', () => {
    const dir = project();
    const untyped = check(dir);
    expect(untyped.status).toBe(1);
    expect(untyped.json.findings.map((finding) => [finding.code, finding.message.split("'")[1]])).toEqual([
      ['field-not-written', 'retrieval.cache_hit'],
    ]);
    const typed = check(dir, '--typed');
    expect(typed.json.findings).toEqual([]);
    expect(typed.json.notes).toEqual(['checked 1 keys against 1 producer files', 'read with the types of tsconfig.json']);
    expect(typed.status).toBe(0);
  });

  it('on the example server, whose warnings value is built in another module, reports only the seeded key violations', () => {
    const typed = check(path.join(REPO_ROOT, 'fixtures/example-server'), '--typed');
    // The lint's seeded key reports (src/violations): no key-not-written or field-not-written.
    expect(typed.json.findings.map((finding) => finding.code)).toEqual([
      'key-foreign',
      'key-foreign',
      'key-unregistered',
      'key-unregistered',
    ]);
    expect(typed.json.notes).toEqual(['checked 3 keys against 11 producer files', 'read with the types of tsconfig.json']);
    expect(typed.status).toBe(1);
  });

  it('names a file that writes _meta outside the program (read without types), and no file that does not', () => {
    const script = `export function seed(result: { _meta?: Record<string, unknown> }): void {
  result._meta = { ...result._meta, retrieval: { returned_count: 0, vector_enabled: false, cache_hit: false } };
}
`;
    const dir = project({ 'scripts/seed.ts': script, 'scripts/plain.ts': 'export const answer = 42;\n' });
    const typed = check(dir, '--typed');
    expect(typed.json.notes).toEqual([
      'checked 1 keys against 1 producer files',
      'read with the types of tsconfig.json',
      'not in that program, read without types: scripts/seed.ts',
    ]);
  });

  it('with types, a field the builder type no longer has is still reported', () => {
    const dir = project({ 'src/stats.ts': STATS.replace('  cache_hit: boolean;\n', '').replace(', cache_hit: this.cacheHit', '') });
    const typed = check(dir, '--typed');
    expect(typed.json.findings.map((finding) => [finding.code, finding.message.split("'")[1]])).toEqual([
      ['field-not-written', 'retrieval.cache_hit'],
    ]);
    expect(typed.status).toBe(1);
  });

  it('--tsconfig names the program; a missing one is exit 2 naming the path', () => {
    const dir = project();
    fs.renameSync(path.join(dir, 'tsconfig.json'), path.join(dir, 'tsconfig.app.json'));
    const named = check(dir, '--typed', '--tsconfig', 'tsconfig.app.json');
    expect(named.json.findings).toEqual([]);
    expect(named.json.notes).toContain('read with the types of tsconfig.app.json');
    expect(named.status).toBe(0);
    const missing = runBin(['check', '--typed', '--tsconfig', 'nope.json'], dir);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain(`no tsconfig at ${path.join(dir, 'nope.json')}`);
    const withoutTyped = runBin(['check', '--tsconfig', 'tsconfig.app.json'], dir);
    expect(withoutTyped.status).toBe(2);
    expect(withoutTyped.stderr).toContain('--tsconfig only applies with --typed');
  });

  it('no tsconfig.json at or above the manifest: exit 2 with what to do', () => {
    const dir = project();
    fs.rmSync(path.join(dir, 'tsconfig.json'));
    // The temporary folder's ancestors must hold no tsconfig.json, or "nearest" would find that one.
    for (let up = dir; path.dirname(up) !== up; up = path.dirname(up)) expect(fs.existsSync(path.join(up, 'tsconfig.json'))).toBe(false);
    const result = runBin(['check', '--typed'], dir);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`--typed needs a TypeScript program, but there is no tsconfig.json in ${dir} or any folder above it`);
    expect(result.stderr).toContain('Pass one with --tsconfig FILE, or run `mcp-meta check` without --typed.');
  });

  it('resultTypes: a key written only on an unrelated object is not written with types; an undeclared name is a warning', () => {
    const results = `export interface ToolResult {
  content: Array<{ type: 'text'; text: string }>;
  _meta?: Record<string, unknown>;
}
export interface CacheEntry {
  key: string;
  _meta?: Record<string, unknown>;
}
`;
    const cache = `import type { CacheEntry } from './results.js';
export function remember(entry: CacheEntry, hits: number): void {
  entry._meta = { ...entry._meta, hits: { count: hits } };
}
`;
    const manifest = {
      version: 1,
      resultTypes: ['ToolResult', 'CallToolResult'],
      keys: { hits: { producers: ['src/cache.ts'] } },
    };
    const dir = project({ 'src/results.ts': results, 'src/cache.ts': cache }, manifest);
    const untyped = check(dir);
    expect(untyped.json.findings).toEqual([]);
    expect(untyped.status).toBe(0);
    const typed = check(dir, '--typed');
    expect(typed.json.findings.map((finding) => [finding.severity, finding.code, finding.message])).toEqual([
      [
        'warning',
        'registry-problem',
        `'CallToolResult' in "resultTypes" is declared nowhere in the TypeScript program; only the other names narrow which objects are tool results. (at /resultTypes)`,
      ],
      ['error', 'key-not-written', "key 'hits' has no write site in its producers (src/cache.ts)"],
    ]);
    expect(typed.status).toBe(1);
  });
  it('resultTypes: a write nothing places (an untyped name) counts as written, and with types when its object is a result', () => {
    const results = `export interface ToolResult {
  content: Array<{ type: 'text'; text: string }>;
  _meta?: Record<string, unknown>;
}
`;
    // `entry: CachedReply` says nothing untyped (its write is on the unknown plane); its type says tool result.
    const cache = `import type { ToolResult } from './results.js';
type CachedReply = ToolResult & { cachedAt: number };
export function remember(entry: CachedReply, hits: number): void {
  entry._meta = { ...entry._meta, hits: { count: hits } };
}
`;
    const manifest = { version: 1, resultTypes: ['ToolResult'], keys: { hits: { producers: ['src/cache.ts'] } } };
    const dir = project({ 'src/results.ts': results, 'src/cache.ts': cache }, manifest);
    for (const run of [check(dir), check(dir, '--typed')]) {
      expect(run.json.findings).toEqual([]);
      expect(run.status).toBe(0);
    }
  });
  it("the SDK's types place a write a name guessed wrong: a descriptor key on a Tool held in `response` is written with types", () => {
    // A tool list entry re-wrapping a descriptor fetched into `response`: the name guesses a tool result, the
    // contextual type (an element of `Promise<Tool[]>`) says tool descriptor, the plane the key is registered on.
    const tools = `import type { Tool } from '@modelcontextprotocol/sdk/types.js';
declare function fetchTool(name: string): Promise<Tool>;
export async function listTools(): Promise<Tool[]> {
  const response = await fetchTool('search');
  return [{ ...response, _meta: { ...response._meta, 'com.example/category': 'search' } }];
}
`;
    const manifest = { version: 1, keys: { 'com.example/category': { producers: ['src/tools.ts'], plane: 'tool' } } };
    const dir = project({ 'src/tools.ts': tools }, manifest);
    // The project's program reads the SDK's real declarations.
    fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'junction');
    const untyped = check(dir);
    // Without types the write is guessed a tool result's: not written where registered, and on the wrong plane,
    // as the untyped lint says too.
    expect(untyped.json.findings.map((finding) => [finding.code, finding.message])).toEqual([
      ['key-not-written', "key 'com.example/category' has no write site in its producers (src/tools.ts)"],
      [
        'key-wrong-plane',
        "`_meta` key 'com.example/category' is registered in mcp-meta.registry.json for the tool descriptor plane, but written here on a tool result.",
      ],
    ]);
    expect(untyped.status).toBe(1);
    const typed = check(dir, '--typed');
    expect(typed.json.findings).toEqual([]);
    expect(typed.status).toBe(0);
  });
  it("a widget link on a descriptor only the SDK's types place is matched as the typed lint matches it", () => {
    // A descriptor fetched into `response` and re-wrapped with a misspelt widget link: the name guesses a tool
    // result, the contextual type (an element of `Promise<Tool[]>`) says tool descriptor, whose link no resource serves.
    const server = `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';

declare function fetchTool(name: string): Promise<Tool>;

export async function setup(server: McpServer, html: string): Promise<Tool[]> {
  server.registerResource('view', 'ui://w/view.html', {}, async () => ({
    contents: [{ uri: 'ui://w/view.html', mimeType: 'text/html;profile=mcp-app', text: html }],
  }));
  const response = await fetchTool('show');
  return [{ ...response, _meta: { ...response._meta, ui: { resourceUri: 'ui://w/veiw.html' } } }];
}
`;
    const dir = makeTempDir();
    writeFiles(dir, { 'tsconfig.json': TSCONFIG, 'src/server.ts': server });
    writeManifest(dir, { version: 1, keys: {} });
    fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'junction');
    const lint = (parserOptions: Linter.ParserOptions): string[] =>
      new Linter({ configType: 'flat', cwd: dir })
        .verify(
          server,
          [
            {
              files: ['**/*.ts'],
              languageOptions: { parser: tsParser, parserOptions },
              plugins: { 'mcp-meta': plugin },
              settings: { 'mcp-meta': { registry: path.join(dir, 'mcp-meta.registry.json') } },
              rules: { 'mcp-meta/valid-app-linkage': 'error' },
            },
          ],
          path.join(dir, 'src/server.ts'),
        )
        .map((message) => `${message.messageId} src/server.ts:${message.line}:${message.column}`);
    const appSites = (json: CheckJson): string[] =>
      json.findings
        .filter((finding) => finding.code.startsWith('app-'))
        .map((finding) => `${finding.code} ${finding.file}:${finding.line}:${finding.column}`);
    // Without types, neither places the link on a tool descriptor: nothing to match.
    expect(lint({})).toEqual([]);
    const untyped = check(dir);
    expect(appSites(untyped.json)).toEqual([]);
    expect(untyped.json.notes.filter((note) => note.includes('widget link'))).toEqual([]);
    // With types, both do, and both report the link at the same site.
    expect(lint({ project: path.join(dir, 'tsconfig.json'), tsconfigRootDir: dir })).toEqual(['resourceMissing src/server.ts:11:73']);
    const typed = check(dir, '--typed');
    expect(appSites(typed.json)).toEqual(['app-resource-missing src/server.ts:11:73']);
    expect(typed.json.findings[0].message).toContain("links the widget 'ui://w/veiw.html', but no file registers a resource with that URI");
    expect(typed.json.notes).toContain('matched 0 of 1 widget link against 1 ui:// resource');
    expect(typed.status).toBe(1);
  });
});
