/**
 * Phase 4 of the write analysis, classification: what one AST node writes to `_meta`, as a `MetaWrite` without its
 * site (the finder adds where it stands). One function per node type; each hands its findings to a `WriteSink`.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, functionName, metaOwner, referenceText, unwrap } from './ast';
import type { WriteVocabulary } from './mention-index';
import {
  aliasInitializerMeta,
  createsMissingMeta,
  createsOnFreshObject,
  findMetaProperty,
  isObjectAssign,
  memberKeys,
  metaValueShape,
  type ModuleScope,
  objectLiteralOf,
  resolveKeys,
  returnedObjectLiterals,
  runsOnlyWithoutMeta,
} from './meta-value';
import { planeDecisionOfLiteral, planeDecisionOfOwner, UNKNOWN } from './planes';
import type { MetaKeyWrite, MetaWrite } from './types';

type Node = TSESTree.Node;
type Expression = TSESTree.Expression;

/** A write as classified, before the finder adds its site (function, statement, enclosing try). */
export type PartialWrite = Partial<
  Omit<MetaWrite, 'kind' | 'node' | 'plane' | 'evidence' | 'functionNode' | 'statement' | 'tryStatement'>
> &
  Pick<MetaWrite, 'kind' | 'node' | 'plane' | 'evidence'>;

/** A write through a possible alias (`m.k = v`), confirmed after the walk once every `const m = x._meta` is known. */
export interface AliasWrite {
  kind: 'key-assign' | 'key-delete';
  node: Node;
  alias: TSESTree.Identifier;
  key: MetaKeyWrite;
}

export interface WriteSink {
  /** The file being classified: keys and helpers it imports resolve relative to it. */
  readonly scope: ModuleScope;
  add(write: PartialWrite): void;
  addAliasWrite(write: AliasWrite): void;
  /** `const m = x._meta`: later writes through `m` never name `_meta`, so the pre-filter must learn the name. */
  declareAlias(name: string): void;
  /** The function the node being classified is in (null at module level). */
  enclosingFunction(): Node | null;
}

export function classifyNode(node: Node, vocabulary: WriteVocabulary, sink: WriteSink): void {
  switch (node.type) {
    case 'AssignmentExpression':
      return classifyAssignment(node, sink);
    case 'UnaryExpression':
      if (node.operator === 'delete') classifyDelete(node, sink);
      return;
    case 'CallExpression':
      return classifyCall(node, vocabulary, sink);
    case 'ObjectExpression':
      return classifyObjectLiteral(node, sink);
    case 'VariableDeclarator':
      if (node.id.type === 'Identifier' && aliasInitializerMeta(node.id)) sink.declareAlias(node.id.name);
      return;
    case 'ReturnStatement':
      if (node.argument) classifyReturned(node.argument, node, vocabulary, sink);
      return;
    case 'ArrowFunctionExpression':
      if (node.expression) classifyReturned(node.body, node.body, vocabulary, sink);
      return;
    default:
      return;
  }
}

