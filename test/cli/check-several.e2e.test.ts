import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBinBuilt, makeTempDir, removeTempDirs, runBin, writeFiles, writeManifest } from './run-bin';

/** A monorepo: two packages with their own manifest, plus manifests where --all must not look. */
function monorepo(): string {
  const dir = makeTempDir();
  writeFiles(dir, {
    'packages/a/src/a.ts': 'export const r = { content: [], _meta: { alpha: { n: 1 } } };\n',
    'packages/b/src/b.ts': 'export const r = { content: [], _meta: { beta: { m: 1 } } };\n',
  });
  writeManifest(
    dir,
    { version: 1, keys: { alpha: { producers: ['src/a.ts'], fields: ['n', 'gone'] } } },
    'packages/a/mcp-meta.registry.json',
  );
  writeManifest(dir, { version: 1, keys: { beta: { producers: ['src/b.ts'], fields: ['m'] } } }, 'packages/b/mcp-meta.registry.json');
  const broken = { version: 1, keys: { never: { producers: ['src/none.ts'] } } };
  for (const skipped of ['node_modules/dep', 'dist', '.cache', 'packages/b/node_modules/x'])
    writeManifest(dir, broken, `${skipped}/mcp-meta.registry.json`);
  return dir;
}

interface CheckJson {
  ok: boolean;
  findings: Array<{ code: string; file: string; manifest: string }>;
  notes: string[];
  registries: Array<{ registry: string; ok: boolean; keys: number }>;
}

beforeAll(assertBinBuilt);
afterAll(removeTempDirs);

describe('mcp-meta check over several manifests', () => {
  it('--all checks every manifest under the working directory, skipping node_modules, dist and dot-folders', () => {
    const dir = monorepo();
    const result = runBin(['check', '--all', '--format', 'json'], dir);
    expect(result.status).toBe(1);
    const json = JSON.parse(result.stdout) as CheckJson;
    expect(json.registries).toEqual([
      expect.objectContaining({ registry: 'packages/a/mcp-meta.registry.json', ok: false, keys: 1 }),
      expect.objectContaining({ registry: 'packages/b/mcp-meta.registry.json', ok: true, keys: 1 }),
    ]);
    expect(json.findings.map(({ code, file, manifest }) => [code, file, manifest])).toEqual([
      ['field-not-written', 'packages/a/mcp-meta.registry.json', 'packages/a/mcp-meta.registry.json'],
    ]);
    expect(json.notes).toEqual([
      'packages/a/mcp-meta.registry.json: checked 1 keys against 1 producer files',
      'packages/b/mcp-meta.registry.json: checked 1 keys against 1 producer files',
    ]);
  });

  it('--registry twice gives one text report; a finding in a source file names its manifest', () => {
    const dir = monorepo();
    writeFiles(dir, { 'packages/b/src/b.ts': 'export const r = { content: [], _meta: { beta: { m: 1 } ;\n' });
    const result = runBin(
      ['check', '--registry', 'packages/a/mcp-meta.registry.json', '--registry', 'packages/b/mcp-meta.registry.json'],
      dir,
    );
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^packages\/a\/mcp-meta\.registry\.json:\d+:\d+ {2}error {2}field 'alpha\.gone' is registered/m);
    expect(result.stdout).toMatch(
      /^packages\/b\/src\/b\.ts {2}warning {2}cannot analyse producer file: .* \(manifest packages\/b\/mcp-meta\.registry\.json\) {2}\[source-unreadable\]$/m,
    );
    expect(result.stdout).toContain('mcp-meta check: 2 errors, 1 warning');
  });

  it('--all with no manifest is exit 2; --all with --registry is a usage error', () => {
    const empty = makeTempDir();
    const none = runBin(['check', '--all'], empty);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('no mcp-meta.registry.json under');
    const both = runBin(['check', '--all', '--registry', 'x.json'], empty);
    expect(both.status).toBe(2);
    expect(both.stderr).toContain('check takes --all or --registry, not both');
  });
});
