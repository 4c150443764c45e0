/**
 * Whether a write only creates `_meta` rather than replacing one: it runs only while `_meta` is absent (the branch of
 * an absence test), it assigns under such a test or through `??=` / `||=`, or it gives `_meta` to an object its own
 * function just built. A write that only creates drops nobody's keys (MCP _meta rule 1).
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { isFunctionNode, isLoop, memberPropertyName, propertyKeyName, someInSameFunction, unwrap } from '../syntax/ast';
import { findBinding } from '../syntax/bindings';
import { aliasedMeta, isMetaOf, metaOwner } from '../syntax/meta-syntax';

type Node = TSESTree.Node;
type Expression = TSESTree.Expression;

/** `x._meta`, or an alias of it (`aliasedMeta`), where `x._meta` is `target`'s own (`isMetaOf`). */
function isMetaRef(node: Node | null | undefined, target: Node | null): boolean {
  if (isMetaOf(node, target)) return true;
  const inner = unwrap(node);
  return inner?.type === 'Identifier' && isMetaOf(aliasedMeta(inner), target);
}

/**
 * True when `node` only runs while `target._meta` is absent, so a `_meta` it writes replaces nothing: the consequent
 * of an absence test (`const meta = result._meta; if (meta === undefined) return { ...result, _meta: { … } }`, the
 * SDK's own serverInfo stamp) or the other branch of a presence test, without leaving the function.
 */
export function runsOnlyWithoutMeta(node: Node, target: Node | null): boolean {
  if (target === null) return false;
  for (let child: Node = node, parent = node.parent; parent && !isFunctionNode(parent); child = parent, parent = parent.parent) {
    if (parent.type !== 'IfStatement' && parent.type !== 'ConditionalExpression') continue;
    if (parent.consequent === child && testsAbsence(parent.test, target)) return true;
    if (parent.alternate === child && testsPresence(parent.test, target)) return true;
  }
  return false;
}

/**
 * A test that holds only when `_meta` is absent or not an object, so an assignment under it has no keys to drop:
 * `!x._meta`, `x._meta === undefined`, `x._meta == null`, `!isRecord(x._meta)` (a negated `is…Object`/`Record`/`Dict`/`Map` predicate),
 * `typeof x._meta !== 'object'`, `Array.isArray(x._meta)`, `!(x._meta instanceof Object)`, and `||` of those.
 */
function testsAbsence(test: Expression, target: Node | null): boolean {
  const inner = unwrap(test);
  if (inner.type === 'LogicalExpression' && inner.operator === '||')
    return testsAbsence(inner.left, target) && testsAbsence(inner.right, target);
  if (inner.type === 'UnaryExpression' && inner.operator === '!') {
    const negated = unwrap(inner.argument);
    if (negated.type === 'CallExpression') return isPredicateCall(negated, OBJECT_PREDICATE, target);
    if (negated.type === 'BinaryExpression' && negated.operator === 'instanceof') return isMetaRef(negated.left, target);
    return isMetaRef(negated, target);
  }
  if (inner.type === 'CallExpression') return isPredicateCall(inner, /^isArray$/, target);
  if (inner.type !== 'BinaryExpression') return false;
  if (inner.operator === '!==' || inner.operator === '!=') {
    const isTypeofMeta = (side: Node): boolean =>
      side.type === 'UnaryExpression' && side.operator === 'typeof' && isMetaRef(side.argument, target);
    const isObjectText = (side: Node): boolean => side.type === 'Literal' && side.value === 'object';
    return (isTypeofMeta(inner.left) && isObjectText(inner.right)) || (isTypeofMeta(inner.right) && isObjectText(inner.left));
  }
  if (inner.operator !== '===' && inner.operator !== '==') return false;
  const isNullish = (side: Node): boolean =>
    (side.type === 'Identifier' && side.name === 'undefined') || (side.type === 'Literal' && side.value === null);
  return (isMetaRef(inner.left, target) && isNullish(inner.right)) || (isMetaRef(inner.right, target) && isNullish(inner.left));
}

/** `x._meta`, `x._meta !== undefined`, `x._meta != null`: a test that holds only when `_meta` exists. */
function testsPresence(test: Expression, target: Node | null): boolean {
  const inner = unwrap(test);
  if (isMetaRef(inner, target)) return true;
  if (inner.type !== 'BinaryExpression' || (inner.operator !== '!==' && inner.operator !== '!=')) return false;
  const isNullish = (side: Node): boolean =>
    (side.type === 'Identifier' && side.name === 'undefined') || (side.type === 'Literal' && side.value === null);
  return (isMetaRef(inner.left, target) && isNullish(inner.right)) || (isMetaRef(inner.right, target) && isNullish(inner.left));
}

