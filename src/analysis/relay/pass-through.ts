/**
 * Pass-through flow: where code between an MCP server and its consumer (a proxy, a gateway, a handler wrapper, a
 * client adapter) rebuilds a tool result it received and leaves `_meta` behind, or forwards the upstream's `_meta`
 * with the upstream's identity in it, or replaces the caller's request `_meta`. The write model (`find-meta-writes`)
 * sees only code that writes `_meta`; these bugs are exactly the code that never mentions it, so this is a model of
 * its own, built once per AST (see `passThroughOf`), walking only the parts of the file its text marks (`MARKS`, in
 * pass-through-marks.ts).
 *
 * Sources (a tool result received): `await x.callTool(…)` (SDK v1 `Client.callTool`, v2 `@modelcontextprotocol/client`),
 * the value a wrapper gets from the handler it wraps (`await handler(args, extra)`), a value declared (or, with
 * types, typed) as `CallToolResult` or one of the manifest's `resultTypes`, and the callback parameter of `.map` over
 * a list of them. Sinks: an object literal that copies a source's `content`, `structuredContent` or `isError` and
 * carries no spread and either no `_meta` or a new `_meta` object in place of the source's (`replacedBy`), where it
 * becomes a tool result again: returned from a tool callback (the SDK's
 * and MCP Apps' registrations, and the team's own the manifest names in `sinks.registrations`), given to a result
 * builder the manifest names as its result argument (`sinks.resultBuilders[].argument`), returned by the wrapper, or
 * given to a result type (or a type with a `metadata`/`_meta` slot, an agent adapter's message).
 */
import type { TSESTree } from '@typescript-eslint/utils';
import {
  calleeName,
  enclosingFunction,
  isFunctionNode,
  memberPropertyName,
  propertyKeyName,
  referenceSegments,
  referenceText,
  returnedFrom,
  rootOf,
  staticString,
  thenReceiver,
  unwrap,
  walkAll,
} from '../syntax/ast';
import { findBinding, patternDeclares } from '../syntax/bindings';
import { countCost } from '../../util/cost-counter';
import { sortedHasIn } from '../syntax/offset-set';
import { TYPE_ONLY_TYPES } from '../sites/prune';
import { CALL_TOOL, PassThroughMarks } from './pass-through-marks';
import { isRequestHandlerCall, requestMethodOfHandler } from './client-requests';
import { calleeLabel, followImportsFrom, localFunction, stripAwait, upstreamCallOf } from './upstream-calls';
import { moduleResolverOf } from '../modules/module-resolver';
import { isInbound, TOOL_RESULT_PROPERTIES } from '../planes';
import { registrationNameOf, TOOL_REGISTRATIONS } from '../plane/sdk-registrations';
import { isTeamToolCallback, teamSinkOfArgument } from '../plane/team-sinks';
import type { Registry, TeamSinkNames } from '../../registry/types';
import type * as ts from 'typescript';
import { resolveResultTypes } from '../typed/result-types';
import type { TypeServices } from '../typed/type-services';

type Node = TSESTree.Node;
type FunctionNode = TSESTree.FunctionDeclaration | TSESTree.FunctionExpression | TSESTree.ArrowFunctionExpression;

/** The `_meta` key a 2026-07-28 server stamps with its own identity (SDK v2's `SERVER_INFO_META_KEY`). */
export const SERVER_INFO_META_KEY = 'io.modelcontextprotocol/serverInfo';

/** The text check for files that cannot write `_meta`, and the marks the walk follows: see pass-through-marks.ts. */
export { mayPassThrough } from './pass-through-marks';

/** How a tool result came in. */
export type SourceKind =
  /** `await x.callTool(…)`: an upstream server's result, with the upstream's `_meta` (and identity). */
  | 'call-tool'
  /** `await handler(args, extra)` in a wrapper: the wrapped handler's result. */
  | 'handler'
  /** Declared or typed as `CallToolResult` / a manifest `resultTypes` name. */
  | 'typed';

export interface ResultSource {
  readonly kind: SourceKind;
  /** What messages call it: `upstream.callTool(…)`, `handler(…)`, `result`. */
  readonly label: string;
  /** Where the source is (the call, or the declaration of a typed value). */
  readonly node: Node;
}

/** Where a rebuilt literal becomes a result again. */
export type SinkKind = 'tool-callback' | 'result-builder' | 'wrapper' | 'result-type' | 'slot';

export interface DroppedMeta {
  /** The rebuilt object literal. */
  readonly literal: TSESTree.ObjectExpression;
  readonly source: ResultSource;
  /** The result fields the literal copies (`content`, `isError`, …), in source order, deduplicated. */
  readonly fields: readonly string[];
  readonly sink: SinkKind;
  /** For `slot`: the property of the destination type that holds metadata (`metadata` or `_meta`). */
  readonly slot: string;
  /** For `result-builder`: the builder the literal is given to (`toolResult`). */
  readonly builder: string | null;
  /** The identifier the source is read through (`r` in `r.content`), or null for a destructured source. */
  readonly holder: TSESTree.Identifier | null;
  /** For a destructured source (`const { content } = await c.callTool(…)`): the pattern, to add `_meta` to. */
  readonly pattern: TSESTree.ObjectPattern | null;
  /** Where a declaration the suggestion needs can go (see `InsertionPoint`); null: the suggestion stays inline. */
  readonly insertion: InsertionPoint | null;
  /** How the suggestion reads the holder's `_meta` (see `MetaRead`). */
  readonly read: MetaRead;
  /**
   * The new `_meta` object the literal writes in place of the source's (`_meta: { 'x402/payment-response': s }`),
   * whose keys the source's are lost under; null when the literal has no `_meta`.
   */
  readonly replacedBy: TSESTree.ObjectExpression | null;
}

/**
 * The statement a suggestion declares something before: the nearest statement holding the literal in its own
 * function, where the holder is in scope and already has its value. `wrap`: that statement is the body of an `if`,
 * `else` or loop without braces (`if (x) return { … }`), so the declaration and the statement go in a new block
 * (`if (x) const …` does not parse, and would run the `return` unconditionally if it did).
 */
export interface InsertionPoint {
  readonly statement: TSESTree.Statement;
  readonly wrap: boolean;
}

/**
 * How a suggestion reads the holder's `_meta` so that it type-checks where the input did: `optional` when the code
 * reads the holder guarded (`r?.content`, `r: CallToolResult | undefined`, `await maybe?.callTool(…)`): `r?._meta`;
 * `cast` when the holder's type is known and declares no `_meta` (a handler typed `Promise<{ content; isError? }>`):
 * read it through `{ _meta?: Record<string, unknown> }`, as the merge fix of no-wholesale-meta-assign does.
 */
export interface MetaRead {
  readonly optional: boolean;
  readonly cast: boolean;
}

/** `_meta: r._meta` (or `{ ...r._meta, … }`) forwarded from an upstream `callTool` result into a result. */
export interface ForwardedServerInfo {
  /** The `_meta` property. */
  readonly node: TSESTree.Property;
  readonly source: ResultSource;
  /** The upstream result's holder (`r`). */
  readonly holder: TSESTree.Identifier;
  readonly literal: TSESTree.ObjectExpression;
  /**
   * What the suggestion edits: `nodes`, the `_meta` reads in value position (`r._meta` in `_meta: r._meta`,
   * `{ ...r._meta }`, either branch of `r._meta ? { ...r._meta } : undefined`, or an alias `meta` of it), each
   * replaced by the upstream `_meta` without the upstream's identity; or `rest`, an object rest of the upstream
   * `_meta` that drops other keys (`const { k: _k, ...rest } = r._meta`), which gets the identity key added.
   */
  readonly nodes: readonly TSESTree.Expression[];
  readonly rest: TSESTree.ObjectPattern | null;
  readonly insertion: InsertionPoint | null;
}

/** `{ ...params, _meta: { progressToken } }`: an outbound request whose `_meta` replaces the caller's. */
export interface ReplacedRequestMeta {
  /** The `_meta` property. */
  readonly node: TSESTree.Property;
  /** The object literal given to `_meta`. */
  readonly value: TSESTree.ObjectExpression;
  /** The spread request (`params`, `request.params`). */
  readonly request: TSESTree.Expression;
  /** The request's type is known and has no object `_meta`: the suggestion reads it through a cast (see `MetaRead`). */
  readonly cast: boolean;
}

export interface PassThroughAnalysis {
  readonly dropped: readonly DroppedMeta[];
  readonly forwardedServerInfo: readonly ForwardedServerInfo[];
  readonly replacedRequestMeta: readonly ReplacedRequestMeta[];
}

const EMPTY: PassThroughAnalysis = Object.freeze({ dropped: [], forwardedServerInfo: [], replacedRequestMeta: [] });

const byAst = new WeakMap<object, PassThroughAnalysis>();

/**
 * The file's pass-through findings, once per AST (every rule and host that asks gets the same object). `services` is
 * asked only for nodes the syntax already found interesting (an identifier whose source is otherwise unknown, a
 * literal's destination), never for the whole file. `file` (absolute) lets a call of a function imported from a
 * relative module be a source (`upstream-calls.ts`). The manifest's `sinks` add sinks, never marks: a literal given
 * to a team's registration or builder still copies a result field, so the same marks find it.
 */
