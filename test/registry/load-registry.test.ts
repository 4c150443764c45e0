import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as fs from 'node:fs';
import fsModule from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import * as path from 'node:path';
import { loadRegistry, registryCacheStats, resetRegistryCache } from '../../src/registry';
import { nextTurn } from '../../src/util/stat-once-per-turn';
import { ISSUE_2_EXAMPLE, makeTempProject, manifestWithKeys, removeTempProject, writeFile } from './temp-project';

let dir: string;
let manifest: string;

beforeEach(() => {
  resetRegistryCache();
  dir = makeTempProject();
  manifest = writeFile(dir, 'mcp-meta.registry.json', ISSUE_2_EXAMPLE);
});
afterEach(() => removeTempProject(dir));

/** Rewrites the manifest with a given mtime, so the test does not depend on the file system's clock resolution. */
function rewrite(text: string, mtimeSeconds: number): void {
  fs.writeFileSync(manifest, text);
  fs.utimesSync(manifest, mtimeSeconds, mtimeSeconds);
}

describe('loadRegistry', () => {
  it('sees a manifest saved by rename (an editor) with the same size and mtime: another inode and ctime', () => {
    rewrite(ISSUE_2_EXAMPLE, 1_700_000_000);
    expect(loadRegistry(manifest).ok).toBe(true);
    const { mtime, size, mtimeMs } = fs.statSync(manifest);
    // Same length, one character off: the manifest no longer parses.
    const broken = ISSUE_2_EXAMPLE.replace('{', '[');
    const saved = path.join(dir, '.mcp-meta.registry.json.saving');
    fs.writeFileSync(saved, broken);
    fs.utimesSync(saved, mtime, mtime);
    fs.renameSync(saved, manifest);
    expect(fs.statSync(manifest).size).toBe(size);
    expect(fs.statSync(manifest).mtimeMs).toBe(mtimeMs);
    expect(loadRegistry(manifest).ok).toBe(false);
  });

  it('reads and parses once, then costs one stat per call while the file is unchanged', () => {
    const first = loadRegistry(manifest);
    expect(first.ok).toBe(true);
    expect(registryCacheStats()).toEqual({ stats: 1, reads: 1, parses: 1 });
    for (let i = 0; i < 5; i++) expect(loadRegistry(manifest)).toBe(first);
    expect(registryCacheStats()).toEqual({ stats: 6, reads: 1, parses: 1 });
  });

  it('oncePerTurn: one stat per event-loop turn, an edit seen from the next turn; refreshTurn: seen at once, and by the rest of the turn', async () => {
    const grown = manifestWithKeys({ retrieval: { producers: ['a.ts'] }, warnings: { producers: ['b.ts'] } });
    const keysOf = (result: ReturnType<typeof loadRegistry>) => (result.ok ? [...result.registry.keys.keys()] : result.problems);
    expect(keysOf(loadRegistry(manifest, { oncePerTurn: true }))).toEqual(['retrieval']);
    for (let i = 0; i < 5; i++) loadRegistry(manifest, { oncePerTurn: true });
    expect(registryCacheStats()).toEqual({ stats: 1, reads: 1, parses: 1 });

    // A synchronous edit between two loads of the same turn: a oncePerTurn load keeps this turn's check (what the
    // lint path does for files that cannot write `_meta`)...
    fs.writeFileSync(manifest, grown);
    expect(keysOf(loadRegistry(manifest, { oncePerTurn: true }))).toEqual(['retrieval']);
    // ...and a refreshTurn load (a file that may write) looks now, and the rest of the turn's loads get its answer.
    expect(keysOf(loadRegistry(manifest, { refreshTurn: true }))).toEqual(['retrieval', 'warnings']);
    expect(keysOf(loadRegistry(manifest, { oncePerTurn: true }))).toEqual(['retrieval', 'warnings']);
    expect(registryCacheStats()).toEqual({ stats: 2, reads: 2, parses: 2 });
    // Every-call loading (the CLI, config loading) sees edits at once, and so does the lint path from the next turn on.
    fs.writeFileSync(manifest, ISSUE_2_EXAMPLE);
    expect(keysOf(loadRegistry(manifest))).toEqual(['retrieval']);
    await nextTurn();
    expect(keysOf(loadRegistry(manifest, { oncePerTurn: true }))).toEqual(['retrieval']);
    expect(registryCacheStats()).toEqual({ stats: 4, reads: 3, parses: 3 });

    // A deleted manifest is reported missing from the next turn on, and not cached as missing once it is back.
    fs.rmSync(manifest);
    await nextTurn();
    const missing = loadRegistry(manifest, { oncePerTurn: true });
    expect(!missing.ok && missing.problems[0].message).toContain('not found');
    fs.writeFileSync(manifest, ISSUE_2_EXAMPLE);
    await nextTurn();
    expect(keysOf(loadRegistry(manifest, { oncePerTurn: true }))).toEqual(['retrieval']);
  });

  it('sees an edit (size changed) on the next call', () => {
    const before = loadRegistry(manifest);
    if (!before.ok) throw new Error('expected ok');
    expect([...before.registry.keys.keys()]).toEqual(['retrieval']);
    fs.writeFileSync(manifest, manifestWithKeys({ retrieval: { producers: ['a.ts'] }, warnings: { producers: ['b.ts'] } }));
    const after = loadRegistry(manifest);
    if (!after.ok) throw new Error('expected ok');
    expect([...after.registry.keys.keys()]).toEqual(['retrieval', 'warnings']);
    expect(after.registry.hash).not.toBe(before.registry.hash);
    expect(registryCacheStats()).toMatchObject({ reads: 2, parses: 2 });
  });

  it('sees an edit that keeps the size but changes the mtime', () => {
    rewrite(manifestWithKeys({ aaaa: { producers: ['a.ts'] } }), 1_000_000);
    expect(loadRegistry(manifest)).toMatchObject({ ok: true });
    rewrite(manifestWithKeys({ bbbb: { producers: ['a.ts'] } }), 1_000_100);
    const after = loadRegistry(manifest);
    expect(after.ok && [...after.registry.keys.keys()]).toEqual(['bbbb']);
    expect(registryCacheStats()).toMatchObject({ reads: 2, parses: 2 });
  });

  it('goes from broken to fixed JSON and back', () => {
    fs.writeFileSync(manifest, '{ "version": 1, "keys": { }, }');
    const broken = loadRegistry(manifest);
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.problems[0]).toMatchObject({ file: manifest, line: 1, column: 30 });
    fs.writeFileSync(manifest, ISSUE_2_EXAMPLE);
    expect(loadRegistry(manifest).ok).toBe(true);
  });

  it('reports a missing file with the fix, and finds it once created', () => {
    const missing = path.join(dir, 'nested', 'mcp-meta.registry.json');
    const result = loadRegistry(missing);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems[0]).toMatchObject({
      severity: 'error',
      file: missing,
      message: `Registry manifest not found: ${missing} does not exist.`,
      fix: "Create it (npx mcp-meta init) or point settings['mcp-meta'].registry at it.",
    });
    writeFile(dir, 'nested/mcp-meta.registry.json', ISSUE_2_EXAMPLE);
    expect(loadRegistry(missing).ok).toBe(true);
  });

  it('reports a directory with the fix', () => {
    const result = loadRegistry(dir);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems[0].message).toMatch(/is a directory/);
    expect(!result.ok && result.problems[0].fix).toContain(path.join(dir, 'mcp-meta.registry.json'));
  });

  it('reports an unreadable file', () => {
    // chmod 000 proves nothing when the tests run as root, so the read itself is made to fail. Node's builtin ESM
    // namespace follows the CommonJS object only after syncBuiltinESMExports().
    const read = vi.spyOn(fsModule, 'readFileSync').mockImplementation(() => {
      throw Object.assign(new Error(`EACCES: permission denied, open '${manifest}'`), { code: 'EACCES' });
    });
    syncBuiltinESMExports();
    try {
      const result = loadRegistry(manifest);
      expect(result.ok).toBe(false);
      expect(!result.ok && result.problems[0]).toMatchObject({
        file: manifest,
        message: `Cannot read the registry manifest: EACCES: permission denied, open '${manifest}'.`,
      });
      expect(read).toHaveBeenCalled();
    } finally {
      read.mockRestore();
      syncBuiltinESMExports();
    }
    expect(loadRegistry(manifest).ok).toBe(true);
  });

  it('adds glob checks without parsing again', () => {
    writeFile(dir, 'src/mcp/dispatch.ts', '');
    expect(loadRegistry(manifest)).toMatchObject({ ok: true, warnings: [] });
    const checked = loadRegistry(manifest, { checkGlobs: true });
    expect(checked.ok && checked.warnings.map((w) => w.pointer)).toEqual(['/ignore/0', '/keys/retrieval/producers/0']);
    expect(registryCacheStats()).toMatchObject({ stats: 2, reads: 1, parses: 1 });
  });

  it('treats the manifest as data: a manifest that is JavaScript is a syntax error, never executed', () => {
    const marker = path.join(dir, 'executed');
    fs.writeFileSync(manifest, `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x'); module.exports = {};`);
    expect(loadRegistry(manifest).ok).toBe(false);
    expect(fs.existsSync(marker)).toBe(false);
  });
});
