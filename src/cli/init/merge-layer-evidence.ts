/**
 * Whether a write is the spec's dispatch shape: "The dispatch layer merges per top-level key" from the keys it
 * collected (rule 1), handler keys first, then the hook's fragment (rule 4). `init` proposes a file as a merge layer
 * only on that evidence, because `mergeLayer` licenses replacing `_meta`: a framework wrapper that spreads a result,
 * or re-wraps one with `{ ...result, _meta: { ...result._meta, k } }`, is a producer of the keys it adds, not a
 * merge layer.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, isLoop, memberPropertyName, unwrap, walkAll } from '../../analysis/syntax/ast';
import { findBinding } from '../../analysis/syntax/bindings';
import type { MetaWrite } from '../../analysis/types';
import { callsEachItem } from '../../analysis/value/producer-list';
import { isAssemblyFromCollected } from '../../analysis/value/write-kinds';

type Node = TSESTree.Node;

const MAX_DEPTH = 6;

/**
 * True when `write` assembles `_meta` from spreads only (`out._meta = { ...collected }`, `{ ...out._meta, ...added }`)
 * and at least one spread holds collected keys: a map filled one key at a time under keys it does not know
 * (`collected[key] = value`, `collected.set(key, value)`) or with the fragments of producers in a loop
 * (`Object.assign(collected, await produce(result))`, `collected = { ...collected, ...fragment }`: producers imported
 * from other modules, plugins; `await Promise.all(producers.map((p) => p(result)))`), or a fragment a manifest hook returned (`await metaHook(…)`),
 * directly or through `const`s and `Object.fromEntries(Object.entries(x).filter(…))`.
 */
export function assemblesCollectedKeys(write: MetaWrite, hooks: ReadonlySet<string>): boolean {
  if (!isAssemblyFromCollected(write)) return false;
  return write.spreads.some((source) => holdsCollectedKeys(source, hooks, 0));
}

function holdsCollectedKeys(expression: Node, hooks: ReadonlySet<string>, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  const inner = unwrap(expression);
  switch (inner.type) {
    case 'AwaitExpression':
      return holdsCollectedKeys(inner.argument, hooks, depth + 1);
    case 'ChainExpression':
      return holdsCollectedKeys(inner.expression, hooks, depth + 1);
    case 'LogicalExpression':
      return holdsCollectedKeys(inner.left, hooks, depth + 1) || holdsCollectedKeys(inner.right, hooks, depth + 1);
    case 'ConditionalExpression':
      return holdsCollectedKeys(inner.consequent, hooks, depth + 1) || holdsCollectedKeys(inner.alternate, hooks, depth + 1);
    case 'CallExpression':
      return callHoldsCollectedKeys(inner, hooks, depth);
    case 'Identifier':
      return identifierHoldsCollectedKeys(inner, hooks, depth);
    default:
      return false;
  }
}

function callHoldsCollectedKeys(call: TSESTree.CallExpression, hooks: ReadonlySet<string>, depth: number): boolean {
  const name = calleeName(call);
  if (name !== null && hooks.has(name)) return true;
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression') return false;
  const method = memberPropertyName(callee);
  // `Object.fromEntries(x)`, `Object.entries(x)`, `Object.assign({}, x)`: the keys of x.
  if (callee.object.type === 'Identifier' && callee.object.name === 'Object') {
    if (method === 'fromEntries' || method === 'entries' || method === 'assign')
      return call.arguments.some((argument) => argument.type !== 'SpreadElement' && holdsCollectedKeys(argument, hooks, depth + 1));
    return false;
  }
  // `Promise.all(producers.map((p) => p(result)))`: the fragments of a list of producers, each called in turn.
  if (isName(callee.object, 'Promise') && method === 'all') {
    const [list] = call.arguments;
    return list !== undefined && list.type !== 'SpreadElement' && holdsCollectedKeys(list, hooks, depth + 1);
  }
  if (method === 'map' && callsEachItem(call.arguments[0])) return true;
  // `Object.entries(fragment).filter(…)`, `.map(…)`: the same entries.
  if (method === 'filter' || method === 'map' || method === 'slice') return holdsCollectedKeys(callee.object, hooks, depth + 1);
  return false;
}

