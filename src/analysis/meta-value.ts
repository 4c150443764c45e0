/**
 * Helpers about the value written to `_meta` or to one of its keys: which keys and spreads an object literal holds,
 * whether it spreads the object's own `_meta`, whether an assignment only creates a missing `_meta`, and how key
 * expressions resolve. Pure functions of the AST; the classifier (`classify-write.ts`) builds writes from them.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import {
  collectInSameFunction,
  isFunctionNode,
  isMetaOf,
  isNothing,
  memberPropertyName,
  metaOwner,
  propertyKeyName,
  referenceText,
  returnArguments,
  unwrap,
} from './ast';
import { constInitializer, findBinding, functionBoundTo, staticKeys } from './bindings';
import { resolveImportedHelper } from './imported-helpers';
import type { BuiltValue, HelperOrigin, MetaKeyWrite } from './types';

type Node = TSESTree.Node;
type Expression = TSESTree.Expression;

/**
 * The module one analysis reads (the linted file, or a module read for its exports), passed down the analysis rather
 * than held in module state: its imports resolve relative to `file`, and the helpers being followed are this
 * analysis's own.
 */
export interface ModuleScope {
  /** Absolute path, or null for text without a path (imported names then stay unknown). */
  readonly file: string | null;
  /**
   * Helpers being followed (a function node, or `file#name` for an imported one): helpers spreading helpers
   * (`{ ...base(), k }`) are followed `MAX_HELPER_DEPTH` deep, and a helper that reaches itself is not followed again
   * (its keys would be counted, and reported, once per turn).
   */
  readonly followedHelpers: Set<unknown>;
}

export function moduleScope(file: string | null): ModuleScope {
  return { file, followedHelpers: new Set() };
}

export function isObjectAssign(call: TSESTree.CallExpression): boolean {
  const callee = unwrap(call.callee);
  return callee.type === 'MemberExpression' && referenceText(callee) === 'Object.assign';
}

/** The `_meta: E` property of an object literal, if any. */
export function findMetaProperty(literal: TSESTree.ObjectExpression): TSESTree.Property | null {
  for (const property of literal.properties) {
    if (property.type === 'Property' && property.kind === 'init' && propertyKeyName(property) === '_meta') return property;
  }
  return null;
}

/** `const m = x._meta` (also `x._meta ?? {}`, `x._meta ||= {}`...): the `x._meta` an alias stands for, or null. */
export function aliasInitializerMeta(alias: TSESTree.Identifier): Expression | null {
  const declarator = alias.parent;
  const declaredHere = declarator?.type === 'VariableDeclarator' && declarator.id === alias;
  const init = declaredHere ? declarator.init : constInitializer(alias);
  if (!init) return null;
  if (declaredHere && declarator.parent?.type === 'VariableDeclaration' && declarator.parent.kind !== 'const') return null;
  let value = unwrap(init);
  if (value.type === 'LogicalExpression' || value.type === 'AssignmentExpression') value = unwrap(value.left);
  return metaOwner(value) ? value : null;
}

/**
 * `rest` in `const { [SERVER_INFO_META_KEY]: _drop, ...rest } = x._meta ?? {}`: the object's own `_meta` minus keys
 * dropped on purpose (a gateway dropping the upstream's identity). Spreading it merges, so no fix or suggestion puts
 * the dropped keys back by spreading `x._meta` again. Returns the pattern's initializer, or null.
 */
function restOfDestructuredMeta(identifier: TSESTree.Identifier): Expression | null {
  for (let node: Node | undefined = identifier.parent; node; node = node.parent) {
    if (node.type !== 'BlockStatement' && node.type !== 'Program') continue;
    for (const statement of node.body) {
      if (statement.type !== 'VariableDeclaration' || statement.kind !== 'const') continue;
      for (const declarator of statement.declarations) {
        const last = declarator.id.type === 'ObjectPattern' ? declarator.id.properties.at(-1) : undefined;
        if (last?.type !== 'RestElement' || last.argument.type !== 'Identifier' || last.argument.name !== identifier.name) continue;
        return declarator.init ?? null;
      }
    }
  }
  return null;
}

