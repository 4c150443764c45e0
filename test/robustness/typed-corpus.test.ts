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
import type * as ts from 'typescript';
import { describe, expect, it } from 'vitest';
import plugin from '../../src/index';
import { EXAMPLES_DIR, EXAMPLES_REGISTRY } from '../rules/rule-tester';
import { generateModule } from './generators/typed-programs';
import { applyFixes, compile, errorsOf, STRICT_NODE16 } from './type-check';

const MODULE_COUNT = Number(process.env.MCP_META_TYPED_MODULES ?? 24);
const SNIPPETS_PER_MODULE = 8;
const SEED = process.env.MCP_META_FUZZ_SEED === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.MCP_META_FUZZ_SEED);

/** Virtual files (never written): under the example project, so the manifest governs them and the SDK resolves. */
const CORPUS_DIR = path.join(EXAMPLES_DIR, 'src/generated-typed');
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

const COMMENT = /\/\*\s*(c\d+)\s*\*\/|\/\/\s*(c\d+)/g;
const commentsOf = (text: string): string[] => [...text.matchAll(COMMENT)].map((match) => match[1] ?? match[2]).sort();

describe('typed corpus: fixed code still compiles', () => {
  it(`${MODULE_COUNT} generated modules, linted with and without a program: autofixes add no tsc error`, { timeout: 600_000 }, async () => {
    console.log(`typed corpus: seed ${SEED} (replay: MCP_META_FUZZ_SEED=${SEED})`);
    // The scripts' one seeded random source (an ES module: this test file is CommonJS to TypeScript).
    const { seededRandom } = await import('../../scripts/seeded-random.mjs');
    const random = seededRandom(SEED);
    const originals = new Map<string, string>();
    for (let index = 0; index < MODULE_COUNT; index += 1)
      originals.set(path.join(CORPUS_DIR, `module${index}.ts`), generateModule(random, SNIPPETS_PER_MODULE));

    const before = compile(originals, STRICT_NODE16);
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
    const after = compile(fixed, STRICT_NODE16);
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
