/** Real source files for the tests that compare a text check with the regex it replaced (pass-through marks, relay words). */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Every `.ts`/`.js` file under `dir` (not `node_modules` below it), at most `limit`. */
export function sourceFiles(dir: string, limit: number): string[] {
  const found: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      if (found.length >= limit) return;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(full);
      } else if (/\.[cm]?[tj]sx?$/.test(entry.name)) found.push(full);
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return found;
}
