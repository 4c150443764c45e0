/**
 * Which syntactic form of a `_meta` write one AST node is, if any (see `WriteSite`). Only the form and its parts are
 * read here; plane and value are the next phases'.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, functionName, memberPropertyName, propertyKeyName, returnArguments, unwrap } from '../syntax/ast';
import type { ManifestMetaOption, RegisteredPlane } from '../../registry/types';
import type { WriteVocabulary } from './mention-index';
import {
  aliasedMeta,
  findMetaProperty,
  isObjectAssign,
  metaOfValue,
  metaOwner,
  objectLiteralOf,
  returnedObjectLiterals,
} from '../syntax/meta-syntax';
import { conditionalSpreadHost } from './literal-host';
import { configFieldAt, frameworkFieldsOfConfig } from '../plane/of-framework';
import type { WriteSite } from './write-site';

type Node = TSESTree.Node;
type Expression = TSESTree.Expression;

/** A site as recognised, before the walk adds where it stands. */
export type RecognizedSite = WriteSite extends infer S
  ? S extends WriteSite
    ? Omit<S, 'functionNode' | 'statement' | 'tryStatement'>
    : never
  : never;
/** A write through a possible alias (`m.k = v`): a site once `aliasedMeta` confirms `m` holds an `x._meta` there. */
export type AliasSite = Omit<Extract<RecognizedSite, { form: 'key-member' }>, 'owner'> & { readonly alias: TSESTree.Identifier };

export interface SiteCollector {
  /**
   * The file imports a framework whose config fields become `_meta` keys (`frameworkFieldWords` found its words): only
   * then is a config literal read for them (a look at the file's imports otherwise made for every call's literal).
   */
  readonly readsFrameworkFields: boolean;
  add(site: RecognizedSite): void;
  addAliasSite(site: AliasSite): void;
  /**
   * `const m = x._meta`, `let m = x._meta`, `m = x._meta`: later writes through `m` never name `_meta`, so the
   * pre-filter must learn the name.
   */
  declareAlias(name: string): void;
  /** The calls of a hook function found so far (filled in as the walk goes on). */
  callsOfHookFunction(name: string): TSESTree.CallExpression[];
  /** The function the node being recognised is in (null at module level). */
  enclosingFunction(): Node | null;
}

export function recognizeSite(node: Node, vocabulary: WriteVocabulary, collector: SiteCollector): void {
  switch (node.type) {
    case 'AssignmentExpression':
      return recognizeAssignment(node, collector);
    case 'UnaryExpression':
      if (node.operator === 'delete') recognizeDelete(node, collector);
      return;
    case 'CallExpression':
      return recognizeCall(node, vocabulary, collector);
    case 'ObjectExpression':
      return recognizeObjectLiteral(node, collector);
    case 'ClassDeclaration':
    case 'ClassExpression':
      return recognizeClassMembers(node, vocabulary, collector);
    case 'VariableDeclarator':
      if (node.id.type === 'Identifier' && aliasedMeta(node.id)) collector.declareAlias(node.id.name);
      return;
    case 'ReturnStatement':
      if (node.argument) recognizeReturned(node.argument, node, vocabulary, collector);
      return;
    case 'ArrowFunctionExpression':
      if (node.expression) recognizeReturned(node.body, node.body, vocabulary, collector);
      return;
    default:
      return;
  }
}

function recognizeAssignment(node: TSESTree.AssignmentExpression, collector: SiteCollector): void {
  const left = unwrap(node.left);
  // `let m; …; m = x._meta`: a `let` given a `_meta` after its declaration may be an alias too (`aliasedMeta`).
  if (left.type === 'Identifier' && node.operator === '=' && metaOfValue(node.right)) collector.declareAlias(left.name);
  if (left.type !== 'MemberExpression') return;
  const owner = metaOwner(left);
  if (owner) {
    collector.add({ form: 'meta-assign', node, owner, value: unwrap(node.right) });
    return;
  }
  const keyValue = node.operator === '=' || node.operator === '??=' || node.operator === '||=' ? unwrap(node.right) : null;
  recognizeKeyMember(left, node, 'key-assign', keyValue, collector);
}

function recognizeDelete(node: TSESTree.UnaryExpression, collector: SiteCollector): void {
  const argument = unwrap(node.argument);
  if (argument.type !== 'MemberExpression') return;
  const owner = metaOwner(argument);
  if (owner) {
    collector.add({ form: 'meta-delete', node, owner });
    return;
  }
  recognizeKeyMember(argument, node, 'key-delete', null, collector);
}

