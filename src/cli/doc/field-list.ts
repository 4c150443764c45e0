import type { ManifestFieldSpec, ManifestFields } from '../../registry';

/**
 * The one-line field list of the doc table's Contents column, and its inverse for `init --from-doc`:
 *   name                   a field
 *   name{a, b}             an object field with its own fields
 *   name[]  name[]{a, b}   an array field, with the fields of each item
 *   name (note)            a field with a description; `(deprecated)` / `(deprecated; note)` marks it deprecated
 * This is also the spec's own style (`degraded[] (closed stage vocabulary, D6), hint (non-contractual prose, E1)`).
 */
export function renderFieldList(fields: ManifestFields): string {
  if (Array.isArray(fields)) return fields.join(', ');
  return Object.entries(fields)
    .map(([name, spec]) => renderField(name, spec ?? {}))
    .join(', ');
}

function renderField(name: string, spec: ManifestFieldSpec): string {
  let text = name;
  if (spec.items !== undefined) {
    text += '[]';
    if (spec.items.fields !== undefined) text += `{${renderFieldList(spec.items.fields)}}`;
  } else if (spec.fields !== undefined) {
    text += `{${renderFieldList(spec.fields)}}`;
  }
  const notes = [spec.deprecated === true ? 'deprecated' : undefined, spec.description].filter(
    (note): note is string => note !== undefined && note !== '',
  );
  if (notes.length > 0) text += ` (${notes.join('; ')})`;
  return text;
}

/** Splits at commas that are not inside (), {} or []. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '(' || char === '{' || char === '[') depth++;
    else if (char === ')' || char === '}' || char === ']') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}

const FIELD_PATTERN = /^([A-Za-z_$][\w$]*)\??(\[\])?(?:\{(.*)\})?\s*(?:\((.*)\))?$/s;

/** Parses a field list; `null` when the text is prose rather than a list of field names. */
export function parseFieldList(text: string): ManifestFields | null {
  const items = splitTopLevel(text);
  if (items.length === 0) return null;
  const entries: Array<[string, ManifestFieldSpec]> = [];
  for (const item of items) {
    const match = FIELD_PATTERN.exec(item);
    if (match === null) return null;
    const [, name, arrayMarker, nestedText, noteText] = match;
    const spec: ManifestFieldSpec = {};
    if (nestedText !== undefined) {
      const nested = parseFieldList(nestedText);
      if (nested === null) return null;
      if (arrayMarker !== undefined) spec.items = { fields: nested };
      else spec.fields = nested;
    } else if (arrayMarker !== undefined) {
      spec.items = {};
    }
    if (noteText !== undefined) {
      const [first, ...rest] = noteText.split(';').map((part) => part.trim());
      if (first === 'deprecated') {
        spec.deprecated = true;
        if (rest.length > 0) spec.description = rest.join('; ');
      } else {
        spec.description = noteText.trim();
      }
    }
    entries.push([name, spec]);
  }
  // The plain list form when nothing needs the object form, like a hand-written manifest.
  if (entries.every(([, spec]) => Object.keys(spec).length === 0)) return entries.map(([name]) => name);
  return Object.fromEntries(entries);
}
