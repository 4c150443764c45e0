/**
 * Look-alikes of `_meta` on a proven tool result: a literal a tool callback returns (the SDK's or MCP Apps'
 * registration takes the callback, so its return is a tool result by its sink, never by a name) that carries
 * `metadata`, `meta` or `_metadata` and no `_meta`. MCP clients keep only `_meta` (and the result's schema fields), so
 * what the look-alike holds is lost on the way without a word. Found once per AST (`metaLookAlikesOf`), only in a file
 * whose text names a look-alike as a property and a tool registration (`mayHaveMetaLookAlike`).
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, forEachChildNode, isFunctionNode, propertyKeyName, returnArguments } from '../syntax/ast';
import { returnedObjectLiterals } from '../syntax/meta-syntax';
import { TOOL_REGISTRATIONS } from '../plane/sdk-registrations';

type Node = TSESTree.Node;

/** Property names a tool result is given where `_meta` was meant. */
export const META_LOOK_ALIKES: ReadonlySet<string> = new Set(['metadata', 'meta', '_metadata']);

export interface MetaLookAlike {
  /** The `metadata: …` property. */
  readonly property: TSESTree.Property;
  /** Its name as written (`metadata`, `meta`, `_metadata`). */
  readonly name: string;
}

const LOOK_ALIKE_PROPERTY = /\b(?:_?metadata|meta)['"]?\s*:|[{,]\s*(?:_?metadata|meta)\s*[,}]/;

/** The cheap text check: a look-alike written as a property, and a tool registration's name. */
export function mayHaveMetaLookAlike(text: string): boolean {
  return text.includes('meta') && LOOK_ALIKE_PROPERTY.test(text) && [...TOOL_REGISTRATIONS].some((name) => text.includes(name));
}

const byAst = new WeakMap<object, readonly MetaLookAlike[]>();

export function metaLookAlikesOf(ast: TSESTree.Program, text: string): readonly MetaLookAlike[] {
  const known = byAst.get(ast);
  if (known) return known;
  const found: MetaLookAlike[] = [];
  if (mayHaveMetaLookAlike(text)) {
    const visit = (node: Node): void => {
      if (node.type === 'CallExpression' && TOOL_REGISTRATIONS.has(calleeName(node) ?? '')) {
        const callback = node.arguments.at(-1);
        if (callback && isFunctionNode(callback)) found.push(...lookAlikesReturnedBy(callback));
      }
      forEachChildNode(node, visit);
    };
    visit(ast);
  }
  byAst.set(ast, found);
  return found;
}

/** The look-alikes of the literals a tool callback returns (its own returns, not those of functions inside it). */
function lookAlikesReturnedBy(callback: TSESTree.FunctionLike): MetaLookAlike[] {
  const body = callback.body;
  if (!body) return [];
  const returned = body.type === 'BlockStatement' ? returnArguments(body) : [body as TSESTree.Expression];
  const found: MetaLookAlike[] = [];
  for (const literal of returned.flatMap(returnedObjectLiterals)) {
    const names = literal.properties.map((property) => (property.type === 'Property' ? propertyKeyName(property) : null));
    // A result that has `_meta` already keeps another field on purpose; a spread may bring `_meta` in.
    if (names.includes('_meta') || literal.properties.some((property) => property.type === 'SpreadElement')) continue;
    literal.properties.forEach((property, index) => {
      const name = names[index];
      if (property.type === 'Property' && !property.computed && name !== null && META_LOOK_ALIKES.has(name)) {
        found.push({ property, name });
      }
    });
  }
  return found;
}
