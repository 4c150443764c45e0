/**
 * Helpers imported from a relative module whose returned object literal becomes `_meta` (`_meta: widgetMeta(w)` with
 * `import { widgetMeta } from './widget.js'`), read syntactically: the module is found the way imported consts' are
 * (`findModuleFile`), parsed with the parser the rules run under, and the exported function's returned object
 * literals are taken as the keys it builds. Only a function (declaration, or a `const` bound to an arrow or function
 * expression) whose every return is an object literal, through `?:`, `&&`, `await` or a `const`, is followed; anything
 * else stays unknown, as without this. Each module is parsed once per process and again when its mtime changes.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { TSESTree } from '@typescript-eslint/utils';
import { isNothing, returnArguments, unwrap, walkAll } from './ast';
import { constInitializer } from './bindings';
import { findModuleFile } from './imported-consts';
import { ModuleCache } from './module-cache';
import { parseSource } from './parse-source';
import type { HelperOrigin } from './types';
import { posixRelative } from '../util/posix-relative';

type Node = TSESTree.Node;

export interface ImportedHelper {
  /** Absolute path of the module that defines the helper: the module that builds its keys. */
  readonly file: string;
  /** The helper's name as imported (`widgetMeta`). */
  readonly name: string;
  /** The object literals its returns produce, nodes of that module's AST (parents linked). */
  readonly literals: readonly TSESTree.ObjectExpression[];
}

const parsedModules = new ModuleCache(parseModule);
let lookups = 0;
/** `export { widgetMeta } from './meta.js'` chains are followed this many modules deep. */
const MAX_REEXPORT_DEPTH = 4;

/** How many imported helpers were looked up in this process (tests prove a file without such a call asks nothing). */
export function importedHelperLookups(): number {
  return lookups;
}

/**
 * The helper `importedName` of the module `specifier` (relative to `fromFile`), when it is a function returning object
 * literals; null otherwise (a package import, a module that does not parse, a class, a function returning a call).
 */
export function resolveImportedHelper(specifier: string, importedName: string, fromFile: string, depth = 0): ImportedHelper | null {
  if (!specifier.startsWith('.') || !path.isAbsolute(fromFile) || depth > MAX_REEXPORT_DEPTH) return null;
  lookups += 1;
  const file = findModuleFile(path.resolve(path.dirname(fromFile), specifier));
  const program = file === null ? null : parsedModules.get(file);
  if (file === null || program === null) return null;
  for (const statement of program.body) {
    // `export { widgetMeta } from './meta.js'` (a barrel): the helper is the other module's.
    if (statement.type === 'ExportNamedDeclaration' && statement.source) {
      const entry = statement.specifiers.find((specifier) => exportedName(specifier) === importedName);
      if (entry) return resolveImportedHelper(statement.source.value, localName(entry), file, depth + 1);
    }
  }
  const fn = (importedName === 'default' ? defaultExport(program) : null) ?? exportedFunction(program, importedName);
  if (!fn) return null;
  const literals = returnedLiterals(fn);
  return literals === null ? null : { file, name: importedName, literals };
}

/** For a message reported at a helper's call: where the key it is about is built, and that it is fixed there. */
export function builtByHint(builtBy: HelperOrigin | undefined, registryDir: string): string {
  return builtBy ? ` It is built by ${builtBy.helper}() in '${posixRelative(registryDir, builtBy.file)}': fix it there.` : '';
}

function exportedName(specifier: TSESTree.ExportSpecifier): string {
  return specifier.exported.type === 'Identifier' ? specifier.exported.name : String(specifier.exported.value);
}

function localName(specifier: TSESTree.ExportSpecifier): string {
  return specifier.local.type === 'Identifier' ? specifier.local.name : String(specifier.local.value);
}

