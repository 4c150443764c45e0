/**
 * What a file's `_meta` writes say about MCP Apps / ChatGPT widgets, read from the write model (no walk of its own):
 * the widget each tool descriptor links (`ui.resourceUri`, the flat `ui/resourceUri`, `openai/outputTemplate`), and
 * the values of `ui.visibility`, `ui.csp`, `ui.permissions`, `ui.domain`, `openai/widgetCSP` and
 * `openai/widgetDomain` that a host cannot use. A value a helper builds (`_meta: widgetMeta(w)`) is read from what the
 * helper returns, its parameters bound to the call's arguments: a same-file helper's code, or an imported one's through
 * its module's summary (`module-summary.ts`: a detached copy, no walk of that module here).
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { containsNode, enclosingFunction, propertyKeyName, rootOf, staticString, unwrap } from '../syntax/ast';
import {
  constInitializer,
  constStrings,
  functionBoundTo,
  importedLiteralOf,
  parameterReference,
  type ImportedNames,
  type ParameterReference,
} from '../syntax/bindings';
import { argumentOfParameter, objectLiteralOf } from '../syntax/meta-syntax';
import { catalogueEntryById, hostFieldPlanes } from '../../registry/catalogue';
import { helperParameterOf, isDetached } from '../modules/module-summary';
import { spreadCallsOfHelper } from '../plane/of-returned-fragment';
import type { HelperOrigin, MetaKeyWrite, MetaWrite } from '../types';
import { registeredOnParameter, registrationCallOf, serverInstanceOf } from './server-instance';
import { normalise, uriValueOf, widgetTableString, type BindParameter, type UriValue } from './uri-value';
import {
  notADomain,
  notAnOrigin,
  OPENAI_CSP_LISTS,
  TOOL_VISIBILITIES,
  UI_CSP_LISTS,
  UI_CSP_SCHEME_SOURCES,
  UI_PERMISSIONS,
  UI_SCHEME,
  type LinkVia,
} from './vocabulary';

/** A tool descriptor's link to its widget. */
export interface WidgetLink {
  readonly via: LinkVia;
  readonly uri: UriValue;
  /** The URI's expression (where reports about it go): for a value another module's helper builds, the call here. */
  readonly node: TSESTree.Node;
  readonly write: MetaWrite;
  /**
   * Set when `write` is in a fragment a same-file helper returns for each call to spread (`...uiMeta(uri)`): the call
   * this link is read as (one link per call, each with the URI it passes).
   */
  readonly through?: TSESTree.CallExpression;
  /** Set when the URI is written in another module's helper (`node` is then the call): fix it there. */
  readonly builtBy?: HelperOrigin;
  /**
   * The function the tool is registered in (the Program at the top level), as `UiResource.scope` is a resource's: the
   * write's own, or for a helper's fragment (`through`) the call's.
   */
  readonly scope: TSESTree.Node;
  /** The server the tool is registered on, when the code says which (`serverInstanceOf`). */
  readonly server: string | null;
  /**
   * The tool is registered on a parameter of the function that registers it (`registeredOnParameter`): a server
   * handed to this module, which other modules may register the linked widget on.
   */
  readonly serverIsParameter: boolean;
}

/** A value a host cannot use, and why. `builtBy`: it is written in that module's helper, and reported at the call. */
export type AppValueProblem = (
  | { readonly kind: 'not-ui-scheme'; readonly node: TSESTree.Node; readonly via: LinkVia; readonly uri: string }
  | { readonly kind: 'flat-differs'; readonly node: TSESTree.Node; readonly flat: string; readonly nested: string }
  | { readonly kind: 'not-origin'; readonly node: TSESTree.Node; readonly list: string; readonly value: string; readonly why: string }
  | { readonly kind: 'not-domain'; readonly node: TSESTree.Node; readonly field: string; readonly value: string; readonly why: string }
  | { readonly kind: 'visibility'; readonly node: TSESTree.Node; readonly value: string }
  | { readonly kind: 'visibility-not-array'; readonly node: TSESTree.Node }
  | { readonly kind: 'permission'; readonly node: TSESTree.Node; readonly value: string }
  | { readonly kind: 'permissions-not-object'; readonly node: TSESTree.Node }
  | { readonly kind: 'ui-field-at-top'; readonly node: TSESTree.Node; readonly field: UiFieldAtTop }
) & { readonly builtBy?: HelperOrigin };