export function passThroughOf(
  ast: TSESTree.Program,
  text: string,
  manifest: Pick<Registry, 'resultTypes' | 'sinks'>,
  services: () => TypeServices | null,
  typescript = true,
  file: string | null = null,
): PassThroughAnalysis {
  const known = byAst.get(ast);
  if (known) return known;
  // A `_meta` read (`r._meta`) is no place a finding's literal can be: the walk follows the other marks.
  const marks = PassThroughMarks.of(text)?.withoutMetaReads(text) ?? null;
  // An imported function whose every return is an upstream call is a source too (its module read once, without types).
  if (marks && file !== null) followImportsFrom(ast, moduleResolverOf(file));
  const analysis = marks
    ? analyse(ast, marks, {
        resultTypes: new Set(['CallToolResult', ...manifest.resultTypes]),
        sinks: manifest.sinks,
        services,
        typeServices: undefined,
        typescript,
      })
    : EMPTY;
  byAst.set(ast, analysis);
  return analysis;
}

const LIST_CALLBACKS: ReadonlySet<string> = new Set(['map', 'flatMap', 'forEach']);
/** Names a wrapper gives the handler it wraps. A parameter named otherwise must copy an MCP-only field. */
const HANDLER_NAME = /handler|handle|callback|^cb$|^fn$|^next$|tool|exec|run|func|original|wrapped|impl/i;

function analyse(ast: TSESTree.Program, marks: PassThroughMarks, context: Context): PassThroughAnalysis {
  const candidates: TSESTree.ObjectExpression[] = [];
  const requestLiterals: TSESTree.ObjectExpression[] = [];
  let visited = 0;
  walkAll(
    ast,
    (node) => {
      visited += 1;
      if (node.type !== 'ObjectExpression') return;
      let result = false;
      let meta = false;
      for (const property of node.properties) {
        if (property.type !== 'Property') continue;
        const name = propertyKeyName(property);
        if (name === '_meta') meta = true;
        else if (name !== null && TOOL_RESULT_PROPERTIES.has(name)) result = true;
      }
      if (result) candidates.push(node);
      if (meta && node.properties.some((property) => property.type === 'SpreadElement')) requestLiterals.push(node);
    },
    // A finding's literal holds one of the file's marks: a subtree whose text holds none is never entered, nor a type
    // or an import (no object literal is in one).
    (node) => !TYPE_ONLY_TYPES.has(node.type) && marks.hasIn(node.range[0], node.range[1]),
  );
  countCost('pass-through-nodes', visited);
  if (candidates.length === 0 && requestLiterals.length === 0) return EMPTY;
  const dropped: DroppedMeta[] = [];
  const forwarded: ForwardedServerInfo[] = [];
  for (const literal of candidates) {
    const found = droppedIn(literal, context);
    if (found) dropped.push(found);
    const forward = forwardedIn(literal, context);
    if (forward) forwarded.push(forward);
  }
  const replaced = requestLiterals.flatMap((literal) => replacedRequestMetaIn(literal, context) ?? []);
  return { dropped, forwardedServerInfo: forwarded, replacedRequestMeta: replaced };
}

interface Context {
  readonly resultTypes: ReadonlySet<string>;
  /** The manifest's `sinks`: the team's own registrations (their callbacks) and result builders. */
  readonly sinks: TeamSinkNames;
  readonly services: () => TypeServices | null;
  typeServices: TypeServices | null | undefined;
  /** A TypeScript file: a suggestion must type-check there (see `MetaRead.cast`). */
  readonly typescript: boolean;
}

function typeServicesOf(context: Context): TypeServices | null {
  if (context.typeServices === undefined) context.typeServices = context.services();
  return context.typeServices;
}

// ---------------------------------------------------------------------------------------------------------------
// Sources

/** An upstream tool call (awaited or not), see `upstreamCallOf`. */
function isCallToolCall(node: Node): boolean {
  return upstreamCallOf(node) !== null;
}

/** The name a function of this module is called by: `function f`, `const f = …` (not `syntax/ast`'s `functionName`, which also names methods and function expressions, by which nothing here calls them). */
function calledNameOf(fn: FunctionNode): string | null {
  if (fn.type === 'FunctionDeclaration') return fn.id?.name ?? null;
  let parent: Node | undefined = fn.parent;
  while (parent && TYPE_WRAPPERS.has(parent.type)) parent = parent.parent;
  return parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier' && parent.init && unwrap(parent.init) === fn
    ? parent.id.name
    : null;
}

/** The calls of `fn` by its name in its module (`callUsesOf`), for the parameter flow. */
function callSitesOf(fn: FunctionNode): readonly TSESTree.CallExpression[] {
  const name = calledNameOf(fn);
  if (!name) return [];
  return callUsesOf(rootOf(fn), name).calls.filter((call) => localFunction(call.callee) === fn);
}

const flowing = new Set<FunctionNode>();

/**
 * A parameter that receives an upstream result at every call site of its function in this module
 * (`normalize(await up.callTool(…))`, `normalize(r)` with `r` one): the upstream call of the first site.
 */
function parameterFlow(owner: FunctionNode, index: number, context: Context): ResultSource | null {
  if (flowing.has(owner)) return null;
  const calls = callSitesOf(owner);
  if (calls.length === 0) return null;
  flowing.add(owner);
  try {
    let first: ResultSource | null = null;
    for (const call of calls) {
      const argument = call.arguments[index];
      if (!argument || argument.type === 'SpreadElement') return null;
      const upstream = upstreamCallOf(argument);
      const inner = stripAwait(argument);
      const source: ResultSource | null = upstream
        ? { kind: 'call-tool', label: calleeLabel(upstream), node: upstream }
        : inner.type === 'Identifier'
          ? sourceOfIdentifier(inner, context)
          : null;
      if (source?.kind !== 'call-tool') return null;
      first ??= source;
    }
    return first;
  } finally {
    flowing.delete(owner);
  }
}

/**
 * Where the value of a call of a function of this module goes, when that makes it a tool result: returned from a
 * tool callback (`return normalize(r)`), or from a function declared to return a result type.
 */
function callValueIsResult(call: TSESTree.CallExpression, context: Context): boolean {
  const returned = returnedFrom(call);
  if (!returned) return false;
  return isToolCallback(returned.fn, context.sinks) || annotationNamesResult(returned.fn.returnType?.typeAnnotation, context.resultTypes);
}

/** The function whose parameter list declares `name`, seen from `from`, or null. */
function parameterOwner(name: string, from: Node): FunctionNode | null {
  for (let node = from.parent; node; node = node.parent) {
    if (isFunctionNode(node) && node.params.some((param) => patternDeclares(param, name))) return node;
    if (node.type === 'BlockStatement' || node.type === 'Program') {
      // A local declaration of the name shadows any parameter further out.
      const binding = findBinding(name, from);
      if (binding && binding.kind !== 'other') return null;
    }
  }
  return null;
}

/** A type annotation that names a result type: `CallToolResult`, `Promise<CallToolResult>`, `ToolResult | undefined`. */
function annotationNamesResult(annotation: TSESTree.TypeNode | undefined, resultTypes: ReadonlySet<string>, list = false): boolean {
  if (!annotation) return false;
  switch (annotation.type) {
    case 'TSTypeReference': {
      const name = typeName(annotation.typeName);
      if (name === 'Promise' || name === 'Awaited' || (list && (name === 'Array' || name === 'ReadonlyArray'))) {
        const params = annotation.typeArguments?.params ?? [];
        if (name === 'Array' || name === 'ReadonlyArray') return params.length === 1 && annotationNamesResult(params[0], resultTypes);
        return params.length === 1 && annotationNamesResult(params[0], resultTypes, list);
      }
      return !list && name !== null && resultTypes.has(name);
    }
    case 'TSArrayType':
      return list && annotationNamesResult(annotation.elementType, resultTypes);
    case 'TSTypeOperator':
      return annotationNamesResult(annotation.typeAnnotation, resultTypes, list);
    case 'TSUnionType':
      return annotation.types.some((member) => annotationNamesResult(member, resultTypes, list));
    default:
      return false;
  }
}

function typeName(name: TSESTree.EntityName): string | null {
  if (name.type === 'Identifier') return name.name;
  if (name.type === 'TSQualifiedName') return name.right.name;
  return null;
}

/** With types: whether `node`'s type is named as a result type (each member of a union), never a guess from shape. */
function typedAsResult(node: Node, context: Context, list = false): boolean {
  const services = typeServicesOf(context);
  if (!services || !services.holds(node)) return false;
  let type = services.checker.getNonNullableType(services.typeOf(node));
  if (list) {
    const element = services.checker.getIndexTypeOfType(type, services.ts.IndexKind.Number);
    if (!element || !services.checker.isArrayLikeType(type)) return false;
    type = services.checker.getNonNullableType(element);
  }
  return isResultType(type, services, context);
}

/**
 * A type that is one of the result types: named so, or assignable to one (`CallToolResult` is a type alias the
 * checker resolves away). `any`, `unknown` and index-signature records say nothing about what a value is: never.
 */
