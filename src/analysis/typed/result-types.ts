/**
 * Tool results by type (the manifest's `resultTypes`, e.g. `["CallToolResult", "ToolResult"]`). The syntax guesses
 * which objects are tool results (`plane/decide-plane.ts`): any `x._meta = …` whose `x` is not inbound counts. With a TypeScript
 * program, a `_meta` write on the tool-result plane counts only when its object may be one of these types, so an
 * unrelated object that happens to have `_meta` (a cache entry, a document) stops being a candidate.
 *
 * Never a silent change of meaning: without `resultTypes`, without a program, or when no name is declared in the
 * program, the writes are exactly the syntax's. Types are asked only for writes the syntax already found, and a
 * type that is not known (`any`, `unknown`, an unconstrained type parameter) keeps its write.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import type * as ts from 'typescript';
import type { MetaFileAnalysis, MetaWrite } from '../types';
import type { TypeServices } from './type-services';

export interface ResolvedResultTypes {
  /** The declared types of every declaration of the names (interfaces, type aliases, classes), deduplicated. */
  readonly types: readonly ts.Type[];
  /** The names themselves: a type named so (or an alias of that name) counts even when generic. */
  readonly names: ReadonlySet<string>;
  /** Names declared nowhere in the program. */
  readonly unresolved: readonly string[];
}

const resolvedByProgram = new WeakMap<ts.Program, Map<string, ResolvedResultTypes>>();
/**
 * The declarations of the names in one source file, per list of names. TypeScript reuses the `SourceFile` of an
 * unchanged file in the next program (an editor's program after an edit, projectService's updates), so a new program
 * only reads the files that changed.
 */
const declarationsByFile = new WeakMap<ts.SourceFile, Map<string, readonly ts.DeclarationStatement[]>>();

/** Looks the names up among the declarations of the program's files (once per program and list of names). */
export function resolveResultTypes(services: TypeServices, names: readonly string[]): ResolvedResultTypes {
  const cacheKey = names.join('\u0000');
  let byNames = resolvedByProgram.get(services.program);
  if (!byNames) {
    byNames = new Map();
    resolvedByProgram.set(services.program, byNames);
  }
  const cached = byNames.get(cacheKey);
  if (cached) return cached;
  const wanted = new Set(names);
  const symbols = new Set<ts.Symbol>();
  const found = new Set<string>();
  for (const file of services.program.getSourceFiles()) {
    for (const declaration of declarationsIn(services, file, wanted, cacheKey)) {
      const symbol = declaration.name ? services.checker.getSymbolAtLocation(declaration.name) : undefined;
      if (!symbol) continue;
      symbols.add(symbol);
      found.add(symbol.name);
    }
  }
  const resolved: ResolvedResultTypes = {
    types: [...symbols].map((symbol) => services.checker.getDeclaredTypeOfSymbol(symbol)),
    names: wanted,
    unresolved: names.filter((name) => !found.has(name)),
  };
  byNames.set(cacheKey, resolved);
  return resolved;
}

function declarationsIn(
  services: TypeServices,
  file: ts.SourceFile,
  wanted: ReadonlySet<string>,
  cacheKey: string,
): readonly ts.DeclarationStatement[] {
  let byNames = declarationsByFile.get(file);
  if (!byNames) {
    byNames = new Map();
    declarationsByFile.set(file, byNames);
  }
  let declarations = byNames.get(cacheKey);
  if (!declarations) {
    const collected: ts.DeclarationStatement[] = [];
    // Most files (lib.d.ts, most dependencies) never spell any of the names: their statements are not read.
    if ([...wanted].some((name) => file.text.includes(name))) collectDeclarations(services, file.statements, wanted, collected);
    declarations = collected;
    byNames.set(cacheKey, declarations);
  }
  return declarations;
}

function collectDeclarations(
  services: TypeServices,
  statements: ts.NodeArray<ts.Statement>,
  wanted: ReadonlySet<string>,
  collected: ts.DeclarationStatement[],
): void {
  const tsModule = services.ts;
  for (const statement of statements) {
    if (tsModule.isModuleDeclaration(statement)) {
      // `declare module 'x' { … }` and namespaces: their declarations are declarations of the program too.
      let body = statement.body;
      while (body && tsModule.isModuleDeclaration(body)) body = body.body;
      if (body && tsModule.isModuleBlock(body)) collectDeclarations(services, body.statements, wanted, collected);
      continue;
    }
    const declares =
      tsModule.isInterfaceDeclaration(statement) || tsModule.isTypeAliasDeclaration(statement) || tsModule.isClassDeclaration(statement);
    if (declares && statement.name && wanted.has(statement.name.text)) collected.push(statement);
  }
}

/**
 * A type that does not say what the object is (`any`, `unknown`, `object`, a primitive, or an index signature such as
 * `Record<string, unknown>`, which may hold a result's properties): its write stays a candidate, as without types.
 */
function isUnknown(services: TypeServices, type: ts.Type): boolean {
  const { TypeFlags } = services.ts;
  if (type.flags & (TypeFlags.Any | TypeFlags.Unknown)) return true;
  if (!(type.flags & (TypeFlags.Object | TypeFlags.Intersection | TypeFlags.Union))) return true;
  return !type.isUnion() && services.checker.getIndexInfosOfType(type).length > 0;
}