/** The fields of MCP Apps' `ui` that a top-level `_meta` key of the same name is read as (see `holdsUiField`). */
export type UiFieldAtTop = 'resourceUri' | 'visibility' | 'csp' | 'permissions' | 'prefersBorder';

/** The keys the checks read: a write that sets none of them is skipped at once. */
const APP_KEYS: ReadonlySet<string> = new Set(['ui', 'ui/resourceUri', 'openai/outputTemplate', 'openai/widgetCSP', 'openai/widgetDomain']);

/** MCP Apps' `ui` in the host-key catalogue: the planes a host reads each of its fields on. */
const UI_ENTRY = catalogueEntryById('mcp-apps.ui')!;

/**
 * How a value of each `ui` field looks, so a top-level key of that name holding one is the field written a level too
 * high, and a key of the server's own that only shares the name (`visibility: 'public'`) is left alone: `resourceUri`
 * a ui:// URI, `visibility` a list of 'model' / 'app', `csp` an object of its origin lists, `permissions` an object of
 * its permissions, `prefersBorder` a boolean. (`domain` is left out: a host name or an origin is what a key of the
 * server's own may hold too.)
 */
const UI_FIELD_VALUES: ReadonlyMap<UiFieldAtTop, (value: TSESTree.Node, reading: Reading) => boolean> = new Map<
  UiFieldAtTop,
  (value: TSESTree.Node, reading: Reading) => boolean
>([
  ['resourceUri', (value, reading) => stringsIn(value, reading)?.every((uri) => uri.startsWith(UI_SCHEME)) === true],
  [
    'visibility',
    (value, reading) => {
      const list = arrayIn(value, reading);
      const values = list?.literal.elements.map((element) =>
        element && element.type !== 'SpreadElement' ? singleString(element, list.reading) : null,
      );
      return values !== undefined && values.length > 0 && values.every((each) => each !== null && TOOL_VISIBILITIES.has(each));
    },
  ],
  ['csp', (value, reading) => objectNamesSome(objectIn(value, reading), UI_CSP_LISTS)],
  ['permissions', (value, reading) => objectNamesSome(objectIn(value, reading), UI_PERMISSIONS)],
  ['prefersBorder', (value, reading) => typeof boundLiteral(value, reading)?.value === 'boolean'],
]);

/** Whether a top-level key's name is one of `ui`'s fields `UI_FIELD_VALUES` reads. */
function isUiFieldAtTop(name: string | null): name is UiFieldAtTop {
  return name !== null && UI_FIELD_VALUES.has(name as UiFieldAtTop);
}

/**
 * How one key's value is read. A value written in place is read as it is. A value a helper builds
 * (`_meta: widgetMeta(w)`, `...appMeta(uri)`, `ui: uiOf(uri)`) is read from what the helper returns, with the helper's
 * parameters bound to the call's arguments (`bind`): a same-file helper's literal is this file's code; an imported
 * one's is a detached copy of its module's (`module-summary.ts`), reported at the call here (`at`), naming the module.
 */
interface Reading {
  readonly imports: ImportedNames | null;
  readonly bind: BindParameter;
  /** Where a report about `node` goes: itself, or the call for a node of another module's code. */
  readonly at: (node: TSESTree.Node) => TSESTree.Node;
  readonly builtBy: HelperOrigin | undefined;
  readonly sourceText: (node: TSESTree.Node) => string;
}

