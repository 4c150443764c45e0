import fs from 'node:fs';
import path from 'node:path';

/** The nearest folder at or above `dir` that holds a `package.json`, or null at the file system's root. */
export function nearestPackageFolder(dir: string): string | null {
  for (let current = dir; ; current = path.dirname(current)) {
    if (fs.existsSync(path.join(current, 'package.json'))) return current;
    if (path.dirname(current) === current) return null;
  }
}
