/**
 * Edits and writes of the manifest. Additions are inserted at their spot (`addJsonValues`; jsonc-parser's `modify` for
 * the rare edit that is not an addition), which changes only that spot, so the rest of the text (key order, indentation, descriptions, properties we do not know) stays as the
 * team wrote it. Writes go through `writeFileSafely` (safe-write.ts): atomic, never through a symlink out of the
 * repository.
 */
import type { ManifestSource } from './manifest-source';
import { applyEdits, modify, parseTree, type Edit, type FormattingOptions, type JSONPath, type Node as JsonNode } from 'jsonc-parser';

/**
 * `text` (an edit of `source.text`) as it goes back to disk: a UTF-8 BOM the file had is put back. Reading turns it
 * into a space so offsets stay put (manifest-source.ts); writing that space would change the file's first byte.
 */
export function withOriginalBom(source: Pick<ManifestSource, 'bom'>, text: string): string {
  return source.bom && text.startsWith(' ') ? `\uFEFF${text.slice(1)}` : text;
}

/** The indentation and line ending the file already uses, so inserted properties look like their neighbours. */
export function formattingOf(text: string): FormattingOptions {
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
  const insertSpaces = !indent.startsWith('\t');
  return {
    insertSpaces,
    tabSize: insertSpaces ? indent.length : 1,
    eol: text.includes('\r\n') ? '\r\n' : '\n',
    insertFinalNewline: text.endsWith('\n'),
  };
}

/** `value` as JSON on one line, spaced the way people write one-line JSON: `{ "a": ["b", "c"] }`. */
export function inlineJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inlineJson).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length === 0
      ? '{}'
      : `{ ${entries.map(([name, inner]) => `${JSON.stringify(name)}: ${inlineJson(inner)}`).join(', ')} }`;
  }
  return JSON.stringify(value);
}

/** A property (or, for an array, an element when the last segment is -1) to add inside a container that exists. */
export interface JsonAddition {
  readonly path: JSONPath;
  readonly value: unknown;
}

/**
 * `text` with every addition inserted, from ONE parse and one pass of edits, so adding many entries to a large
 * manifest stays linear in its size (`init --update` of 250 keys into 10,000). Each addition goes right after the
 * last element of its container (or inside an empty one), and nothing else is touched: the neighbour before it keeps
 * its layout (jsonc-parser's formatter would re-lay out the line it inserts on). Inside a container written on one
 * line (`"producers": ["src/a.ts"]`) additions stay on that line; elsewhere each goes on its own line in the file's
 * indentation and line ending. A property that exists already, or a container that does not, is set the slow way
 * (jsonc-parser `modify`), one at a time after the batch.
 */
export function addJsonValues(text: string, additions: readonly JsonAddition[]): string {
  const tree = parseTree(text);
  if (tree === undefined) return additions.reduce((current, { path, value }) => modifyJson(current, path, value), text);
  const formatting = formattingOf(text);
  const unit = formatting.insertSpaces ? ' '.repeat(formatting.tabSize ?? 2) : '\t';
  const byContainer = new Map<JsonNode, JsonAddition[]>();
  const slow: JsonAddition[] = [];
  const locate = nodeLocator(tree);
  for (const addition of additions) {
    const container = locate(addition.path.slice(0, -1));
    const last = addition.path[addition.path.length - 1];
    const fits =
      container !== undefined &&
      (typeof last === 'number'
        ? container.type === 'array' && last === -1
        : container.type === 'object' && locate([...addition.path.slice(0, -1), last]) === undefined);
    if (!fits) {
      slow.push(addition);
      continue;
    }
    const list = byContainer.get(container) ?? [];
    list.push(addition);
    byContainer.set(container, list);
  }
  const edits: Edit[] = [];
  for (const [container, list] of byContainer) edits.push(insertionEdit(text, container, list, unit, formatting.eol ?? '\n'));
  const batched = applyEdits(text, edits);
  return slow.reduce((current, { path, value }) => modifyJson(current, path, value), batched);
}

