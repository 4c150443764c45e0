/**
 * Work a file that cannot need it never starts (deterministic guards, not timings): an untyped lint has no type-aware
 * phase and never reaches the per-AST type cache, and a file whose text names no framework with config fields is not
 * searched for such imports. Each guard hands the code an object that throws where the skipped work would read.
 */
import { parse } from '@typescript-eslint/parser';
import type { TSESTree } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import { frameworkFieldWords } from '../../src/analysis/plane/of-framework';
import { typesOfRuleContext } from '../../src/analysis/typed/result-writes';
import { getTypeServices, hasTypeProgram } from '../../src/analysis/typed/type-services';

type AnyContext = Parameters<typeof getTypeServices>[0];

/** A rule context whose parse gave `parserServices`, and whose AST must not be read. */
function contextWith(parserServices: unknown): AnyContext {
  const sourceCode = {
    parserServices,
    get ast(): never {
      throw new Error('the AST was read');
    },
  };
  return { sourceCode } as unknown as AnyContext;
}

describe('an untyped lint', () => {
  it.each([
    ['no parser services', undefined],
    ['services without a program (plain parser, oxlint)', {}],
    ['a null program', { program: null, esTreeNodeToTSNodeMap: new WeakMap() }],
    ['a program without a node map', { program: {} }],
  ])('%s: no type-aware phase, and the type services are null without a look at the AST', (_, services) => {
    const context = contextWith(services);
    expect(hasTypeProgram(context)).toBe(false);
    expect(typesOfRuleContext(context)).toBeNull();
    expect(getTypeServices(context)).toBeNull();
  });

  it('a parse with a program and its node map has the type-aware phase', () => {
    const context = contextWith({ program: {}, esTreeNodeToTSNodeMap: new WeakMap() });
    expect(hasTypeProgram(context)).toBe(true);
    expect(typesOfRuleContext(context)).not.toBeNull();
  });
});

describe('frameworkFieldWords', () => {
  const guarded = (program: TSESTree.Program): TSESTree.Program =>
    new Proxy(program, {
      get(target, key, receiver) {
        if (key === 'body') throw new Error('the statements were read');
        return Reflect.get(target, key, receiver) as unknown;
      },
    });

  it('does not look at the statements of a file whose text names no such framework', () => {
    const text =
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport const server = new McpServer({ name: 'x', version: '1' });\n";
    expect(frameworkFieldWords(guarded(parse(text, { range: true }) as TSESTree.Program), text)).toEqual([]);
  });

  it("reads the imports when the text names one, and finds its fields' first words", () => {
    const text = "import { MCPServer } from 'mcp-use/server';\nexport const server = new MCPServer({ name: 'x' });\n";
    expect(frameworkFieldWords(parse(text, { range: true }) as TSESTree.Program, text)).toContain('visibility');
  });

  it('a package named only in a comment or string finds no import, as before', () => {
    const text = "// ported from mcp-use\nexport const note = 'skybridge';\n";
    expect(frameworkFieldWords(parse(text, { range: true }) as TSESTree.Program, text)).toEqual([]);
  });
});