/**
 * Resolves a key expression: a literal, a template without expressions, or a `const` (`constStrings`); a `const` that
 * may hold one of several strings (`cond ? 'a' : 'b'`) is a write of each, as the typed mode does for a union.
 */
export function resolveKeys(expression: Expression, node: Node, value: Expression | null, scope: ModuleScope): MetaKeyWrite[] {
  const keys = staticKeys(expression, scope.file);
  const builtValue = importedBuiltValue(value, scope);
  const extra = builtValue ? { builtValue } : {};
  return keys
    ? keys.names.map((name) => ({ name, source: keys.source, node, value, ...extra }))
    : [{ name: null, source: 'dynamic', node, value, ...extra }];
}

/**
 * `buildStats(x)` (or `await buildStats(x)`) with `buildStats` imported from a module where every return is an object
 * literal (the functions `imported-helpers.ts` follows): what it returns, for the fields of the key it is written to.
 */
function importedBuiltValue(value: Expression | null, scope: ModuleScope): BuiltValue | undefined {
  if (value === null || scope.file === null) return undefined;
  const call = value.type === 'AwaitExpression' ? unwrap(value.argument) : value;
  if (call.type !== 'CallExpression') return undefined;
  const callee = unwrap(call.callee);
  if (callee.type !== 'Identifier') return undefined;
  const binding = findBinding(callee.name, callee);
  if (binding?.kind !== 'import') return undefined;
  const helper = resolveImportedHelper(binding.source, binding.imported, scope.file);
  return helper ? { value: helper.returned, builtBy: { helper: callee.name, file: helper.file }, call: value } : undefined;
}

/** The keys a member writes: `._meta.k` (literal) or `._meta[K]` (resolved). */
export function memberKeys(member: TSESTree.MemberExpression, value: Expression | null, scope: ModuleScope): MetaKeyWrite[] {
  if (!member.computed) {
    const builtValue = importedBuiltValue(value, scope);
    return [{ name: memberPropertyName(member), source: 'literal', node: member.property, value, ...(builtValue ? { builtValue } : {}) }];
  }
  return resolveKeys(member.property, member.property, value, scope);
}

/** An object literal given directly or through a `const`. */
export function objectLiteralOf(expression: Node): TSESTree.ObjectExpression | null {
  const inner = unwrap(expression);
  if (inner.type === 'ObjectExpression') return inner;
  if (inner.type === 'Identifier') {
    const init = constInitializer(inner);
    const value = init ? unwrap(init) : null;
    return value?.type === 'ObjectExpression' ? value : null;
  }
  return null;
}

export interface MetaValueShape {
  mergesSelf: boolean;
  selfSpread: TSESTree.SpreadElement | null;
  spreads: Expression[];
  keys: MetaKeyWrite[];
}

/**
 * `x._meta`, `x._meta ?? {}`, `x._meta || {}`, or a `const` alias of one (`const meta = x._meta; { ...meta }`): the
 * written object's own `_meta`.
 */
function isSelfMeta(expression: Node, targetText: string | null): boolean {
  const inner = unwrap(expression);
  if (inner.type === 'Identifier') {
    const aliased = aliasInitializerMeta(inner) ?? restOfDestructuredMeta(inner);
    return aliased !== null && isSelfMeta(aliased, targetText);
  }
  return isMetaOf(inner.type === 'LogicalExpression' ? inner.left : inner, targetText);
}

/**
 * The object literals a spread argument can add, when every branch is one or adds nothing: `...(c && { [K]: v })`,
 * `...(c ? { a } : {})`, `...(c ? { a } : null)`. Null when some branch is not statically known.
 */
function conditionalLiterals(argument: Node): TSESTree.ObjectExpression[] | null {
  const inner = unwrap(argument);
  if (inner.type === 'ObjectExpression') return [inner];
  if (isNothing(inner)) return [];
  if (inner.type === 'LogicalExpression' && inner.operator === '&&') return conditionalLiterals(inner.right);
  if (inner.type === 'ConditionalExpression') {
    const consequent = conditionalLiterals(inner.consequent);
    const alternate = conditionalLiterals(inner.alternate);
    return consequent && alternate ? [...consequent, ...alternate] : null;
  }
  return null;
}

