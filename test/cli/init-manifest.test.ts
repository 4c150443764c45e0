import { describe, expect, it } from 'vitest';
import { buildStarterManifest, mergeFields } from '../../src/cli/init/build-manifest';
import { emptyVocabulary } from '../../src/cli/init/detect-vocabulary';
import { emptyScan } from '../../src/cli/init/scan-writes';

describe('mergeFields (init: doc table + code scan)', () => {
  it('keeps the doc order and descriptions, adds fields only the code writes', () => {
    expect(mergeFields({ hint: { description: 'prose' }, returned_count: {} }, ['returned_count', 'vector_enabled'])).toEqual({
      hint: { description: 'prose' },
      returned_count: {},
      vector_enabled: {},
    });
  });

  it('gives a flat doc field the nested fields the code writes', () => {
    expect(mergeFields(['cache', 'degraded'], { cache: { fields: ['hit'] }, degraded: { items: { fields: ['stage'] } } })).toEqual({
      cache: { fields: ['hit'] },
      degraded: { items: { fields: ['stage'] } },
    });
  });

  it('stays a plain list when nothing needs the object form, and passes either side through alone', () => {
    expect(mergeFields(['a'], ['b', 'a'])).toEqual(['a', 'b']);
    expect(mergeFields(undefined, ['a'])).toEqual(['a']);
    expect(mergeFields(['a'], undefined)).toEqual(['a']);
  });
});

describe('buildStarterManifest (init: producers)', () => {
  it('lists a wrapper file under every key it writes, with a note, and no note about a doc when none was given', () => {
    const scan = emptyScan();
    const wrapper = '/srv/src/wrap.ts';
    for (const key of ['trace', 'timing', 'rate_limit'])
      scan.keys.set(key, { files: new Map([[wrapper, 1]]), values: [null], planes: new Set(['result' as const]) });
    scan.keys.set('retrieval', { files: new Map([['/srv/src/search.ts', 2]]), values: [null], planes: new Set(['result' as const]) });
    const { manifest, notes } = buildStarterManifest('/srv', emptyVocabulary(), scan, []);
    expect(Object.fromEntries(Object.entries(manifest.keys).map(([key, spec]) => [key, spec.producers]))).toEqual({
      rate_limit: ['src/wrap.ts'],
      retrieval: ['src/search.ts'],
      timing: ['src/wrap.ts'],
      trace: ['src/wrap.ts'],
    });
    expect(notes).toEqual([
      'src/wrap.ts writes 3 keys (rate_limit, timing, trace): it is listed as a producer of each; keep each write in its own producer unit (its own try, function or hook)',
    ]);
  });
});
