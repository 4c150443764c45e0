/**
 * Unit tests of the facts the rules build on, each written so that the planted bug it guards against fails it:
 * the field-set reader's "nothing" branches (`null`, `false`, `undefined`, `''` add no field and keep the shape
 * closed), and the isolation check's idea of "computes" (`await` can throw like a call).
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import { parseSource } from '../../src/analysis/analyze-source';
import { someInSameFunction, walkAll } from '../../src/analysis/syntax/ast';
import { collectFieldShape } from '../../src/analysis/value/field-sets';
import { computes, isProducerWrite } from '../../src/analysis/facts/isolation';
import { findMetaWrites } from '../../src/analysis/find-meta-writes';

/** The initializer of `const value = …` in `code` (parents linked, as under ESLint). */
function valueOf(code: string): TSESTree.Expression {
  const { ast } = parseSource(code, 'value.ts');
  walkAll(ast, () => undefined);
  const declaration = ast.body.find(
    (statement): statement is TSESTree.VariableDeclaration =>
      statement.type === 'VariableDeclaration' && (statement.declarations[0].id as TSESTree.Identifier).name === 'value',
  );
  const init = declaration?.declarations[0].init;
  if (!init) throw new Error('no `const value = …` in the test code');
  return init;
}

function fieldsOf(code: string): { fields: string[]; open: boolean } | null {
  const shape = collectFieldShape(valueOf(code));
  return shape && { fields: [...shape.fields.keys()], open: shape.open };
}

describe('field sets: branches that add nothing', () => {
  it.each([
    ['c ? { a: 1 } : null', { fields: ['a'], open: false }],
    ['c ? false : { a: 1 }', { fields: ['a'], open: false }],
    ['c ? { a: 1 } : undefined', { fields: ['a'], open: false }],
    ["c ? '' : { a: 1 }", { fields: ['a'], open: false }],
    ['{ a: 1, ...(c && { b: 2 }) }', { fields: ['a', 'b'], open: false }],
    ['{ a: 1, ...(c ? { b: 2 } : null) }', { fields: ['a', 'b'], open: false }],
    ['{ a: 1, ...null, ...false, ...undefined }', { fields: ['a'], open: false }],
  ])('const value = %s', (expression, expected) => {
    expect(fieldsOf(`declare const c: boolean;\nconst value = ${expression};`)).toEqual(expected);
  });

  it('a branch that is neither an object nor nothing opens the shape', () => {
    expect(fieldsOf('declare const c: boolean; declare const x: object;\nconst value = c ? { a: 1 } : x;')).toEqual({
      fields: ['a'],
      open: true,
    });
    expect(fieldsOf('declare const x: object;\nconst value = { a: 1, ...x };')).toEqual({ fields: ['a'], open: true });
  });

  it('a value that is not statically an object has no shape', () => {
    expect(fieldsOf('const value = 42;')).toBeNull();
    expect(fieldsOf('declare function f(): object;\nconst value = f();')).toBeNull();
  });
});

describe('isolation: what computes', () => {
  it.each([
    ['await load()', true],
    ['await cached', true],
    ['load()', true],
    ['new Stats()', true],
    ['`${a}`', false],
    ['stats', false],
    ['{ count: rows.length }', false],
    ['{ count: await count() }', true],
    ['() => load()', false],
  ])('%s computes: %s', (expression, expected) => {
    expect(computes(valueOf(`const value = ${expression};`))).toBe(expected);
  });

  it('asks no node after the first computation it finds, and none inside a nested function', () => {
    const value = valueOf('const value = { a: load(), b: [1, 2, 3].map((n) => other(n)), c: { d: e } };');
    const asked: string[] = [];
    const found = someInSameFunction(value, (node) => {
      asked.push(node.type);
      return node.type === 'CallExpression';
    });
    expect(found).toBe(true);
    // The object, its first property, that property's key and its call: nothing of `b` or `c`.
    expect(asked).toEqual(['ObjectExpression', 'Property', 'Identifier', 'CallExpression']);
    const inside: string[] = [];
    expect(
      someInSameFunction(valueOf('const value = [() => load()];'), (node) => (inside.push(node.type), node.type === 'CallExpression')),
    ).toBe(false);
    expect(inside).toEqual(['ArrayExpression', 'ArrowFunctionExpression']);
  });

  it('an emit of an awaited value is a producer; of a plain identifier it is not (unless requireForAll)', () => {
    const vocabulary = { emitters: new Set(['emit']), hooks: new Set<string>(), hookFunctions: new Set<string>() };
    const code = "async function f() { emit('retrieval', await stats()); emit('retrieval', stats); }";
    const { ast, visitorKeys } = parseSource(code, 'f.ts');
    const writes = findMetaWrites({ ast, text: code, visitorKeys, vocabulary });
    expect(writes.map((write) => isProducerWrite(write, false))).toEqual([true, false]);
    expect(writes.map((write) => isProducerWrite(write, true))).toEqual([true, true]);
  });
});
