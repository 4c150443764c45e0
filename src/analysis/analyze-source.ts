/**
 * The write analysis outside ESLint, for the `mcp-meta` command: parses a file with @typescript-eslint/parser and runs
 * the same `findMetaWrites` the rules use, so the command and the rules can never disagree about what a write is.
 */
import type { Registry } from '../registry/types';
import { analyzeFile } from './analyze-file';
import { findMetaWrites, type WriteVocabulary } from './find-meta-writes';
import { parseSource } from './modules/parse-source';
import type { MetaFileAnalysis, MetaWrite } from './types';

export { parseSource };

/** Finds the `_meta` writes of one file for a given vocabulary (a manifest's, or names `init` detected). */
export function findMetaWritesInSource(text: string, filename: string, vocabulary: WriteVocabulary): MetaWrite[] {
  const { ast, visitorKeys } = parseSource(text, filename);
  return findMetaWrites({ filename, ast, text, visitorKeys, vocabulary });
}

/** Same model the rules get: the file's role under `registry` and its writes (none in `ignore` files). */
export function analyzeSource(text: string, filename: string, registry: Registry): MetaFileAnalysis {
  return analyzeFile(filename, registry, text, () => parseSource(text, filename));
}
