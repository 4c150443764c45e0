/**
 * The plane of the `_meta` a callback answers with when a same-file wrapper builds the tool result from that answer.
 * dynatrace-mcp's `wrapToolCallback(name, cb)` returns the tool callback: it awaits `cb(args)`, reads `response._meta`
 * (through `const _meta = typeof response === 'string' ? undefined : response._meta`) and writes it into the
 * `CallToolResult` it returns (`result._meta = _meta`). So `wrapToolCallback('execute_dql', async () => ({ text, _meta:
 * { records } }))` writes the tool result's `_meta`, though its literal is no tool result's shape and its callback is
 * registered by no call the flow knows.
 *
 * Narrow and syntactic: the callback is an argument of a call of a same-file function (`functionBoundTo`); that
 * function calls the parameter the callback is given as; the call's answer (awaited, or held in a variable) is read for
 * its `_meta` (`response._meta`, `(await cb(a))._meta`); that read becomes a `_meta` (directly, as a branch of `?:` or a
 * side of `??`/`||`/`&&`, or through a variable holding it) that is placed on the tool-result plane, and no such `_meta`
 * on another plane. The answer's `_meta` placed nowhere else places nothing: where the write goes is then not shown.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import {
  forEachChildNode,
  memberPropertyName,
  outsideTypeWrappers,
  parameterName,
  passesValueOn,
  returnedFrom,
  unwrap,
} from '../syntax/ast';
import { functionBoundTo, parameterReference, readsOfVariable } from '../syntax/bindings';
import type { PlaneDecision } from '../planes';
import { placementOfMetaValue, planeMemoPerFunction } from './of-meta-value';
import type { TeamSinks } from './team-sinks';

type Node = TSESTree.Node;

/** The same-file function a callback is given to, and the position of the parameter that receives it. */
interface WrappedParameter {
  readonly wrapper: TSESTree.FunctionLike;
  readonly index: number;
}

/** Each callback's answer (a wrapper whose result is placed through the callback ends there). */
const planeOfCallback = planeMemoPerFunction();

/**
 * The plane of the `_meta` of `literal`, an object a callback returns, from where the wrapper it is given to puts the
 * answer's `_meta` (`placeLiteral`: the plane of an object literal, the caller's `planeDecisionOfLiteral`), or null
 * (see the module).
 */
export function planeOfWrappedAnswer(
  literal: TSESTree.ObjectExpression,
  placeLiteral: (object: TSESTree.ObjectExpression) => PlaneDecision | null,
  sinks: TeamSinks,
): PlaneDecision | null {
  const callback = returnedFrom(literal)?.fn;
  const wrapped = callback ? wrappedParameterOf(callback) : null;
  if (!callback || !wrapped) return null;
  return planeOfCallback(callback, sinks, () => {
    const placements = answerMetaReads(wrapped)
      .flatMap(metaValuesOf)
      .map((value) => placementOfMetaValue(value, placeLiteral, sinks))
      .filter((decision): decision is PlaneDecision => decision !== null && decision.plane !== 'unknown');
    const [first] = placements;
    return first && placements.every((placed) => placed.plane === 'result') ? first : null;
  });
}

/**
 * `wrap('name', callback)`: the same-file function `callback` is an argument of, and the index of its parameter that
 * receives it (a plain name, no argument spread before it); null for any other use.
 */
function wrappedParameterOf(callback: TSESTree.FunctionLike): WrappedParameter | null {
  const argument = outsideTypeWrappers(callback);
  const call = argument.parent;
  if (call?.type !== 'CallExpression') return null;
  const index = call.arguments.indexOf(argument as TSESTree.CallExpressionArgument);
  const callee = unwrap(call.callee);
  if (index < 0 || callee.type !== 'Identifier') return null;
  if (call.arguments.slice(0, index).some((earlier) => earlier.type === 'SpreadElement')) return null;
  const wrapper = functionBoundTo(callee);
  const param = wrapper?.params[index];
  if (!wrapper || !param || param.type === 'RestElement' || parameterName(param) === null) return null;
  return { wrapper, index };
}

/**
 * The reads of the answer's `_meta` in the wrapper: each call of the parameter (`cb(args)`), awaited or not, read
 * directly (`(await cb(args))._meta`) or through the variable holding it (`const response = await cb(args); …
 * response._meta`, also `response?._meta`).
 */
function answerMetaReads({ wrapper, index }: WrappedParameter): TSESTree.MemberExpression[] {
  const reads: TSESTree.MemberExpression[] = [];
  for (const call of callsOfParameter(wrapper, index)) {
    const answer = valueOutside(call);
    const parent = answer.parent;
    const direct = metaReadOf(answer);
    if (direct) reads.push(direct);
    else if (parent?.type === 'VariableDeclarator' && parent.init === answer) {
      for (const use of readsOfVariable(parent)) {
        const read = metaReadOf(use);
        if (read) reads.push(read);
      }
    }
  }
  return reads;
}

/** The calls in `wrapper` of its parameter at `index` (`cb(args)`), not of another binding of the same name. */
function callsOfParameter(wrapper: TSESTree.FunctionLike, index: number): TSESTree.CallExpression[] {
  const calls: TSESTree.CallExpression[] = [];
  const visit = (node: Node): void => {
    if (node.type === 'CallExpression') {
      const callee = unwrap(node.callee);
      const reference = callee.type === 'Identifier' ? parameterReference(callee, wrapper) : null;
      if (reference?.index === index && reference.path.length === 0) calls.push(node);
    }
    forEachChildNode(node, visit);
  };
  if (wrapper.body) visit(wrapper.body);
  return calls;
}

/** `object._meta` (or `object?._meta`) read on `object`, or null. */
function metaReadOf(object: Node): TSESTree.MemberExpression | null {
  const parent = object.parent;
  return parent?.type === 'MemberExpression' && parent.object === object && memberPropertyName(parent) === '_meta' ? parent : null;
}

/**
 * The values the read `_meta` is given as: the read itself with the expression it is the value of (a branch of `?:`,
 * a side of `??`, awaited or type-asserted), or each read of the variable it is held in (`const _meta = … ?
 * undefined : response._meta`).
 */
function metaValuesOf(read: TSESTree.MemberExpression): Node[] {
  const value = valueOutside(read);
  const parent = value.parent;
  if (parent?.type === 'VariableDeclarator' && parent.init === value) return readsOfVariable(parent);
  return [value];
}

/** The outermost expression whose value `node`'s is (`?:` branches, `&&`/`||`/`??`, `await`, type wrappers, `?.`). */
function valueOutside(node: Node): Node {
  let value = node;
  while (value.parent && (passesValueOn(value.parent, value) || value.parent.type === 'ChainExpression')) value = value.parent;
  return value;
}
