import { distance } from 'fastest-levenshtein';

/** Lower-case words of a field name: `returned_count`, `returnedCount` and `returned-count` all give `returned`, `count`. */
export function nameTokens(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((token) => token.length > 0);
}

/**
 * How alike two field names are, from 0 (same) to 1 (unrelated), or `null` when they are too different to call one a
 * rename of the other. A shared word of 3+ letters (`returned` -> `returned_count`) or a small edit distance (`hint` ->
 * `hints`, `cache` -> `cached`) counts: a rename in a manifest usually keeps the word that says what the field is.
 */
export function renameSimilarity(removed: string, added: string): number | null {
  const longest = Math.max(removed.length, added.length);
  if (longest === 0) return null;
  const editRatio = distance(removed, added) / longest;
  const addedTokens = new Set(nameTokens(added));
  const sharesWord = nameTokens(removed).some((token) => token.length >= 3 && addedTokens.has(token));
  if (sharesWord) return editRatio / 2;
  return editRatio <= 0.34 ? editRatio : null;
}

/**
 * Pairs removed names with added names that look like their renames, best matches first, each name used once.
 * Whatever is left over is a plain removal or addition.
 */
export function pairRenames(removed: readonly string[], added: readonly string[]): Array<[from: string, to: string]> {
  const candidates: Array<{ from: string; to: string; score: number }> = [];
  for (const from of removed) {
    for (const to of added) {
      const score = renameSimilarity(from, to);
      if (score !== null) candidates.push({ from, to, score });
    }
  }
  candidates.sort((a, b) => a.score - b.score || a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
  const usedFrom = new Set<string>();
  const usedTo = new Set<string>();
  const pairs: Array<[string, string]> = [];
  for (const { from, to } of candidates) {
    if (usedFrom.has(from) || usedTo.has(to)) continue;
    usedFrom.add(from);
    usedTo.add(to);
    pairs.push([from, to]);
  }
  return pairs;
}
