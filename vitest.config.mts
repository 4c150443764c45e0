import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
    // e2e tests start real ESLint instances (three majors) and tsc; these machines have 2 shared cores.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