/** A helper's call: the call expression itself (seen through `await` and wrappers), or null. */
function callOf(node: TSESTree.Node | null | undefined): TSESTree.CallExpression | null {
  const inner = node ? unwrap(node) : null;
  const call = inner?.type === 'AwaitExpression' ? unwrap(inner.argument) : inner;
  return call?.type === 'CallExpression' ? call : null;
}

/**
 * The argument a parameter read stands for (`w.templateUri` of `widgetMeta(w)` called as `widgetMeta(WIDGETS.pizza)`):
 * the node of the caller's code the property path leads to, or the caller's text for a path it cannot follow (the
 * argument is itself a parameter, a call), so two sides built from the same expression can still be matched.
 */
function argumentFor(
  reference: ParameterReference,
  call: TSESTree.CallExpression,
  imports: ImportedNames | null,
  sourceText: (node: TSESTree.Node) => string,
): TSESTree.Node | string | null {
  const found = argumentOfParameter(reference, call, imports);
  if (!found) return null;
  return found.value ?? normalise(`${sourceText(unwrap(found.argument))}.${reference.path.join('.')}`);
}

/** A call of a same-file helper, whose parameters a value the helper returns is read with. */
interface HelperCall {
  readonly fn: TSESTree.FunctionLike;
  readonly call: TSESTree.CallExpression;
}

/**
 * A same-file helper whose returned literal holds `value` and the call of it that writes this `_meta` (the value given
 * to `_meta`, or a spread of its literal: `{ ...appMeta(uri), k }`), or null.
 */
function sameFileHelperCall(write: MetaWrite, value: TSESTree.Node): HelperCall | null {
  if (!write.metaValue) return null;
  const literal = objectLiteralOf(write.metaValue);
  const candidates = literal
    ? literal.properties.flatMap((property) => (property.type === 'SpreadElement' ? [callOf(property.argument)] : []))
    : [callOf(write.metaValue)];
  for (const call of candidates) {
    const callee = call ? unwrap(call.callee) : null;
    if (!call || callee?.type !== 'Identifier') continue;
    const fn = functionBoundTo(callee);
    if (fn && containsNode(fn, value)) return { fn, call };
  }
  return null;
}

/**
 * How `key`'s value is read (see `Reading`), with the value to read, or null when it writes nothing readable. `caller`:
 * the write is in a helper's returned fragment, read as that call of it writes it (`fragmentCallsOf`).
 */
function readingOf(
  write: MetaWrite,
  key: MetaKeyWrite,
  imports: ImportedNames | null,
  sourceText: (node: TSESTree.Node) => string,
  caller: HelperCall | null = null,
): { value: TSESTree.Node; reading: Reading } | null {
  if (key.value === null) return null;
  const here = (node: TSESTree.Node) => node;
  const base = { imports, sourceText, builtBy: undefined, at: here, bind: () => null };
  const imported = key.builtBy
    ? { value: key.value, call: callOf(key.node), reportAt: key.node, builtBy: key.builtBy }
    : key.builtValue
      ? { value: key.builtValue.value, call: callOf(key.builtValue.call), reportAt: key.builtValue.call, builtBy: key.builtValue.builtBy }
      : null;
  if (imported) {
    const { call, reportAt } = imported;
    const reading: Reading = {
      ...base,
      builtBy: imported.builtBy,
      at: (node) => (isDetached(node) ? reportAt : node),
      bind: (node) => {
        const reference = helperParameterOf(node);
        return reference && call ? argumentFor(reference, call, imports, sourceText) : null;
      },
    };
    return { value: imported.value, reading };
  }
  const helper = caller ?? sameFileHelperCall(write, key.value);
  if (!helper) return { value: key.value, reading: base };
  const reading: Reading = {
    ...base,
    bind: (node) => {
      const reference = parameterReference(node, helper.fn);
      return reference ? argumentFor(reference, helper.call, imports, sourceText) : null;
    },
  };
  return { value: key.value, reading };
}

