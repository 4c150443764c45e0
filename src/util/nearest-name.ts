import { distance } from 'fastest-levenshtein';

/**
 * The candidate closest to `name` by edit distance, if it is close enough to be a likely typo or rename:
 * within `maxDistance`, or (for renames such as `returned` -> `returned_count`) one name a prefix of the other.
 */
export function nearestName(
  name: string,
  candidates: Iterable<string>,
  {
    maxDistance = 2,
    matchPrefixes = false,
    ignoreCase = false,
  }: {
    /** A number, or per candidate (`(c) => c.length / 3` lets longer names carry more typos). */
    maxDistance?: number | ((candidate: string) => number);
    matchPrefixes?: boolean;
    ignoreCase?: boolean;
  } = {},
): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  const fold = (text: string): string => (ignoreCase ? text.toLowerCase() : text);
  const folded = fold(name);
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const limit = typeof maxDistance === 'function' ? maxDistance(candidate) : maxDistance;
    const prefix =
      matchPrefixes && Math.min(name.length, candidate.length) >= 4 && (candidate.startsWith(name) || name.startsWith(candidate));
    const other = fold(candidate);
    // Two names whose lengths differ by more than the limit are at least that many edits apart: no distance to
    // compute (the lint asks this for every key it cannot place, against every registered and host key).
    if (!prefix && Math.abs(other.length - folded.length) > limit) continue;
    const d = distance(folded, other);
    const close = d <= limit || prefix;
    if (close && d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * How many edits two names may be apart and still read as a typo of one another, scaled to the shorter one: none
 * under three characters (`ms`, `id`, `db` are no typos of `ui`), one up to five (`url` -> `uri`), two from six
 * (`retreival` -> `retrieval`). The same scale as the lint's near miss on a `_meta` nothing places.
 */
export function typoDistance(name: string, other: string): number {
  return Math.min(2, Math.floor(Math.min(name.length, other.length) / 3));
}

/** The candidate `name` is likely a typo of, on the `typoDistance` scale; names that differ only in digits (`v1`, `v2`) are not. */
export function nearestTypoOf(name: string, candidates: Iterable<string>): string | null {
  const digitless = name.replace(/\d+/g, '#');
  const others = [...candidates].filter((candidate) => candidate.replace(/\d+/g, '#') !== digitless);
  return nearestName(name, others, { maxDistance: (candidate) => typoDistance(name, candidate) });
}
