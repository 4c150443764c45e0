/**
 * Finds every `_meta` write site of one file in a single walk and classifies it (see `MetaWrite`). This is the one
 * domain visitor all rules share; it knows nothing about which rule will complain about what.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import type { Registry } from '../registry/types';
import {
  calleeName,
  forEachChildNode,
  isMetaOf,
  functionName,
  isFunctionNode,
  memberPropertyName,
  metaOwner,
  propertyKeyName,
  referenceSegments,
  referenceText,
  unwrap,
  walkAll,
} from './ast';
import { constInitializer, staticKey } from './bindings';
import type { KeySource, MetaKeyWrite, MetaWrite, MetaWriteKind } from './types';

type Node = TSESTree.Node;
type Expression = TSESTree.Expression;

export type VisitorKeys = Readonly<Record<string, readonly string[] | undefined>>;
export type WriteVocabulary = Pick<Registry, 'emitters' | 'hooks' | 'hookFunctions'>;

export interface FindMetaWritesInput {
  ast: TSESTree.Program;
  text: string;
  visitorKeys: VisitorKeys;
  vocabulary: WriteVocabulary;
}

/** Names of objects on the inbound plane: `_meta` under them is the client's (CX2-11), never a tool result's. */
const INBOUND_SEGMENTS = new Set(['params', 'arguments', 'args', 'request', 'req', 'input']);
/** Properties that make an object literal a tool result (MCP CallToolResult). */
const TOOL_RESULT_PROPERTIES = new Set(['content', 'structuredContent', 'isError']);
/** A spread whose source is named like this re-wraps a tool result: `{ ...result, _meta }`. */
const RESULT_NAME = /result|response/i;
/** Calls whose object-literal argument is a serialised body, not a tool result. */
const BODY_SINKS = new Set(['stringify', 'json', 'send', 'write', 'end']);

/**
 * Cheap first check: a file that mentions neither `_meta` nor any manifest emitter, hook or hook-function name
 * cannot write `_meta`, so it is never walked.
 */
export function mayWriteMeta(text: string, vocabulary: WriteVocabulary): boolean {
  return mentionPattern(vocabulary).test(text);
}

const mentionPatterns = new WeakMap<WriteVocabulary, RegExp>();

/** One regular expression for all the names: one pass over the text instead of one `includes` per name (~6x faster). */
function mentionPattern(vocabulary: WriteVocabulary): RegExp {
  let pattern = mentionPatterns.get(vocabulary);
  if (!pattern) {
    const names = ['_meta', ...vocabulary.emitters, ...vocabulary.hooks, ...vocabulary.hookFunctions];
    pattern = new RegExp(names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'));
    mentionPatterns.set(vocabulary, pattern);
  }
  return pattern;
}

let walks = 0;

/** How many files `findMetaWrites` has walked in this process (tests prove the cheap check skips the walk). */
export function metaWalkCount(): number {
  return walks;
}

export function findMetaWrites(input: FindMetaWritesInput): MetaWrite[] {
  if (!mayWriteMeta(input.text, input.vocabulary)) return [];
  walks += 1;
  // ESLint and oxlint link `parent` before rules run; a bare parser (the CLI) does not, and bindings need it.
  if (input.ast.body.length > 0 && !input.ast.body[0].parent) walkAll(input.ast, () => undefined);
  const finder = new WriteFinder(input.vocabulary, input.visitorKeys, new MentionIndex(input.text, input.vocabulary));
  finder.walk(input.ast);
  return finder.finish();
}

interface Site {
  functionNode: Node;
  statement: TSESTree.Statement | null;
  tryStatement: TSESTree.TryStatement | null;
}

interface PendingAliasWrite {
  kind: 'key-assign' | 'key-delete';
  node: Node;
  alias: TSESTree.Identifier;
  key: MetaKeyWrite;
  site: Site;
}

/**
 * Where the file's text names `_meta`, a manifest emitter, hook or hook function, or a `_meta` alias: sorted offsets,
 * so the walk can skip any subtree whose source range holds none of them (most of a `_meta` file's code).
 */
const IDENTIFIER_CHAR = /[\w$]/;

class MentionIndex {
  private offsets: number[] = [];

  constructor(
    private readonly text: string,
    vocabulary: WriteVocabulary,
  ) {
    for (const name of ['_meta', ...vocabulary.emitters, ...vocabulary.hooks, ...vocabulary.hookFunctions]) this.add(name);
  }

  add(name: string): void {
    for (let at = this.text.indexOf(name); at !== -1; at = this.text.indexOf(name, at + name.length)) {
      // Whole identifiers only: an alias named `m` must not count every other `m` in the file.
      if (!IDENTIFIER_CHAR.test(this.text[at - 1] ?? '') && !IDENTIFIER_CHAR.test(this.text[at + name.length] ?? '')) this.offsets.push(at);
    }
    this.offsets.sort((a, b) => a - b);
  }

  /** True when some mention starts inside [start, end). */
  within(start: number, end: number): boolean {
    const offsets = this.offsets;
    let low = 0;
    let high = offsets.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (offsets[middle] < start) low = middle + 1;
      else high = middle;
    }
    return low < offsets.length && offsets[low] < end;
  }
}

