/**
 * `mcp-meta diff` over temporary git repositories when field types change: narrowing a type (a type removed from a
 * union, number -> string, an enum value removed, optional -> required) is breaking; widening is not; an accepted
 * break passes through the same acceptedBreaks list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBinBuilt, commitAll, initGitRepo, makeTempDir, removeTempDirs, runBin, writeFiles, writeManifest } from './run-bin';

type FieldSpecs = Record<string, Record<string, unknown>>;

/** Committed as HEAD; each test edits the working copy's typed fields and runs `diff --against HEAD`. */
function baseManifest() {
  return {
    version: 1,
    emitters: ['emitResponseMeta'],
    keys: {
      retrieval: {
        producers: ['src/search.ts'],
        type: 'object',
        fields: {
          returned_count: { type: 'integer' },
          score: { type: 'number' },
          next_cursor: { anyOf: [{ type: 'string' }, { type: 'null' }] },
          tier: { enum: ['memory', 'disk'] },
          hint: { type: 'string', optional: true },
          degraded: { type: 'array', items: { enum: ['vector', 'rerank'] } },
          cache: { type: 'object', fields: { age_ms: { type: 'number' } } },
          note: {},
        } as FieldSpecs,
      },
    },
    acceptedBreaks: undefined as Array<{ change: string; reason: string }> | undefined,
  };
}
type Manifest = ReturnType<typeof baseManifest>;

interface DiffJson {
  findings: Array<{ code: string; message: string; line: number; fix: string }>;
  changes: Array<{ id: string; breaking: boolean; accepted: boolean; message: string }>;
  notes: string[];
}

function diffAfter(edit: (fields: FieldSpecs, manifest: Manifest) => void): { status: number | null; json: DiffJson } {
  const dir = makeTempDir();
  initGitRepo(dir);
  writeFiles(dir, { 'src/search.ts': 'export {};\n' });
  writeManifest(dir, baseManifest());
  commitAll(dir, 'typed registry');
  const next = baseManifest();
  edit(next.keys.retrieval.fields, next);
  writeManifest(dir, next);
  const result = runBin(['diff', '--against', 'HEAD', '--format', 'json'], dir);
  return { status: result.status, json: JSON.parse(result.stdout) as DiffJson };
}

beforeAll(assertBinBuilt);
afterAll(removeTempDirs);

describe('mcp-meta diff: breaking field type changes', () => {
  it.each([
    [
      'a type removed from a union',
      (f: FieldSpecs) => (f.next_cursor = { type: 'string' }),
      'field-type-changed:retrieval.next_cursor',
      'changed type from string | null to string (null removed from the union)',
    ],
    [
      'number -> string',
      (f: FieldSpecs) => (f.score = { type: 'string' }),
      'field-type-changed:retrieval.score',
      'changed type from number to string;',
    ],
    [
      'number -> integer',
      (f: FieldSpecs) => (f.score = { type: 'integer' }),
      'field-type-changed:retrieval.score',
      'changed type from number to integer;',
    ],
    [
      'an enum value removed',
      (f: FieldSpecs) => (f.tier = { enum: ['memory'] }),
      'field-type-changed:retrieval.tier',
      "changed type from 'memory' | 'disk' to 'memory' (enum value 'disk' removed)",
    ],
    [
      'an enum value removed from array items',
      (f: FieldSpecs) => (f.degraded = { type: 'array', items: { enum: ['vector'] } }),
      'field-type-changed:retrieval.degraded',
      "(items: enum value 'rerank' removed)",
    ],
    [
      'a nested field of an object changed type',
      (f: FieldSpecs) => (f.cache = { type: 'object', fields: { age_ms: { type: 'string' } } }),
      'field-type-changed:retrieval.cache.age_ms',
      'changed type from number to string',
    ],
    [
      'an optional field made required',
      (f: FieldSpecs) => (f.hint = { type: 'string' }),
      'field-required:retrieval.hint',
      "field 'retrieval.hint' was optional and is now required",
    ],
    [
      'a required typed field added to an existing key',
      (f: FieldSpecs) => (f.latency_ms = { type: 'number' }),
      'field-added-required:retrieval.latency_ms',
      'field \'retrieval.latency_ms\' was added as a required field (typed, without "optional": true)',
    ],
    [
      'a required typed field added inside a nested object',
      (f: FieldSpecs) => (f.cache = { type: 'object', fields: { age_ms: { type: 'number' }, hit: { type: 'boolean' } } }),
      'field-added-required:retrieval.cache.hit',
      'values written before it existed no longer validate',
    ],
  ])('%s is breaking: exit 1, one finding at the field, naming the acceptedBreaks entry', (_name, edit, id, message) => {
    const { status, json } = diffAfter(edit);
    expect(json.changes.filter((c) => c.breaking).map((c) => c.id)).toEqual([id]);
    expect(json.findings).toHaveLength(1);
    expect(json.findings[0].code).toBe(id.split(':')[0]);
    expect(json.findings[0].message).toContain(message);
    expect(json.findings[0].fix).toContain(`{ "change": "${id}", "reason": "..." }`);
    expect(status).toBe(1);
  });

  it('a key whose declared type changed from object to array is breaking; declaring an untyped key is not', () => {
    const changed = diffAfter((_f, m) => ((m.keys.retrieval as { type: string }).type = 'array'));
    expect(changed.json.findings.map((f) => [f.code, f.message])).toEqual([
      ['key-type-changed', expect.stringContaining("key 'retrieval' changed from an object to an array")],
    ]);
    expect(changed.status).toBe(1);
    const undeclared = diffAfter((_f, m) => delete (m.keys.retrieval as { type?: string }).type);
    expect(undeclared.json.changes).toEqual([]);
    expect(undeclared.status).toBe(0);
  });

  it('an accepted type break passes with its reason, through the same acceptedBreaks list', () => {
    const { status, json } = diffAfter((f, m) => {
      f.score = { type: 'string' };
      m.acceptedBreaks = [{ change: 'field-type-changed:retrieval.score', reason: 'no consumer reads score yet' }];
    });
    expect(json.findings).toEqual([]);
    expect(json.notes).toContain('accepted: field-type-changed:retrieval.score (no consumer reads score yet)');
    expect(status).toBe(0);
  });

  it('points the finding at the changed field in the working-copy manifest', () => {
    const { json } = diffAfter((f) => (f.tier = { enum: ['disk'] }));
    // writeManifest formats with JSON.stringify(m, null, 2): the line of the "tier" property.
    const expectedLine =
      JSON.stringify(baseManifest(), null, 2)
        .split('\n')
        .findIndex((line) => line.includes('"tier"')) + 1;
    expect(json.findings[0].line).toBe(expectedLine);
  });
});

