/** The text check every rule's gate asks first: does the file name `_meta` or a manifest name as a whole identifier? */
import { describe, expect, it } from 'vitest';
import { mayWriteMeta, type WriteVocabulary } from '../../src/analysis/sites/mention-index';

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
});
