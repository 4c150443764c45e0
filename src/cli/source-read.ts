/**
 * `mcp-meta check`'s one reading of a source file: its text, its parse and its analysis, made once and read by the
 * key checks and the MCP Apps linkage alike (`app-linkage.ts`), so no file is read or parsed twice and both see the
 * writes placed the same way: by the file's types where `check --typed`'s program holds it, as a typed lint places
 * them, and without types otherwise.
 */
import * as fs from 'node:fs';
import type { TSESTree } from '@typescript-eslint/utils';
import { analyzeFile, type ParsedFile } from '../analysis/analyze-file';
import { parseSource } from '../analysis/modules/parse-source';
import type { TypeServices } from '../analysis/typed/type-services';
import type { MetaFileAnalysis } from '../analysis/types';
import type { Registry } from '../registry';
import type { TypedProject } from './typed-project';

export interface SourceRead {
  readonly file: string;
  readonly text: string;
  /** The file's writes, placed by its types when it was read with them. */
  readonly analysis: MetaFileAnalysis;
  /** The file's type services: null untyped, outside the program, or when the analysis did not parse the file. */
  readonly services: TypeServices | null;
  /**
   * The file's AST: the one the analysis parsed, or parsed now (once) for a file the analysis had no need to parse (it
   * cannot write `_meta`, but may register a widget resource). Throws the parser's SyntaxError.
   */
  ast(): TSESTree.Program;
}

/**
 * Reads and analyses `file` under `registry`, against `project`'s program when it holds the file. Throws when the
 * file cannot be read or the analysis cannot parse it (a file that cannot write `_meta` is not parsed here).
 */
export function readSource(file: string, registry: Registry, project: TypedProject | null): SourceRead {
  const text = fs.readFileSync(file, 'utf8');
  const typed = project !== null && project.includes(file);
  let parsed: ParsedFile | null = null;
  // Set by the typed parse, which only happens for a file that may write `_meta` (or when its AST is asked for).
  let services: TypeServices | null = null;
  const parse = (): ParsedFile => {
    if (parsed) return parsed;
    if (!typed) return (parsed = parseSource(text, file));
    const withTypes = project.parse(file, text);
    services = withTypes.services;
    return (parsed = withTypes.parsed);
  };
  // As the rules see it: with types, the pipeline's type-aware phase places the writes by them (`resultTypes` moves
  // the objects that are no tool result off the plane). `check` lists unresolved `resultTypes` names itself.
  const analysis = analyzeFile(
    file,
    registry,
    text,
    parse,
    undefined,
    typed ? { services: () => services, onUnresolved: () => undefined } : null,
  );
  return { file, text, analysis, services, ast: () => parse().ast };
}
