/**
 * A dispatch that runs a list of producers and merges their fragments:
 * `const fragments = await Promise.all(producers.map((p) => p(result))); result._meta = Object.assign({}, result._meta,
 * ...fragments);`. When `producers` is a `const` array, its items say which functions build those fragments: a
 * function named in it (`cacheMeta`), or the call an item's arrow makes (`(r) => cacheMeta(r)`).
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { memberPropertyName, returnedValues, unwrap } from '../syntax/ast';
import { constInitializer } from '../syntax/bindings';

type Node = TSESTree.Node;

/**
 * One item of a producer list (`at`) and the function that builds its fragment (`helper`): the function it names, or
 * the one an inline producer calls (`(r) => cacheMeta(r)`). Reports about its keys go to the item, which computes
 * nothing where the list is merged (the producers run where the list is mapped).
 */
export interface ProducerItem {
  readonly at: TSESTree.Node;
  readonly helper: TSESTree.Identifier;
}

/**
 * `(p) => p(result)`, `async (p) => await p.produce(result)`: a `map` callback that calls each item, so the list is
 * one of producers (imported modules, plugins) and what it maps to is their fragments.
 */
export function callsEachItem(callback: Node | undefined): boolean {
  if (callback?.type !== 'ArrowFunctionExpression' && callback?.type !== 'FunctionExpression') return false;
  const [item] = callback.params;
  if (item?.type !== 'Identifier') return false;
  return returnedValues(callback).some((expression) => {
    const call = withoutAwait(expression);
    if (call.type !== 'CallExpression') return false;
    const callee = unwrap(call.callee);
    return isName(callee, item.name) || (callee.type === 'MemberExpression' && isName(callee.object, item.name));
  });
}

/**
 * The items of the producer list whose fragments `expression` holds (`fragments` above, through `const`s, `await`
 * and `Promise.all`); null when it is not such a list or the list is not a `const` array literal.
 */
export function producerItems(expression: Node, depth = 0): ProducerItem[] | null {
  if (depth > 4) return null;
  const inner = withoutAwait(expression);
  if (inner.type === 'Identifier') {
    const init = constInitializer(inner);
    return init ? producerItems(init, depth + 1) : null;
  }
  if (inner.type !== 'CallExpression') return null;
  const callee = unwrap(inner.callee);
  if (callee.type !== 'MemberExpression') return null;
  const method = memberPropertyName(callee);
  const [first] = inner.arguments;
  if (isName(callee.object, 'Promise') && method === 'all')
    return first && first.type !== 'SpreadElement' ? producerItems(first, depth + 1) : null;
  if (method !== 'map' || !callsEachItem(first)) return null;
  const list = withoutAwait(callee.object);
  const array = list.type === 'Identifier' ? constInitializer(list) : null;
  const items = array ? unwrap(array) : null;
  if (items?.type !== 'ArrayExpression') return null;
  return items.elements.flatMap((element): ProducerItem[] => {
    const item = element === null || element.type === 'SpreadElement' ? null : unwrap(element);
    if (item?.type === 'Identifier') return [{ at: item, helper: item }];
    if (item?.type !== 'ArrowFunctionExpression' && item?.type !== 'FunctionExpression') return [];
    return returnedValues(item).flatMap((value): ProducerItem[] => {
      const call = withoutAwait(value);
      const callee = call.type === 'CallExpression' ? unwrap(call.callee) : null;
      return callee?.type === 'Identifier' ? [{ at: item, helper: callee }] : [];
    });
  });
}

function withoutAwait(node: Node): Node {
  const inner = unwrap(node);
  return inner.type === 'AwaitExpression' ? unwrap(inner.argument) : inner;
}

function isName(node: Node, name: string): boolean {
  const inner = unwrap(node);
  return inner.type === 'Identifier' && inner.name === name;
}