function insertionEdit(text: string, container: JsonNode, additions: readonly JsonAddition[], unit: string, eol: string): Edit {
  const children = container.children ?? [];
  const entryText = (addition: JsonAddition, render: (value: unknown) => string): string => {
    const last = addition.path[addition.path.length - 1];
    return typeof last === 'number' ? render(addition.value) : `${JSON.stringify(last)}: ${render(addition.value)}`;
  };
  const closing = container.offset + container.length - 1;
  if (!/[\r\n]/.test(text.slice(container.offset, container.offset + container.length))) {
    const body = additions.map((addition) => entryText(addition, inlineJson)).join(', ');
    if (children.length > 0)
      return { offset: children[children.length - 1].offset + children[children.length - 1].length, length: 0, content: `, ${body}` };
    return {
      offset: container.offset + 1,
      length: closing - container.offset - 1,
      content: container.type === 'object' ? ` ${body} ` : body,
    };
  }
  const indent = children.length > 0 ? indentOfLineAt(text, children[children.length - 1].offset) : undefined;
  const childIndent = indent ?? indentOfLineAt(text, container.offset, true) + unit;
  const render = (value: unknown): string => JSON.stringify(value, null, unit).replace(/\n/g, eol + childIndent);
  const lines = additions.map((addition) => childIndent + entryText(addition, render));
  if (children.length > 0) {
    const previous = children[children.length - 1];
    return { offset: previous.offset + previous.length, length: 0, content: `,${eol}${lines.join(`,${eol}`)}` };
  }
  // An empty container over several lines: its content becomes the new lines, closed on the bracket's own line.
  return {
    offset: container.offset + 1,
    length: closing - container.offset - 1,
    content: `${eol}${lines.join(`,${eol}`)}${eol}${indentOfLineAt(text, container.offset, true)}`,
  };
}

/**
 * `findNodeAtLocation` with each object's properties indexed once: looking up 250 additions in a 10,000-key object
 * does not scan it 250 times.
 */
function nodeLocator(root: JsonNode): (jsonPath: JSONPath) => JsonNode | undefined {
  const index = new Map<JsonNode, Map<string, JsonNode>>();
  const propertyOf = (node: JsonNode, name: string): JsonNode | undefined => {
    let properties = index.get(node);
    if (properties === undefined) {
      properties = new Map();
      for (const property of node.children ?? []) {
        const [nameNode, valueNode] = property.children ?? [];
        // The last duplicate wins, as in JSON.parse.
        if (nameNode !== undefined && valueNode !== undefined) properties.set(String(nameNode.value), valueNode);
      }
      index.set(node, properties);
    }
    return properties.get(name);
  };
  return (jsonPath) => {
    let node: JsonNode | undefined = root;
    for (const segment of jsonPath) {
      if (node === undefined) return undefined;
      if (typeof segment === 'number') node = node.type === 'array' ? node.children?.[segment] : undefined;
      else node = node.type === 'object' ? propertyOf(node, segment) : undefined;
    }
    return node;
  };
}

/**
 * The whitespace before `offset` on its line; `undefined` when something else precedes it there (`{ "a": 1,` and the
 * child after it), unless `lineIndent`, which asks for the line's own leading whitespace whatever follows.
 */
function indentOfLineAt(text: string, offset: number, lineIndent: true): string;
function indentOfLineAt(text: string, offset: number): string | undefined;
function indentOfLineAt(text: string, offset: number, lineIndent = false): string | undefined {
  let start = offset;
  while (start > 0 && text[start - 1] !== '\n' && text[start - 1] !== '\r') start--;
  const before = text.slice(start, offset);
  if (/^[ \t]*$/.test(before)) return before;
  return lineIndent ? /^[ \t]*/.exec(before)![0] : undefined;
}

/** `text` with the value at `jsonPath` set (added when missing). A path ending in -1 appends to an array. */
export function setJsonValue(text: string, jsonPath: JSONPath, value: unknown): string {
  return addJsonValues(text, [{ path: jsonPath, value }]);
}

function modifyJson(text: string, jsonPath: JSONPath, value: unknown): string {
  return applyEdits(text, modify(text, jsonPath, value, { formattingOptions: formattingOf(text) }));
}
