/**
 * A host key whose object several parties fill, written as a new object over a spread that may already carry it:
 * `_meta: { ...extraMeta, ui: { resourceUri } }` keeps `extraMeta`'s other keys but drops every field of its `ui`
 * (`visibility`, `csp`, …), which MCP Apps reads from that one object. cyanheads/mcp-ts-template fixed exactly this in
 * `fc99f669` (`appTool()` clobbered the caller's `extraMeta.ui`); skybridge `3cfdbb84` in its assignment form.
 *
 * Only host keys with fields (`ui`, `openai/widgetCSP`, …): a framework writes some of their fields and its user
 * others, and no manifest producer owns the whole object. A team key has one producer module (rule 1), which may
 * replace its own object.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { catalogueEntryFor, hostFieldPlanes } from '../../registry/catalogue';
import { fieldSpecsOf } from '../../registry/host-fields';
import { isNothing, memberPropertyName, propertyKeyName, returnedValues, unwrap } from '../syntax/ast';
import {
  constInitializer,
  constRestDestructuring,
  findBinding,
  functionBoundTo,
  ownPropertyValue,
  parameterAnnotation,
  patternTakesOut,
  staticKeys,
  type ImportedNames,
} from '../syntax/bindings';
import { typeWithout } from '../syntax/declared-without-meta';
import { objectLiteralOf, objectLiteralsOfVariable, returnedObjectLiterals } from '../syntax/meta-syntax';
import type { WritePlane } from '../planes';

type Node = TSESTree.Node;

/** A host key's new object written over a spread that may carry one: the spread, and the host's fields it drops. */
export interface HostObjectOverSpread {
  readonly spread: TSESTree.SpreadElement;
  /** The fields the host defines for the key that the new object does not set (`visibility`, `csp`, …). */
  readonly droppedFields: readonly string[];
}

/**
 * What the property `key: value` of a literal replaces, given the spreads written before it (`spreadsBefore`), or
 * null: the key is a host key with fields, the value a new object literal that spreads nothing (`ui: { ...extra.ui,
 * resourceUri }` merges) and leaves some of the host's fields out (`{ taskId }` sets all of related-task's), and a
 * spread may carry the key. The last such spread.
 */
/**
 * A spread written before a key, and whether it spreads the object's own `_meta` (`{ ...t, _meta: { ...t._meta, ui }
 * }`): over its own `_meta` code usually gives an object it handles (its own tools) a pointer, so only a `ui` known to be
 * there counts; over another party's (`...extraMeta`), one that may be there does.
 */
export interface SpreadBefore {
  readonly spread: TSESTree.SpreadElement;
  readonly own: boolean;
}

export function hostObjectOverSpread(
  key: string | null,
  value: Node,
  spreadsBefore: readonly SpreadBefore[],
  /** The file's imported names: a computed key held in an imported `const` is read through them. */
  imports: ImportedNames | null,
): HostObjectOverSpread | null {
  if (key === null || spreadsBefore.length === 0) return null;
  const object = unwrap(value);
  if (object.type !== 'ObjectExpression' || object.properties.some((property) => property.type === 'SpreadElement')) return null;
  const fields = hostFieldsOf(key);
  if (fields.length === 0) return null;
  const setHere = new Set(object.properties.map((property) => (property.type === 'Property' ? propertyKeyName(property) : null)));
  const droppedFields = fields.filter((field) => !setHere.has(field));
  if (droppedFields.length === 0) return null;
  for (let index = spreadsBefore.length - 1; index >= 0; index -= 1) {
    const { spread, own } = spreadsBefore[index];
    if (mayCarryKey(spread.argument, key, { imports, seen: new Set(), unknownCarries: !own }, 0)) return { spread, droppedFields };
  }
  return null;
}

/**
 * The dropped fields that matter where the write is: those its host reads on `plane` (`ui.visibility` on a tool
 * descriptor; `ui.csp` there is read by no one either way), all of them on a plane not known.
 */
