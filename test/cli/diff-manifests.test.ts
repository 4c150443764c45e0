import { describe, expect, it } from 'vitest';
import type { RegistryManifest } from '../../src/registry/types';
import { applyAcceptedBreaks, diffManifests } from '../../src/cli/diff/diff-manifests';
import { pairRenames, renameSimilarity } from '../../src/cli/diff/similar-names';

function manifest(keys: RegistryManifest['keys'], acceptedBreaks?: RegistryManifest['acceptedBreaks']): RegistryManifest {
  return { version: 1, keys, ...(acceptedBreaks ? { acceptedBreaks } : {}) };
}

const base = manifest({
  retrieval: {
    producers: ['src/search.ts'],
    fields: {
      returned: {},
      hint: {},
      cache: { fields: ['hit', 'age_ms'] },
      degraded: { items: { fields: ['stage', 'reason'] } },
    },
  },
  warnings: { producers: ['src/dispatch.ts'], fields: ['code', 'param'] },
});

function ids(before: RegistryManifest, after: RegistryManifest, breaking?: boolean): string[] {
  return diffManifests(before, after)
    .filter((change) => breaking === undefined || change.breaking === breaking)
    .map((change) => change.id);
}

function withRetrievalFields(fields: NonNullable<RegistryManifest['keys'][string]['fields']>): RegistryManifest {
  return manifest({ ...base.keys, retrieval: { ...base.keys.retrieval, fields } });
}

describe('diffManifests: planes and host keys', () => {
  const card = (key: Partial<RegistryManifest['keys'][string]>): RegistryManifest =>
    manifest({ 'com.example/card': { producers: ['src/card.ts'], ...key } });

  it('a key leaving a plane breaks its readers there, like a rename; only adding one does not', () => {
    const moved = diffManifests(card({}), card({ plane: 'tool' }));
    expect(moved.map((change) => [change.id, change.breaking, change.location])).toEqual([
      ['plane-changed:com.example/card', true, ['keys', 'com.example/card', 'plane']],
    ]);
    expect(moved[0].message).toBe(
      "key 'com.example/card' moved from the tool result plane to the tool descriptor plane; consumers reading it on the tool result plane no longer find it, as after a rename (rule 2: additive-forever): keep it there and add the new plane beside it",
    );
    expect(ids(card({ plane: 'tool' }), card({ plane: ['tool', 'resource'] }))).toEqual(['plane-added:com.example/card']);
    expect(ids(card({ plane: 'tool' }), card({ plane: ['tool', 'resource'] }), true)).toEqual([]);
    expect(ids(card({ plane: ['tool', 'resource'] }), card({ plane: 'resource' }), true)).toEqual(['plane-changed:com.example/card']);
    // Writing out the default plane is no change.
    expect(ids(card({}), card({ plane: 'result' }))).toEqual([]);
  });

  it("follows a catalogue entry's plane, and reports external and catalogue changes as not breaking", () => {
    const template = (key: Partial<RegistryManifest['keys'][string]>) =>
      manifest({ 'openai/outputTemplate': { producers: ['src/w.ts'], ...key } });
    // The entry registers the key on the tool plane: naming it is no plane change when the plane was written out.
    expect(ids(template({ plane: 'tool', external: true }), template({ catalogue: 'openai-apps.outputTemplate' }))).toEqual([
      'external-changed:openai/outputTemplate',
      'catalogue-changed:openai/outputTemplate',
    ]);
    expect(ids(template({ plane: 'tool', external: true }), template({ catalogue: 'openai-apps.outputTemplate' }), true)).toEqual([]);
    // Dropping the entry (and so its plane) moves the key back to the tool result plane: breaking.
    expect(ids(template({ catalogue: 'openai-apps.outputTemplate' }), template({ external: true }), true)).toEqual([
      'plane-changed:openai/outputTemplate',
    ]);
  });
});