function isResultType(type: ts.Type, services: TypeServices, context: Context): boolean {
  const { TypeFlags } = services.ts;
  const members = type.isUnion() ? type.types : [type];
  const resolved = resolveResultTypes(services, [...context.resultTypes]);
  return members.some((member) => {
    if (member.flags & (TypeFlags.Any | TypeFlags.Unknown) || !(member.flags & (TypeFlags.Object | TypeFlags.Intersection))) return false;
    const symbol = member.aliasSymbol ?? member.getSymbol();
    if (symbol !== undefined && context.resultTypes.has(symbol.name)) return true;
    if (services.checker.getPropertyOfType(member, 'content') === undefined) return false;
    return resolved.types.some((result) => services.checker.isTypeAssignableTo(member, result));
  });
}

/** A list of results: `await Promise.all(xs.map(x => c.callTool(…)))`, `[await a.callTool(…), …]`, `CallToolResult[]`. */
function isResultList(node: Node, context: Context): boolean {
  const inner = stripAwait(node);
  if (inner.type === 'ArrayExpression')
    return inner.elements.some((element) => element !== null && element.type !== 'SpreadElement' && isCallToolCall(element));
  if (inner.type === 'CallExpression') {
    const name = calleeName(inner);
    if (name === 'all' || name === 'allSettled') {
      const argument = inner.arguments[0];
      return argument !== undefined && name === 'all' && containsCallTool(argument);
    }
    if (name === 'map' && inner.arguments[0] && isFunctionNode(inner.arguments[0])) {
      // `xs.map(async (x) => c.callTool(…))` awaited through Promise.all above; here the bare list of promises is not results.
      return false;
    }
  }
  if (inner.type === 'Identifier') {
    const binding = findBinding(inner.name, inner);
    if (binding?.kind === 'variable') {
      if (
        binding.declarator.id.type === 'Identifier' &&
        annotationNamesResult(binding.declarator.id.typeAnnotation?.typeAnnotation, context.resultTypes, true)
      )
        return true;
      if (binding.declarator.init && isResultList(binding.declarator.init, context)) return true;
    } else if (binding === null || binding.kind === 'other') {
      const owner = parameterOwner(inner.name, inner);
      const param = owner?.params.find((candidate) => patternDeclares(candidate, inner.name));
      if (param?.type === 'Identifier' && annotationNamesResult(param.typeAnnotation?.typeAnnotation, context.resultTypes, true))
        return true;
    }
    return typedAsResult(inner, context, true);
  }
  return false;
}

function containsCallTool(node: Node): boolean {
  let found = false;
  walkAll(node, (child) => {
    if (!found && child.type === 'CallExpression' && calleeName(child) === CALL_TOOL) found = true;
  });
  return found;
}

/** The wrapped handler's name in `handler(…)`, `handler!(…)`. */
function handlerName(call: TSESTree.CallExpression): string {
  const callee = unwrap(call.callee);
  return callee.type === 'Identifier' ? callee.name : 'handler';
}

/** A call of a parameter (`handler(args, extra)`), also as the argument of a deadline or race helper. */
function isParameterCall(node: Node): boolean {
  if (node.type !== 'CallExpression') return false;
  const callee = unwrap(node.callee);
  return callee.type === 'Identifier' && parameterOwner(callee.name, node) !== null;
}

/**
 * The wrapped handler's call whose value `call` gives: the call itself, or one argument of it
 * (`withDeadline(handler(args, extra), ms)`, `Promise.race([handler(args, extra), timeout(ms)])`).
 */
function wrappedHandlerCall(call: TSESTree.CallExpression): TSESTree.CallExpression | null {
  if (isParameterCall(call)) return call;
  for (const argument of call.arguments) {
    const inner = stripAwait(argument);
    if (isParameterCall(inner)) return inner as TSESTree.CallExpression;
    if (inner.type === 'ArrayExpression') {
      for (const element of inner.elements)
        if (element && element.type !== 'SpreadElement' && isParameterCall(stripAwait(element)))
          return stripAwait(element) as TSESTree.CallExpression;
    }
  }
  return null;
}

/** The aliases being followed (`const r = result`), so `const a = b; const b = a` ends. */
const aliasing = new Set<TSESTree.Identifier>();

/** The function (or program) a declaration is in. */
function scopeOfDeclarator(declarator: TSESTree.VariableDeclarator): Node {
  return enclosingFunction(declarator) ?? rootOf(declarator);
}

/** The source `identifier` reads, when it is bound to one. */
function sourceOfIdentifier(identifier: TSESTree.Identifier, context: Context): ResultSource | null {
  const binding = findBinding(identifier.name, identifier);
  if (binding?.kind === 'variable') {
    const { declarator } = binding;
    if (declarator.id.type !== 'Identifier') return null;
    const init = declarator.init ? stripAwait(declarator.init) : null;
    // `let r; try { r = await up.callTool(…) } catch { … }`, or assigned in branches: every value it is given is one.
    if (binding.declarationKind !== 'const') {
      const assigned = usesIn(scopeOfDeclarator(declarator)).assigned.get(identifier.name) ?? [];
      const values = declarator.init ? [declarator.init, ...assigned] : assigned;
      if (values.length > 0 && values.every((value) => isCallToolCall(value))) {
        const first = stripAwait(values[0]) as TSESTree.CallExpression;
        return { kind: 'call-tool', label: calleeLabel(first), node: first };
      }
    }
    if (init?.type === 'CallExpression') {
      const upstream = upstreamCallOf(init);
      if (upstream) return { kind: 'call-tool', label: calleeLabel(upstream), node: upstream };
      const handlerCall = wrappedHandlerCall(init);
      if (handlerCall) return { kind: 'handler', label: `${handlerName(handlerCall)}(…)`, node: handlerCall };
    }
    if (annotationNamesResult(declarator.id.typeAnnotation?.typeAnnotation, context.resultTypes)) {
      return { kind: 'typed', label: identifier.name, node: declarator.id };
    }
    // `const r = result as CallToolResult`: another name for a result (one step, so a cycle ends).
    if (init?.type === 'Identifier' && binding.declarationKind === 'const' && init.name !== identifier.name && !aliasing.has(identifier)) {
      aliasing.add(identifier);
      try {
        const aliased = sourceOfIdentifier(init, context);
        if (aliased) return aliased;
      } finally {
        aliasing.delete(identifier);
      }
    }
  } else if (binding === null || binding.kind === 'other') {
    const owner = parameterOwner(identifier.name, identifier);
    if (owner) {
      const index = owner.params.findIndex((param) => patternDeclares(param, identifier.name));
      const param = owner.params[index];
      if (param.type === 'Identifier' && annotationNamesResult(param.typeAnnotation?.typeAnnotation, context.resultTypes)) {
        return { kind: 'typed', label: identifier.name, node: param };
      }
      const call = owner.parent;
      // `upstream.callTool(…).then((r) => …)`: the callback's parameter is the upstream result.
      const promise = thenReceiver(owner);
      if (index === 0 && param.type === 'Identifier' && promise && isCallToolCall(promise)) {
        const upstream = upstreamCallOf(promise)!;
        return { kind: 'call-tool', label: calleeLabel(upstream), node: upstream };
      }
      // `function normalize(r) { … }` called with an upstream result at every call site in this module.
      if (param.type === 'Identifier' && !param.typeAnnotation && isFunctionNode(owner) && calledNameOf(owner)) {
        const flow = parameterFlow(owner, index, context);
        if (flow) return flow;
      }
      // `results.map((r) => …)`: the callback's first parameter is one of the list's results.
      if (
        index === 0 &&
        param.type === 'Identifier' &&
        call?.type === 'CallExpression' &&
        call.arguments[0] === owner &&
        LIST_CALLBACKS.has(calleeName(call) ?? '') &&
        call.callee.type === 'MemberExpression' &&
        isResultList(call.callee.object, context)
      ) {
        return { kind: 'typed', label: identifier.name, node: param };
      }
    }
  }
  if (binding?.kind === 'import' || binding?.kind === 'function') return null;
  if (typedAsResult(identifier, context)) return { kind: 'typed', label: identifier.name, node: identifier };
  return null;
}

/** `const { content, isError } = await c.callTool(…)`: the pattern and its source, for an identifier it declares. */
function destructuredSource(
  identifier: TSESTree.Identifier,
  context: Context,
): { pattern: TSESTree.ObjectPattern; field: string; source: ResultSource } | null {
  // The binding index marks pattern names `other`; find the declarator by walking up to the declaring statement.
  for (let node: Node | undefined = identifier.parent; node; node = node.parent) {
    if (node.type !== 'BlockStatement' && node.type !== 'Program') continue;
    for (const statement of node.body) {
      if (statement.type !== 'VariableDeclaration') continue;
      for (const declarator of statement.declarations) {
        if (declarator.id.type !== 'ObjectPattern' || !declarator.init) continue;
        const property = declarator.id.properties.find(
          (candidate): candidate is TSESTree.Property =>
            candidate.type === 'Property' && unwrapPattern(candidate.value)?.name === identifier.name,
        );
        if (!property) continue;
        const field = propertyKeyName(property);
        if (field === null) return null;
        const init = stripAwait(declarator.init);
        const upstream = upstreamCallOf(init);
        if (upstream) {
          return { pattern: declarator.id, field, source: { kind: 'call-tool', label: calleeLabel(upstream), node: upstream } };
        }
        const handlerCall = init.type === 'CallExpression' ? wrappedHandlerCall(init) : null;
        if (handlerCall) {
          const label = `${handlerName(handlerCall)}(…)`;
          return { pattern: declarator.id, field, source: { kind: 'handler', label, node: handlerCall } };
        }
        if (init.type === 'Identifier') {
          const inner = sourceOfIdentifier(init, context);
          if (inner) return { pattern: declarator.id, field, source: inner };
        }
        return null;
      }
    }
    if (isFunctionNode(node.parent ?? node)) break;
  }
  return null;
}

