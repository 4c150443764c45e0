/**
 * Phase 1 of the write analysis, the text pre-filter: which files and which subtrees can hold a `_meta` write at all.
 * A write names `_meta`, a manifest emitter, hook or hook function, or a `_meta` alias (`const m = x._meta; m.k = v`);
 * code whose text names none of them is never walked.
 */
import type { Registry } from '../registry/types';

export type WriteVocabulary = Pick<Registry, 'emitters' | 'hooks' | 'hookFunctions'>;

/** Cheap first check: a file that mentions neither `_meta` nor any manifest name cannot write `_meta`. */
export function mayWriteMeta(text: string, vocabulary: WriteVocabulary): boolean {
  if (text.includes('_meta')) return true;
  for (const names of [vocabulary.emitters, vocabulary.hooks, vocabulary.hookFunctions]) {
    for (const name of names) if (text.includes(name)) return true;
  }
  return false;
}

const IDENTIFIER_CHAR = /[\w$]/;

/**
 * Where the file's text names `_meta`, a manifest name or a `_meta` alias: sorted offsets, so the walk can skip any
 * subtree whose source range holds none of them (most of a `_meta` file's code).
 */
export class MentionIndex {
  private offsets: number[] = [];

  constructor(
    private readonly text: string,
    vocabulary: WriteVocabulary,
  ) {
    for (const name of ['_meta', ...vocabulary.emitters, ...vocabulary.hooks, ...vocabulary.hookFunctions]) this.add(name);
  }

  add(name: string): void {
    for (let at = this.text.indexOf(name); at !== -1; at = this.text.indexOf(name, at + name.length)) {
      // Whole identifiers only: an alias named `m` must not count every other `m` in the file.
      if (!IDENTIFIER_CHAR.test(this.text[at - 1] ?? '') && !IDENTIFIER_CHAR.test(this.text[at + name.length] ?? '')) this.offsets.push(at);
    }
    this.offsets.sort((a, b) => a - b);
  }

  /** True when some mention starts inside [start, end). */
  within(start: number, end: number): boolean {
    const offsets = this.offsets;
    let low = 0;
    let high = offsets.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (offsets[middle] < start) low = middle + 1;
      else high = middle;
    }
    return low < offsets.length && offsets[low] < end;
  }
}
