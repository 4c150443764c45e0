import { defineConfig } from 'vitest/config';

/**
 * Test files that spawn processes (the `mcp-meta` bin, tsc, ESLint's CLI, oxlint, npm, the LSP server) or run for
 * minutes (10,000 generated programs, linear-cost doublings). `npm run test:unit` leaves them out: the contributor's
 * fast loop, in-process only. `npm test` (CI) runs both projects.
 */
const SPAWNING_OR_LONG = [
  'test/e2e/**/*.test.ts',
  'test/**/*.e2e.test.ts',
  'test/fixtures/fixtures-typecheck.test.ts',
  'test/robustness/generated-programs.test.ts',
  'test/robustness/linear-cost.test.ts',
  'test/robustness/manifest-matrix.test.ts',
  // In process, but each compiles a TypeScript program over many files (seconds each): the full gate's job.
  'test/robustness/fixtures-autofix.test.ts',
  'test/robustness/typed-corpus.test.ts',
];

export default defineConfig({
  test: {
    setupFiles: ['test/setup.ts'],
    // e2e tests start real ESLint instances (three majors) and tsc; these machines have 2 shared cores.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: SPAWNING_OR_LONG } },
      { extends: true, test: { name: 'e2e', include: SPAWNING_OR_LONG } },
    ],
  },
});
