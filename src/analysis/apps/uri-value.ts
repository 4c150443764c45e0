/**
 * What a widget URI expression is, read without types and compared by value, never by name: the strings it certainly
 * is (literals, consts, imported consts, templates of known parts: `constStrings`), or the way it is built when part of
 * it is not known here (`ui://widget/x${buildId}.html`), so that two sides built the same way can still be matched.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { memberPropertyName, unwrap } from '../syntax/ast';
import { constInitializer, constStrings, importedLiteralOf, loopRowValues, ownPropertyValue, type ImportedNames } from '../syntax/bindings';
import { UI_SCHEME } from './vocabulary';

export type UriValue =
  /** Every string it may be (one, or each branch of a `?:`). */
  | { readonly kind: 'known'; readonly values: readonly string[] }
  /**
   * Known parts and unknown ones: `text` spells the unknown parts as `${…}` of their source text
   * (`ui://widget/x${buildId}.html`), and `pattern` matches every string it may be.
   */
  | { readonly kind: 'pattern'; readonly text: string; readonly pattern: RegExp }
  /** Nothing of it is known (`widget.templateUri`, a parameter): `text` is its source text. */
  | { readonly kind: 'opaque'; readonly text: string };

const REGEXP_SPECIAL = /[.*+?^${}()|[\]\\]/g;

/**
 * A helper's parameter read bound to a call's argument (`appMeta(w)` returning `{ ui: { resourceUri: w.uri } }`): the
 * node of the caller's code it stands for, the source text of an argument read that is not known there
 * (`contentWidget.templateUri`), or null when `node` reads no parameter.
 */
export type BindParameter = (node: TSESTree.Node) => TSESTree.Node | string | null;

const NO_PARAMETERS: BindParameter = () => null;

/** The URI `expression` stands for; `sourceText` gives a node's text (the linted file's, or a parsed module's). */
export function uriValueOf(
  expression: TSESTree.Node,
  imports: ImportedNames | null,
  sourceText: (node: TSESTree.Node) => string,
  bind: BindParameter = NO_PARAMETERS,
): UriValue {
  const inner = unwrap(expression);
  const bound = bind(inner);
  if (typeof bound === 'string') return { kind: 'opaque', text: bound };
  if (bound !== null) return uriValueOf(bound, imports, sourceText);
  const known = constStrings(inner, imports) ?? widgetTableString(inner, imports);
  if (known !== null) return { kind: 'known', values: known };
  const parts = templateParts(inner, imports, sourceText, bind);
  if (parts === null || parts.every((part) => part.hole)) return { kind: 'opaque', text: normalise(sourceText(inner)) };
  const text = parts.map((part) => (part.hole ? `\${${part.text}}` : part.text)).join('');
  const pattern = new RegExp(`^${parts.map((part) => (part.hole ? '.*' : part.text.replace(REGEXP_SPECIAL, '\\$&'))).join('')}$`, 's');
  return { kind: 'pattern', text, pattern };
}

/**
 * `WIDGETS.pizzaList.templateUri`: a property path into a `const` object literal (`as const` or not), the way Apps SDK
 * servers keep a table of their widgets: the file's own, an imported one (`UI_RESOURCES.quiz.uri` of `import {
 * UI_RESOURCES } from './resources'`), or a part of one a `const` holds (`const quiz = UI_RESOURCES.quiz; … quiz.uri`).
 * `constStrings` reads one level of a frozen object only (a key must be certain); a widget table is written once and
 * read on both sides, so its URI is taken as written. Also a row of such a table a loop registers one resource per row
 * from (`entry.templateUri` of `for (const entry of ENTRIES)`, `uri` of `for (const [name, uri] of WIDGETS)`): every
 * row's, `loopRowValues`.
 */
export function widgetTableString(node: TSESTree.Node, imports: ImportedNames | null): string[] | null {
  const read = tablePath(node);
  if (read === null) return null;
  const table = read.path.length > 0 ? tableOf(read.name, imports, 0) : null;
  const roots = table ? [table] : loopRowValues(read.name, imports);
  if (roots === null || roots.length === 0) return null;
  const strings = new Set<string>();
  for (const root of roots) {
    const held = valueAtPath(root, read.path, imports);
    const known = held ? constStrings(held, imports) : null;
    if (known === null) return null;
    for (const value of known) strings.add(value);
  }
  return [...strings];
}

/** `a.b.c` as the name it starts from and the property path (`['b', 'c']`); null for any other expression. */
function tablePath(node: TSESTree.Node): { readonly name: TSESTree.Identifier; readonly path: readonly string[] } | null {
  const path: string[] = [];
  let current: TSESTree.Node = node;
  while (current.type === 'MemberExpression') {
    const name = memberPropertyName(current);
    if (name === null) return null;
    path.unshift(name);
    current = unwrap(current.object);
  }
  return current.type === 'Identifier' ? { name: current, path } : null;
}