class WriteFinder {
  private readonly writes: MetaWrite[] = [];
  private readonly ancestors: Node[] = [];
  /** Names declared `const m = x._meta` somewhere in the file; writes through them are confirmed after the walk. */
  private readonly aliasNames = new Set<string>();
  private readonly pendingAliasWrites: PendingAliasWrite[] = [];

  /** > 0 while inside a manifest hook function: its returns are writes without naming `_meta`, so nothing is skipped. */
  private hookFunctionDepth = 0;

  constructor(
    private readonly vocabulary: WriteVocabulary,
    private readonly visitorKeys: VisitorKeys,
    private readonly mentions: MentionIndex,
  ) {}

  walk(node: Node): void {
    const hookFunction = isFunctionNode(node) && this.vocabulary.hookFunctions.has(functionName(node) ?? '');
    // A subtree whose text names neither `_meta`, nor a manifest name, nor a `_meta` alias cannot write `_meta`.
    if (!hookFunction && this.hookFunctionDepth === 0 && !this.mentions.within(node.range[0], node.range[1])) return;
    if (hookFunction) this.hookFunctionDepth += 1;
    this.visit(node);
    if (hookFunction) this.hookFunctionDepth -= 1;
  }

  private visit(node: Node): void {
    this.inspect(node);
    const keys = walkKeys(this.visitorKeys, node.type);
    if (keys?.length === 0) return;
    this.ancestors.push(node);
    if (keys) {
      // The hot loop of the analysis: inlined (no closure per node), since every node of a `_meta` file passes here.
      for (const key of keys) {
        const child = (node as unknown as Record<string, unknown>)[key];
        if (Array.isArray(child)) {
          for (const item of child) if (item && typeof (item as Node).type === 'string') this.walk(item as Node);
        } else if (child && typeof (child as Node).type === 'string') {
          this.walk(child as Node);
        }
      }
    } else {
      forEachChildNode(node, (child) => this.walk(child));
    }
    this.ancestors.pop();
  }

  finish(): MetaWrite[] {
    for (const pending of this.pendingAliasWrites) {
      const owner = metaOwner(aliasInitializerMeta(pending.alias));
      if (!owner || isInbound(owner)) continue;
      this.writes.push(
        makeWrite({ kind: pending.kind, node: pending.node, target: owner, keys: [pending.key], alias: pending.alias }, pending.site),
      );
    }
    return this.writes.sort((a, b) => a.node.range[0] - b.node.range[0]);
  }

  private inspect(node: Node): void {
    switch (node.type) {
      case 'AssignmentExpression':
        return this.onAssignment(node);
      case 'UnaryExpression':
        if (node.operator === 'delete') this.onDelete(node);
        return;
      case 'CallExpression':
        return this.onCall(node);
      case 'ObjectExpression':
        return this.onObjectLiteral(node);
      case 'VariableDeclarator':
        if (node.id.type === 'Identifier' && aliasInitializerMeta(node.id) && !this.aliasNames.has(node.id.name)) {
          this.aliasNames.add(node.id.name);
          this.mentions.add(node.id.name); // writes through the alias (`m.k = v`) never name `_meta`
        }
        return;
      case 'ReturnStatement':
        if (node.argument) this.onReturned(node.argument, node);
        return;
      case 'ArrowFunctionExpression':
        if (node.expression) {
          // The arrow is not on the ancestor stack yet while it is inspected; its body's site is inside it.
          this.ancestors.push(node);
          this.onReturned(node.body as Expression, node.body);
          this.ancestors.pop();
        }
        return;
      default:
        return;
    }
  }

