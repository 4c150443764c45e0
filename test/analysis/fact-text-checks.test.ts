/**
 * The facts' text checks that stand in for a regex over the whole file (src/analysis/facts/): each must say yes
 * wherever the regex it replaced matches (`mayNameStrictWord` may say yes more often: it only gates the regex),
 * and `hasLookAlikeProperty` exactly where its regex matches. Checked on strings built from the pieces the patterns
 * turn on, drawn by a seeded generator (the same strings every run).
 */
import { describe, expect, it } from 'vitest';
import { hasLookAlikeProperty } from '../../src/analysis/facts/meta-look-alikes';
import { mayNameStrictWord } from '../../src/analysis/facts/strict-meta-reads';

/** The strings of `count` pieces or fewer drawn from `pieces`, `runs` of them, from a fixed seed. */
function drawn(pieces: readonly string[], count: number, runs: number): string[] {
  // mulberry32
  let seed = 12345;
  const next = (below: number): number => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below);
  };
  const texts: string[] = [];
  for (let run = 0; run < runs; run += 1) {
    let text = '';
    for (let index = next(count) + 1; index > 0; index -= 1) text += pieces[next(pieces.length)];
    texts.push(text);
  }
  return texts;
}

describe('hasLookAlikeProperty', () => {
  const LOOK_ALIKE_PROPERTY = /\b(?:_?metadata|meta)['"]?\s*:|[{,]\s*(?:_?metadata|meta)\s*[,}]/;
  const pieces = ['meta', 'data', '_', 'x', '$', ' ', '\n', '\t', '\u00a0', ':', ',', '{', '}', "'", '"', '1', 'm', 'a'];

  it('finds a look-alike property exactly where the regex does', () => {
    const texts = drawn(pieces, 8, 60000);
    const differ = texts.filter((text) => hasLookAlikeProperty(text) !== LOOK_ALIKE_PROPERTY.test(text));
    expect(differ).toEqual([]);
    // The draw holds both answers, so the comparison says something.
    expect(texts.some((text) => LOOK_ALIKE_PROPERTY.test(text))).toBe(true);
    expect(texts.some((text) => !LOOK_ALIKE_PROPERTY.test(text))).toBe(true);
  });

  it.each([
    ['return { metadata: x }', true],
    ["return { 'meta' : x }", true],
    ['return { _metadata }', true],
    ['return { _meta: x }', false],
    ['const x_metadata = { a: 1 }', false],
    ['{ a, meta\n}', true],
    ['obj.meta.k = 1', false],
  ])('%j: %s', (text, expected) => {
    expect(hasLookAlikeProperty(text)).toBe(expected);
    expect(LOOK_ALIKE_PROPERTY.test(text)).toBe(expected);
  });
});

describe('mayNameStrictWord', () => {
  const STRICT_WORDS =
    /\b(?:toEqual|toStrictEqual|deepStrictEqual|deepEqual|eql|deep|strict|strictObject|additionalProperties|unevaluatedProperties)\b/;
  const pieces = [
    'to',
    'Equal',
    'Strict',
    'strict',
    'deep',
    'e',
    'q',
    'l',
    'ql',
    'Object',
    'additional',
    'unevaluated',
    'Properties',
    '.',
    ' ',
    'x',
  ];

  it('says yes wherever a strict word is named', () => {
    const texts = drawn(pieces, 5, 60000);
    const missed = texts.filter((text) => STRICT_WORDS.test(text) && !mayNameStrictWord(text));
    expect(missed).toEqual([]);
    expect(texts.some((text) => STRICT_WORDS.test(text))).toBe(true);
    // It rules files out: most draws without a strict word get a no.
    expect(texts.some((text) => !mayNameStrictWord(text))).toBe(true);
  });

  it.each(['expect(r._meta).toEqual({})', 'x.should.eql(y)', 'z.object({}).strict()', '{ additionalProperties: false }'])('%j', (text) => {
    expect(mayNameStrictWord(text)).toBe(true);
  });

  it('says no to a file without one', () => {
    expect(mayNameStrictWord('const sql = query(q); r._meta = { "com.example/k": 1 };')).toBe(false);
  });
});
