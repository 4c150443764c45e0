/**
 * How the analysis parses source outside ESLint (the `mcp-meta` command, and a helper's module read from disk): with
 * @typescript-eslint/parser, the parser the rules run under, so both see the same AST.
 */
import { parseForESLint } from '@typescript-eslint/parser';
import type { TSESTree } from '@typescript-eslint/utils';

/** Parses `text` as TypeScript (JSX for .tsx/.jsx). Throws the parser's SyntaxError on invalid code. */
export function parseSource(text: string, filename: string): { ast: TSESTree.Program; visitorKeys: Record<string, readonly string[]> } {
  const { ast, visitorKeys } = parseForESLint(text, {
    filePath: filename,
    range: true,
    loc: true,
    comment: false,
    tokens: false,
    ecmaFeatures: { jsx: /\.[jt]sx$/.test(filename) },
  });
  return { ast: ast, visitorKeys: visitorKeys as Record<string, readonly string[]> };
}
