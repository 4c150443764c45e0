/**
 * How code spells a `_meta` write's parts, shared by every phase of the analysis: the `x._meta` member, a literal's
 * `_meta` property, an alias (`const m = x._meta`), `Object.assign`, and the object literals a value stands for.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import {
  conditionalLiterals,
  containsNode,
  defaultedSource,
  enclosingFunction,
  forEachChildNode,
  isNothing,
  memberPropertyName,
  propertyKeyName,
  referenceText,
  rootOf,
  someInSameFunction,
  unwrap,
} from './ast';
import {
  constInitializer,
  declaratorOf,
  findBinding,
  lookupTableEntries,
  ownPropertyValue,
  reassignmentsOf,
  valuesReaching,
  type ImportedNames,
  type ParameterReference,
} from './bindings';

type Node = TSESTree.Node;
type Expression = TSESTree.Expression;

/** `X._meta` (seen through wrappers) -> X, else null. */
export function metaOwner(node: Node | null | undefined): Expression | null {
  const inner = unwrap(node);
  if (inner?.type !== 'MemberExpression' || memberPropertyName(inner) !== '_meta') return null;
  return unwrap(inner.object) as Expression;
}

/**
 * `x._meta` (seen through wrappers) where `x._meta` is the own `_meta` of `target`, the object a write gives `_meta`
 * to: `x` reads as `target` does (`out`, `this.result`), or `target` is a `const` copy of `x` (`copiedObjects`).
 */
export function isMetaOf(node: Node | null | undefined, target: Node | null): boolean {
  const owner = referenceText(metaOwner(node));
  if (owner === null || target === null) return false;
  return owner === referenceText(target) || copiedObjects(target).includes(owner);
}

/** Copies of copies (`const a = { ...result }; const b = { ...a }`, `const m = { ...x._meta }; const n = { ...m }`) are followed this deep. */
export const MAX_COPY_DEPTH = 4;

/** Each target's `copiedObjects`, worked out at the first comparison that needs them. */
const copiedObjectsOf = new WeakMap<Node, readonly string[]>();

/**
 * The objects `target` is a copy of, by text: `const clean = { ...result } as R` holds `result`'s own `_meta` as its
 * own until a write gives it another, so `clean._meta = { ...result._meta, k }` merges (sunpeak's inspector drops its
 * marker key so). A copy is a `const` whose initializer (through `as`, `satisfies`, parentheses) is an object literal
 * whose first element spreads the object and no later element may give `_meta` (`{ ...result, _meta: m }` holds `m`).
 * Followed through copies of copies; empty for anything else.
 */
function copiedObjects(target: Node): readonly string[] {
  let copied = copiedObjectsOf.get(target);
  if (copied === undefined) {
    const texts: string[] = [];
    for (let copy = copiedObject(target); copy !== null && texts.length < MAX_COPY_DEPTH; copy = copiedObject(copy)) {
      const text = referenceText(copy);
      if (text === null || texts.includes(text)) break;
      texts.push(text);
    }
    copiedObjectsOf.set(target, (copied = texts));
  }
  return copied;
}

/** The object a `const` holds a shallow copy of (`const copy = { ...result }`, see `copiedObjects`), or null. */
export function copiedObject(node: Node): Expression | null {
  const identifier = unwrap(node);
  if (identifier.type !== 'Identifier') return null;
  const init = constInitializer(identifier);
  const literal = init ? unwrap(init) : null;
  if (literal?.type !== 'ObjectExpression') return null;
  const [first, ...later] = literal.properties;
  if (first?.type !== 'SpreadElement' || later.some(mayGiveMeta)) return null;
  return unwrap(first.argument) as Expression;
}

