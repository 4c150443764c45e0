/**
 * Phase 3 of the write analysis: what one write site writes, as `MetaWrite`s on the plane phase 2 decided. Its keys
 * (literal, `const`, imported, a helper's), the spreads in the value, whether it merges the object's own `_meta` or
 * replaces it, and whether it only creates a missing one. A site gives one write, except a write through a `_meta`
 * alias, which gives one per key.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { conditionalLiterals, memberPropertyName, propertyKeyName, referenceText, returnedValues, unwrap } from '../syntax/ast';
import {
  classMemberOfThis,
  constInitializer,
  functionBoundTo,
  importOfName,
  parameterAnnotation,
  patternTakesOut,
  restDestructuringOf,
} from '../syntax/bindings';
import { typeWithout } from '../syntax/declared-without-meta';
import { copiedObject, findMetaProperty, objectLiteralsOfVariable, wholeMetaRead } from '../syntax/meta-syntax';
import type { PlaneDecision } from '../planes';
import type { SiteLocation, WriteSite } from '../sites/write-site';
import type { FileContext } from '../find-meta-writes';
import type { MetaKeyWrite, MetaWrite } from '../types';
import { flattenedShape, frameworkConventionOf, frameworkFieldKeys } from './framework-convention';
import { createsMissingMeta, createsOnFreshObject, runsOnlyWithoutMeta } from './creates-meta';
import { keysOfSources, memberKeys, metaValueShape, resolveKeys, type ModuleScope } from './meta-value';

type Node = TSESTree.Node;
type Expression = TSESTree.Expression;

/** A write as read, before the defaults for what it does not say. */
type ReadWrite = Partial<Omit<MetaWrite, 'kind' | 'node' | 'plane' | 'evidence' | keyof SiteLocation>> &
  Pick<MetaWrite, 'kind' | 'node' | 'plane' | 'evidence'>;

/**
 * What each site writes, read in the file's context (its module resolution; the team sinks' `flattenKeys`); appended
 * to `into` when given (the pipeline's one list for the file), else returned in a list of its own.
 */
export function readWrittenValue(site: WriteSite, decision: PlaneDecision, file: FileContext, into: MetaWrite[] = []): MetaWrite[] {
  for (const write of readSite(site, decision, file)) into.push(completeWrite(write, site));
  return into;
}

function readSite(site: WriteSite, decision: PlaneDecision, file: FileContext): ReadWrite[] {
  const { scope } = file;
  const { node } = site;
  switch (site.form) {
    case 'meta-assign': {
      const creates = createsMissingMeta(site.node, site.value, site.owner)
        ? 'missing'
        : createsOnFreshObject(site.node, site.owner)
          ? 'fresh'
          : null;
      const shape = metaValueShape(site.value, site.owner, scope);
      const kind = creates ? 'meta-init' : 'meta-assign';
      return [
        { kind, ...decision, node, target: site.owner, metaValue: site.value, replaces: !creates && !shape.mergesSelf, creates, ...shape },
      ];
    }
    case 'meta-delete':
      // `if (clean._meta === undefined) delete clean._meta` (sunpeak's inspector): there is nothing to drop. `const copy
      // = { ...result }; delete copy._meta` (MCPJam's SDK hides `_meta` from the model so, MCP _meta rule 5) is the
      // two-statement spelling of `const { _meta, ...copy } = result`: the copied object keeps every producer's key.
      return [
        {
          kind: 'meta-delete',
          ...decision,
          node,
          target: site.owner,
          replaces: !runsOnlyWithoutMeta(site.node, site.owner) && copiedObject(site.owner) === null,
        },
      ];
    case 'key-member': {
      const keys = memberKeys(site.member, site.value, scope);
      const { kind, owner, alias } = site;
      // Through an alias, one write per key (each confirmed on its own when the walk found the alias).
      if (alias) return keys.map((key) => ({ kind, ...decision, node, target: owner, keys: [key], alias }));
      return [{ kind, ...decision, node, target: owner, keys }];
    }
    case 'assign-into-meta':
      return [{ kind: 'key-assign', ...decision, node, target: site.owner, ...keysOfSources(site.sources, scope) }];
    case 'object-assign-meta': {
      const shape = metaValueShape(site.value, site.target, scope);
      return [
        {
          kind: 'object-assign-meta',
          ...decision,
          node,
          target: site.target,
          metaValue: site.value,
          replaces: !shape.mergesSelf,
          ...shape,
        },
      ];
    }
    case 'meta-literal':
      return [readMetaLiteral(site, decision, file)];
    case 'sink-meta':
      // As if the object the sink builds were written here with `_meta: value`: a fresh object's `_meta`.
      return [{ kind: 'meta-literal', ...decision, node, metaValue: site.value, ...metaValueShape(site.value, null, scope) }];
    case 'emit':
      return [{ kind: 'emit', ...decision, node, keys: emittedKeys(site.node, scope) }];
    case 'hook-call':
      return [{ kind: 'hook-call', ...decision, node }];
    case 'hook-return':
      return [{ kind: 'hook-return', ...decision, node, metaValue: site.literal, ...metaValueShape(site.literal, null, scope) }];
    case 'framework-fields':
      // The framework sets these keys in the `_meta` it builds (the user's own `_meta` keys stay beside them).
      return [{ kind: 'key-assign', ...decision, node, keys: frameworkFieldKeys(site) }];
  }
}