/**
 * The keys a helper call builds when `value` calls one (`_meta: statsMeta(hits)`, `...statsMeta(hits)`): a same-file
 * function's returned literals (its keys are written where the helper builds them, in this file), or a function
 * imported from a relative module (`imported-helpers.ts`), whose keys are marked `builtBy` that module and reported at
 * the call. Only keys known statically are taken from an imported helper: a dynamic key there cannot be fixed here.
 * Null when `value` is not such a call.
 */
function helperKeys(value: Expression, scope: ModuleScope): MetaKeyWrite[] | null {
  const inner = unwrap(value);
  if (inner.type !== 'CallExpression') return null;
  const callee = unwrap(inner.callee);
  if (callee.type !== 'Identifier' || scope.followedHelpers.size >= MAX_HELPER_DEPTH) return null;
  return helperCallKeys(inner, callee, scope);
}

/** Helpers spreading helpers are followed this deep (see `ModuleScope.followedHelpers`). */
const MAX_HELPER_DEPTH = 4;

function following<T>(scope: ModuleScope, helper: unknown, run: () => T): T | null {
  if (scope.followedHelpers.has(helper)) return null;
  scope.followedHelpers.add(helper);
  try {
    return run();
  } finally {
    scope.followedHelpers.delete(helper);
  }
}

function helperCallKeys(inner: TSESTree.CallExpression, callee: TSESTree.Identifier, scope: ModuleScope): MetaKeyWrite[] | null {
  const fn = functionBoundTo(callee);
  if (fn?.body) {
    const returned =
      fn.body.type !== 'BlockStatement'
        ? returnedObjectLiterals(fn.body as Expression)
        : returnArguments(fn.body).flatMap(returnedObjectLiterals);
    return following(scope, fn, () => returned.flatMap((literal) => metaValueShape(literal, null, scope).keys));
  }
  const file = scope.file;
  const binding = file === null || fn ? null : findBinding(callee.name, callee);
  const helper = binding?.kind === 'import' && file !== null ? resolveImportedHelper(binding.source, binding.imported, file) : null;
  if (!helper) return null;
  const builtBy: HelperOrigin = { helper: callee.name, file: helper.file };
  // The module's summary holds its keys (consts it uses resolved against it); a key a helper there takes from yet
  // another module's helper is that module's.
  return helper.keys.map((key): MetaKeyWrite => ({
    name: key.name,
    source: key.source,
    node: inner,
    value: key.value,
    builtBy: key.builtBy ?? builtBy,
  }));
}

/** Keys and spreads of a value given to `_meta` (literal, or `const` bound to one); `mergesSelf` per rule 1. */
export function metaValueShape(value: Expression, targetText: string | null, scope: ModuleScope): MetaValueShape {
  const literal = objectLiteralOf(value);
  const shape: MetaValueShape = { mergesSelf: false, selfSpread: null, spreads: [], keys: [] };
  if (!literal) {
    shape.keys.push(...(helperKeys(value, scope) ?? []));
    return shape;
  }
  literal.properties.forEach((property, index) => {
    if (property.type === 'SpreadElement') {
      if (isSelfMeta(property.argument, targetText)) {
        if (literal === value) {
          shape.selfSpread ??= property;
          if (index === 0) shape.mergesSelf = true;
        }
        return;
      }
      const branches = conditionalLiterals(property.argument);
      if (branches && !(branches.length === 1 && branches[0] === unwrap(property.argument))) {
        for (const branch of branches) shape.keys.push(...metaValueShape(branch, null, scope).keys);
        return;
      }
      shape.spreads.push(unwrap(property.argument) as Expression);
      // `...timingMeta(t)`: a helper's keys are spread in (still a spread: its other keys, if any, are not known).
      shape.keys.push(...(helperKeys(property.argument, scope) ?? []));
      return;
    }
    const propertyValue = unwrap(property.value) as Expression;
    if (!property.computed) {
      const builtValue = importedBuiltValue(propertyValue, scope);
      shape.keys.push({
        name: propertyKeyName(property),
        source: 'literal',
        node: property.key,
        value: propertyValue,
        ...(builtValue ? { builtValue } : {}),
      });
    } else {
      shape.keys.push(...resolveKeys(property.key, property.key, propertyValue, scope));
    }
  });
  return shape;
}

