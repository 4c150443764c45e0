/**
 * The manifest's nesting depth, found with one linear scan before any parser sees the text. The JSON parsers
 * (jsonc-parser, JSON.parse, ajv's validation) recurse once per level, so a manifest nested a few thousand levels deep
 * would overflow the stack and abort ESLint; a real manifest (keys, fields, nested fields) is a dozen levels deep.
 */

/** Deeper than any real manifest, far below what overflows the stack of the parsers. */
export const MAX_MANIFEST_DEPTH = 100;

/** The offset of the first `{` or `[` that opens level `maxDepth + 1`, or -1 when the text stays within `maxDepth`. */
export function offsetBeyondDepth(text: string, maxDepth: number = MAX_MANIFEST_DEPTH): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \ */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) {
      inString = true;
    } else if (ch === 123 /* { */ || ch === 91 /* [ */) {
      depth++;
      if (depth > maxDepth) return i;
    } else if (ch === 125 /* } */ || ch === 93 /* ] */) {
      depth--;
    }
  }
  return -1;
}
