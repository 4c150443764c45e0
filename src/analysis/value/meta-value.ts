/**
 * The keys and spreads of a value written to `_meta` (or to one of its keys): an object literal's properties, a
 * `const` key or one imported, conditional spreads, the keys a same-file or imported helper call builds, and whether
 * the value spreads the object's own `_meta`. Also read for imported modules (`module-summary.ts`).
 */
import type { TSESTree } from '@typescript-eslint/utils';
import {
  conditionalLiterals,
  isNothing,
  memberPropertyName,
  propertyKeyName,
  referenceText,
  returnedValues,
  someInSameFunction,
  staticString,
  unwrap,
} from '../syntax/ast';
import {
  classMemberOfThis,
  constInitializer,
  constRestDestructuring,
  findBinding,
  functionBoundTo,
  ownPropertyValue,
  parametersSpreadIn,
  staticKeys,
  type ParameterReference,
  valuesReaching,
} from '../syntax/bindings';
import type { ModuleResolver } from '../modules/module-resolver';
import { assignmentsBeforeRead, assignmentsToReturnedLocal } from './added-to-returned';
import { hostObjectOverSpread, type SpreadBefore } from './host-object-over-spread';
import { producerItems } from './producer-list';
import {
  aliasedMeta,
  argumentOfParameter,
  isMetaOf,
  isObjectAssign,
  MAX_COPY_DEPTH,
  objectLiteralOf,
  objectLiteralsOfVariable,
  returnedObjectLiterals,
} from '../syntax/meta-syntax';
import type { BuiltValue, HelperOrigin, MetaKeyWrite } from '../types';

type Node = TSESTree.Node;
type Expression = TSESTree.Expression;

/**
 * The module one analysis reads (the linted file, or a module read for its exports), passed down the analysis rather
 * than held in module state: its imports resolve relative to `file`, and the helpers being followed are this
 * analysis's own.
 */
export interface ModuleScope {
  /**
   * The module's imported names and helpers (`modules/`, injected by the pipeline's per-file context, so this phase
   * imports nothing of the cross-module resolver), or null for text without a path: imported names stay unknown.
   */
  readonly modules: ModuleResolver | null;
  /**
   * Helpers being followed (a function node, or `file#name` for an imported one): helpers spreading helpers
   * (`{ ...base(), k }`) are followed `MAX_HELPER_DEPTH` deep, and a helper that reaches itself is not followed again
   * (its keys would be counted, and reported, once per turn).
   */
  readonly followedHelpers: Set<unknown>;
}

export function moduleScope(modules: ModuleResolver | null): ModuleScope {
  return { modules, followedHelpers: new Set() };
}

/**
 * `rest` in `const { [SERVER_INFO_META_KEY]: _drop, ...rest } = x._meta ?? {}`: the object's own `_meta` minus keys
 * dropped on purpose (a gateway dropping the upstream's identity). Spreading it merges, so no fix or suggestion puts
 * the dropped keys back by spreading `x._meta` again. Returns the pattern's initializer, or null.
 */
function restOfDestructuredMeta(identifier: TSESTree.Identifier): Expression | null {
  return constRestDestructuring(identifier)?.init ?? null;
}

/**
 * Resolves a key expression: a literal, a template without expressions, or a `const` (`constStrings`); a `const` that
 * may hold one of several strings (`cond ? 'a' : 'b'`) is a write of each, as the typed mode does for a union.
 */