export function droppedFieldsOn(key: string, over: HostObjectOverSpread, plane: WritePlane): readonly string[] {
  if (plane !== 'tool' && plane !== 'resource' && plane !== 'result') return over.droppedFields;
  const entry = catalogueEntryFor(key);
  return entry ? over.droppedFields.filter((field) => hostFieldPlanes(entry, field)?.includes(plane) !== false) : over.droppedFields;
}

/** The top-level fields a host defines for `key` on a plane a server writes; none for a key that is no host's. */
function hostFieldsOf(key: string): string[] {
  const entry = catalogueEntryFor(key);
  if (entry?.fields === undefined || !entry.planes.some((plane) => plane === 'tool' || plane === 'resource' || plane === 'result'))
    return [];
  return Object.keys(fieldSpecsOf(entry.fields));
}

/** Spreads of spreads, variables and helpers are followed this deep; beyond it a spread may carry anything. */
const MAX_DEPTH = 4;

/**
 * Whether spreading `argument` may set `key`. What the file shows is read (a literal, a `const` or `let` holding
 * literals, either branch of `?:` / `&&` / `??`, the rest of a destructuring that takes the key out, a same-file
 * helper's returned literals, a parameter whose written type has no such key, a member of such literals); anything
 * else (another object's `_meta`, a call of another module, a parameter typed `Record<string, unknown>`) answers
 * `reading.unknownCarries`: for another party's spread unknown is not absence; for the own `_meta` only a key known to
 * be there counts.
 */
function mayCarryKey(argument: Node, key: string, reading: Reading, depth: number): boolean {
  if (depth > MAX_DEPTH) return reading.unknownCarries;
  const inner = unwrap(argument);
  if (isNothing(inner)) return false;
  switch (inner.type) {
    case 'ObjectExpression':
      return literalMayCarry(inner, key, reading, depth);
    case 'LogicalExpression':
      return (
        (inner.operator !== '&&' && mayCarryKey(inner.left, key, reading, depth + 1)) || mayCarryKey(inner.right, key, reading, depth + 1)
      );
    case 'ConditionalExpression':
      return mayCarryKey(inner.consequent, key, reading, depth + 1) || mayCarryKey(inner.alternate, key, reading, depth + 1);
    case 'Identifier':
      return variableMayCarry(inner, key, reading, depth);
    case 'MemberExpression':
      return memberMayCarry(inner, key, reading, depth);
    case 'CallExpression': {
      const callee = unwrap(inner.callee);
      const fn = callee.type === 'Identifier' ? functionBoundTo(callee) : null;
      if (!fn?.body) return reading.unknownCarries;
      const values = returnedValues(fn);
      const returned = values.flatMap(returnedObjectLiterals);
      // A helper that returns something else than literals (a variable, a call) may return anything.
      if (returned.length === 0 || returned.length < values.length) return reading.unknownCarries;
      return returned.some((literal) => literalMayCarry(literal, key, reading, depth + 1));
    }
    default:
      return reading.unknownCarries;
  }
}

/**
 * One question's state: the file's imported names, and the literals being read further up (one reached again adds no
 * key that is not found there).
 */
interface Reading {
  readonly imports: ImportedNames | null;
  readonly seen: Set<Node>;
  /** What content the file does not show answers: true (may carry) for another party's spread, false for the own `_meta`. */
  readonly unknownCarries: boolean;
}

function literalMayCarry(literal: TSESTree.ObjectExpression, key: string, reading: Reading, depth: number): boolean {
  if (reading.seen.has(literal)) return false;
  reading.seen.add(literal);
  return literal.properties.some((property) => {
    if (property.type === 'SpreadElement') return mayCarryKey(property.argument, key, reading, depth + 1);
    if (!property.computed) return propertyKeyName(property) === key;
    const names = staticKeys(property.key, reading.imports)?.names;
    return names === undefined ? reading.unknownCarries : names.includes(key);
  });
}