/** A node read with its helper's parameters bound: the caller's node, or null for an argument not known here. */
function boundNode(node: TSESTree.Node | null | undefined, reading: Reading): TSESTree.Node | null {
  if (!node) return null;
  const bound = reading.bind(unwrap(node));
  return typeof bound === 'string' ? null : (bound ?? node);
}

/** A literal found for a value, and how its parts are read (another module's `const`'s are reported where it is used). */
interface Found<T> {
  readonly literal: T;
  readonly reading: Reading;
}

/**
 * The literal of type `type` a value is (written in place, or a `const` bound to one, four deep, or a `const` imported
 * from another module: `'openai/widgetCSP': WIDGET_CSP` with `import { WIDGET_CSP } from './widget/index.js'`), or
 * null. An imported one is a detached copy of its module's code: what is wrong in it is reported at the name here,
 * naming the module (`builtBy`), as an imported helper's value is at its call.
 */
function literalIn<T extends 'ObjectExpression' | 'ArrayExpression'>(
  type: T,
  value: TSESTree.Node | null | undefined,
  reading: Reading,
  depth = 0,
): Found<Extract<TSESTree.Node, { type: T }>> | null {
  const node = boundNode(value, reading);
  if (!node || depth > 4) return null;
  const inner = unwrap(node) as TSESTree.Node;
  if (inner.type === type) return { literal: inner as Extract<TSESTree.Node, { type: T }>, reading };
  const init = inner.type === 'Identifier' ? constInitializer(inner) : null;
  if (init) return literalIn(type, init, reading, depth + 1);
  const imported = isDetached(inner) ? null : importedLiteralOf(inner, reading.imports);
  const literal = imported ? unwrap(imported.value) : null;
  if (!imported || literal?.type !== type) return null;
  const at = reading.at(inner);
  return {
    literal: literal as Extract<TSESTree.Node, { type: T }>,
    reading: {
      ...reading,
      at: (part) => (isDetached(part) ? at : reading.at(part)),
      builtBy: constOrigin(imported),
    },
  };
}

/** The module an imported `const` named here is written in (`visibility: APP_ONLY`), or undefined. */
function importedConstOrigin(node: TSESTree.Node, reading: Reading): HelperOrigin | undefined {
  const inner = unwrap(node) as TSESTree.Node;
  const imported = isDetached(inner) ? null : importedLiteralOf(inner, reading.imports);
  return imported ? constOrigin(imported) : undefined;
}

/** Where an imported `const` is written, as a report names it. */
function constOrigin(imported: { readonly name: string; readonly file: string }): HelperOrigin {
  return { helper: imported.name, file: imported.file, kind: 'const' };
}

function objectIn(value: TSESTree.Node | null | undefined, reading: Reading): Found<TSESTree.ObjectExpression> | null {
  return literalIn('ObjectExpression', value, reading);
}

function arrayIn(value: TSESTree.Node | null | undefined, reading: Reading): Found<TSESTree.ArrayExpression> | null {
  return literalIn('ArrayExpression', value, reading);
}

/** Every string a value may be (see `constStrings`), its helper's parameters bound; null when not known. */
function stringsIn(value: TSESTree.Node, reading: Reading): string[] | null {
  const node = boundNode(value, reading);
  return node ? constStrings(node, reading.imports) : null;
}

/** Each plain `name: value` property of an object literal (spreads and computed unknown keys are left out). */
function propertiesOf(
  literal: TSESTree.ObjectExpression,
  reading: Reading,
): Array<{ name: string; key: TSESTree.Node; value: TSESTree.Node }> {
  const found: Array<{ name: string; key: TSESTree.Node; value: TSESTree.Node }> = [];
  for (const property of literal.properties) {
    if (property.type !== 'Property' || property.kind !== 'init') continue;
    const name = property.computed ? singleString(property.key, reading) : propertyKeyName(property);
    if (name !== null) found.push({ name, key: property.key, value: property.value });
  }
  return found;
}

