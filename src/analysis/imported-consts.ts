/**
 * Keys held in a `const` exported by another module (`import { TIMING_KEY } from './keys.js'`, `import * as K`,
 * `import KEYS from`), resolved without types: the relative module is found on disk the way TypeScript and Node find
 * it (`.js` written for a `.ts` source, extension-less, `index`), and its summary (`module-summary.ts`: read from its
 * tree with the evaluator of the linted file's consts) gives the exported strings. Re-exports (`export { K } from`,
 * `export * from`, chains of them) are followed. Only relative imports are followed; each module is read once per
 * version (an editor sees edits; the disk is looked at once per event-loop turn: `statOncePerTurn`).
 */
import * as path from 'node:path';
import { statOncePerTurn } from '../util/stat-once-per-turn';
import { moduleSummary, type ModuleSummary } from './module-summary';
const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
/** What a module's emitted-JavaScript extension may stand for in source (`./keys.js` -> `./keys.ts`). */
const SOURCE_FOR_OUTPUT: Readonly<Record<string, readonly string[]>> = {
  '.js': ['.ts', '.tsx', '.js', '.jsx'],
  '.mjs': ['.mts', '.mjs'],
  '.cjs': ['.cts', '.cjs'],
  '.jsx': ['.tsx', '.jsx'],
};

let lookups = 0;
/** `export * from` and `export { K } from` chains are followed this many modules deep. */
const MAX_REEXPORT_DEPTH = 6;

/** How many imported names were looked up in this process (tests prove unused imports cost nothing). */
export function importedConstLookups(): number {
  return lookups;
}

/** The string `importedName` is bound to in the module `specifier` (relative to `fromFile`), or null. */
export function resolveImportedString(specifier: string, importedName: string, fromFile: string): string | null {
  if (specifier.startsWith('.')) lookups += 1;
  return resolveExport(specifier, importedName, fromFile, (summary, name) => summary.strings.get(name))?.value ?? null;
}

/** The strings of an `as const` object exported as `importedName` (`KEYS.timing`), or null. */
export function resolveImportedStrings(specifier: string, importedName: string, fromFile: string): ReadonlyMap<string, string> | null {
  if (specifier.startsWith('.')) lookups += 1;
  return resolveExport(specifier, importedName, fromFile, (summary, name) => summary.objects.get(name))?.value ?? null;
}

/**
 * What `pick` finds for the export `name` of the module `specifier` imports from `fromFile`, with the file that
 * defines it: in the module itself, else through `export { name } from`, else through each `export * from` (never for
 * `default`, which a star does not re-export). Null for a package, a missing, unreadable or too large module.
 */
export function resolveExport<T>(
  specifier: string,
  name: string,
  fromFile: string,
  pick: (summary: ModuleSummary, name: string) => T | undefined,
  depth = 0,
): { file: string; value: T } | null {
  if (!specifier.startsWith('.') || !path.isAbsolute(fromFile) || depth > MAX_REEXPORT_DEPTH) return null;
  const file = findModuleFile(path.resolve(path.dirname(fromFile), specifier));
  const summary = file === null ? null : moduleSummary(file);
  if (file === null || summary === null) return null;
  const own = pick(summary, name);
  if (own !== undefined) return { file, value: own };
  const reexport = summary.reexports.get(name);
  if (reexport) return resolveExport(reexport.source, reexport.imported, file, pick, depth + 1);
  if (name === 'default') return null;
  for (const star of summary.stars) {
    const found = resolveExport(star, name, file, pick, depth + 1);
    if (found) return found;
  }
  return null;
}

/** The source file a relative import names, found as TypeScript and Node find it; null when there is none. */
export function findModuleFile(base: string): string | null {
  const extension = path.extname(base);
  const candidates = [
    ...(SOURCE_FOR_OUTPUT[extension] ?? []).map((sourceExtension) => base.slice(0, -extension.length) + sourceExtension),
    ...(SOURCE_EXTENSIONS.includes(extension) ? [base] : []),
    ...SOURCE_EXTENSIONS.map((sourceExtension) => base + sourceExtension),
    ...SOURCE_EXTENSIONS.map((sourceExtension) => path.join(base, 'index' + sourceExtension)),
  ];
  for (const candidate of candidates) {
    try {
      if (statOncePerTurn(candidate)?.isFile() === true) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}
