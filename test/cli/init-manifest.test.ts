import { describe, expect, it } from 'vitest';
import { mergeFields } from '../../src/cli/init/build-manifest';

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
