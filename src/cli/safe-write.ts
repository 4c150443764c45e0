import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeFileAtomically } from '../util/atomic-write';
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

/** Where a write to `target` lands, refused when that is outside `boundary` (a symlink out of the repository). */
function checkedDestination(target: string, boundary: string): string {
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
  return destination;
}

/**
 * Creates the folder `target` goes in (`types --out src/generated/meta.ts`), refusing when the nearest folder that
 * exists is reached through a symlink out of `boundary`: nothing is created outside the repository.
 */
export function ensureParentFolder(target: string, boundary: string): void {
  let existing = path.dirname(path.resolve(target));
  while (!fs.existsSync(existing) && path.dirname(existing) !== existing) existing = path.dirname(existing);
  let real: string;
  let root: string;
  try {
    real = fs.realpathSync.native(existing);
    root = fs.realpathSync.native(boundary);
  } catch (error) {
    throw new CliError(`cannot write ${target}: ${describeIoError(error)}`);
  }
  if (!isInside(real, root)) {
    throw new CliError(
      `refusing to write ${target}: its folder ${existing} leads to ${real}, outside ${root}`,
      'Write the file to a folder inside the repository.',
    );
  }
  try {
    fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  } catch (error) {
    throw new CliError(`cannot write ${target}: ${describeIoError(error)}`);
  }
}

/**
 * Writes `text` to `target` so that a failure (disk full, EFBIG, a kill) leaves the old file whole, with its
 * permissions (`writeFileAtomically`: a new temporary file beside it, flushed, renamed over it). A symlink at `target`
 * is written through only when it points inside `boundary` (the repository or folder the command works on); a link
 * out of it is refused, so a pull request cannot make `doc --write` or `init` write elsewhere.
 *
 * Two kinds of file are refused rather than replaced, because a rename would silently undo what their owner set up:
 * a read-only file (no write bit: someone froze it), and a file with other hard links (the rename gives the target a
 * new inode, so the other names would keep the old text). Writing such a file in place would give up the atomicity
 * above, so the user decides (`chmod u+w`, or replace the link with a copy).
 */
export function writeFileSafely(target: string, text: string, boundary: string): void {
  const destination = checkedDestination(target, boundary);
  const existing = fs.statSync(destination, { throwIfNoEntry: false });
  if (existing !== undefined && existing.isFile()) {
    if ((existing.mode & 0o222) === 0) {
      throw new CliError(
        `refusing to write ${target}: it is read-only (mode ${(existing.mode & 0o777).toString(8).padStart(4, '0')}); the file is unchanged`,
        `Make it writable (chmod u+w ${shellWord(target)}) if it should change, then run the command again.`,
      );
    }
    if (existing.nlink > 1) {
      throw new CliError(
        `refusing to write ${target}: it has ${existing.nlink} hard links, which an atomic write (a new file renamed over it) would break; the file is unchanged`,
        `Replace the link with a copy of its own (cp ${shellWord(target)} tmp && mv tmp ${shellWord(target)}), or edit it by hand.`,
      );
    }
  }
  try {
    writeFileAtomically(destination, text);
  } catch (error) {
    throw new CliError(`cannot write ${target}: ${describeIoError(error)}; the file is unchanged`);
  }
}

/** How long a run waits for another run's lock on the same file before giving up (they hold it for milliseconds). */
const LOCK_WAIT_MS = 60_000;

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** A lock whose writer is gone (killed mid-run): its pid, written when it was taken, no longer runs. */
function isStaleLock(lockPath: string): boolean {
  let pid: number;
  try {
    pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
  } catch {
    return false; // gone already, or unreadable: try to take it again
  }
  if (!Number.isInteger(pid) || pid <= 0) return false; // being written: its owner is alive
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Runs a read-modify-write of `target` (`add-key`, `init --update`) holding a lock file beside it, so that concurrent
 * runs take turns and each one reads what the previous one wrote: without it, six parallel `add-key` runs all exited 0
 * and only some keys survived. The lock is `.NAME.lock`, created exclusively (O_EXCL) with the holder's pid; a run
 * waits for it with backoff, takes over a lock whose holder no longer runs, and gives up with a clear message after
 * LOCK_WAIT_MS.
 */
export function withFileLock<T>(target: string, boundary: string, run: () => T): T {
  const destination = checkedDestination(target, boundary);
  const lockPath = path.join(path.dirname(destination), `.${path.basename(destination)}.lock`);
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (let wait = 5; ; wait = Math.min(wait * 2, 250)) {
    try {
      const fd = fs.openSync(lockPath, 'wx', 0o644);
      try {
        fs.writeFileSync(fd, `${process.pid}\n`);
      } finally {
        fs.closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new CliError(`cannot lock ${target} (${lockPath}): ${describeIoError(error)}; the file is unchanged`);
      }
    }
    if (isStaleLock(lockPath)) {
      fs.rmSync(lockPath, { force: true });
      continue;
    }
    if (Date.now() > deadline) {
      throw new CliError(
        `cannot write ${target}: another mcp-meta run holds its lock ${lockPath}; the file is unchanged`,
        'Run the command again when the other run has finished; if none is running, delete the lock file.',
      );
    }
    sleepSync(wait);
  }
  try {
    return run();
  } finally {
    fs.rmSync(lockPath, { force: true });
  }
}

/** A path as one shell word, for fix commands people paste: quoted only when it has characters a shell would read. */
export function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
