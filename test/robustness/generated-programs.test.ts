/**
 * Property-based robustness of every rule, with ESLint's `Linter` (flat config) over generated programs and mutated
 * fixture files: no rule throws; every autofix output parses; fixing the output again changes nothing; every
 * suggestion output parses; fixes and suggestions keep every comment and never drop an identifier (so never a
 * statement they did not mean to move). Programs are linted in batches (many programs per file) so that at least
 * PROGRAM_COUNT programs run in about a minute on a 2-core machine.
 *
 * A fix also never creates a finding the file did not have: with every fix applied (across rules), and with only one
 * rule's fixes applied (per rule), the findings per rule and message never grow.
 *
 * A failure prints the fast-check seed and path (replay: `npm run fuzz -- --seed <seed> [--path <path>]`, see
 * scripts/fuzz.mjs) and the smallest failing program of its batch; each one found becomes a regression test in
 * fix-regressions.test.ts or the rule's test, and its seed is pinned in pinned-seeds.ts (replayed on every run).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import plugin from '../../src/index';
import { EXAMPLES_DIR, EXAMPLES_REGISTRY, findingsAdded } from '../rules/rule-tester';
import { batchArbitrary, batchText, type Batch } from './generators/meta-programs';
import { PINNED_SEEDS } from './pinned-seeds';

/** Programs generated per `npm test`; override with MCP_META_FUZZ_PROGRAMS (e.g. 100000 for a long run). */
export const PROGRAM_COUNT = Number(process.env.MCP_META_FUZZ_PROGRAMS ?? 10_000);
/** Fixture files mutated per `npm test`; override with MCP_META_FUZZ_MUTATIONS. */
export const MUTATION_COUNT = Number(process.env.MCP_META_FUZZ_MUTATIONS ?? 300);
const BATCH_SIZE = 40;
/** `npm run fuzz -- --seed N [--path P]` (scripts/fuzz.mjs) sets these to replay one seed, or one batch of it. */
const SEED = process.env.MCP_META_FUZZ_SEED === undefined ? undefined : Number(process.env.MCP_META_FUZZ_SEED);
const PATH =
  process.env.MCP_META_FUZZ_PATH === undefined || process.env.MCP_META_FUZZ_PATH === '' ? undefined : process.env.MCP_META_FUZZ_PATH;

const FILENAMES = {
  ts: [
    'src/core/ops/search.ts',
    'src/mcp/dispatch.ts',
    'src/hooks/brain-hot-memory.ts',
    'src/core/ops/list-pages.ts',
    'src/commands/eval-report.ts',
  ],
  js: ['src/core/ops/search.js', 'src/mcp/dispatch.mjs', 'src/core/ops/other.cjs'],
};

