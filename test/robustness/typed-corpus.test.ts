/**
 * The type-check oracle for autofixes (issue 25): a generated corpus of TypeScript modules that compile against the
 * real SDK v1 types (see generators/typed-programs.ts) is linted with every rule, with a TypeScript program and without
 * one, its autofixes applied, and the fixed modules compiled again by `tsc` (strict) in one program: a fix may add no
 * compiler error, must keep every comment, and must parse. The corpus changes every run (a new seed, printed); a
 * failure names the seed to replay with MCP_META_FUZZ_SEED=<seed>. Bounded: MODULE_COUNT modules in one program per
 * side, so the run costs a few compiles, not one per module.
 */
import * as path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import * as ts from 'typescript';
import { describe, expect, it } from 'vitest';
import plugin from '../../src/index';
import { EXAMPLES_DIR, EXAMPLES_REGISTRY } from '../rules/rule-tester';
import { generateModule, seededRandom } from './generators/typed-programs';

const MODULE_COUNT = Number(process.env.MCP_META_TYPED_MODULES ?? 24);
const SNIPPETS_PER_MODULE = 8;
const SEED = process.env.MCP_META_FUZZ_SEED === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.MCP_META_FUZZ_SEED);

/** Virtual files (never written): under the example project, so the manifest governs them and the SDK resolves. */
const CORPUS_DIR = path.join(EXAMPLES_DIR, 'src/generated-typed');
const COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.Node16,
  moduleResolution: ts.ModuleResolutionKind.Node16,
  skipLibCheck: true,
  types: [],
};

/** One program over `files` (absolute path -> text), the rest read from disk (lib files, the SDK's declarations). */
function compile(files: ReadonlyMap<string, string>): ts.Program {
  const host = ts.createCompilerHost(COMPILER_OPTIONS, true);
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
  return ts.createProgram([...files.keys()], COMPILER_OPTIONS, host);
}

function errorsOf(program: ts.Program, file: string): string[] {
  const sourceFile = program.getSourceFile(file)!;
  return [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)].map((diagnostic) => {
    const { line, character } = sourceFile.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
    return `${path.basename(file)}:${line + 1}:${character + 1} TS${diagnostic.code} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
  });
}

const linter = new Linter({ configType: 'flat' });
const settings = { 'mcp-meta': { registry: EXAMPLES_REGISTRY } };

function configFor(program: ts.Program | null): Linter.Config[] {
  return [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tsParser, parserOptions: program ? { programs: [program] } : {} },
    },
    { ...(plugin.configs.strict as Linter.Config), files: ['**/*.ts'], settings },
  ];
}

/**
 * Applies one round of the lint's autofixes the way ESLint does (sorted, an overlapping one left for a later pass).
 * One round is enough here: the oracle asks whether the fixes ESLint applies first compile; whether fixing again
 * changes anything is generated-programs.test.ts's check.
 */
function applyFixes(text: string, messages: readonly Linter.LintMessage[]): { output: string; fixes: number } {
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

const COMMENT = /\/\*\s*(c\d+)\s*\*\/|\/\/\s*(c\d+)/g;
const commentsOf = (text: string): string[] => [...text.matchAll(COMMENT)].map((match) => match[1] ?? match[2]).sort();

describe('typed corpus: fixed code still compiles', () => {
  it(`${MODULE_COUNT} generated modules, linted with and without a program: autofixes add no tsc error`, { timeout: 600_000 }, () => {
    console.log(`typed corpus: seed ${SEED} (replay: MCP_META_FUZZ_SEED=${SEED})`);
    const random = seededRandom(SEED);
    const originals = new Map<string, string>();
    for (let index = 0; index < MODULE_COUNT; index += 1)
      originals.set(path.join(CORPUS_DIR, `module${index}.ts`), generateModule(random, SNIPPETS_PER_MODULE));

    const before = compile(originals);
    // The generator's own promise: every module compiles before any fix.
    const broken = [...originals.keys()].flatMap((file) => errorsOf(before, file));
    expect(broken, `seed ${SEED}: the generator wrote code that does not compile`).toEqual([]);

    const fixed = new Map<string, string>();
    const sources = new Map<string, string>();
    let fixCount = 0;
    for (const [file, text] of originals) {
      for (const [side, program] of [
        ['typed', before],
        ['untyped', null],
      ] as const) {
        const messages = linter.verify(text, configFor(program), { filename: file });
        const fatal = messages.find((message) => message.fatal);
        expect(fatal, `seed ${SEED}: ${path.basename(file)} does not parse`).toBeUndefined();
        const { output, fixes } = applyFixes(text, messages);
        fixCount += fixes;
        const fixedFile = file.replace(/\.ts$/, `.${side}.ts`);
        fixed.set(fixedFile, output);
        sources.set(fixedFile, text);
      }
    }
    const after = compile(fixed);
    const problems: string[] = [];
    for (const [file, output] of fixed) {
      const errors = errorsOf(after, file);
      if (errors.length > 0) problems.push(`${errors.join('\n')}\n--- before\n${sources.get(file)}\n--- after\n${output}`);
      const lost = commentsOf(sources.get(file)!).filter((comment, index, all) => {
        const kept = commentsOf(output);
        return kept.filter((c) => c === comment).length < all.filter((c) => c === comment).length;
      });
      if (lost.length > 0) problems.push(`${path.basename(file)} lost comments ${lost.join(', ')}\n--- after\n${output}`);
    }
    console.log(`typed corpus: ${MODULE_COUNT} modules x 2 sides, ${fixCount} autofixes applied, seed ${SEED}`);
    if (problems.length > 0) throw new Error(`seed ${SEED} (MCP_META_FUZZ_SEED=${SEED} to replay):\n${problems[0]}`);
    // The corpus exercises the fixes: most modules get several.
    expect(fixCount).toBeGreaterThan(MODULE_COUNT);
  });
});