function identifierHoldsCollectedKeys(identifier: TSESTree.Identifier, hooks: ReadonlySet<string>, depth: number): boolean {
  const binding = findBinding(identifier.name, identifier);
  if (binding?.kind !== 'variable') return false;
  const { declarator } = binding;
  const init = declarator.init === null ? null : unwrap(declarator.init);
  if (init !== null && init.type !== 'ObjectExpression' && init.type !== 'NewExpression' && holdsCollectedKeys(init, hooks, depth + 1))
    return true;
  // A map filled under keys this code does not know: `collected[key] = value`, `collected.set(key, value)`.
  const scope = declarator.parent?.parent;
  if (scope === undefined) return false;
  let filled = false;
  walkAll(scope, (node) => {
    if (filled) return;
    if (node.type === 'AssignmentExpression') {
      const left = unwrap(node.left);
      filled = left.type === 'MemberExpression' && left.computed && isName(left.object, identifier.name) && !isStaticKey(left.property);
      // Fragments of several producers merged in a loop: `collected = { ...collected, ...(await produce(result)) }`.
      filled ||=
        isName(left, identifier.name) && node.operator === '=' && inLoop(node, scope) && spreadsFragment(node.right, identifier.name);
    } else if (node.type === 'CallExpression') {
      const callee = unwrap(node.callee);
      filled =
        callee.type === 'MemberExpression' &&
        memberPropertyName(callee) === 'set' &&
        isName(callee.object, identifier.name) &&
        node.arguments.length === 2 &&
        !isStaticKey(node.arguments[0]);
      // `Object.assign(collected, await produce(result))` in a loop over producers (imported modules, plugins): their
      // keys, unknown here, collected into one map. One known fragment outside a loop is a producer's, not this.
      filled ||=
        isObjectAssign(node) &&
        isName(node.arguments[0], identifier.name) &&
        inLoop(node, scope) &&
        node.arguments.slice(1).some((source) => source.type !== 'SpreadElement' && isFragment(source));
    }
  });
  return filled;
}

function isObjectAssign(call: TSESTree.CallExpression): boolean {
  const callee = unwrap(call.callee);
  return callee.type === 'MemberExpression' && isName(callee.object, 'Object') && memberPropertyName(callee) === 'assign';
}

/** A value whose keys this code does not write itself: anything but an object literal (a call's result, a variable). */
function isFragment(node: Node): boolean {
  const inner = unwrap(node);
  return inner.type !== 'ObjectExpression' && inner.type !== 'Literal' && inner.type !== 'TemplateLiteral';
}

/** `{ ...name, ...fragment }`: the map so far, then a fragment from elsewhere. */
function spreadsFragment(value: Node, name: string): boolean {
  const inner = unwrap(value);
  if (inner.type !== 'ObjectExpression') return false;
  const spreads = inner.properties.filter((property) => property.type === 'SpreadElement');
  return (
    spreads.length === inner.properties.length &&
    spreads.some((spread) => isName(spread.argument, name)) &&
    spreads.some((spread) => !isName(spread.argument, name) && isFragment(spread.argument))
  );
}

/** Whether `node` runs once per item: inside a loop statement, or a `forEach`/`map` callback, below `scope`. */
function inLoop(node: Node, scope: Node): boolean {
  for (let current = node.parent; current !== undefined && current !== scope; current = current.parent) {
    if (isLoop(current)) return true;
    const call = current.parent;
    if (
      (current.type === 'ArrowFunctionExpression' || current.type === 'FunctionExpression') &&
      call?.type === 'CallExpression' &&
      call.arguments.includes(current) &&
      unwrap(call.callee).type === 'MemberExpression' &&
      ['forEach', 'map'].includes(memberPropertyName(unwrap(call.callee) as TSESTree.MemberExpression) ?? '')
    )
      return true;
  }
  return false;
}

function isName(node: Node, name: string): boolean {
  const inner = unwrap(node);
  return inner.type === 'Identifier' && inner.name === name;
}

function isStaticKey(node: Node): boolean {
  const inner = unwrap(node);
  return inner.type === 'Literal' || (inner.type === 'TemplateLiteral' && inner.expressions.length === 0);
}
