/**
 * Look-alikes of `_meta` on a proven tool result: a literal a tool callback returns (the SDK's or MCP Apps'
 * registration takes the callback, so its return is a tool result by its sink, never by a name) that carries
 * `metadata`, `meta` or `_metadata` and no `_meta`. MCP clients keep only `_meta` (and the result's schema fields), so
 * what the look-alike holds is lost on the way without a word. With a program, a literal whose contextual type is the
 * SDK's `CallToolResult` (v1 or v2: `const r: CallToolResult = { … }`, a return of a function declared
 * `Promise<CallToolResult>`) is a proven tool result too; the SDKs' `CallToolResult` takes any other property, so
 * `metadata` there type-checks and is lost all the same. Found once per AST (`metaLookAlikesOf`), only in a file whose
 * text names a look-alike as a property and a tool registration or `CallToolResult` (`mayHaveMetaLookAlike`).
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { isFunctionNode, propertyKeyName, returnedValues, walkAll } from '../syntax/ast';
import { sortedHasIn } from '../syntax/offset-set';
import { isWordChar } from '../syntax/word-chars';
import { returnedObjectLiterals } from '../syntax/meta-syntax';
import { registrationAliasedBy, registrationNameOf, TOOL_REGISTRATIONS } from '../plane/sdk-registrations';
import { sdkPlaneOfLiteral } from '../typed/typed-planes';
import type { TypeServices } from '../typed/type-services';

/** Property names a tool result is given where `_meta` was meant. */
export const META_LOOK_ALIKES: ReadonlySet<string> = new Set(['metadata', 'meta', '_metadata']);

export interface MetaLookAlike {
  /** The `metadata: …` property. */
  readonly property: TSESTree.Property;
  /** Its name as written (`metadata`, `meta`, `_metadata`). */
  readonly name: string;
}

/**
 * The cheap text check: a look-alike written as a property, and a tool registration's name or the SDK's result type
 * (`CallToolResult`, which only a program proves; an alias of it declared in another file is not seen here).
 */
export function mayHaveMetaLookAlike(text: string): boolean {
  // The rarest part first: a look-alike property is in few files (2 of the bench corpus's 76 files that write `_meta`,
  // 1 of its 224 others), while most server files name a registration, so asked first the names cost a few passes
  // over nearly every file that writes `_meta` (a search that fails reads the whole text), asked last almost none.
  return hasLookAlikeProperty(text) && (text.includes(RESULT_TYPE) || REGISTRATION_SEARCHES.some((name) => text.includes(name)));
}

const SPACE = /\s/;

/**
 * True when the text writes a look-alike as a property: what `/\b(?:_?metadata|meta)['"]?\s*:|[{,]\s*(?:_?metadata|meta)\s*[,}]/`
 * finds, found by walking from one `meta` to the next: that regex's alternation has no literal to skip ahead by, so
 * over a whole file that writes `_meta` it cost several times this walk. Asked first in the text check (a file with no
 * `meta` at all is out after its first search).
 */
export function hasLookAlikeProperty(text: string): boolean {
  for (let at = text.indexOf('meta'); at !== -1; at = text.indexOf('meta', at + 1)) {
    const data = text.startsWith('data', at + 4);
    let start = at;
    if (at > 0 && text.charCodeAt(at - 1) === 95 /* _ */) {
      // `_metadata` starts at its underscore; `_meta` and `x_meta` are no look-alike.
      if (!data) continue;
      start = at - 1;
    }
    // Both forms start the name at a word boundary (`\b`, or after `{` / `,` and spaces).
    if (start > 0 && isWordChar(text.charCodeAt(start - 1))) continue;
    const end = at + (data ? 8 : 4);
    // `meta: …`, `'metadata': …`
    let after = end;
    const quote = text.charAt(after);
    if (quote === "'" || quote === '"') after += 1;
    while (SPACE.test(text.charAt(after))) after += 1;
    if (text.charAt(after) === ':') return true;
    // `{ meta }`, `, metadata,`
    let before = start - 1;
    while (before >= 0 && SPACE.test(text.charAt(before))) before -= 1;
    const opener = text.charAt(before);
    if (opener !== '{' && opener !== ',') continue;
    after = end;
    while (SPACE.test(text.charAt(after))) after += 1;
    const closer = text.charAt(after);
    if (closer === ',' || closer === '}') return true;
  }
  return false;
}

const TOOL_REGISTRATION_NAMES: readonly string[] = [...TOOL_REGISTRATIONS];

/**
 * The registration names the text check searches for: a name that holds another (`registerTool` holds `tool`) is in
 * no text the shorter one is missing from, so only the others are searched (each search is a pass over the file).
 */
const REGISTRATION_SEARCHES: readonly string[] = TOOL_REGISTRATION_NAMES.filter(
  (name) => !TOOL_REGISTRATION_NAMES.some((other) => other !== name && name.includes(other)),
);

