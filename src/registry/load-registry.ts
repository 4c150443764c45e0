import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseManifestText, sha256, withGlobChecks, type ParsedManifest, type ParseRegistryOptions } from './parse-registry';
import type { Registry, RegistryLoadResult, RegistryProblem } from './types';
import { statNow, statOncePerTurn } from '../util/stat-once-per-turn';

export interface LoadRegistryOptions extends ParseRegistryOptions {
  /**
   * Check the file for edits at most once per event-loop turn (`statOncePerTurn`) instead of on every call. The lint
   * path's choice (one check per turn, not per linted file); the CLI and config loading check on every call, since
   * they may load a manifest they have just written.
   */
  oncePerTurn?: boolean;
  /**
   * Check the file now, and let this turn's later `oncePerTurn` loads use that check (`statNow`): the lint path's
   * choice for a file that may write `_meta`, so a manifest edited and linted in the same turn is seen.
   */
  refreshTurn?: boolean;
}

/** The fix for a manifest that is not there; also used by discovery when no manifest is found. */
export const MISSING_MANIFEST_FIX = "Create it (npx mcp-meta init) or point settings['mcp-meta'].registry at it.";

interface CacheEntry {
  mtimeMs: number;
  ctimeMs: number;
  size: number;
  /** An editor's atomic save renames a new file into place: a new inode, even within one timestamp tick. */
  ino: number;
  parsed: ParsedManifest;
}

/** Loaded manifests by absolute path. A failed stat or read is not cached: the next call looks again. */
const cache = new Map<string, CacheEntry>();

/** How often the disk was touched, so tests can prove "parsed once per process, one stat per call". */
export interface RegistryCacheStats {
  /** `fs.statSync` calls made by the registry module (loading and discovery); a check answered earlier in the same turn is not one. */
  stats: number;
  /** Manifest file reads. */
  reads: number;
  /** Manifest parses (syntax + schema + semantic checks). */
  parses: number;
}

const counters: RegistryCacheStats = { stats: 0, reads: 0, parses: 0 };

/** A copy of the counters since the process started (or the last `resetRegistryCache`). */
export function registryCacheStats(): RegistryCacheStats {
  return { ...counters };
}

/** Forgets every loaded manifest and zeroes the counters. For tests; the rules never need it. */
export function resetRegistryCache(): void {
  cache.clear();
  counters.stats = 0;
  counters.reads = 0;
  counters.parses = 0;
}

/** `fs.statSync` that counts itself and returns `undefined` instead of throwing. */
export function countedStat(absolutePath: string): fs.Stats | undefined {
  counters.stats++;
  return fs.statSync(absolutePath, { throwIfNoEntry: false });
}

/**
 * Reads, parses and validates the manifest at `absolutePath`. Cached per process: a call costs one `stat` (with
 * `oncePerTurn`, one per event-loop turn while the manifest is usable), and the file is re-read only when its mtime,
 * ctime, size or inode changed (so a long-lived editor process sees edits, also a same-size save by rename). Never throws; a missing file is a problem with a fix. The manifest is data:
 * it is never `require`d or executed.
 */
