/**
 * Edits and writes of the manifest. Edits go through jsonc-parser's `modify` + `applyEdits`, which change only the
 * edited spot, so the rest of the text (key order, indentation, descriptions, properties we do not know) stays as the
 * team wrote it. Writes go through `writeFileSafely` (safe-write.ts): atomic, never through a symlink out of the
 * repository.
 */
import { applyEdits, findNodeAtLocation, modify, parseTree, type FormattingOptions, type JSONPath } from 'jsonc-parser';

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

/**
 * `text` with the value at `jsonPath` set (added when missing). A path ending in -1 appends to an array.
 * Inside a container written on one line (`"producers": ["src/a.ts"]`) the addition stays on that line; elsewhere it
 * is laid out with the file's indentation (jsonc-parser re-lays the line it inserts on).
 */
export function setJsonValue(text: string, jsonPath: JSONPath, value: unknown): string {
  const tree = parseTree(text);
  const parent = tree === undefined ? undefined : findNodeAtLocation(tree, jsonPath.slice(0, -1));
  const oneLine = parent !== undefined && !/[\r\n]/.test(text.slice(parent.offset, parent.offset + parent.length));
  const plain = oneLine ? modify(text, jsonPath, value, {}) : [];
  if (plain.length === 1 && plain[0].length === 0) {
    const last = jsonPath[jsonPath.length - 1];
    const body = typeof last === 'number' ? inlineJson(value) : `${JSON.stringify(last)}: ${inlineJson(value)}`;
    const content = plain[0].content.startsWith(',') ? `, ${body}` : parent?.type === 'object' ? ` ${body} ` : body;
    return applyEdits(text, [{ ...plain[0], content }]);
  }
  return applyEdits(text, modify(text, jsonPath, value, { formattingOptions: formattingOf(text) }));
}
