/**
 * Keys held in a `const` exported by another module (`import { TIMING_KEY } from './keys.js'`, `import * as K`,
 * `import KEYS from`), resolved without types: the relative module is found on disk the way TypeScript and Node find
 * it (`.js` written for a `.ts` source, extension-less, `index`), and its summary (`module-summary.ts`: read from its
 * tree with the evaluator of the linted file's consts) gives the exported strings. Re-exports (`export { K } from`,
 * `export * from`, chains of them) are followed. Relative imports, tsconfig `paths` aliases (path-aliases.ts) and
 * packages are followed (a workspace package linked into `node_modules` at its real path, under its own tsconfig);
 * each module is read once per version (an editor sees edits; the disk is looked at once per event-loop turn, and once
 * more for each file that may write: `statOncePerLook`).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { TSESTree } from '@typescript-eslint/utils';
import { currentTurn, statOncePerLook } from '../../util/stat-once-per-turn';
import { countCost } from '../../util/cost-counter';
import { ModuleCache } from './module-cache';
import { moduleSummary, type ModuleSummary } from './module-summary';
import { aliasedFile } from './path-aliases';
import type { ResolverOf } from './module-resolver';
const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
/** What a module's emitted-JavaScript extension may stand for in source (`./keys.js` -> `./keys.ts`). */
const SOURCE_FOR_OUTPUT: Readonly<Record<string, readonly string[]>> = {
  '.js': ['.ts', '.tsx', '.js', '.jsx', '.d.ts'],
  '.mjs': ['.mts', '.mjs', '.d.mts'],
  '.cjs': ['.cts', '.cjs', '.d.cts'],
  '.jsx': ['.tsx', '.jsx'],
};

/** `export * from` and `export { K } from` chains are followed this many modules deep. */
const MAX_REEXPORT_DEPTH = 6;

/** The string `importedName` is bound to in the module `specifier` (relative to `fromFile`), or null. */
export function resolveImportedString(specifier: string, importedName: string, fromFile: string, resolverOf: ResolverOf): string | null {
  countCost('imported-const-lookups');
  return resolveExport(specifier, importedName, fromFile, (summary, name) => summary.strings.get(name), resolverOf)?.value ?? null;
}

/**
 * `KEYS.timing` of an `as const` object exported as `importedName`, or `keys.TIMING` of a module namespace exported
 * as `importedName` (`export * as keys from './keys'`, or `import * as keys …; export { keys }`): the string, or null.
 */
export function resolveImportedMember(
  specifier: string,
  importedName: string,
  property: string,
  fromFile: string,
  resolverOf: ResolverOf,
): string | null {
  countCost('imported-const-lookups');
  const found = resolveExport(
    specifier,
    importedName,
    fromFile,
    (summary, name): ObjectOrNamespace | undefined => {
      const object = summary.objects.get(name);
      if (object) return { object };
      const namespace = summary.namespaces.get(name);
      return namespace === undefined ? undefined : { namespace };
    },
    resolverOf,
  );
  if (!found) return null;
  if ('object' in found.value) return found.value.object.get(property) ?? null;
  // The namespace's module, from the module that exports it: its export `property`, as `import * as K` reads it.
  return (
    resolveExport(found.value.namespace, property, found.file, (summary, name) => summary.strings.get(name), resolverOf, 1)?.value ?? null
  );
}

/**
 * The object or array literal a `const` exported as `importedName` holds (`export const WIDGET_CSP = { … }`), as a
 * detached copy of the module's code (`ModuleSummary.literals`), with the module that defines it (where a report about
 * it says to fix it); null otherwise.
 */
export function resolveImportedLiteral(
  specifier: string,
  importedName: string,
  fromFile: string,
  resolverOf: ResolverOf,
): { readonly file: string; readonly value: TSESTree.Expression } | null {
  countCost('imported-const-lookups');
  return resolveExport(specifier, importedName, fromFile, (summary, name) => summary.literals.get(name), resolverOf);
}