function singleString(node: TSESTree.Node, reading: Reading): string | null {
  const strings = stringsIn(node, reading);
  return strings?.length === 1 ? strings[0] : null;
}

/** The last `name:` property of an object literal found for a value, or null. */
function property(found: Found<TSESTree.ObjectExpression> | null, name: string) {
  if (!found) return null;
  const all = propertiesOf(found.literal, found.reading).filter((each) => each.name === name);
  return all.length > 0 ? all[all.length - 1] : null;
}

/** Each key of a write that the checks read, with how to read its value (in place, or built by a helper). */
function appKeysOf(
  write: MetaWrite,
  imports: ImportedNames | null,
  sourceText: (node: TSESTree.Node) => string,
  caller: HelperCall | null = null,
): Array<{ key: MetaKeyWrite; value: TSESTree.Node; reading: Reading }> {
  const found: Array<{ key: MetaKeyWrite; value: TSESTree.Node; reading: Reading }> = [];
  for (const key of write.keys) {
    if (key.name === null || !APP_KEYS.has(key.name)) continue;
    const read = readingOf(write, key, imports, sourceText, caller);
    if (read) found.push({ key, ...read });
  }
  return found;
}

/** True when one of the writes may set a key the checks read (cheap: a name test per key). */
export function writesAppKeys(writes: readonly MetaWrite[]): boolean {
  return writes.some((write) => write.keys.some((key) => key.name !== null && (APP_KEYS.has(key.name) || isUiFieldAtTop(key.name))));
}

/** A node's text: the linted file's, or for a detached copy of a helper module's code, none. */
function sourceTextOf(text: string): (node: TSESTree.Node) => string {
  return (node) => (isDetached(node) ? '\u2026' : text.slice(node.range[0], node.range[1]));
}

/** A report's place, and the helper module that writes its value when that place is the call here. */
function placed(node: TSESTree.Node, reading: Reading): { node: TSESTree.Node; builtBy?: HelperOrigin } {
  const at = reading.at(node);
  return at === node || !reading.builtBy ? { node: at } : { node: at, builtBy: reading.builtBy };
}

/** The widget links of the tool descriptors among `writes`. */
export function widgetLinksOf(writes: readonly MetaWrite[], imports: ImportedNames | null, text: string): WidgetLink[] {
  return linksOn('tool', writes, imports, text);
}

/**
 * The widget links written on a `_meta` nothing places on a plane (`unknown`): most often a tools/list entry built at
 * run time (`tools.map((t) => ({ ...t, _meta: { ui: { resourceUri: uri } } }))` returned by a low-level handler), which
 * no registration and no descriptor literal shows to be a tool's. `check` lists them as not matched statically.
 */
export function unplacedWidgetLinksOf(writes: readonly MetaWrite[], imports: ImportedNames | null, text: string): WidgetLink[] {
  return linksOn('unknown', writes, imports, text);
}

/** A call of a helper whose returned fragment holds the write, and the spread that puts it in a registration's config. */
interface FragmentCall extends HelperCall {
  readonly registeredIn: TSESTree.SpreadElement;
}

/**
 * The calls a write is read as: a `_meta` in a fragment a same-file helper returns for each call's config to spread
 * (`...uiMeta(uri)`, `spreadCallsOfHelper`) is written once per call, each linking the URI it passes, and registered
 * where that call's config is; any other write is read once, as written (`null`).
 */
function fragmentCallsOf(write: MetaWrite): ReadonlyArray<FragmentCall | null> {
  const literal = write.kind === 'meta-literal' ? write.node.parent : null;
  const helper = literal?.type === 'ObjectExpression' ? spreadCallsOfHelper(literal) : null;
  return helper ? helper.calls.map(({ call, spread }) => ({ fn: helper.fn, call, registeredIn: spread })) : [null];
}

