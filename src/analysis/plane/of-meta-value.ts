/**
 * The plane of the `_meta` a value becomes: `{ _meta: value }` (also `{ _meta }`) or `x._meta = value`, by the same
 * rules as any other write. Asked by the placements that follow a value to where it is written (a hook function's
 * fragment, a wrapped tool callback's answer); the plane of an object literal is the caller's to give
 * (`planeDecisionOfLiteral`, passed in: it asks these placements in turn). Also the memo those flow rules keep per
 * function (`planeMemoPerFunction`).
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { outsideTypeWrappers, unwrap } from '../syntax/ast';
import { findMetaProperty, metaOwner } from '../syntax/meta-syntax';
import type { PlaneDecision } from '../planes';
import { conditionalSpreadHost } from '../sites/literal-host';
import { planeDecisionOfOwner } from './of-owner';
import type { TeamSinks } from './team-sinks';

/** The plane of the `_meta` whose value `value` is: a literal's `_meta` property, or the right side of `x._meta = …`. */
export function placementOfMetaValue(
  value: TSESTree.Node,
  placeLiteral: (literal: TSESTree.ObjectExpression) => PlaneDecision | null,
  sinks: TeamSinks,
): PlaneDecision | null {
  const outer = outsideTypeWrappers(value);
  const parent = outer.parent;
  if (parent?.type === 'Property' && parent.value === outer && parent.parent?.type === 'ObjectExpression') {
    const literal = parent.parent;
    if (findMetaProperty(literal) !== parent) return null;
    return placeLiteral(conditionalSpreadHost(literal) ?? literal);
  }
  if (parent?.type === 'AssignmentExpression' && parent.right === outer) {
    const owner = metaOwner(unwrap(parent.left));
    return owner ? planeDecisionOfOwner(owner, sinks) : null;
  }
  return null;
}

/**
 * A flow rule's answer per function (a helper whose calls are spread somewhere, a callback a wrapper is given), kept
 * with the team sinks it was worked out under (every literal the function returns gets the same one). Null while it is
 * worked out: a flow that leads back into the same function ends there.
 */
export function planeMemoPerFunction(): (
  fn: TSESTree.FunctionLike,
  sinks: TeamSinks,
  decide: () => PlaneDecision | null,
) => PlaneDecision | null {
  const memo = new WeakMap<TSESTree.FunctionLike, { readonly sinks: TeamSinks; readonly decision: PlaneDecision | null }>();
  return (fn, sinks, decide) => {
    const known = memo.get(fn);
    if (known !== undefined && known.sinks === sinks) return known.decision;
    memo.set(fn, { sinks, decision: null });
    const decision = decide();
    memo.set(fn, { sinks, decision });
    return decision;
  };
}