export function isNamedAs(type: ts.Type, names: ReadonlySet<string>): boolean {
  const symbol = type.aliasSymbol ?? type.getSymbol();
  return symbol !== undefined && names.has(symbol.name);
}

/**
 * `type` is inferred from an object literal and has every property `result` requires (by name). TypeScript widens
 * the literals of an object literal that has no contextual type (`{ content: [{ type: 'text', text }] }` is
 * `{ type: string; … }[]`), so such a result is not assignable to `CallToolResult`; having the properties a result
 * requires still makes it one. A declared type (an interface, an alias) has no widened literals: assignability says.
 */
function hasRequiredProperties(services: TypeServices, type: ts.Type, result: ts.Type): boolean {
  const { checker } = services;
  const { SymbolFlags, ObjectFlags, TypeFlags } = services.ts;
  if (!(type.flags & TypeFlags.Object) || !((type as ts.ObjectType).objectFlags & ObjectFlags.ObjectLiteral)) return false;
  const required = checker.getPropertiesOfType(result).filter((property) => !(property.flags & SymbolFlags.Optional));
  return required.length > 0 && required.every((property) => checker.getPropertyOfType(type, property.name) !== undefined);
}

/** Whether an object of `type` may be one of the tool result types. */
export function mayBeResult(services: TypeServices, type: ts.Type, results: ResolvedResultTypes): boolean {
  const { checker } = services;
  let inner = checker.getNonNullableType(type);
  if (inner.isTypeParameter()) {
    const constraint = checker.getBaseConstraintOfType(inner);
    if (!constraint) return true;
    inner = constraint;
  }
  if (inner.isUnion()) return inner.types.some((member) => mayBeResult(services, member, results));
  if (isUnknown(services, inner) || isNamedAs(inner, results.names)) return true;
  return results.types.some((result) => checker.isTypeAssignableTo(inner, result) || hasRequiredProperties(services, inner, result));
}

/** The object whose `_meta` a write writes, or null for writes that have none (emits, hook calls and returns). */
function writtenObject(write: MetaWrite): TSESTree.Node | null {
  // A result literal (`{ content, _meta }`, `{ ...result, _meta }`) writes its own `_meta`, not its spread source's.
  if (write.kind === 'meta-literal') return write.node.parent ?? null;
  return write.target;
}

/**
 * A write placed on the tool-result plane by where its object goes or comes from, or by the manifest, stays whatever
 * the object's type: `resultTypes` narrows guesses; it never takes away what the syntax got right (a team listing only
 * its own `ToolResult` still has its handlers' returns and `await client.callTool(…)` results checked).
 */
const PLACED: ReadonlySet<MetaWrite['evidence']> = new Set(['sink', 'source', 'manifest']);

function isCandidate(services: TypeServices, write: MetaWrite, results: ResolvedResultTypes): boolean {
  if (write.plane !== 'result' || PLACED.has(write.evidence)) return true;
  return objectMayBeResult(services, write, results);
}

/**
 * Whether the object `write` writes may be one of the result types, by its type alone (its contextual type for a
 * literal), whatever plane the untyped analysis gave it: `check --typed` asks it of a write on the `unknown` plane.
 */
export function objectMayBeResult(services: TypeServices, write: MetaWrite, results: ResolvedResultTypes): boolean {
  const object = writtenObject(write);
  if (!object) return true;
  if (write.kind === 'meta-literal') {
    // What the literal is given to (`const r: CallToolResult = {…}`, a handler's declared return) says what it is.
    const contextual = services.contextualTypeOf(object);
    if (contextual && !isUnknown(services, services.checker.getNonNullableType(contextual))) {
      return mayBeResult(services, contextual, results);
    }
  }
  return mayBeResult(services, services.typeOf(object), results);
}

export type UnresolvedResultTypes = (analysis: MetaFileAnalysis, resolved: ResolvedResultTypes) => void;

const filtered = new WeakMap<MetaFileAnalysis, MetaFileAnalysis>();

/**
 * The analysis with each tool-result write whose object cannot be one of `resultTypes` moved to the `other` plane
 * (evidence `type`), which no rule acts on: kept in the model, never deleted. Unchanged without `resultTypes` or
 * without a program; when no name is declared in the program, unchanged and `onUnresolved` is told. Cached per
 * analysis (one per AST).
 */
export function withResultTypes(
  analysis: MetaFileAnalysis,
  services: () => TypeServices | null,
  onUnresolved: UnresolvedResultTypes,
): MetaFileAnalysis {
  const names = analysis.registry.resultTypes;
  if (names.length === 0 || analysis.writes.length === 0) return analysis;
  const known = filtered.get(analysis);
  if (known) return known;
  const typeServices = services();
  let result = analysis;
  if (typeServices) {
    const resolved = resolveResultTypes(typeServices, names);
    if (resolved.types.length === 0) {
      onUnresolved(analysis, resolved);
    } else {
      let moved = false;
      const writes = analysis.writes.map((write): MetaWrite => {
        if (isCandidate(typeServices, write, resolved)) return write;
        moved = true;
        return { ...write, plane: 'other', evidence: 'type' };
      });
      if (moved) result = { filename: analysis.filename, registry: analysis.registry, role: analysis.role, writes };
    }
  }
  filtered.set(analysis, result);
  return result;
}