  private onAssignment(node: TSESTree.AssignmentExpression): void {
    const left = unwrap(node.left);
    if (left.type !== 'MemberExpression') return;
    const owner = metaOwner(left);
    if (owner) {
      if (isInbound(owner)) return;
      const value = unwrap(node.right);
      const targetText = referenceText(owner);
      const initialises = node.operator === '??=' || node.operator === '||=' || createsMissingMeta(node, value, targetText);
      const shape = metaValueShape(value, targetText);
      const kind: MetaWriteKind = initialises ? 'meta-init' : 'meta-assign';
      this.add({ kind, node, target: owner, metaValue: value, replaces: !initialises && !shape.mergesSelf, ...shape });
      return;
    }
    const keyValue = node.operator === '=' || node.operator === '??=' || node.operator === '||=' ? unwrap(node.right) : null;
    this.onKeyMember(left, node, 'key-assign', keyValue);
  }

  private onDelete(node: TSESTree.UnaryExpression): void {
    const argument = unwrap(node.argument);
    if (argument.type !== 'MemberExpression') return;
    const owner = metaOwner(argument);
    if (owner) {
      if (!isInbound(owner)) this.add({ kind: 'meta-delete', node, target: owner, replaces: true });
      return;
    }
    this.onKeyMember(argument, node, 'key-delete', null);
  }

  /** `x._meta.k` (or `alias.k`) as the place written or deleted. Deeper paths (`x._meta.k.f = v`) write key k too. */
  private onKeyMember(member: TSESTree.MemberExpression, node: Node, kind: 'key-assign' | 'key-delete', value: Expression | null): void {
    let keyMember = member;
    let depth = 0;
    for (let object = unwrap(keyMember.object); object.type === 'MemberExpression'; object = unwrap(keyMember.object)) {
      if (metaOwner(object)) break;
      keyMember = object;
      depth += 1;
    }
    const key = memberKey(keyMember, depth === 0 ? value : null);
    const owner = metaOwner(keyMember.object);
    if (owner) {
      if (!isInbound(owner)) this.add({ kind, node, target: owner, keys: [key] });
      return;
    }
    const aliasObject = unwrap(keyMember.object);
    if (aliasObject.type === 'Identifier') {
      this.pendingAliasWrites.push({ kind, node, alias: aliasObject, key, site: this.site() });
    }
  }

  private onCall(node: TSESTree.CallExpression): void {
    const name = calleeName(node);
    if (name === null) return;
    if (name === 'assign' && isObjectAssign(node)) return this.onObjectAssign(node);
    if (this.vocabulary.emitters.has(name)) {
      const [keyArgument, valueArgument] = node.arguments;
      const key = keyArgument && keyArgument.type !== 'SpreadElement'
        ? resolveKey(keyArgument, keyArgument, valueArgument && valueArgument.type !== 'SpreadElement' ? unwrap(valueArgument) : null)
        : { name: null, source: 'dynamic' as const, node, value: null };
      this.add({ kind: 'emit', node, keys: [key] });
      return;
    }
    if (this.vocabulary.hooks.has(name)) this.add({ kind: 'hook-call', node });
  }

