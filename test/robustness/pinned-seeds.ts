/**
 * Every fast-check seed that ever found a defect in the generated programs (generated-programs.test.ts), replayed on
 * every `npm test` (`kind: 'mutations'`: the mutated fixture files of the same test, whose seed `npm run fuzz` does not
 * take; replay one with `MCP_META_FUZZ_SEED=N npx vitest run test/robustness/generated-programs.test.ts -t mutated`).
 * With `path` only the failing batch is replayed (cheap); without it, `programs` programs from the
 * seed's start. A seed is pinned with a comment saying what it found and where the regression test is. The generators
 * decide what a seed produces: when they change, re-find the defect's seed with `npm run fuzz` and pin the new one
 * too (the regression test stays whatever the seed).
 */
export interface PinnedSeed {
  /** Which fuzz the seed drives: the generated programs (the default) or the mutated example-server files. */
  readonly kind?: 'programs' | 'mutations';
  readonly seed: number;
  readonly path?: string;
  /** Programs generated (or, for `mutations`, mutated files) from the seed's start. */
  readonly programs: number;
  /** What the seed found, in a few words (the test's name). */
  readonly found: string;
}

export const PINNED_SEEDS: readonly PinnedSeed[] = [
  // require-producer-isolation wrapped `x._meta = { ...x._meta, k: new Meta() }; x._meta.k = more();` (one producer
  // writing its key in steps) in one try, then reported that try as shared (sharedTry): the first invariant "a fix
  // never creates a finding" found it in the first batch. Regression: "two adjacent writes of one key" in
  // test/rules/require-producer-isolation.test.ts.
  { seed: 202, path: '1', programs: 80, found: 'the wrap of one producer written in steps was reported as a shared try' },
  // The same defect through `this.result` in a class method's nested block, in a CommonJS file.
  { seed: 101, path: '0', programs: 40, found: 'the same, through this.result in a nested block of a .cjs method' },
  // The mutated example server: a catch that replaced `_meta` (a line swapped into it) made require-producer-isolation
  // say catchDoesNotContinue; no-wholesale-meta-assign's fix mended the catch, and the same statement then showed the
  // try it shares with another producer (sharedTry), which was there before: one verdict per producer, the worst first.
  {
    kind: 'mutations',
    seed: 596844838,
    path: '191',
    programs: 300,
    found: 'a catch mended by the wholesale fix showed the shared try on the same producer (a re-diagnosis, no new finding)',
  },
];