function unwrapPattern(node: Node): TSESTree.Identifier | null {
  if (node.type === 'Identifier') return node;
  if (node.type === 'AssignmentPattern' && node.left.type === 'Identifier') return node.left;
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Sinks

/** A copied field: `r.content`, `r?.content`, `r.content ?? []`, `r.content.map(…)`, or a shorthand from a pattern. */
function copiedField(value: Node): { holder: TSESTree.Identifier; field: string } | null {
  let inner = unwrap(value) as Node;
  if (inner.type === 'LogicalExpression') inner = unwrap(inner.left) as Node;
  // `r.content.map(…)`, `r.content.filter(…)`: the call's object is still the copied field.
  while (inner.type === 'CallExpression' && inner.callee.type === 'MemberExpression') {
    const object = unwrap(inner.callee.object) as Node;
    if (object.type !== 'MemberExpression') break;
    inner = object;
  }
  if (inner.type !== 'MemberExpression') return null;
  const field = memberPropertyName(inner);
  const holder = unwrap(inner.object);
  if (field === null || !TOOL_RESULT_PROPERTIES.has(field) || holder.type !== 'Identifier') return null;
  return { holder, field };
}

/**
 * `registerTool(name, config, cb)`, `registerAppTool(server, name, config, cb)`, `setRequestHandler(CallToolRequestSchema
 * | 'tools/call', cb)`, or a tool registration the manifest names (`defineTool(config, cb)`, `addTool({ execute })`),
 * also when `cb` is composed with middleware on its way there (see `registeredCallbackOf`).
 * A name the SDK gives a meaning keeps it (as in `planes.ts`).
 */
export function isToolCallback(fn: FunctionNode, sinks: TeamSinkNames): boolean {
  return registeredCallbackOf(fn, sinks) !== null;
}

/** Wrapper calls followed from a handler to its registration (`withAuth(withLogging(fn))`: two). */
const MAX_COMPOSE_DEPTH = 4;

/**
 * What a tool registration receives as its callback when `fn` is the handler: `fn` itself, or the middleware call that
 * composes it, as public servers write it: `registerTool(name, config, withAuth(async (args, extra) => …))`,
 * `compose(logging)(handler)`, `withMcp('search', handler)`, or a `const` of this file given there
 * (`const handler = async (args, extra) => …; server.registerTool(name, config, withRetry(handler))`). The composition
 * must be visible in the file; a wrapper returns what the handler returns (the usual middleware). Null: not a tool
 * callback.
 */
export function registeredCallbackOf(fn: FunctionNode, sinks: TeamSinkNames): Node | null {
  let values: Node[] = [fn];
  for (let depth = 0; depth <= MAX_COMPOSE_DEPTH && values.length > 0; depth += 1) {
    const registered = values.find((value) => isRegisteredCallback(value, sinks));
    if (registered) return registered;
    values = values.flatMap((value) => composedBy(value));
  }
  return null;
}

/** Whether `value` (a function, or a wrapper call around one) is at a tool registration's callback position. */
function isRegisteredCallback(value: Node, sinks: TeamSinkNames): boolean {
  const call = value.parent;
  if (call?.type === 'CallExpression' && call.arguments.includes(value as TSESTree.CallExpressionArgument)) {
    const name = registrationNameOf(call);
    if (name !== null && TOOL_REGISTRATIONS.has(name)) return call.arguments[call.arguments.length - 1] === value;
    if (isRequestHandlerCall(call, value)) return requestMethodOfHandler(call) === 'tools/call';
  }
  return isTeamToolCallback(value, sinks);
}

/**
 * The values that hold `value` one composition step further: the wrapper call it is an argument of (`withAuth(value)`,
 * `compose(a)(value)`; not a registration, which is no wrapper), or the uses of the `const` it initialises as a call's
 * argument (`withRetry(handler)`, `registerTool(name, config, handler)`).
 */
function composedBy(value: Node): Node[] {
  let node = value;
  while (node.parent && TYPE_WRAPPERS.has(node.parent.type)) node = node.parent;
  const parent = node.parent;
  if (parent?.type === 'CallExpression' && parent.callee !== node && parent.arguments.includes(node as TSESTree.CallExpressionArgument)) {
    const name = registrationNameOf(parent);
    return name !== null && (TOOL_REGISTRATIONS.has(name) || name === 'setRequestHandler' || name === 'then') ? [] : [parent];
  }
  if (
    parent?.type === 'VariableDeclarator' &&
    parent.init === node &&
    parent.id.type === 'Identifier' &&
    parent.parent.type === 'VariableDeclaration' &&
    parent.parent.kind === 'const'
  ) {
    const declared = parent.id;
    return callUsesOf(rootOf(parent), declared.name).argumentUses.filter((use) => bindsTo(use, parent));
  }
  return [];
}

/** Whether `use` reads the variable `declarator` declares (not a shadowing one). */
function bindsTo(use: TSESTree.Identifier, declarator: TSESTree.VariableDeclarator): boolean {
  const binding = findBinding(use.name, use);
  return binding?.kind === 'variable' && binding.declarator === declarator;
}

interface CallUses {
  /** Calls whose callee is the name (`name(…)`). */
  readonly calls: readonly TSESTree.CallExpression[];
  /** The name given as a call's argument (`register(name)`, `compose(a)(name)`). */
  readonly argumentUses: readonly TSESTree.Identifier[];
}

const callUsesByProgram = new WeakMap<Node, Map<string, CallUses>>();

/**
 * The calls of a name and its uses as a call's argument in a module, the first time either is asked for that name: one
 * walk that enters only the subtrees holding an identifier token of that name (a call's range holds its callee and
 * arguments), or every node for a bare parse (no tokens). The parameter flow asks for the calls of a function, the
 * composed-handler look-up for the arguments a handler `const` is given as: one walk serves both.
 */
function callUsesOf(program: Node, name: string): CallUses {
  let byName = callUsesByProgram.get(program);
  if (!byName) callUsesByProgram.set(program, (byName = new Map<string, CallUses>()));
  let uses = byName.get(name);
  if (!uses) {
    const calls: TSESTree.CallExpression[] = [];
    const argumentUses: TSESTree.Identifier[] = [];
    const marks = identifierMarks(program, name);
    let visited = 0;
    walkAll(
      program,
      (node) => {
        visited += 1;
        if (node.type !== 'CallExpression') return;
        const callee = unwrap(node.callee);
        if (callee.type === 'Identifier' && callee.name === name) calls.push(node);
        for (const argument of node.arguments) {
          const inner = unwrap(argument) as Node;
          if (inner.type === 'Identifier' && inner.name === name) argumentUses.push(inner);
        }
      },
      marks === undefined ? undefined : (node) => sortedHasIn(marks, node.range[0], node.range[1]),
    );
    countCost('pass-through-nodes', visited);
    byName.set(name, (uses = { calls, argumentUses }));
  }
  return uses;
}

/** Where the file's identifier tokens named `name` start (sorted), or undefined without tokens (a bare parse). */
function identifierMarks(program: Node, name: string): number[] | undefined {
  return (program as TSESTree.Program).tokens
    ?.filter((token) => token.type === 'Identifier' && token.value === name)
    .map((token) => token.range[0]);
}

/** A type declared in this file (interface or object type alias) with a `metadata` or `_meta` member: that member. */
function slotOfDeclaredType(annotation: TSESTree.TypeNode | undefined, from: Node): string | null {
  if (annotation?.type === 'TSTypeReference' && typeName(annotation.typeName) === 'Promise') {
    return slotOfDeclaredType(annotation.typeArguments?.params[0], from);
  }
  if (annotation?.type !== 'TSTypeReference' || annotation.typeName.type !== 'Identifier') return null;
  const name = annotation.typeName.name;
  const program = rootOf(from);
  if (program.type !== 'Program') return null;
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' && statement.declaration ? statement.declaration : statement;
    let members: TSESTree.TypeElement[] | null = null;
    if (declaration.type === 'TSInterfaceDeclaration' && declaration.id.name === name) members = declaration.body.body;
    if (
      declaration.type === 'TSTypeAliasDeclaration' &&
      declaration.id.name === name &&
      declaration.typeAnnotation.type === 'TSTypeLiteral'
    ) {
      members = declaration.typeAnnotation.members;
    }
    if (!members) continue;
    for (const member of members) {
      if (member.type !== 'TSPropertySignature' || member.computed || member.key.type !== 'Identifier') continue;
      if (member.key.name === '_meta') return member.key.name;
      // A member named `metadata` is a metadata slot only when its type holds an object (`LogRecord { metadata?:
      // string }` is a log line's text, and an object put there is TS2322).
      if (member.key.name === 'metadata' && holdsObject(member.typeAnnotation?.typeAnnotation, program)) return member.key.name;
    }
  }
  return null;
}