/** Builds the full write: defaults for what the site did not say, and where it stands. */
function completeWrite(write: ReadWrite, location: SiteLocation): MetaWrite {
  const target = write.target ?? null;
  return {
    target,
    targetText: referenceText(target),
    metaValue: null,
    replaces: false,
    creates: null,
    mergesSelf: false,
    selfSpread: null,
    spreads: [],
    keys: [],
    alias: null,
    ...write,
    functionNode: location.functionNode,
    statement: location.statement,
    tryStatement: location.tryStatement,
  };
}

/** An emitter's key (`emit('k', v)`), or one not known statically. */
function emittedKeys(call: TSESTree.CallExpression, scope: ModuleScope): MetaKeyWrite[] {
  const [keyArgument, valueArgument] = call.arguments;
  if (!keyArgument || keyArgument.type === 'SpreadElement') return [{ name: null, source: 'dynamic', node: call, value: null }];
  const value = valueArgument && valueArgument.type !== 'SpreadElement' ? unwrap(valueArgument) : null;
  return resolveKeys(keyArgument, keyArgument, value, scope);
}

/**
 * `{ ...result, _meta: E }`: the object whose `_meta` it replaces is the last spread before `_meta` (its `_meta` is
 * the one that would win); a conditional spread of a literal (`...(cond && { structuredContent })`) adds properties
 * and re-wraps nothing.
 */
function readMetaLiteral(site: Extract<WriteSite, { form: 'meta-literal' }>, decision: PlaneDecision, file: FileContext): ReadWrite {
  const { scope } = file;
  const { literal, host, node: metaProperty } = site;
  const before = host === literal ? metaProperty.range[0] : literal.range[0];
  const rewrapped = host.properties.findLast(
    (property): property is TSESTree.SpreadElement =>
      property.type === 'SpreadElement' && property.range[1] <= before && !addsLiteralProperties(property.argument),
  );
  const target = rewrapped ? (unwrap(rewrapped.argument) as Expression) : null;
  const value = unwrap(metaProperty.value) as Expression;
  const written = metaValueShape(value, target, scope);
  // A framework that rewrites the keys before the host sees them (xmcp flattens nested objects into slash keys).
  const convention = frameworkConventionOf(host, file.sinks);
  const shape = convention ? flattenedShape(written, convention, scope) : written;
  return {
    kind: 'meta-literal',
    ...decision,
    node: metaProperty,
    target,
    metaValue: value,
    replaces:
      target !== null &&
      !shape.mergesSelf &&
      !runsOnlyWithoutMeta(host, target) &&
      !holdsOnlyWrittenKeys(target) &&
      !isRestWithoutMeta(target) &&
      !isLibraryObjectWithoutMeta(target) &&
      // `{ ...edited, _meta: anchor._meta }` (MCPJam inspector's part-switch pins a hand-edited result to the last
      // run's `_meta`): another object's whole `_meta` swaps one received channel for another; no producer writes
      // keys over the re-wrapped object's, and spreading them back would restore what the author takes out. Only a
      // new object: `x._meta = anchor._meta` changes `x` in place, where others hold it.
      wholeMetaRead(value) === null,
    ...shape,
  };
}

