/**
 * One file's analysis under a manifest: its role and its `_meta` writes. The rules (through `meta-context.ts`) and the
 * `mcp-meta` command (`check` through `src/cli/source-read.ts`) both come here, so they cannot disagree about a file.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import type { Registry } from '../registry/types';
import { mayWriteMeta, placedWritesOf, type VisitorKeys } from './find-meta-writes';
import { attachOwnership } from './keys/ownership';
import type { MetaFileAnalysis, MetaWrite } from './types';
import { placeByTypes, type FileTypes } from './typed/result-writes';

export interface ParsedFile {
  ast: TSESTree.Program;
  visitorKeys: VisitorKeys;
}

/**
 * `parse` is only called for a file that may write `_meta`: under ESLint it hands over the AST ESLint already has;
 * in the command it parses, so files that cannot write `_meta` are never parsed at all.
 */
export function analyzeFile(
  filename: string,
  registry: Registry,
  text: string,
  parse: () => ParsedFile,
  /** The caller's answer of `mayWriteMeta(text, registry)` when it already asked (the rules' gate): not asked again. */
  mayWrite: boolean = mayWriteMeta(text, registry),
  /** With a TypeScript program: the type-aware phase's inputs (the rules' parser services, `check --typed`'s). */
  types: FileTypes | null = null,
): MetaFileAnalysis {
  if (!mayWrite) {
    // Most files never mention `_meta` or a manifest name: no walk, and their role is only worked out if asked for.
    return {
      filename,
      registry,
      get role() {
        return registry.classifyFile(filename);
      },
      writes: [],
    };
  }
  const role = registry.classifyFile(filename);
  // The write pipeline (find-meta-writes.ts): findWriteSites -> decidePlane -> readWrittenValue,
  let placed: MetaWrite[] = [];
  if (!role.ignored) {
    // The input written out, not `{ ...parse(), … }`: a spread of the caller's object copies it field by field.
    const { ast, visitorKeys } = parse();
    placed = placedWritesOf({ filename, ast, text, visitorKeys, vocabulary: registry });
  }
  const analysis: MetaFileAnalysis = { filename, registry, role, writes: placed };
  // then, with a program, types place what the syntax only guessed (moving writes between planes, never dropping one),
  const typed = types ? placeByTypes(analysis, types) : analysis;
  // then the key phase: each key's writer and producers, and its registration on the plane its write ended up on.
  if (typed.writes.length === 0) return typed;
  return { filename, registry, role, writes: attachOwnership(typed.writes, filename, registry, registry) };
}
