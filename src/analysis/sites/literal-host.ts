import type { TSESTree } from '@typescript-eslint/utils';

type Node = TSESTree.Node;

/**
 * The object literal a literal is conditionally spread into (`{ ...r, ...(cond && { _meta }) }`,
 * `...(cond ? { _meta } : {})`), or null: the inner literal's `_meta` is the outer object's.
 */
export function conditionalSpreadHost(literal: TSESTree.ObjectExpression): TSESTree.ObjectExpression | null {
  let node: Node = literal;
  let parent = node.parent;
  while (parent && (parent.type === 'LogicalExpression' || parent.type === 'ConditionalExpression')) {
    if (parent.type === 'ConditionalExpression' && parent.test === node) return null;
    if (parent.type === 'LogicalExpression' && parent.left === node && parent.operator === '&&') return null;
    node = parent;
    parent = node.parent;
  }
  if (node === literal || parent?.type !== 'SpreadElement') return null;
  const host = parent.parent;
  return host?.type === 'ObjectExpression' ? host : null;
}