/** Tables read through `const`s that hold a part of another (`const a = T.x; const b = a.y`) this many deep. */
const MAX_TABLE_HOPS = 3;

/**
 * The value `name` holds as a table: a same-file `const`'s initializer, an imported `const`'s object literal (a
 * detached copy of its module's code), or the part of another table a `const` holds; null otherwise.
 */
function tableOf(name: TSESTree.Identifier, imports: ImportedNames | null, hops: number): TSESTree.Node | null {
  const init = constInitializer(name);
  if (init !== null) {
    const part = tablePath(unwrap(init));
    if (part === null || part.path.length === 0 || hops >= MAX_TABLE_HOPS) return init;
    const table = tableOf(part.name, imports, hops + 1);
    return table ? valueAtPath(table, part.path, imports) : null;
  }
  return importedLiteralOf(name, imports)?.value ?? null;
}

/** The value at a property path into nested object literals (`['pizzaList', 'templateUri']`), or null. */
function valueAtPath(root: TSESTree.Node, path: readonly string[], imports: ImportedNames | null): TSESTree.Node | null {
  let value: TSESTree.Node | null = root;
  for (const name of path) {
    const literal = value ? unwrap(value) : null;
    if (literal?.type !== 'ObjectExpression') return null;
    value = ownPropertyValue(literal, name, imports);
  }
  return value;
}

interface Part {
  readonly text: string;
  readonly hole: boolean;
}

/** A template literal's or a `+` concatenation's parts, each known or a hole; null for any other expression. */
function templateParts(
  node: TSESTree.Node,
  imports: ImportedNames | null,
  sourceText: (node: TSESTree.Node) => string,
  bind: BindParameter,
): Part[] | null {
  const partOf = (written: TSESTree.Node): Part[] => {
    const bound = bind(unwrap(written));
    if (typeof bound === 'string') return [{ text: bound, hole: true }];
    const expression = bound ?? written;
    const strings = constStrings(expression, imports) ?? widgetTableString(unwrap(expression), imports);
    if (strings?.length === 1) return [{ text: strings[0], hole: false }];
    return (
      templateParts(unwrap(expression), imports, sourceText, bound ? NO_PARAMETERS : bind) ?? [
        { text: normalise(sourceText(unwrap(expression))), hole: true },
      ]
    );
  };
  if (node.type === 'TemplateLiteral') {
    const parts: Part[] = [];
    node.quasis.forEach((quasi, index) => {
      parts.push({ text: quasi.value.cooked ?? '', hole: false });
      const expression = node.expressions[index];
      if (expression) parts.push(...partOf(expression));
    });
    return parts;
  }
  if (node.type === 'BinaryExpression' && node.operator === '+') {
    return [...partOf(node.left), ...partOf(node.right)];
  }
  return null;
}

/** Source text without whitespace or optional-chain marks, so `w.uri` and `w?.uri` are built the same way. */
export function normalise(text: string): string {
  return text.replace(/\s+/g, '').replace(/\?\./g, '.');
}

/** Whether every string a URI value may be is a `ui://` URI (a value built from unknown parts: when its text starts so). */
export function isCertainlyUi(value: UriValue): boolean {
  return value.kind === 'known' ? value.values.every((uri) => uri.startsWith(UI_SCHEME)) : value.text.startsWith(UI_SCHEME);
}

/** How many of a URI value's strings a message names before it counts the rest (a loop over a table registers dozens). */
const URIS_NAMED = 3;

/**
 * How a URI value reads in a message, inside the quotes the message puts around it: `a' or 'b` for two strings; for
 * more than `URIS_NAMED`, the first ones and the last with the count of the others between them (`a' or 'b', 35 more,
 * or 'z`), so a resource registered once per row of a 38-row table does not fill a whole message.
 */
export function describeUri(value: UriValue): string {
  if (value.kind !== 'known') return value.text;
  const { values } = value;
  if (values.length <= URIS_NAMED) return values.join("' or '");
  const named = values.slice(0, URIS_NAMED - 1);
  return `${named.join("' or '")}', ${values.length - URIS_NAMED} more, or '${values[values.length - 1]}`;
}

/** The `{var}` expressions of an RFC 6570 URI template (`ui://widget/{id}.html`) as a pattern of one segment each. */
export function uriTemplatePattern(template: string): RegExp {
  const source = template
    .split(/(\{[^}]*\})/)
    .map((piece) => (piece.startsWith('{') && piece.endsWith('}') ? '[^/]*' : piece.replace(REGEXP_SPECIAL, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}
