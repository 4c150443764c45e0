import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { threadId } from 'node:worker_threads';

/**
 * Writes `text` to `file` so that a reader never sees half of it and a failure (disk full, EFBIG, a kill) leaves the
 * old file whole: the text goes to a new temporary file beside it, created exclusively (nothing existing is followed
 * or overwritten), is flushed to disk, and is renamed over `file` in one step. An existing file keeps its permission
 * bits (set on the new file explicitly, so the umask cannot narrow them); a new one gets `0o666` less the umask, as
 * `fs.writeFileSync` gives.
 *
 * Throws the I/O error when anything fails, after removing its temporary file: a caller never reports a write that
 * did not happen. What may be written where (symlinks, read-only files, hard links) is the caller's policy: the CLI's
 * in `src/cli/safe-write.ts`, the `--cache` sidecar's in `src/analysis/modules/modules-read.ts`.
 */
export function writeFileAtomically(file: string, text: string): void {
  const existing = fs.statSync(file, { throwIfNoEntry: false });
  const mode = existing?.isFile() === true ? existing.mode & 0o777 : undefined;
  // Unique per process, worker thread and call: ESLint's workers share one pid.
  const temporary = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${process.pid}.${threadId}.${randomBytes(4).toString('hex')}.tmp`,
  );
  let fd: number | undefined;
  let created = false;
  try {
    fd = fs.openSync(temporary, 'wx', mode ?? 0o666);
    created = true;
    if (mode !== undefined) fs.fchmodSync(fd, mode);
    fs.writeFileSync(fd, text);
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = undefined;
    fs.renameSync(temporary, file);
  } catch (error) {
    if (fd !== undefined) fs.closeSync(fd);
    // Only a file this call created: an exclusive create that failed found someone else's.
    if (created) fs.rmSync(temporary, { force: true });
    throw error;
  }
}
