import type * as fs from 'node:fs';
import { statOncePerLook } from '../../util/stat-once-per-turn';

/** What identifies a version of a file without reading it: an edit changes one of these (mtime alone can stay). */
interface Version {
  readonly mtimeMs: number;
  readonly ctimeMs: number;
  readonly size: number;
  readonly ino: number;
}

interface Entry<T> {
  readonly version: Version;
  readonly value: T | null;
  /**
   * Other files read while this one's value was built (an imported const, a helper's helper), at their versions; null
   * for a file that was missing then (a config's `extends` base not linked yet): its appearance is a change too.
   */
  readonly dependencies: ReadonlyMap<string, Version | null>;
  /** What the value holds, in bytes (estimated by the cache's `weigh`), for the cache's bound on bytes. */
  readonly bytes: number;
}

/** How many files' values a cache keeps; the least recently used is dropped beyond this. */
export const MODULE_CACHE_ENTRIES = 512;

/** How many bytes of values a cache keeps by default (as its `weigh` estimates them); the least recently used go beyond. */
export const MODULE_CACHE_BYTES = 32 * 1024 * 1024;

export interface ModuleCacheOptions<T> {
  /** At most this many files' values (least recently used first out). */
  readonly maxEntries?: number;
  /** At most this many bytes of values, as `weigh` estimates them (a value is never dropped for its own weight). */
  readonly maxBytes?: number;
  /** What a value holds in bytes; without it every value weighs nothing and only `maxEntries` bounds the cache. */
  readonly weigh?: (value: T) => number;
  /** Told of every file whose value is asked for, and of the files a cached value was built from. */
  readonly onUse?: (file: string) => void;
}

/**
 * What was read from other modules (their exported strings and helper summaries, never their trees), kept per file
 * and read again when the file changes (mtime, ctime, size or inode), so an editor's long-lived process sees edits to
 * the imported module. The disk is looked at once per event-loop turn and once more for each file that may write
 * `_meta` (`statOncePerLook`), so an edit linted right after, in the same turn, is seen.
 *
 * Bounded: at most `maxEntries` files and `maxBytes` of values (least recently used first out: a count alone let 512
 * large summaries hold hundreds of MB), a deleted file's entry goes at its next look-up, and a value built from other
 * files (a const concatenated from an imported one) is rebuilt when any of them changes, or when a file it found
 * missing appears (`dependOn`).
 */
export class ModuleCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /** The files being read, innermost last: the dependencies each read records, and the cycle guard. */
  private readonly reading: { file: string; dependencies: Map<string, Version | null> }[] = [];
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly weigh: ((value: T) => number) | undefined;
  private readonly onUse: ((file: string) => void) | undefined;
  private heldBytes = 0;

  constructor(
    private readonly read: (file: string) => T | null,
    options: ModuleCacheOptions<T> = {},
  ) {
    this.maxEntries = options.maxEntries ?? MODULE_CACHE_ENTRIES;
    this.maxBytes = options.maxBytes ?? MODULE_CACHE_BYTES;
    this.weigh = options.weigh;
    this.onUse = options.onUse;
  }

  /**
   * While a value is read: it depends on `file` too, without reading `file`'s own value (a config's `extends` base,
   * read by the config's parser), also when `file` is missing (the value is rebuilt when it appears).
   */
  dependOn(file: string): void {
    if (this.reading.length === 0) return;
    const version = versionOf(file);
    for (const reader of this.reading) reader.dependencies.set(file, version);
  }

  /**
   * The value read from `file` (cached while it is unchanged), or null when it cannot be stat-ed or read. `read`: how
   * this caller reads it when it is not held (a module's summary reads its imports through the resolver it is given).
   */
  get(file: string, read: (file: string) => T | null = this.read): T | null {
    this.onUse?.(file);
    const version = versionOf(file);
    for (const reader of this.reading) if (version) reader.dependencies.set(file, version);
    if (version === null) {
      this.forget(file);
      return null;
    }
    // A module that reaches itself while it is read (`a` re-exports from `b`, `b` from `a`): unknown, not a loop.
    if (this.reading.some((reader) => reader.file === file)) return null;
    const cached = this.entries.get(file);
    if (cached && sameVersion(cached.version, version) && this.dependenciesHold(cached)) {
      // Most recently used last: a Map iterates in insertion order, so the first entry is the one to drop.
      this.entries.delete(file);
      this.entries.set(file, cached);
      for (const reader of this.reading) for (const [dependency, at] of cached.dependencies) reader.dependencies.set(dependency, at);
      if (this.onUse) for (const dependency of cached.dependencies.keys()) this.onUse(dependency);
      return cached.value;
    }
    const reader = { file, dependencies: new Map<string, Version | null>() };
    this.reading.push(reader);
    let value: T | null;
    try {
      value = read(file);
    } finally {
      this.reading.pop();
    }
    for (const outer of this.reading) for (const [dependency, at] of reader.dependencies) outer.dependencies.set(dependency, at);
    this.forget(file);
    const bytes = value === null || !this.weigh ? 0 : this.weigh(value);
    this.entries.set(file, { version, value, dependencies: reader.dependencies, bytes });
    this.heldBytes += bytes;
    while (this.entries.size > this.maxEntries || (this.heldBytes > this.maxBytes && this.entries.size > 1)) {
      this.forget(this.entries.keys().next().value as string);
    }
    return value;
  }

  /** How many files' values are held (tests prove the bound). */
  get size(): number {
    return this.entries.size;
  }

  /** How many bytes of values are held, as `weigh` estimates them (tests prove the bound). */
  get bytes(): number {
    return this.heldBytes;
  }

  private forget(file: string): void {
    const entry = this.entries.get(file);
    if (!entry) return;
    this.heldBytes -= entry.bytes;
    this.entries.delete(file);
  }

  private dependenciesHold(entry: Entry<T>): boolean {
    for (const [dependency, at] of entry.dependencies) {
      const now = versionOf(dependency);
      if (now === null ? at !== null : at === null || !sameVersion(now, at)) return false;
    }
    return true;
  }
}

function versionOf(file: string): Version | null {
  let stat: fs.Stats | undefined;
  try {
    stat = statOncePerLook(file);
  } catch {
    return null;
  }
  return stat === undefined ? null : { mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs, size: stat.size, ino: stat.ino };
}

function sameVersion(a: Version, b: Version): boolean {
  return a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.size === b.size && a.ino === b.ino;
}
