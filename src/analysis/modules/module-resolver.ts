/**
 * The cross-module resolver one file's analysis reads imported names and helpers through: the names a module exports
 * (`imported-consts.ts`) and the helpers it exports (`imported-helpers.ts`), resolved relative to `file`. The pipeline
 * builds one per file (`analyzeFile`'s context) and hands it down: the same-file look-ups (`syntax/bindings.ts`) and
 * the value phase (`value/meta-value.ts`) take it as a parameter and import nothing of this folder, and a module's
 * summary (`module-summary.ts`) reads its own imports through the resolver of that module (`resolverOf`), so no import
 * cycle runs between the phases and the modules they read.
 */
import type { ImportedNames } from '../syntax/bindings';
import { resolveImportedLiteral, resolveImportedMember, resolveImportedString } from './imported-consts';
import {
  resolveImportedAnswersItself,
  resolveImportedHelper,
  resolveImportedTypeMembers,
  resolveImportedTypeWithoutMeta,
  resolveImportedUpstream,
  type ImportedHelper,
} from './imported-helpers';

export interface ModuleResolver extends ImportedNames {
  /** The helper the module `specifier` exports as `importedName`, when it returns object literals; null otherwise. */
  importedHelper(specifier: string, importedName: string): ImportedHelper | null;
  /** Whether the function the module `specifier` exports as `importedName` returns an upstream tool result. */
  importedUpstream(specifier: string, importedName: string): boolean;
  /** Whether the function the module `specifier` exports as `importedName` answers a request itself. */
  importedAnswersItself(specifier: string, importedName: string): boolean;
  /** Whether the module `specifier` declares the type it exports as `importedName` without a `_meta` slot. */
  importedTypeWithoutMeta(specifier: string, importedName: string): boolean;
  /** The member names of the type the module `specifier` exports as `importedName`, when it lists them all. */
  importedTypeMembers(specifier: string, importedName: string): readonly string[] | null;
}

/** The resolver of a module: how a module read for its exports resolves its own imports. */
export type ResolverOf = (file: string) => ModuleResolver;

/** The resolver for the module at `file` (absolute). Holds no state: the modules read are cached in `module-cache.ts`. */
export function moduleResolverOf(file: string): ModuleResolver {
  return {
    file,
    importedString: (specifier, importedName) => resolveImportedString(specifier, importedName, file, moduleResolverOf),
    importedMember: (specifier, importedName, property) => resolveImportedMember(specifier, importedName, property, file, moduleResolverOf),
    importedLiteral: (specifier, importedName) => resolveImportedLiteral(specifier, importedName, file, moduleResolverOf),
    importedHelper: (specifier, importedName) => resolveImportedHelper(specifier, importedName, file, moduleResolverOf),
    importedUpstream: (specifier, importedName) => resolveImportedUpstream(specifier, importedName, file, moduleResolverOf),
    importedAnswersItself: (specifier, importedName) => resolveImportedAnswersItself(specifier, importedName, file, moduleResolverOf),
    importedTypeWithoutMeta: (specifier, importedName) => resolveImportedTypeWithoutMeta(specifier, importedName, file, moduleResolverOf),
    importedTypeMembers: (specifier, importedName) => resolveImportedTypeMembers(specifier, importedName, file, moduleResolverOf),
  };
}