export function loadRegistry(absolutePath: string, options: LoadRegistryOptions = {}): RegistryLoadResult {
  const file = path.resolve(absolutePath);
  // A manifest that was broken or missing at the last load is looked at now, not once per turn: the first lint after
  // the fix (an editor's, in the same turn as the lint that saw the break) must see it. Only while it is unusable,
  // when every file gets the manifest's problem anyway; a usable one keeps the once-per-turn look.
  const refresh = options.refreshTurn === true || (options.oncePerTurn === true && cache.get(file)?.parsed.result.ok !== true);
  let stat: fs.Stats | undefined;
  try {
    stat = refresh ? statNow(file, countedStat) : options.oncePerTurn ? statOncePerTurn(file, countedStat) : countedStat(file);
  } catch (error) {
    cache.delete(file);
    return failure(file, `Cannot read the registry manifest: ${errorMessage(error)}.`, MISSING_MANIFEST_FIX);
  }
  if (!stat) {
    cache.delete(file);
    const missing = failure(file, `Registry manifest not found: ${file} does not exist.`, MISSING_MANIFEST_FIX);
    missingResults.add(missing);
    return missing;
  }
  if (!stat.isFile()) {
    cache.delete(file);
    // Only a folder gets the file name appended in the hint; a FIFO or socket path already names a file.
    return failure(
      file,
      `Registry manifest ${file} is a ${stat.isDirectory() ? 'directory' : 'special file'}, not a JSON file.`,
      stat.isDirectory()
        ? `Point settings['mcp-meta'].registry at the manifest file itself (e.g. '${path.join(file, 'mcp-meta.registry.json')}').`
        : `Point settings['mcp-meta'].registry at a regular JSON file instead of this ${stat.isFIFO() ? 'FIFO' : 'special file'}.`,
    );
  }

  let entry = cache.get(file);
  if (!entry || !isSameVersion(entry, stat)) {
    let bytes: Buffer;
    try {
      counters.reads++;
      bytes = fs.readFileSync(file);
    } catch (error) {
      cache.delete(file);
      return failure(
        file,
        `Cannot read the registry manifest: ${errorMessage(error)}.`,
        'Make the file readable by the user running ESLint.',
      );
    }
    counters.parses++;
    // The stamp is the one taken before the read: if the file changes during the read, the next call re-reads it.
    entry = {
      mtimeMs: stat.mtimeMs,
      ctimeMs: stat.ctimeMs,
      size: stat.size,
      ino: stat.ino,
      parsed: parseManifestText(bytes.toString('utf8'), file, sha256(bytes)),
    };
    cache.set(file, entry);
  }
  // Glob checks depend on the files on disk, not only on the manifest, so they are not cached; they run at config
  // load and in the CLI, never per linted file.
  return options.checkGlobs ? withGlobChecks(entry.parsed) : entry.parsed.result;
}

/** The file `stat` describes is the version `entry` was read from: same mtime, ctime, size and inode. */
function isSameVersion(entry: CacheEntry, stat: fs.Stats): boolean {
  return entry.mtimeMs === stat.mtimeMs && entry.ctimeMs === stat.ctimeMs && entry.size === stat.size && entry.ino === stat.ino;
}

/**
 * True when `registry` is what its manifest holds on disk now: one `stat` now (`statNow`, so the rest of the turn
 * reuses it), compared with the version it was read from. Why: the gate asks the disk now for every file that may
 * write `_meta` (a manifest edited and linted in the same turn must be seen), and a full `resolveRegistryForFile` per
 * such file (settings, path resolution, the load) cost several times that `stat`. False sends the caller to the full
 * resolution, which reads the new version or reports the problem.
 */
export function isRegistryCurrent(registry: Registry): boolean {
  const entry = cache.get(registry.path);
  if (!entry || !entry.parsed.result.ok || entry.parsed.result.registry !== registry) return false;
  let stat: fs.Stats | undefined;
  try {
    stat = statNow(registry.path, countedStat);
  } catch {
    return false;
  }
  return stat !== undefined && stat.isFile() && isSameVersion(entry, stat);
}

/** sha256 of the manifest's bytes, or `undefined` when it cannot be read. Used for `settings` and `eslint --cache`. */
export function hashManifestFile(absolutePath: string): string | undefined {
  try {
    return sha256(fs.readFileSync(absolutePath));
  } catch {
    return undefined;
  }
}

const missingResults = new WeakSet<RegistryLoadResult>();

/** True when `result` failed only because the manifest file does not exist (discovery can then look again). */
export function isMissingManifest(result: RegistryLoadResult): boolean {
  return missingResults.has(result);
}

function failure(file: string, message: string, fix: string): RegistryLoadResult {
  const problem: RegistryProblem = { severity: 'error', file, message, fix };
  return { ok: false, problems: [problem] };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
