/**
 * A `_meta` built in a local `const` before it is used: `const meta = { … }; if (c) meta['k'] = v;` then `return meta`
 * from a helper, or `item._meta = meta` in place. The member assignments to that `const` made in its function's own
 * body before the use add keys the object holds there (under a condition they are still keys it may hold), as the
 * literal's own properties are.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { collectInSameFunction, containsNode, enclosingFunction, rootOf, unwrap } from '../syntax/ast';
import { findBinding } from '../syntax/bindings';

type Node = TSESTree.Node;

/** The `const` declarator whose initializer is `literal` (through TypeScript wrappers), or null. */
function declaratorOf(literal: TSESTree.ObjectExpression): TSESTree.VariableDeclarator | null {
  let node: Node = literal;
  while (node.parent && unwrap(node.parent) === literal) node = node.parent;
  const declarator = node.parent;
  if (declarator?.type !== 'VariableDeclarator' || declarator.init !== node || declarator.id.type !== 'Identifier') return null;
  return declarator.parent.kind === 'const' ? declarator : null;
}

/**
 * `meta['k'] = v` and `meta.k = v` in `body` (not in a nested function) before the offset `before`, where `meta` is
 * the `const` `declarator` names.
 */
function assignmentsBefore(declarator: TSESTree.VariableDeclarator, body: Node, before: number): TSESTree.MemberExpression[] {
  const name = (declarator.id as TSESTree.Identifier).name;
  const assignments = collectInSameFunction(
    body,
    (node): node is TSESTree.AssignmentExpression =>
      node.type === 'AssignmentExpression' &&
      node.operator === '=' &&
      node.left.type === 'MemberExpression' &&
      node.left.object.type === 'Identifier' &&
      node.left.object.name === name &&
      node.range[0] < before,
  );
  return assignments
    .map((assignment) => assignment.left as TSESTree.MemberExpression)
    .filter((member) => {
      const binding = findBinding(name, member.object);
      return binding?.kind === 'variable' && binding.declarator === declarator;
    });
}

/**
 * `meta['k'] = v` and `meta.k = v` in `fn`'s own body (not in a nested function) before its last `return`, where
 * `meta` is the `const` initialised with `literal` (a literal `fn` returns through that `const`). Empty otherwise.
 */
export function assignmentsToReturnedLocal(fn: TSESTree.FunctionLike, literal: TSESTree.ObjectExpression): TSESTree.MemberExpression[] {
  const declarator = declaratorOf(literal);
  const body = fn.body;
  if (!declarator || body?.type !== 'BlockStatement') return [];
  if (declarator.range[0] < body.range[0] || declarator.range[1] > body.range[1]) return [];
  const returns = collectInSameFunction(body, (node): node is TSESTree.ReturnStatement => node.type === 'ReturnStatement');
  return assignmentsBefore(declarator, body, Math.max(...returns.map((statement) => statement.range[0])));
}

/**
 * `meta['k'] = v` and `meta.k = v` before `read` (the `const` read where its object is given as `_meta`:
 * `item._meta = meta`), in the own body of the function that declares the `const` initialised with `literal` (or the
 * top level). Empty for a literal no `const` holds.
 */
export function assignmentsBeforeRead(literal: TSESTree.ObjectExpression, read: Node): TSESTree.MemberExpression[] {
  const declarator = declaratorOf(literal);
  if (!declarator) return [];
  const body = enclosingFunction(declarator)?.body ?? rootOf(declarator);
  return containsNode(body, read) ? assignmentsBefore(declarator, body, read.range[0]) : [];
}
