/**
 * The type-check oracle's tools: compile a set of in-memory files (over what is on disk: lib files, the SDKs'
 * declarations, a fixture's other modules) in one TypeScript program, list a file's errors, and apply one round of
 * ESLint autofixes the way ESLint does. Used by typed-corpus.test.ts and fixtures-autofix.test.ts.
 */
import * as path from 'node:path';
import type { Linter } from 'eslint';
import * as ts from 'typescript';

export const STRICT_NODE16: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.Node16,
  moduleResolution: ts.ModuleResolutionKind.Node16,
  skipLibCheck: true,
  types: [],
};

/** One program over `roots` with `files` (absolute path -> text) read from memory, everything else from disk. */
export function compile(
  files: ReadonlyMap<string, string>,
  options: ts.CompilerOptions,
  roots: readonly string[] = [...files.keys()],
): ts.Program {
  const host = ts.createCompilerHost(options, true);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const text = files.get(path.resolve(fileName));
    return text === undefined
      ? getSourceFile(fileName, languageVersion, onError, shouldCreate)
      : ts.createSourceFile(fileName, text, languageVersion, true);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => files.has(path.resolve(fileName)) || fileExists(fileName);
  const readFile = host.readFile.bind(host);
  host.readFile = (fileName) => files.get(path.resolve(fileName)) ?? readFile(fileName);
  return ts.createProgram([...roots], options, host);
}

/** A file's syntax and type errors, as `name:line:column TScode message`. */
export function errorsOf(program: ts.Program, file: string): string[] {
  const sourceFile = program.getSourceFile(file)!;
  return [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)].map((diagnostic) => {
    const { line, character } = sourceFile.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
    return `${path.basename(file)}:${line + 1}:${character + 1} TS${diagnostic.code} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
  });
}

/**
 * Applies one round of the lint's autofixes the way ESLint does (sorted, an overlapping one left for a later pass).
 * One round is enough here: the oracle asks whether the fixes ESLint applies first compile; whether fixing again
 * changes anything is generated-programs.test.ts's check.
 */
export function applyFixes(text: string, messages: readonly Linter.LintMessage[]): { output: string; fixes: number } {
  const fixes = messages
    .flatMap((message) => (message.fix ? [message.fix] : []))
    .sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
  let output = '';
  let at = 0;
  let applied = 0;
  let lastEnd = -1;
  for (const fix of fixes) {
    if (fix.range[0] <= lastEnd) continue;
    output += text.slice(at, fix.range[0]) + fix.text;
    at = fix.range[1];
    lastEnd = fix.range[1];
    applied += 1;
  }
  return { output: output + text.slice(at), fixes: applied };
}