/** A later element of a copy that may set its `_meta`: a `_meta` property, a key not known statically, another spread. */
function mayGiveMeta(element: TSESTree.ObjectLiteralElement): boolean {
  if (element.type === 'SpreadElement') return true;
  const name = propertyKeyName(element);
  return name === null || name === '_meta';
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

/** An element written in a `contents: [...]` array (a resources/read answer's content items). */
export function isContentsArrayItem(node: Node): boolean {
  const array = node.parent;
  const property = array?.type === 'ArrayExpression' ? array.parent : null;
  return property?.type === 'Property' && property.value === array && propertyKeyName(property) === 'contents';
}

/**
 * The `x._meta` a name stands for where it is read, or null: a `const m = x._meta` (also `x._meta ?? {}`, `x._meta
 * ||= {}`...); a `let` or `var` when every value it may hold there (`valuesReaching`) is that `_meta`, or a new object
 * it is then stored as (`let m = x._meta; if (!m) { m = {}; x._meta = m; }`), and not when it may hold anything else
 * (`let m = x._meta; if (c) m = split(x._meta).tool; m.k = v`). At its declaration, the `_meta` it starts with.
 */
export function aliasedMeta(alias: TSESTree.Identifier): Expression | null {
  const declarator = alias.parent;
  if (declarator?.type === 'VariableDeclarator' && declarator.id === alias) return declarator.init ? metaOfValue(declarator.init) : null;
  const values = valuesReaching(alias);
  if (!values) return null;
  let meta: Expression | null = null;
  const newObjects: TSESTree.ObjectExpression[] = [];
  for (const value of values) {
    const inner = unwrap(value);
    if (isNothing(inner)) continue;
    if (inner.type === 'ObjectExpression') {
      newObjects.push(inner);
      continue;
    }
    const held = metaOfValue(inner);
    if (!held || (meta !== null && referenceText(metaOwner(held)) !== referenceText(metaOwner(meta)))) return null;
    meta ??= held;
  }
  if (meta === null || newObjects.length === 0) return meta;
  const ownerText = referenceText(metaOwner(meta));
  return newObjects.every((object) => isStoredAsMetaOf(object, ownerText)) ? meta : null;
}

/** `x._meta`, `x._meta ?? {}`, `x._meta ||= {}`: the `x._meta` a variable given this value holds, or null. */
export function metaOfValue(init: Expression): Expression | null {
  let value = unwrap(init);
  if (value.type === 'LogicalExpression' || value.type === 'AssignmentExpression') value = unwrap(value.left);
  return metaOwner(value) ? value : null;
}

/**
 * `y._meta`, `y?._meta`, `(y as R)._meta`, `y._meta ?? {}`, `y._meta || {}`, or a `const` holding one (`const m =
 * y._meta`): some object's `_meta` taken whole as it is (or none where it has none), neither a part of it nor keys of
 * its own. The `y._meta` member it reads, or null. Stricter than `metaOfValue` (an alias's value), which takes any
 * fallback (`y._meta ?? defaults`): there the keys are still written through to `y._meta`, here a fallback's keys would
 * be written in place of the re-wrapped object's.
 */
export function wholeMetaRead(expression: Node, depth = 0): Expression | null {
  const inner = defaultedSource(unwrap(expression));
  if (inner.type === 'Identifier') {
    const init = depth < MAX_COPY_DEPTH ? constInitializer(inner) : null;
    return init ? wholeMetaRead(init, depth + 1) : null;
  }
  return metaOwner(inner) ? (unwrap(inner) as Expression) : null;
}

/**
 * A new object assigned to a variable (`m = {}`) that then becomes `owner._meta`: stored after it in the same function
 * (`m = {}; x._meta = m`), or in the same expression (`x._meta = m = {}`).
 */
function isStoredAsMetaOf(object: TSESTree.ObjectExpression, ownerText: string | null): boolean {
  const assignment = object.parent;
  if (ownerText === null || assignment?.type !== 'AssignmentExpression' || assignment.right !== object) return false;
  const variable = unwrap(assignment.left);
  if (variable.type !== 'Identifier') return false;
  const declarator = declaratorOf(variable);
  if (!declarator) return false;
  const isStore = (node: Node): boolean => {
    if (node.type !== 'AssignmentExpression' || referenceText(metaOwner(node.left)) !== ownerText) return false;
    if (!containsNode(node, assignment) && node.range[0] < assignment.range[1]) return false;
    const stored = unwrap(node.right);
    const named = stored.type === 'AssignmentExpression' ? unwrap(stored.left) : stored;
    return named.type === 'Identifier' && named.name === variable.name && declaratorOf(named) === declarator;
  };
  return someInSameFunction(enclosingFunction(assignment)?.body ?? rootOf(assignment), isStore);
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

/**
 * What a read of a helper's parameter (`parameterReference`) stands for at `call`: the argument, and the caller's node
 * its property path leads to through object literals (in place or a `const`'s: `w.templateUri` of `widgetMeta(w)`
 * called as `widgetMeta({ templateUri: URI })` is `URI`), or a null `value` when the path leads through anything else.
 * Null when there is no such argument (missing, spread) or the path reads a key a destructured parameter's rest has
 * not (`rest.uri` of `({ uri, ...rest })`).
 */
export function argumentOfParameter(
  reference: ParameterReference,
  call: TSESTree.CallExpression,
  imports: ImportedNames | null,
): { argument: Expression; value: Node | null } | null {
  const argument = call.arguments[reference.index];
  if (!argument || argument.type === 'SpreadElement') return null;
  if (reference.path.length > 0 && reference.without?.includes(reference.path[0])) return null;
  let value: Node | null = argument;
  for (const name of reference.path) {
    const literal = objectLiteralOf(value);
    value = literal ? ownPropertyValue(literal, name, imports) : null;
    if (!value) break;
  }
  return { argument, value };
}

/** Each `let`/`var` declarator's answer (its scope is walked once for the values assigned to it). */
const heldByDeclarator = new WeakMap<TSESTree.VariableDeclarator, TSESTree.ObjectExpression[] | null>();

/**
 * The object literals a variable may hold where it is read, as `const` ones are followed: a `const`'s initializer;
 * a `let`'s (or `var`'s) initializer and every value assigned to it in its scope (`let extra; if (c) extra = { a };
 * else extra = { b }`), when each is an object literal or nothing (none, `undefined`, `null`). Null when some value
 * is anything else (a call, another variable, a loop's item), or for what is no variable.
 */
export function objectLiteralsOfVariable(expression: Node): TSESTree.ObjectExpression[] | null {
  const identifier = unwrap(expression);
  if (identifier.type !== 'Identifier') return null;
  const binding = findBinding(identifier.name, identifier);
  if (binding?.kind !== 'variable') return null;
  const { declarator } = binding;
  if (heldByDeclarator.has(declarator)) return heldByDeclarator.get(declarator) ?? null;
  heldByDeclarator.set(declarator, null);
  let held: TSESTree.ObjectExpression[] | null;
  if (binding.declarationKind === 'const') {
    // `const hint = shared ? { cacheHint } : {}` (2nd1st/open-mcp-apps): either branch's literal.
    const literals = declarator.init ? conditionalLiterals(declarator.init) : null;
    held = literals?.length ? literals : null;
  } else {
    held = assignedLiterals(declarator);
  }
  // A map that collects keys it does not know (`Object.assign(collected, fragment)`, `collected[key] = v`,
  // `collected = { ...collected, ...fragment }` in a loop) holds more than its literals say: the merge layer's
  // collected keys, which `init` and the rules read from the variable itself.
  if (held && collectsUnknownKeys(declarator)) held = null;
  heldByDeclarator.set(declarator, held);
  return held;
}

function collectsUnknownKeys(declarator: TSESTree.VariableDeclarator): boolean {
  const scope = declarator.parent?.parent;
  const id = declarator.id;
  if (!scope || id.type !== 'Identifier') return false;
  const isThisVariable = (node: Node): boolean => {
    const inner = unwrap(node);
    if (inner.type !== 'Identifier' || inner.name !== id.name) return false;
    const binding = findBinding(inner.name, inner);
    return binding?.kind === 'variable' && binding.declarator === declarator;
  };
  let collects = false;
  const visit = (node: Node): void => {
    if (collects) return;
    if (node.type === 'CallExpression' && isObjectAssign(node) && node.arguments[0] && isThisVariable(node.arguments[0])) collects = true;
    else if (node.type === 'AssignmentExpression') {
      const left = unwrap(node.left);
      if (left.type === 'MemberExpression' && left.computed && isThisVariable(left.object) && memberPropertyName(left) === null)
        collects = true;
      const right = unwrap(node.right);
      if (
        isThisVariable(left) &&
        right.type === 'ObjectExpression' &&
        right.properties.some((property) => property.type === 'SpreadElement' && isThisVariable(property.argument))
      )
        collects = true;
    }
    if (!collects) forEachChildNode(node, visit);
  };
  visit(scope);
  return collects;
}

function assignedLiterals(declarator: TSESTree.VariableDeclarator): TSESTree.ObjectExpression[] | null {
  const reassignments = reassignmentsOf(declarator);
  if (!reassignments) return null;
  const literals: TSESTree.ObjectExpression[] = [];
  const initial = declarator.init ? [declarator.init] : [];
  for (const value of [...initial, ...reassignments.map((reassignment) => reassignment.value)]) {
    const inner = value === null ? null : unwrap(value);
    const branches = inner === null ? null : conditionalLiterals(inner);
    if (branches) literals.push(...branches);
    else return null;
  }
  return literals.length > 0 ? literals.sort((a, b) => a.range[0] - b.range[0]) : null;
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
    case 'MemberExpression':
      // `return WIDGET_REGISTRY[uri]`: each entry of a same-file table (literals only: an entry that looks the table up
      // again would never end).
      return (lookupTableEntries(inner, null) ?? []).flatMap((entry) => objectLiteralOf(entry) ?? []);
    default: {
      const literal = objectLiteralOf(inner);
      return literal ? [literal] : [];
    }
  }
}