/**
 * `const result = { supportedVersions, capabilities }; … { ...result, _meta }`: a variable holding only literals whose
 * every property is written there carries no key someone else put in its `_meta`: without `_meta` the re-wrap creates
 * one; with it (a test's fixture re-wrapped with a malformed `_meta`), every key the new object leaves out is written
 * in sight, and the fixture itself keeps them. A member write on such a variable (`result._meta = …`) is judged as such.
 */
function holdsOnlyWrittenKeys(target: Expression): boolean {
  const literals = objectLiteralsOfVariable(target) ?? literalsOfSameFileCall(target);
  return literals !== null && literals.every(writesEveryKeyInSight);
}

/** Every property of `literal` is written there, or spread from literals written there (`...(c ? { k } : {})`). */
function writesEveryKeyInSight(literal: TSESTree.ObjectExpression): boolean {
  return literal.properties.every((property) => {
    if (property.type === 'Property') return true;
    const branches = conditionalLiterals(property.argument);
    return branches !== null && branches.every(writesEveryKeyInSight);
  });
}

/**
 * `const fallback = toolResult(data); … { ...fallback, _meta }` (solvapay's `narrated`), or `{ ...toolResult(data),
 * _meta }`, or `{ ...this.nextEventFields(), _meta }` (gemini-cli's session): the literals a same-file function or a
 * method of the same class returns, when every `return` gives one written in place without a `_meta`; null otherwise.
 * A `const` holding one of two such calls (`c ? dynamicTool({ … }) : tool({ … })`) holds the literals of both.
 */
function literalsOfSameFileCall(target: Expression): TSESTree.ObjectExpression[] | null {
  let value: Node | null = target;
  if (value.type === 'Identifier') {
    const init = constInitializer(value);
    value = init ? unwrap(init) : null;
  }
  if (value?.type !== 'ConditionalExpression') return value ? literalsOfCall(value) : null;
  const consequent = literalsOfCall(unwrap(value.consequent));
  const alternate = consequent && literalsOfCall(unwrap(value.alternate));
  return consequent && alternate ? [...consequent, ...alternate] : null;
}

/**
 * The AI SDK's tool helpers, by the packages that export them: `tool(config)` returns its config and `dynamicTool`
 * adds only `type`, so the tool holds the literal's keys (vercel/ai's MCP client re-wraps it with the MCP tool's
 * `_meta`).
 */
const CONFIG_RETURNING_HELPERS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  ['ai', '@ai-sdk/provider-utils'].map((source) => [source, new Set(['tool', 'dynamicTool'])]),
);

/**
 * Library calls whose result holds a `_meta` only where the config written in place gives one of some properties: by
 * package and export, then by the member re-wrapped (`''`: the result itself), the config properties that give it one.
 * @mcp-ui/server's `createUIResource(options)` gives its `resource` a `_meta` only from `uiMetadata`, `metadata` or
 * `resourceProps` (its `getAdditionalResourceProps`), and the `UIResource` itself one only from `embeddedResourceProps`.
 */
const META_FROM_CONFIG: ReadonlyMap<string, ReadonlyMap<string, ReadonlyMap<string, ReadonlySet<string>>>> = new Map([
  [
    '@mcp-ui/server',
    new Map([
      [
        'createUIResource',
        new Map([
          ['resource', new Set(['uiMetadata', 'metadata', 'resourceProps'])],
          ['', new Set(['embeddedResourceProps'])],
        ]),
      ],
    ]),
  ],
]);

/**
 * `{ ...ui.resource, mimeType, _meta: { ui: { prefersBorder: true } } }` where `const ui = createUIResource({ uri,
 * content, encoding })` (epicweb-dev/epicflare's calculator resource): a `META_FROM_CONFIG` call whose config, written
 * in place, gives none of the properties that would give the re-wrapped object a `_meta`. It has none to drop.
 */