/** `export default function () {…}`, `export default () => ({…})`, or `export default name` of a module-level function. */
function defaultExport(program: TSESTree.Program): TSESTree.FunctionLike | null {
  for (const statement of program.body) {
    if (statement.type !== 'ExportDefaultDeclaration') continue;
    const declaration = statement.declaration;
    if (
      declaration.type === 'FunctionDeclaration' ||
      declaration.type === 'ArrowFunctionExpression' ||
      declaration.type === 'FunctionExpression'
    )
      return declaration;
    return declaration.type === 'Identifier' ? topLevelFunction(program, declaration.name) : null;
  }
  return null;
}

/** The function exported as `name`: `export function name`, `export const name = () => …`, `export { local as name }`. */
function exportedFunction(program: TSESTree.Program, name: string): TSESTree.FunctionLike | null {
  const local = exportedLocal(program, name);
  return local === null ? null : topLevelFunction(program, local);
}

/** The module-level name exported as `name`. */
function exportedLocal(program: TSESTree.Program, name: string): string | null {
  for (const statement of program.body) {
    if (statement.type !== 'ExportNamedDeclaration' || statement.source) continue;
    const declaration = statement.declaration;
    if (declaration?.type === 'FunctionDeclaration' && declaration.id?.name === name) return name;
    if (
      declaration?.type === 'VariableDeclaration' &&
      declaration.declarations.some((d) => d.id.type === 'Identifier' && d.id.name === name)
    )
      return name;
    const entry = statement.specifiers.find((specifier) => exportedName(specifier) === name);
    if (entry) return localName(entry);
  }
  return null;
}

/** The function a module-level name is bound to: a function declaration or a `const` arrow/function expression. */
function topLevelFunction(program: TSESTree.Program, name: string): TSESTree.FunctionLike | null {
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' && statement.declaration ? statement.declaration : statement;
    if (declaration.type === 'FunctionDeclaration' && declaration.id?.name === name) return declaration;
    if (declaration.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const declarator of declaration.declarations) {
      if (declarator.id.type !== 'Identifier' || declarator.id.name !== name || !declarator.init) continue;
      const init = unwrap(declarator.init);
      return init.type === 'ArrowFunctionExpression' || init.type === 'FunctionExpression' ? init : null;
    }
  }
  return null;
}

/** The object literals of every return, or null when some return gives something else (the keys are then unknown). */
function returnedLiterals(fn: TSESTree.FunctionLike): TSESTree.ObjectExpression[] | null {
  if (!fn.body) return null;
  const returned = fn.body.type === 'BlockStatement' ? returnArguments(fn.body) : [fn.body as TSESTree.Expression];
  const literals: TSESTree.ObjectExpression[] = [];
  for (const expression of returned) {
    const branch = literalBranches(expression, 0);
    if (branch === null) return null;
    literals.push(...branch);
  }
  return literals.length > 0 ? literals : null;
}

function literalBranches(expression: Node, depth: number): TSESTree.ObjectExpression[] | null {
  // `const a = b; const b = a;` and deep chains: unknown rather than a stack overflow.
  if (depth > MAX_REEXPORT_DEPTH * 2) return null;
  const inner = unwrap(expression);
  if (inner.type === 'ObjectExpression') return [inner];
  if (isNothing(inner)) return [];
  if (inner.type === 'Identifier') {
    const init = constInitializer(inner);
    return init ? literalBranches(init, depth + 1) : null;
  }
  if (inner.type === 'AwaitExpression') return literalBranches(inner.argument, depth + 1);
  if (inner.type === 'LogicalExpression' && inner.operator === '&&') return literalBranches(inner.right, depth + 1);
  if (inner.type === 'ConditionalExpression') {
    const consequent = literalBranches(inner.consequent, depth + 1);
    const alternate = literalBranches(inner.alternate, depth + 1);
    return consequent && alternate ? [...consequent, ...alternate] : null;
  }
  return null;
}

/** The module's tree with parents linked, or null when it does not parse. */
function parseModule(file: string): TSESTree.Program | null {
  try {
    const program = parseSource(fs.readFileSync(file, 'utf8'), file).ast;
    // Bindings inside the helper (`const KEY = 'k'`, a `const` literal it returns) are found through `parent` links.
    walkAll(program, () => undefined);
    return program;
  } catch {
    return null;
  }
}
