import { describe, expect, it } from 'vitest';
import { buildStarterManifest, mergeFields } from '../../src/cli/init/build-manifest';
import { emptyVocabulary } from '../../src/cli/init/detect-vocabulary';
import { emptyScan, type ScannedKey } from '../../src/cli/init/scan-writes';
import { vetNearWritten, type WrittenCount } from '../../src/cli/init/vet-keys';
import { nearestTypoOf, typoDistance } from '../../src/util/nearest-name';

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

  it("takes no type from the code that contradicts the doc's or catalogue's structure (vercel/ai's `permissions: 'nope'` test value)", () => {
    // MCP Apps' `ui.permissions` has fields; a test writing a wrong-typed value must not give it `"type": "string"`
    // beside those fields (an invalid manifest, which left the whole `ui` key out).
    expect(
      mergeFields(
        { permissions: { fields: ['camera'] }, csp: { fields: ['connectDomains'] }, list: { items: { fields: ['a'] } }, prefersBorder: {} },
        {
          permissions: { type: 'string' },
          csp: { type: 'object', fields: ['connectDomains'] },
          list: { type: 'string' },
          prefersBorder: { type: 'string' },
        },
      ),
    ).toEqual({
      permissions: { fields: ['camera'] },
      csp: { type: 'object', fields: ['connectDomains'] },
      list: { items: { fields: ['a'] } },
      prefersBorder: { type: 'string' },
    });
  });

  it('stays a plain list when nothing needs the object form, and passes either side through alone', () => {
    expect(mergeFields(['a'], ['b', 'a'])).toEqual(['a', 'b']);
    expect(mergeFields(undefined, ['a'])).toEqual(['a']);
    expect(mergeFields(['a'], undefined)).toEqual(['a']);
  });
});

/** A key one file writes on tool results, at `sites` write sites, as `scanWrites` notes it. */
function writtenOnResults(file: string, sites = 1): ScannedKey {
  return {
    files: new Map([[file, sites]]),
    values: Array.from({ length: sites }, () => null),
    planes: new Set(['result']),
    filesOn: new Map([['result', new Set([file])]]),
  };
}

describe('buildStarterManifest (init: producers)', () => {
  it("lists a wrapper file under every key it writes, with no note (isolation is the rules' to judge on the code)", () => {
    const scan = emptyScan();
    const wrapper = '/srv/src/wrap.ts';
    for (const key of ['trace', 'timing', 'rate_limit']) scan.keys.set(key, writtenOnResults(wrapper));
    scan.keys.set('retrieval', writtenOnResults('/srv/src/search.ts', 2));
    const { manifest, notes } = buildStarterManifest('/srv', emptyVocabulary(), scan, []);
    expect(Object.fromEntries(Object.entries(manifest.keys).map(([key, spec]) => [key, spec.producers]))).toEqual({
      rate_limit: ['src/wrap.ts'],
      retrieval: ['src/search.ts'],
      timing: ['src/wrap.ts'],
      trace: ['src/wrap.ts'],
    });
    expect(notes).toEqual([]);
  });
});

describe('buildStarterManifest (init: keys only tests write)', () => {
  it('registers them and says so, so a fixture key is not taken for a server key unnoticed (sunpeak, solvapay)', () => {
    const scan = emptyScan();
    const at = (file: string) => writtenOnResults(file);
    scan.keys.set('existing', at('/srv/src/inspector.test.tsx'));
    scan.keys.set('token', at('/srv/tests/fixtures/meta.ts'));
    scan.keys.set('retrieval', at('/srv/src/search.ts'));
    const { manifest, notes } = buildStarterManifest('/srv', emptyVocabulary(), scan, []);
    expect(Object.keys(manifest.keys).sort()).toEqual(['existing', 'retrieval', 'token']);
    expect(notes).toEqual([
      "key 'existing' is written only in test files (src/inspector.test.tsx): if no server code writes it (a fixture's key), drop it from the manifest; the lint then reports the tests' write as unregistered, unless those files are in `ignore`",
      "key 'token' is written only in test files (tests/fixtures/meta.ts): if no server code writes it (a fixture's key), drop it from the manifest; the lint then reports the tests' write as unregistered, unless those files are in `ignore`",
    ]);
  });
});

