/**
 * Reads of `_meta` that break on the next field a producer adds: the consumer side of MCP_META_CHANNELS rule 2
 * ("Fields inside a key may be added, never renamed or removed … Consumers must tolerate unknown fields."). A test or
 * client that asserts the exact shape of a `_meta` key (`expect(r._meta.k).toEqual({ … })`, `toStrictEqual`,
 * `assert.deepStrictEqual`, chai's `deep.equal` / `eql`) or parses it with a schema that rejects unknown properties
 * (`z.object({ … }).strict()`, `z.strictObject`, JSON Schema `additionalProperties: false` / `unevaluatedProperties:
 * false`) fails as soon as the producer makes an allowed, additive change.
 *
 * These are reads, never writes, so the write model does not hold them: this is a model of its own, built once per AST
 * (`strictMetaReadsOf`), only for a file whose text names a strict matcher or schema word (`STRICT_WORDS`) and walking
 * only the subtrees whose text names `_meta` or one of those words. The rule that reports them is
 * `tolerate-unknown-meta-fields`; it is set up only on files the write gate let through (their text names `_meta`).
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, isFunctionNode, memberPropertyName, propertyKeyName, referenceText, unwrap, walkAll } from '../syntax/ast';
import { constInitializer } from '../syntax/bindings';
import { isInbound } from '../planes';
import { sortedHasIn } from '../syntax/offset-set';

type Node = TSESTree.Node;

/** How a read insists on an exact shape. */
export type StrictReadKind =
  /** Jest / Vitest `expect(read).toEqual({ … })` or `.toStrictEqual({ … })`: a partial matcher exists. */
  | 'expect-equal'
  /** `assert.deepStrictEqual(read, { … })`, `assert.deepEqual`, chai `expect(read).to.deep.equal({ … })` / `.eql`. */
  | 'deep-equal'
  /** `z.object({ … }).strict()` parsing `_meta` or one of its keys. */
  | 'zod-strict'
  /** `z.strictObject({ … })` parsing `_meta` or one of its keys. */
  | 'zod-strict-object'
  /** `additionalProperties: false` (or `unevaluatedProperties: false`) in the JSON Schema of `_meta` or a key. */
  | 'closed-json-schema';

export interface StrictMetaRead {
  readonly kind: StrictReadKind;
  /** Where to report: the matcher's name, the assertion call, `strict` in `.strict()`, `strictObject`, the property. */
  readonly node: Node;
  /** What the message calls the read: `r._meta.retrieval`, or `_meta.retrieval` inside a schema. */
  readonly read: string;
  /** What the message calls the strict part: `toEqual`, `deepStrictEqual`, `.strict()`, `additionalProperties: false`. */
  readonly strictness: string;
  /** `expect-equal`: the expected object literal (to wrap in `expect.objectContaining`). */
  readonly expected: TSESTree.ObjectExpression | TSESTree.ArrayExpression | null;
  /** `zod-strict`: the `.strict()` call, whose `.strict()` part the suggestion removes. */
  readonly strictCall: TSESTree.CallExpression | null;
  /** `zod-strict-object`: whether the callee is `z.strictObject` (a member: `z.object` is then in scope too). */
  readonly memberCallee: boolean;
}

/**
 * The words one of these reads is written with; a file whose text names none of them has none, and is never walked.
 * (`toEqual`, `toStrictEqual`, `deepStrictEqual` and `deepEqual` name themselves; chai's `eql` and `equal` come with
 * `deep` or are `eql`.)
 */
const STRICT_WORDS =
  /\b(?:toEqual|toStrictEqual|deepStrictEqual|deepEqual|eql|deep|strict|strictObject|additionalProperties|unevaluatedProperties)\b/g;
const META_WORD = /\b_meta\b/g;

const EMPTY: readonly StrictMetaRead[] = Object.freeze([]);
const byAst = new WeakMap<object, readonly StrictMetaRead[]>();

/** The file's strict `_meta` reads, once per AST. */
export function strictMetaReadsOf(ast: TSESTree.Program, text: string): readonly StrictMetaRead[] {
  const known = byAst.get(ast);
  if (known) return known;
  const reads = findStrictReads(ast, text);
  byAst.set(ast, reads);
  return reads;
}

function offsetsOf(pattern: RegExp, text: string): number[] {
  const offsets: number[] = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) offsets.push(match.index);
  return offsets;
}

/**
 * True when the text may name a `STRICT_WORDS` word: each word holds one of these substrings. A few searches cost a
 * fraction of the word regex over a whole file (an alternation has no literal prefix to skip ahead by), and most files
 * that write `_meta` name none of them. `eql` is found from its `ql`: a search for a string that starts with `e` stops
 * at every `e` of the file.
 */
