/**
 * `mcp-meta init` types a field only when every value written into it is a literal of one type, and leaves it
 * untyped where it cannot tell.
 */
import { parse } from '@typescript-eslint/parser';
import type { TSESTree } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import { inferFieldType, writtenConditionally } from '../../src/cli/init/infer-field-type';
import { fieldsFromWritten } from '../../src/cli/init/scan-writes';
import { objectFieldsOf } from '../../src/cli/written-fields';

/** The values of `field` in every object literal of `code` (with parent links, so `const`s resolve). */
function valuesOf(code: string, field: string): TSESTree.Node[] {
  const ast = parse(code, { range: true, loc: true });
  const values: TSESTree.Node[] = [];
  const visit = (node: TSESTree.Node, parent: TSESTree.Node | undefined): void => {
    (node as { parent?: TSESTree.Node }).parent = parent;
    if (node.type === 'Property' && node.key.type === 'Identifier' && node.key.name === field) values.push(node.value);
    for (const [key, child] of Object.entries(node)) {
      if (key === 'parent') continue;
      const children: unknown[] = Array.isArray(child) ? child : [child];
      for (const item of children) if (item && typeof (item as TSESTree.Node).type === 'string') visit(item as TSESTree.Node, node);
    }
  };
  visit(ast as unknown as TSESTree.Node, undefined);
  return values;
}

describe('inferFieldType', () => {
  it.each([
    ["emit({ x: 'a' }); emit({ x: `b${n}` })", { type: 'string' }],
    ['emit({ x: 1 }); emit({ x: -2.5 })', { type: 'number' }],
    ['emit({ x: true }); emit({ x: false })', { type: 'boolean' }],
    ["emit({ x: 'a' }); emit({ x: null })", { anyOf: [{ type: 'string' }, { type: 'null' }] }],
    ['emit({ x: { a: 1 } })', { type: 'object' }],
    ["emit({ x: ['a', 'b'] }); emit({ x: [] })", { type: 'array', items: { type: 'string' } }],
    ["emit({ x: [1, 'b'] })", { type: 'array' }],
    ["const MODE = 'fast'; emit({ x: MODE })", { type: 'string' }],
  ])('%s -> %j', (code, expected) => {
    expect(inferFieldType(valuesOf(code, 'x'))).toEqual(expected);
  });

  it.each([
    ['a value that is not a literal', "emit({ x: 'a' }); emit({ x: rows.length })"],
    ['literals of two types', "emit({ x: 'a' }); emit({ x: 1 })"],
    ['only null', 'emit({ x: null })'],
    ['a conditional of two literals', "emit({ x: c ? 1 : 'a' })"],
    ['an object or null', 'emit({ x: { a: 1 } }); emit({ x: null })'],
  ])('leaves the field untyped for %s', (_name, code) => {
    expect(inferFieldType(valuesOf(code, 'x'))).toBeUndefined();
  });
});

describe('writtenConditionally', () => {
  it.each([
    ["emit({ ...(c ? { x: 'a' } : {}) })", true],
    ["emit({ ...(c && { x: 'a' }) })", true],
    ["emit(c ? { x: 'a' } : { x: 'b' })", true],
    ["emit({ x: 'a' }); emit({ x: c ? 'a' : 'b' })", false],
  ])('%s: %s', (code, expected) => {
    expect(writtenConditionally(valuesOf(code, 'x'))).toBe(expected);
  });
});

describe('fieldsFromWritten: item fields', () => {
  it('lists the fields of array items that are all objects', () => {
    const values = valuesOf('emit({ tool: { paths: [{ from: 1, to: 2 }, { from: 3, to: 4 }] } })', 'tool');
    expect(fieldsFromWritten(objectFieldsOf(values))).toEqual({
      paths: { type: 'array', items: { fields: { from: { type: 'number' }, to: { type: 'number' } } } },
    });
  });

  it('lists none when some item is certainly not an object (mcp-use: the lint then said the array was not object[])', () => {
    const code = "emit({ tool: { enabled: true, exactValues: [null, false, 0, '', { nested: [1, 2, 3] }] } })";
    expect(fieldsFromWritten(objectFieldsOf(valuesOf(code, 'tool')))).toEqual({
      enabled: { type: 'boolean' },
      exactValues: { type: 'array' },
    });
  });
});
