/**
 * `nearestName` skips the edit distance of a candidate whose length alone puts it out of reach (the lint asks it for
 * every key it cannot place, against every registered and host key). The answers must be the ones the full
 * comparison gives: checked against that comparison on generated names, with every option.
 */
import { distance } from 'fastest-levenshtein';
import { describe, expect, it } from 'vitest';
import { nearestName } from '../../src/util/nearest-name';

/** The comparison without the length check: every candidate's distance, as `nearestName` worked before it. */
function nearestByFullComparison(
  name: string,
  candidates: readonly string[],
  maxDistance: number | ((candidate: string) => number),
  matchPrefixes: boolean,
  ignoreCase: boolean,
): string | null {
  const fold = (text: string) => (ignoreCase ? text.toLowerCase() : text);
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const d = distance(fold(name), fold(candidate));
    const limit = typeof maxDistance === 'function' ? maxDistance(candidate) : maxDistance;
    const close =
      d <= limit ||
      (matchPrefixes && Math.min(name.length, candidate.length) >= 4 && (candidate.startsWith(name) || name.startsWith(candidate)));
    if (close && d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** A small deterministic generator (no seed drift between runs). */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('nearestName', () => {
  it('gives the full comparison answer on 3,000 generated names, for every option', () => {
    const random = generator(20261206);
    // Few letters, so near misses, prefixes and equal lengths are common; `İ` lowercases to two characters.
    const alphabet = ['a', 'b', 'c', 'A', 'B', '_', '/', 'İ'];
    const word = () =>
      Array.from({ length: 1 + Math.floor(random() * 9) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    let answered = 0;
    for (let i = 0; i < 3000; i += 1) {
      const name = word();
      const candidates = Array.from({ length: 1 + Math.floor(random() * 12) }, word);
      const options = [
        { maxDistance: 2, matchPrefixes: false, ignoreCase: false },
        { maxDistance: 1, matchPrefixes: true, ignoreCase: false },
        { maxDistance: 3, matchPrefixes: false, ignoreCase: true },
        { maxDistance: (candidate: string) => Math.floor(candidate.length / 3), matchPrefixes: true, ignoreCase: true },
      ];
      for (const option of options) {
        const expected = nearestByFullComparison(name, candidates, option.maxDistance, option.matchPrefixes, option.ignoreCase);
        expect(nearestName(name, candidates, option), `${name} among ${candidates.join(', ')}`).toBe(expected);
        if (expected !== null) answered += 1;
      }
    }
    // Near misses were found often enough for the comparison to mean something.
    expect(answered).toBeGreaterThan(1000);
  });

  it('still matches a prefix of any length difference when asked to', () => {
    expect(nearestName('returned', ['returned_count_total'], { maxDistance: 2, matchPrefixes: true })).toBe('returned_count_total');
    expect(nearestName('returned', ['returned_count_total'], { maxDistance: 2 })).toBeNull();
  });
});
