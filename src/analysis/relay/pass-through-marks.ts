/**
 * The pass-through model's text marks (what a finding's literal holds that the text shows, see `MARKS`) and its text
 * check for files that cannot write `_meta` (`mayPassThrough`). The words they start from (result fields, `_meta`, the
 * request words) come from the file's one scan of words (file-words.ts, shared with the relay check); a look at the
 * characters around each field word says whether it is read (`r.content`, `r['isError']`), one `indexOf` pass says
 * whether one is destructured, and the marks are a sorted list, not an offset set. The regexes in `MARKS` stay the
 * definition: every function here gives what they give, on any text (test/analysis/pass-through-marks.test.ts compares
 * them on real code and on adversarial strings).
 */
import { sortedHasIn } from '../syntax/offset-set';
import { isWordChar } from '../syntax/word-chars';
import { TOOL_RESULT_PROPERTIES } from '../planes';
import { wordsOf, type ResultAndRelayWords } from './file-words';

const RESULT_FIELD = [...TOOL_RESULT_PROPERTIES].join('|');

/** The SDK's client method whose result is an upstream server's tool result (v1 `Client.callTool`, v2 `Client`). */
export const CALL_TOOL = 'callTool';

/**
 * What a finding's literal holds that the text shows, so the walk can skip every subtree that holds none of it (most
 * of a file, and every file with none). A source alone is not such a mark: a wrapped handler's result is a call of a
 * parameter (`await handler(args, extra)`), and with type services any value can be typed as a result, whatever the
 * text says. But every dropped `_meta` is found through a copy of a result field in the literal (`droppedIn`), and the
 * other two findings are `_meta` properties:
 * - `fieldRead`: the literal copies `r.content`, `r?.isError`, `r['structuredContent']` (the mark is inside it);
 * - `fieldDestructured`: the file destructures a result field (`const { content, isError } = await c.callTool(…)`),
 *   so a literal's bare `content` may copy one: then each `fieldWord` is a mark;
 * - `metaLiteral`: the file has a `callTool` result (whose `_meta` a literal may forward with the upstream's
 *   identity) or an outbound request (`params`, `progressToken`) whose `_meta` a literal may replace: then each
 *   `_meta` is a mark.
 */
export const MARKS = {
  fieldRead: String.raw`\.\s*(?:${RESULT_FIELD})\b|\[\s*(['"\`])(?:${RESULT_FIELD})\1\s*\]`,
  fieldDestructured: String.raw`\b(?:const|let|var)\s*\{[^;]*?\b(?:${RESULT_FIELD})\b`,
  fieldWord: String.raw`\b(?:${RESULT_FIELD})\b`,
  metaLiteral: `${CALL_TOOL}|progressToken|params`,
  meta: String.raw`\b_meta\b`,
} as const;

