/** The plane of an object literal that carries `_meta` (`{ content, _meta }`, `registerTool(n, { _meta }, cb)`). */
import type { TSESTree } from '@typescript-eslint/utils';
import {
  calleeName,
  functionReturning,
  memberPropertyName,
  outsideTypeWrappers,
  propertyKeyName,
  referenceSegments,
  returnedValues,
  unwrap,
} from '../syntax/ast';
import { isInbound, type PlaneDecision } from '../planes';
import { isTeamToolCallback, type TeamSinks } from './team-sinks';
import { BODY_SINKS, isSdkResourceCallback, isSdkToolCallback, laterSinkOf, sinkOfArgument } from './flow';
import { declaratorOf, findBinding, functionBoundTo, parametersSpreadIn, type ParameterReference } from '../syntax/bindings';
import { RESULT_NAME } from './names';
import { isContentsArrayItem, returnedObjectLiterals } from '../syntax/meta-syntax';
import { frameworkPlaneOfNested } from './of-framework';
import { planeOfArrayItems, planeOfDeclaredType } from './of-type';
import { planeOfShape } from './of-shape';
import { planeOfVariable } from './of-variable';
import { planeOfReturnedFragment } from './of-returned-fragment';
import { planeOfWrappedAnswer } from './of-wrapped-answer';

type Node = TSESTree.Node;

/** Schema builders (zod and alike): `z.object({ content, _meta })` describes a result, it does not write one. */
const SCHEMA_BUILDERS: ReadonlySet<string> = new Set([
  'object',
  'strictObject',
  'looseObject',
  'extend',
  'merge',
  'Object',
  'Struct',
  'shape',
]);

/**
 * Test assertions (vitest and jest matchers, `expect.objectContaining`, node:assert, chai, sinon): a literal given to one
 * is the value a test expects, not a write (a tableau MCP fork's `expect(registerAppTool).toHaveBeenCalledWith(server,
 * 'get-workbook', { _meta: { ui: { resourceUri: 'tableau://…' } } }, …)` registers no tool).
 */
const ASSERTION_MATCHERS: ReadonlySet<string> = new Set([
  'toEqual',
  'toStrictEqual',
  'toMatchObject',
  'toHaveBeenCalledWith',
  'toHaveBeenLastCalledWith',
  'toHaveBeenNthCalledWith',
  'toBeCalledWith',
  'toHaveReturnedWith',
  'toContainEqual',
  'toHaveProperty',
  'objectContaining',
  'deepEqual',
  'deepStrictEqual',
  'notDeepEqual',
  'partialDeepStrictEqual',
  'eql',
  'calledWith',
  'calledWithMatch',
]);

/**
 * The declarator of the variable a literal is the value of, through type assertions: the one it initialises (`const
 * p = { … } as UIResourceProps`) or, for a literal assigned to a local variable (`cfg = { ...config, _meta }` in a
 * branch), that variable's; null otherwise. Where the variable goes later is where the literal goes.
 */
function declaratorOfLiteral(literal: Node): TSESTree.VariableDeclarator | null {
  const node = outsideTypeWrappers(literal);
  const parent = node.parent;
  if (parent?.type === 'VariableDeclarator') return parent.init === node ? parent : null;
  if (parent?.type !== 'AssignmentExpression' || parent.operator !== '=' || parent.right !== node) return null;
  return parent.left.type === 'Identifier' ? declaratorOf(parent.left) : null;
}

/**
 * True when `identifier` is a local variable initialised by an object literal whose every property is written there:
 * what it holds is known, so its name (`result`, `response`) says nothing more (a test's `const result = {
 * supportedVersions, capabilities }` is a discover result, not a tool result).
 */
function isSeenLiteral(identifier: TSESTree.Identifier): boolean {
  const init = declaratorOf(identifier)?.init;
  const literal = init ? unwrap(init) : null;
  return (
    literal?.type === 'ObjectExpression' &&
    literal.properties.length > 0 &&
    literal.properties.every((property) => property.type === 'Property')
  );
}

/** The outermost object literal `literal` is nested in through property values and array elements (itself if none). */
function outermostLiteral(literal: TSESTree.ObjectExpression): TSESTree.ObjectExpression {
  let outer = literal;
  for (let node: Node = literal, parent = node.parent; parent; node = parent, parent = node.parent) {
    if (parent.type === 'Property' && parent.value === node) continue;
    if (parent.type === 'ArrayExpression') continue;
    if (parent.type === 'ObjectExpression') {
      outer = parent;
      continue;
    }
    break;
  }
  return outer;
}

