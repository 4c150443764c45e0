import * as path from 'node:path';

/** `to` relative to `from` with forward slashes: how manifests, git and CI annotations write paths on every OS. */
export function posixRelative(from: string, to: string): string {
  return path.relative(from, to).split(path.sep).join('/');
}