/** `x._meta`, or a `const m = x._meta` alias of it, where `x` reads as `targetText`. */
function isMetaRef(node: Node | null | undefined, targetText: string | null): boolean {
  if (isMetaOf(node, targetText)) return true;
  const inner = unwrap(node);
  return inner?.type === 'Identifier' && isMetaOf(aliasInitializerMeta(inner), targetText);
}

/**
 * True when `node` only runs while `target._meta` is absent, so a `_meta` it writes replaces nothing: the consequent
 * of an absence test (`const meta = result._meta; if (meta === undefined) return { ...result, _meta: { … } }`, the
 * SDK's own serverInfo stamp) or the other branch of a presence test, without leaving the function.
 */
export function runsOnlyWithoutMeta(node: Node, targetText: string | null): boolean {
  if (targetText === null) return false;
  for (let child: Node = node, parent = node.parent; parent && !isFunctionNode(parent); child = parent, parent = parent.parent) {
    if (parent.type !== 'IfStatement' && parent.type !== 'ConditionalExpression') continue;
    if (parent.consequent === child && testsAbsence(parent.test, targetText)) return true;
    if (parent.alternate === child && testsPresence(parent.test, targetText)) return true;
  }
  return false;
}

/**
 * A test that holds only when `_meta` is absent or not an object, so an assignment under it has no keys to drop:
 * `!x._meta`, `x._meta === undefined`, `x._meta == null`, `!isRecord(x._meta)` (a negated `is…Object`/`Record`/`Dict`/`Map` predicate),
 * `typeof x._meta !== 'object'`, `Array.isArray(x._meta)`, `!(x._meta instanceof Object)`, and `||` of those.
 */
function testsAbsence(test: Expression, targetText: string | null): boolean {
  const inner = unwrap(test);
  if (inner.type === 'LogicalExpression' && inner.operator === '||')
    return testsAbsence(inner.left, targetText) && testsAbsence(inner.right, targetText);
  if (inner.type === 'UnaryExpression' && inner.operator === '!') {
    const negated = unwrap(inner.argument);
    if (negated.type === 'CallExpression') return isPredicateCall(negated, OBJECT_PREDICATE, targetText);
    if (negated.type === 'BinaryExpression' && negated.operator === 'instanceof') return isMetaRef(negated.left, targetText);
    return isMetaRef(negated, targetText);
  }
  if (inner.type === 'CallExpression') return isPredicateCall(inner, /^isArray$/, targetText);
  if (inner.type !== 'BinaryExpression') return false;
  if (inner.operator === '!==' || inner.operator === '!=') {
    const isTypeofMeta = (side: Node): boolean =>
      side.type === 'UnaryExpression' && side.operator === 'typeof' && isMetaRef(side.argument, targetText);
    const isObjectText = (side: Node): boolean => side.type === 'Literal' && side.value === 'object';
    return (isTypeofMeta(inner.left) && isObjectText(inner.right)) || (isTypeofMeta(inner.right) && isObjectText(inner.left));
  }
  if (inner.operator !== '===' && inner.operator !== '==') return false;
  const isNullish = (side: Node): boolean =>
    (side.type === 'Identifier' && side.name === 'undefined') || (side.type === 'Literal' && side.value === null);
  return (isMetaRef(inner.left, targetText) && isNullish(inner.right)) || (isMetaRef(inner.right, targetText) && isNullish(inner.left));
}

/** `x._meta`, `x._meta !== undefined`, `x._meta != null`: a test that holds only when `_meta` exists. */
function testsPresence(test: Expression, targetText: string | null): boolean {
  const inner = unwrap(test);
  if (isMetaRef(inner, targetText)) return true;
  if (inner.type !== 'BinaryExpression' || (inner.operator !== '!==' && inner.operator !== '!=')) return false;
  const isNullish = (side: Node): boolean =>
    (side.type === 'Identifier' && side.name === 'undefined') || (side.type === 'Literal' && side.value === null);
  return (isMetaRef(inner.left, targetText) && isNullish(inner.right)) || (isMetaRef(inner.right, targetText) && isNullish(inner.left));
}

