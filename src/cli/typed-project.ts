/**
 * `mcp-meta check --typed`: the TypeScript program of the project (its tsconfig), so the command reads keys and
 * values by their types exactly as the rules do with `parserOptions.project`. Each source file in the program is
 * parsed with @typescript-eslint/parser against that one program (`programs`), which gives the same ESTree -> type
 * map ESLint gives the rules; a file outside the program is read without types, as without `--typed`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseForESLint } from '@typescript-eslint/parser';
import type { TSESTree } from '@typescript-eslint/utils';
import type * as ts from 'typescript';
import type { ParsedFile } from '../analysis/analyze-file';
import { loadTypeScript, typeServicesOf, type TypeServices } from '../analysis/typed/type-services';
import { countCost } from '../util/cost-counter';
import { CliError } from './findings';

export interface TypedProject {
  /** Absolute path of the tsconfig the program was built from. */
  readonly tsconfig: string;
  /** Whether the program holds `file` (absolute): only such files are read with types. */
  includes(file: string): boolean;
  /** Parses `text` (the file on disk) against the program: the AST and its type services. */
  parse(file: string, text: string): { parsed: ParsedFile; services: TypeServices | null };
}

/** `--tsconfig FILE` (relative to the working directory), else the nearest tsconfig.json at or above `from`. */
export function findTsconfig(option: string | undefined, from: string, cwd: string): string {
  if (option !== undefined) {
    const given = path.resolve(cwd, option);
    if (!fs.statSync(given, { throwIfNoEntry: false })?.isFile())
      throw new CliError(`no tsconfig at ${given}`, 'Pass the path of an existing tsconfig.json with --tsconfig FILE.');
    return given;
  }
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'tsconfig.json');
    if (fs.statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
    if (path.dirname(dir) === dir) break;
  }
  throw new CliError(
    `--typed needs a TypeScript program, but there is no tsconfig.json in ${from} or any folder above it`,
    'Pass one with --tsconfig FILE, or run `mcp-meta check` without --typed.',
  );
}

function diagnosticText(tsModule: typeof ts, diagnostics: readonly ts.Diagnostic[]): string {
  return diagnostics.map((diagnostic) => tsModule.flattenDiagnosticMessageText(diagnostic.messageText, ' ')).join('; ');
}

/** Builds the program of `tsconfig` once; an unreadable or invalid tsconfig is a usage error (exit 2) naming it. */
export function loadTypedProject(tsconfig: string): TypedProject {
  const tsModule = loadTypeScript();
  const read = tsModule.readConfigFile(tsconfig, (file) => tsModule.sys.readFile(file));
  if (read.error)
    throw new CliError(
      `cannot read ${tsconfig}: ${diagnosticText(tsModule, [read.error])}`,
      'Fix the tsconfig, or pass another with --tsconfig FILE.',
    );
  const config = tsModule.parseJsonConfigFileContent(read.config, tsModule.sys, path.dirname(tsconfig), undefined, tsconfig);
  // "No inputs were found" and alike: the program would be empty, so nothing would be read with types.
  if (config.errors.length > 0 || config.fileNames.length === 0)
    throw new CliError(
      `cannot build a TypeScript program from ${tsconfig}: ${diagnosticText(tsModule, config.errors) || 'it includes no files'}`,
      'Fix its "include"/"files", or pass another with --tsconfig FILE.',
    );
  const program = tsModule.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences,
  });
  const inProgram = new Set(program.getSourceFiles().map((file) => path.resolve(file.fileName)));
  return {
    tsconfig,
    includes: (file) => inProgram.has(path.resolve(file)),
    parse(file, text) {
      countCost('source-parses');
      const { ast, visitorKeys, services } = parseForESLint(text, {
        filePath: file,
        programs: [program],
        range: true,
        loc: true,
        comment: false,
        tokens: false,
        ecmaFeatures: { jsx: /\.[jt]sx$/.test(file) },
      });
      return {
        parsed: { ast: ast as TSESTree.Program, visitorKeys: visitorKeys as Record<string, readonly string[]> },
        services: typeServicesOf(services),
      };
    },
  };
}
