/**
 * `no-dropped-meta`'s text check for every file, whether or not it writes `_meta`: whether it may rebuild a
 * received result (it reads a result field, `mayPassThrough`) or talk to an upstream (`mayRelay`). The rule's
 * `skipsFile` asks it before the rule sets itself up, and its `create()` asks again: so it keeps the answer for the
 * text it was last asked about. Both checks start from the same words (the result fields, the relay words), found in
 * one scan (`resultAndRelayWordsOf`); a file naming none of them is out after that scan.
 */
import { resultAndRelayWordsOf } from './file-words';
import { mayPassThrough } from './pass-through-marks';
import { mayRelay } from './pass-through-request';

let lastText: string | undefined;
let lastAnswer = false;

export function mayDropMeta(text: string): boolean {
  if (text !== lastText) {
    lastText = text;
    const words = resultAndRelayWordsOf(text);
    lastAnswer = words !== null && (mayPassThrough(text, words) || mayRelay(text, words));
  }
  return lastAnswer;
}