/** `isRecord`, `isPlainObject`, `isObjectLike`, `isDict`: predicates that hold only for an object. */
const OBJECT_PREDICATE = /^is[A-Za-z]*(Object|Record|Dict|Map)[A-Za-z]*$/;

/** `isRecord(x._meta)`, `_.isPlainObject(x._meta)`, `Array.isArray(x._meta)`: a predicate named by `name` about `_meta`. */
function isPredicateCall(call: TSESTree.CallExpression, name: RegExp, targetText: string | null): boolean {
  const callee = unwrap(call.callee);
  const calleeName =
    callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' && !callee.computed ? memberPropertyName(callee) : null;
  return calleeName !== null && name.test(calleeName) && call.arguments.length >= 1 && isMetaOf(call.arguments[0], targetText);
}

/**
 * `x._meta ??= {}`, `x._meta ||= {}`, `x._meta = x._meta ?? {}` / `x._meta || {}`, `if (!x._meta) x._meta = …`, and
 * the other branch of a presence test (`if (x._meta) Object.assign(x._meta, m); else x._meta = m`): the assignment
 * only creates a missing `_meta`, so there is nothing to drop.
 */
export function createsMissingMeta(assignment: TSESTree.AssignmentExpression, value: Expression, targetText: string | null): boolean {
  if (assignment.operator === '??=' || assignment.operator === '||=') return true;
  if (assignment.operator !== '=') return false;
  if (value.type === 'LogicalExpression' && (value.operator === '??' || value.operator === '||')) return isMetaOf(value.left, targetText);
  let statement: Node | undefined = assignment.parent;
  if (statement?.type !== 'ExpressionStatement') return false;
  if (statement.parent?.type === 'BlockStatement') statement = statement.parent;
  const guard = statement.parent;
  if (guard?.type !== 'IfStatement') return false;
  return (
    (guard.consequent === statement && testsAbsence(guard.test, targetText)) ||
    (guard.alternate === statement && testsPresence(guard.test, targetText))
  );
}

const LOOPS = new Set(['ForStatement', 'ForInStatement', 'ForOfStatement', 'WhileStatement', 'DoWhileStatement']);

/**
 * `const out = { content }; …; out._meta = { … }`: the first `_meta` of an object the same function just built from
 * a literal (no `_meta`, no spread) is its creation, not a replacement of anyone's keys, and not a producer attaching
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
    init.properties.some((property) => property.type === 'SpreadElement' || isMetaProperty(property))
  ) {
    return false;
  }
  const declaration = binding.declarator.parent;
  const block = declaration?.parent;
  if (!declaration || !block || !('body' in block) || !Array.isArray(block.body)) return false;
  let statement: Node = assignment;
  for (let node: Node | undefined = assignment.parent; node !== block; statement = node, node = node.parent) {
    if (!node || isFunctionNode(node) || LOOPS.has(node.type)) return false;
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
  return statements.slice(from + 1, to).every((between) => collectInSameFunction(between, touches).length === 0);
}

function isMetaProperty(property: TSESTree.ObjectLiteralElement): boolean {
  return property.type === 'Property' && propertyKeyName(property) === '_meta';
}

/** Object literals a `return` can produce: direct, through a `const`, either branch of `?:`, `&&`/`||`, `await`. */
export function returnedObjectLiterals(expression: Expression): TSESTree.ObjectExpression[] {
  const inner = unwrap(expression) as Expression;
  switch (inner.type) {
    case 'ConditionalExpression':
      return [...returnedObjectLiterals(inner.consequent), ...returnedObjectLiterals(inner.alternate)];
    case 'LogicalExpression':
      return [...returnedObjectLiterals(inner.left), ...returnedObjectLiterals(inner.right)];
    case 'AwaitExpression':
      return returnedObjectLiterals(inner.argument);
    default: {
      const literal = objectLiteralOf(inner);
      return literal ? [literal] : [];
    }
  }
}