/** The SDKs' name for a tool result's type, in the text check. */
const RESULT_TYPE = 'CallToolResult';

const byAst = new WeakMap<object, readonly MetaLookAlike[]>();

/**
 * The look-alikes of the file's proven tool results, once per AST: the literals tool callbacks return, and with
 * `services` (a program) the literals whose contextual type is the SDK's `CallToolResult`, in the same walk.
 */
export function metaLookAlikesOf(ast: TSESTree.Program, text: string, services?: () => TypeServices | null): readonly MetaLookAlike[] {
  const known = byAst.get(ast);
  if (known) return known;
  const found: MetaLookAlike[] = [];
  if (mayHaveMetaLookAlike(text)) {
    const typed = text.includes(RESULT_TYPE) ? (services?.() ?? null) : null;
    const seen = new Set<TSESTree.ObjectExpression>();
    const marks = lookAlikeMarks(ast, text, typed !== null);
    const registered = (node: TSESTree.Node): void => {
      if (node.type === 'CallExpression' && TOOL_REGISTRATIONS.has(registrationNameOf(node) ?? '')) {
        const callback = node.arguments.at(-1);
        if (callback && isFunctionNode(callback)) found.push(...lookAlikesReturnedBy(callback, seen));
      }
    };
    // Local aliases of a registration (`const register = server.registerTool.bind(server)`): their calls name no
    // registration, so the marks kept the walk out of them.
    const aliases = new Set<string>();
    walkAll(
      ast,
      (node) => {
        registered(node);
        if (
          marks !== null &&
          node.type === 'VariableDeclarator' &&
          node.id.type === 'Identifier' &&
          node.init &&
          registrationAliasedBy(node.init) !== null
        ) {
          aliases.add(node.id.name);
        }
        if (typed && node.type === 'ObjectExpression' && !seen.has(node)) {
          const candidates = lookAlikesOfLiteral(node);
          if (candidates.length > 0 && sdkPlaneOfLiteral(typed, node) === 'result') found.push(...candidates);
        }
      },
      marks === null ? undefined : (node) => sortedHasIn(marks, node.range[0], node.range[1]),
    );
    // Only in a file that has one (rare): a second walk, entering only where an alias's name is.
    if (aliases.size > 0) {
      const aliasMarks = [...aliases].flatMap((alias) => occurrences(text, alias)).sort((a, b) => a - b);
      walkAll(
        ast,
        (node) => {
          if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && aliases.has(node.callee.name)) registered(node);
        },
        (node) => sortedHasIn(aliasMarks, node.range[0], node.range[1]),
      );
    }
  }
  byAst.set(ast, found);
  return found;
}

/**
 * Where a finding can start: a registration's callee name (its call's range holds it) and, with types, a look-alike's
 * `meta` (the literal holding it holds it). A subtree holding none is not entered. Null for a bare parse (no `parent`
 * links yet): the whole file is walked then, which links them.
 */
function lookAlikeMarks(ast: TSESTree.Program, text: string, typed: boolean): number[] | null {
  if (ast.body.length > 0 && ast.body[0].parent === undefined) return null;
  const marks: number[] = [];
  for (const word of typed ? [...TOOL_REGISTRATION_NAMES, 'meta'] : TOOL_REGISTRATION_NAMES) {
    for (const at of occurrences(text, word)) marks.push(at);
  }
  return marks.sort((a, b) => a - b);
}

/** Where `word` occurs in `text`, ascending. */
function occurrences(text: string, word: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) found.push(at);
  return found;
}

/** The look-alikes of the literals a tool callback returns (its own returns, not those of functions inside it). */
function lookAlikesReturnedBy(callback: TSESTree.FunctionLike, seen: Set<TSESTree.ObjectExpression>): MetaLookAlike[] {
  const found: MetaLookAlike[] = [];
  for (const literal of returnedValues(callback).flatMap(returnedObjectLiterals)) {
    seen.add(literal);
    found.push(...lookAlikesOfLiteral(literal));
  }
  return found;
}

/** The look-alike properties of a literal that has no `_meta` and no spread, or none. */
function lookAlikesOfLiteral(literal: TSESTree.ObjectExpression): MetaLookAlike[] {
  const found: MetaLookAlike[] = [];
  let lookAlike = false;
  for (const property of literal.properties) {
    // A result that has `_meta` already keeps another field on purpose; a spread may bring `_meta` in.
    if (property.type === 'SpreadElement') return [];
    const name = propertyKeyName(property);
    if (name === '_meta') return [];
    if (!property.computed && name !== null && META_LOOK_ALIKES.has(name)) lookAlike = true;
  }
  if (!lookAlike) return [];
  for (const property of literal.properties) {
    const name = property.type === 'Property' && !property.computed ? propertyKeyName(property) : null;
    if (property.type === 'Property' && name !== null && META_LOOK_ALIKES.has(name)) found.push({ property, name });
  }
  return found;
}
