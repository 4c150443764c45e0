/**
 * Small, pure AST helpers shared by the write analysis and the rules. Everything here sees through TypeScript's
 * expression wrappers (`x!`, `x as T`, `<T>x`, `x satisfies T`) and optional chains, since they never change which
 * object is written.
 */
import { countCost } from '../../util/cost-counter';
import type { TSESTree } from '@typescript-eslint/utils';
import { visitorKeys as TS_VISITOR_KEYS } from '@typescript-eslint/visitor-keys';

type Node = TSESTree.Node;
type Expression = TSESTree.Expression;

const WRAPPER_TYPES = new Set([
  'TSNonNullExpression',
  'TSAsExpression',
  'TSTypeAssertion',
  'TSSatisfiesExpression',
  'TSInstantiationExpression',
  'ChainExpression',
]);

/** Strips TypeScript wrappers and optional-chain containers: `(x! as R)` -> `x`. */
export function unwrap<T extends Node | null | undefined>(node: T): T | Expression {
  let current: Node | null | undefined = node;
  while (current && WRAPPER_TYPES.has(current.type)) {
    current = (current as TSESTree.TSNonNullExpression | TSESTree.ChainExpression).expression;
  }
  return current as T | Expression;
}

/** The string a key expression stands for when it is written out: `'k'`, `` `k` `` (no expressions). */
export function staticString(node: Node | null | undefined): string | null {
  const inner = unwrap(node);
  if (!inner) return null;
  if (inner.type === 'Literal' && typeof inner.value === 'string') return inner.value;
  if (inner.type === 'TemplateLiteral' && inner.expressions.length === 0) return inner.quasis[0]?.value.cooked ?? null;
  return null;
}

/**
 * The first `name: value` property of an object literal (a static computed key counts), or null. With `written`, only
 * one written as a plain key (`name:`, `'name':`) holding a value: a computed key (`['name']:`) and an accessor do not
 * count.
 */
export function propertyNamed(
  literal: TSESTree.ObjectExpression,
  name: string,
  { written = false }: { readonly written?: boolean } = {},
): TSESTree.Property | null {
  for (const property of literal.properties) {
    if (property.type !== 'Property' || (written && (property.computed || property.kind !== 'init'))) continue;
    if (propertyKeyName(property) === name) return property;
  }
  return null;
}

/** The static name of a member's property (`a.b`, `a['b']`, `` a[`b`] ``), or null. */
export function memberPropertyName(member: TSESTree.MemberExpression): string | null {
  if (!member.computed) {
    return member.property.type === 'Identifier' ? member.property.name : null; // PrivateIdentifier: never `_meta`
  }
  return staticString(member.property);
}

/** The static name of an object literal property key (`k:`, `'k':`, `[\`k\`]:`), or of a type member (`k: T`, `k(): T`); null when computed. */
export function propertyKeyName(property: TSESTree.Property | TSESTree.TSPropertySignature | TSESTree.TSMethodSignature): string | null {
  if (!property.computed) {
    if (property.key.type === 'Identifier') return property.key.name;
    if (property.key.type === 'Literal') return String(property.key.value);
    return null;
  }
  return staticString(property.key);
}

/**
 * A comparable text for an object expression made of identifiers, `this` and static member accesses
 * (`out`, `this.result`, `res.body`), ignoring wrappers and optional chaining. Null for anything else
 * (calls, computed members): such targets are never considered "the same object".
 */
export function referenceText(node: Node | null | undefined): string | null {
  const inner = unwrap(node);
  if (!inner) return null;
  if (inner.type === 'Identifier') return inner.name;
  if (inner.type === 'ThisExpression') return 'this';
  if (inner.type === 'MemberExpression') {
    const objectText = referenceText(inner.object);
    const name = memberPropertyName(inner);
    return objectText !== null && name !== null ? `${objectText}.${name}` : null;
  }
  return null;
}

/** True when evaluating `node` twice is safe to assume side-effect free: identifiers, `this`, static member chains. */
export function isSideEffectFree(node: Node | null | undefined): boolean {
  return referenceText(node) !== null;
}

