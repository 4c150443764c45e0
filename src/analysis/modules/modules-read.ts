/**
 * Which modules the analysis read under a manifest, kept across runs for `eslint --cache` (issue 22). ESLint keys a
 * file's cached result on the file and the config only (eslint/eslint#19869), so a key `const` or a helper edited in
 * another module would leave stale results. `createConfig` asks for the modules read under its manifests
 * (`persistModulesRead`); the lint path notes each module it reads and, after a file's analysis, adds new ones to a
 * small sidecar (`node_modules/.cache/eslint-plugin-mcp-meta/modules-<manifest>.json` of the manifest's package,
 * written atomically, under a lock file so that concurrent workers and processes lose none of each other's modules)
 * with the sha256 of their content when first read. The next `createConfig` folds into
 * `registryHash` the modules whose content now differs from that: nothing while they are as first read (so a new module
 * costs no re-lint), and any edit changes the config and invalidates every cached result, as a manifest edit does.
 * The hash is a function of the modules' contents, never of the runs' history.
 *
 * Never throws: a sidecar that cannot be read or written (read-only folder, no `package.json` above the manifest)
 * only means imported modules are not part of the cache key.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeFileAtomically } from '../../util/atomic-write';
import { nearestPackageFolder } from '../../util/nearest-package';
import { posixRelative } from '../../util/posix-relative';

interface Sidecar {
  readonly file: string;
  /** The manifest's folder: module paths are kept relative to it (a CI cache restored elsewhere still matches). */
  readonly dir: string;
  /** Module (relative path) -> sha256 of its content when first read: read from the sidecar, plus this process's. */
  readonly known: Map<string, string>;
  dirty: boolean;
}

/** A sidecar lists at most this many modules (paths that moved away stay listed, as `missing`). */
const MAX_MODULES = 5_000;

/** Manifests whose modules are kept, by manifest path: only those a `createConfig` in this process asked for. */
const sidecars = new Map<string, Sidecar | null>();
/** Modules read since the last analysis was recorded. */
const pending = new Set<string>();
let flushScheduled = false;
let exitHooked = false;

/** Called by `createConfig`: keep the modules read under `registryPath`; returns their digest ('' when none). */
export function persistModulesRead(registryPath: string): string {
  const sidecar = sidecarOf(registryPath);
  return sidecar ? digestOf(sidecar) : '';
}

/** The module cache calls this for every module an analysis reads (a cached summary counts). */
export function noteModuleRead(file: string): void {
  if (sidecars.size > 0) pending.add(file);
}

/** After one file's analysis under `registryPath`: the modules it read join the manifest's sidecar. */
export function recordModulesRead(registryPath: string | null): void {
  if (pending.size === 0) return;
  const sidecar = registryPath === null ? undefined : sidecars.get(registryPath);
  for (const file of pending) {
    if (!sidecar || file.includes(`${path.sep}node_modules${path.sep}`) || sidecar.known.size >= MAX_MODULES) continue;
    const relative = posixRelative(sidecar.dir, file);
    if (sidecar.known.has(relative)) continue;
    const content = contentHash(file);
    if (content === null) continue;
    sidecar.known.set(relative, content);
    sidecar.dirty = true;
  }
  pending.clear();
  if (sidecar?.dirty && !flushScheduled) {
    flushScheduled = true;
    // Once per turn (a run's files are linted in few turns), and at exit for what the last turn added.
    setImmediate(flushSidecars);
    if (!exitHooked) {
      exitHooked = true;
      process.once('exit', flushSidecars);
    }
  }
}

function sidecarOf(registryPath: string): Sidecar | null {
  const existing = sidecars.get(registryPath);
  if (existing !== undefined) return existing;
  const dir = path.dirname(registryPath);
  // The nearest package folder is where `node_modules/.cache` conventionally lives.
  const root = nearestPackageFolder(dir);
  const file =
    root === null
      ? null
      : path.join(
          root,
          'node_modules',
          '.cache',
          'eslint-plugin-mcp-meta',
          `modules-${createHash('sha256').update(registryPath).digest('hex').slice(0, 16)}.json`,
        );
  const sidecar = file === null ? null : { file, dir, known: readListed(file), dirty: false };
  sidecars.set(registryPath, sidecar);
  return sidecar;
}

function readListed(file: string): Map<string, string> {
  const listed = new Map<string, string>();
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { modules?: unknown };
    if (typeof parsed.modules !== 'object' || parsed.modules === null || Array.isArray(parsed.modules)) return listed;
    for (const [module, content] of Object.entries(parsed.modules)) if (typeof content === 'string') listed.set(module, content);
  } catch {
    // none yet, or not ours to read: start empty
  }
  return listed;
}