  private onObjectAssign(node: TSESTree.CallExpression): void {
    const [first, ...sources] = node.arguments;
    if (!first || first.type === 'SpreadElement') return;
    const owner = metaOwner(first);
    if (owner) {
      // Object.assign(x._meta, { k: v }, fragment): merges per key.
      if (isInbound(owner)) return;
      const keys: MetaKeyWrite[] = [];
      const spreads: Expression[] = [];
      for (const source of sources) {
        const literal = source.type === 'SpreadElement' ? null : objectLiteralOf(source);
        if (literal) {
          const shape = metaValueShape(literal, null);
          keys.push(...shape.keys);
          spreads.push(...shape.spreads);
        } else {
          spreads.push(unwrap(source.type === 'SpreadElement' ? source.argument : source) as Expression);
        }
      }
      this.add({ kind: 'key-assign', node, target: owner, keys, spreads });
      return;
    }
    // Object.assign(x, { _meta: E }): replaces x._meta unless E spreads it first.
    const target = unwrap(first);
    if (isInbound(target)) return;
    for (const source of sources) {
      const literal = source.type === 'SpreadElement' ? null : unwrap(source);
      if (literal?.type !== 'ObjectExpression') continue;
      const metaProperty = findMetaProperty(literal);
      if (!metaProperty) continue;
      const value = unwrap(metaProperty.value) as Expression;
      const shape = metaValueShape(value, referenceText(target));
      this.add({ kind: 'object-assign-meta', node, target, metaValue: value, replaces: !shape.mergesSelf, ...shape });
    }
  }

  private onObjectLiteral(node: TSESTree.ObjectExpression): void {
    const metaProperty = findMetaProperty(node);
    if (!metaProperty || !isToolResultLiteral(node)) return;
    const parent = node.parent;
    if (parent?.type === 'CallExpression' && parent.arguments[0] !== node && isObjectAssign(parent)) return; // seen as object-assign-meta
    const rewrapped = node.properties.find(
      (property): property is TSESTree.SpreadElement => property.type === 'SpreadElement' && property.range[0] < metaProperty.range[0],
    );
    const target = rewrapped ? (unwrap(rewrapped.argument) as Expression) : null;
    const value = unwrap(metaProperty.value) as Expression;
    const shape = metaValueShape(value, referenceText(target));
    this.add({ kind: 'result-literal', node: metaProperty, target, metaValue: value, replaces: target !== null && !shape.mergesSelf, ...shape });
  }

  /** A returned value of a manifest hook function: each returned object literal is a `_meta` fragment. */
  private onReturned(argument: Expression, node: Node): void {
    const fn = this.enclosingFunction();
    if (!fn) return;
    const name = functionName(fn);
    if (name === null || !this.vocabulary.hookFunctions.has(name)) return;
    for (const literal of returnedObjectLiterals(argument)) {
      const shape = metaValueShape(literal, null);
      this.add({ kind: 'hook-return', node: literal === argument ? node : literal, metaValue: literal, ...shape });
    }
  }

  private enclosingFunction(): Node | null {
    for (let i = this.ancestors.length - 1; i >= 0; i -= 1) {
      const ancestor = this.ancestors[i];
      if (isFunctionNode(ancestor)) return ancestor;
    }
    return null;
  }

  private site(): Site {
    let statement: TSESTree.Statement | null = null;
    let tryStatement: TSESTree.TryStatement | null = null;
    let functionNode: Node | null = null;
    for (let i = this.ancestors.length - 1; i >= 0 && !functionNode; i -= 1) {
      const ancestor = this.ancestors[i];
      const child = this.ancestors[i + 1];
      if (isFunctionNode(ancestor) || ancestor.type === 'Program') {
        functionNode = ancestor;
        // A statement directly in the module body (top-level `await`, scripts) is a statement like any other.
        if (!statement && child && ancestor.type === 'Program' && isStatement(child)) statement = child as TSESTree.Statement;
      } else if (ancestor.type === 'TryStatement' && child === ancestor.block) {
        tryStatement ??= ancestor;
      } else if (!statement && child && isBodyOf(ancestor) && isStatement(child)) {
        statement = child as TSESTree.Statement;
      }
    }
    return { functionNode: functionNode ?? this.ancestors[0], statement, tryStatement };
  }

  private add(partial: PartialWrite): void {
    this.writes.push(makeWrite(partial, this.site()));
  }
}

type PartialWrite = Partial<Omit<MetaWrite, 'kind' | 'node' | 'functionNode' | 'statement' | 'tryStatement'>> &
  Pick<MetaWrite, 'kind' | 'node'>;

