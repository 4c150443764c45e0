import { statOncePerTurn } from '../util/stat-once-per-turn';

/**
 * What was read from other modules (imported consts' strings, imported helpers' parsed trees), kept per file and read
 * again when the file's mtime changes, so an editor's long-lived process sees edits to the imported module. The mtime
 * is looked at once per event-loop turn (`statOncePerTurn`), like the manifest's.
 */
export class ModuleCache<T> {
  private readonly entries = new Map<string, { readonly mtimeMs: number; readonly value: T | null }>();

  constructor(private readonly read: (file: string) => T | null) {}

  /** The value read from `file` (cached while its mtime holds), or null when it cannot be stat-ed or read. */
  get(file: string): T | null {
    let stat;
    try {
      stat = statOncePerTurn(file);
    } catch {
      return null;
    }
    if (stat === undefined) return null;
    const cached = this.entries.get(file);
    if (cached && cached.mtimeMs === stat.mtimeMs) return cached.value;
    const value = this.read(file);
    this.entries.set(file, { mtimeMs: stat.mtimeMs, value });
    return value;
  }
}
