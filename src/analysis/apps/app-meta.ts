/**
 * What a file's `_meta` writes say about MCP Apps / ChatGPT widgets, read from the write model (no walk of its own):
 * the widget each tool descriptor links (`ui.resourceUri`, the flat `ui/resourceUri`, `openai/outputTemplate`), and
 * the values of `ui.visibility`, `ui.csp`, `ui.permissions`, `ui.domain`, `openai/widgetCSP` and
 * `openai/widgetDomain` that a host cannot use. Values an imported helper builds are its module's, read there.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { propertyKeyName, staticString, unwrap } from '../syntax/ast';
import { constInitializer, constStrings } from '../syntax/bindings';
import type { MetaKeyWrite, MetaWrite } from '../types';
import { uriValueOf, type UriValue } from './uri-value';
import {
  notADomain,
  notAnOrigin,
  OPENAI_CSP_LISTS,
  TOOL_VISIBILITIES,
  UI_CSP_LISTS,
  UI_PERMISSIONS,
  UI_SCHEME,
  type LinkVia,
} from './vocabulary';

/** A tool descriptor's link to its widget. */
export interface WidgetLink {
  readonly via: LinkVia;
  readonly uri: UriValue;
  /** The URI's expression (where reports about it go). */
  readonly node: TSESTree.Node;
  readonly write: MetaWrite;
}

/** A value a host cannot use, and why. */
export type AppValueProblem =
  | { readonly kind: 'not-ui-scheme'; readonly node: TSESTree.Node; readonly via: LinkVia; readonly uri: string }
  | { readonly kind: 'flat-differs'; readonly node: TSESTree.Node; readonly flat: string; readonly nested: string }
  | { readonly kind: 'not-origin'; readonly node: TSESTree.Node; readonly list: string; readonly value: string; readonly why: string }
  | { readonly kind: 'not-domain'; readonly node: TSESTree.Node; readonly field: string; readonly value: string; readonly why: string }
  | { readonly kind: 'visibility'; readonly node: TSESTree.Node; readonly value: string }
  | { readonly kind: 'visibility-not-array'; readonly node: TSESTree.Node }
  | { readonly kind: 'permission'; readonly node: TSESTree.Node; readonly value: string }
  | { readonly kind: 'permissions-not-object'; readonly node: TSESTree.Node };

/** The keys the checks read: a write that sets none of them is skipped at once. */
const APP_KEYS: ReadonlySet<string> = new Set(['ui', 'ui/resourceUri', 'openai/outputTemplate', 'openai/widgetCSP', 'openai/widgetDomain']);

/** The object literal a value is (written in place, or a `const` bound to one), or null. */
function objectLiteralOf(value: TSESTree.Node | null | undefined, depth = 0): TSESTree.ObjectExpression | null {
  if (!value || depth > 4) return null;
  const inner = unwrap(value);
  if (inner.type === 'ObjectExpression') return inner;
  if (inner.type === 'Identifier') return objectLiteralOf(constInitializer(inner), depth + 1);
  return null;
}

/** The array literal a value is (in place, or a `const` bound to one), or null. */
function arrayLiteralOf(value: TSESTree.Node | null | undefined, depth = 0): TSESTree.ArrayExpression | null {
  if (!value || depth > 4) return null;
  const inner = unwrap(value);
  if (inner.type === 'ArrayExpression') return inner;
  if (inner.type === 'Identifier') return arrayLiteralOf(constInitializer(inner), depth + 1);
  return null;
}

/** Each plain `name: value` property of an object literal (spreads and computed unknown keys are left out). */
function propertiesOf(
  literal: TSESTree.ObjectExpression,
  file: string | null,
): Array<{ name: string; key: TSESTree.Node; value: TSESTree.Node }> {
  const found: Array<{ name: string; key: TSESTree.Node; value: TSESTree.Node }> = [];
  for (const property of literal.properties) {
    if (property.type !== 'Property' || property.kind !== 'init') continue;
    const name = property.computed ? singleString(property.key, file) : propertyKeyName(property);
    if (name !== null) found.push({ name, key: property.key, value: property.value });
  }
  return found;
}

function singleString(node: TSESTree.Node, file: string | null): string | null {
  const strings = constStrings(node, file);
  return strings?.length === 1 ? strings[0] : null;
}

/** The last `name:` property of an object literal, or null. */
function property(literal: TSESTree.ObjectExpression | null, name: string, file: string | null) {
  if (!literal) return null;
  const all = propertiesOf(literal, file).filter((found) => found.name === name);
  return all.length > 0 ? all[all.length - 1] : null;
}

/** The keys of a write that the checks read, each with its value written in this file. */
function appKeysOf(write: MetaWrite): MetaKeyWrite[] {
  return write.keys.filter((key) => key.name !== null && APP_KEYS.has(key.name) && key.value !== null && !key.builtBy && !key.builtValue);
}

/** True when one of the writes may set a key the checks read (cheap: a name test per key). */
export function writesAppKeys(writes: readonly MetaWrite[]): boolean {
  return writes.some((write) => write.keys.some((key) => key.name !== null && APP_KEYS.has(key.name)));
}