function contentHash(file: string): string | null {
  try {
    return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  } catch {
    return null;
  }
}

/** The listed modules whose content differs from when they were first read (or that are gone), hashed; '' if none. */
function digestOf(sidecar: Sidecar): string {
  const digest = createHash('sha256');
  let changed = 0;
  for (const relative of [...sidecar.known.keys()].sort()) {
    const now = contentHash(path.resolve(sidecar.dir, relative)) ?? 'missing';
    if (now === sidecar.known.get(relative)) continue;
    changed += 1;
    digest.update(`${relative}\0${now}\n`);
  }
  return changed === 0 ? '' : digest.digest('hex');
}

/**
 * Writes each changed sidecar: merged with what is on disk now (another ESLint worker or process may have added
 * modules), written atomically (`writeFileAtomically`: a reader never sees half a file), all under the sidecar's lock
 * (`withSidecarLock`): without it, two writers that read before either renamed lost the modules of the one renamed
 * first. Failures are ignored.
 */
function flushSidecars(): void {
  flushScheduled = false;
  for (const sidecar of sidecars.values()) {
    if (!sidecar?.dirty) continue;
    sidecar.dirty = false;
    try {
      fs.mkdirSync(path.dirname(sidecar.file), { recursive: true });
      withSidecarLock(sidecar.file, () => {
        // The first content seen wins: what another worker (or run) listed first is what cached results were built on.
        for (const [module, content] of readListed(sidecar.file)) sidecar.known.set(module, content);
        const modules = Object.fromEntries([...sidecar.known].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
        writeFileAtomically(sidecar.file, JSON.stringify({ version: 1, modules }, null, 2) + '\n');
      });
    } catch {
      // Unwritable: imported modules are then not part of `--cache`'s key; the lint itself is unaffected.
    }
  }
}

/** A lock older than this is taken to be left by a writer that died holding it (holding it takes a read and a write). */
const STALE_LOCK_MS = 10_000;
/** How long a writer waits for the lock before it gives up this flush (the next one, or the next run, adds them). */
const LOCK_WAIT_MS = 2 * STALE_LOCK_MS;
const LOCK_RETRY_MS = 2;

/**
 * Runs `update` holding `<file>.lock`, created with `O_EXCL` (`wx`): one writer at a time reads, merges and renames,
 * across ESLint's worker threads and processes alike. A lock file is simpler than one sidecar per writer merged on
 * read: those files pile up run after run and merging them back into one needs this same lock. A lock whose writer
 * is gone (its pid is not running here) or that is older than `STALE_LOCK_MS` is removed; the wait is synchronous
 * (the flush runs at exit too, where nothing asynchronous runs) and short, since holding the lock takes milliseconds.
 * Throws when the lock cannot be had (the caller ignores it, as any unwritable sidecar).
 */
function withSidecarLock(file: string, update: () => void): void {
  const lock = `${file}.lock`;
  const deadline = Date.now() + LOCK_WAIT_MS;
  let fd: number | undefined;
  for (;;) {
    try {
      fd = fs.openSync(lock, 'wx');
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || Date.now() > deadline) throw error;
    }
    if (!removedStaleLock(lock)) Atomics.wait(PAUSE, 0, 0, LOCK_RETRY_MS);
  }
  try {
    fs.writeSync(fd, `${process.pid}\n`);
    fs.closeSync(fd);
    update();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/** Removes `lock` when its writer is gone or it is stale; true when it did (the caller retries at once). */
function removedStaleLock(lock: string): boolean {
  let stat: fs.Stats | undefined;
  let holder: number;
  try {
    stat = fs.statSync(lock, { throwIfNoEntry: false });
    if (!stat) return true;
    holder = Number.parseInt(fs.readFileSync(lock, 'utf8'), 10);
  } catch {
    return false;
  }
  // An empty lock is one being written right now (created, its pid not yet written): not stale unless old.
  const stale = Date.now() - stat.mtimeMs > STALE_LOCK_MS || (Number.isInteger(holder) && holder !== process.pid && !isRunning(holder));
  if (!stale) return false;
  try {
    // Only the lock judged stale: if another writer replaced it meanwhile (another inode or time), it is theirs.
    const now = fs.statSync(lock);
    if (now.ino === stat.ino && now.mtimeMs === stat.mtimeMs) fs.rmSync(lock);
  } catch {
    // gone already
  }
  return true;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