/** `x._meta.k` (or `alias.k`) as the place written or deleted. Deeper paths (`x._meta.k.f = v`) write key k too. */
function recognizeKeyMember(
  member: TSESTree.MemberExpression,
  node: Node,
  kind: 'key-assign' | 'key-delete',
  value: Expression | null,
  collector: SiteCollector,
): void {
  let keyMember = member;
  let depth = 0;
  for (let object = unwrap(keyMember.object); object.type === 'MemberExpression'; object = unwrap(keyMember.object)) {
    if (metaOwner(object)) break;
    keyMember = object;
    depth += 1;
  }
  const keyValue = depth === 0 ? value : null;
  const owner = metaOwner(keyMember.object);
  if (owner) {
    collector.add({ form: 'key-member', kind, node, owner, member: keyMember, value: keyValue, alias: null });
    return;
  }
  const aliasObject = unwrap(keyMember.object);
  if (aliasObject.type === 'Identifier') {
    collector.addAliasSite({ form: 'key-member', kind, node, member: keyMember, value: keyValue, alias: aliasObject });
  }
}

function recognizeCall(node: TSESTree.CallExpression, vocabulary: WriteVocabulary, collector: SiteCollector): void {
  const name = calleeName(node);
  if (name === null) return;
  if (vocabulary.hookFunctions.has(name)) collector.callsOfHookFunction(name).push(node);
  if (name === 'assign' && isObjectAssign(node)) return recognizeObjectAssign(node, collector);
  if (vocabulary.emitters.has(name)) collector.add({ form: 'emit', node });
  else if (vocabulary.hooks.has(name)) collector.add({ form: 'hook-call', node });
  const metaOption = vocabulary.sinks?.metaOptions.get(name);
  if (metaOption) recognizeBuilderMeta(node, metaOption, collector);
}

/**
 * `class RenderMapTool extends BaseTool { readonly meta = { ui: … } }` for a base class whose member `meta` the
 * manifest names (`sinks.classMembers`): the field's value, or each literal a getter or method of that name returns,
 * is the `_meta` of what the base class registers. Static and computed members are not the instance's.
 */
function recognizeClassMembers(
  node: TSESTree.ClassDeclaration | TSESTree.ClassExpression,
  vocabulary: WriteVocabulary,
  collector: SiteCollector,
): void {
  const superClass = node.superClass ? unwrap(node.superClass) : null;
  const base =
    superClass?.type === 'Identifier' ? superClass.name : superClass?.type === 'MemberExpression' ? memberPropertyName(superClass) : null;
  const members = base === null ? undefined : vocabulary.sinks?.classMembers.get(base);
  if (!members) return;
  for (const element of node.body.body) {
    if ((element.type !== 'PropertyDefinition' && element.type !== 'MethodDefinition') || element.static || element.computed) continue;
    if (element.type === 'MethodDefinition' && element.kind === 'constructor') {
      if (element.value.body) recognizeConstructorMembers(element.value.body, members, collector);
      continue;
    }
    // A name (`meta`) or a string (`'meta'`); a private `#meta` is not what `this.meta` reads.
    const key = element.key.type === 'Identifier' ? element.key.name : element.key.type === 'Literal' ? String(element.key.value) : '';
    const plane = members.get(key);
    if (plane === undefined) continue;
    if (element.type === 'PropertyDefinition') {
      if (element.value) collector.add({ form: 'sink-meta', node: element, value: unwrap(element.value) as Expression, plane });
      continue;
    }
    const body = element.value.body;
    if (element.kind === 'set' || !body) continue;
    for (const returned of returnArguments(body)) {
      for (const literal of returnedObjectLiterals(returned)) collector.add({ form: 'sink-meta', node: literal, value: literal, plane });
    }
  }
}

/** `constructor() { super(); this.meta = { … }; }`: the member set in the constructor's own statements (JavaScript without fields). */
function recognizeConstructorMembers(
  body: TSESTree.BlockStatement,
  members: ReadonlyMap<string, RegisteredPlane>,
  collector: SiteCollector,
): void {
  for (const statement of body.body) {
    const assignment = statement.type === 'ExpressionStatement' ? unwrap(statement.expression) : null;
    if (assignment?.type !== 'AssignmentExpression' || assignment.operator !== '=' || assignment.left.type !== 'MemberExpression') continue;
    if (unwrap(assignment.left.object).type !== 'ThisExpression' || assignment.left.computed) continue;
    const plane = members.get(memberPropertyName(assignment.left) ?? '');
    if (plane !== undefined) collector.add({ form: 'sink-meta', node: assignment, value: unwrap(assignment.right) as Expression, plane });
  }
}

