// @ts-check
// Replays the generated-programs fuzz (test/robustness/generated-programs.test.ts) for one seed and prints what it
// found: the run's tally and seed, and on a defect the smallest failing program, the problem and the replay command.
//
//   npm run fuzz -- [--seed N] [--count PROGRAMS] [--path P]
//
// Without --seed the seed is random (printed, so a run that finds something can be replayed). --count is the number
// of programs (default 10000, 40 per batch); --path, fast-check's counterexample path a failure prints, replays that
// batch alone. Runs in this process's vitest, one worker (the machine may be shared): a run of 10,000 programs takes
// about a minute on an idle core. Exit code 0 when the seed found nothing, 1 when it found a defect (pin that seed in
// test/robustness/pinned-seeds.ts with a comment, and add the program as a regression test).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { seed: { type: 'string' }, count: { type: 'string' }, path: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  strict: true,
});
if (values.help) {
  console.log('npm run fuzz -- [--seed N] [--count PROGRAMS] [--path P]');
  process.exit(0);
}
for (const [name, value] of [
  ['seed', values.seed],
  ['count', values.count],
]) {
  if (value !== undefined && !/^-?\d+$/.test(value)) {
    console.error(`--${name} must be an integer, not '${value}'`);
    process.exit(2);
  }
}
const seed = values.seed ?? String(Math.floor(Math.random() * 2 ** 31));
const env = {
  ...process.env,
  MCP_META_FUZZ_SEED: seed,
  MCP_META_FUZZ_PROGRAMS: values.count ?? '10000',
  MCP_META_FUZZ_PATH: values.path ?? '',
};
console.log(`fuzz: seed ${seed}, ${env.MCP_META_FUZZ_PROGRAMS} programs${values.path ? `, path ${values.path}` : ''}`);
const vitest = path.join(repoRoot, 'node_modules/vitest/vitest.mjs');
const result = spawnSync(
  process.execPath,
  [vitest, 'run', 'test/robustness/generated-programs.test.ts', '-t', '^generated programs ', '--maxWorkers=1'],
  { cwd: repoRoot, env, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