/** The names along a member chain, outermost last: `request.params._meta` -> ['request', 'params']. */
export function referenceSegments(node: Node | null | undefined): string[] {
  const inner = unwrap(node);
  if (!inner) return [];
  if (inner.type === 'Identifier') return [inner.name];
  if (inner.type === 'MemberExpression') {
    const name = memberPropertyName(inner);
    return [...referenceSegments(inner.object), ...(name === null ? [] : [name])];
  }
  return [];
}

/** The name a call's callee goes by: `emit(...)` -> emit, `ctx.emitResponseMeta?.(...)` -> emitResponseMeta. */
export function calleeName(call: TSESTree.CallExpression): string | null {
  const callee = unwrap(call.callee);
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression') return memberPropertyName(callee);
  return null;
}

export function isFunctionNode(
  node: Node,
): node is TSESTree.FunctionDeclaration | TSESTree.FunctionExpression | TSESTree.ArrowFunctionExpression {
  return node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression';
}

const LOOPS: ReadonlySet<string> = new Set(['ForStatement', 'ForInStatement', 'ForOfStatement', 'WhileStatement', 'DoWhileStatement']);

/** A loop statement: what it holds may run again after what follows it in the text. */
export function isLoop(node: Node): boolean {
  return LOOPS.has(node.type);
}

/** The name a function is known by in its file: declaration id, `const f = () => ...`, `f: () => ...`, `f() {}`. */
export function functionName(fn: Node): string | null {
  if (fn.type === 'FunctionDeclaration' || fn.type === 'FunctionExpression') {
    if (fn.id) return fn.id.name;
  }
  const parent = fn.parent;
  if (!parent) return null;
  if (parent.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return parent.id.name;
  if ((parent.type === 'Property' || parent.type === 'MethodDefinition' || parent.type === 'PropertyDefinition') && parent.value === fn) {
    if (!parent.computed && parent.key.type === 'Identifier') return parent.key.name;
    return staticString(parent.key);
  }
  if (parent.type === 'AssignmentExpression' && parent.right === fn) {
    const left = unwrap(parent.left);
    if (left.type === 'Identifier') return left.name;
    if (left.type === 'MemberExpression') return memberPropertyName(left);
  }
  return null;
}

const NON_CHILD_KEYS = new Set(['parent', 'loc', 'range', 'tokens', 'comments']);

/**
 * The child keys of each node type, in source order (typescript-eslint's own table, the one its parser and ESLint
 * traverse with). Why not `Object.keys(node)`: that allocates an array of every property per node and tests each
 * against `NON_CHILD_KEYS`, and the file walks visit thousands of nodes per file (a walk took several times longer).
 * A type the table does not know (another parser's node, a newer syntax) is walked generically.
 */
const CHILD_KEYS: Readonly<Record<string, readonly string[] | undefined>> = TS_VISITOR_KEYS;

/** Calls `visit` on each child node, in source order. */
export function forEachChildNode(node: Node, visit: (child: Node) => void): void {
  const keys = CHILD_KEYS[node.type];
  if (keys === undefined) {
    forEachChildGenerically(node, visit);
    return;
  }
  const record = node as unknown as Record<string, unknown>;
  for (let k = 0; k < keys.length; k += 1) {
    const value = record[keys[k]];
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (const item of value) if (item && typeof (item as Node).type === 'string') visit(item as Node);
    } else if (typeof (value as Node).type === 'string') {
      visit(value as Node);
    }
  }
}

function forEachChildGenerically(node: Node, visit: (child: Node) => void): void {
  for (const key of Object.keys(node)) {
    if (NON_CHILD_KEYS.has(key)) continue;
    const value = (node as unknown as Record<string, unknown>)[key];
    if (Array.isArray(value)) {
      for (const item of value) if (item && typeof (item as Node).type === 'string') visit(item as Node);
    } else if (value && typeof (value as Node).type === 'string') {
      visit(value as Node);
    }
  }
}