/**
 * `respondOk(text, { structuredContent, meta: { k: v } })` for a result builder the manifest says puts `meta` in its
 * result's `_meta`: the value given there is that `_meta`, in a literal argument or one a `const` holds
 * (`respondOk(text, opts)`); an options object built any other way is not followed.
 */
function recognizeBuilderMeta(call: TSESTree.CallExpression, option: ManifestMetaOption, collector: SiteCollector): void {
  const argument = call.arguments[option.argument];
  if (!argument || argument.type === 'SpreadElement') return;
  const given = unwrap(argument);
  if (option.property === undefined) {
    collector.add({ form: 'sink-meta', node: given, value: given, plane: 'result' });
    return;
  }
  const options = objectLiteralOf(given);
  if (!options) return;
  const property = options.properties.findLast(
    (candidate): candidate is TSESTree.Property =>
      candidate.type === 'Property' && !candidate.computed && propertyKeyName(candidate) === option.property,
  );
  if (property) collector.add({ form: 'sink-meta', node: property, value: unwrap(property.value) as Expression, plane: 'result' });
}

function recognizeObjectAssign(node: TSESTree.CallExpression, collector: SiteCollector): void {
  const [first, ...sources] = node.arguments;
  if (!first || first.type === 'SpreadElement') return;
  const owner = metaOwner(first);
  if (owner) {
    // Object.assign(x._meta, { k: v }, fragment): merges per key.
    collector.add({ form: 'assign-into-meta', node, owner, sources });
    return;
  }
  // Object.assign(x, { _meta: E }): replaces x._meta unless E spreads it first.
  const target = unwrap(first);
  for (const source of sources) {
    const literal = source.type === 'SpreadElement' ? null : unwrap(source);
    if (literal?.type !== 'ObjectExpression') continue;
    const metaProperty = findMetaProperty(literal);
    if (metaProperty) collector.add({ form: 'object-assign-meta', node, target, value: unwrap(metaProperty.value) as Expression });
  }
}

function recognizeObjectLiteral(node: TSESTree.ObjectExpression, collector: SiteCollector): void {
  if (collector.readsFrameworkFields) recognizeFrameworkFields(node, collector);
  const metaProperty = findMetaProperty(node);
  if (!metaProperty) return;
  const parent = node.parent;
  if (parent?.type === 'CallExpression' && parent.arguments[0] !== node && isObjectAssign(parent)) return; // an object-assign-meta site
  collector.add({ form: 'meta-literal', node: metaProperty, literal: node, host: conditionalSpreadHost(node) ?? node });
}

/** A returned value of a manifest hook function: each returned object literal is a `_meta` fragment. */
function recognizeReturned(argument: Expression, node: Node, vocabulary: WriteVocabulary, collector: SiteCollector): void {
  const hookFunction = collector.enclosingFunction();
  if (!hookFunction) return;
  const name = functionName(hookFunction);
  if (name === null || !vocabulary.hookFunctions.has(name)) return;
  const calls = collector.callsOfHookFunction(name);
  for (const literal of returnedObjectLiterals(argument)) {
    collector.add({ form: 'hook-return', node: literal === argument ? node : literal, literal, hookFunction, calls });
  }
}

/**
 * A tool registration's config whose fields a framework the file imports turns into `_meta` keys (`FRAMEWORK_CONVENTIONS`'
 * `fields`): one site per plane they land on, at the config property holding the first field written.
 */
function recognizeFrameworkFields(config: TSESTree.ObjectExpression, collector: SiteCollector): void {
  const found = frameworkFieldsOfConfig(config);
  if (!found) return;
  for (const plane of ['tool', 'resource'] as const) {
    const fields = found.fields.filter((field) => field.plane === plane);
    const first = fields.find((field) => configFieldAt(config, field.from) !== null);
    if (!first) continue;
    const node = configFieldAt(config, first.from.slice(0, 1))!;
    collector.add({ form: 'framework-fields', node, config, plane, framework: found.framework, fields });
  }
}
