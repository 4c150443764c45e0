/**
 * How the analysis parses source outside ESLint (the `mcp-meta` command, and a helper's module read from disk): with
 * @typescript-eslint/parser, the parser the rules run under, so both see the same AST.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { countCost } from '../../util/cost-counter';
import { typescriptParser } from '../../util/typescript-parser';

/**
 * Loaded on the first parse, not with the plugin: the rules parse another module only for an imported `_meta` helper,
 * so a lint that never calls one (and oxlint, which parses on its own) does not load the parser and the compiler.
 * Under TypeScript 7 (oxlint's path) it throws, once per module read, without the parser's own lines each time.
 */
const parser = typescriptParser;

/** Parses `text` as TypeScript (JSX for .tsx/.jsx). Throws the parser's SyntaxError on invalid code. */
export function parseSource(text: string, filename: string): { ast: TSESTree.Program; visitorKeys: Record<string, readonly string[]> } {
  countCost('source-parses');
  const { ast, visitorKeys } = parser().parseForESLint(text, {
    filePath: filename,
    range: true,
    loc: true,
    comment: false,
    tokens: false,
    ecmaFeatures: { jsx: /\.[jt]sx$/.test(filename) },
  });
  return { ast: ast, visitorKeys: visitorKeys as Record<string, readonly string[]> };
}