/**
 * Whether a member's declared type can take the `_meta` object: an object type (`Record<string, unknown>`, `{ … }`,
 * `object`, an interface or object alias of this file), `unknown` or `any`, or a union with one. A string, number or
 * array does not, nor a type this file does not declare (nothing proves it).
 */
function holdsObject(annotation: TSESTree.TypeNode | undefined, program: Node, depth = 0): boolean {
  if (!annotation || depth > MAX_ALIAS_DEPTH) return false;
  switch (annotation.type) {
    case 'TSTypeLiteral':
    case 'TSObjectKeyword':
    case 'TSUnknownKeyword':
    case 'TSAnyKeyword':
    case 'TSMappedType':
      return true;
    case 'TSUnionType':
    case 'TSIntersectionType':
      return annotation.types.some((member) => holdsObject(member, program, depth + 1));
    case 'TSTypeReference': {
      const name = typeName(annotation.typeName);
      if (name === 'Record' || name === 'Partial' || name === 'Readonly') return true;
      if (program.type !== 'Program' || annotation.typeName.type !== 'Identifier') return false;
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' && statement.declaration ? statement.declaration : statement;
        if (declaration.type === 'TSInterfaceDeclaration' && declaration.id.name === name) return true;
        if (declaration.type === 'TSTypeAliasDeclaration' && declaration.id.name === name)
          return holdsObject(declaration.typeAnnotation, program, depth + 1);
      }
      return false;
    }
    default:
      return false;
  }
}

/** With types: whether an object can be put in a value of `type` (see `holdsObject`). */
function typeHoldsObject(type: ts.Type, services: TypeServices): boolean {
  const { TypeFlags } = services.ts;
  const members = type.isUnion() ? type.types : [type];
  return members.some((member) => {
    if (member.flags & (TypeFlags.Any | TypeFlags.Unknown | TypeFlags.NonPrimitive)) return true;
    if (!(member.flags & TypeFlags.Object) || services.checker.isArrayLikeType(member)) return false;
    return member.getCallSignatures().length === 0;
  });
}

/** With types: the `metadata`/`_meta` member of the type the literal is given to, or whether that type is a result. */
function contextualDestination(literal: TSESTree.ObjectExpression, context: Context): { result: boolean; slot: string | null } | null {
  const services = typeServicesOf(context);
  if (!services || !services.holds(literal)) return null;
  const contextual = services.contextualTypeOf(literal);
  if (!contextual) return null;
  const type = services.checker.getNonNullableType(contextual);
  if (isResultType(type, services, context)) return { result: true, slot: null };
  for (const slot of ['_meta', 'metadata']) {
    const property = services.checker.getPropertyOfType(type, slot);
    if (!property) continue;
    const declaration = property.valueDeclaration;
    if (
      slot === 'metadata' &&
      (!declaration || !typeHoldsObject(services.checker.getTypeOfSymbolAtLocation(property, declaration), services))
    )
      continue;
    return { result: false, slot };
  }
  return { result: false, slot: null };
}

interface Sink {
  readonly kind: SinkKind;
  readonly slot: string;
  readonly builder?: string;
  readonly statement: TSESTree.Statement | null;
  readonly fn: FunctionNode | null;
}

/** Where the literal goes, when that makes it a result (or a message with a metadata slot) again. */
function sinkOf(literal: TSESTree.ObjectExpression, source: ResultSource, context: Context): Sink | null {
  let value: Node = literal;
  // `toolResult({ content: r.content })`: the team's builder makes the literal a tool result.
  const builder = resultBuilderTaking(literal, context.sinks);
  if (builder) return { kind: 'result-builder', slot: '_meta', builder, statement: null, fn: null };
  // `const out = { … }; return out;`: follow the one `const` the literal is given to.
  const declarator = wrappersUp(literal);
  let statement: TSESTree.Statement | null = null;
  if (declarator.type === 'VariableDeclarator' && declarator.init && declarator.id.type === 'Identifier') {
    const declared = declarator.id;
    if (annotationNamesResult(declared.typeAnnotation?.typeAnnotation, context.resultTypes)) {
      return { kind: 'result-type', slot: '_meta', statement: declarator.parent as TSESTree.Statement, fn: null };
    }
    const returned = returnOfIdentifier(declared);
    if (!returned) return null;
    value = returned;
    statement = declarator.parent?.type === 'VariableDeclaration' ? declarator.parent : null;
  } else if (declarator.type === 'TSSatisfiesExpression' || declarator.type === 'TSAsExpression') {
    if (annotationNamesResult(declarator.typeAnnotation, context.resultTypes)) {
      const returned = returnedFrom(literal);
      return { kind: 'result-type', slot: '_meta', statement: returned?.statement ?? null, fn: returned?.fn ?? null };
    }
  }
  let returned = returnedFrom(value);
  // `upstream.callTool(…).then((r) => ({ … }))` returned as a whole: the callback's value is what is returned.
  while (returned && isThenCallback(returned.fn)) {
    const outer = returnedFrom(returned.fn.parent!);
    if (!outer) break;
    returned = { fn: outer.fn, statement: returned.statement ?? outer.statement };
  }
  if (returned) {
    const { fn } = returned;
    statement ??= returned.statement;
    if (isToolCallback(fn, context.sinks)) return { kind: 'tool-callback', slot: '_meta', statement, fn };
    if (source.kind === 'handler' && encloses(fn, source.node)) return { kind: 'wrapper', slot: '_meta', statement, fn };
    if (annotationNamesResult(fn.returnType?.typeAnnotation, context.resultTypes))
      return { kind: 'result-type', slot: '_meta', statement, fn };
    const slot = slotOfDeclaredType(fn.returnType?.typeAnnotation, fn);
    if (slot) return { kind: 'slot', slot, statement, fn };
    // `function normalize(r) { return { content: r.content }; }` whose value a tool callback returns: the rebuild is
    // reported where it happens, inside the function.
    if (!fn.returnType && callSitesOf(fn).some((call) => callValueIsResult(call, context)))
      return { kind: 'result-type', slot: '_meta', statement, fn };
  }
  const destination = contextualDestination(literal, context);
  if (destination?.result) return { kind: 'result-type', slot: '_meta', statement, fn: returned?.fn ?? null };
  if (destination?.slot) return { kind: 'slot', slot: destination.slot, statement, fn: returned?.fn ?? null };
  return null;
}

/** The name of the manifest's result builder that takes `literal` as its result argument (`toolResult({ … })`), or null. */
function resultBuilderTaking(literal: TSESTree.ObjectExpression, sinks: TeamSinkNames): string | null {
  if (sinks.resultBuilders.size === 0) return null;
  let argument: Node = literal;
  while (
    argument.parent?.type === 'TSAsExpression' ||
    argument.parent?.type === 'TSSatisfiesExpression' ||
    argument.parent?.type === 'TSNonNullExpression'
  )
    argument = argument.parent;
  const call = argument.parent;
  if (call?.type !== 'CallExpression') return null;
  const index = call.arguments.indexOf(argument as TSESTree.CallExpressionArgument);
  if (index < 0 || teamSinkOfArgument(call, index, sinks)?.plane !== 'result') return null;
  return calleeName(call);
}

function isThenCallback(fn: FunctionNode): boolean {
  const call = fn.parent;
  return call?.type === 'CallExpression' && call.arguments[0] === fn && calleeName(call) === 'then';
}

function wrappersUp(node: Node): Node {
  let parent = node.parent;
  while (parent && (parent.type === 'TSAsExpression' || parent.type === 'TSNonNullExpression')) parent = parent.parent;
  return parent ?? node;
}

/** The identifier's `return id` in its own function, when it has exactly that use besides field reads. */
function returnOfIdentifier(declared: TSESTree.Identifier): Node | null {
  const fn = enclosingFunction(declared);
  if (!fn) return null;
  let found: Node | null = null;
  walkAll(fn.body, (node) => {
    if (node.type === 'ReturnStatement' && node.argument) {
      const argument = unwrap(node.argument);
      if (argument.type === 'Identifier' && argument.name === declared.name) found ??= argument;
    }
  });
  return found;
}