describe('buildStarterManifest (init: keys server code writes on a _meta nothing places)', () => {
  it("does not call a key test-only when server code writes it on an unplaced object (oak's *_TOOL_DEF constants)", () => {
    const scan = emptyScan();
    const test = '/srv/src/tools.unit.test.ts';
    scan.keys.set('securitySchemes', {
      files: new Map([[test, 1]]),
      values: [null],
      planes: new Set(['tool']),
      filesOn: new Map([['tool', new Set([test])]]),
    });
    scan.unplaced.set('securitySchemes', new Set(['/srv/src/search/tool-definition.ts', '/srv/src/fetch/tool-definition.ts', test]));
    const { manifest, notes } = buildStarterManifest('/srv', emptyVocabulary(), scan, []);
    expect(manifest.keys.securitySchemes?.producers).toEqual(['src/tools.unit.test.ts']);
    expect(notes).toEqual([
      "key 'securitySchemes' is written on a `_meta` the analysis places only in test files (src/tools.unit.test.ts, on the tool descriptor), and in other files on a `_meta` nothing here shows the plane of (src/fetch/tool-definition.ts, src/search/tool-definition.ts: an object registered from another module, or built at run time): it is registered from the tests' writes; keep it if those files write the same `_meta`, and add them to its producers",
    ]);
  });
});

describe('near on the scale of the names (init: likely typos)', () => {
  it('allows no edit under three characters, one up to five, two from six', () => {
    expect(['ms', 'url', 'uuid', 'retrieval'].map((name) => typoDistance(name, name))).toEqual([0, 1, 1, 2]);
    expect(nearestTypoOf('ms', ['ui'])).toBeNull();
    expect(nearestTypoOf('url', ['ui'])).toBeNull();
    expect(nearestTypoOf('api', ['ui'])).toBeNull();
    expect(nearestTypoOf('uri', ['url'])).toBe('url');
    expect(nearestTypoOf('com.acme/retreival', ['com.acme/retrieval'])).toBe('com.acme/retrieval');
    // Names that differ only in digits are versions or stages, not typos.
    expect(nearestTypoOf('com.acme/stage2', ['com.acme/stage1'])).toBeNull();
  });

  /** Written at `sites` sites in `files` files (one file unless said). */
  const at = (sites: number, files = 1): WrittenCount => ({ sites, files });

  it('holds the key written less, never a registered one', () => {
    const written = new Map([
      ['com.acme/retrieval', at(3)],
      ['com.acme/retreival', at(1)],
      ['com.acme/stats', at(1)],
    ]);
    expect(vetNearWritten(written, new Set()).map((held) => held.key)).toEqual(['com.acme/retreival']);
    // The person registered the misspelling (--accept-found): it is never held again; the key near it is, until registered.
    expect(vetNearWritten(written, new Set(['com.acme/retreival'])).map((held) => held.key)).toEqual(['com.acme/retrieval']);
    expect(vetNearWritten(written, new Set(['com.acme/retreival', 'com.acme/retrieval'])).map((held) => held.key)).toEqual([]);
    expect(vetNearWritten(new Map([['com.acme/stast', at(1)]]), new Set(['com.acme/stats'])).map((held) => held.message)).toEqual([
      "Key 'com.acme/stast' (written at 1 site) is near the registered key 'com.acme/stats': a typo?",
    ]);
  });

  // Two near keys written as often: one is registered, the other held naming both and the sign that decided, in
  // order: more files, the namespace the other keys use, the longer name, code-unit order. Whichever of the two is
  // listed first, the same one is held.
  it.each([
    [
      'more files',
      [
        ['com.acme/provenence', at(2, 2)],
        ['com.acme/provenance', at(2, 1)],
      ],
      'com.acme/provenance',
      'it is written in more files (2, against 1)',
    ],
    [
      'the namespace the other keys use',
      [
        ['com.acme/stats', at(1)],
        ['com.acem/stats', at(1)],
        ['com.acme/timing', at(4)],
        ['com.acme/trace', at(1)],
      ],
      'com.acem/stats',
      "its namespace 'com.acme/' is the one 2 other written or registered keys use",
    ],
    [
      'the longer name',
      [
        ['com.acme/forecst', at(1)],
        ['com.acme/forecast', at(1)],
      ],
      'com.acme/forecst',
      'it is the longer name',
    ],
    [
      'code-unit order, last',
      [
        ['com.acme/provenence', at(1)],
        ['com.acme/provenance', at(1)],
      ],
      'com.acme/provenence',
      'it comes first in code-unit order (nothing else tells them apart)',
    ],
  ] as const)('of two near keys written as often, holds one by %s', (_sign, entries, heldKey, why) => {
    for (const order of [entries, [...entries].reverse()]) {
      const held = vetNearWritten(new Map(order.map(([key, count]) => [key, count])), new Set());
      expect(held.map((item) => item.key)).toEqual([heldKey]);
      expect(held[0].message).toContain(`both are written as often. '`);
      expect(held[0].message).toContain(`is registered, as the one meant: ${why}.`);
      expect(held[0].fix).toContain(`if '${heldKey}' is, rename '`);
    }
  });
});
