import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBinBuilt, commitAll, initGitRepo, makeTempDir, removeTempDirs, runBin, writeFiles, writeManifest } from './run-bin';

/** Committed as HEAD in every repository; each test then edits the working copy and runs `diff --against HEAD`. */
const BASE = {
  version: 1,
  emitters: ['emitResponseMeta'],
  keys: {
    retrieval: {
      producers: ['src/search.ts'],
      description: 'Search diagnostics',
      fields: { returned: {}, hint: {}, cache: { fields: ['hit', 'age_ms'] } },
    },
    warnings: { producers: ['src/dispatch.ts'], fields: ['code', 'param'] },
  },
};

type Manifest = typeof BASE & { acceptedBreaks?: Array<{ change: string; reason: string }> };

function repoWith(next: (base: Manifest) => Manifest): string {
  const dir = makeTempDir();
  initGitRepo(dir);
  writeFiles(dir, {
    'src/search.ts': 'export {};\n',
    'src/dispatch.ts': 'export {};\n',
    'src/mcp/dispatch.ts': 'export {};\n',
    'src/errors.ts': 'export {};\n',
  });
  writeManifest(dir, BASE);
  commitAll(dir, 'registry');
  writeManifest(dir, next(structuredClone(BASE)));
  return dir;
}

interface DiffJson {
  ok: boolean;
  findings: Array<{ code: string; message: string; file: string; line: number }>;
  changes: Array<{ id: string; breaking: boolean; accepted: boolean }>;
  notes: string[];
}

function diffJson(dir: string): { status: number | null; json: DiffJson } {
  const result = runBin(['diff', '--against', 'HEAD', '--format', 'json'], dir);
  return { status: result.status, json: JSON.parse(result.stdout) as DiffJson };
}

beforeAll(assertBinBuilt);
afterAll(removeTempDirs);