/** `isRecord`, `isPlainObject`, `isObjectLike`, `isDict`: predicates that hold only for an object. */
const OBJECT_PREDICATE = /^is[A-Za-z]*(Object|Record|Dict|Map)[A-Za-z]*$/;

/** `isRecord(x._meta)`, `_.isPlainObject(x._meta)`, `Array.isArray(x._meta)`: a predicate named by `name` about `_meta`. */
function isPredicateCall(call: TSESTree.CallExpression, name: RegExp, target: Node | null): boolean {
  const callee = unwrap(call.callee);
  const calleeName =
    callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' && !callee.computed ? memberPropertyName(callee) : null;
  return calleeName !== null && name.test(calleeName) && call.arguments.length >= 1 && isMetaOf(call.arguments[0], target);
}

/**
 * `x._meta ??= {}`, `x._meta ||= {}`, `x._meta = x._meta ?? {}` / `x._meta || {}`, `if (!x._meta) x._meta = …`, and
 * the other branch of a presence test (`if (x._meta) Object.assign(x._meta, m); else x._meta = m`): the assignment
 * only creates a missing `_meta`, so there is nothing to drop.
 */
export function createsMissingMeta(assignment: TSESTree.AssignmentExpression, value: Expression, target: Node | null): boolean {
  if (assignment.operator === '??=' || assignment.operator === '||=') return true;
  if (assignment.operator !== '=') return false;
  if (value.type === 'LogicalExpression' && (value.operator === '??' || value.operator === '||')) return isMetaOf(value.left, target);
  let statement: Node | undefined = assignment.parent;
  if (statement?.type !== 'ExpressionStatement') return false;
  if (statement.parent?.type === 'BlockStatement') statement = statement.parent;
  const guard = statement.parent;
  if (guard?.type !== 'IfStatement') return false;
  return (
    (guard.consequent === statement && testsAbsence(guard.test, target)) ||
    (guard.alternate === statement && testsPresence(guard.test, target))
  );
}

/**
 * `const out = { content }; …; out._meta = { … }`: the first `_meta` of an object the same function just built from
 * a literal (no `_meta` but an empty `_meta: {}`, no spread) is its creation, not a replacement of anyone's keys, and not a producer attaching
 * to someone else's result. Only when nothing between the declaration and the assignment touches `out._meta` (or
 * hands `out` to a call), and no loop or nested function runs the assignment more than once.
 */
export function createsOnFreshObject(assignment: TSESTree.AssignmentExpression, owner: Node): boolean {
  if (assignment.operator !== '=' || owner.type !== 'Identifier') return false;
  const binding = findBinding(owner.name, owner);
  if (binding?.kind !== 'variable') return false;
  const init = binding.declarator.init ? unwrap(binding.declarator.init) : null;
  if (
    init?.type !== 'ObjectExpression' ||
    init.properties.some((property) => property.type === 'SpreadElement' || (isMetaProperty(property) && !isEmptyLiteral(property.value)))
  ) {
    return false;
  }
  const declaration = binding.declarator.parent;
  const block = declaration?.parent;
  if (!declaration || !block || !('body' in block) || !Array.isArray(block.body)) return false;
  let statement: Node = assignment;
  for (let node: Node | undefined = assignment.parent; node !== block; statement = node, node = node.parent) {
    if (!node || isFunctionNode(node) || isLoop(node)) return false;
  }
  const statements = block.body as Node[];
  const from = statements.indexOf(declaration);
  const to = statements.indexOf(statement);
  if (from < 0 || to <= from) return false;
  const touches = (node: Node): boolean => {
    if (node.type === 'MemberExpression') {
      const metaHolder = metaOwner(node);
      return metaHolder?.type === 'Identifier' && metaHolder.name === owner.name;
    }
    return (
      node.type === 'CallExpression' && node.arguments.some((argument) => argument.type === 'Identifier' && argument.name === owner.name)
    );
  };
  return statements.slice(from + 1, to).every((between) => !someInSameFunction(between, touches));
}

function isMetaProperty(property: TSESTree.ObjectLiteralElement): boolean {
  return property.type === 'Property' && propertyKeyName(property) === '_meta';
}

/** `{}` (through TypeScript wrappers: `{} as Record<string, unknown>`): a `_meta` that holds no key to drop. */
function isEmptyLiteral(value: Node): boolean {
  const inner = unwrap(value as Expression);
  return inner.type === 'ObjectExpression' && inner.properties.length === 0;
}
