/**
 * Planes by type: with a TypeScript program, a write whose plane the syntax only guessed (from its literal's `shape`,
 * from a `name`, or `none` at all) takes the plane its object's type says: the contextual type of a literal (`const
 * t: Tool = { … }`, an element of `Resource[]`, a return of a function declared `Promise<CallToolResult>`, an element
 * of a `ReadResourceResult`'s `contents`) or the type of the object a member write writes (`(r: Reply) => { r._meta =
 * … }` with `type Reply = CallToolResult`). The types that count are the SDKs' own (`sdk-types.ts`, by identity) and
 * the manifest's `resultTypes` (a tool result).
 *
 * What types never do: move a write the syntax placed by where the object goes or comes from (`sink`, `source`) or by
 * the manifest (`manifest`), or by a type annotation it read (`type`). So a type can correct a name guess (a value
 * named `response` that is a `Tool` is a descriptor, and no tool-result check judges it) and place a write nothing
 * placed (an `unknown` write on a `CallToolResult` is checked as a tool result), but never take away a write the
 * untyped answer got right. A type that is not one of these (`any`, a user's own `Tool`, an open record) changes
 * nothing. Types are asked only for the weakly placed writes the syntax found, once per analysis.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import type * as ts from 'typescript';
import { propertyKeyName } from '../syntax/ast';
import { conditionalSpreadHost } from '../sites/literal-host';
import type { PlaneEvidence, WritePlane } from '../planes';
import type { MetaFileAnalysis, MetaWrite } from '../types';
import { isNamedAs, resolveResultTypes, type ResolvedResultTypes } from './result-types';
import { planeOfSdkContainer, planeOfSdkType, sdkNameOf } from './sdk-types';
import type { TypeServices } from './type-services';

/** The evidence a type may overrule: the syntax's guesses. */
const WEAK_EVIDENCE: ReadonlySet<PlaneEvidence> = new Set(['shape', 'name', 'none']);

/** A write the syntax placed only by its shape or a name (or not at all): the ones a type may place elsewhere. */
export function isWeaklyPlaced(write: Pick<MetaWrite, 'evidence'>): boolean {
  return WEAK_EVIDENCE.has(write.evidence);
}

/** How deep interface bases (`interface MyTool extends Tool`) are followed. */
const MAX_BASE_DEPTH = 4;

interface TypeWitness {
  readonly services: TypeServices;
  /** The manifest's `resultTypes`, when any is declared in the program. */
  readonly results: ResolvedResultTypes | null;
}

/** `Promise<T>` / `PromiseLike<T>`: an async function's return is contextually typed `T | PromiseLike<T>`. */
function isThenable(type: ts.Type): boolean {
  const name = type.getSymbol()?.name;
  return name === 'Promise' || name === 'PromiseLike';
}

/**
 * What `decide` says of `type`, looking through `| undefined`, a type parameter's constraint, `T | PromiseLike<T>`,
 * a union whose members all say the same, an intersection's members, and an interface's bases; null when nothing (or
 * members that disagree, or a member that says nothing) decides.
 */
function decideType<T>(witness: TypeWitness, type: ts.Type, decide: (type: ts.Type) => T | null, depth = 0): T | null {
  const { checker } = witness.services;
  let inner = checker.getNonNullableType(type);
  if (inner.isTypeParameter()) {
    const constraint = checker.getBaseConstraintOfType(inner);
    if (!constraint) return null;
    inner = checker.getNonNullableType(constraint);
  }
  const direct = decide(inner);
  if (direct !== null) return direct;
  if (inner.isUnion()) {
    const decided = new Set<T | null>(
      inner.types.filter((member) => !isThenable(member)).map((member) => decideType(witness, member, decide, depth)),
    );
    return decided.size === 1 ? [...decided][0] : null;
  }
  if (inner.isIntersection()) {
    const decided = new Set(inner.types.map((member) => decideType(witness, member, decide, depth)).filter((d) => d !== null));
    return decided.size === 1 ? [...decided][0] : null;
  }
  if (inner.isClassOrInterface() && depth < MAX_BASE_DEPTH) {
    const decided = new Set(
      (checker.getBaseTypes(inner) ?? []).map((base) => decideType(witness, base, decide, depth + 1)).filter((d) => d !== null),
    );
    return decided.size === 1 ? [...decided][0] : null;
  }
  return null;
}

