/**
 * The `mcp-meta` command as a CI tool that reads untrusted pull requests: hostile refs are never options to git and
 * never reach a shell; `doc --write` and `init` write atomically (a failed write leaves the file whole), never through
 * a symlink out of the folder they work on, and `init` never overwrites without --force; a manifest that is a folder,
 * a FIFO or unreadable is an I/O error (exit 2) that never hangs.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unreadableRunner } from './unprivileged';
import {
  assertBinBuilt,
  BIN,
  commitAll,
  initGitRepo,
  makeTempDir,
  removeTempDirs,
  runBin,
  writeFiles,
  writeManifest,
} from '../cli/run-bin';

const MANIFEST = {
  version: 1,
  emitters: ['emitResponseMeta'],
  keys: { retrieval: { producers: ['src/search.ts'], description: 'Search diagnostics', fields: ['returned_count'] } },
};
const DOC = ['# Protocol', '', '<!-- mcp-meta:keys:start -->', '<!-- mcp-meta:keys:end -->', '', 'Tail stays.', ''].join('\n');

function project(manifest: unknown = MANIFEST): string {
  const dir = makeTempDir();
  writeFiles(dir, { 'src/search.ts': "ctx.emitResponseMeta('retrieval', { returned_count: 1 });\n", 'docs/protocol.md': DOC });
  writeManifest(dir, manifest);
  return dir;
}

/** Runs the bin with a file-size limit (in 1 KiB blocks), so a write beyond it fails with EFBIG as on a full disk. */
function runBinWithFileSizeLimit(args: string[], cwd: string, blocks: number): { status: number | null; stderr: string } {
  const quoted = [process.execPath, BIN, ...args].map((word) => `'${word.replace(/'/g, `'\\''`)}'`).join(' ');
  const result = spawnSync('bash', ['-c', `ulimit -f ${blocks}; exec ${quoted}`], { cwd, encoding: 'utf8' });
  return { status: result.status, stderr: result.stderr };
}

beforeAll(assertBinBuilt);
afterAll(removeTempDirs);

describe('diff --against with hostile refs', () => {
  const hostile = [
    '--output=pwned.txt',
    '-p',
    'HEAD:src/search.ts',
    'main;touch pwned.txt',
    '$(touch pwned.txt)',
    '`touch pwned.txt`',
    'HEAD..main',
    '../main',
    'main --output=pwned.txt',
  ];
  let dir: string;
  beforeAll(() => {
    dir = project();
    initGitRepo(dir);
    commitAll(dir, 'manifest');
  });

  it.each(hostile)('%s is an unknown revision (exit 2): never an option, never a shell, nothing written', (ref) => {
    const result = runBin(['diff', `--against=${ref}`], dir);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('unknown git revision');
    expect(fs.existsSync(path.join(dir, 'pwned.txt'))).toBe(false);
    expect(fs.readdirSync(dir).sort()).toEqual(['.git', 'docs', 'mcp-meta.registry.json', 'src']);
  });

  it('a ref that is a real branch still works', () => {
    expect(runBin(['diff', '--against=main'], dir).status).toBe(0);
  });
});

describe('doc --write', () => {
  it('refuses a doc that is a symlink out of the working directory, and leaves the target untouched', () => {
    const outside = makeTempDir();
    fs.writeFileSync(path.join(outside, 'victim.md'), DOC);
    const dir = project();
    fs.rmSync(path.join(dir, 'docs/protocol.md'));
    fs.symlinkSync(path.join(outside, 'victim.md'), path.join(dir, 'docs/protocol.md'));
    const result = runBin(['doc', '--write', 'docs/protocol.md'], dir);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('refusing to write');
    expect(fs.readFileSync(path.join(outside, 'victim.md'), 'utf8')).toBe(DOC);
    expect(fs.lstatSync(path.join(dir, 'docs/protocol.md')).isSymbolicLink()).toBe(true);
  });

  it('writes through a symlink that stays inside the working directory, keeping the link', () => {
    const dir = project();
    fs.renameSync(path.join(dir, 'docs/protocol.md'), path.join(dir, 'docs/real.md'));
    fs.symlinkSync('real.md', path.join(dir, 'docs/protocol.md'));
    expect(runBin(['doc', '--write', 'docs/protocol.md'], dir).status).toBe(0);
    expect(fs.lstatSync(path.join(dir, 'docs/protocol.md')).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'docs/real.md'), 'utf8')).toContain('| `retrieval` |');
  });

  it('a failed write (EFBIG) leaves the doc whole and exits 2', () => {
    const dir = project();
    const big = DOC + 'x'.repeat(3000) + '\n';
    fs.writeFileSync(path.join(dir, 'docs/protocol.md'), big);
    const result = runBinWithFileSizeLimit(['doc', '--write', 'docs/protocol.md'], dir, 2);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('the file is unchanged');
    expect(fs.readFileSync(path.join(dir, 'docs/protocol.md'), 'utf8')).toBe(big);
    expect(fs.readdirSync(path.join(dir, 'docs'))).toEqual(['protocol.md']); // no temporary file left behind
  });

  it('a description holding the end marker is escaped, so a second run still finds one pair of markers', () => {
    const manifest = structuredClone(MANIFEST);
    manifest.keys.retrieval.description = 'Search diagnostics <!-- mcp-meta:keys:end --> and <!-- mcp-meta:keys:start -->';
    const dir = project(manifest);
    expect(runBin(['doc', '--write', 'docs/protocol.md'], dir).status).toBe(0);
    const written = fs.readFileSync(path.join(dir, 'docs/protocol.md'), 'utf8');
    expect(written.split('<!-- mcp-meta:keys:end -->').length).toBe(2);
    expect(written).toContain('&lt;!-- mcp-meta:keys:end -->');
    const second = runBin(['doc', '--write', 'docs/protocol.md'], dir);
    expect(second.status).toBe(0);
    expect(second.stdout).toContain('already up to date');
    expect(runBin(['doc', '--check', 'docs/protocol.md'], dir).status).toBe(0);
  });

  it('the fix command quotes a path a shell would split', () => {
    const dir = project();
    fs.renameSync(path.join(dir, 'docs/protocol.md'), path.join(dir, 'docs/my protocol.md'));
    const result = runBin(['doc', '--check', 'docs/my protocol.md'], dir);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain("Please run `npx mcp-meta doc --write 'docs/my protocol.md'`");
  });
});

describe('init', () => {
  it('never overwrites without --force, even a dangling symlink; nothing is created at its target', () => {
    const outside = makeTempDir();
    const dir = makeTempDir();
    writeFiles(dir, { 'src/search.ts': "ctx.emitResponseMeta('retrieval', { returned_count: 1 });\n" });
    fs.symlinkSync(path.join(outside, 'created.json'), path.join(dir, 'mcp-meta.registry.json'));
    const result = runBin(['init'], dir);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('already exists');
    expect(fs.existsSync(path.join(outside, 'created.json'))).toBe(false);
  });

  it('with --force, refuses a manifest that is a symlink out of the folder', () => {
    const outside = makeTempDir();
    fs.writeFileSync(path.join(outside, 'victim.json'), '{}\n');
    const dir = makeTempDir();
    writeFiles(dir, { 'src/search.ts': "ctx.emitResponseMeta('retrieval', { returned_count: 1 });\n" });
    fs.symlinkSync(path.join(outside, 'victim.json'), path.join(dir, 'mcp-meta.registry.json'));
    const result = runBin(['init', '--force'], dir);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('refusing to write');
    expect(fs.readFileSync(path.join(outside, 'victim.json'), 'utf8')).toBe('{}\n');
  });

  it('without --force an existing manifest is untouched (exit 2)', () => {
    const dir = project();
    const before = fs.readFileSync(path.join(dir, 'mcp-meta.registry.json'), 'utf8');
    expect(runBin(['init'], dir).status).toBe(2);
    expect(fs.readFileSync(path.join(dir, 'mcp-meta.registry.json'), 'utf8')).toBe(before);
  });

  it('a failed --force write (EFBIG) leaves the old manifest whole', () => {
    const dir = makeTempDir();
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++)
      files[`src/op${i}.ts`] = `ctx.emitResponseMeta('key_number_${i}', { returned_count: 1, another_field_${i}: 2 });\n`;
    writeFiles(dir, files);
    const old = JSON.stringify({ version: 1, keys: {} }) + '\n';
    fs.writeFileSync(path.join(dir, 'mcp-meta.registry.json'), old);
    const result = runBinWithFileSizeLimit(['init', '--force'], dir, 1);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('the file is unchanged');
    expect(fs.readFileSync(path.join(dir, 'mcp-meta.registry.json'), 'utf8')).toBe(old);
  });
});

describe('check: a manifest that cannot be read is an I/O error (exit 2)', () => {
  it('a folder', () => {
    const dir = makeTempDir();
    fs.mkdirSync(path.join(dir, 'mcp-meta.registry.json'));
    const result = runBin(['check'], dir);
    expect(result.status).toBe(2);
    expect(result.stdout).toContain('is a directory, not a JSON file');
  });

  it('a FIFO (never read, so never a hang)', () => {
    const dir = makeTempDir();
    execFileSync('mkfifo', [path.join(dir, 'mcp-meta.registry.json')]);
    const result = runBin(['check'], dir);
    expect(result.status).toBe(2);
    expect(result.stdout).toContain('is a special file, not a JSON file');
    expect(result.stdout).toContain('regular JSON file instead of this FIFO');
  });

  it('an unreadable file (run without the power to read it when the tests run as root: unprivileged.ts)', (context) => {
    const dir = project();
    fs.chmodSync(dir, 0o755);
    const runner = unreadableRunner(path.dirname(dir), [BIN]);
    if (runner.run === null) return context.skip(`cannot arrange a process that cannot read the manifest: ${runner.why}`);
    fs.chmodSync(path.join(dir, 'mcp-meta.registry.json'), 0o000);
    const result = runner.run([BIN, 'check'], { cwd: dir, encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stdout).toContain('permission denied');
  });

  it('a manifest with a UTF-8 BOM is read like the same manifest without one', () => {
    const dir = project();
    const file = path.join(dir, 'mcp-meta.registry.json');
    fs.writeFileSync(file, '\ufeff' + fs.readFileSync(file, 'utf8'));
    const result = runBin(['check'], dir);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    initGitRepo(dir);
    commitAll(dir, 'bom');
    expect(runBin(['diff', '--against=main'], dir).status).toBe(0);
  });
});
