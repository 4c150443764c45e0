/**
 * A set of text offsets that answers "is there one in [start, end)?" and accepts new offsets at any time, each in
 * O(log n) steps: offsets are bucketed into 64-character blocks, and a Fenwick tree over the blocks counts them. The
 * write analysis adds offsets while it walks (every `_meta` alias it finds), so a sorted array would be re-sorted per
 * alias, which is quadratic in a file with thousands of aliases.
 */
import { countSteps } from '../../util/cost-counter';

const BLOCK_SHIFT = 6;

export class OffsetSet {
  /**
   * A plain array of small integers, not an `Int32Array`: one is built per analysed file, and a typed array allocates
   * an `ArrayBuffer` with its own backing store each time (the constructor stood out in CPU profiles of the rules).
   */
  private readonly tree: number[];
  private readonly blocks: Array<number[] | undefined>;
  constructor(textLength: number) {
    const blockCount = (textLength >> BLOCK_SHIFT) + 1;
    this.tree = new Array<number>(blockCount + 1).fill(0);
    this.blocks = new Array<number[] | undefined>(blockCount);
  }

  add(offset: number): void {
    const block = offset >> BLOCK_SHIFT;
    (this.blocks[block] ??= []).push(offset);
    for (let i = block + 1; i < this.tree.length; i += i & -i) {
      countSteps(1);
      this.tree[i]++;
    }
  }

  /** True when some offset lies in [start, end). */
  hasIn(start: number, end: number): boolean {
    if (end <= start) return false;
    const first = start >> BLOCK_SHIFT;
    const last = (end - 1) >> BLOCK_SHIFT;
    if (this.blockHas(first, start, end)) return true;
    if (last === first) return false;
    if (this.blockHas(last, start, end)) return true;
    return last - first > 1 && this.countBefore(last) - this.countBefore(first + 1) > 0;
  }

  private blockHas(block: number, start: number, end: number): boolean {
    const offsets = this.blocks[block];
    if (!offsets) return false;
    for (const offset of offsets) {
      countSteps(1);
      if (offset >= start && offset < end) return true;
    }
    return false;
  }

  /** How many offsets lie in blocks [0, block). */
  private countBefore(block: number): number {
    let sum = 0;
    for (let i = Math.min(block, this.tree.length - 1); i > 0; i -= i & -i) {
      countSteps(1);
      sum += this.tree[i];
    }
    return sum;
  }
}

/**
 * True when some offset of `sorted` (ascending) lies in [start, end): one binary search, for the offset lists that are
 * complete before anyone asks (pass-through marks, a file's `_meta`-dropping writes), where `OffsetSet`'s updates are
 * not needed.
 */
export function sortedHasIn(sorted: readonly number[], start: number, end: number): boolean {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    countSteps(1);
    const middle = (low + high) >>> 1;
    if (sorted[middle] < start) low = middle + 1;
    else high = middle;
  }
  return low < sorted.length && sorted[low] < end;
}

/** Runs of identifier characters: the words an alias name can be. */
const WORD = /[\p{ID_Continue}$\u200c\u200d]+/gu;

/** Every identifier-like word of `text` with its offsets, in one pass. */
export function indexWords(text: string): Map<string, number[]> {
  countSteps(text.length);
  const words = new Map<string, number[]>();
  for (const match of text.matchAll(WORD)) {
    const list = words.get(match[0]);
    if (list) list.push(match.index);
    else words.set(match[0], [match.index]);
  }
  return words;
}