/** What `\s` matches (no `u` flag): ECMAScript white space and line terminators. NaN (outside the text) is none. */
function isSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 160) return false;
  return (
    code === 160 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * Where the `fieldRead` match that holds the whole field word at `at` (of `length`) starts, or -1: the `.` before it
 * (`r.content`, `r?.\n  isError`), or the `[` before its quote (`r['content']`). A `fieldRead` match holds exactly one
 * field word, and a whole one: its `.`, space or quote before the word and its `\b` or quote after it are word edges.
 */
function fieldReadStart(text: string, at: number, length: number): number {
  let before = at - 1;
  while (before >= 0 && isSpace(text.charCodeAt(before))) before -= 1;
  if (before >= 0 && text.charCodeAt(before) === 46 /* . */) return before;
  const quote = text.charCodeAt(at - 1);
  if ((quote !== 39 && quote !== 34 && quote !== 96) /* ' " ` */ || text.charCodeAt(at + length) !== quote) return -1;
  let open = at - 2;
  while (open >= 0 && isSpace(text.charCodeAt(open))) open -= 1;
  if (open < 0 || text.charCodeAt(open) !== 91 /* [ */) return -1;
  let close = at + length + 1;
  while (isSpace(text.charCodeAt(close))) close += 1;
  return text.charCodeAt(close) === 93 /* ] */ ? open : -1;
}

/**
 * Whether `fieldDestructured` matches: some destructuring `const|let|var {` opens before one of the whole field words
 * at `words` (ascending) with no `;` between its `{` and the word. Not that regex: it is asked only of the few files
 * that name a result field, and V8 flushes the compiled code of a regex that runs that seldom (it is interpreted again
 * after a garbage collection), so inside a lint it cost many times what it costs in a loop of its own. One pass: each
 * `;` and each `{` after the last `;` before a word is looked at once, by `indexOf`; a `{` before that `;` can never
 * open the word's pattern.
 */
function destructuresAField(text: string, words: readonly number[]): boolean {
  let semicolon = -1;
  let nextSemicolon = text.indexOf(';');
  let nextBrace = text.indexOf('{');
  for (const word of words) {
    if (nextSemicolon !== -1 && nextSemicolon < word) {
      semicolon = text.lastIndexOf(';', word - 1);
      nextSemicolon = text.indexOf(';', word);
    }
    // Every `{` before this word and after its last `;` (the earlier ones were no openers, or came before a `;`).
    if (nextBrace !== -1 && nextBrace < semicolon) nextBrace = text.indexOf('{', semicolon + 1);
    for (; nextBrace !== -1 && nextBrace < word; nextBrace = text.indexOf('{', nextBrace + 1)) {
      if (opensDestructuring(text, nextBrace)) return true;
    }
  }
  return false;
}

/** `\b(?:const|let|var)\s*` ends right before the `{` at `brace`. */
function opensDestructuring(text: string, brace: number): boolean {
  let last = brace - 1;
  while (last >= 0 && isSpace(text.charCodeAt(last))) last -= 1;
  return endsWithWord(text, last, 'const') || endsWithWord(text, last, 'let') || endsWithWord(text, last, 'var');
}

/** `\bword` ends at `last`: `word` ends there and the character before it is no word character. */
function endsWithWord(text: string, last: number, word: string): boolean {
  const start = last - word.length + 1;
  return start >= 0 && text.startsWith(word, start) && (start === 0 || !isWordChar(text.charCodeAt(start - 1)));
}

/**
 * Cheap first check, on the text only, for a file the `_meta` write check ruled out (so it has no `_meta` to forward
 * or replace): whether it copies a result field at all (a `fieldRead` or `fieldDestructured` match). Most such files
 * name no result field, and cost the one scan for a field word; the others no longer
 * get a second scan for the marks unless no field word is read.
 */
export function mayPassThrough(text: string, words: Pick<ResultAndRelayWords, 'fields' | 'fieldLengths'> = wordsOf(text)): boolean {
  const { fields, fieldLengths } = words;
  for (let index = 0; index < fields.length; index += 1) if (fieldReadStart(text, fields[index], fieldLengths[index]) >= 0) return true;
  return fields.length > 0 && destructuresAField(text, fields);
}

/**
 * The file's marks (see `MARKS`) as a sorted list of offsets, asked "is there one in [start, end)?" by binary search:
 * every mark is known before the walk, so neither an offset set that takes new offsets nor one regex scan per kind is
 * needed. The offsets are those the regexes' matches start at: a `fieldRead` match's `.` or `[`, a field word's or a
 * `_meta`'s first character.
 */
export class PassThroughMarks {
  private constructor(private readonly offsets: readonly number[]) {}

  /** The marks of `text`, or null when it has none (then no node can hold a finding's literal). */
  static of(text: string): PassThroughMarks | null {
    const offsets: number[] = [];
    // One scan of the text for every word the pass-through and relay checks look for (`wordsOf`, shared with `mayRelay`).
    const { fields, fieldLengths, metas, metaLiteral } = wordsOf(text);
    for (let index = 0; index < fields.length; index += 1) {
      const read = fieldReadStart(text, fields[index], fieldLengths[index]);
      if (read >= 0) offsets.push(read);
    }
    // A bare field word is a mark only where the file destructures one.
    if (fields.length > 0 && destructuresAField(text, fields)) for (const at of fields) offsets.push(at);
    if (metaLiteral) for (const at of metas) offsets.push(at);
    if (offsets.length === 0) return null;
    offsets.sort((a, b) => a - b);
    return new PassThroughMarks(offsets);
  }

  /** True when some mark lies in [start, end). */
  hasIn(start: number, end: number): boolean {
    return sortedHasIn(this.offsets, start, end);
  }

  /**
   * The marks a finding's literal can hold, for the walk: every mark but a `_meta` read (`r._meta`, `r?._meta`). A
   * `_meta` mark serves the two findings on a literal's own `_meta` property (`_meta: r._meta` forwarded, `_meta: { … }`
   * replacing the caller's), whose key is never after a `.`; a rebuilt literal holds a field mark of its own (the
   * `r.content` it copies, or its result key where a field is destructured). A `..._meta` spread stays a mark. Null when
   * none is left.
   */
  withoutMetaReads(text: string): PassThroughMarks | null {
    let kept: number[] | null = null;
    for (let index = 0; index < this.offsets.length; index += 1) {
      const at = this.offsets[index];
      const read = text.startsWith('_meta', at) && isMemberRead(text, at);
      if (read && kept === null) kept = this.offsets.slice(0, index);
      else if (!read && kept !== null) kept.push(at);
    }
    if (kept === null) return this;
    return kept.length === 0 ? null : new PassThroughMarks(kept);
  }
}

/** Whether the word at `at` is a member read: a `.` (not the last of a `...` spread) before it, spaces aside. */
function isMemberRead(text: string, at: number): boolean {
  let before = at - 1;
  while (before >= 0 && isSpace(text.charCodeAt(before))) before -= 1;
  return before >= 1 && text.charCodeAt(before) === 46 /* . */ && text.charCodeAt(before - 1) !== 46;
}
