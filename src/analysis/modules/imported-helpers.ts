/**
 * Helpers imported from a relative module, or through a tsconfig `paths` alias (path-aliases.ts), whose returned
 * object literal becomes `_meta` (`_meta: widgetMeta(w)` with `import { widgetMeta } from './widget.js'`, or a default
 * import), read without types: the module is found the way imported consts' are, and its summary (`module-summary.ts`)
 * lists the keys each exported function builds when its every return is an object literal (through `?:`, `&&`,
 * `await` or a `const`). Anything else stays unknown, as without this. The module's tree is not kept: each key keeps a detached copy of its value for the field rules.
 */
import { countCost } from '../../util/cost-counter';
import type { HelperOrigin, MetaKeyWrite } from '../types';
import { findModuleFile, resolveExport } from './imported-consts';
import { aliasedFile } from './path-aliases';
import type { HelperKeySummary } from './module-summary';
import type { ResolverOf } from './module-resolver';
import type { TSESTree } from '@typescript-eslint/utils';
import type { ParameterReference } from '../syntax/bindings';
import { posixRelative } from '../../util/posix-relative';

export interface ImportedHelper {
  /** Absolute path of the module that defines the helper: the module that builds its keys. */
  readonly file: string;
  /** The helper's name as imported (`widgetMeta`). */
  readonly name: string;
  /** The keys it builds, each with a detached copy of its value (no node of the module's tree). */
  readonly keys: readonly HelperKeySummary[];
  /** A detached copy of what it returns: the value of a key written as its call (`emit('k', buildStats(x))`). */
  readonly returned: TSESTree.Expression;
  /** Its parameters it spreads into what it returns: a call's argument there supplies those keys. */
  readonly parameterSpreads: readonly ParameterReference[];
}

/**
 * The helper `importedName` of the module `specifier` (relative to `fromFile`), when it is a function returning object
 * literals; null otherwise (a package import, a module that does not parse, a class, a function returning a call).
 */
export function resolveImportedHelper(
  specifier: string,
  importedName: string,
  fromFile: string,
  resolverOf: ResolverOf,
): ImportedHelper | null {
  if (!specifier.startsWith('.') && aliasedFile(specifier, fromFile, findModuleFile) === null) return null;
  countCost('imported-helper-lookups');
  const found = resolveExport(specifier, importedName, fromFile, (summary, name) => summary.helpers.get(name), resolverOf);
  if (!found) return null;
  const { keys, returned, parameterSpreads } = found.value;
  return { file: found.file, name: importedName, keys, returned, parameterSpreads };
}

/**
 * Whether the function `importedName` of the module `specifier` (relative to `fromFile`, or a tsconfig `paths` alias)
 * returns an upstream server's tool result at its every return (`export async function callUpstream(name, args) {
 * return upstream.callTool({ name, arguments: args }); }`): its call is one (no-dropped-meta's source). A package's
 * function is never followed, as for helpers.
 */
export function resolveImportedUpstream(specifier: string, importedName: string, fromFile: string, resolverOf: ResolverOf): boolean {
  if (!specifier.startsWith('.') && aliasedFile(specifier, fromFile, findModuleFile) === null) return false;
  countCost('imported-helper-lookups');
  return (
    resolveExport(specifier, importedName, fromFile, (summary, name) => (summary.upstream.has(name) ? true : undefined), resolverOf) !==
    null
  );
}

/**
 * Whether the function `importedName` of the module `specifier` answers a request itself (`answersItself`: a server's
 * own `callTool(name, args)`, antvis/mcp-server-chart's), not a wrapper around an upstream. A package's function is
 * never followed: it stays a possible wrapper.
 */
export function resolveImportedAnswersItself(specifier: string, importedName: string, fromFile: string, resolverOf: ResolverOf): boolean {
  if (!specifier.startsWith('.') && aliasedFile(specifier, fromFile, findModuleFile) === null) return false;
  countCost('imported-helper-lookups');
  return (
    resolveExport(specifier, importedName, fromFile, (summary, name) => (summary.answering.has(name) ? true : undefined), resolverOf) !==
    null
  );
}

/** Whether the type the module `specifier` exports as `importedName` is declared there without a `_meta` slot. */
export function resolveImportedTypeWithoutMeta(specifier: string, importedName: string, fromFile: string, resolverOf: ResolverOf): boolean {
  if (!specifier.startsWith('.') && aliasedFile(specifier, fromFile, findModuleFile) === null) return false;
  countCost('imported-helper-lookups');
  return (
    resolveExport(
      specifier,
      importedName,
      fromFile,
      (summary, name) => (summary.metaLessTypes.has(name) ? true : undefined),
      resolverOf,
    ) !== null
  );
}

/** The member names of the type the module `specifier` exports as `importedName`, when it lists them all; else null. */
export function resolveImportedTypeMembers(
  specifier: string,
  importedName: string,
  fromFile: string,
  resolverOf: ResolverOf,
): readonly string[] | null {
  if (!specifier.startsWith('.') && aliasedFile(specifier, fromFile, findModuleFile) === null) return null;
  countCost('imported-helper-lookups');
  return resolveExport(specifier, importedName, fromFile, (summary, name) => summary.typeMembers.get(name), resolverOf)?.value ?? null;
}

/** For a message reported at a helper's call: where the key it is about is built, and that it is fixed there. */
export function builtByHint(builtBy: HelperOrigin | undefined, registryDir: string): string {
  return builtBy ? ` It is ${builtByWords(builtBy)} in '${posixRelative(registryDir, builtBy.file)}': fix it there.` : '';
}

/** How a message names where a value is written: `built by widgetMeta()`, or `written in WIDGET_CSP` for a `const`. */
export function builtByWords(builtBy: HelperOrigin): string {
  return builtBy.kind === 'const' ? `written in ${builtBy.helper}` : `built by ${builtBy.helper}()`;
}

/**
 * What the fields of a written key are read from, and where reports about them go: a key an imported helper builds
 * (`_meta: statsMeta(x)`, `builtBy`) and a value an imported function returns (`emit('k', buildStats(x))`,
 * `builtValue`, without types) are read from a detached copy of that module's code, so every report goes to the call
 * here (`reportAt`) and names the module (`builtBy`). Otherwise the value is this file's, reported where each field is.
 */
export interface FieldValue {
  readonly value: TSESTree.Expression | null;
  readonly reportAt: TSESTree.Node | null;
  readonly builtBy: HelperOrigin | undefined;
}

export function fieldValueOf(key: MetaKeyWrite, typed: boolean): FieldValue {
  if (key.builtBy) return { value: key.value, reportAt: key.node, builtBy: key.builtBy };
  // With types, the call's type is the function's contract (a declared return type may list more than one literal
  // shows): the typed reading at the call wins, as it did before this was read without types.
  if (key.builtValue && !typed) return { value: key.builtValue.value, reportAt: key.builtValue.call, builtBy: key.builtValue.builtBy };
  return { value: key.value, reportAt: null, builtBy: undefined };
}
