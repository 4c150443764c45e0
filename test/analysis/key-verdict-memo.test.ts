/**
 * `keyVerdict` keeps each manifest's near misses (the edit distances to every registered and host key) by plane and
 * name, since a code base writes the same few keys in many files. A loaded manifest never changes, and an edited one
 * is a new object: its answers must be its own, and one manifest's answers never another's.
 */
import { describe, expect, it } from 'vitest';
import { keyVerdict } from '../../src/analysis/keys/key-verdict';
import { parseManifestText } from '../../src/registry/parse-registry';
import type { Registry } from '../../src/registry/types';

function manifest(keys: Record<string, object>): Registry {
  const { result } = parseManifestText(JSON.stringify({ version: 1, keys }), '/tmp/key-verdict-memo/mcp-meta.registry.json');
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.registry;
}

const RESULT_WRITE = { plane: 'result', kind: 'emit' } as const;
const UNKNOWN_WRITE = { plane: 'unknown', kind: 'meta-literal' } as const;

describe('keyVerdict near misses, kept per manifest', () => {
  it('an edited manifest (a new object) answers from its own keys, on a checked plane and on an unknown one', () => {
    const before = manifest({ retrieval: { producers: ['src/a.ts'] } });
    const after = manifest({ provenance: { producers: ['src/a.ts'] } });
    for (let ask = 0; ask < 2; ask += 1) {
      expect(keyVerdict(before, RESULT_WRITE, 'retreival', '/tmp/key-verdict-memo/src/a.ts')).toEqual({
        kind: 'unregistered',
        nearest: 'retrieval',
      });
      expect(keyVerdict(after, RESULT_WRITE, 'retreival', '/tmp/key-verdict-memo/src/a.ts')).toEqual({
        kind: 'unregistered',
        nearest: null,
      });
      expect(keyVerdict(before, UNKNOWN_WRITE, 'provenence', '/tmp/key-verdict-memo/src/a.ts')).toEqual({ kind: 'ok' });
      expect(keyVerdict(after, UNKNOWN_WRITE, 'provenence', '/tmp/key-verdict-memo/src/a.ts')).toEqual({
        kind: 'unregistered',
        nearest: 'provenance',
      });
    }
  });

  it('the same name on two planes keeps two answers', () => {
    // `retrieval` on the result plane, `retriever` on the tool plane (so that plane is checked too).
    const registry = manifest({ retrieval: { producers: ['src/a.ts'] }, retriever: { plane: 'tool', producers: ['src/a.ts'] } });
    const file = '/tmp/key-verdict-memo/src/a.ts';
    expect(keyVerdict(registry, RESULT_WRITE, 'retrievel', file)).toEqual({ kind: 'unregistered', nearest: 'retrieval' });
    expect(keyVerdict(registry, { plane: 'tool', kind: 'meta-literal' }, 'retrievel', file)).toEqual({
      kind: 'unregistered',
      nearest: 'retriever',
    });
    expect(keyVerdict(registry, RESULT_WRITE, 'retrievel', file)).toEqual({ kind: 'unregistered', nearest: 'retrieval' });
  });
});
