/**
 * The plane of a manifest hook function's fragment (`hookFunctions`: functions whose returned object is a `_meta`
 * fragment). The manifest promises a fragment, not whose `_meta` it is: where this file's calls of the function put it
 * decides, by the same rules as any other write (`registerTool(n, { _meta: getToolMeta() }, cb)` is a tool
 * descriptor's). The tool result, on the manifest's word, when no call says otherwise with more than a name, or
 * when the calls disagree.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { isObjectAssign, metaOwner } from '../syntax/meta-syntax';
import { MANIFEST_RESULT, type PlaneDecision } from '../planes';
import { outsideTypeWrappers } from '../syntax/ast';
import { planeDecisionOfLiteral } from './of-literal';
import { planeDecisionOfOwner } from './of-owner';
import { placementOfMetaValue } from './of-meta-value';
import type { TeamSinks } from './team-sinks';

type Node = TSESTree.Node;

export function planeOfHookFragment(calls: readonly TSESTree.CallExpression[], sinks: TeamSinks): PlaneDecision {
  const placed = calls
    .map((call) => placementOfCall(call, sinks))
    .filter((decision): decision is PlaneDecision => decision !== null && saysMore(decision));
  const [first] = placed;
  if (!first || first.plane === 'result' || placed.some((decision) => decision.plane !== first.plane)) return MANIFEST_RESULT;
  return first;
}

/** Evidence that outweighs the manifest's default: anything but the name fallback or nothing at all. */
function saysMore(decision: PlaneDecision): boolean {
  return decision.evidence !== 'name' && decision.evidence !== 'none';
}

/**
 * The plane of the `_meta` a call's value becomes: `{ _meta: f() }`, `{ _meta: { ...f() } }`, `x._meta = f()`,
 * `x._meta = { ...f() }`, `Object.assign(x._meta, f())` (through `await` and type wrappers); null elsewhere.
 */
function placementOfCall(call: TSESTree.CallExpression, sinks: TeamSinks): PlaneDecision | null {
  const placeLiteral = (literal: TSESTree.ObjectExpression): PlaneDecision | null => planeDecisionOfLiteral(literal, sinks);
  let value: Node = outsideTypeWrappers(call);
  if (value.parent?.type === 'AwaitExpression') value = outsideTypeWrappers(value.parent);
  const parent = value.parent;
  if (parent?.type === 'SpreadElement' && parent.parent?.type === 'ObjectExpression')
    return placementOfMetaValue(parent.parent, placeLiteral, sinks);
  if (parent?.type === 'CallExpression' && isObjectAssign(parent) && parent.arguments.indexOf(value as TSESTree.Expression) > 0) {
    const owner = metaOwner(parent.arguments[0]);
    return owner ? planeDecisionOfOwner(owner, sinks) : null;
  }
  return placementOfMetaValue(value, placeLiteral, sinks);
}
