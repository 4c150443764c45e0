import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBinBuilt, makeTempDir, removeTempDirs, runBin, writeFiles, writeManifest } from './run-bin';

const MANIFEST = {
  version: 1,
  emitters: ['emitResponseMeta'],
  keys: {
    retrieval: { producers: ['src/search.ts'], description: 'Search diagnostics', fields: ['returned_count', 'hint'] },
    warnings: { producers: ['src/dispatch.ts'], description: 'Strict-params warnings' },
  },
};

const DOC = [
  '# Protocol',
  '',
  '## Registered keys',
  '',
  '<!-- mcp-meta:keys:start -->',
  '| Key | Producer | Contents |',
  '<!-- mcp-meta:keys:end -->',
  '',
  'Tail stays.',
  '',
].join('\n');

function project(): string {
  const dir = makeTempDir();
  writeFiles(dir, { 'src/search.ts': 'export {};\n', 'src/dispatch.ts': 'export {};\n', 'docs/protocol.md': DOC });
  writeManifest(dir, MANIFEST);
  return dir;
}

beforeAll(assertBinBuilt);
afterAll(removeTempDirs);

describe('mcp-meta doc', () => {
  it('--check on a stale table prints a diff, names the fix command and exits 1', () => {
    const dir = project();
    const result = runBin(['doc', '--check', 'docs/protocol.md'], dir);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('Please run `npx mcp-meta doc --write docs/protocol.md`');
    expect(result.stdout).toContain('--- docs/protocol.md (current)');
    expect(result.stdout).toContain('+| `retrieval` | `src/search.ts` | Search diagnostics — fields: returned_count, hint |');
    expect(result.stdout).toMatch(/docs\/protocol\.md:6 {2}error {2}the registered keys table in docs\/protocol\.md is out of date/);
    // --check never writes.
    expect(fs.readFileSync(path.join(dir, 'docs/protocol.md'), 'utf8')).toBe(DOC);
  });

  it('--write updates only the marked region, is idempotent, and --check then passes', () => {
    const dir = project();
    const first = runBin(['doc', '--write', 'docs/protocol.md'], dir);
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('updated the keys table in docs/protocol.md');
    const written = fs.readFileSync(path.join(dir, 'docs/protocol.md'), 'utf8');
    expect(written.startsWith('# Protocol\n\n## Registered keys\n\n<!-- mcp-meta:keys:start -->\n')).toBe(true);
    expect(written.endsWith('<!-- mcp-meta:keys:end -->\n\nTail stays.\n')).toBe(true);
    expect(written).toContain('| `warnings` | `src/dispatch.ts` | Strict-params warnings |');

    const second = runBin(['doc', '--write', 'docs/protocol.md'], dir);
    expect(second.status).toBe(0);
    expect(second.stdout).toContain('already up to date');
    expect(fs.readFileSync(path.join(dir, 'docs/protocol.md'), 'utf8')).toBe(written);
    expect(runBin(['doc', '--check', 'docs/protocol.md'], dir).status).toBe(0);
  });

  it('--check goes stale again when the manifest changes, in json and github formats', () => {
    const dir = project();
    expect(runBin(['doc', '--write', 'docs/protocol.md'], dir).status).toBe(0);
    const changed = structuredClone(MANIFEST);
    changed.keys.retrieval.fields.push('vector_enabled');
    writeManifest(dir, changed);
    const json = runBin(['doc', '--check', 'docs/protocol.md', '--format', 'json'], dir);
    expect(json.status).toBe(1);
    const parsed = JSON.parse(json.stdout) as { stale: boolean; diff: string; fixCommand: string; findings: Array<{ code: string }> };
    expect(parsed).toMatchObject({ stale: true, fixCommand: 'npx mcp-meta doc --write docs/protocol.md' });
    expect(parsed.findings.map((f) => f.code)).toEqual(['doc-stale']);
    expect(parsed.diff).toContain('+| `retrieval` | `src/search.ts` | Search diagnostics — fields: returned_count, hint, vector_enabled |');
    const github = runBin(['doc', '--check', 'docs/protocol.md', '--format', 'github'], dir);
    expect(github.status).toBe(1);
    expect(github.stdout).toMatch(/^::error file=docs\/protocol\.md,line=\d+,title=mcp-meta doc%3A doc-stale::/);
  });

  it('is a clear exit-2 error when the markers are missing, the file is missing, or the mode is not given', () => {
    const dir = project();
    writeFiles(dir, { 'docs/plain.md': '# No markers here\n' });
    const noMarkers = runBin(['doc', '--check', 'docs/plain.md'], dir);
    expect(noMarkers.status).toBe(2);
    expect(noMarkers.stderr).toContain('docs/plain.md has no <!-- mcp-meta:keys:start --> and <!-- mcp-meta:keys:end --> marker');
    expect(noMarkers.stderr).toContain('Add the two markers');
    expect(runBin(['doc', '--check', 'docs/missing.md'], dir).status).toBe(2);
    expect(runBin(['doc', 'docs/protocol.md'], dir).status).toBe(2);
    expect(runBin(['doc', '--write', '--check', 'docs/protocol.md'], dir).status).toBe(2);
  });

  it('reports an invalid manifest as findings and leaves the doc alone', () => {
    const dir = project();
    writeManifest(dir, { version: 1, keys: { retrieval: { producers: [] } } });
    const result = runBin(['doc', '--write', 'docs/protocol.md'], dir);
    expect(result.status).toBe(2);
    expect(result.stdout).toContain('[registry-problem]');
    expect(fs.readFileSync(path.join(dir, 'docs/protocol.md'), 'utf8')).toBe(DOC);
  });
});