/** Builds the full write from a classified one: defaults for what the classifier did not say. */
export function completeWrite(partial: PartialWrite, site: Pick<MetaWrite, 'functionNode' | 'statement' | 'tryStatement'>): MetaWrite {
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

/** The object whose `_meta` an alias stands for, and its plane. */
export function aliasOwner(
  alias: TSESTree.Identifier,
): { owner: Expression; plane: MetaWrite['plane']; evidence: MetaWrite['evidence'] } | null {
  const owner = metaOwner(aliasInitializerMeta(alias));
  return owner ? { owner, ...planeDecisionOfOwner(owner) } : null;
}

function classifyAssignment(node: TSESTree.AssignmentExpression, sink: WriteSink): void {
  const left = unwrap(node.left);
  if (left.type !== 'MemberExpression') return;
  const owner = metaOwner(left);
  if (owner) {
    const decision = planeDecisionOfOwner(owner);
    const value = unwrap(node.right);
    const targetText = referenceText(owner);
    const initialises = createsMissingMeta(node, value, targetText) || createsOnFreshObject(node, owner);
    const shape = metaValueShape(value, targetText, sink.scope);
    sink.add({
      kind: initialises ? 'meta-init' : 'meta-assign',
      ...decision,
      node,
      target: owner,
      metaValue: value,
      replaces: !initialises && !shape.mergesSelf,
      ...shape,
    });
    return;
  }
  const keyValue = node.operator === '=' || node.operator === '??=' || node.operator === '||=' ? unwrap(node.right) : null;
  classifyKeyMember(left, node, 'key-assign', keyValue, sink);
}

function classifyDelete(node: TSESTree.UnaryExpression, sink: WriteSink): void {
  const argument = unwrap(node.argument);
  if (argument.type !== 'MemberExpression') return;
  const owner = metaOwner(argument);
  if (owner) {
    const decision = planeDecisionOfOwner(owner);
    sink.add({ kind: 'meta-delete', ...decision, node, target: owner, replaces: true });
    return;
  }
  classifyKeyMember(argument, node, 'key-delete', null, sink);
}

/** `x._meta.k` (or `alias.k`) as the place written or deleted. Deeper paths (`x._meta.k.f = v`) write key k too. */
function classifyKeyMember(
  member: TSESTree.MemberExpression,
  node: Node,
  kind: 'key-assign' | 'key-delete',
  value: Expression | null,
  sink: WriteSink,
): void {
  let keyMember = member;
  let depth = 0;
  for (let object = unwrap(keyMember.object); object.type === 'MemberExpression'; object = unwrap(keyMember.object)) {
    if (metaOwner(object)) break;
    keyMember = object;
    depth += 1;
  }
  const keys = memberKeys(keyMember, depth === 0 ? value : null, sink.scope);
  const owner = metaOwner(keyMember.object);
  if (owner) {
    const decision = planeDecisionOfOwner(owner);
    sink.add({ kind, ...decision, node, target: owner, keys });
    return;
  }
  const aliasObject = unwrap(keyMember.object);
  if (aliasObject.type === 'Identifier') for (const key of keys) sink.addAliasWrite({ kind, node, alias: aliasObject, key });
}

function classifyCall(node: TSESTree.CallExpression, vocabulary: WriteVocabulary, sink: WriteSink): void {
  const name = calleeName(node);
  if (name === null) return;
  if (name === 'assign' && isObjectAssign(node)) return classifyObjectAssign(node, sink);
  if (vocabulary.emitters.has(name)) {
    const [keyArgument, valueArgument] = node.arguments;
    const keys =
      keyArgument && keyArgument.type !== 'SpreadElement'
        ? resolveKeys(
            keyArgument,
            keyArgument,
            valueArgument && valueArgument.type !== 'SpreadElement' ? unwrap(valueArgument) : null,
            sink.scope,
          )
        : [{ name: null, source: 'dynamic' as const, node, value: null }];
    sink.add({ kind: 'emit', plane: 'result', evidence: 'manifest', node, keys });
    return;
  }
  if (vocabulary.hooks.has(name)) sink.add({ kind: 'hook-call', plane: 'result', evidence: 'manifest', node });
}

function classifyObjectAssign(node: TSESTree.CallExpression, sink: WriteSink): void {
  const [first, ...sources] = node.arguments;
  if (!first || first.type === 'SpreadElement') return;
  const owner = metaOwner(first);
  if (owner) {
    // Object.assign(x._meta, { k: v }, fragment): merges per key.
    const decision = planeDecisionOfOwner(owner);
    const keys: MetaKeyWrite[] = [];
    const spreads: Expression[] = [];
    for (const source of sources) {
      const literal = source.type === 'SpreadElement' ? null : objectLiteralOf(source);
      if (literal) {
        const shape = metaValueShape(literal, null, sink.scope);
        keys.push(...shape.keys);
        spreads.push(...shape.spreads);
      } else {
        spreads.push(unwrap(source.type === 'SpreadElement' ? source.argument : source) as Expression);
      }
    }
    sink.add({ kind: 'key-assign', ...decision, node, target: owner, keys, spreads });
    return;
  }
  // Object.assign(x, { _meta: E }): replaces x._meta unless E spreads it first.
  const target = unwrap(first);
  const decision = planeDecisionOfOwner(target);
  for (const source of sources) {
    const literal = source.type === 'SpreadElement' ? null : unwrap(source);
    if (literal?.type !== 'ObjectExpression') continue;
    const metaProperty = findMetaProperty(literal);
    if (!metaProperty) continue;
    const value = unwrap(metaProperty.value) as Expression;
    const shape = metaValueShape(value, referenceText(target), sink.scope);
    sink.add({ kind: 'object-assign-meta', ...decision, node, target, metaValue: value, replaces: !shape.mergesSelf, ...shape });
  }
}

function classifyObjectLiteral(node: TSESTree.ObjectExpression, sink: WriteSink): void {
  const metaProperty = findMetaProperty(node);
  if (!metaProperty) return;
  // `{ ...result, ...(cond && { _meta: { … } }) }`: the inner literal's `_meta` is the outer object's.
  const host = conditionalSpreadHost(node) ?? node;
  const decision = planeDecisionOfLiteral(host) ?? UNKNOWN;
  const parent = node.parent;
  if (parent?.type === 'CallExpression' && parent.arguments[0] !== node && isObjectAssign(parent)) return; // seen as object-assign-meta
  // `{ ...defaults, ...result, _meta }`: the last spread's `_meta` is the one that would win, so it is the one dropped.
  const before = host === node ? metaProperty.range[0] : node.range[0];
  // A conditional spread of a literal (`...(cond && { structuredContent })`) adds properties; it re-wraps nothing.
  const rewrapped = host.properties.findLast(
    (property): property is TSESTree.SpreadElement =>
      property.type === 'SpreadElement' && property.range[1] <= before && !addsLiteralProperties(property.argument),
  );
  const target = rewrapped ? (unwrap(rewrapped.argument) as Expression) : null;
  const value = unwrap(metaProperty.value) as Expression;
  const shape = metaValueShape(value, referenceText(target), sink.scope);
  sink.add({
    kind: 'meta-literal',
    plane: decision.plane,
    evidence: decision.evidence,
    node: metaProperty,
    target,
    metaValue: value,
    replaces: target !== null && !shape.mergesSelf && !runsOnlyWithoutMeta(host, referenceText(target)),
    ...shape,
  });
}

/** `{ … }`, `cond && { … }`, `cond ? { … } : {}`: a spread argument that only adds the properties written there. */
function addsLiteralProperties(argument: Node): boolean {
  const inner = unwrap(argument);
  if (inner.type === 'ObjectExpression') return true;
  if (inner.type === 'LogicalExpression') return addsLiteralProperties(inner.right);
  if (inner.type === 'ConditionalExpression') return addsLiteralProperties(inner.consequent) && addsLiteralProperties(inner.alternate);
  return false;
}

/**
 * The object literal a literal is conditionally spread into (`{ ...r, ...(cond && { _meta }) }`,
 * `...(cond ? { _meta } : {})`), or null.
 */
export function conditionalSpreadHost(literal: TSESTree.ObjectExpression): TSESTree.ObjectExpression | null {
  let node: Node = literal;
  let parent = node.parent;
  while (parent && (parent.type === 'LogicalExpression' || parent.type === 'ConditionalExpression')) {
    if (parent.type === 'ConditionalExpression' && parent.test === node) return null;
    if (parent.type === 'LogicalExpression' && parent.left === node && parent.operator === '&&') return null;
    node = parent;
    parent = node.parent;
  }
  if (node === literal || parent?.type !== 'SpreadElement') return null;
  const host = parent.parent;
  return host?.type === 'ObjectExpression' ? host : null;
}

/** A returned value of a manifest hook function: each returned object literal is a `_meta` fragment. */
function classifyReturned(argument: Expression, node: Node, vocabulary: WriteVocabulary, sink: WriteSink): void {
  const fn = sink.enclosingFunction();
  if (!fn) return;
  const name = functionName(fn);
  if (name === null || !vocabulary.hookFunctions.has(name)) return;
  for (const literal of returnedObjectLiterals(argument)) {
    const shape = metaValueShape(literal, null, sink.scope);
    sink.add({
      kind: 'hook-return',
      plane: 'result',
      evidence: 'manifest',
      node: literal === argument ? node : literal,
      metaValue: literal,
      ...shape,
    });
  }
}