function makeWrite(partial: PartialWrite, site: Site): MetaWrite {
  const target = partial.target ?? null;
  return {
    target,
    targetText: referenceText(target),
    metaValue: null,
    replaces: false,
    mergesSelf: false,
    selfSpread: null,
    spreads: [],
    keys: [],
    alias: null,
    ...partial,
    ...site,
  };
}

/**
 * Children that can hold a `_meta` write. Type annotations, type declarations and imports cannot, and in TypeScript
 * they are a large share of the AST: skipping them keeps the walk cheap (issue 6).
 */
const TYPE_ONLY_KEYS = new Set(['typeAnnotation', 'returnType', 'typeParameters', 'typeArguments', 'superTypeArguments', 'implements']);
const SKIPPED_TYPES = new Set([
  'TSInterfaceDeclaration',
  'TSTypeAliasDeclaration',
  'TSDeclareFunction',
  'TSEnumDeclaration',
  'TSImportEqualsDeclaration',
  'ImportDeclaration',
  'ExportAllDeclaration',
  'Literal',
  'Identifier',
  'TemplateElement',
  'ThisExpression',
  'Super',
]);
const walkKeysCache = new WeakMap<VisitorKeys, Map<string, readonly string[] | null>>();

function walkKeys(visitorKeys: VisitorKeys, type: string): readonly string[] | null {
  let byType = walkKeysCache.get(visitorKeys);
  if (!byType) walkKeysCache.set(visitorKeys, (byType = new Map()));
  let keys = byType.get(type);
  if (keys === undefined) {
    const all = visitorKeys[type];
    keys = SKIPPED_TYPES.has(type) ? [] : all ? all.filter((key) => !TYPE_ONLY_KEYS.has(key)) : null;
    byType.set(type, keys);
  }
  return keys;
}

function isBodyOf(node: Node): boolean {
  return node.type === 'BlockStatement' || node.type === 'Program' || node.type === 'SwitchCase' || node.type === 'StaticBlock';
}

function isStatement(node: Node): boolean {
  return node.type.endsWith('Statement') || node.type.endsWith('Declaration');
}

function isInbound(owner: Node): boolean {
  return referenceSegments(owner).some((segment) => INBOUND_SEGMENTS.has(segment));
}

function isObjectAssign(call: TSESTree.CallExpression): boolean {
  const callee = unwrap(call.callee);
  return callee.type === 'MemberExpression' && referenceText(callee) === 'Object.assign';
}

function findMetaProperty(literal: TSESTree.ObjectExpression): TSESTree.Property | null {
  for (const property of literal.properties) {
    if (property.type === 'Property' && property.kind === 'init' && propertyKeyName(property) === '_meta') return property;
  }
  return null;
}

function isToolResultLiteral(literal: TSESTree.ObjectExpression): boolean {
  const parent = literal.parent;
  if (parent?.type === 'CallExpression' && BODY_SINKS.has(calleeName(parent) ?? '')) return false;
  return literal.properties.some((property) => {
    if (property.type === 'Property') return TOOL_RESULT_PROPERTIES.has(propertyKeyName(property) ?? '');
    const segments = referenceSegments(property.argument);
    return segments.length > 0 && RESULT_NAME.test(segments[segments.length - 1]);
  });
}

/** `const m = x._meta` (also `x._meta ?? {}`, `x._meta ||= {}`...): the `x._meta` an alias stands for, or null. */
function aliasInitializerMeta(alias: TSESTree.Identifier): Expression | null {
  const declarator = alias.parent;
  const init =
    declarator?.type === 'VariableDeclarator' && declarator.id === alias
      ? declarator.init
      : constInitializer(alias);
  if (!init) return null;
  if (declarator?.type === 'VariableDeclarator' && declarator.id === alias && declarator.parent?.type === 'VariableDeclaration' && declarator.parent.kind !== 'const') {
    return null;
  }
  let value = unwrap(init);
  if (value.type === 'LogicalExpression' || value.type === 'AssignmentExpression') value = unwrap(value.left as Expression);
  return metaOwner(value) ? (value as Expression) : null;
}

function memberKey(member: TSESTree.MemberExpression, value: Expression | null): MetaKeyWrite {
  if (!member.computed) return { name: memberPropertyName(member), source: 'literal', node: member.property, value };
  return resolveKey(member.property as Expression, member.property, value);
}