export function mayNameStrictWord(text: string): boolean {
  return text.includes('Equal') || hasEql(text) || text.includes('deep') || text.includes('strict') || text.includes('Properties');
}

function hasEql(text: string): boolean {
  for (let at = text.indexOf('ql', 1); at !== -1; at = text.indexOf('ql', at + 2)) {
    if (text.charCodeAt(at - 1) === 101 /* e */) return true;
  }
  return false;
}

function findStrictReads(ast: TSESTree.Program, text: string): readonly StrictMetaRead[] {
  if (!mayNameStrictWord(text)) return EMPTY;
  const words = offsetsOf(STRICT_WORDS, text);
  if (words.length === 0) return EMPTY;
  const metas = offsetsOf(META_WORD, text);
  if (metas.length === 0) return EMPTY;
  const reads: StrictMetaRead[] = [];
  const seen = new Set<Node>();
  const add = (read: StrictMetaRead | null): void => {
    if (read && !seen.has(read.node)) {
      seen.add(read.node);
      reads.push(read);
    }
  };
  walkAll(
    ast,
    (node) => {
      if (node.type === 'CallExpression') {
        add(assertionOf(node));
        add(parseOfMeta(node));
      } else if (node.type === 'Property' && propertyKeyName(node) === '_meta' && !node.computed) {
        for (const read of strictSchemasUnder(node)) add(read);
      }
    },
    // Every finding's node holds a `_meta` (the read, the schema's `_meta` property) or, when it reads one through a
    // `const`, its strict word: a subtree naming neither is skipped.
    (node) => sortedHasIn(metas, node.range[0], node.range[1]) || sortedHasIn(words, node.range[0], node.range[1]),
  );
  return reads.length === 0 ? EMPTY : reads.sort((a, b) => a.node.range[0] - b.node.range[0]);
}

// ---------------------------------------------------------------------------------------------------------------
// `_meta` reads

/**
 * The text of a read of `_meta` or something inside it (`r._meta`, `r._meta.k`, `r._meta?.['k']`, `r._meta!.k.f`),
 * or of a `const` bound to one; null for anything else (a call's result, `_meta` written, a look-alike `_metadata`).
 */
function metaReadText(node: Node, depth = 0): string | null {
  const inner = unwrap(node) as Node;
  if (inner.type === 'Identifier' && depth === 0) {
    const init = constInitializer(inner);
    return init && metaReadText(init, 1) !== null ? inner.name : null;
  }
  if (inner.type !== 'MemberExpression') return null;
  for (let current: Node = inner; current.type === 'MemberExpression'; current = unwrap(current.object) as Node) {
    // An inbound request's `_meta` (`params._meta`, `extra._meta`, `lastCallToolParams._meta`) is the client-to-server
    // plane, never reported: a client's test pins what it sends.
    if (memberPropertyName(current) === '_meta') return isInbound(current.object) ? null : readLabel(inner);
  }
  return null;
}

/** `r._meta?.['k']` as `r._meta.k`; a computed part that is not static as `[…]`. */
function readLabel(node: Node): string {
  const inner = unwrap(node) as Node;
  if (inner.type !== 'MemberExpression') return referenceText(inner) ?? '…';
  const name = memberPropertyName(inner);
  const property = name === null ? '[…]' : /^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `['${name}']`;
  return `${readLabel(inner.object)}${property}`;
}

