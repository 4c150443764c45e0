/** The text check every rule's gate asks first: does the file name `_meta` or a manifest name as a whole identifier? */
import { describe, expect, it } from 'vitest';
import { anchorsOf, mayWriteMeta, type WriteVocabulary } from '../../src/analysis/sites/mention-index';
import { tokenStrings } from './token-strings';

const vocabulary: WriteVocabulary = {
  emitters: new Set(['emit', 'emitMeta']),
  hooks: new Set(['metaHook']),
  hookFunctions: new Set(['getTimingMeta']),
};

describe('mayWriteMeta', () => {
  it('a whole `_meta` or manifest name may write', () => {
    for (const text of [
      'out._meta = {};',
      "const r = { content: [], '_meta': {} };",
      'x["_meta"].k = 1;',
      'ctx.emitMeta?.("k", 1);',
      'await opts.metaHook(r);',
      'function getTimingMeta() { return {}; }',
      'emit("k", 1)',
      '_meta',
    ]) {
      expect(mayWriteMeta(text, vocabulary), text).toBe(true);
    }
  });

  it('a name only inside a longer identifier cannot (`_metadata`, `edge_meta`, `emitMetaLater`, `$_meta`)', () => {
    for (const text of [
      'x._metadata = { retrieval: 1 };',
      'x.edge_meta = {};',
      'ctx.emitMetaLater("k", 1); ctx.reemit(); metaHooks.push(f);',
      'const $_meta = 1; const _meta2 = 2;',
      'getTimingMetaData();',
      '',
    ]) {
      expect(mayWriteMeta(text, vocabulary), text).toBe(false);
    }
  });

  it('every name starting at a match counts, not only the one the alternation took', () => {
    // `emit` is a prefix of `emitMeta`: `emitMeta(` is a whole `emitMeta` after a non-whole `emit`.
    expect(mayWriteMeta('ctx.emitMeta(1)', { ...vocabulary, emitters: new Set(['emit', 'emitMeta']) })).toBe(true);
    expect(mayWriteMeta('ctx.emitMeta(1)', { ...vocabulary, emitters: new Set(['emitMeta', 'emit']) })).toBe(true);
    // A later whole mention after earlier partial ones.
    expect(mayWriteMeta('a._metadata; b.edge_meta; c._meta = {};', vocabulary)).toBe(true);
  });

  it('a manifest with many names answers as one with few', () => {
    const many: WriteVocabulary = {
      ...vocabulary,
      emitters: new Set(['emit', 'emitMeta', ...Array.from({ length: 10 }, (_, i) => `emitter${i}`)]),
    };
    const texts = [
      'out._meta = {};',
      'ctx.emitMeta?.("k", 1);',
      'await opts.metaHook(r);',
      'x._metadata = 1; ctx.emitMetaLater(); getTimingMetaData();',
      'ctx.emitter9(1)',
      'ctx.emitter10(1)',
      '',
    ];
    for (const text of texts) {
      const few = mayWriteMeta(text, vocabulary) || /\bemitter\d\b/.test(text);
      expect(mayWriteMeta(text, many), text).toBe(few);
    }
  });

  it("searches each name's anchor first: from its first character that is not a lowercase letter, shorter anchors kept", () => {
    expect(anchorsOf(['_meta', 'emitResponseMeta', 'metaHook', 'getBrainHotMemoryMeta'])).toEqual([
      '_meta',
      'ResponseMeta',
      'Hook',
      'BrainHotMemoryMeta',
    ]);
    // An all-lowercase name is its own anchor; an anchor that holds another goes (`emitMeta`'s `Meta` is in `TimingMeta`).
    expect(anchorsOf(['_meta', 'emit', 'emitMeta', 'getTimingMeta', '$hook'])).toEqual(['_meta', 'emit', 'Meta', '$hook']);
  });

  it('answers what the alternation alone answers, for any vocabulary and text', () => {
    /** The check without its anchor searches: the alternation, then a whole identifier at any name starting there. */
    const reference = (text: string, names: readonly string[]): boolean =>
      names.some((name) => {
        for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
          if (!/[\w$]/.test(text[at - 1] ?? '') && !/[\w$]/.test(text[at + name.length] ?? '')) return true;
        }
        return false;
      });
    const vocabularies: WriteVocabulary[] = [
      vocabulary,
      { emitters: new Set(['emitResponseMeta']), hooks: new Set(['metaHook']), hookFunctions: new Set(['getBrainHotMemoryMeta']) },
      { emitters: new Set(['emit', 'attach', 'Emit2']), hooks: new Set(), hookFunctions: new Set(['$meta']) },
    ];
    const tokens = [
      '_meta',
      'meta',
      'Meta',
      'emit',
      'Emit2',
      'attach',
      'Hook',
      'hook',
      'Response',
      'getTiming',
      'data',
      '$',
      '_',
      '.',
      ' ',
      'x',
      '2',
      '(',
    ];
    const differing: string[] = [];
    for (const text of tokenStrings(tokens, { maxTokens: 7, seed: 3 })) {
      for (const words of vocabularies) {
        const names = ['_meta', ...words.emitters, ...words.hooks, ...words.hookFunctions];
        if (mayWriteMeta(text, words) !== reference(text, names) && differing.length < 5) differing.push(text);
      }
    }
    expect(differing).toEqual([]);
  });
});