/** `{ name: literal }` in another literal. */
function isValueOfProperty(literal: Node, name: string): boolean {
  const parent = outsideTypeWrappers(literal).parent;
  return parent?.type === 'Property' && parent.value === outsideTypeWrappers(literal) && propertyKeyName(parent) === name;
}

/**
 * `{ ...params, _meta }`, `{ ...request.params, _meta }`, `{ ...params, ...(c ? { _meta } : {}) }`: the last spread
 * of an object (not a fragment spread in under a condition, which may bring the `_meta`) is an inbound request's.
 */
function rewrapsInbound(literal: TSESTree.ObjectExpression): boolean {
  const spreads = literal.properties.filter(
    (property): property is TSESTree.SpreadElement =>
      property.type === 'SpreadElement' && !['ConditionalExpression', 'LogicalExpression'].includes(unwrap(property.argument).type),
  );
  const last = spreads.at(-1);
  return last !== undefined && isInbound(unwrap(last.argument));
}

/**
 * `items.map((item) => ({ …, _meta }))` (also `flatMap`): the callback builds an item of `items`, whose type may say
 * (`contents: ResourceContents`, `results: CallToolResult[]`). Not for tool descriptors: a tools/list entry mapped from
 * a table is built at run time, and which tool carries which widget link is decided then (the linkage check says so in
 * a note instead of matching it).
 */
function planeOfMappedItem(callback: Node): PlaneDecision | null {
  const items = mapCallOf(callback)?.items;
  if (!items) return null;
  const decided = items.type === 'Identifier' ? planeOfArrayItems(items) : null;
  return decided?.plane === 'tool' ? null : decided;
}

/**
 * An item of the `contents` a resource's read callback returns: `return { contents: [{ ...ui.resource, _meta }] }`, or
 * each item of `contents: pages.map((page) => ({ …, _meta }))`. Its `_meta` is the resource's (epicflare spreads a
 * library's resource in, so the item has no `uri` or `text` of its own for its shape to say so).
 */
function isReadCallbackContentsItem(literal: TSESTree.ObjectExpression): boolean {
  const item = outsideTypeWrappers(literal);
  let answer: Node | undefined;
  if (isContentsArrayItem(item)) answer = item.parent?.parent?.parent;
  else {
    const mapper = functionReturning(item);
    const mapCall = mapper ? mapCallOf(mapper)?.call : undefined;
    if (mapCall && isValueOfProperty(mapCall, 'contents')) answer = outsideTypeWrappers(mapCall).parent?.parent;
  }
  const returnedFrom = answer?.type === 'ObjectExpression' ? functionReturning(outsideTypeWrappers(answer)) : null;
  return returnedFrom !== null && isSdkResourceCallback(returnedFrom);
}

/** The `items.map(callback)` (or `flatMap`) call `callback` is given to, and its `items`; null for any other use. */
function mapCallOf(callback: Node): { call: TSESTree.CallExpression; items: Node } | null {
  const call = callback.parent;
  if (call?.type !== 'CallExpression' || call.arguments[0] !== callback) return null;
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression' || !['map', 'flatMap'].includes(memberPropertyName(callee) ?? '')) return null;
  return { call, items: unwrap(callee.object) };
}

/** Which parameters an imported helper spreads into what it returns: the file's resolver, handed down by the pipeline. */
export interface ImportedHelperSpreads {
  importedHelper(specifier: string, importedName: string): { readonly parameterSpreads: readonly ParameterReference[] } | null;
}

/**
 * Whether `call` is of a helper (same-file, or imported through `helpers`) that spreads its argument `argument` whole
 * into what it returns (`({ title, ...rest }) => ({ title, ...rest })`, `(config) => ({ ...DEFAULTS, ...config })`),
 * `_meta` included: what the argument holds goes where the call's result goes.
 */
function spreadsArgumentOnward(call: TSESTree.CallExpression, argument: Node, helpers: ImportedHelperSpreads | null): boolean {
  const index = call.arguments.indexOf(argument as TSESTree.CallExpressionArgument);
  const callee = unwrap(call.callee);
  if (index < 0 || callee.type !== 'Identifier') return false;
  const fn = functionBoundTo(callee);
  let spreads: readonly ParameterReference[];
  if (fn?.body) {
    spreads = returnedValues(fn)
      .flatMap(returnedObjectLiterals)
      .flatMap((returned) => parametersSpreadIn(returned, fn));
  } else {
    const binding = fn || helpers === null ? null : findBinding(callee.name, callee);
    spreads = binding?.kind === 'import' ? (helpers?.importedHelper(binding.source, binding.imported)?.parameterSpreads ?? []) : [];
  }
  return spreads.some((spread) => spread.index === index && spread.path.length === 0 && !spread.without?.includes('_meta'));
}

