import * as fs from 'node:fs';
import * as path from 'node:path';
import { compileGlobs } from './build-registry';
import { globListsOf } from './glob-lists';
import { toPointer, type JsonLocator } from './json-locate';
import type { RegistryManifest, RegistryProblem } from './types';
import { isSkippedFolderName, tsconfigOutDir } from '../util/build-output';

/**
 * Every file under `dir` (posix paths relative to it), walking the tree once, without the folders that never hold a
 * server's sources: dependencies, build output (`dist`, and the tsconfig's `outDir`), dot-folders (`.git`, `.cache`).
 * `createConfig` ignores the same folders (`src/util/build-output.ts`), so init, check and the lint see one code base.
 */
export function listFiles(dir: string): string[] {
  const outDir = tsconfigOutDir(dir);
  const files: string[] = [];
  const pending: string[] = [''];
  while (pending.length > 0) {
    const relative = pending.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(dir, relative), { withFileTypes: true });
    } catch {
      continue; // unreadable folder: its globs will show up as matching nothing, which is the truth we can see
    }
    for (const entry of entries) {
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!isSkippedFolderName(entry.name) && child !== outDir) pending.push(child);
      } else if (entry.isFile()) {
        files.push(child);
      }
    }
  }
  return files.sort();
}

/**
 * Checks the globs against the files on disk (config load and `mcp-meta check`, not the lint path): globs that match
 * nothing (a warning: often a moved or renamed file). A file the producer globs of several keys match is fine: the
 * spec's unit is a producer, not a file, and the rules check that each key has its own producer unit there.
 */
export function globProblems(manifest: RegistryManifest, dir: string, file: string, locator: JsonLocator): RegistryProblem[] {
  const files = listFiles(dir);
  const problems: RegistryProblem[] = [];
  const at = (pointer: string): Pick<RegistryProblem, 'pointer' | 'line' | 'column'> => ({ pointer, ...locator.locate(pointer) });

  for (const { globs, jsonPath } of globListsOf(manifest)) {
    globs.forEach((glob, index) => {
      const matches = compileGlobs([glob]);
      if (files.some((f) => matches(f))) return;
      problems.push({
        severity: 'warning',
        file,
        ...at(toPointer([...jsonPath, index])),
        message: `Glob '${glob}' matches no file under ${dir} (node_modules, dist and dot-folders are not searched).`,
        fix: `Correct the path (globs are relative to the manifest's folder) or remove the entry if the file is gone.`,
      });
    });
  }

  return problems;
}
