/**
 * `no-dropped-meta`'s text check for a file that names no `_meta` (most of a code base): whether it may rebuild a
 * received result (it reads a result field, `mayPassThrough`) or talk to an upstream (`mayRelay`). The rule's
 * `skipsFile` asks it before the rule sets itself up, and its `create()` asks again: so it starts with one pass for the
 * words both checks start from (a file naming none of them, nearly every file, is out after that pass), and keeps the
 * answer for the text it was last asked about.
 */
import { TOOL_RESULT_PROPERTIES } from '../planes';
import { mayPassThrough } from './pass-through-marks';
import { mayRelay, RELAY_WORD_LIST } from './pass-through-request';

/** Each word either check starts from (`MARKS.fieldWord`, the relay's words), as a word: both need one of them. */
const ANY_WORD = new RegExp(
  String.raw`\b(?:${[...TOOL_RESULT_PROPERTIES, ...RELAY_WORD_LIST].map((word) => word.replace('/', '\\/')).join('|')})\b`,
);

let lastText: string | undefined;
let lastAnswer = false;

export function mayDropMeta(text: string): boolean {
  if (text !== lastText) {
    lastText = text;
    lastAnswer = ANY_WORD.test(text) && (mayPassThrough(text) || mayRelay(text));
  }
  return lastAnswer;
}