function linksOn(plane: 'tool' | 'unknown', writes: readonly MetaWrite[], imports: ImportedNames | null, text: string): WidgetLink[] {
  const sourceText = sourceTextOf(text);
  const links: WidgetLink[] = [];
  for (const write of writes) {
    if (write.plane !== plane) continue;
    for (const caller of fragmentCallsOf(write)) links.push(...linksOfWrite(write, caller, imports, sourceText));
  }
  return links;
}

/** The widget links of one write, read as `caller` writes it (see `fragmentCallsOf`). */
function linksOfWrite(
  write: MetaWrite,
  caller: FragmentCall | null,
  imports: ImportedNames | null,
  sourceText: (node: TSESTree.Node) => string,
): WidgetLink[] {
  const links: WidgetLink[] = [];
  const scope = caller ? (enclosingFunction(caller.call) ?? rootOf(caller.call)) : write.functionNode;
  let server: string | null | undefined;
  let serverIsParameter = false;
  for (const { key, value, reading: keyReading } of appKeysOf(write, imports, sourceText, caller)) {
    let uriNode: TSESTree.Node | null = null;
    let reading = keyReading;
    if (key.name === 'ui') {
      const ui = objectIn(value, keyReading);
      uriNode = property(ui, 'resourceUri')?.value ?? null;
      if (ui) reading = ui.reading;
    } else if (key.name === 'ui/resourceUri' || key.name === 'openai/outputTemplate') uriNode = value;
    if (!uriNode) continue;
    const bound = boundNode(uriNode, reading) ?? uriNode;
    if (server === undefined) {
      const call = registrationCallOf(caller?.registeredIn ?? write.node);
      server = call ? serverInstanceOf(call) : null;
      serverIsParameter = call !== null && registeredOnParameter(call, scope);
    }
    links.push({
      via: key.name === 'ui' ? 'ui.resourceUri' : (key.name as LinkVia),
      uri: uriValueOf(uriNode, imports, sourceText, reading.bind),
      ...placed(bound, reading),
      write,
      ...(caller ? { through: caller.call } : {}),
      scope,
      server,
      serverIsParameter,
    });
  }
  return links;
}

/** The values among `writes` a host cannot use (tool descriptors and resources: frameworks move CSP between them). */
export function appValueProblemsOf(writes: readonly MetaWrite[], imports: ImportedNames | null, text: string): AppValueProblem[] {
  const problems: AppValueProblem[] = [];
  const links = widgetLinksOf(writes, imports, text);
  for (const link of links) {
    if (link.uri.kind !== 'known') continue;
    for (const uri of link.uri.values) {
      if (!uri.startsWith(UI_SCHEME)) problems.push({ kind: 'not-ui-scheme', node: link.node, via: link.via, uri, builtBy: link.builtBy });
    }
  }
  // The flat key and the nested field of one descriptor's `_meta` name the same widget.
  for (const flat of links) {
    if (flat.via !== 'ui/resourceUri' || flat.uri.kind !== 'known' || flat.uri.values.length !== 1) continue;
    const nested = links.find((other) => other.write === flat.write && other.through === flat.through && other.via === 'ui.resourceUri');
    if (nested?.uri.kind === 'known' && nested.uri.values.length === 1 && nested.uri.values[0] !== flat.uri.values[0]) {
      problems.push({
        kind: 'flat-differs',
        node: flat.node,
        flat: flat.uri.values[0],
        nested: nested.uri.values[0],
        builtBy: flat.builtBy,
      });
    }
  }
  const sourceText = sourceTextOf(text);
  for (const write of writes) {
    if (write.plane !== 'tool' && write.plane !== 'resource') continue;
    uiFieldsAtTop(write, write.plane, imports, sourceText, problems);
    for (const { key, value, reading } of appKeysOf(write, imports, sourceText)) {
      if (key.name === 'ui') uiProblems(objectIn(value, reading), problems);
      else if (key.name === 'openai/widgetCSP') cspProblems(objectIn(value, reading), OPENAI_CSP_LISTS, 'openai/widgetCSP', problems);
      else if (key.name === 'openai/widgetDomain') domainProblem(value, 'openai/widgetDomain', reading, problems);
    }
  }
  return problems;
}