type ObjectOrNamespace = { readonly object: ReadonlyMap<string, string> } | { readonly namespace: string };

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
  /** How the module read resolves its own imports (its summary's consts built from another module's). */
  resolverOf: ResolverOf,
  depth = 0,
): { file: string; value: T } | null {
  if (!path.isAbsolute(fromFile) || depth > MAX_REEXPORT_DEPTH) return null;
  const file = importedFile(specifier, fromFile);
  const summary = file === null ? null : moduleSummary(file, resolverOf);
  if (file === null || summary === null) return null;
  const own = pick(summary, name);
  if (own !== undefined) return { file, value: own };
  const reexport = summary.reexports.get(name);
  if (reexport) return resolveExport(reexport.source, reexport.imported, file, pick, resolverOf, depth + 1);
  if (name === 'default') return null;
  for (const star of summary.stars) {
    const found = resolveExport(star, name, file, pick, resolverOf, depth + 1);
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
    // A package's declarations (`../types.js` of a package that ships `types.d.ts`).
    base + '.d.ts',
    path.join(base, 'index.d.ts'),
  ];
  for (const candidate of candidates) {
    try {
      if (statOncePerLook(candidate)?.isFile() === true) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/** The file an import names: a relative module on disk, or the installed package's declarations (else its code). */
function importedFile(specifier: string, fromFile: string): string | null {
  if (specifier.startsWith('.')) return findModuleFile(path.resolve(path.dirname(fromFile), specifier));
  if (specifier.startsWith('/') || specifier.startsWith('node:') || specifier.includes('\0')) return null;
  try {
    const file = aliasedFile(specifier, fromFile, findModuleFile) ?? packageFile(specifier, fromFile);
    return file === null ? null : realFile(file);
  } catch {
    // An unreadable package (a broken package.json, an exotic exports map): its constants stay unknown.
    return null;
  }
}

/** Real paths of files reached through `node_modules`, for the current event-loop turn (links change rarely). */
const realPaths = new Map<string, string>();
let realPathsTurn = -1;

/**
 * The real path of a file reached through `node_modules`, as TypeScript resolves it (`preserveSymlinks` off): a
 * workspace package is linked there (npm, pnpm and yarn workspaces), and its modules are then read as the workspace's
 * own sources, under their own tsconfig (whose `paths` often lead to a sibling package's sources), once each however
 * many links lead to them, and noted for `eslint --cache` (modules-read.ts skips what lies in `node_modules`).
 */
function realFile(file: string): string {
  if (!file.split(path.sep).includes('node_modules')) return file;
  const turn = currentTurn();
  if (turn !== realPathsTurn) {
    realPaths.clear();
    realPathsTurn = turn;
  }
  let real = realPaths.get(file);
  if (real === undefined) {
    real = fs.realpathSync.native(file);
    realPaths.set(file, real);
  }
  return real;
}

interface PackageManifest {
  readonly exports?: unknown;
  readonly types?: unknown;
  readonly typings?: unknown;
  readonly module?: unknown;
  readonly main?: unknown;
}

const packageManifests = new ModuleCache((file): PackageManifest | null => {
  const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  return typeof parsed === 'object' && parsed !== null ? (parsed as PackageManifest) : null;
});

/** The conditions a type-aware `import` matches (TypeScript's, then Node's), in no particular order. */
const CONDITIONS = new Set(['types', 'import', 'node', 'default', 'require']);

/**
 * `@scope/name/sub` resolved the way `import` resolves it from `fromFile`: the nearest `node_modules/@scope/name` up
 * the folders, its `exports` map (conditions `types`, then the code's; `./*` patterns), else `types`/`main` or the
 * subpath as a file. A declaration that is missing (`types.js.d.ts` from a `./*.d.ts` pattern) falls back to the code.
 */
function packageFile(specifier: string, fromFile: string): string | null {
  const parts = specifier.split('/');
  const nameLength = specifier.startsWith('@') ? 2 : 1;
  if (parts.length < nameLength || parts.slice(0, nameLength).some((part) => part === '' || part === '.' || part === '..')) return null;
  const name = parts.slice(0, nameLength).join('/');
  const subpath = ['.', ...parts.slice(nameLength)].join('/');
  for (let dir = path.dirname(fromFile); ; dir = path.dirname(dir)) {
    const root = path.join(dir, 'node_modules', name);
    const manifest = packageManifests.get(path.join(root, 'package.json'));
    if (manifest) return fileInPackage(root, manifest, subpath);
    if (path.dirname(dir) === dir) return null;
  }
}

function fileInPackage(root: string, manifest: PackageManifest, subpath: string): string | null {
  if (manifest.exports !== undefined && manifest.exports !== null) {
    const exportsMap = manifest.exports;
    const entry =
      typeof exportsMap === 'string' || Array.isArray(exportsMap) || !Object.keys(exportsMap).some((key) => key.startsWith('.'))
        ? subpath === '.'
          ? { target: exportsMap, star: '' }
          : null
        : exportEntry(exportsMap as Record<string, unknown>, subpath);
    if (!entry) return null;
    for (const target of targets(entry.target)) {
      const file = existingFile(root, target.replace(/\*/g, entry.star));
      if (file) return file;
    }
    return null;
  }
  if (subpath === '.') {
    for (const field of [manifest.types, manifest.typings, manifest.module, manifest.main, 'index.js']) {
      const file = typeof field === 'string' ? existingFile(root, field) : null;
      if (file) return file;
    }
    return null;
  }
  return existingFile(root, subpath);
}

/** The `exports` entry for `subpath`: an exact key, else the longest `*` pattern that matches. */
function exportEntry(exportsMap: Record<string, unknown>, subpath: string): { target: unknown; star: string } | null {
  if (subpath in exportsMap) return { target: exportsMap[subpath], star: '' };
  let best: { target: unknown; star: string; prefix: number } | null = null;
  for (const [key, target] of Object.entries(exportsMap)) {
    const star = key.indexOf('*');
    if (star < 0) continue;
    const prefix = key.slice(0, star);
    const suffix = key.slice(star + 1);
    if (!subpath.startsWith(prefix) || !subpath.endsWith(suffix) || subpath.length < prefix.length + suffix.length) continue;
    if (!best || prefix.length > best.prefix)
      best = { target, star: subpath.slice(prefix.length, subpath.length - suffix.length), prefix: prefix.length };
  }
  return best;
}

/** The target paths of an `exports` value, declarations first: conditions in their written order, nested. */
function targets(value: unknown, depth = 0): string[] {
  if (depth > 6 || value === null || value === undefined) return [];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap((item) => targets(item, depth + 1));
  if (typeof value !== 'object') return [];
  const entries = Object.entries(value as Record<string, unknown>).filter(([condition]) => CONDITIONS.has(condition));
  const found = entries.flatMap(([, target]) => targets(target, depth + 1));
  return [...found.filter((target) => /\.d\.[cm]?ts$/.test(target)), ...found.filter((target) => !/\.d\.[cm]?ts$/.test(target))];
}

/** `target` inside the package, as a file (also `types.js` -> `types.d.ts`); never outside the package. */
function existingFile(root: string, target: string): string | null {
  const file = path.resolve(root, target);
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  if (/\.d\.[cm]?ts$/.test(file)) return isFile(file) ? file : null;
  // The code's own declarations first (smaller than the code, and what TypeScript reads).
  const code = /\.([cm]?)js$/.exec(file);
  const declaration = code ? `${file.slice(0, -code[0].length)}.d.${code[1]}ts` : null;
  return declaration && isFile(declaration) ? declaration : findModuleFile(file);
}

function isFile(file: string): boolean {
  try {
    return statOncePerLook(file)?.isFile() === true;
  } catch {
    return false;
  }
}
