/**
 * The plane of an object a same-file helper returns for its callers to spread: nutrition-mcp's `const uiMeta = (uri)
 * => widgetsEnabled ? { _meta: { ui: { resourceUri: uri } } } : {}`, spread into six `registerTool(name, { title, …,
 * ...uiMeta(uri) }, cb)` configs. The returned literal's `_meta` is the `_meta` of each object a call is spread into,
 * as a literal spread under a condition is its host's (`conditionalSpreadHost`). It is placed only when every use of
 * the helper is such a call and each object goes where the flow places it (a registration's config, a tool callback's
 * return: evidence `sink`, or `manifest` for a team's), all on one plane. A helper other modules may call (exported),
 * one used any other way, or calls that disagree place nothing: where the write goes is then not known here.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { passesValueOn, returnedFrom } from '../syntax/ast';
import { callsOfLocalFunction } from '../syntax/bindings';
import { conditionalSpreadHost } from '../sites/literal-host';
import type { PlaneDecision } from '../planes';
import type { TeamSinks } from './team-sinks';
import { planeMemoPerFunction } from './of-meta-value';

type Node = TSESTree.Node;

/** A call of the helper and the spread that puts what it returns into an object literal. */
export interface SpreadCall {
  readonly call: TSESTree.CallExpression;
  readonly spread: TSESTree.SpreadElement;
}

/**
 * The same-file helper that returns `literal` (directly, as a branch of `?:` or a side of `&&`, `||`, `??`, awaited
 * or type-asserted) and each of its calls with the spread it is given to (`{ ...uiMeta(uri) }`, `{ ...(await f()) }`,
 * `{ ...(c ? f() : {}) }`); null when `literal` is no such helper's, or some use of the helper is not a call spread
 * into an object literal.
 */
export function spreadCallsOfHelper(
  literal: TSESTree.ObjectExpression,
): { fn: TSESTree.FunctionLike; calls: readonly SpreadCall[] } | null {
  const returned = returnedFrom(literal);
  const calls = returned ? callsOfLocalFunction(returned.fn) : null;
  if (!returned || !calls || calls.length === 0) return null;
  const spreadCalls: SpreadCall[] = [];
  for (const call of calls) {
    const spread = spreadOf(call);
    if (!spread) return null;
    spreadCalls.push({ call, spread });
  }
  return { fn: returned.fn, calls: spreadCalls };
}

/** The spread element whose value `call`'s value is (through `?:` branches, `&&`/`||`/`??`, `await`), or null. */
function spreadOf(call: TSESTree.CallExpression): TSESTree.SpreadElement | null {
  let value: Node = call;
  while (value.parent && passesValueOn(value.parent, value)) value = value.parent;
  const parent = value.parent;
  return parent?.type === 'SpreadElement' && parent.parent?.type === 'ObjectExpression' ? parent : null;
}

/** Each helper's answer (a helper whose calls are spread into what it returns ends there). */
const planeOfHelper = planeMemoPerFunction();

/**
 * The plane of the `_meta` of `literal`, a helper's returned fragment, from the objects its calls are spread into
 * (`placeObject`: the plane of an object literal, the caller's `planeDecisionOfLiteral`), or null (see the module).
 */
export function planeOfReturnedFragment(
  literal: TSESTree.ObjectExpression,
  placeObject: (object: TSESTree.ObjectExpression) => PlaneDecision | null,
  sinks: TeamSinks,
): PlaneDecision | null {
  const helper = spreadCallsOfHelper(literal);
  if (!helper) return null;
  return planeOfHelper(helper.fn, sinks, () => {
    let agreed: PlaneDecision | null = null;
    for (const { spread } of helper.calls) {
      const object = spread.parent as TSESTree.ObjectExpression;
      const decision = placeObject(conditionalSpreadHost(object) ?? object);
      const flows = decision !== null && (decision.evidence === 'sink' || decision.evidence === 'manifest');
      if (!flows || (agreed !== null && (agreed.plane !== decision.plane || agreed.evidence !== decision.evidence))) {
        agreed = null;
        break;
      }
      agreed = decision;
    }
    return agreed;
  });
}
