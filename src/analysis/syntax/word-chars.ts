/**
 * What a regular expression's `\b` sees, for the text checks that find words by string search instead of a regex
 * (the pass-through marks, the file's word scan, the look-alike check): one definition, so each check's answer stays
 * the regex it replaced (their tests compare the two on real code and generated strings).
 */

/** `[A-Za-z0-9_]`: what `\w` and `\b` count as a word character without the `u` flag. NaN (outside the text) is none. */
export function isWordChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95;
}

/** Whether the `length` characters at `at` are a whole word (`\bword\b`, for a word that starts and ends with one). */
export function isWholeWordAt(text: string, at: number, length: number): boolean {
  return (at === 0 || !isWordChar(text.charCodeAt(at - 1))) && !isWordChar(text.charCodeAt(at + length));
}