/** Resolves a key expression: a literal, a template without expressions, or an identifier bound to a `const`. */
function resolveKey(expression: Expression, node: Node, value: Expression | null): MetaKeyWrite {
  const key = staticKey(expression);
  return key ? { ...key, node, value } : { name: null, source: 'dynamic', node, value };
}

/** An object literal given directly or through a `const`. */
function objectLiteralOf(expression: Node): TSESTree.ObjectExpression | null {
  const inner = unwrap(expression);
  if (inner.type === 'ObjectExpression') return inner;
  if (inner.type === 'Identifier') {
    const init = constInitializer(inner);
    const value = init ? unwrap(init) : null;
    return value?.type === 'ObjectExpression' ? value : null;
  }
  return null;
}

interface MetaValueShape {
  mergesSelf: boolean;
  selfSpread: TSESTree.SpreadElement | null;
  spreads: Expression[];
  keys: MetaKeyWrite[];
}

/** `x._meta`, `x._meta ?? {}`, `x._meta || {}`: the written object's own `_meta`. */
function isSelfMeta(expression: Node, targetText: string | null): boolean {
  const inner = unwrap(expression);
  return isMetaOf(inner.type === 'LogicalExpression' ? inner.left : inner, targetText);
}

/** `!x._meta`, `x._meta === undefined`, `x._meta == null`: a test that holds only when `_meta` is absent. */
function testsAbsence(test: Expression, targetText: string | null): boolean {
  const inner = unwrap(test);
  if (inner.type === 'UnaryExpression' && inner.operator === '!') return isMetaOf(inner.argument, targetText);
  if (inner.type !== 'BinaryExpression' || (inner.operator !== '===' && inner.operator !== '==')) return false;
  const isNothing = (side: Node): boolean => (side.type === 'Identifier' && side.name === 'undefined') || (side.type === 'Literal' && side.value === null);
  return (isMetaOf(inner.left, targetText) && isNothing(inner.right)) || (isMetaOf(inner.right, targetText) && isNothing(inner.left));
}

/** `x._meta = x._meta ?? {}` / `x._meta || {}`, and `if (!x._meta) x._meta = …`: nothing there to drop. */
function createsMissingMeta(assignment: TSESTree.AssignmentExpression, value: Expression, targetText: string | null): boolean {
  if (assignment.operator !== '=') return false;
  if (value.type === 'LogicalExpression' && (value.operator === '??' || value.operator === '||')) return isMetaOf(value.left, targetText);
  let statement: Node | undefined = assignment.parent;
  if (statement?.type !== 'ExpressionStatement') return false;
  if (statement.parent?.type === 'BlockStatement') statement = statement.parent;
  const guard = statement.parent;
  return guard?.type === 'IfStatement' && guard.consequent === statement && testsAbsence(guard.test, targetText);
}

/** Keys and spreads of a value given to `_meta` (literal, or `const` bound to one); `mergesSelf` per rule 1. */
function metaValueShape(value: Expression, targetText: string | null): MetaValueShape {
  const literal = objectLiteralOf(value);
  const shape: MetaValueShape = { mergesSelf: false, selfSpread: null, spreads: [], keys: [] };
  if (!literal) return shape;
  literal.properties.forEach((property, index) => {
    if (property.type === 'SpreadElement') {
      if (isSelfMeta(property.argument, targetText)) {
        if (literal === value) {
          shape.selfSpread ??= property;
          if (index === 0) shape.mergesSelf = true;
        }
      } else {
        shape.spreads.push(unwrap(property.argument) as Expression);
      }
      return;
    }
    const propertyValue = unwrap(property.value) as Expression;
    if (!property.computed) {
      shape.keys.push({ name: propertyKeyName(property), source: 'literal', node: property.key, value: propertyValue });
    } else {
      shape.keys.push(resolveKey(property.key, property.key, propertyValue));
    }
  });
  return shape;
}

/** Object literals a `return` can produce: direct, through a `const`, either branch of `?:`, `&&`/`||`, `await`. */
function returnedObjectLiterals(expression: Expression): TSESTree.ObjectExpression[] {
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

export type { KeySource };