function uiProblems(ui: Found<TSESTree.ObjectExpression> | null, problems: AppValueProblem[]): void {
  if (!ui) return;
  const { reading } = ui;
  const visibility = property(ui, 'visibility');
  if (visibility) {
    const array = arrayIn(visibility.value, reading);
    if (array) {
      for (const element of array.literal.elements) {
        if (!element || element.type === 'SpreadElement') continue;
        const value = singleString(element, array.reading);
        if (value !== null && !TOOL_VISIBILITIES.has(value))
          problems.push({ kind: 'visibility', ...placed(element, array.reading), value });
      }
    } else {
      const bound = boundNode(visibility.value, reading);
      if (bound && (staticString(bound) !== null || stringsIn(bound, reading) !== null)) {
        // As for a list given as `ui.permissions`: a string `const` written in another module names that module.
        const where = placed(bound, reading);
        const builtBy = where.builtBy ?? importedConstOrigin(bound, reading);
        problems.push({ kind: 'visibility-not-array', node: where.node, ...(builtBy ? { builtBy } : {}) });
      }
    }
  }
  cspProblems(objectIn(property(ui, 'csp')?.value, reading), UI_CSP_LISTS, 'ui.csp', problems);
  const permissions = property(ui, 'permissions');
  if (permissions) {
    const object = objectIn(permissions.value, reading);
    const array = object ? null : arrayIn(permissions.value, reading);
    if (object) {
      for (const found of propertiesOf(object.literal, object.reading)) {
        if (!UI_PERMISSIONS.has(found.name)) problems.push({ kind: 'permission', ...placed(found.key, object.reading), value: found.name });
      }
    } else if (array) {
      // The list itself is what is wrong, reported where this file names it. When the list is written in another
      // module (an imported `const`, read as a detached copy) that module is named, as for every other imported value;
      // a list written here, or passed here to an imported helper, names none.
      const where = placed(boundNode(permissions.value, reading) ?? permissions.value, array.reading);
      const builtBy = where.builtBy ?? (isDetached(array.literal) ? array.reading.builtBy : undefined);
      problems.push({ kind: 'permissions-not-object', node: where.node, ...(builtBy ? { builtBy } : {}) });
    }
  }
  const domain = property(ui, 'domain');
  if (domain) domainProblem(domain.value, 'ui.domain', reading, problems);
}

/** What a literal that is no string is (`42`: 'number', `true`: 'boolean', `null`), or null for a string or a regex. */
function nonStringLiteral(literal: TSESTree.Literal): 'number' | 'boolean' | 'null' | null {
  if (typeof literal.value === 'number') return 'number';
  if (typeof literal.value === 'boolean') return 'boolean';
  return literal.raw === 'null' ? 'null' : null;
}

function cspProblems(
  csp: Found<TSESTree.ObjectExpression> | null,
  lists: ReadonlySet<string>,
  prefix: string,
  problems: AppValueProblem[],
): void {
  if (!csp) return;
  for (const found of propertiesOf(csp.literal, csp.reading)) {
    if (!lists.has(found.name)) continue;
    const list = arrayIn(found.value, csp.reading);
    if (!list) continue;
    const { literal: array, reading } = list;
    for (const element of array.elements) {
      if (!element || element.type === 'SpreadElement') continue;
      // A number or boolean reads as its text (`42`), and `null` as nothing, but no host takes either as an origin: it is
      // not a string at all.
      const bound = boundNode(element, reading);
      const notString = bound?.type === 'Literal' ? nonStringLiteral(bound) : null;
      for (const value of notString === 'null' ? ['null'] : (stringsIn(element, reading) ?? [])) {
        if (notString === null && lists === UI_CSP_LISTS && UI_CSP_SCHEME_SOURCES.has(value)) continue;
        const why = notString !== null ? `it is ${notString === 'null' ? 'null' : `a ${notString}`}, not a string` : notAnOrigin(value);
        if (why !== null)
          problems.push({
            kind: 'not-origin',
            ...placed(boundNode(element, reading) ?? element, reading),
            list: `${prefix}.${found.name}`,
            value,
            why,
          });
      }
    }
  }
}

