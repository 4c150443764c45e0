/**
 * Keys held in a `const` exported by another module (`import { TIMING_KEY } from './keys.js'`), resolved
 * syntactically: the relative module is found on disk the way TypeScript and Node find it (`.js` written for a `.ts`
 * source, extension-less, `index`), and its text is scanned for `export const NAME = 'literal'` (also `as const`, a
 * type annotation, or `const NAME = '…'` exported by an `export { NAME }` list). Only relative imports are followed;
 * each module is read once per process and re-read when its mtime changes, so an editor sees edits (the disk is
 * looked at once per event-loop turn: `statOncePerTurn`).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { statOncePerTurn } from '../util/stat-once-per-turn';
import { ModuleCache } from './module-cache';

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
/** What a module's emitted-JavaScript extension may stand for in source (`./keys.js` -> `./keys.ts`). */
const SOURCE_FOR_OUTPUT: Readonly<Record<string, readonly string[]>> = {
  '.js': ['.ts', '.tsx', '.js', '.jsx'],
  '.mjs': ['.mts', '.mjs'],
  '.cjs': ['.cts', '.cjs'],
  '.jsx': ['.tsx', '.jsx'],
};

const modules = new ModuleCache(readStrings);
let lookups = 0;

/** How many imported names were looked up in this process (tests prove unused imports cost nothing). */
export function importedConstLookups(): number {
  return lookups;
}

/** The string `importedName` is bound to in the module `specifier` (relative to `fromFile`), or null. */
export function resolveImportedString(specifier: string, importedName: string, fromFile: string): string | null {
  if (!specifier.startsWith('.') || !path.isAbsolute(fromFile)) return null;
  lookups += 1;
  const file = findModuleFile(path.resolve(path.dirname(fromFile), specifier));
  return file === null ? null : (modules.get(file)?.get(importedName) ?? null);
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

const CONST_STRING = /(?:^|[;\n])\s*(export\s+)?const\s+([A-Za-z_$][\w$]*)\s*(?::[^=;\n]+)?=\s*(['"])((?:(?!\3)[^\\\n])*)\3/g;
const EXPORT_LIST = /export\s*\{([^}]*)\}(?!\s*from)/g;

function readStrings(file: string): Map<string, string> | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const exported = new Map<string, string>();
  const local = new Map<string, string>();
  for (const match of text.matchAll(CONST_STRING)) (match[1] ? exported : local).set(match[2], match[4]);
  for (const list of text.matchAll(EXPORT_LIST)) {
    for (const entry of list[1].split(',')) {
      const [name, alias] = entry.trim().split(/\s+as\s+/);
      const value = name ? local.get(name) : undefined;
      if (value !== undefined) exported.set(alias ?? name, value);
    }
  }
  return exported;
}