describe('diffManifests', () => {
  it('finds nothing between equal manifests', () => {
    expect(diffManifests(base, structuredClone(base))).toEqual([]);
  });

  it('reports a renamed field as a rename, not a removal plus an addition', () => {
    const after = withRetrievalFields({
      returned_count: {},
      hint: {},
      cache: { fields: ['hit', 'age_ms'] },
      degraded: { items: { fields: ['stage', 'reason'] } },
    });
    expect(ids(base, after)).toEqual(['field-renamed:retrieval.returned->retrieval.returned_count']);
    expect(diffManifests(base, after)[0].breaking).toBe(true);
  });

  it('reports a removed field, and an unrelated new field as an addition', () => {
    const after = withRetrievalFields({
      returned: {},
      vector_enabled: {},
      cache: { fields: ['hit', 'age_ms'] },
      degraded: { items: { fields: ['stage', 'reason'] } },
    });
    expect(ids(base, after, true)).toEqual(['field-removed:retrieval.hint']);
    expect(ids(base, after, false)).toEqual(['field-added:retrieval.vector_enabled']);
  });

  it('a required typed field added to listed fields breaks (also in array items); listing the fields of an unchecked key does not', () => {
    const after = withRetrievalFields({
      ...(base.keys.retrieval.fields as Record<string, object>),
      latency_ms: { type: 'number' },
      degraded: { items: { fields: { stage: {}, reason: {}, code: { type: 'string' } } } },
    });
    expect(diffManifests(base, after).map((change) => [change.id, change.breaking, change.location])).toEqual([
      ['field-added-required:retrieval.latency_ms', true, ['keys', 'retrieval', 'fields', 'latency_ms']],
      ['field-added-required:retrieval.degraded[].code', true, ['keys', 'retrieval', 'fields', 'degraded', 'items', 'fields', 'code']],
    ]);
    const unchecked = manifest({ warnings: { producers: ['src/dispatch.ts'] } });
    const listed = manifest({ warnings: { producers: ['src/dispatch.ts'], fields: { code: { type: 'string' } } } });
    expect(diffManifests(unchecked, listed).map((change) => [change.id, change.breaking])).toEqual([['field-added:warnings.code', false]]);
  });

  it('treats a field marked deprecated but kept as not breaking', () => {
    const after = withRetrievalFields({
      returned: {},
      hint: { deprecated: true },
      cache: { fields: ['hit', 'age_ms'] },
      degraded: { items: { fields: ['stage', 'reason'] } },
    });
    const changes = diffManifests(base, after);
    expect(changes.map((c) => [c.id, c.breaking])).toEqual([['field-deprecated:retrieval.hint', false]]);
  });

  it('compares nested fields and array items', () => {
    const after = withRetrievalFields({
      returned: {},
      hint: {},
      cache: { fields: ['hit'] },
      degraded: { items: { fields: ['stage', 'reason', 'detail'] } },
    });
    expect(ids(base, after)).toEqual(['field-removed:retrieval.cache.age_ms', 'field-added:retrieval.degraded[].detail']);
  });

  it('reports a removed key as breaking and an added key as not', () => {
    const after = manifest({ retrieval: base.keys.retrieval, errors: { producers: ['src/errors.ts'] } });
    expect(ids(base, after, true)).toEqual(['key-removed:warnings']);
    expect(ids(base, after, false)).toEqual(['key-added:errors']);
  });

  it('reports producers moved to another file as breaking, producers added as not', () => {
    const moved = manifest({ ...base.keys, warnings: { ...base.keys.warnings, producers: ['src/mcp/dispatch.ts'] } });
    expect(ids(base, moved)).toEqual(['producers-moved:warnings']);
    expect(diffManifests(base, moved)[0].message).toContain('from src/dispatch.ts to src/mcp/dispatch.ts');
    const added = manifest({ ...base.keys, warnings: { ...base.keys.warnings, producers: ['src/dispatch.ts', 'src/http.ts'] } });
    expect(diffManifests(base, added).map((c) => [c.id, c.breaking])).toEqual([['producers-added:warnings', false]]);
  });

  it('reads the list and the object form of fields alike', () => {
    const after = manifest({ ...base.keys, warnings: { producers: ['src/dispatch.ts'], fields: { code: {}, param: {} } } });
    expect(diffManifests(base, after)).toEqual([]);
  });
});

describe('applyAcceptedBreaks', () => {
  const after = withRetrievalFields({
    returned_count: {},
    cache: { fields: ['hit', 'age_ms'] },
    degraded: { items: { fields: ['stage', 'reason'] } },
  });
  const changes = diffManifests(base, after);

  it('accepts a break whose id is listed and leaves the others', () => {
    const outcome = applyAcceptedBreaks(changes, [{ change: 'field-removed:retrieval.hint', reason: 'never documented' }]);
    expect(outcome.accepted.map((a) => [a.change.id, a.reason])).toEqual([['field-removed:retrieval.hint', 'never documented']]);
    expect(outcome.unaccepted.map((c) => c.id)).toEqual(['field-renamed:retrieval.returned->retrieval.returned_count']);
    expect(outcome.stale).toEqual([]);
  });

  it('reports an entry that accepts nothing as stale, with its index', () => {
    const outcome = applyAcceptedBreaks(changes, [
      { change: 'field-renamed:retrieval.returned->retrieval.returned_count', reason: 'v2' },
      { change: 'field-removed:retrieval.hint', reason: 'x' },
      { change: 'key-removed:warnings', reason: 'released long ago' },
    ]);
    expect(outcome.unaccepted).toEqual([]);
    expect(outcome.stale).toEqual([{ index: 2, entry: { change: 'key-removed:warnings', reason: 'released long ago' } }]);
  });
});

describe('rename pairing', () => {
  it('pairs names that share a word or differ by a small edit', () => {
    expect(renameSimilarity('returned', 'returned_count')).not.toBeNull();
    expect(renameSimilarity('hint', 'hints')).not.toBeNull();
    expect(renameSimilarity('tokenBudget', 'token_budget_max')).not.toBeNull();
  });

  it('does not pair unrelated names', () => {
    expect(renameSimilarity('hint', 'cache')).toBeNull();
    expect(renameSimilarity('as_of', 'salience')).toBeNull();
  });

  it('uses each name once, best match first', () => {
    expect(pairRenames(['returned', 'retrieved'], ['retrieved_count', 'returned_count'])).toEqual([
      ['retrieved', 'retrieved_count'],
      ['returned', 'returned_count'],
    ]);
    expect(pairRenames(['hint'], ['vector_enabled'])).toEqual([]);
  });
});