/**
 * The per-file models that walk the file from its `Program`, each at most once per AST and each pruned by its own text
 * marks under ESLint and oxlint (a subtree whose text holds none is not entered): what \`file-walks\` may count for one
 * lint of a file (test/analysis/file-walks.test.ts). A new model folds its question into one of these walks (the
 * sites walk first), or joins this list with its own text gate.
 */
export const FILE_WALKS = [
  'sites (find-write-sites.ts, the write model)',
  'pass-through (relay/pass-through.ts: literals copying a result field)',
  'pass-through call uses (relay/pass-through.ts: the calls of a name and its uses as an argument, by name, asked lazily)',
  'relay (relay/pass-through-request.ts)',
  'strict reads (facts/strict-meta-reads.ts)',
  'getters (facts/isolation.ts, asked lazily)',
  'look-alikes (facts/meta-look-alikes.ts)',
  'ui resources (apps/app-resources.ts)',
] as const;

/** Counts a walk that starts at a file's `Program` (\`pruned\`: a text mark keeps it out of most subtrees). */
export function countFileWalk(pruned: boolean): void {
  countCost('file-walks');
  if (!pruned) countCost('full-file-walks');
}

/**
 * Visits `root` and every node below it, depth first in source order, linking `parent` where a bare parse left it
 * unset. An explicit stack, not recursion: a generated file's left-deep expression (thousands of `a + b + …`) would
 * overflow a recursive walk, and this one runs on whole files. With `enter`, a child for which it is false is neither
 * visited nor walked (its `parent` is still linked): how a caller skips the subtrees its text check rules out.
 */
export function walkAll(root: Node, visit: (node: Node) => void, enter?: (node: Node) => boolean): void {
  if (root.type === 'Program') countFileWalk(enter !== undefined);
  const stack: Node[] = [root];
  // One closure for the whole walk (not one per node): it links the child and pushes it if it is to be entered.
  let parent: Node = root;
  const push = (child: Node): void => {
    (child as { parent?: Node }).parent ??= parent;
    if (!enter || enter(child)) stack.push(child);
  };
  while (stack.length > 0) {
    const node = stack.pop()!;
    visit(node);
    const first = stack.length;
    parent = node;
    forEachChildNode(node, push);
    // Pushed in source order; reversed in place, so they are popped (visited) in source order.
    for (let low = first, high = stack.length - 1; low < high; low += 1, high -= 1) {
      const swap = stack[low];
      stack[low] = stack[high];
      stack[high] = swap;
    }
  }
}

/**
 * Nodes under `root` (itself included) matching `predicate`, without entering nested functions or classes: what
 * `root`'s own function evaluates. A match is not searched further.
 */
export function collectInSameFunction<T extends Node>(root: Node, predicate: (node: Node) => node is T): T[];
export function collectInSameFunction(root: Node, predicate: (node: Node) => boolean): Node[];
export function collectInSameFunction(root: Node, predicate: (node: Node) => boolean): Node[] {
  const found: Node[] = [];
  const visit = (node: Node): void => {
    if (predicate(node)) {
      found.push(node);
      return;
    }
    if (node !== root && (isFunctionNode(node) || node.type === 'ClassBody')) return;
    forEachChildNode(node, visit);
  };
  visit(root);
  return found;
}

/**
 * Whether some node under `root` (itself included) matches, without entering nested functions or classes: the
 * question `collectInSameFunction(…).length > 0` asks, answered at the first match instead of after the whole subtree
 * (and without collecting). `computes` asks it of every producer's value.
 */
export function someInSameFunction(root: Node, predicate: (node: Node) => boolean): boolean {
  let found = false;
  const visit = (node: Node): void => {
    if (found) return;
    if (predicate(node)) {
      found = true;
      return;
    }
    if (node !== root && (isFunctionNode(node) || node.type === 'ClassBody')) return;
    forEachChildNode(node, visit);
  };
  visit(root);
  return found;
}

/**
 * `source || {}` and `source ?? {}` stand for `source` (the empty literal, taken only when there is no source, adds
 * nothing of its own: no key, no plane); else `node`.
 */