function expectedLiteral(node: Node | undefined): TSESTree.ObjectExpression | TSESTree.ArrayExpression | null {
  if (!node) return null;
  const inner = unwrap(node) as Node;
  // `{}` and `[]` assert emptiness on purpose (nothing leaked); a partial match of them would assert nothing.
  if (inner.type === 'ObjectExpression') return inner.properties.length > 0 ? inner : null;
  if (inner.type === 'ArrayExpression')
    return inner.elements.some((element) => element !== null && (unwrap(element) as Node).type === 'ObjectExpression') ? inner : null;
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Assertions

const EXPECT_EXACT: ReadonlySet<string> = new Set(['toEqual', 'toStrictEqual']);
const ASSERT_DEEP: ReadonlySet<string> = new Set(['deepStrictEqual', 'deepEqual']);

/** `expect(X)`, `expect.soft(X)`; null for anything else. */
function expectArgument(node: Node): Node | null {
  const call = unwrap(node) as Node;
  if (call.type !== 'CallExpression' || call.arguments.length !== 1) return null;
  const callee = unwrap(call.callee) as Node;
  const isExpect =
    (callee.type === 'Identifier' && callee.name === 'expect') ||
    (callee.type === 'MemberExpression' &&
      (unwrap(callee.object) as Node).type === 'Identifier' &&
      (unwrap(callee.object) as TSESTree.Identifier).name === 'expect' &&
      memberPropertyName(callee) === 'soft');
  return isExpect ? call.arguments[0] : null;
}

/** An exact-shape assertion on a `_meta` read, or null. */
function assertionOf(call: TSESTree.CallExpression): StrictMetaRead | null {
  const callee = unwrap(call.callee) as Node;
  const name = calleeName(call);
  if (name === null) return null;
  if (callee.type === 'MemberExpression' && EXPECT_EXACT.has(name)) {
    // `expect(read).toEqual({ … })` (never `.not.toEqual`: a negated exact match does not break on a new field).
    const argument = expectArgument(callee.object);
    const expected = expectedLiteral(call.arguments[0]);
    const read = argument && expected ? metaReadText(argument) : null;
    if (read === null || expected === null) return null;
    return { kind: 'expect-equal', node: callee.property, read, strictness: name, expected, strictCall: null, memberCallee: false };
  }
  if (ASSERT_DEEP.has(name)) {
    // `assert.deepStrictEqual(actual, expected)`, `deepEqual(…)` imported, `t.deepEqual(…)`; either order.
    const [first, second] = call.arguments;
    if (!first || !second) return null;
    const read = expectedLiteral(second) ? metaReadText(first) : expectedLiteral(first) ? metaReadText(second) : null;
    if (read === null) return null;
    return { kind: 'deep-equal', node: call, read, strictness: name, expected: null, strictCall: null, memberCallee: false };
  }
  if (callee.type === 'MemberExpression' && (name === 'equal' || name === 'equals' || name === 'eql')) {
    // chai: `expect(read).to.deep.equal({ … })`, `expect(read).to.eql({ … })`; `include` / `contain` are partial.
    let deep = name === 'eql';
    let current = unwrap(callee.object) as Node;
    while (current.type === 'MemberExpression') {
      const part = memberPropertyName(current);
      if (part === 'deep') deep = true;
      if (part === 'not' || part === 'include' || part === 'contain' || part === 'includes' || part === 'contains') return null;
      current = unwrap(current.object) as Node;
    }
    const argument = deep ? expectArgument(current) : null;
    const read = argument && expectedLiteral(call.arguments[0]) ? metaReadText(argument) : null;
    if (read === null) return null;
    return {
      kind: 'deep-equal',
      node: callee.property,
      read,
      strictness: `deep ${name}`,
      expected: null,
      strictCall: null,
      memberCallee: false,
    };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Schemas

const PARSE: ReadonlySet<string> = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync', 'spa']);

/** `z.object({ … }).strict()` and `z.strictObject({ … })` as they are written (the call), else null. */
function strictSchemaCall(node: Node): { kind: 'zod-strict' | 'zod-strict-object'; call: TSESTree.CallExpression; at: Node } | null {
  const inner = unwrap(node) as Node;
  if (inner.type !== 'CallExpression') return null;
  const name = calleeName(inner);
  const callee = unwrap(inner.callee) as Node;
  if (name === 'strictObject' && inner.arguments.length >= 1) {
    return { kind: 'zod-strict-object', call: inner, at: callee.type === 'MemberExpression' ? callee.property : callee };
  }
  if (name === 'strict' && inner.arguments.length === 0 && callee.type === 'MemberExpression') {
    // The receiver must be an object schema: `….object({ … })` somewhere down its chain (`.extend`, `.pick` keep it one).
    for (let current = unwrap(callee.object) as Node; current.type === 'CallExpression';) {
      if (calleeName(current) === 'object') return { kind: 'zod-strict', call: inner, at: callee.property };
      const next = unwrap(current.callee) as Node;
      if (next.type !== 'MemberExpression') break;
      current = unwrap(next.object) as Node;
    }
  }
  return null;
}

/** The strict schema `node` is, or is built from by modifiers (`.optional()`, `.nullable()`), through one `const`. */
function strictSchemaOf(node: Node, depth = 0): ReturnType<typeof strictSchemaCall> {
  let current = unwrap(node) as Node;
  if (current.type === 'Identifier' && depth === 0) {
    const init = constInitializer(current);
    return init ? strictSchemaOf(init, 1) : null;
  }
  while (current.type === 'CallExpression') {
    const found = strictSchemaCall(current);
    if (found) return found;
    const callee = unwrap(current.callee) as Node;
    // `z.optional(X)`, `z.nullable(X)` wrap their argument; `X.optional()` its receiver.
    const wrapped = calleeName(current);
    if ((wrapped === 'optional' || wrapped === 'nullable' || wrapped === 'nullish') && current.arguments.length === 1) {
      current = unwrap(current.arguments[0]) as Node;
      continue;
    }
    if (callee.type !== 'MemberExpression') return null;
    current = unwrap(callee.object) as Node;
  }
  return null;
}

function zodRead(found: NonNullable<ReturnType<typeof strictSchemaCall>>, read: string): StrictMetaRead {
  const memberCallee = (unwrap(found.call.callee) as Node).type === 'MemberExpression';
  return {
    kind: found.kind,
    node: found.at,
    read,
    strictness: found.kind === 'zod-strict' ? '.strict()' : 'strictObject',
    expected: null,
    strictCall: found.kind === 'zod-strict' ? found.call : null,
    memberCallee,
  };
}

/** `Schema.parse(r._meta.k)` (also `safeParse`, …) where `Schema` is a strict object schema. */
function parseOfMeta(call: TSESTree.CallExpression): StrictMetaRead | null {
  const name = calleeName(call);
  const callee = unwrap(call.callee) as Node;
  if (name === null || !PARSE.has(name) || callee.type !== 'MemberExpression' || call.arguments.length === 0) return null;
  const read = metaReadText(call.arguments[0]);
  if (read === null) return null;
  const found = strictSchemaOf(callee.object);
  return found ? zodRead(found, read) : null;
}

/**
 * The strict schemas under a `_meta` property of a schema (a zod shape or a JSON Schema's `properties`): the value
 * itself (the whole `_meta` closed) and the schemas of its keys, however deep, through object literals, schema
 * builder calls and one `const`.
 */
function strictSchemasUnder(property: TSESTree.Property): StrictMetaRead[] {
  if (!isSchemaContext(property)) return [];
  const found: StrictMetaRead[] = [];
  const visit = (node: Node, path: string, depth: number): void => {
    if (depth > 6) return;
    const inner = unwrap(node) as Node;
    if (inner.type === 'Identifier') {
      const init = depth < 6 ? constInitializer(inner) : null;
      if (init) visit(init, path, 6);
      return;
    }
    if (inner.type === 'CallExpression') {
      const strict = strictSchemaCall(inner);
      if (strict) found.push(zodRead(strict, path));
      const callee = unwrap(inner.callee) as Node;
      if (callee.type === 'MemberExpression') visit(callee.object, path, depth);
      for (const argument of inner.arguments) visit(argument, path, depth + 1);
      return;
    }
    if (inner.type !== 'ObjectExpression') return;
    for (const element of inner.properties) {
      if (element.type !== 'Property') continue;
      const key = propertyKeyName(element);
      if (key === null) continue;
      const value = unwrap(element.value) as Node;
      if ((key === 'additionalProperties' || key === 'unevaluatedProperties') && value.type === 'Literal' && value.value === false) {
        found.push({
          kind: 'closed-json-schema',
          node: element,
          read: path,
          strictness: `${key}: false`,
          expected: null,
          strictCall: null,
          memberCallee: false,
        });
        continue;
      }
      // A JSON Schema's `properties` (and a zod shape) names the keys: the path grows by the key, not by `properties`.
      if (key === 'properties' || key === 'items' || key === 'shape') visit(value, path, depth + 1);
      else visit(value, /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}['${key}']`, depth + 1);
    }
  };
  visit(property.value, '_meta', 0);
  return found;
}

/**
 * A `_meta` property that describes a schema, not one that writes `_meta`: it sits in the argument of a schema
 * builder (`z.object({ _meta: … })`, `.extend({ _meta: … })`) or in a JSON Schema's `properties`, and its value is a
 * schema (a builder call, or an object with `type`, `properties` or `additionalProperties`).
 */
function isSchemaContext(property: TSESTree.Property): boolean {
  const holder = property.parent;
  if (holder?.type !== 'ObjectExpression') return false;
  const above = holder.parent;
  const inJsonProperties = above?.type === 'Property' && propertyKeyName(above) === 'properties';
  const inBuilder = above?.type === 'CallExpression' && above.arguments.includes(holder) && isSchemaBuilder(above);
  if (!inJsonProperties && !inBuilder) return false;
  if (above && isFunctionNode(above)) return false;
  const value = unwrap(property.value) as Node;
  if (value.type === 'CallExpression' || value.type === 'Identifier') return inBuilder || strictSchemaOf(value) !== null;
  if (value.type !== 'ObjectExpression') return false;
  return value.properties.some((element) => {
    const key = element.type === 'Property' ? propertyKeyName(element) : null;
    return key === 'type' || key === 'properties' || key === 'additionalProperties' || key === 'unevaluatedProperties';
  });
}

/** `z.object(…)`, `z.strictObject(…)`, `X.extend(…)`, `z.looseObject(…)`: calls whose object argument is a shape. */
function isSchemaBuilder(call: TSESTree.CallExpression): boolean {
  const name = calleeName(call);
  return (
    name === 'object' || name === 'strictObject' || name === 'looseObject' || name === 'extend' || name === 'merge' || name === 'partial'
  );
}
