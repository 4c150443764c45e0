/**
 * The one atomic write (src/util/atomic-write.ts) that the CLI's `writeFileSafely` and the `--cache` sidecar both use:
 * the whole text or the old file, the old file's permission bits kept, and an error (never a silent success) when the
 * write did not happen, with no temporary file left behind.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CliError } from '../../src/cli/findings';
import { writeFileSafely } from '../../src/cli/safe-write';
import { writeFileAtomically } from '../../src/util/atomic-write';
import { makeTempProject, removeTempProject } from '../registry/temp-project';

let dir = '';
afterEach(() => removeTempProject(dir));

const modeOf = (file: string): number => fs.statSync(file).mode & 0o777;

describe('writeFileAtomically', () => {
  it('creates a file as writeFileSync would (0o666 less the umask) and leaves nothing else', () => {
    dir = makeTempProject({ 'probe.txt': '' });
    const asWriteFileSync = modeOf(path.join(dir, 'probe.txt'));
    writeFileAtomically(path.join(dir, 'out.json'), '{}\n');
    expect(fs.readFileSync(path.join(dir, 'out.json'), 'utf8')).toBe('{}\n');
    expect(modeOf(path.join(dir, 'out.json'))).toBe(asWriteFileSync);
    expect(fs.readdirSync(dir).sort()).toEqual(['out.json', 'probe.txt']);
  });

  it('replaces a file whole and keeps its permission bits, even those the umask would clear', () => {
    dir = makeTempProject({ 'probe.txt': '', 'manifest.json': 'old' });
    const target = path.join(dir, 'manifest.json');
    fs.chmodSync(target, 0o666);
    fs.chmodSync(path.join(dir, 'probe.txt'), 0o640);
    writeFileAtomically(target, 'new');
    expect(fs.readFileSync(target, 'utf8')).toBe('new');
    expect(modeOf(target)).toBe(0o666);
    const narrow = path.join(dir, 'probe.txt');
    writeFileAtomically(narrow, 'x');
    expect(modeOf(narrow)).toBe(0o640);
    expect(fs.readdirSync(dir).sort()).toEqual(['manifest.json', 'probe.txt']);
  });

  it('throws when the write fails, leaves what was there, and removes its temporary file', () => {
    dir = makeTempProject({ 'taken/inside.txt': 'kept' });
    // A rename onto a folder that holds a file fails after the text was written and flushed.
    expect(() => writeFileAtomically(path.join(dir, 'taken'), 'text')).toThrow(/EISDIR|ENOTEMPTY|EEXIST/);
    expect(fs.readFileSync(path.join(dir, 'taken/inside.txt'), 'utf8')).toBe('kept');
    expect(fs.readdirSync(dir)).toEqual(['taken']);
    // A folder that does not exist: nothing is created.
    expect(() => writeFileAtomically(path.join(dir, 'missing/out.json'), 'text')).toThrow(/ENOENT/);
    expect(fs.readdirSync(dir)).toEqual(['taken']);
  });
});

describe("the CLI's writeFileSafely over it", () => {
  it('reports a write that failed as an error saying the file is unchanged, never as done', () => {
    dir = makeTempProject({ 'taken/inside.txt': 'kept' });
    expect(() => writeFileSafely(path.join(dir, 'taken'), 'text', dir)).toThrow(CliError);
    expect(() => writeFileSafely(path.join(dir, 'taken'), 'text', dir)).toThrow(/the file is unchanged/);
    expect(fs.readdirSync(dir)).toEqual(['taken']);
  });

  it('keeps the permission bits of the manifest it replaces', () => {
    dir = makeTempProject({ 'mcp-meta.registry.json': '{}' });
    const target = path.join(dir, 'mcp-meta.registry.json');
    fs.chmodSync(target, 0o664);
    writeFileSafely(target, '{ "version": 1 }', dir);
    expect(fs.readFileSync(target, 'utf8')).toBe('{ "version": 1 }');
    expect(modeOf(target)).toBe(0o664);
  });
});