function isLibraryObjectWithoutMeta(target: Expression): boolean {
  let object: Node = target;
  let member = '';
  if (object.type === 'MemberExpression') {
    const name = object.computed ? null : memberPropertyName(object);
    if (name === null) return false;
    member = name;
    object = unwrap(object.object);
  }
  if (object.type === 'Identifier') {
    const init = constInitializer(object);
    if (!init) return false;
    object = unwrap(init);
  }
  if (object.type === 'AwaitExpression') object = unwrap(object.argument);
  const library = object.type === 'CallExpression' ? libraryCallOf(object) : null;
  const givers = library ? META_FROM_CONFIG.get(library.source)?.get(library.imported)?.get(member) : undefined;
  if (!library || !givers) return false;
  return library.config.properties.every((property) => {
    if (property.type !== 'Property') return false;
    const key = propertyKeyName(property);
    return key !== null && !givers.has(key);
  });
}

/**
 * A call of an imported function with one object literal written in place (`tool({ … })`, `createUIResource({ … })`):
 * the import and the literal, which `CONFIG_RETURNING_HELPERS` and `META_FROM_CONFIG` read; null for any other call.
 */
function libraryCallOf(
  call: TSESTree.CallExpression,
): { readonly source: string; readonly imported: string; readonly config: TSESTree.ObjectExpression } | null {
  const callee = unwrap(call.callee);
  const config = call.arguments.length === 1 ? unwrap(call.arguments[0]) : null;
  if (callee.type !== 'Identifier' || config?.type !== 'ObjectExpression') return null;
  const imported = importOfName(callee.name, callee);
  return imported ? { ...imported, config } : null;
}

function literalsOfCall(value: Node): TSESTree.ObjectExpression[] | null {
  let call = value;
  if (call.type === 'AwaitExpression') call = unwrap(call.argument);
  if (call.type !== 'CallExpression') return null;
  const callee = unwrap(call.callee);
  const library = libraryCallOf(call);
  if (library && findMetaProperty(library.config) === null && CONFIG_RETURNING_HELPERS.get(library.source)?.has(library.imported)) {
    return [library.config];
  }
  const fn =
    callee.type === 'Identifier'
      ? functionBoundTo(callee)
      : callee.type === 'MemberExpression'
        ? classMemberOfThis(callee, 'method')
        : null;
  if (!fn?.body) return null;
  const literals = returnedValues(fn).map((expression) => unwrap(expression));
  // A returned `_meta` is the caller's (`toolResult(data, meta)`): its keys are not written in sight of the re-wrap.
  const withoutMeta = (literal: Node): boolean => literal.type === 'ObjectExpression' && findMetaProperty(literal) === null;
  return literals.length > 0 && literals.every(withoutMeta) ? (literals as TSESTree.ObjectExpression[]) : null;
}

/**
 * `const { _meta: userMeta, ...fields } = config; … { ...fields, _meta: built }`: `fields` is the object without its
 * `_meta` (skybridge's `registerTool` builds the descriptor so), so the re-wrap drops nothing. So is the rest of an
 * object whose declared type has no `_meta` (`const { resourceUri, ...rest } = options` with `options:
 * Omit<ToolDefinition, '_meta'> & { resourceUri: string }`, cyanheads/mcp-ts-template's `appTool`). Asked only of a
 * re-wrap's identifier target: the declarations of the blocks around it are read for that one name.
 */
function isRestWithoutMeta(target: Expression | null): boolean {
  const declarator = target?.type === 'Identifier' ? restDestructuringOf(target) : null;
  if (!declarator) return false;
  return patternTakesOut(declarator.id, '_meta') || (declarator.init !== null && declaredWithoutMeta(unwrap(declarator.init)));
}

/** `source` is a parameter whose annotated type has no `_meta` (`typeWithout`). */
function declaredWithoutMeta(source: Node): boolean {
  const annotation = source.type === 'Identifier' ? parameterAnnotation(source) : null;
  return annotation !== null && typeWithout(annotation, '_meta');
}

/** `{ … }`, `cond && { … }`, `cond ? { … } : {}`: a spread argument that only adds the properties written there. */
function addsLiteralProperties(argument: Node): boolean {
  const inner = unwrap(argument);
  if (inner.type === 'ObjectExpression') return true;
  if (inner.type === 'LogicalExpression') return addsLiteralProperties(inner.right);
  if (inner.type === 'ConditionalExpression') return addsLiteralProperties(inner.consequent) && addsLiteralProperties(inner.alternate);
  return false;
}
