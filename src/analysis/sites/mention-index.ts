/**
 * Phase 1 of the write analysis, the text pre-filter: which files and which subtrees can hold a `_meta` write at all.
 * A write names `_meta`, a manifest emitter, hook or hook function, a result builder that is given the result's `_meta`
 * under another name (`respondOk(text, { meta })`), a base class whose member is a `_meta` (`extends BaseTool`), or a
 * `_meta` alias (`const m = x._meta; m.k = v`); code whose text names none of them is never walked.
 */
import type { Registry } from '../../registry/types';
import { countSteps } from '../../util/cost-counter';
import { indexWords, OffsetSet } from '../syntax/offset-set';

/** The manifest's names the analysis reads; `sinks` (the team's registrations and result builders) is optional. */
export type WriteVocabulary = Pick<Registry, 'emitters' | 'hooks' | 'hookFunctions'> & Partial<Pick<Registry, 'sinks'>>;

/**
 * Cheap first check: a file whose text names neither `_meta` nor any manifest name, as a whole identifier (what
 * `MentionIndex` counts, so the walk would find nothing to enter), cannot write `_meta`. `_metadata` or `edge_meta`
 * alone do not make a file one that may write: it would be analysed, and each rule set up on it, for no write.
 */
export function mayWriteMeta(text: string, vocabulary: WriteVocabulary): boolean {
  return forEachMention(text, vocabulary, () => true);
}

/**
 * Calls `visit` with each offset where `_meta` or a manifest name starts as a whole identifier, in order, until it
 * returns true; whether it did. The gate's check (stopped at the first) and `MentionIndex` (every one) both scan so.
 */
function forEachMention(text: string, vocabulary: WriteVocabulary, visit: (at: number) => boolean | void): boolean {
  const { pattern, names, anchors } = mentionPattern(vocabulary);
  // Most files hold no name at all: a search for each name's anchor (see `anchorsOf`) says so first. Right after a
  // parse, the alternation's pass over a file costs several times what these searches do (one per distinct anchor:
  // `_meta`, and one or two for a manifest's names), which stop only at a character that is rare in code.
  if (!anchors.some((anchor) => text.includes(anchor))) return false;
  // One pass over the text (most files: no match at all); a match only counts as a whole identifier. Not an `indexOf`
  // per name: a search for a name starting with a common letter (`emitResponseMeta`) stops at every occurrence of
  // that letter, so a few such searches cost more than the alternation's one pass.
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const at = match.index;
    // Every name that starts here, not only the one the alternation took (one may be a prefix of another).
    if (names.some((name) => text.startsWith(name, at) && isWholeIdentifier(text, at, at + name.length)) && visit(at) === true) {
      pattern.lastIndex = 0;
      return true;
    }
    pattern.lastIndex = at + 1;
  }
  pattern.lastIndex = 0;
  return false;
}

interface MentionSearch {
  readonly pattern: RegExp;
  readonly names: readonly string[];
  readonly anchors: readonly string[];
}

const mentionPatterns = new WeakMap<WriteVocabulary, MentionSearch>();

/** One regular expression for all the names: one pass over the text instead of one `includes` per name. */
function mentionPattern(vocabulary: WriteVocabulary): MentionSearch {
  let known = mentionPatterns.get(vocabulary);
  if (!known) {
    const names = [
      '_meta',
      ...vocabulary.emitters,
      ...vocabulary.hooks,
      ...vocabulary.hookFunctions,
      ...(vocabulary.sinks?.metaOptions.keys() ?? []),
      ...(vocabulary.sinks?.classMembers.keys() ?? []),
    ];
    const pattern = new RegExp(names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
    known = { pattern, names, anchors: anchorsOf(names) };
    mentionPatterns.set(vocabulary, known);
  }
  return known;
}

/**
 * A part of each name that every occurrence of the name holds: from its first character that is not a lowercase
 * letter to its end (`_meta`, `Meta` of `getBrainHotMemoryMeta`... `ResponseMeta` of `emitResponseMeta`), or the
 * whole name when it is all lowercase. A search for one stops only at that character, rare in code next to a
 * lowercase letter, where a search for the name stops at every occurrence of its first letter (`e` of `emitX`). An
 * anchor that holds another is dropped: where it occurs, so does the other.
 */
export function anchorsOf(names: readonly string[]): readonly string[] {
  const anchors = [...new Set(names.map((name) => name.slice(Math.max(0, name.search(/[^a-z]/)))))];
  return anchors.filter((anchor) => !anchors.some((other) => other !== anchor && anchor.includes(other)));
}

/** `text[start, end)` is not part of a longer identifier (`_meta` in `x._meta`, not in `_metadata`). */
function isWholeIdentifier(text: string, start: number, end: number): boolean {
  return !IDENTIFIER_CHAR.test(text[start - 1] ?? '') && !IDENTIFIER_CHAR.test(text[end] ?? '');
}

const IDENTIFIER_CHAR = /[\w$]/;

/**
 * Aliases found by scanning the text (one fast `indexOf` pass each) before the file's words are indexed instead. A
 * file has a handful of `_meta` aliases; indexing every word of a large file costs about as much as 50 scans and
 * allocates a string and an entry per word, so it only pays for files with many aliases (where scans would be
 * quadratic).
 */
const ALIAS_SCANS = 16;

/**
 * Where the file's text names `_meta`, a manifest name or a `_meta` alias: a set of offsets, so the walk can skip any
 * subtree whose source range holds none of them (most of a `_meta` file's code).
 */
export class MentionIndex {
  /** Offsets kept in an `OffsetSet`: aliases found during the walk are added in O(log n) each, never by a re-sort. */
  readonly offsets: OffsetSet;
  private words: Map<string, number[]> | undefined;
  private aliasesScanned = 0;

  constructor(
    private readonly text: string,
    vocabulary: WriteVocabulary,
  ) {
    this.offsets = new OffsetSet(text.length);
    countSteps(text.length);
    forEachMention(text, vocabulary, (at) => {
      this.offsets.add(at);
    });
  }

  add(name: string): void {
    countSteps(this.text.length);
    for (let at = this.text.indexOf(name); at !== -1; at = this.text.indexOf(name, at + name.length)) {
      // Whole identifiers only: an alias named `m` must not count every other `m` in the file.
      if (isWholeIdentifier(this.text, at, at + name.length)) this.offsets.add(at);
    }
  }

  /**
   * Adds the mentions of an alias: the first `ALIAS_SCANS` by a scan of the text, then from the file's identifier-like
   * words, indexed in one pass, so each further alias costs its own mentions, not a scan of the whole text (thousands of
   * aliases would be quadratic).
   */
  addAlias(name: string): void {
    if (this.aliasesScanned < ALIAS_SCANS) {
      this.aliasesScanned += 1;
      this.add(name);
      return;
    }
    this.words ??= indexWords(this.text);
    for (const at of this.words.get(name) ?? []) this.offsets.add(at);
  }

  /** True when some mention starts inside [start, end). */
  within(start: number, end: number): boolean {
    return this.offsets.hasIn(start, end);
  }
}