const linter = new Linter({ configType: 'flat' });
const settings = { 'mcp-meta': { registry: EXAMPLES_REGISTRY } };
const PARSERS: Linter.Config[] = [
  { files: ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'], languageOptions: { parser: tsParser } },
  { files: ['**/*.js', '**/*.mjs', '**/*.jsx'], languageOptions: { ecmaVersion: 'latest', sourceType: 'module' } },
  { files: ['**/*.cjs'], languageOptions: { ecmaVersion: 'latest', sourceType: 'commonjs' } },
];
const ALL_FILES = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts', '**/*.js', '**/*.mjs', '**/*.cjs', '**/*.jsx'];
const CONFIG: Linter.Config[] = [...PARSERS, { ...(plugin.configs.strict as Linter.Config), files: ALL_FILES, settings }];
/** Parsing only: what "the output parses" is judged with. */
const PARSE_ONLY: Linter.Config[] = PARSERS;

interface Tally {
  programs: number;
  batches: number;
  unparsable: number;
  fixedFiles: number;
  suggestions: number;
}

const WORD = /[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*/gu;

/** Identifier-like words (in code, comments and strings alike) with their counts. */
function wordCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [word] of text.matchAll(WORD)) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

/** The first word `before` has more of than `after`, or null: a fix may add words (a spread, a try), never lose one. */
function lostWord(before: string, after: string): string | null {
  const counts = wordCounts(after);
  for (const [word, count] of wordCounts(before)) if (!REWRITTEN_KEYWORDS.has(word) && (counts.get(word) ?? 0) < count) return word;
  return null;
}

/** The hoist suggestion turns `const x = E` into `let x; try { x = E } …` by design. */
const REWRITTEN_KEYWORDS = new Set(['const']);

/** Parses with the file's own parser (ESLint, no rules) and returns its comments, or where it does not parse. */
function comments(text: string, filename: string): string[] | string {
  const fatal = linter.verify(text, PARSE_ONLY, { filename }).find((message) => message.fatal);
  if (fatal) return `${fatal.line}:${fatal.column} ${fatal.message}`;
  return lastComments();
}

/** The comments of the text the linter last parsed (saves a parse per check). */
function lastComments(): string[] {
  return linter
    .getSourceCode()
    .getAllComments()
    .map((comment) => comment.value)
    .sort();
}

function missingFrom(before: string[], after: string[]): string[] {
  const left = [...after];
  return before.filter((item) => {
    const at = left.indexOf(item);
    if (at === -1) return true;
    left.splice(at, 1);
    return false;
  });
}

/** Parses `output` with the file's own parser and checks that it keeps every comment of `original`. */
function parsesAndKeepsComments(originalComments: string[], output: string, filename: string, what: string): string | null {
  const after = comments(output, filename);
  if (typeof after === 'string') return `${what} output does not parse (${after}):\n${output}`;
  const lost = missingFrom(originalComments, after);
  return lost.length > 0 ? `${what} dropped comments ${JSON.stringify(lost)}:\n${output}` : null;
}

interface AppliedSuggestion {
  range: readonly [number, number];
  text: string;
  label: string;
}

/**
 * Applies suggestions in rounds of non-overlapping ones, one parse per round (a batch has many findings, and a parse
 * per suggestion would dominate the run); a round that fails is retried one suggestion at a time to name the culprit.
 */
function checkSuggestions(text: string, filename: string, originalComments: string[], suggestions: AppliedSuggestion[]): string | null {
  for (const suggestion of suggestions) {
    const replaced = text.slice(suggestion.range[0], suggestion.range[1]);
    // A rename suggestion (`returned` -> `returned_count`, `'retreival'` -> `'retrieval'`) replaces one name or
    // string; anything else only adds.
    if (/^(['"`]?)[^\s'"`]*\1$/u.test(replaced)) continue;
    const lost = lostWord(replaced, suggestion.text);
    if (lost !== null) return `${suggestion.label} removed '${lost}' from ${JSON.stringify(replaced)}: ${JSON.stringify(suggestion.text)}`;
  }
  let pending = [...suggestions].sort((a, b) => a.range[0] - b.range[0]);
  while (pending.length > 0) {
    const round: AppliedSuggestion[] = [];
    const later: AppliedSuggestion[] = [];
    for (const suggestion of pending) {
      const last = round[round.length - 1];
      if (last && suggestion.range[0] < last.range[1] + 1) later.push(suggestion);
      else round.push(suggestion);
    }
    let output = text;
    for (const suggestion of [...round].reverse())
      output = output.slice(0, suggestion.range[0]) + suggestion.text + output.slice(suggestion.range[1]);
    if (parsesAndKeepsComments(originalComments, output, filename, 'suggestions') !== null) {
      for (const suggestion of round) {
        const single = text.slice(0, suggestion.range[0]) + suggestion.text + text.slice(suggestion.range[1]);
        const problem = parsesAndKeepsComments(originalComments, single, filename, suggestion.label);
        if (problem) return problem;
      }
    }
    pending = later;
  }
  return null;
}

/** Runs every check on one file's text; returns a description of the first failure, or null. */
function checkText(text: string, filename: string, tally: Tally): string | null {
  let messages: Linter.LintMessage[];
  try {
    messages = linter.verify(text, CONFIG, { filename });
  } catch (error) {
    return `a rule threw: ${(error as Error).stack}`;
  }
  if (messages.some((message) => message.fatal)) {
    tally.unparsable += 1;
    return null;
  }
  const foreign = messages.find((message) => !message.ruleId?.startsWith('mcp-meta/'));
  if (foreign) return `unexpected message: ${JSON.stringify(foreign)}`;
  const originalComments = lastComments();

  const suggestions = messages.flatMap((message) =>
    (message.suggestions ?? []).map((suggestion) => ({
      range: suggestion.fix.range,
      text: suggestion.fix.text,
      label: `suggestion '${suggestion.desc}' of ${message.ruleId} at ${message.line}:${message.column}`,
    })),
  );
  tally.suggestions += suggestions.length;
  const suggestionProblem = checkSuggestions(text, filename, originalComments, suggestions);
  if (suggestionProblem) return suggestionProblem;

  if (!messages.some((message) => message.fix !== undefined)) return null;
  let fixed: Linter.FixReport;
  try {
    fixed = linter.verifyAndFix(text, CONFIG, { filename });
  } catch (error) {
    return `a rule threw while fixing: ${(error as Error).stack}`;
  }
  if (!fixed.fixed) return null;
  tally.fixedFiles += 1;
  if (fixed.messages.some((message) => message.fatal))
    return `fix output does not parse: ${JSON.stringify(fixed.messages.find((m) => m.fatal))}\n${fixed.output}`;
  const lost = lostWord(text, fixed.output);
  if (lost !== null) return `fix removed an occurrence of '${lost}':\n${fixed.output}`;
  // verifyAndFix's last pass linted the output: its comments, and whether a second --fix would change anything (a
  // fix still offered on the fixed text), come from that pass without another lint.
  const lostComments = missingFrom(originalComments, lastComments());
  if (lostComments.length > 0) return `fix dropped comments ${JSON.stringify(lostComments)}:\n${fixed.output}`;
  const stillFixable = fixed.messages.find((message) => message.fix !== undefined);
  if (stillFixable) {
    const again = linter.verifyAndFix(fixed.output, CONFIG, { filename });
    return `fixing twice differs from fixing once (${stillFixable.ruleId} at ${stillFixable.line}:${stillFixable.column}):\n--- once\n${fixed.output}\n--- twice\n${again.output}`;
  }
  // A fix never creates a finding: across rules (every fix applied), and per rule (only that rule's fixes applied).
  const created = findingsAdded(messages, fixed.messages);
  if (created.length > 0) return `fixing created findings:\n${created.join('\n')}\n--- fixed\n${fixed.output}`;
  const fixingRules = [...new Set(messages.flatMap((message) => (message.fix !== undefined && message.ruleId ? [message.ruleId] : [])))];
  if (fixingRules.length < 2) return null;
  for (const ruleId of fixingRules) {
    // ESLint's SourceCodeFixer takes a predicate for `fix` (as the ESLint class's `fix` option does); its type says boolean.
    const onlyThisRule = ((message: Linter.LintMessage) => message.ruleId === ruleId) as unknown as boolean;
    const alone = linter.verifyAndFix(text, CONFIG, { filename, fix: onlyThisRule });
    const createdAlone = findingsAdded(messages, alone.messages);
    if (createdAlone.length > 0) return `${ruleId}'s fixes alone created findings:\n${createdAlone.join('\n')}\n--- fixed\n${alone.output}`;
  }
  return null;
}

function filenameFor(batch: Batch, pick: number): string {
  const names = FILENAMES[batch.language];
  return path.join(EXAMPLES_DIR, names[pick % names.length]);
}

interface FuzzRun {
  programs: number;
  seed?: number;
  /** fast-check's counterexample path: replays that batch alone (with the same seed). */
  path?: string;
}

/** Runs the generated programs of one seed (a random one when none is given) and says what it found. */
function fuzzPrograms(run: FuzzRun): { tally: Tally; seed: number; failure: string | null } {
  const tally: Tally = { programs: 0, batches: 0, unparsable: 0, fixedFiles: 0, suggestions: 0 };
  let failure: string | null = null;
  const property = fc.property(batchArbitrary(BATCH_SIZE), fc.nat(), (batch, pick) => {
    const filename = filenameFor(batch, pick);
    tally.batches += 1;
    tally.programs += batch.programs.length;
    const problem = checkText(batchText(batch, batch.programs), filename, tally);
    if (problem === null) return true;
    // The smallest failing program of the batch, on its own, is the one to report.
    const single = batch.programs
      .map((program) => batchText(batch, [program]))
      .sort((a, b) => a.length - b.length)
      .map((text) => ({ text, problem: checkText(text, filename, { ...tally }) }))
      .find((candidate) => candidate.problem !== null);
    failure = single
      ? `${path.relative(EXAMPLES_DIR, filename)}: ${single.problem}\n--- program\n${single.text}`
      : `${path.relative(EXAMPLES_DIR, filename)}: ${problem}\n--- batch\n${batchText(batch, batch.programs)}`;
    return false;
  });
  const details = fc.check(property, {
    numRuns: Math.ceil(run.programs / BATCH_SIZE),
    endOnFailure: true,
    ...(run.seed === undefined ? {} : { seed: run.seed }),
    ...(run.path === undefined ? {} : { path: run.path }),
  });
  console.log(
    `generated programs: ${tally.programs} in ${tally.batches} batches (${tally.unparsable} batches did not parse), ` +
      `${tally.fixedFiles} fixed files re-checked, ${tally.suggestions} suggestions applied; seed ${details.seed}`,
  );
  if (!details.failed) return { tally, seed: details.seed, failure: null };
  const replay = `npm run fuzz -- --seed ${details.seed} --path ${details.counterexamplePath ?? ''}`;
  return { tally, seed: details.seed, failure: `seed ${details.seed} (replay: ${replay}): ${failure ?? String(details.errorInstance)}` };
}

describe('generated programs', () => {
  // A count, not a time limit: the timeout only stops a run on a machine far busier than ours (load 10 on 2 cores).
  it(
    `${PROGRAM_COUNT} programs: no throw, fixes and suggestions parse and keep comments, fix twice == once, no fix creates a finding`,
    { timeout: 900_000 },
    () => {
      const { tally, failure } = fuzzPrograms({ programs: PROGRAM_COUNT, seed: SEED, path: PATH });
      if (failure !== null) throw new Error(failure);
      expect(tally.programs).toBeGreaterThanOrEqual(PATH === undefined ? PROGRAM_COUNT : BATCH_SIZE);
      if (PATH !== undefined) return;
      // Most batches parse: the generators exercise the rules, not only the parser's error path.
      expect(tally.unparsable).toBeLessThan(tally.batches / 4);
      expect(tally.fixedFiles).toBeGreaterThan(tally.batches / 4);
    },
  );
});

// Every seed that ever found a defect, replayed on every run (test/robustness/pinned-seeds.ts says what each found).
describe.runIf(SEED === undefined)('pinned seeds', () => {
  for (const pinned of PINNED_SEEDS) {
    if (pinned.kind === 'mutations') continue;
    it(`seed ${pinned.seed}${pinned.path === undefined ? '' : ` at ${pinned.path}`}: ${pinned.found}`, { timeout: 900_000 }, () => {
      const { tally, failure } = fuzzPrograms(pinned);
      if (failure !== null) throw new Error(failure);
      expect(tally.programs).toBeGreaterThan(0);
    });
  }
});

/** Random edits of the example server's files: lines dropped, duplicated, swapped, `_meta` writes inserted, CRLF, tabs. */
const FIXTURE_DIR = path.resolve(__dirname, '../../fixtures/example-server/src');
const FIXTURE_FILES = fs
  .readdirSync(FIXTURE_DIR, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .map((file) => ({ relative: file, text: fs.readFileSync(path.join(FIXTURE_DIR, file), 'utf8') }));
const INSERTIONS = [
  'out._meta = { retrieval: stats };',
  "ctx.emitResponseMeta('retrieval', await build());",
  'delete out._meta;',
  '/* inserted */ result._meta = { ...result._meta, retrieval };',
  'const m = out._meta; m.retrieval = compute();',
  'try { out._meta.retrieval = f(); } catch {}',
  'return { ...(a ?? b), content: [], _meta: { retrieval: 1 } };',
];

type Mutation =
  | { kind: 'drop' | 'duplicate' | 'swap'; line: number }
  | { kind: 'insert'; line: number; text: number }
  | { kind: 'crlf' }
  | { kind: 'tabs' };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constantFrom('drop' as const, 'duplicate' as const, 'swap' as const), line: fc.nat() }),
  fc.record({ kind: fc.constant('insert' as const), line: fc.nat(), text: fc.nat() }),
  fc.constant({ kind: 'crlf' as const }),
  fc.constant({ kind: 'tabs' as const }),
);

function mutate(text: string, mutations: readonly Mutation[]): string {
  let lines = text.split('\n');
  let crlf = false;
  for (const m of mutations) {
    if (m.kind === 'crlf') crlf = true;
    else if (m.kind === 'tabs') lines = lines.map((line) => line.replace(/^( {2})+/, (spaces) => '\t'.repeat(spaces.length / 2)));
    else {
      const at = m.line % lines.length;
      if (m.kind === 'drop') lines.splice(at, 1);
      else if (m.kind === 'duplicate') lines.splice(at, 0, lines[at]);
      else if (m.kind === 'swap' && at + 1 < lines.length) [lines[at], lines[at + 1]] = [lines[at + 1], lines[at]];
      else if (m.kind === 'insert') lines.splice(at, 0, INSERTIONS[m.text % INSERTIONS.length]);
    }
  }
  const joined = lines.join('\n');
  return crlf ? joined.replace(/\n/g, '\r\n') : joined;
}

interface MutationRun {
  runs: number;
  seed?: number;
  /** fast-check's counterexample path: replays that mutation alone (with the same seed). */
  path?: string;
}

/** Mutates the example server's files for one seed (a random one when none is given) and says what it found. */
function fuzzMutations(run: MutationRun): { tally: Tally; failure: string | null } {
  const tally: Tally = { programs: 0, batches: 0, unparsable: 0, fixedFiles: 0, suggestions: 0 };
  let failure: string | null = null;
  const property = fc.property(
    fc.nat({ max: FIXTURE_FILES.length - 1 }),
    fc.array(mutation, { minLength: 1, maxLength: 6 }),
    (index, mutations) => {
      const fixture = FIXTURE_FILES[index];
      const text = mutate(fixture.text, mutations);
      tally.programs += 1;
      // Same path as in the example project, so roles (producer, merge layer, ignored) match the fixture's.
      const problem = checkText(text, path.join(EXAMPLES_DIR, 'src', fixture.relative), tally);
      if (problem !== null) failure = `${fixture.relative} with ${JSON.stringify(mutations)}: ${problem}`;
      return problem === null;
    },
  );
  const details = fc.check(property, {
    numRuns: run.runs,
    ...(run.seed === undefined ? {} : { seed: run.seed }),
    ...(run.path === undefined ? {} : { path: run.path }),
  });
  console.log(
    `mutated fixture files: ${tally.programs} (${tally.unparsable} did not parse), ${tally.fixedFiles} fixed, ${tally.suggestions} suggestions; seed ${details.seed}`,
  );
  if (!details.failed) return { tally, failure: null };
  return {
    tally,
    failure: `seed ${details.seed} (path ${details.counterexamplePath ?? ''}): ${failure ?? String(details.errorInstance)}\nshrunk: ${JSON.stringify(details.counterexample)}`,
  };
}

describe('mutated fixture files', () => {
  it(
    `${MUTATION_COUNT} mutations of the example server: same guarantees, and unparsable files are reported, not thrown`,
    { timeout: 900_000 },
    () => {
      const { tally, failure } = fuzzMutations({ runs: MUTATION_COUNT, seed: SEED });
      if (failure !== null) throw new Error(failure);
      expect(tally.programs).toBeGreaterThanOrEqual(MUTATION_COUNT);
    },
  );
});

// The mutation seeds that ever found a defect, replayed on every run (pinned-seeds.ts, `kind: 'mutations'`).
describe.runIf(SEED === undefined)('pinned mutation seeds', () => {
  for (const pinned of PINNED_SEEDS) {
    if (pinned.kind !== 'mutations') continue;
    it(`seed ${pinned.seed}${pinned.path === undefined ? '' : ` at ${pinned.path}`}: ${pinned.found}`, { timeout: 900_000 }, () => {
      const { tally, failure } = fuzzMutations({ runs: pinned.programs, seed: pinned.seed, path: pinned.path });
      if (failure !== null) throw new Error(failure);
      expect(tally.programs).toBeGreaterThan(0);
    });
  }
});
