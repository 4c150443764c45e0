import * as fs from 'node:fs';
import * as path from 'node:path';
import { CliError } from './findings';
import { describeIoError } from './manifest-source';

/** The folder holding `.git` above `start`, else `start`: the boundary a write may not leave through a symlink. */
export function repositoryRoot(start: string): string {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(start);
  }
}

/** True when `child` is `parent` or inside it (both absolute, resolved). */
function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** Where a write to `target` lands: the file itself, or what a symlink at `target` points to (even if missing). */
function destinationOf(target: string): string {
  const stat = fs.lstatSync(target, { throwIfNoEntry: false });
  if (stat?.isSymbolicLink()) {
    try {
      return fs.realpathSync.native(target);
    } catch {
      return path.resolve(path.dirname(target), fs.readlinkSync(target)); // a dangling link: where it would create
    }
  }
  return path.join(fs.realpathSync.native(path.dirname(target)), path.basename(target));
}

/**
 * Writes `text` to `target` so that a failure (disk full, EFBIG, a kill) leaves the old file whole: the text goes to a
 * new temporary file beside it (created exclusively, so nothing existing is followed or overwritten), is flushed, and
 * is renamed over the target in one step. A symlink at `target` is written through only when it points inside
 * `boundary` (the repository or folder the command works on); a link out of it is refused, so a pull request cannot
 * make `doc --write` or `init` write elsewhere.
 */
export function writeFileSafely(target: string, text: string, boundary: string): void {
  let destination: string;
  let root: string;
  try {
    destination = destinationOf(target);
    root = fs.realpathSync.native(boundary);
  } catch (error) {
    throw new CliError(`cannot write ${target}: ${describeIoError(error)}`);
  }
  if (!isInside(destination, root)) {
    throw new CliError(
      `refusing to write ${target}: it is a symlink to ${destination}, outside ${root}`,
      'Replace the symlink with the file itself, or run the command from the folder that holds the target.',
    );
  }
  const mode = fs.statSync(destination, { throwIfNoEntry: false })?.mode;
  const temporary = path.join(path.dirname(destination), `.${path.basename(destination)}.${process.pid}.${Date.now().toString(36)}.tmp`);
  let fd: number | undefined;
  try {
    fd = fs.openSync(temporary, 'wx', mode === undefined ? 0o666 : mode & 0o777);
    fs.writeFileSync(fd, text);
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = undefined;
    fs.renameSync(temporary, destination);
  } catch (error) {
    if (fd !== undefined) fs.closeSync(fd);
    fs.rmSync(temporary, { force: true });
    throw new CliError(`cannot write ${target}: ${describeIoError(error)}; the file is unchanged`);
  }
}

/** A path as one shell word, for fix commands people paste: quoted only when it has characters a shell would read. */
export function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