describe('mcp-meta diff: widening is not breaking', () => {
  it.each([
    [
      'a type added to a union',
      (f: FieldSpecs) => (f.next_cursor = { anyOf: [{ type: 'string' }, { type: 'null' }, { type: 'integer' }] }),
      'field-type-widened:retrieval.next_cursor',
    ],
    [
      'a single type made a union',
      (f: FieldSpecs) => (f.score = { anyOf: [{ type: 'number' }, { type: 'null' }] }),
      'field-type-widened:retrieval.score',
    ],
    ['integer -> number', (f: FieldSpecs) => (f.returned_count = { type: 'number' }), 'field-type-widened:retrieval.returned_count'],
    ['an enum value added', (f: FieldSpecs) => (f.tier = { enum: ['memory', 'disk', 'remote'] }), 'field-type-widened:retrieval.tier'],
    ['an enum widened to its type', (f: FieldSpecs) => (f.tier = { type: 'string' }), 'field-type-widened:retrieval.tier'],
    ['a required field made optional', (f: FieldSpecs) => (f.score = { type: 'number', optional: true }), 'field-optional:retrieval.score'],
    ['an untyped field given a type', (f: FieldSpecs) => (f.note = { type: 'string' }), 'field-typed:retrieval.note'],
    ['a typed field left untyped', (f: FieldSpecs) => (f.score = {}), 'field-untyped:retrieval.score'],
    [
      'an optional typed field added',
      (f: FieldSpecs) => (f.latency_ms = { type: 'number', optional: true }),
      'field-added:retrieval.latency_ms',
    ],
    ['an untyped field added', (f: FieldSpecs) => (f.region = {}), 'field-added:retrieval.region'],
    [
      'a deprecated typed field added',
      (f: FieldSpecs) => (f.legacy_rank = { type: 'number', deprecated: true }),
      'field-added:retrieval.legacy_rank',
    ],
  ])('%s: exit 0, one change that is not breaking', (_name, edit, id) => {
    const { status, json } = diffAfter(edit);
    expect(json.findings).toEqual([]);
    expect(json.changes.map((c) => [c.id, c.breaking])).toEqual([[id, false]]);
    expect(json.notes).toContain(`not breaking: ${id}`);
    expect(status).toBe(0);
  });

  it('reordering a union or an enum is no change at all', () => {
    const { status, json } = diffAfter((f) => {
      f.next_cursor = { anyOf: [{ type: 'null' }, { type: 'string' }] };
      f.tier = { enum: ['disk', 'memory'] };
    });
    expect(json.changes).toEqual([]);
    expect(status).toBe(0);
  });
});