export function defaultedSource(node: Node): Node {
  if (node.type !== 'LogicalExpression' || node.operator === '&&') return node;
  const fallback = unwrap(node.right);
  return fallback.type === 'ObjectExpression' && fallback.properties.length === 0 ? unwrap(node.left) : node;
}

/** `null`, `undefined`, `false`, `''` (seen through wrappers): a spread or branch that adds nothing to an object. */
export function isNothing(node: Node): boolean {
  const inner = unwrap(node);
  if (inner.type === 'Literal') return inner.value === null || inner.value === false || inner.value === '';
  return inner.type === 'Identifier' && inner.name === 'undefined';
}

/**
 * An identifier that reads the name it spells, not one that names a property: a member's name (`x.f`) or the key of an
 * object, class or type member (`{ f: 1 }`, `f() {}`, `f: T`), unless computed. A shorthand's value reads it (`{ f }`).
 */
export function readsItsName(identifier: TSESTree.Identifier): boolean {
  const parent = identifier.parent;
  switch (parent?.type) {
    case 'MemberExpression':
      return parent.computed || parent.property !== identifier;
    case 'Property':
      // A shorthand's key is its value too (espree gives both places one node).
      return parent.computed || parent.shorthand || parent.key !== identifier;
    case 'MethodDefinition':
    case 'PropertyDefinition':
    case 'TSPropertySignature':
    case 'TSMethodSignature':
      return parent.computed || parent.key !== identifier;
    default:
      return true;
  }
}

/**
 * The object literals a spread argument can add, when every branch is one or adds nothing: `...(c && { [K]: v })`,
 * `...(c ? { a } : {})`, `...(c ? { a } : null)`. Null when some branch is not statically known.
 */