export function resolveKeys(expression: Expression, node: Node, value: Expression | null, scope: ModuleScope): MetaKeyWrite[] {
  const keys = staticKeys(expression, scope.modules);
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
  if (value === null || scope.modules === null) return undefined;
  const call = value.type === 'AwaitExpression' ? unwrap(value.argument) : value;
  if (call.type !== 'CallExpression') return undefined;
  const callee = unwrap(call.callee);
  if (callee.type !== 'Identifier') return undefined;
  const binding = findBinding(callee.name, callee);
  if (binding?.kind !== 'import') return undefined;
  const helper = scope.modules.importedHelper(binding.source, binding.imported);
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

export interface MetaValueShape {
  mergesSelf: boolean;
  selfSpread: TSESTree.SpreadElement | null;
  spreads: Expression[];
  keys: MetaKeyWrite[];
}

/**
 * `x._meta`, `x._meta ?? {}`, `x._meta || {}`, `isPlainObject(x._meta) ? x._meta : {}` (one branch the `_meta`, the
 * other an empty literal or nothing), or an alias of one (`const meta = x._meta; { ...meta }`, `aliasedMeta`): the own
 * `_meta` of `target`, the object written (`isMetaOf`: also the `_meta` of the object a `const` target copies).
 */
function isSelfMeta(expression: Node, target: Node | null, depth = 0): boolean {
  const inner = unwrap(expression);
  if (inner.type === 'Identifier') {
    const aliased = aliasedMeta(inner) ?? restOfDestructuredMeta(inner);
    if (aliased !== null) return isSelfMeta(aliased, target, depth);
    if (depth >= MAX_COPY_DEPTH) return false;
    // `const contentMeta = isPlainObject(content._meta) ? content._meta : {}` (cyanheads/mcp-ts-template).
    const init = constInitializer(inner);
    if (init && unwrap(init).type === 'ConditionalExpression') return isSelfMeta(init, target, depth + 1);
    return copiesSelfMeta(inner, target, depth + 1) || keepsSelfInLet(inner, target, depth + 1);
  }
  // The same reading of `?:` wherever it stands: assigned, held in a `const`, spread or passed to `Object.assign`.
  if (inner.type === 'ConditionalExpression') return keepsSelfOrNothing(inner, target, depth);
  return isMetaOf(inner.type === 'LogicalExpression' ? inner.left : inner, target);
}

/**
 * `_meta: Object.keys(rest).length > 0 ? rest : undefined` (sunpeak's inspector), `isRecord(r._meta) ? r._meta : {}`:
 * one branch the object's own `_meta` (`isSelfMeta`), the other no key, chosen by a test of the kept value itself (its
 * keys, its type), so the empty branch is taken only when there is nothing to keep. A test of anything else
 * (`keep ? r._meta : undefined`) drops every key when it goes the other way.
 */
function keepsSelfOrNothing(conditional: TSESTree.ConditionalExpression, target: Node | null, depth = 0): boolean {
  const [consequent, alternate] = [conditional.consequent, conditional.alternate].map((branch) => isSelfMeta(branch, target, depth));
  if (consequent && alternate) return true;
  const kept =
    consequent && isEmpty(conditional.alternate)
      ? conditional.consequent
      : alternate && isEmpty(conditional.consequent)
        ? conditional.alternate
        : null;
  const keptText = referenceText(kept);
  return keptText !== null && someInSameFunction(conditional.test, (node) => referenceText(node) === keptText);
}

/** A call given the object's own `_meta` as an argument (`redact(r._meta)`); `Object.assign` is `sourcesOverSelf`'s. */
function derivesFromSelf(value: Expression, target: Node | null): boolean {
  const call = unwrap(value);
  if (target === null || call.type !== 'CallExpression' || isObjectAssign(call)) return false;
  return call.arguments.some((argument) => argument.type !== 'SpreadElement' && isSelfMeta(argument, target));
}

/** `{}`, `undefined`, `null`: a branch that adds no key. */
function isEmpty(node: Node): boolean {
  const inner = unwrap(node);
  return (inner.type === 'ObjectExpression' && inner.properties.length === 0) || isNothing(inner);
}

/**
 * A variable holding a copy of the object's own `_meta` (every literal it may hold spreads it first): `const meta = {
 * ...r._meta }; delete meta[K]; return { ...r, _meta: meta }` is a merge minus the keys dropped on purpose, as rest
 * destructuring is; keys added to the copy or over it are merged too.
 */
function copiesSelfMeta(identifier: TSESTree.Identifier, target: Node | null, depth: number): boolean {
  const literals = target === null ? null : objectLiteralsOfVariable(identifier);
  return (
    literals !== null &&
    literals.every((literal) => {
      const first = literal.properties[0];
      return first?.type === 'SpreadElement' && isSelfMeta(first.argument, target, depth);
    })
  );
}

/**
 * `let out = m; if (…) out = { ...m, k: v }` where `m` is the object's own `_meta` (2nd1st/open-mcp-apps'
 * `registerAppTool`): a `let` whose every value reaching the read is that `_meta` or a literal spreading it first.
 */
function keepsSelfInLet(identifier: TSESTree.Identifier, target: Node | null, depth: number): boolean {
  if (target === null || findBinding(identifier.name, identifier)?.kind !== 'variable') return false;
  const values = valuesReaching(identifier);
  return (
    values !== null &&
    values.length > 0 &&
    values.every((value) => {
      const inner = unwrap(value);
      if (inner.type !== 'ObjectExpression') return isSelfMeta(inner, target, depth);
      const first = inner.properties[0];
      return first?.type === 'SpreadElement' && isSelfMeta(first.argument, target, depth);
    })
  );
}

/**
 * The keys a helper call builds when `value` calls one (`_meta: statsMeta(hits)`, `...statsMeta(hits)`): a same-file
 * function's returned literals (its keys are written where the helper builds them, in this file), or a function
 * imported from a relative module (`imported-helpers.ts`), whose keys are marked `builtBy` that module and reported at
 * the call. Only keys known statically are taken from an imported helper: a dynamic key there cannot be fixed here.
 * Null when `value` is not such a call.
 */
function helperKeys(value: Expression, scope: ModuleScope): MetaKeyWrite[] | null {
  let inner = unwrap(value);
  if (scope.followedHelpers.size >= MAX_HELPER_DEPTH) return null;
  // `_meta: await buildMeta(options)`: what the helper's promise gives is what it returns.
  if (inner.type === 'AwaitExpression') inner = unwrap(inner.argument);
  // `const meta = buildMeta(options); return { …, _meta: meta }` (oak's tool results): the call, as if written here.
  if (inner.type === 'Identifier') {
    const call = heldHelperCall(inner);
    return call ? helperKeys(call, scope) : null;
  }
  // `_meta: this.toolMeta` (a getter of the same class) and `_meta: this.statsMeta(hits)` (a method): same-file helpers.
  // `getWidgetConfig(uri)?.meta`: a property of what a helper returns.
  if (inner.type === 'MemberExpression')
    return sameFileHelperKeys(classMemberOfThis(inner, 'get'), scope, null) ?? helperMemberKeys(inner, scope);
  // `...(getWidgetConfig(uri)?.meta ?? {})`: the fallback adds no key.
  if (inner.type === 'LogicalExpression' && inner.operator !== '&&') return helperKeys(inner.left, scope);
  if (inner.type !== 'CallExpression') return null;
  const callee = unwrap(inner.callee);
  if (callee.type === 'MemberExpression') return sameFileHelperKeys(classMemberOfThis(callee, 'method'), scope, inner);
  if (callee.type !== 'Identifier') return null;
  return helperCallKeys(inner, callee, scope);
}

/**
 * The call a `const` holds (`const meta = buildMeta(options)`, also awaited), also where it holds nothing otherwise
 * (`const toolMeta = resource ? buildToolMeta({ … }) : undefined`, WaniWani's flows, whose results spread
 * `...(toolMeta ?? {})`: the keys are written wherever there is a value); null for any other value.
 */
function heldHelperCall(identifier: TSESTree.Identifier): TSESTree.CallExpression | null {
  const init = constInitializer(identifier);
  return init ? callOrNothing(init) : null;
}

function callOrNothing(value: Node): TSESTree.CallExpression | null {
  let held = unwrap(value);
  if (held.type === 'AwaitExpression') held = unwrap(held.argument);
  if (held.type === 'CallExpression') return held;
  if (held.type === 'LogicalExpression' && held.operator === '&&') return callOrNothing(held.right);
  if (held.type !== 'ConditionalExpression') return null;
  if (isNothing(held.alternate)) return callOrNothing(held.consequent);
  return isNothing(held.consequent) ? callOrNothing(held.alternate) : null;
}

/**
 * The keys a same-file helper `fn` builds in the literals it returns, with those `call` gives it to spread in
 * (`argumentSpreadKeys`); null when there is no such function.
 */
function sameFileHelperKeys(fn: TSESTree.FunctionLike | null, scope: ModuleScope, call: Node | null): MetaKeyWrite[] | null {
  if (!fn?.body) return null;
  const returned = returnedValues(fn).flatMap(returnedObjectLiterals);
  return following(scope, fn, () =>
    returned.flatMap((literal) => {
      const written = returnedLiteralWrites(fn, literal, scope);
      return [...written.keys, ...argumentSpreadKeys(written.parameterSpreads, call, scope)];
    }),
  );
}

/**
 * The keys a call gives a helper that spreads a parameter into what it returns (Dexter-DAO/dexter-mcp's
 * `createWidgetMeta({ templateUri, extra: { ui: { resourceUri } } })` of `({ templateUri, extra = {} }) => ({ …,
 * ...extra })`; `({ uri, ...rest }) => ({ …, ...rest })`): the argument's keys, read as a `_meta` value where the call
 * writes it, so they are this file's code, reported at the argument. A key a rest's pattern takes out is not spread.
 */
function argumentSpreadKeys(spreads: readonly ParameterReference[], call: Node | null, scope: ModuleScope): MetaKeyWrite[] {
  if (spreads.length === 0 || call?.type !== 'CallExpression') return [];
  return spreads.flatMap((reference) => {
    const value = argumentOfParameter(reference, call, scope.modules)?.value;
    if (!value) return [];
    const keys = metaValueShape(value as Expression, null, scope).keys;
    return keys.filter((key) => key.name === null || !reference.without?.includes(key.name));
  });
}

/**
 * The keys of a property of what a helper returns, read as a `_meta` (`_meta: getWidgetConfig(uri)?.meta`: apify-mcp-
 * server looks each widget's `_meta` up in a table, `lookupTableEntries`): that property's value in each literal a
 * same-file helper returns, or in the detached copy an imported one's summary holds (its keys then `builtBy` the
 * helper, reported at `member`). Null when `member` reads no property of a helper's result.
 */
function helperMemberKeys(member: TSESTree.MemberExpression, scope: ModuleScope): MetaKeyWrite[] | null {
  const property = memberPropertyName(member) ?? (member.computed ? staticString(member.property) : null);
  const call = unwrap(member.object);
  if (property === null || call.type !== 'CallExpression') return null;
  const callee = unwrap(call.callee);
  if (callee.type !== 'Identifier') return null;
  const fn = functionBoundTo(callee);
  if (fn?.body) {
    // The property's value read as a `_meta` value: its literal's keys, or a helper's.
    return following(scope, fn, () =>
      returnedValues(fn)
        .flatMap(returnedObjectLiterals)
        .flatMap((literal) => {
          const value = ownPropertyValue(literal, property, scope.modules);
          return value ? metaValueShape(value as Expression, null, scope).keys : [];
        }),
    );
  }
  const { modules } = scope;
  const binding = modules === null || fn ? null : findBinding(callee.name, callee);
  const helper = binding?.kind === 'import' && modules !== null ? modules.importedHelper(binding.source, binding.imported) : null;
  if (!helper) return null;
  const builtBy: HelperOrigin = { helper: callee.name, file: helper.file };
  return detachedLiterals(helper.returned).flatMap((literal) =>
    detachedLiterals(detachedPropertyValue(literal, property)).flatMap((value) =>
      value.properties.flatMap((field): MetaKeyWrite[] => {
        if (field.type !== 'Property' || field.key.type !== 'Literal' || typeof field.key.value !== 'string') return [];
        return [{ name: field.key.value, source: 'literal', node: member, value: field.value as Expression, builtBy }];
      }),
    ),
  );
}

/** The object literals of a detached value (a module summary's copy: one literal, or `?:` of several). */
function detachedLiterals(value: Node | null): TSESTree.ObjectExpression[] {
  if (value?.type === 'ObjectExpression') return [value];
  if (value?.type === 'ConditionalExpression') return [...detachedLiterals(value.consequent), ...detachedLiterals(value.alternate)];
  return [];
}

/** The value of the property `name` of a detached literal (its keys are string literals), the last one written. */
function detachedPropertyValue(literal: TSESTree.ObjectExpression, name: string): Node | null {
  let value: Node | null = null;
  for (const property of literal.properties) {
    if (property.type === 'Property' && property.key.type === 'Literal' && property.key.value === name) value = property.value;
  }
  return value;
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

/**
 * The keys the helper `callee` builds, for a call of it (or the item naming it in a producer list) at `inner`: where
 * the keys of an imported helper are reported.
 */
function helperCallKeys(inner: Node, callee: TSESTree.Identifier, scope: ModuleScope): MetaKeyWrite[] | null {
  const fn = functionBoundTo(callee);
  if (fn?.body) return sameFileHelperKeys(fn, scope, inner);
  const { modules } = scope;
  const binding = modules === null || fn ? null : findBinding(callee.name, callee);
  const helper = binding?.kind === 'import' && modules !== null ? modules.importedHelper(binding.source, binding.imported) : null;
  if (!helper) return null;
  const builtBy: HelperOrigin = { helper: callee.name, file: helper.file };
  // The module's summary holds its keys (consts it uses resolved against it); a key a helper there takes from yet
  // another module's helper is that module's.
  const keys = helper.keys.map((key): MetaKeyWrite => ({
    name: key.name,
    source: key.source,
    node: inner,
    value: key.value,
    builtBy: key.builtBy ?? builtBy,
  }));
  return [...keys, ...argumentSpreadKeys(helper.parameterSpreads, inner, scope)];
}

/** What a helper writes in one literal it returns (`returnedLiteralWrites`). */
export interface ReturnedLiteralWrites {
  readonly keys: MetaKeyWrite[];
  /** Its parameters it spreads in (`...extra`, `...rest`): each call's argument supplies those keys. */
  readonly parameterSpreads: ParameterReference[];
}

/**
 * The keys a helper `fn` builds in `literal`, one of the literals it returns: the literal's own, and those it sets on
 * the `const` holding it before returning it (`meta['k'] = v`, `added-to-returned.ts`); and the parameters it spreads.
 */
export function returnedLiteralWrites(
  fn: TSESTree.FunctionLike,
  literal: TSESTree.ObjectExpression,
  scope: ModuleScope,
): ReturnedLiteralWrites {
  const shape = metaValueShape(literal, null, scope);
  return {
    keys: [...shape.keys, ...keysAssigned(assignmentsToReturnedLocal(fn, literal), scope)],
    parameterSpreads: parametersSpreadIn(literal, fn),
  };
}

/**
 * The keys set on the `const` holding `literal` before `read` gives its object as `_meta` or spreads it (`const meta =
 * {}; meta['k'] = v; item._meta = meta`: frontmcp's tools/list descriptors), beside the literal's own.
 */
function keysSetBeforeRead(literal: TSESTree.ObjectExpression, read: Node, scope: ModuleScope): MetaKeyWrite[] {
  return keysAssigned(assignmentsBeforeRead(literal, read), scope);
}

/** The keys `meta['k'] = v` / `meta.k = v` assignments write, each with its assigned value. */
function keysAssigned(members: readonly TSESTree.MemberExpression[], scope: ModuleScope): MetaKeyWrite[] {
  return members.flatMap((member) => memberKeys(member, assignedValue(member), scope));
}

function assignedValue(member: TSESTree.MemberExpression): Expression {
  return unwrap((member.parent as TSESTree.AssignmentExpression).right) as Expression;
}

/**
 * `Object.assign({}, x._meta, …)` or `Object.assign(x._meta ?? {}, …)` given to `x._meta`: a copy of its own `_meta`
 * first and the rest over it, the merge of rule 1 as `{ ...x._meta, … }` is. The sources after the own `_meta`; null
 * for any other value.
 */
function sourcesOverSelf(value: Expression, target: Node | null): TSESTree.CallExpressionArgument[] | null {
  const call = unwrap(value);
  if (target === null || call.type !== 'CallExpression' || !isObjectAssign(call)) return null;
  const [first, second] = call.arguments;
  if (first && first.type !== 'SpreadElement' && isSelfMeta(first, target)) return call.arguments.slice(1);
  const fresh = first?.type === 'ObjectExpression' && first.properties.length === 0;
  if (fresh && second && second.type !== 'SpreadElement' && isSelfMeta(second, target)) return call.arguments.slice(2);
  return null;
}

/**
 * The keys the producers of a list build, when `source` holds their fragments
 * (`...(await Promise.all(producers.map((p) => p(result))))`, `producer-list.ts`): each item's helper keys, as if it
 * were called here. Items that are no helper add nothing (the source stays a spread either way).
 */
function producerListKeys(source: Node, scope: ModuleScope): MetaKeyWrite[] {
  const items = producerItems(source);
  if (!items || scope.followedHelpers.size >= MAX_HELPER_DEPTH) return [];
  return items.flatMap((item) => helperCallKeys(item.at, item.helper, scope) ?? []);
}

/**
 * `Object.assign(x._meta, { k: v }, fragment)`: the literals' keys, and the other sources as spreads (with the keys
 * of producers a source collects, `producerListKeys`).
 */
export function keysOfSources(
  sources: readonly TSESTree.CallExpressionArgument[],
  scope: ModuleScope,
): Pick<MetaValueShape, 'keys' | 'spreads'> {
  const keys: MetaKeyWrite[] = [];
  const spreads: Expression[] = [];
  for (const source of sources) {
    const literal = source.type === 'SpreadElement' ? null : objectLiteralOf(source);
    if (literal) {
      const shape = metaValueShape(literal, null, scope);
      keys.push(...shape.keys);
      spreads.push(...shape.spreads);
    } else {
      const spread = unwrap(source.type === 'SpreadElement' ? source.argument : source) as Expression;
      spreads.push(spread);
      keys.push(...producerListKeys(spread, scope));
    }
  }
  return { keys, spreads };
}

function literalKey(property: TSESTree.Property, value: Expression, scope: ModuleScope): MetaKeyWrite {
  const builtValue = importedBuiltValue(value, scope);
  return { name: propertyKeyName(property), source: 'literal', node: property.key, value, ...(builtValue ? { builtValue } : {}) };
}

/** Keys and spreads of a value given to `_meta` (literal, or `const` bound to one); `mergesSelf` per rule 1. */
export function metaValueShape(value: Expression, target: Node | null, scope: ModuleScope): MetaValueShape {
  const literal = objectLiteralOf(value);
  const shape: MetaValueShape = { mergesSelf: false, selfSpread: null, spreads: [], keys: [] };
  if (!literal) {
    const over = sourcesOverSelf(value, target);
    if (over) return { ...shape, mergesSelf: true, ...keysOfSources(over, scope) };
    // A `let` assigned in branches (`let meta; if (c) meta = { a }; else meta = { b }`): each literal's keys.
    const held = objectLiteralsOfVariable(value);
    if (held) {
      const shapes = held.map(
        (each) => following(scope, each, () => metaValueShape(each, target, scope)) ?? { ...shape, spreads: [], keys: [] },
      );
      return {
        mergesSelf: shapes.every((each) => each.mergesSelf),
        selfSpread: null,
        spreads: shapes.flatMap((each) => each.spreads),
        keys: shapes.flatMap((each) => each.keys),
      };
    }
    // `_meta: meta` where `meta` is `r._meta` itself or a copy of it: nothing of its own `_meta` is dropped.
    const inner = unwrap(value);
    if ((inner.type === 'Identifier' || inner.type === 'ConditionalExpression') && isSelfMeta(inner, target))
      return { ...shape, mergesSelf: true };
    // `_meta: stripLocationFields(r._meta, fields)` (WaniWani-AI/sdk): a value the code derives from the object's own
    // `_meta`; what it keeps is that function's choice, as with rest destructuring, never a blind replacement. The
    // keys such a helper adds are still written here (`r._meta = withAgentic(m, r._meta)` returning `{ ...existing,
    // agentic }`, agentic's gateway): its producer is this call.
    if (derivesFromSelf(value, target)) return { ...shape, mergesSelf: true, keys: helperKeys(value, scope) ?? [] };
    shape.keys.push(...(helperKeys(value, scope) ?? []));
    return shape;
  }
  // Until the self-spread: has every property so far been an opaque fragment (`...hookMeta`), no key of its own?
  let onlyFragmentsBefore = true;
  const spreadsBefore: SpreadBefore[] = [];
  literal.properties.forEach((property) => {
    if (property.type === 'SpreadElement') {
      if (isSelfMeta(property.argument, target)) {
        spreadsBefore.push({ spread: property, own: true });
        // Only a literal written in place has a spread a fix can move; one held in a `const` merges all the same.
        if (literal === value) shape.selfSpread ??= property;
        // `{ ...hookFragment, ...r._meta }` adds keys and shadows nothing the result already holds: rule 4's
        // "transport hooks attach after and may add keys but shadow nothing". Moving the spread first would make the
        // fragment shadow the handler's keys, so it is a merge, not a late spread.
        if (onlyFragmentsBefore) shape.mergesSelf = true;
        return;
      }
      spreadsBefore.push({ spread: property, own: false });
      const held = objectLiteralsOfVariable(property.argument);
      if (held) {
        onlyFragmentsBefore = false;
        // `...extra` of a `const` or `let` holding literals: their keys, as if spread in place (a literal already
        // being read, `extra = { ...extra, k }`, adds nothing more).
        for (const each of held) {
          const inner = following(scope, each, () => metaValueShape(each, null, scope));
          const keys = [...(inner?.keys ?? []), ...keysSetBeforeRead(each, unwrap(property.argument), scope)];
          // `let ex = { q }; ex = { ...ex, w }`: `q` is one key written once, however many literals reach it.
          for (const key of keys) if (!shape.keys.some((known) => known.node === key.node)) shape.keys.push(key);
          shape.spreads.push(...(inner?.spreads ?? []));
        }
        return;
      }
      const branches = conditionalLiterals(property.argument);
      if (branches && !(branches.length === 1 && branches[0] === unwrap(property.argument))) {
        onlyFragmentsBefore = false;
        for (const branch of branches) shape.keys.push(...metaValueShape(branch, null, scope).keys);
        return;
      }
      shape.spreads.push(unwrap(property.argument) as Expression);
      // `...timingMeta(t)`: a helper's keys are spread in (still a spread: its other keys, if any, are not known).
      shape.keys.push(...(helperKeys(property.argument, scope) ?? producerListKeys(property.argument, scope)));
      return;
    }
    onlyFragmentsBefore = false;
    const propertyValue = unwrap(property.value) as Expression;
    const keys = property.computed
      ? resolveKeys(property.key, property.key, propertyValue, scope)
      : [literalKey(property, propertyValue, scope)];
    for (const key of keys) {
      const overSpread = hostObjectOverSpread(key.name, propertyValue, spreadsBefore, scope.modules);
      shape.keys.push(overSpread ? { ...key, overSpread } : key);
    }
  });
  // A literal a `const` holds, read here through the `const`: the keys set on it before this read are its keys too.
  if (literal !== unwrap(value)) shape.keys.push(...keysSetBeforeRead(literal, unwrap(value), scope));
  return shape;
}