function encloses(outer: Node, inner: Node): boolean {
  for (let node: Node | undefined = inner; node; node = node.parent) {
    if (node === outer) return true;
    if (node !== inner && isFunctionNode(node)) return false;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------------
// Whether the code reads the source's `_meta`

/**
 * What one function (or the program) does with its names, collected by one walk and shared by every candidate literal
 * in it (a `tools/call` handler with a `case` per proxied tool has as many candidates as cases: one walk per candidate
 * made that quadratic).
 * - `reads`: names used other than by reading a result field: `r._meta`, `...r`, `return r`, `forward(r)`,
 *   `Object.assign(out, r)`. Any of those may carry the `_meta` on (or show the author decided what happens to it), so
 *   nothing is reported. Tests (`if (!r)`, `r === undefined`) are field-free reads, and assigning the name
 *   (`r = await up.callTool(…)` in a `try`) is no read at all.
 * - `metaReads`: the names of those whose `_meta` itself is read (`r._meta`, `r?._meta`): what a literal that writes a
 *   new `_meta` in place of the source's is judged by (see `droppedIn`).
 * - `dropsServerInfo`: names whose `_meta` (or which, as an alias of a `_meta`) lose the upstream's identity in place:
 *   `delete r._meta['io.modelcontextprotocol/serverInfo']`, `delete meta[SERVER_INFO_META_KEY]`,
 *   `Reflect.deleteProperty(r._meta, …)`.
 * - `assigned`: the values each name is assigned (`r = …`), for a `let` declared without its value.
 */
interface ScopeUses {
  readonly reads: ReadonlySet<string>;
  readonly metaReads: ReadonlySet<string>;
  readonly dropsServerInfo: ReadonlySet<string>;
  readonly assigned: ReadonlyMap<string, readonly TSESTree.Expression[]>;
}

const usesByScope = new WeakMap<Node, ScopeUses>();

function usesIn(scope: Node): ScopeUses {
  let uses = usesByScope.get(scope);
  if (!uses) {
    uses = collectUses(scope);
    usesByScope.set(scope, uses);
  }
  return uses;
}

function collectUses(scope: Node): ScopeUses {
  const reads = new Set<string>();
  const metaReads = new Set<string>();
  const dropsServerInfo = new Set<string>();
  const assigned = new Map<string, TSESTree.Expression[]>();
  let visited = 0;
  walkAll(scope, (node) => {
    visited += 1;
    if (node.type === 'UnaryExpression' && node.operator === 'delete') {
      const name = serverInfoDeleted(node.argument);
      if (name) dropsServerInfo.add(name);
    } else if (node.type === 'CallExpression' && referenceText(unwrap(node.callee)) === 'Reflect.deleteProperty' && node.arguments[1]) {
      const name = metaHolderName(node.arguments[0]);
      if (name && isServerInfoKey(node.arguments[1])) dropsServerInfo.add(name);
    } else if (node.type === 'AssignmentExpression' && node.operator === '=' && node.left.type === 'Identifier') {
      const values = assigned.get(node.left.name);
      if (values) values.push(node.right);
      else assigned.set(node.left.name, [node.right]);
    }
    if (node.type === 'Identifier') {
      const read = readOtherThanField(node);
      if (read) reads.add(node.name);
      if (read === 'meta') metaReads.add(node.name);
    }
  });
  countCost('pass-through-nodes', visited);
  return { reads, metaReads, dropsServerInfo, assigned };
}

/** Type-only wrappers around a name: `(r as CallToolResult).content` reads a field of `r` as `r.content` does. */
const TYPE_WRAPPERS: ReadonlySet<string> = new Set(['TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression', 'TSTypeAssertion']);

/**
 * How `identifier` is used other than by reading a result field (see `ScopeUses`): `'meta'` for a read of its `_meta`
 * (`r._meta`, `(r as R)._meta`), `'other'` for any other use that may carry it (`return r`, `...r`, `forward(r)`, a
 * computed member), null for a field read, a test, a declaration or an assignment.
 */
function readOtherThanField(identifier: TSESTree.Identifier): 'meta' | 'other' | null {
  let node: Node = identifier;
  let parent: Node | undefined = node.parent;
  while (parent && TYPE_WRAPPERS.has(parent.type) && (parent as TSESTree.TSAsExpression).expression === node) {
    node = parent;
    parent = parent.parent;
  }
  if (!parent) return null;
  if (parent.type === 'MemberExpression' && parent.object === node) {
    const name = memberPropertyName(parent);
    return name === '_meta' ? 'meta' : name === null ? 'other' : null;
  }
  if (parent.type === 'MemberExpression' && parent.property === node && !parent.computed) return null;
  if (parent.type === 'Property' && parent.key === node && !parent.shorthand) return null;
  if (parent.type === 'VariableDeclarator' && parent.id === node) return null;
  if (parent.type === 'AssignmentExpression' && parent.left === node) return null;
  if (isFunctionNode(parent) && parent.params.includes(node as TSESTree.Parameter)) return null;
  if (parent.type === 'UnaryExpression' && (parent.operator === '!' || parent.operator === 'typeof')) return null;
  if (parent.type === 'BinaryExpression' && /^[!=]==?$|^instanceof$/.test(parent.operator)) return null;
  if ((parent.type === 'IfStatement' || parent.type === 'ConditionalExpression') && parent.test === node) return null;
  if (parent.type === 'TSTypeReference' || parent.type === 'TSQualifiedName') return null;
  return 'other';
}

/** `r` for `r._meta` (also `r?._meta`, `r!._meta`), or `meta` for an identifier `meta` (an alias of a `_meta`). */
function metaHolderName(node: Node): string | null {
  const inner = unwrap(node) as Node;
  if (inner.type === 'Identifier') return inner.name;
  if (inner.type !== 'MemberExpression' || memberPropertyName(inner) !== '_meta') return null;
  const object = unwrap(inner.object);
  return object.type === 'Identifier' ? object.name : null;
}

/** The key `io.modelcontextprotocol/serverInfo`, written out or as the SDK's `SERVER_INFO_META_KEY` (also `sdk.SERVER_INFO_META_KEY`). */
function isServerInfoKey(node: Node): boolean {
  const inner = unwrap(node) as Node;
  if (staticString(inner) === SERVER_INFO_META_KEY) return true;
  const segments = referenceSegments(inner);
  return segments[segments.length - 1] === 'SERVER_INFO_META_KEY';
}

/** The holder name in `delete r._meta[SERVER_INFO_META_KEY]` / `delete meta['io.modelcontextprotocol/serverInfo']`. */
function serverInfoDeleted(argument: Node): string | null {
  const inner = unwrap(argument) as Node;
  if (inner.type !== 'MemberExpression' || !inner.computed || !isServerInfoKey(inner.property)) return null;
  return metaHolderName(inner.object);
}

/**
 * True when the function holding the source reads its `_meta` or uses it whole (see `ScopeUses.reads`). For a literal
 * that writes a new `_meta` in place of the source's (`onlyMeta`), only a read of the source's `_meta` counts: the
 * source returned whole on another path (`if (r.isError) return r`) or handed to a hook keeps its keys there, not in
 * this literal, whose own `_meta` shows the author decided what this result carries and left them out.
 */
function readsMetaOf(name: string, scope: Node, onlyMeta: boolean): boolean {
  const uses = usesIn(scope);
  return (onlyMeta ? uses.metaReads : uses.reads).has(name);
}

// ---------------------------------------------------------------------------------------------------------------
// The findings

function droppedIn(literal: TSESTree.ObjectExpression, context: Context): DroppedMeta | null {
  let holder: TSESTree.Identifier | null = null;
  let pattern: TSESTree.ObjectPattern | null = null;
  let source: ResultSource | null = null;
  const fields: string[] = [];
  let replacedBy: TSESTree.ObjectExpression | null = null;
  for (const property of literal.properties) {
    // A spread may carry `_meta` (`{ ...result, content }`).
    if (property.type === 'SpreadElement') return null;
    if (propertyKeyName(property) === '_meta') {
      replacedBy = newMetaObject(property.value);
      if (!replacedBy) return null;
    }
  }
  for (const property of literal.properties) {
    if (property.type !== 'Property') continue;
    const copied = copiedField(property.value);
    if (copied) {
      if (holder && holder.name !== copied.holder.name) continue;
      if (!holder) {
        const found = sourceOfIdentifier(copied.holder, context);
        if (!found) continue;
        holder = copied.holder;
        source = found;
      }
      if (!fields.includes(copied.field)) fields.push(copied.field);
      continue;
    }
    // `{ content, isError }` from `const { content, isError } = await c.callTool(…)`.
    const value = unwrap(property.value);
    if (holder || value.type !== 'Identifier') continue;
    const destructured = destructuredSource(value, context);
    if (!destructured || !TOOL_RESULT_PROPERTIES.has(destructured.field)) continue;
    if (pattern && pattern !== destructured.pattern) continue;
    pattern = destructured.pattern;
    source = destructured.source;
    if (!fields.includes(destructured.field)) fields.push(destructured.field);
  }
  if (!source) return null;
  // A wrapper's handler parameter named like anything else must show it is an MCP result: an MCP-only field.
  if (source.kind === 'handler') {
    if (!HANDLER_NAME.test(handlerName(source.node as TSESTree.CallExpression)) && !fields.some((field) => field !== 'content'))
      return null;
  }
  if (holder) {
    if (readsMetaOf(holder.name, scopeOfHolder(holder), replacedBy !== null)) return null;
  } else if (pattern) {
    if (pattern.properties.some((property) => property.type === 'RestElement' || propertyKeyName(property) === '_meta')) return null;
  }
  const sink = sinkOf(literal, source, context);
  if (!sink) return null;
  // A literal that fills the slot itself (`metadata: { startedAt, tool }`, an adapter message's own `_meta`) decided
  // what goes there.
  if (
    sink.kind === 'slot' &&
    (replacedBy !== null || literal.properties.some((property) => property.type === 'Property' && propertyKeyName(property) === sink.slot))
  )
    return null;
  return {
    literal,
    source,
    fields,
    sink: sink.kind,
    slot: sink.slot,
    builder: sink.builder ?? null,
    holder,
    pattern,
    insertion: insertionPoint(literal, holder?.name ?? null),
    read: holder ? metaReadOf(holder, source, literal, context) : { optional: false, cast: false },
    replacedBy,
  };
}

/**
 * A `_meta` value that is a new object written in place, with nothing spread into it (`{ 'x402/payment-response': s }`,
 * `{}`): it replaces the source's `_meta`. Any other value (a variable, a call, an object that spreads something) may
 * hold the source's keys or be the author's allow-list, and is their decision; so is a new object whose values read
 * the source's `_meta` (`readsMetaOf` then leaves the whole literal alone).
 */
function newMetaObject(value: TSESTree.Property['value']): TSESTree.ObjectExpression | null {
  const inner = unwrap(value) as Node;
  if (inner.type !== 'ObjectExpression') return null;
  return inner.properties.some((property) => property.type === 'SpreadElement') ? null : inner;
}

/** The function (or program) that declares `holder`: its uses there say whether `_meta` is read. */
function scopeOfHolder(holder: TSESTree.Identifier): Node {
  const binding = findBinding(holder.name, holder);
  if (binding?.kind === 'variable') return enclosingFunction(binding.declarator) ?? rootOf(holder);
  return parameterOwner(holder.name, holder) ?? rootOf(holder);
}

const STATEMENT = /Statement$|^VariableDeclaration$|^Export(?:Named|Default)Declaration$/;
const LOOP = /^(?:For|ForIn|ForOf|While|DoWhile)Statement$/;

/**
 * Where a suggestion can declare something before the literal (see `InsertionPoint`): the nearest statement holding
 * it in its own function. Null (the suggestion stays inline) in an arrow's expression body, in a class member, when
 * the holder is assigned in that statement before the literal (`if ((r = await up.callTool(…))) return { … }`: a
 * declaration before it would read the old value), and for a declaration that is a `case` clause's own statement
 * (a block around it would hide the name from the statements after it).
 */
export function insertionPoint(literal: Node, holder: string | null): InsertionPoint | null {
  let child: Node = literal;
  for (let parent = literal.parent; parent; child = parent, parent = parent.parent) {
    if (isFunctionNode(parent) || parent.type === 'ClassBody') return null;
    if (!STATEMENT.test(child.type)) continue;
    let wrap: boolean;
    if (parent.type === 'BlockStatement' || parent.type === 'Program' || parent.type === 'StaticBlock') wrap = false;
    else if (parent.type === 'SwitchCase') {
      // A declaration right in a `case` clause is legal but reported by `no-case-declarations`: a block around the
      // statement instead, unless the statement is itself a declaration (a block would hide its name).
      if (child.type === 'VariableDeclaration') return null;
      wrap = true;
    } else if (parent.type === 'IfStatement' && parent.test !== child) wrap = true;
    else if (LOOP.test(parent.type) && (parent as TSESTree.ForStatement).body === child) wrap = true;
    else continue;
    const statement = child as TSESTree.Statement;
    if (holder && assignsBefore(statement, holder, literal)) return null;
    return { statement, wrap };
  }
  return null;
}

/** Whether `name` is assigned inside `statement` before `before` starts. */
function assignsBefore(statement: Node, name: string, before: Node): boolean {
  let found = false;
  walkAll(
    statement,
    (node) => {
      if (node.type === 'AssignmentExpression' && node.left.type === 'Identifier' && node.left.name === name) found = true;
    },
    (node) => !found && node.range[0] < before.range[0],
  );
  return found;
}

/** Whether `node` is an optional read of `name`: `name?.x` (or `name?.x.y`). */
function isOptionalReadOf(node: Node, name: string): boolean {
  const object = node.type === 'MemberExpression' ? node.object : null;
  return !!object && object.type === 'Identifier' && object.name === name && node.type === 'MemberExpression' && node.optional;
}

/** Whether an annotation admits `undefined` or `null` (`CallToolResult | undefined`). */
function annotationIsNullable(annotation: TSESTree.TypeNode | undefined): boolean {
  return (
    annotation?.type === 'TSUnionType' &&
    annotation.types.some((member) => member.type === 'TSUndefinedKeyword' || member.type === 'TSNullKeyword')
  );
}

/** An annotation that is known to declare no `_meta`: an object type literal without it (also in `Promise<…>`, a union). */
function annotationLacksMeta(annotation: TSESTree.TypeNode | undefined): boolean {
  if (!annotation) return false;
  switch (annotation.type) {
    case 'TSTypeLiteral':
      return !annotation.members.some(
        (member) => member.type === 'TSPropertySignature' && !member.computed && signatureName(member) === '_meta',
      );
    case 'TSTypeReference': {
      const name = typeName(annotation.typeName);
      const params = annotation.typeArguments?.params ?? [];
      return (name === 'Promise' || name === 'Awaited') && params.length === 1 && annotationLacksMeta(params[0]);
    }
    case 'TSUnionType':
      return annotation.types.some((member) => annotationLacksMeta(member));
    case 'TSFunctionType':
      return annotationLacksMeta(annotation.returnType?.typeAnnotation);
    default:
      return false;
  }
}

function signatureName(member: TSESTree.TSPropertySignature): string | null {
  if (member.key.type === 'Identifier') return member.key.name;
  return member.key.type === 'Literal' ? String(member.key.value) : null;
}

/** How the suggestion reads `holder._meta` (see `MetaRead`). */
function metaReadOf(holder: TSESTree.Identifier, source: ResultSource, literal: TSESTree.ObjectExpression, context: Context): MetaRead {
  let optional = false;
  walkAll(literal, (node) => {
    if (!optional && isOptionalReadOf(node, holder.name)) optional = true;
  });
  const binding = findBinding(holder.name, holder);
  let annotation: TSESTree.TypeNode | undefined;
  if (binding?.kind === 'variable' && binding.declarator.id.type === 'Identifier') {
    annotation = binding.declarator.id.typeAnnotation?.typeAnnotation;
    const init = binding.declarator.init;
    if (init)
      walkAll(init, (node) => {
        if ((node.type === 'MemberExpression' || node.type === 'CallExpression') && node.optional) optional = true;
      });
  } else {
    const owner = parameterOwner(holder.name, holder);
    const param = owner?.params.find((candidate) => patternDeclares(candidate, holder.name));
    if (param?.type === 'Identifier') {
      annotation = param.typeAnnotation?.typeAnnotation;
      if (param.optional) optional = true;
    }
  }
  if (annotationIsNullable(annotation)) optional = true;
  const services = typeServicesOf(context);
  let cast = false;
  if (services && services.holds(holder)) {
    const type = services.typeOf(holder);
    const { TypeFlags } = services.ts;
    const members = type.isUnion() ? type.types : [type];
    if (members.some((member) => member.flags & (TypeFlags.Undefined | TypeFlags.Null))) optional = true;
    const defined = services.checker.getNonNullableType(type);
    if (!(defined.flags & (TypeFlags.Any | TypeFlags.Unknown)))
      cast = services.checker.getPropertyOfType(services.checker.getApparentType(defined), '_meta') === undefined;
  } else if (annotationLacksMeta(annotation)) {
    cast = true;
  } else if (source.kind === 'handler') {
    // `withTimeout(handler: (args) => Promise<{ content: …; isError?: boolean }>)`: the wrapped handler's result type.
    const call = source.node as TSESTree.CallExpression;
    const callee = unwrap(call.callee);
    if (callee.type === 'Identifier') {
      const owner = parameterOwner(callee.name, call);
      const param = owner?.params.find((candidate) => patternDeclares(candidate, callee.name));
      if (param?.type === 'Identifier' && annotationLacksMeta(param.typeAnnotation?.typeAnnotation)) cast = true;
    }
  }
  return { optional, cast: cast && context.typescript };
}

/**
 * A `_meta` value that is the upstream's `_meta` with its identity still in it: `r._meta`, `r._meta ?? {}`,
 * `{ ...r._meta, … }`, `r._meta ? { ...r._meta } : undefined`, a `const` alias of any of those (`const meta =
 * r._meta`), or the rest of an object pattern over one that drops other keys but not the identity
 * (`const { 'acme/debug': _d, ...rest } = r._meta ?? {}`; one that drops the identity is the deliberate form).
 */
interface UpstreamMeta {
  readonly holder: TSESTree.Identifier;
  /** The reads in value position the suggestion replaces (never a test: `r._meta ? … : …` keeps its test). */
  readonly nodes: readonly TSESTree.Expression[];
  readonly rest: TSESTree.ObjectPattern | null;
  /** The `const` names on the way (`meta`): a `delete meta[SERVER_INFO_META_KEY]` drops the identity too. */
  readonly aliases: readonly string[];
}

const MAX_ALIAS_DEPTH = 4;

function upstreamMetaOf(value: Node, depth = 0): UpstreamMeta | null {
  const inner = unwrap(value) as Node;
  switch (inner.type) {
    case 'MemberExpression': {
      const object = unwrap(inner.object);
      if (memberPropertyName(inner) !== '_meta' || object.type !== 'Identifier') return null;
      const read = inner.parent?.type === 'ChainExpression' ? inner.parent : inner;
      return { holder: object, nodes: [read], rest: null, aliases: [] };
    }
    case 'LogicalExpression':
      return inner.operator === '&&' ? upstreamMetaOf(inner.right, depth) : upstreamMetaOf(inner.left, depth);
    case 'ConditionalExpression':
      return either(upstreamMetaOf(inner.consequent, depth), upstreamMetaOf(inner.alternate, depth));
    case 'ObjectExpression': {
      let found: UpstreamMeta | null = null;
      for (const element of inner.properties)
        if (element.type === 'SpreadElement') found = either(found, upstreamMetaOf(element.argument, depth));
      return found;
    }
    case 'Identifier': {
      if (depth >= MAX_ALIAS_DEPTH) return null;
      const binding = findBinding(inner.name, inner);
      const declarator =
        binding?.kind === 'variable' && binding.declarationKind === 'const'
          ? binding.declarator
          : binding?.kind === 'other'
            ? restDeclarator(inner)
            : null;
      if (!declarator?.init) return null;
      const { id, init } = declarator;
      const from = upstreamMetaOf(init, depth + 1);
      if (!from) return null;
      if (id.type === 'Identifier') return { holder: from.holder, nodes: [inner], rest: from.rest, aliases: [inner.name, ...from.aliases] };
      if (id.type !== 'ObjectPattern' || from.rest) return null;
      const last = id.properties[id.properties.length - 1];
      if (last?.type !== 'RestElement' || last.argument.type !== 'Identifier' || last.argument.name !== inner.name) return null;
      // A key taken out by a name not known here may be the identity: the author's call.
      const dropsIdentity = id.properties.some(
        (property) =>
          property.type === 'Property' && (isServerInfoKey(property.key) || (property.computed && staticString(property.key) === null)),
      );
      return dropsIdentity ? null : { holder: from.holder, nodes: [], rest: id, aliases: from.aliases };
    }
    default:
      return null;
  }
}

/** `const { a: _a, ...rest } = …` declaring `rest` (the binding index calls a pattern's names `other`). */
function restDeclarator(identifier: TSESTree.Identifier): TSESTree.VariableDeclarator | null {
  for (let node: Node | undefined = identifier.parent; node; node = node.parent) {
    if (node.type !== 'BlockStatement' && node.type !== 'Program') continue;
    for (const statement of node.body) {
      if (statement.type !== 'VariableDeclaration' || statement.kind !== 'const') continue;
      for (const declarator of statement.declarations) {
        if (declarator.id.type !== 'ObjectPattern') continue;
        const last = declarator.id.properties[declarator.id.properties.length - 1];
        if (last?.type === 'RestElement' && last.argument.type === 'Identifier' && last.argument.name === identifier.name)
          return declarator;
      }
    }
    if (isFunctionNode(node.parent ?? node)) break;
  }
  return null;
}

function either(a: UpstreamMeta | null, b: UpstreamMeta | null): UpstreamMeta | null {
  if (!a || !b) return a ?? b;
  if (a.holder.name !== b.holder.name || a.rest || b.rest) return a;
  return { holder: a.holder, nodes: [...a.nodes, ...b.nodes], rest: null, aliases: [...a.aliases, ...b.aliases] };
}

/** An upstream `callTool` result's `_meta` forwarded with its identity (see `UpstreamMeta`), in a result. */
function forwardedIn(literal: TSESTree.ObjectExpression, context: Context): ForwardedServerInfo | null {
  for (const property of literal.properties) {
    // `{ ...r }` and `return r` forward the upstream result as it is (a transparent proxy): the author's call.
    if (property.type !== 'Property' || propertyKeyName(property) !== '_meta') continue;
    const found = upstreamMetaOf(property.value);
    if (!found) continue;
    const source = sourceOfIdentifier(found.holder, context);
    if (source?.kind !== 'call-tool') continue;
    // `delete r._meta[SERVER_INFO_META_KEY]` before forwarding it: the identity is dropped in place, on purpose.
    const { dropsServerInfo } = usesIn(scopeOfHolder(found.holder));
    if (dropsServerInfo.has(found.holder.name) || found.aliases.some((alias) => dropsServerInfo.has(alias))) continue;
    const sink = sinkOf(literal, source, context);
    if (!sink || sink.kind === 'slot') continue;
    return {
      node: property,
      source,
      holder: found.holder,
      literal,
      nodes: found.nodes,
      rest: found.rest,
      insertion: found.rest ? null : insertionPoint(literal, found.holder.name),
    };
  }
  return null;
}

/** `{ ...params, _meta: { progressToken } }` where `params` is the caller's request: its `_meta` is replaced. */
function replacedRequestMetaIn(literal: TSESTree.ObjectExpression, context: Context): ReplacedRequestMeta | null {
  const meta = literal.properties.find(
    (property): property is TSESTree.Property => property.type === 'Property' && propertyKeyName(property) === '_meta',
  );
  const value = meta ? unwrap(meta.value) : null;
  if (!meta || value?.type !== 'ObjectExpression') return null;
  const spread = literal.properties.find(
    (property): property is TSESTree.SpreadElement =>
      property.type === 'SpreadElement' && literal.properties.indexOf(property) < literal.properties.indexOf(meta),
  );
  if (!spread) return null;
  const request = unwrap(spread.argument);
  if (referenceText(request) === null || !isInbound(request)) return null;
  if (builtHere(request)) return null;
  // Any spread in the new `_meta` may be the caller's (`{ ...params._meta, … }`, `{ ...callerMeta, … }`).
  if (value.properties.some((property) => property.type === 'SpreadElement')) return null;
  // A caller's request: `request.params` spread, or a `progressToken` set over the caller's. A helper that builds a
  // message from bare fields (`{ ...params, _meta: { [VERSION_KEY]: v } }` in a test) replaces no caller's keys.
  const segments = referenceSegments(request);
  const setsProgressToken = value.properties.some(
    (property) => property.type === 'Property' && propertyKeyName(property) === 'progressToken',
  );
  if (!setsProgressToken && !(segments.length > 1 && segments[segments.length - 1] === 'params')) return null;
  // Only outbound requests: a literal on the result plane (`{ ...request, content }`) is not one.
  if (literal.properties.some((property) => property.type === 'Property' && TOOL_RESULT_PROPERTIES.has(propertyKeyName(property) ?? '')))
    return null;
  return { node: meta, value, request, cast: context.typescript && requestLacksMeta(request, context) };
}

/**
 * A request object the function built itself from its own fields (`const params = { name, arguments: args }`): no
 * caller's `_meta` is in it to drop. One that spreads anything may hold a caller's.
 */
function builtHere(request: Node): boolean {
  let root = unwrap(request) as Node;
  while (root.type === 'MemberExpression') root = unwrap(root.object) as Node;
  if (root.type !== 'Identifier') return false;
  const binding = findBinding(root.name, root);
  const init = binding?.kind === 'variable' && binding.declarator.id.type === 'Identifier' ? binding.declarator.init : null;
  if (!init || unwrap(init).type !== 'ObjectExpression') return false;
  let spreads = false;
  walkAll(init, (node) => {
    if (node.type === 'SpreadElement') spreads = true;
  });
  return !spreads;
}

/** Whether `request._meta` is not known to be an object (a type without it, or `Record<string, unknown>`): TS2339/TS2698. */
function requestLacksMeta(request: Node, context: Context): boolean {
  const services = typeServicesOf(context);
  if (services && services.holds(request)) {
    const type = services.checker.getNonNullableType(services.typeOf(request));
    const { TypeFlags } = services.ts;
    if (type.flags & TypeFlags.Any) return false;
    const property = services.checker.getPropertyOfType(services.checker.getApparentType(type), '_meta');
    const declaration = property?.valueDeclaration;
    if (!property || !declaration) return true;
    const metaType = services.checker.getTypeOfSymbolAtLocation(property, declaration);
    return !!(metaType.flags & TypeFlags.Unknown) || !typeHoldsObject(metaType, services);
  }
  // Without types: a parameter spread as it is, annotated with an object type that has no `_meta` member.
  const inner = unwrap(request) as Node;
  if (inner.type !== 'Identifier') return false;
  const owner = parameterOwner(inner.name, inner);
  const param = owner?.params.find((candidate) => patternDeclares(candidate, inner.name));
  const annotation = param?.type === 'Identifier' ? param.typeAnnotation?.typeAnnotation : undefined;
  if (annotation?.type === 'TSTypeReference' && typeName(annotation.typeName) === 'Record') return true;
  return annotation?.type === 'TSObjectKeyword' || annotationLacksMeta(annotation);
}