export function conditionalLiterals(argument: Node): TSESTree.ObjectExpression[] | null {
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

/** The arguments of the `return`s that belong to the function whose body is `body` (not to functions nested in it). */
export function returnArguments(body: Node): Expression[] {
  const returns = collectInSameFunction(body, (node): node is TSESTree.ReturnStatement => node.type === 'ReturnStatement');
  return returns.flatMap((statement) => (statement.argument ? [statement.argument] : []));
}

/** What a function returns: its `return`s' arguments, or an arrow's expression body; none without a body. */
export function returnedValues(fn: TSESTree.FunctionLike): Expression[] {
  if (!fn.body) return [];
  return fn.body.type === 'BlockStatement' ? returnArguments(fn.body) : [fn.body as Expression];
}

/** Whether `inner` lies within `outer` in the source (`outer` itself included): a descendant, by range. */
export function containsNode(outer: Node, inner: Node): boolean {
  return outer.range[0] <= inner.range[0] && inner.range[1] <= outer.range[1];
}

/** The nearest function around `node` (not `node` itself), or null at the top level. */
export function enclosingFunction(
  node: Node,
): TSESTree.FunctionDeclaration | TSESTree.FunctionExpression | TSESTree.ArrowFunctionExpression | null {
  for (let up = node.parent; up; up = up.parent) if (isFunctionNode(up)) return up;
  return null;
}

/**
 * The function `value` is the returned value of: `return value` (the nearest enclosing function) or an arrow's
 * expression body. Callers that see through `as` / `await` unwrap first (`outsideTypeWrappers`).
 */
export function functionReturning(
  value: Node,
): TSESTree.FunctionDeclaration | TSESTree.FunctionExpression | TSESTree.ArrowFunctionExpression | null {
  const parent = value.parent;
  if (parent?.type === 'ArrowFunctionExpression' && parent.body === value) return parent;
  return parent?.type === 'ReturnStatement' ? enclosingFunction(parent) : null;
}

/**
 * The function a `return` or an arrow's expression body leaves with `node` as its value, also as a branch of `?:`, a
 * side of `&&`/`||`/`??`, awaited or type-asserted (`return c ? { a } : {}`), and the `return` statement (null for an
 * arrow's body); null when `node` is not what a function returns.
 */
export function returnedFrom(node: Node): {
  fn: TSESTree.FunctionDeclaration | TSESTree.FunctionExpression | TSESTree.ArrowFunctionExpression;
  statement: TSESTree.ReturnStatement | null;
} | null {
  let child = node;
  for (let parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (passesValueOn(parent, child)) continue;
    if (parent.type === 'ReturnStatement') {
      const fn = enclosingFunction(parent);
      return fn ? { fn, statement: parent } : null;
    }
    return parent.type === 'ArrowFunctionExpression' && parent.body === child ? { fn: parent, statement: null } : null;
  }
  return null;
}

/** The promise `fn` is the first callback of: `x` in `x.then(fn)` (`fn` gets what `x` settles to), or null. */
export function thenReceiver(fn: Node): Expression | null {
  const call = fn.parent;
  if (call?.type !== 'CallExpression' || call.arguments[0] !== fn || call.callee.type !== 'MemberExpression') return null;
  return memberPropertyName(call.callee) === 'then' ? call.callee.object : null;
}

/** The root of `node`'s tree: the `Program` for a node of a parsed file. */
export function rootOf(node: Node): Node {
  let root = node;
  while (root.parent) root = root.parent;
  return root;
}

/** The name a parameter binds (`x`, `x = 1`, a constructor's `private x`), or null for a destructuring pattern. */
export function parameterName(param: TSESTree.Parameter): string | null {
  const inner = param.type === 'TSParameterProperty' ? param.parameter : param;
  if (inner.type === 'Identifier') return inner.name;
  if (inner.type === 'AssignmentPattern' && inner.left.type === 'Identifier') return inner.left.name;
  return null;
}

/**
 * Where the file's tokens spell `name` (start offsets, ascending), read from the parser's token list: a walk looking
 * for the uses of one variable enters only the subtrees holding one (`sortedHasIn`), not its whole scope (a top-level
 * `const` is a walk of the whole file otherwise). Null when the tree has no token list of its own (a parse without
 * tokens, the command's; a host that computes them on demand): then nothing can be skipped.
 */
export function tokenOffsetsOf(node: Node, name: string): readonly number[] | null {
  const program = rootOf(node);
  if (program.type !== 'Program') return null;
  let byName = tokenOffsets.get(program);
  if (!byName) {
    // A data property only: a getter (oxlint's `tokens`) may build every token on first read.
    const tokens = (Object.getOwnPropertyDescriptor(program, 'tokens')?.value ?? null) as readonly TSESTree.Token[] | null;
    if (!Array.isArray(tokens)) return null;
    tokenOffsets.set(program, (byName = { tokens, offsets: new Map() }));
  }
  let offsets = byName.offsets.get(name);
  if (!offsets) {
    offsets = [];
    for (const token of byName.tokens) if (token.value === name) offsets.push(token.range[0]);
    byName.offsets.set(name, offsets);
  }
  return offsets;
}

const tokenOffsets = new WeakMap<Node, { readonly tokens: readonly TSESTree.Token[]; readonly offsets: Map<string, number[]> }>();

/**
 * Whether `parent` has its child `child`'s value as (one of) its own: a branch of `?:` (not its test), either side of
 * `??`/`||`/`&&`, `await`, a type assertion. What walks up from a value to where it goes passes these.
 */
export function passesValueOn(parent: Node, child: Node): boolean {
  switch (parent.type) {
    case 'ConditionalExpression':
      return parent.test !== child;
    case 'LogicalExpression':
    case 'AwaitExpression':
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'TSNonNullExpression':
    case 'TSTypeAssertion':
      return true;
    default:
      return false;
  }
}

/** The same value without what only types it: `x as T`, `x satisfies T`, `x!`, `<T>x` (the outermost of them). */
export function outsideTypeWrappers(value: Node): Node {
  let node = value;
  while (
    node.parent &&
    (node.parent.type === 'TSAsExpression' ||
      node.parent.type === 'TSSatisfiesExpression' ||
      node.parent.type === 'TSNonNullExpression' ||
      node.parent.type === 'TSTypeAssertion')
  ) {
    node = node.parent;
  }
  return node;
}
