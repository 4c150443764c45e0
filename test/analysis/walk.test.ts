/**
 * The file walks' one walker (`walkAll`, `forEachChildNode` in src/analysis/syntax/ast.ts): children come from
 * typescript-eslint's visitor keys, in source order, and a node type the table does not know (another parser's, a
 * newer syntax) is still walked, through its own properties. Each case fails with the planted bug it names.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import { parseSource } from '../../src/analysis/analyze-source';
import { forEachChildNode, walkAll } from '../../src/analysis/syntax/ast';

const CODE = `
const a = f(x, { k: y }, ...rest);
function g<T>(p: T = z): T { return p ? q : w; }
class C { @d m(): void {} }
`;

/** Every identifier `walkAll` visits, in visit order. */
function identifiersVisited(root: TSESTree.Node, enter?: (node: TSESTree.Node) => boolean): string[] {
  const names: string[] = [];
  walkAll(
    root,
    (node) => {
      if (node.type === 'Identifier') names.push(node.name);
    },
    enter,
  );
  return names;
}

describe('walkAll', () => {
  it('visits every node in source order, types and decorators included (children pushed in reverse)', () => {
    const { ast } = parseSource(CODE, 'walk.ts');
    expect(identifiersVisited(ast)).toEqual(['a', 'f', 'x', 'k', 'y', 'rest', 'g', 'T', 'p', 'T', 'z', 'T', 'p', 'q', 'w', 'C', 'd', 'm']);
  });

  it('links each child to its parent, also under a child it does not enter', () => {
    const { ast } = parseSource(CODE, 'walk.ts');
    const skipped: TSESTree.Node[] = [];
    walkAll(
      ast,
      () => undefined,
      (node) => {
        if (node.type !== 'FunctionDeclaration') return true;
        skipped.push(node);
        return false;
      },
    );
    expect(skipped).toHaveLength(1);
    expect(skipped[0].parent?.type).toBe('Program');
    expect(identifiersVisited(ast, (node) => node.type !== 'FunctionDeclaration')).toEqual([
      'a',
      'f',
      'x',
      'k',
      'y',
      'rest',
      'C',
      'd',
      'm',
    ]);
  });

  it('walks a node type the visitor keys do not know through its own properties, never its parent or location', () => {
    const inner = { type: 'Identifier', name: 'inside', range: [0, 0] } as unknown as TSESTree.Node;
    const unknown = { type: 'SomeParserOnlyNode', range: [0, 0], loc: null, payload: inner, list: [inner] } as unknown as TSESTree.Node;
    const program = {
      type: 'Program',
      body: [unknown],
      range: [0, 0],
      sourceType: 'module',
      comments: [],
      tokens: [],
    } as unknown as TSESTree.Node;
    const children: string[] = [];
    forEachChildNode(unknown, (child) => children.push(child.type));
    expect(children).toEqual(['Identifier', 'Identifier']);
    expect(identifiersVisited(program)).toEqual(['inside', 'inside']);
    expect(inner.parent).toBe(unknown);
  });
});
