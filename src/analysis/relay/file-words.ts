/**
 * The words `no-dropped-meta`'s text checks look for, found in one scan of a file's text and kept for that text: the
 * result fields' names and `_meta` as whole words and the request words (the pass-through marks, `MARKS` in
 * pass-through-marks.ts), and the relay words (`mayRelay` in pass-through-request.ts). They used to be four scans of
 * every file that may write `_meta` (three regexes and an `indexOf` pass); one regex of all the words costs about what
 * one of them did.
 *
 * Every word but the request words is a whole word, and none holds another at a word boundary, so the scan finds each
 * whole word where its own regex did: a match ends at a word boundary or inside a run of word characters, where no
 * whole word can start. The request words (`MARKS.metaLiteral`) are looked for anywhere, after the whole words: a
 * `callTool` word counts for them too.
 */
import { TOOL_RESULT_PROPERTIES } from '../planes';
import { isWholeWordAt } from '../syntax/word-chars';
import { CLIENT_REQUESTS } from './client-requests';

/**
 * The calls an upstream is asked with, and the SDK descriptor types (`Tool`): a file naming none of them (nor `mcpReq`)
 * has nothing for `relayOf`. Each request of `CLIENT_REQUESTS` counts by its method (`prompts/get`) and its client call
 * (`getPrompt`), or, where the call's name is no MCP word (`complete`), its handler's schema (`CompleteRequestSchema`).
 * A descriptor type counts only as a function's declared return type (`isReturnTypeAt` in pass-through-request.ts).
 * The descriptor types are the types of `LIST_SOURCES` there, longest first (`ResourceTemplate` before `Resource`).
 */
export const RELAY_WORD_LIST: readonly string[] = [
  ...[...CLIENT_REQUESTS].flatMap(([method, { client, schema, callIsMcpWord }]) => [callIsMcpWord ? client : schema, method]),
  'mcpReq',
  'ResourceTemplate',
  'Resource',
  'Prompt',
  'Tool',
];

/** `MARKS.metaLiteral`'s words: an upstream result, or an outbound request whose `_meta` a literal may replace. */
const META_LITERAL_WORDS: readonly string[] = ['callTool', 'progressToken', 'params'];

/** A regular expression's source for any of `words` as a whole word (`tools/call` has its `/` escaped). */
export const wholeWords = (words: readonly string[]): string =>
  String.raw`\b(?:${words.map((word) => word.replace('/', '\\/')).join('|')})\b`;
const WORDS = new RegExp(`${wholeWords([...TOOL_RESULT_PROPERTIES, '_meta', ...RELAY_WORD_LIST])}|${META_LITERAL_WORDS.join('|')}`, 'g');

/** The result fields and the relay words of a text: what `mayPassThrough` and `mayRelay` read of its words. */
export type ResultAndRelayWords = Pick<FileWords, 'fields' | 'fieldLengths' | 'relays' | 'relayWords'>;

export interface FileWords {
  /** Where a result field's name is a whole word (`MARKS.fieldWord`), ascending, and each one's length. */
  readonly fields: readonly number[];
  readonly fieldLengths: readonly number[];
  /** Where `_meta` is a whole word (`MARKS.meta`), ascending. */
  readonly metas: readonly number[];
  /** Whether `MARKS.metaLiteral` matches (`callTool`, `progressToken` or `params` anywhere). */
  readonly metaLiteral: boolean;
  /** Where a relay word is a whole word, ascending, and which. */
  readonly relays: readonly number[];
  readonly relayWords: readonly string[];
}

let lastText: string | undefined;
let lastWords: FileWords | undefined;

/** The words of `text` (see `FileWords`), scanned once for the text asked about last. */
export function wordsOf(text: string): FileWords {
  if (text === lastText && lastWords) return lastWords;
  const fields: number[] = [];
  const fieldLengths: number[] = [];
  const metas: number[] = [];
  const relays: number[] = [];
  const relayWords: string[] = [];
  let metaLiteral = false;
  WORDS.lastIndex = 0;
  for (let match = WORDS.exec(text); match !== null; match = WORDS.exec(text)) {
    const word = match[0];
    // A field name and `_meta` come only from the whole-word alternation.
    if (TOOL_RESULT_PROPERTIES.has(word)) {
      fields.push(match.index);
      fieldLengths.push(word.length);
      continue;
    }
    if (word === '_meta') {
      metas.push(match.index);
      continue;
    }
    // `callTool` is both: a relay word where it is a whole word, a request word anywhere.
    if (RELAY_WORD_SET.has(word) && isWholeWordAt(text, match.index, word.length)) {
      relays.push(match.index);
      relayWords.push(word);
    }
    if (word === 'callTool' || word === 'progressToken' || word === 'params') metaLiteral = true;
  }
  WORDS.lastIndex = 0;
  lastText = text;
  lastWords = { fields, fieldLengths, metas, metaLiteral, relays, relayWords };
  return lastWords;
}

const RELAY_WORD_SET: ReadonlySet<string> = new Set(RELAY_WORD_LIST);

/** `WORDS`' whole words without `_meta`, and without the request words, which are looked for anywhere. */
const RESULT_AND_RELAY_WORDS = new RegExp(wholeWords([...TOOL_RESULT_PROPERTIES, ...RELAY_WORD_LIST]), 'g');

/**
 * Only the result fields and the relay words of `text` (what `wordsOf` finds of them), or null when it names none: one
 * scan for `no-dropped-meta`'s text check of every file (`mayDropMeta`), where `_meta` and the request words change
 * no answer. Why not `wordsOf`: most files of a server name a result field (`content: [...]`), so a first pass
 * for whether any of these words is there, then `wordsOf`'s, scanned them twice; and the request words it also looks
 * for anywhere (`params`) match all over such a file. Not kept: the check keeps its answer.
 */
export function resultAndRelayWordsOf(text: string): ResultAndRelayWords | null {
  RESULT_AND_RELAY_WORDS.lastIndex = 0;
  let match = RESULT_AND_RELAY_WORDS.exec(text);
  if (match === null) return null;
  const fields: number[] = [];
  const fieldLengths: number[] = [];
  const relays: number[] = [];
  const relayWords: string[] = [];
  for (; match !== null; match = RESULT_AND_RELAY_WORDS.exec(text)) {
    const word = match[0];
    // Every match is a whole word (`\b` on both sides): a field's name, or else a relay word.
    if (TOOL_RESULT_PROPERTIES.has(word)) {
      fields.push(match.index);
      fieldLengths.push(word.length);
    } else {
      relays.push(match.index);
      relayWords.push(word);
    }
  }
  RESULT_AND_RELAY_WORDS.lastIndex = 0;
  return { fields, fieldLengths, relays, relayWords };
}