/**
 * The plane of an object literal that carries `_meta`, with its evidence, or null when it is none we know. `helpers`:
 * the file's imported helpers, for a literal given to one that hands it on (`spreadsArgumentOnward`).
 */
export function planeDecisionOfLiteral(
  literal: TSESTree.ObjectExpression,
  sinks: TeamSinks,
  helpers: ImportedHelperSpreads | null = null,
): PlaneDecision | null {
  const parent = literal.parent;
  if (parent?.type === 'CallExpression' && parent.arguments.includes(literal)) {
    const name = calleeName(parent) ?? '';
    if (BODY_SINKS.has(name)) return { plane: 'body', evidence: 'sink' };
    if (SCHEMA_BUILDERS.has(name) || ASSERTION_MATCHERS.has(name)) return { plane: 'schema', evidence: 'sink' };
    const sink = sinkOfArgument(literal, sinks);
    if (sink) return sink;
    // `registerTool(name, defineTool({ title, _meta }), cb)`: the helper hands the config on to the registration.
    const onward = spreadsArgumentOnward(parent, literal, helpers) ? sinkOfArgument(parent, sinks) : null;
    if (onward) return onward;
  }
  // skybridge's `registerTool({ view: { component, _meta } })`: the view resource's `_meta`.
  const nested = frameworkPlaneOfNested(literal, (node) => sinkOfArgument(node, sinks));
  if (nested) return nested;
  // `JSON.stringify({ jsonrpc, method, params: { ...params, _meta } })`: a literal inside a serialised body is the body.
  const outer = outermostLiteral(literal);
  if (outer !== literal && outer.parent?.type === 'CallExpression') {
    const outerSink = calleeName(outer.parent) ?? '';
    if (BODY_SINKS.has(outerSink)) return { plane: 'body', evidence: 'sink' };
    // `expect(r).toEqual({ result: { content, _meta } })`: nested in a test's expected value.
    if (ASSERTION_MATCHERS.has(outerSink)) return { plane: 'schema', evidence: 'sink' };
  }
  const declarator = declaratorOfLiteral(literal);
  if (declarator) {
    const declared = planeOfDeclaredType(declarator);
    if (declared) return declared;
    const later = laterSinkOf(declarator, sinks);
    if (later) return later;
  }
  const returnedFrom = functionReturning(literal);
  if (returnedFrom && isSdkToolCallback(returnedFrom)) return { plane: 'result', evidence: 'sink' };
  if (returnedFrom && isTeamToolCallback(returnedFrom, sinks)) return { plane: 'result', evidence: 'manifest' };
  if (isReadCallbackContentsItem(literal)) return { plane: 'resource', evidence: 'sink' };
  const mapped = returnedFrom ? planeOfMappedItem(returnedFrom) : null;
  if (mapped) return mapped;
  // `wrap(name, async () => ({ text, _meta }))` where `wrap` copies its callback's answer's `_meta` into the result.
  const answer = planeOfWrappedAnswer(literal, (object) => planeDecisionOfLiteral(object, sinks, helpers), sinks);
  if (answer) return answer;
  // `const uiMeta = (uri) => c ? { _meta: { ui: { resourceUri: uri } } } : {}`: goes where its calls are spread.
  const fragment = planeOfReturnedFragment(literal, (object) => planeDecisionOfLiteral(object, sinks, helpers), sinks);
  if (fragment) return fragment;
  const shaped = planeOfShape(literal);
  if (shaped) return { plane: shaped, evidence: 'shape' };
  for (const property of literal.properties) {
    if (property.type !== 'SpreadElement') continue;
    const spread = unwrap(property.argument);
    if (spread.type === 'Identifier') {
      const declared = planeOfVariable(spread, sinks);
      if (declared) return declared;
      if (isSeenLiteral(spread)) continue;
    }
    const segments = referenceSegments(spread);
    if (segments.length > 0 && RESULT_NAME.test(segments[segments.length - 1])) return { plane: 'result', evidence: 'name' };
  }
  // A JSON-RPC request's `params: { …, _meta }`, or a copy of inbound params (`{ ...params, _meta }`): the request.
  if (isValueOfProperty(literal, 'params') || rewrapsInbound(literal)) return { plane: 'request', evidence: 'name' };
  return null;
}
