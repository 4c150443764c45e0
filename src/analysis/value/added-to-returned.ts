/**
 * A `_meta` built in a local `const` before it is used: `const meta = { … }; if (c) meta['k'] = v;` then `return meta`
 * from a helper, or `item._meta = meta` in place. The member assignments to that `const` made in its function's own
 * body before the use add keys the object holds there (under a condition they are still keys it may hold), as the
 * literal's own properties are; not one rewritten only where the object already holds it (`rewritesHeldKey`).
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { collectInSameFunction, containsNode, enclosingFunction, memberPropertyName, rootOf, unwrap, walkAll } from '../syntax/ast';
import { constInitializer, findBinding } from '../syntax/bindings';

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
      return binding?.kind === 'variable' && binding.declarator === declarator && !rewritesHeldKey(member, name);
    });
}

/**
 * Whether the assignment to `member` (`meta['k'] = v`) only rewrites a key the object already holds: it runs under a
 * test that holds only where the object has that key (`if (meta['k'])`, not `if (!meta['k'])`, which sets it where it
 * is missing) and its value is made from it (`prefixUri(prefix, meta['k'])`, or through a
 * `const` alias of it: `const ui = meta.ui; if (ui?.resourceUri) meta.ui = { ...ui, resourceUri: … }`). ext-apps'
 * aggregator rewrites the URIs of the keys an upstream's `_meta` carries so, in one helper for its tools and its
 * resources: the key is there only where the upstream put it, so it is carried over, not written here.
 */
function rewritesHeldKey(member: TSESTree.MemberExpression, object: string): boolean {
  const key = memberPropertyName(member);
  if (key === null) return false;
  const assignment = member.parent as TSESTree.AssignmentExpression;
  const test = guardingTest(assignment);
  return test !== null && assertsHeldKey(test, object, key) && readsHeldKey(assignment.right, object, key);
}

/** The test of the `if` whose consequent is the statement of `assignment` (alone, or in its block); else null. */
function guardingTest(assignment: TSESTree.AssignmentExpression): TSESTree.Expression | null {
  const statement = assignment.parent;
  if (statement?.type !== 'ExpressionStatement') return null;
  const consequent = statement.parent?.type === 'BlockStatement' ? statement.parent : statement;
  const branch = consequent.parent;
  return branch?.type === 'IfStatement' && branch.consequent === consequent ? branch.test : null;
}

/**
 * Whether `test` is true only where the object holds `key`: a read of the key or of a field under it (`meta['k']`,
 * `ui?.resourceUri` with `const ui = meta.ui`), alone or joined by `&&`. A negated read (`!ui?.resourceUri`) is true
 * where the key is missing: the assignment under it writes the key.
 */
function assertsHeldKey(test: Node, object: string, key: string): boolean {
  const inner = unwrap(test) as Node;
  if (inner.type === 'LogicalExpression' && inner.operator === '&&')
    return assertsHeldKey(inner.left, object, key) || assertsHeldKey(inner.right, object, key);
  let read: Node = inner;
  while (!isHeldKeyRead(read, object, key)) {
    if (read.type !== 'MemberExpression') return false;
    read = unwrap(read.object) as Node;
  }
  return true;
}

/** Whether `node` reads the key `key` of `object` (`object.key`, `object['key']`), or a `const` holding that read. */
function readsHeldKey(node: Node, object: string, key: string): boolean {
  let reads = false;
  walkAll(node, (candidate) => {
    if (!reads) reads = isHeldKeyRead(candidate, object, key);
  });
  return reads;
}

/** Whether `node` is the read `object.key` (`object['key']`), or a name (not `object`) whose `const` holds that read. */
function isHeldKeyRead(node: Node, object: string, key: string): boolean {
  const isKeyOfObject = (candidate: Node | null): boolean => {
    const inner = candidate ? (unwrap(candidate) as Node) : null;
    if (inner?.type !== 'MemberExpression') return false;
    const owner = unwrap(inner.object) as Node;
    return owner.type === 'Identifier' && owner.name === object && memberPropertyName(inner) === key;
  };
  return isKeyOfObject(node) || (node.type === 'Identifier' && node.name !== object && isKeyOfObject(constInitializer(node)));
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
