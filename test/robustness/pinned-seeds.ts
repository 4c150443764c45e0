/**
 * Every fast-check seed that ever found a defect in the generated programs (generated-programs.test.ts), replayed on
 * every `npm test`. With `path` only the failing batch is replayed (cheap); without it, `programs` programs from the
 * seed's start. A seed is pinned with a comment saying what it found and where the regression test is. The generators
 * decide what a seed produces: when they change, re-find the defect's seed with `npm run fuzz` and pin the new one
 * too (the regression test stays whatever the seed).
 */
export interface PinnedSeed {
  readonly seed: number;
  readonly path?: string;
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
];
