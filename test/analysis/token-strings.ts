/**
 * Strings of 1 to `maxTokens` tokens, the same on every run (a fixed linear congruential generator): what the text
 * checks that stand in for a regex (or for a slower check) are compared with the definition on, besides real code.
 */
export function tokenStrings(
  tokens: readonly string[],
  { count = 20_000, maxTokens, seed }: { count?: number; maxTokens: number; seed: number },
): string[] {
  let state = seed;
  const next = (n: number): number => {
    state = (state * 1103515245 + 12345) >>> 0;
    return (state >>> 8) % n;
  };
  const texts: string[] = [];
  for (let index = 0; index < count; index += 1) {
    let text = '';
    for (let length = 1 + next(maxTokens); length > 0; length -= 1) text += tokens[next(tokens.length)];
    texts.push(text);
  }
  return texts;
}