describe('mcp-meta diff --against HEAD', () => {
  it('exits 0 when only keys, fields and producers were added', () => {
    const dir = repoWith((m) => {
      m.keys.retrieval.fields = { ...m.keys.retrieval.fields, vector_enabled: {} } as typeof m.keys.retrieval.fields;
      m.keys.warnings.producers.push('src/mcp/dispatch.ts');
      (m.keys as Record<string, unknown>).errors = { producers: ['src/errors.ts'] };
      return m;
    });
    const { status, json } = diffJson(dir);
    expect(json.findings).toEqual([]);
    expect(status).toBe(0);
    expect(json.changes.map((c) => [c.id, c.breaking]).sort()).toEqual([
      ['field-added:retrieval.vector_enabled', false],
      ['key-added:errors', false],
      ['producers-added:warnings', false],
    ]);
  });

  it('reports a rename as field-renamed and exits 1, pointing at the new field', () => {
    const dir = repoWith((m) => {
      m.keys.retrieval.fields = {
        returned_count: {},
        hint: {},
        cache: { fields: ['hit', 'age_ms'] },
      } as unknown as typeof m.keys.retrieval.fields;
      return m;
    });
    const result = runBin(['diff', '--against', 'HEAD'], dir);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(
      /mcp-meta\.registry\.json:\d+:\d+ {2}error {2}breaking change field-renamed:retrieval\.returned->retrieval\.returned_count/,
    );
    expect(result.stdout).toContain('"change": "field-renamed:retrieval.returned->retrieval.returned_count"');
  });

  it('reports a removed nested field and a removed key', () => {
    const dir = repoWith((m) => {
      m.keys.retrieval.fields.cache.fields = ['hit'];
      delete (m.keys as Partial<typeof m.keys>).warnings;
      return m;
    });
    const { status, json } = diffJson(dir);
    expect(status).toBe(1);
    expect(json.findings.map((f) => f.code).sort()).toEqual(['field-removed', 'key-removed']);
    expect(
      json.changes
        .filter((c) => c.breaking)
        .map((c) => c.id)
        .sort(),
    ).toEqual(['field-removed:retrieval.cache.age_ms', 'key-removed:warnings']);
  });

  it('accepts a deprecated field that is kept', () => {
    const dir = repoWith((m) => {
      (m.keys.retrieval.fields.hint as { deprecated?: boolean }).deprecated = true;
      return m;
    });
    const { status, json } = diffJson(dir);
    expect(status).toBe(0);
    expect(json.changes).toEqual([expect.objectContaining({ id: 'field-deprecated:retrieval.hint', breaking: false })]);
  });

  it('reports producers moved to another file', () => {
    const dir = repoWith((m) => {
      m.keys.warnings.producers = ['src/mcp/dispatch.ts'];
      return m;
    });
    const { status, json } = diffJson(dir);
    expect(status).toBe(1);
    expect(json.findings).toEqual([expect.objectContaining({ code: 'producers-moved', file: 'mcp-meta.registry.json' })]);
    expect(json.findings[0].message).toContain('from src/dispatch.ts to src/mcp/dispatch.ts');
  });

  it('passes when acceptedBreaks accepts the break by id, with the reason in the output', () => {
    const dir = repoWith((m) => {
      delete (m.keys.retrieval.fields as Partial<typeof m.keys.retrieval.fields>).hint;
      m.acceptedBreaks = [{ change: 'field-removed:retrieval.hint', reason: 'hint was never documented' }];
      return m;
    });
    const result = runBin(['diff', '--against', 'HEAD'], dir);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('accepted: field-removed:retrieval.hint (hint was never documented)');
  });

  it('reports a stale accepted break and exits 1', () => {
    const dir = repoWith((m) => {
      m.acceptedBreaks = [{ change: 'key-removed:warnings', reason: 'released in 1.0' }];
      return m;
    });
    const { status, json } = diffJson(dir);
    expect(status).toBe(1);
    expect(json.findings).toEqual([expect.objectContaining({ code: 'accepted-break-stale', file: 'mcp-meta.registry.json' })]);
    // The finding points at the acceptedBreaks entry of the working-copy manifest.
    expect(json.findings[0].line).toBeGreaterThan(20);
  });

  it('prints GitHub annotations', () => {
    const dir = repoWith((m) => {
      delete (m.keys as Partial<typeof m.keys>).warnings;
      return m;
    });
    const result = runBin(['diff', '--against', 'HEAD', '--format', 'github'], dir);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(
      /^::error file=mcp-meta\.registry\.json,line=\d+,col=\d+,title=mcp-meta diff%3A key-removed::breaking change key-removed:warnings/m,
    );
  });

  it('finds the old manifest by its path from the repository root when it lives in a sub-folder', () => {
    const root = makeTempDir();
    initGitRepo(root);
    const server = `${root}/packages/server`;
    writeFiles(server, { 'src/search.ts': 'export {};\n', 'src/dispatch.ts': 'export {};\n' });
    writeManifest(server, BASE);
    commitAll(root, 'registry in a package');
    const next = structuredClone(BASE) as Manifest;
    delete (next.keys.retrieval.fields as Partial<typeof next.keys.retrieval.fields>).hint;
    writeManifest(server, next);
    const fromRoot = runBin(
      ['diff', '--against', 'HEAD', '--registry', 'packages/server/mcp-meta.registry.json', '--format', 'json'],
      root,
    );
    expect(fromRoot.status).toBe(1);
    const json = JSON.parse(fromRoot.stdout) as DiffJson;
    expect(json.findings).toEqual([expect.objectContaining({ code: 'field-removed', file: 'packages/server/mcp-meta.registry.json' })]);
    expect(runBin(['diff', '--against', 'HEAD'], server).status).toBe(1);
  });

  it('treats a manifest that did not exist at the revision as all additions', () => {
    const dir = makeTempDir();
    initGitRepo(dir);
    writeFiles(dir, { 'README.md': 'x\n', 'src/search.ts': 'export {};\n', 'src/dispatch.ts': 'export {};\n' });
    commitAll(dir, 'before the registry');
    writeManifest(dir, BASE);
    const result = runBin(['diff', '--against', 'HEAD'], dir);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('no manifest at HEAD');
  });

  it('reports an invalid working-copy manifest as findings, like check', () => {
    const dir = repoWith((m) => m);
    writeFiles(dir, { 'mcp-meta.registry.json': '{ "version": 1, "keys": { "retrieval": { "producers": ["src/search.ts"], } } }\n' });
    const result = runBin(['diff', '--against', 'HEAD'], dir);
    expect(result.status).toBe(2);
    expect(result.stdout).toMatch(/mcp-meta\.registry\.json:1:\d+ {2}error {2}.*\[registry-problem\]/);
  });

  it('exits 2 on an unknown revision, a missing --against, or outside a git repository', () => {
    const dir = repoWith((m) => m);
    const badRef = runBin(['diff', '--against', 'no-such-branch'], dir);
    expect(badRef.status).toBe(2);
    expect(badRef.stderr).toContain("unknown git revision 'no-such-branch'");
    expect(runBin(['diff'], dir).status).toBe(2);
    const plain = makeTempDir();
    writeManifest(plain, BASE);
    const outside = runBin(['diff', '--against', 'HEAD'], plain, { GIT_CEILING_DIRECTORIES: plain.replace(/\/[^/]+$/, '') });
    expect(outside.status).toBe(2);
    expect(outside.stderr).toContain('not inside a git repository');
  });
});
