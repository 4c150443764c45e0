/**
 * The write analysis outside ESLint, for the `mcp-meta` command: parses a file with @typescript-eslint/parser and runs
 * the same `findMetaWrites` the rules use, so the command and the rules can never disagree about what a write is.
 */
import { parseForESLint } from '@typescript-eslint/parser';
import type { TSESTree } from '@typescript-eslint/utils';
import type { Registry } from '../registry/types';
import { analyzeFile } from './analyze-file';
import { findMetaWrites, type WriteVocabulary } from './find-meta-writes';
import type { MetaFileAnalysis, MetaWrite } from './types';

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

/** Finds the `_meta` writes of one file for a given vocabulary (a manifest's, or names `init` detected). */
export function findMetaWritesInSource(text: string, filename: string, vocabulary: WriteVocabulary): MetaWrite[] {
  const { ast, visitorKeys } = parseSource(text, filename);
  return findMetaWrites({ filename, ast, text, visitorKeys, vocabulary });
}

/** Same model the rules get: the file's role under `registry` and its writes (none in `ignore` files). */
export function analyzeSource(text: string, filename: string, registry: Registry): MetaFileAnalysis {
  return analyzeFile(filename, registry, text, () => parseSource(text, filename));
}