function variableMayCarry(identifier: TSESTree.Identifier, key: string, reading: Reading, depth: number): boolean {
  const held = objectLiteralsOfVariable(identifier);
  if (held) return held.some((literal) => literalMayCarry(literal, key, reading, depth + 1));
  // `const { ui, ...others } = meta`: `others` is `meta` without `ui`.
  const rest = constRestDestructuring(identifier);
  if (rest) {
    return !patternTakesOut(rest.id, key) && (rest.init === null || mayCarryKey(rest.init, key, reading, depth + 1));
  }
  // `const meta = (t as { _meta?: … })._meta`: what that member holds.
  const init = constInitializer(identifier);
  const member = init ? unwrap(init) : null;
  if (member?.type === 'MemberExpression') return memberMayCarry(member, key, reading, depth + 1);
  // A parameter whose written type has no such key (`meta: { title: string }`); unannotated, it may hold anything.
  const annotation = findBinding(identifier.name, identifier)?.kind === 'other' ? parameterAnnotation(identifier) : null;
  if (annotation !== null && typeWithout(annotation, key)) return false;
  return reading.unknownCarries;
}

/**
 * `t._meta` (or `x.meta`) where every object `t` may be is a literal this file shows: a `const` or `let` holding
 * literals, or the item of a `.map` over a `const` array of them (graffiticode's `tools.map((t) => ({ ...t, _meta: {
 * ...t._meta, ui } }))`, its tools written in the same file). The property's value in each; anything else may carry.
 */
function memberMayCarry(member: TSESTree.MemberExpression, key: string, reading: Reading, depth: number): boolean {
  const property = memberPropertyName(member);
  const owners = property === null ? null : objectLiteralsOf(unwrap(member.object));
  if (owners === null) return reading.unknownCarries;
  return owners.some((owner) => {
    // A spread in the owner may set the property: not read here.
    if (owner.properties.some((element) => element.type === 'SpreadElement')) return reading.unknownCarries;
    const value = ownPropertyValue(owner, property!, reading.imports);
    return value !== null && mayCarryKey(value, key, reading, depth + 1);
  });
}

/** The literals an identifier may hold: a variable's, or a `.map`/`.flatMap`/`.forEach` item's over a const array. */
function objectLiteralsOf(node: Node): TSESTree.ObjectExpression[] | null {
  if (node.type !== 'Identifier') return null;
  return objectLiteralsOfVariable(node) ?? itemsOfArrayCallback(node);
}

function itemsOfArrayCallback(parameter: TSESTree.Identifier): TSESTree.ObjectExpression[] | null {
  const fn = callbackDeclaringFirst(parameter);
  const call = fn?.parent;
  if (call?.type !== 'CallExpression' || call.arguments[0] !== fn) return null;
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression' || !ITEM_CALLBACKS.has(memberPropertyName(callee) ?? '')) return null;
  const array = unwrap(callee.object);
  const init = array.type === 'Identifier' ? constInitializer(array) : null;
  const elements = init ? unwrap(init) : null;
  if (elements?.type !== 'ArrayExpression') return null;
  const literals: TSESTree.ObjectExpression[] = [];
  for (const element of elements.elements) {
    const literal = element && element.type !== 'SpreadElement' ? objectLiteralOf(element) : null;
    if (!literal) return null;
    literals.push(literal);
  }
  return literals;
}

const ITEM_CALLBACKS: ReadonlySet<string> = new Set(['map', 'flatMap', 'forEach', 'filter']);

/** The function whose first parameter `parameter` names, when it is the nearest function declaring that name. */
function callbackDeclaringFirst(parameter: TSESTree.Identifier): TSESTree.ArrowFunctionExpression | TSESTree.FunctionExpression | null {
  for (let node: Node | undefined = parameter.parent; node; node = node.parent) {
    if (node.type !== 'ArrowFunctionExpression' && node.type !== 'FunctionExpression' && node.type !== 'FunctionDeclaration') continue;
    const first = node.params[0];
    const declaresIt = node.params.some((param) => param.type === 'Identifier' && param.name === parameter.name);
    if (!declaresIt) continue;
    return node.type !== 'FunctionDeclaration' && first?.type === 'Identifier' && first.name === parameter.name ? node : null;
  }
  return null;
}
