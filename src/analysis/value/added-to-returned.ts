/**
 * A helper that builds its `_meta` in a local before returning it: `const meta = { … }; if (c) meta['k'] = v;
 * return meta;`. The member assignments to that `const` made in the helper's own body before a `return` add keys the
 * helper builds (under a condition they are still keys it may build), as the returned literal's own properties are.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { collectInSameFunction, unwrap } from '../syntax/ast';
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
 * `meta['k'] = v` and `meta.k = v` in `fn`'s own body (not in a nested function) before its last `return`, where
 * `meta` is the `const` initialised with `literal` (a literal `fn` returns through that `const`). Empty otherwise.
 */
export function assignmentsToReturnedLocal(fn: TSESTree.FunctionLike, literal: TSESTree.ObjectExpression): TSESTree.MemberExpression[] {
  const declarator = declaratorOf(literal);
  const body = fn.body;
  if (!declarator || body?.type !== 'BlockStatement') return [];
  if (declarator.range[0] < body.range[0] || declarator.range[1] > body.range[1]) return [];
  const returns = collectInSameFunction(body, (node): node is TSESTree.ReturnStatement => node.type === 'ReturnStatement');
  const lastReturn = Math.max(...returns.map((statement) => statement.range[0]));
  const name = (declarator.id as TSESTree.Identifier).name;
  const assignments = collectInSameFunction(
    body,
    (node): node is TSESTree.AssignmentExpression =>
      node.type === 'AssignmentExpression' &&
      node.operator === '=' &&
      node.left.type === 'MemberExpression' &&
      node.left.object.type === 'Identifier' &&
      node.left.object.name === name &&
      node.range[0] < lastReturn,
  );
  return assignments
    .map((assignment) => assignment.left as TSESTree.MemberExpression)
    .filter((member) => {
      const binding = findBinding(name, member.object);
      return binding?.kind === 'variable' && binding.declarator === declarator;
    });
}