/** The plane an object of `type` is on: an SDK type's, or `result` for one of the manifest's `resultTypes`. */
function planeOfType(witness: TypeWitness, type: ts.Type): WritePlane | null {
  return decideType(witness, type, (leaf) => {
    const sdkName = sdkNameOf(witness.services, leaf);
    const sdkPlane = sdkName === undefined ? null : planeOfSdkType(sdkName);
    if (sdkPlane) return sdkPlane;
    const { results } = witness;
    return results && (results.types.includes(leaf) || isNamedAs(leaf, results.names)) ? 'result' : null;
  });
}

/**
 * The plane of a literal by where it is given: its contextual type, or, for an element of an array that is a property
 * of a literal given to an SDK result (`{ contents: [{ … }] }` as a `ReadResourceResult`), that property's plane.
 */
function planeOfLiteral(witness: TypeWitness, literal: TSESTree.ObjectExpression): WritePlane | null {
  const { services } = witness;
  const contextual = services.contextualTypeOf(literal);
  const decided = contextual ? planeOfType(witness, contextual) : null;
  if (decided) return decided;
  const array = literal.parent;
  const property = array?.type === 'ArrayExpression' ? array.parent : undefined;
  const container = property?.type === 'Property' && property.value === array ? property.parent : undefined;
  if (property?.type !== 'Property' || container?.type !== 'ObjectExpression') return null;
  const key = propertyKeyName(property);
  const containerType = key === null ? undefined : services.contextualTypeOf(container);
  if (key === null || !containerType) return null;
  return decideType(witness, containerType, (leaf) => {
    const sdkName = sdkNameOf(witness.services, leaf);
    return sdkName === undefined ? null : planeOfSdkContainer(sdkName, key);
  });
}

/**
 * The plane an object literal is given to by its contextual type when that is one of the SDKs' own (`const r:
 * CallToolResult = { … }`, a return of a function declared `Promise<CallToolResult>`), or null: no program node, or a
 * type that is no SDK type (a user's own, `any`). Read by `meta-look-alikes.ts` for a literal that has no `_meta`.
 */
export function sdkPlaneOfLiteral(services: TypeServices, literal: TSESTree.ObjectExpression): WritePlane | null {
  return services.holds(literal) ? planeOfLiteral({ services, results: null }, literal) : null;
}

/** The plane the type of `write`'s object says, or null (strong evidence, no object, or a type that says nothing). */
function typedPlaneOf(witness: TypeWitness, write: MetaWrite): WritePlane | null {
  if (!WEAK_EVIDENCE.has(write.evidence)) return null;
  const { services } = witness;
  if (write.kind === 'meta-literal') {
    // The literal holding `_meta` (or the one it is conditionally spread into) is the object written.
    const literal = write.node.parent;
    if (literal?.type !== 'ObjectExpression') return null;
    const host = conditionalSpreadHost(literal) ?? literal;
    return services.holds(host) ? planeOfLiteral(witness, host) : null;
  }
  return write.target && services.holds(write.target) ? planeOfType(witness, services.typeOf(write.target)) : null;
}

const typedByAnalysis = new WeakMap<MetaFileAnalysis, MetaFileAnalysis>();

/**
 * The analysis with each weakly placed write on the plane its type says (evidence `type`); the same analysis without
 * a program or when no write is weakly placed. Cached per analysis (one per AST).
 */
export function withTypedPlanes(analysis: MetaFileAnalysis, services: () => TypeServices | null): MetaFileAnalysis {
  const known = typedByAnalysis.get(analysis);
  if (known) return known;
  let result = analysis;
  const typeServices = analysis.writes.some(isWeaklyPlaced) ? services() : null;
  if (typeServices) {
    const names = analysis.registry.resultTypes;
    const resolved = names.length > 0 ? resolveResultTypes(typeServices, names) : null;
    const witness: TypeWitness = {
      services: typeServices,
      results: resolved && resolved.types.length > 0 ? resolved : null,
    };
    let changed = false;
    const writes = analysis.writes.map((write): MetaWrite => {
      const plane = typedPlaneOf(witness, write);
      if (plane === null) return write;
      changed = true;
      return { ...write, plane, evidence: 'type' };
    });
    // Seen through, as the rules see it: the analysis's lazy `role` stays lazy.
    if (changed) result = Object.create(analysis, { writes: { value: writes, enumerable: true } }) as MetaFileAnalysis;
  }
  typedByAnalysis.set(analysis, result);
  return result;
}