function domainProblem(node: TSESTree.Node, field: string, reading: Reading, problems: AppValueProblem[]): void {
  const bound = boundNode(node, reading);
  if (!bound) return;
  // A widget table's entry (`contentWidget.widgetDomain` of a same-file `const`) is taken as written, as its URI is.
  for (const value of stringsIn(bound, reading) ?? widgetTableString(unwrap(bound), reading.imports) ?? []) {
    const why = notADomain(value);
    if (why !== null) problems.push({ kind: 'not-domain', ...placed(bound, reading), field, value, why });
  }
}

/** Whether an object literal found for a value has a property named in `names`. */
function objectNamesSome(found: Found<TSESTree.ObjectExpression> | null, names: ReadonlySet<string>): boolean {
  return found !== null && propertiesOf(found.literal, found.reading).some((each) => names.has(each.name));
}

/** The literal a value is, its helper's parameters bound, or null. */
function boundLiteral(value: TSESTree.Node, reading: Reading): TSESTree.Literal | null {
  const node = boundNode(value, reading);
  const inner = node ? unwrap(node) : null;
  return inner?.type === 'Literal' ? inner : null;
}

/**
 * The fields of MCP Apps' `ui` that `write` puts at the top of its `_meta` (`_meta: { visibility: ['app'] }`), on a
 * plane where the host reads that field of `ui`: hosts read only `ui.visibility`, so the value does nothing there.
 */
function uiFieldsAtTop(
  write: MetaWrite,
  plane: 'tool' | 'resource',
  imports: ImportedNames | null,
  sourceText: (node: TSESTree.Node) => string,
  problems: AppValueProblem[],
): void {
  for (const key of write.keys) {
    const found = uiFieldAtTop(write, key, plane, imports, sourceText);
    if (found) problems.push({ kind: 'ui-field-at-top', field: found.field, ...placed(key.node, found.reading) });
  }
}

/** `key` of `write` as a field of `ui` written at the top of `_meta` (see `uiFieldsAtTop`), or null. */
function uiFieldAtTop(
  write: MetaWrite,
  key: MetaKeyWrite,
  plane: 'tool' | 'resource',
  imports: ImportedNames | null,
  sourceText: (node: TSESTree.Node) => string,
): { field: UiFieldAtTop; reading: Reading } | null {
  const field = key.name;
  if (!isUiFieldAtTop(field) || !(hostFieldPlanes(UI_ENTRY, field) ?? UI_ENTRY.planes).includes(plane)) return null;
  const read = readingOf(write, key, imports, sourceText);
  return read && UI_FIELD_VALUES.get(field)!(read.value, read.reading) ? { field, reading: read.reading } : null;
}

/**
 * Whether `key` of `write` puts a field of MCP Apps' `ui` at the top of `_meta` (`valid-app-linkage`'s `uiFieldAtTop`):
 * then it is no key of the team's own, and `no-unregistered-meta-key` does not ask to register it. Cheap for any
 * other key (a name test).
 */
export function writesUiFieldAtTop(write: MetaWrite, key: MetaKeyWrite, imports: ImportedNames | null, text: string): boolean {
  if (!isUiFieldAtTop(key.name) || (write.plane !== 'tool' && write.plane !== 'resource')) return false;
  return uiFieldAtTop(write, key, write.plane, imports, sourceTextOf(text)) !== null;
}