/** The widget links of the tool descriptors among `writes`. */
export function widgetLinksOf(writes: readonly MetaWrite[], file: string | null, text: string): WidgetLink[] {
  const sourceText = (node: TSESTree.Node) => text.slice(node.range[0], node.range[1]);
  const links: WidgetLink[] = [];
  for (const write of writes) {
    if (write.plane !== 'tool') continue;
    for (const key of appKeysOf(write)) {
      if (key.name === 'ui') {
        const resourceUri = property(objectLiteralOf(key.value), 'resourceUri', file);
        if (resourceUri)
          links.push({ via: 'ui.resourceUri', uri: uriValueOf(resourceUri.value, file, sourceText), node: resourceUri.value, write });
      } else if (key.name === 'ui/resourceUri' || key.name === 'openai/outputTemplate') {
        links.push({ via: key.name, uri: uriValueOf(key.value!, file, sourceText), node: key.value!, write });
      }
    }
  }
  return links;
}

/** The values among `writes` a host cannot use (tool descriptors and resources: frameworks move CSP between them). */
export function appValueProblemsOf(writes: readonly MetaWrite[], file: string | null, text: string): AppValueProblem[] {
  const problems: AppValueProblem[] = [];
  const links = widgetLinksOf(writes, file, text);
  for (const link of links) {
    if (link.uri.kind !== 'known') continue;
    for (const uri of link.uri.values) {
      if (!uri.startsWith(UI_SCHEME)) problems.push({ kind: 'not-ui-scheme', node: link.node, via: link.via, uri });
    }
  }
  // The flat key and the nested field of one descriptor's `_meta` name the same widget.
  for (const flat of links) {
    if (flat.via !== 'ui/resourceUri' || flat.uri.kind !== 'known' || flat.uri.values.length !== 1) continue;
    const nested = links.find((other) => other.write === flat.write && other.via === 'ui.resourceUri');
    if (nested?.uri.kind === 'known' && nested.uri.values.length === 1 && nested.uri.values[0] !== flat.uri.values[0]) {
      problems.push({ kind: 'flat-differs', node: flat.node, flat: flat.uri.values[0], nested: nested.uri.values[0] });
    }
  }
  for (const write of writes) {
    if (write.plane !== 'tool' && write.plane !== 'resource') continue;
    for (const key of appKeysOf(write)) {
      if (key.name === 'ui') uiProblems(objectLiteralOf(key.value), file, problems);
      else if (key.name === 'openai/widgetCSP')
        cspProblems(objectLiteralOf(key.value), OPENAI_CSP_LISTS, 'openai/widgetCSP', file, problems);
      else if (key.name === 'openai/widgetDomain') domainProblem(key.value!, 'openai/widgetDomain', file, problems);
    }
  }
  return problems;
}

function uiProblems(ui: TSESTree.ObjectExpression | null, file: string | null, problems: AppValueProblem[]): void {
  if (!ui) return;
  const visibility = property(ui, 'visibility', file);
  if (visibility) {
    const array = arrayLiteralOf(visibility.value);
    if (array) {
      for (const element of array.elements) {
        if (!element || element.type === 'SpreadElement') continue;
        const value = singleString(element, file);
        if (value !== null && !TOOL_VISIBILITIES.has(value)) problems.push({ kind: 'visibility', node: element, value });
      }
    } else if (staticString(visibility.value) !== null || constStrings(visibility.value, file) !== null) {
      problems.push({ kind: 'visibility-not-array', node: visibility.value });
    }
  }
  cspProblems(objectLiteralOf(property(ui, 'csp', file)?.value), UI_CSP_LISTS, 'ui.csp', file, problems);
  const permissions = property(ui, 'permissions', file);
  if (permissions) {
    const object = objectLiteralOf(permissions.value);
    if (object) {
      for (const found of propertiesOf(object, file)) {
        if (!UI_PERMISSIONS.has(found.name)) problems.push({ kind: 'permission', node: found.key, value: found.name });
      }
    } else if (arrayLiteralOf(permissions.value)) {
      problems.push({ kind: 'permissions-not-object', node: permissions.value });
    }
  }
  const domain = property(ui, 'domain', file);
  if (domain) domainProblem(domain.value, 'ui.domain', file, problems);
}

function cspProblems(
  csp: TSESTree.ObjectExpression | null,
  lists: ReadonlySet<string>,
  prefix: string,
  file: string | null,
  problems: AppValueProblem[],
): void {
  if (!csp) return;
  for (const found of propertiesOf(csp, file)) {
    if (!lists.has(found.name)) continue;
    const array = arrayLiteralOf(found.value);
    if (!array) continue;
    for (const element of array.elements) {
      if (!element || element.type === 'SpreadElement') continue;
      for (const value of constStrings(element, file) ?? []) {
        const why = notAnOrigin(value);
        if (why !== null) problems.push({ kind: 'not-origin', node: element, list: `${prefix}.${found.name}`, value, why });
      }
    }
  }
}

function domainProblem(node: TSESTree.Node, field: string, file: string | null, problems: AppValueProblem[]): void {
  for (const value of constStrings(node, file) ?? []) {
    const why = notADomain(value);
    if (why !== null) problems.push({ kind: 'not-domain', node, field, value, why });
  }
}
