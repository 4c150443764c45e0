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
