/**
 * The CLI's writes of files the team owns (`add-key`, `init --update`, `types --out`, `schema --out`): keys named like
 * Object.prototype members, concurrent runs, symlinks and half-written files, a UTF-8 BOM, read-only files and hard
 * links. Each case was a defect found by a hostile probe (issue 25, "CLI writers").
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBinBuilt, BIN, initGitRepo, makeTempDir, removeTempDirs, runBin, writeFiles } from './run-bin';

const MANIFEST = '{\n  "version": 1,\n  "keys": {\n    "retrieval": { "producers": ["src/search.ts"] }\n  }\n}\n';

function project(manifest = MANIFEST): string {
  const dir = makeTempDir();
  initGitRepo(dir);
  writeFiles(dir, {
    'mcp-meta.registry.json': manifest,
    'src/search.ts': 'export const r = { content: [], _meta: { retrieval: { n: 1 } } };\n',
    'src/wrap.ts': 'export {};\n',
  });
  return dir;
}

const manifestPath = (dir: string): string => path.join(dir, 'mcp-meta.registry.json');
const manifestOf = (dir: string): string => fs.readFileSync(manifestPath(dir), 'utf8');
const keysOf = (dir: string): string[] => Object.keys((JSON.parse(manifestOf(dir).replace(/^\uFEFF/, '')) as { keys: object }).keys);

function runBinAsync(args: readonly string[], cwd: string): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, MCP_META_DEBUG: '' } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

beforeAll(assertBinBuilt);
afterAll(removeTempDirs);

describe('keys named like Object.prototype members', () => {
  it.each(['constructor', 'toString', 'valueOf', 'hasOwnProperty'])('add-key %s registers it (not "already registered")', (key) => {
    const dir = project();
    const result = runBin(['add-key', key, '--producer', 'src/wrap.ts'], dir);
    expect(result.stdout).not.toContain('already registered');
    expect(result.status).toBe(0);
    expect(keysOf(dir)).toEqual(['retrieval', key]);
    // And a second run sees it as registered.
    expect(runBin(['add-key', key, '--producer', 'src/wrap.ts'], dir).stdout).toContain(`key '${key}' is already registered`);
  });

  it('init and init --update keep keys named constructor and toString', () => {
    const dir = makeTempDir();
    initGitRepo(dir);
    writeFiles(dir, {
      'src/odd.ts': 'export const r = { content: [], _meta: { constructor: { n: 1 }, toString: "x", timing: { ms: 2 } } };\n',
    });
    expect(runBin(['init'], dir).status).toBe(0);
    expect(keysOf(dir).sort()).toEqual(['constructor', 'timing', 'toString']);

    fs.writeFileSync(manifestPath(dir), '{\n  "version": 1,\n  "keys": {\n    "timing": { "producers": ["src/odd.ts"] }\n  }\n}\n');
    const update = runBin(['init', '--update'], dir);
    expect(update.stderr).toBe('');
    expect(update.status).toBe(0);
    expect(keysOf(dir).sort()).toEqual(['constructor', 'timing', 'toString']);
  });
});

describe('concurrent add-key runs', () => {
  it('six runs at once all exit 0 and all six keys are in the file', async () => {
    const dir = project();
    const keys = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'];
    const results = await Promise.all(keys.map((key) => runBinAsync(['add-key', key, '--producer', 'src/wrap.ts'], dir)));
    expect(results.map((result) => [result.status, result.stderr])).toEqual(keys.map(() => [0, '']));
    expect(keysOf(dir).sort()).toEqual(['retrieval', ...keys].sort());
    // The lock is gone once they are done.
    expect(fs.readdirSync(dir).filter((name) => name.endsWith('.lock') || name.endsWith('.tmp'))).toEqual([]);
  }, 120_000);

  it('takes over a lock left by a run that no longer exists', () => {
    const dir = project();
    // A pid that cannot be running: above the kernel's pid_max.
    fs.writeFileSync(path.join(dir, '.mcp-meta.registry.json.lock'), '99999999\n');
    expect(runBin(['add-key', 'timing', '--producer', 'src/wrap.ts'], dir).status).toBe(0);
    expect(keysOf(dir)).toEqual(['retrieval', 'timing']);
  });
});

describe('types --out and schema --out write like the other verbs', () => {
  it.each([
    ['types', 'meta.ts'],
    ['schema', 'meta.schema.json'],
  ])('%s --out refuses a symlink out of the repository, follows one inside, and leaves no temp file', (verb, name) => {
    const outside = makeTempDir();
    const dir = project();
    fs.mkdirSync(path.join(dir, 'gen'));
    fs.writeFileSync(path.join(outside, name), 'precious\n');
    fs.symlinkSync(path.join(outside, name), path.join(dir, 'gen', name));
    const refused = runBin([verb, '--out', `gen/${name}`], dir);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/refusing to write .* it is a symlink to .*, outside /);
    expect(fs.readFileSync(path.join(outside, name), 'utf8')).toBe('precious\n');

    fs.rmSync(path.join(dir, 'gen', name));
    fs.writeFileSync(path.join(dir, `real-${name}`), '');
    fs.symlinkSync(`../real-${name}`, path.join(dir, 'gen', name));
    expect(runBin([verb, '--out', `gen/${name}`], dir).status).toBe(0);
    expect(fs.lstatSync(path.join(dir, 'gen', name)).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(path.join(dir, `real-${name}`), 'utf8')).toContain('retrieval');
    expect(fs.readdirSync(dir).filter((entry) => entry.endsWith('.tmp'))).toEqual([]);
  });

  it('types --out refuses to create its folder through a symlinked folder that leads out of the repository', () => {
    const outside = makeTempDir();
    const dir = project();
    fs.symlinkSync(outside, path.join(dir, 'linked'));
    const refused = runBin(['types', '--out', 'linked/deep/meta.ts'], dir);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/refusing to write .*meta\.ts: its folder .* leads to .*, outside /);
    expect(fs.readdirSync(outside)).toEqual([]);
    // Inside the repository, missing folders are created.
    expect(runBin(['types', '--out', 'src/generated/meta.ts'], dir).status).toBe(0);
    expect(fs.existsSync(path.join(dir, 'src/generated/meta.ts'))).toBe(true);
  });
});

describe('what the file was is kept', () => {
  it('a UTF-8 BOM stays a BOM after add-key and init --update', () => {
    const dir = project(`\uFEFF${MANIFEST}`);
    expect(runBin(['add-key', 'timing', '--producer', 'src/wrap.ts'], dir).status).toBe(0);
    const text = manifestOf(dir);
    expect(text.startsWith('\uFEFF{\n  "version": 1,')).toBe(true);
    expect(keysOf(dir)).toEqual(['retrieval', 'timing']);

    writeFiles(dir, { 'src/wrap.ts': 'export const w = { content: [], _meta: { latency: { ms: 1 } } };\n' });
    const update = runBin(['init', '--update'], dir);
    expect(update.status).toBe(0);
    expect(manifestOf(dir).startsWith('\uFEFF{\n  "version": 1,')).toBe(true);
    expect(keysOf(dir)).toContain('latency');
  });

  it('a read-only manifest is refused with a clear message and left as it is (add-key, init --update)', () => {
    const dir = project();
    fs.chmodSync(manifestPath(dir), 0o444);
    const refused = runBin(['add-key', 'timing', '--producer', 'src/wrap.ts'], dir);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('it is read-only (mode 0444); the file is unchanged');
    expect(refused.stderr).toContain('chmod u+w');
    writeFiles(dir, { 'src/wrap.ts': 'export const w = { content: [], _meta: { latency: { ms: 1 } } };\n' });
    expect(runBin(['init', '--update'], dir).stderr).toContain('it is read-only');
    expect(manifestOf(dir)).toBe(MANIFEST);
    expect(fs.statSync(manifestPath(dir)).mode & 0o777).toBe(0o444);
  });

  it('a hard-linked manifest is refused (a rename would break the link) and both names keep the same file', () => {
    const dir = project();
    fs.linkSync(manifestPath(dir), path.join(dir, 'shared.registry.json'));
    const refused = runBin(['add-key', 'timing', '--producer', 'src/wrap.ts'], dir);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('it has 2 hard links, which an atomic write (a new file renamed over it) would break');
    expect(fs.statSync(manifestPath(dir)).ino).toBe(fs.statSync(path.join(dir, 'shared.registry.json')).ino);
    expect(manifestOf(dir)).toBe(MANIFEST);
  });
});
