/**
 * Field types in the manifest: what validates (the JSON Schema subset), how they are normalised, the contradictions
 * the semantic checks report with a place and a fix, and the comparisons `diff` and the lint use.
 */
import { describe, expect, it } from 'vitest';
import { acceptsAll, literalFits, parseRegistry, typeText, type FieldType } from '../../src/registry';
import { manifestWithKeys, problemsOf } from './temp-project';

const FILE = '/project/mcp-meta.registry.json';

describe('parseRegistry: typed fields', () => {
  it('normalises type, enum, anyOf, array items, object fields and optional', () => {
    const text = manifestWithKeys({
      retrieval: {
        producers: ['src/search.ts'],
        type: 'object',
        fields: {
          count: { type: 'integer' },
          hint: { type: 'string', optional: true, description: 'prose' },
          tier: { enum: ['memory', 'disk'] },
          cursor: { anyOf: [{ type: 'string' }, { type: 'null' }] },
          degraded: { type: 'array', items: { enum: ['vector', 'rerank'] } },
          facts: { type: 'array', items: { type: 'object', fields: { id: { type: 'string' } } } },
          cache: { type: 'object', fields: { hit: { type: 'boolean' } } },
          legacy: { items: { fields: ['a'] } },
          note: {},
        },
      },
    });
    const result = parseRegistry(text, FILE);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const key = result.registry.keys.get('retrieval');
    expect(key?.type).toBe('object');
    const fields = key?.fields;
    const typeOf = (name: string): string | undefined => {
      const type = fields?.get(name)?.type;
      return type === undefined ? undefined : typeText(type);
    };
    expect(typeOf('count')).toBe('integer');
    expect(fields?.get('hint')).toMatchObject({ optional: true, description: 'prose' });
    expect(typeOf('tier')).toBe("'memory' | 'disk'");
    expect(typeOf('cursor')).toBe('string | null');
    expect(typeOf('degraded')).toBe("('vector' | 'rerank')[]");
    expect(typeOf('facts')).toBe('object[]');
    // The item fields of a typed array of objects are what the lint checks names against.
    expect([...(fields?.get('facts')?.items?.keys() ?? [])]).toEqual(['id']);
    expect(fields?.get('cache')?.fields?.get('hit')?.type).toEqual({ kind: 'boolean' });
    // Without a type a field stays unchecked, even with nested fields.
    expect(typeOf('legacy')).toBeUndefined();
    expect(typeOf('note')).toBeUndefined();
  });

  it('names an unknown type with its place and the allowed values', () => {
    const problems = problemsOf(parseRegistry(manifestWithKeys({ a: { producers: ['a.ts'], fields: { n: { type: 'int' } } } }), FILE));
    expect(problems[0]).toMatchObject({ pointer: '/keys/a/fields/n/type' });
    expect(problems[0].line).toBeGreaterThan(1);
    expect(problems[0].message + problems[0].fix).toContain('integer');
  });

  it('rejects a misspelt type-spec property with "did you mean"', () => {
    const problems = problemsOf(
      parseRegistry(manifestWithKeys({ a: { producers: ['a.ts'], fields: { n: { type: 'string', optinal: true } } } }), FILE),
    );
    expect(problems[0]).toMatchObject({ pointer: '/keys/a/fields/n/optinal' });
    expect(problems[0].message + problems[0].fix).toContain("'optional'");
  });

  it.each([
    [{ type: 'string', fields: ['a'] }, '/keys/a/fields/n/fields', 'only an object has fields'],
    [{ type: 'object', items: { type: 'string' } }, '/keys/a/fields/n/items', 'only an array has items'],
    [{ type: 'string', enum: ['a', 1] }, '/keys/a/fields/n/enum/1', 'is not a string'],
    [{ type: 'array', items: { type: 'number', enum: [1, 'x'] } }, '/keys/a/fields/n/items/enum/1', 'is not a number'],
    [{ type: 'string', anyOf: [{ type: 'null' }] }, '/keys/a/fields/n/anyOf', 'a union lists all of its types'],
    [{ type: 'array', enum: ['a'] }, '/keys/a/fields/n/enum', 'an array with "enum"'],
    [{ anyOf: [{ type: 'string', fields: ['x'] }] }, '/keys/a/fields/n/anyOf/0/fields', 'only an object has fields'],
  ])('reports %j at %s', (spec, pointer, message) => {
    const problems = problemsOf(parseRegistry(manifestWithKeys({ a: { producers: ['a.ts'], fields: { n: spec } } }), FILE));
    expect(problems.map((problem) => problem.pointer)).toEqual([pointer]);
    expect(problems[0].message).toContain(message);
    expect(problems[0].line).toBeGreaterThan(1);
  });
});

describe('acceptsAll (diff: is every old value still valid?)', () => {
  const string: FieldType = { kind: 'string' };
  const number: FieldType = { kind: 'number' };
  const integer: FieldType = { kind: 'integer' };
  const nullType: FieldType = { kind: 'null' };
  const tiers: FieldType = { kind: 'enum', values: ['memory', 'disk'] };
  it.each([
    ['number accepts integer', number, integer, true],
    ['integer does not accept number', integer, number, false],
    ['string | null accepts string', { kind: 'union', members: [string, nullType] }, string, true],
    ['string does not accept string | null', string, { kind: 'union', members: [string, nullType] }, false],
    ['string accepts an enum of strings', string, tiers, true],
    ['an enum does not accept string', tiers, string, false],
    ['a smaller enum does not accept a larger one', { kind: 'enum', values: ['memory'] }, tiers, false],
    ['an enum split over a union', { kind: 'union', members: [{ kind: 'enum', values: ['memory'] }, string] }, tiers, true],
    ['string[] does not accept number[]', { kind: 'array', items: string }, { kind: 'array', items: number }, false],
    ['untyped items on either side compare as arrays', { kind: 'array', items: string }, { kind: 'array' }, true],
  ] as Array<[string, FieldType, FieldType, boolean]>)('%s', (_name, to, from, expected) => {
    expect(acceptsAll(to, from)).toBe(expected);
  });
});

describe('literalFits (lint: can this literal be a value of the type?)', () => {
  it.each([
    [{ kind: 'number', value: 1.5 }, { kind: 'integer' }, false],
    [{ kind: 'number', value: 2 }, { kind: 'integer' }, true],
    [{ kind: 'string' }, { kind: 'enum', values: ['a'] }, true],
    [{ kind: 'string' }, { kind: 'enum', values: [1] }, false],
    [{ kind: 'array', items: [{ kind: 'string', value: 'x' }, undefined] }, { kind: 'array', items: { kind: 'string' } }, true],
    [{ kind: 'array', items: [{ kind: 'number', value: 1 }] }, { kind: 'array', items: { kind: 'string' } }, false],
    [{ kind: 'null', value: null }, { kind: 'union', members: [{ kind: 'string' }, { kind: 'null' }] }, true],
    [{ kind: 'object' }, { kind: 'array' }, false],
  ] as const)('%j in %j: %s', (literal, type, expected) => {
    expect(literalFits(literal, type as FieldType)).toBe(expected);
  });
});
