// Compare builds of the plugin on the bench corpus, steadily enough to see a change of a few milliseconds.
//
//   node scripts/bench-compare.mjs PLUGIN_ROOT [PLUGIN_ROOT ...] [--reps N] [--files N] [--seed S] [--dir DIR]
//
// PLUGIN_ROOT is a folder with the plugin's package.json and dist/ (this repository after `npm run build`, or a copy
// of another build's dist/, package.json and schema/ inside it, so its dependencies resolve). Why beside the bench:
// the bench's headline sums one pass over the corpus per round, and on a shared 2-core machine its rounds spread by up
// to a point, so two builds a few milliseconds apart cannot be told apart. Here, for each file and each repetition,
// every build gets its own freshly parsed `SourceCode` (made in a rotating order) and is timed in a rotating order
// together with a no-rules verify; a build's cost in that repetition is its time minus the no-rules time of the same
// repetition, its cost for the file the median over repetitions, and the sum over files is printed as a share of the
// files' parse-only lint (also a median per file). CPU time of this process (garbage collection included); a script
// that prints ratios, never a timed test.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCorpus } from './generate-corpus.mjs';
import { requireAs } from './require-as.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(repoRoot, 'package.json'));
const PATTERNS = ['**/*.ts'];

/**
 * @typedef {{ getConfig(filename: string): unknown }} ConfigArray
 * @typedef {{
 *   verify(code: string | import('eslint').SourceCode, config: ConfigArray, options: { filename: string }): import('eslint').Linter.LintMessage[],
 *   getSourceCode(): import('eslint').SourceCode,
 * }} BenchLinter
 * @typedef {{ rules: Record<string, import('eslint').Rule.RuleModule> }} Plugin
 * @typedef {{ roots: string[], reps: number, files: number, seed: number, dir: string | null }} Options
 */

/** @param {string[]} argv @returns {Options} */
function parseArgs(argv) {
  /** @type {Options} */
  const o = { roots: [], reps: 9, files: 300, seed: 1, dir: null };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--reps') o.reps = Number(argv[++i]);
    else if (a === '--files') o.files = Number(argv[++i]);
    else if (a === '--seed') o.seed = Number(argv[++i]);
    else if (a === '--dir') o.dir = path.resolve(argv[++i]);
    else if (a.startsWith('--')) throw new Error(`unknown option ${a}`);
    else o.roots.push(path.resolve(a));
  }
  if (o.roots.length === 0) throw new Error('name at least one plugin root (a folder with package.json and dist/)');
  if (!(o.reps >= 3) || !(o.files >= 1)) throw new Error('--reps must be 3 or more, --files 1 or more');
  return o;
}

/** @param {number[]} xs */
const median = (xs) => {
  const sorted = xs.slice().sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function main() {
  const o = parseArgs(process.argv.slice(2));
  const dir = o.dir ?? mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-compare-'));
  if (!o.dir) generateCorpus(dir, { files: o.files, seed: o.seed, violations: 10 });
  try {
    run(o, dir);
  } finally {
    if (!o.dir) rmSync(dir, { recursive: true, force: true });
  }
}

/** @param {Options} o @param {string} dir */
function run(o, dir) {
  /** @type {typeof import('eslint')} */
  const { Linter } = requireAs(require, 'eslint');
  const eslintDir = path.dirname(require.resolve('eslint/package.json'));
  /** @type {{ FlatConfigArray: new (configs: import('eslint').Linter.Config[], options: { basePath: string }) => ConfigArray & { normalizeSync(): void } }} */
  const { FlatConfigArray } = requireAs(require, path.join(eslintDir, 'lib/config/flat-config-array.js'));
  /** @type {typeof import('@typescript-eslint/parser')} */
  const tsParser = requireAs(require, '@typescript-eslint/parser');
  /** @param {import('eslint').Linter.Config[]} configs */
  const normalized = (configs) => {
    const array = new FlatConfigArray(configs, { basePath: dir });
    array.normalizeSync();
    return array;
  };
  /** @type {import('eslint').Linter.Config} */
  const parseOnly = { files: PATTERNS, languageOptions: { parser: tsParser, sourceType: 'module' } };
  const settings = { 'mcp-meta': { registry: path.join(dir, 'mcp-meta.registry.json') } };
  const bare = normalized([parseOnly]);
  const builds = o.roots.map((root) => {
    /** @type {Plugin} */
    const plugin = requireAs(createRequire(path.join(root, 'package.json')), root);
    const rules = Object.fromEntries(Object.keys(plugin.rules).map((name) => [`mcp-meta/${name}`, /** @type {const} */ ('error')]));
    return { root, config: normalized([parseOnly, { files: PATTERNS, plugins: { 'mcp-meta': plugin }, rules, settings }]) };
  });
  /** @type {BenchLinter} */
  const linter = /** @type {BenchLinter} */ (/** @type {unknown} */ (new Linter({ cwd: dir, configType: 'flat' })));
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.includes('node_modules'))
    .map((file) => path.join(dir, file))
    .sort();
  const sides = [bare, ...builds.map((build) => build.config)];
  let parseLint = 0;
  const costs = builds.map(() => 0);
  for (const [index, filename] of files.entries()) {
    const text = readFileSync(filename, 'utf8');
    /** @type {number[]} */
    const parses = [];
    /** @type {number[][]} */
    const differences = builds.map(() => []);
    for (let rep = 0; rep < o.reps; rep += 1) {
      let t0 = cpuMs();
      linter.verify(text, bare, { filename });
      parses.push(cpuMs() - t0);
      /** @type {import('eslint').SourceCode[]} */
      const sources = new Array(sides.length);
      for (let j = 0; j < sides.length; j += 1) {
        linter.verify(text, bare, { filename });
        sources[(j + 2 * rep + index + 1) % sides.length] = linter.getSourceCode();
      }
      /** @type {number[]} */
      const times = new Array(sides.length);
      for (let j = 0; j < sides.length; j += 1) {
        const side = (j + rep + index) % sides.length;
        t0 = cpuMs();
        linter.verify(sources[side], sides[side], { filename });
        times[side] = cpuMs() - t0;
      }
      for (let k = 0; k < builds.length; k += 1) differences[k].push(times[k + 1] - times[0]);
    }
    parseLint += median(parses);
    for (let k = 0; k < builds.length; k += 1) costs[k] += median(differences[k]);
  }
  console.log(
    `${files.length} files, ${o.reps} repetitions, CPU; parse-only lint ${parseLint.toFixed(0)} ms (median per file); load ${os.loadavg()[0].toFixed(2)}`,
  );
  for (const [k, build] of builds.entries()) {
    console.log(`${build.root}: ${costs[k].toFixed(1)} ms = ${((100 * costs[k]) / parseLint).toFixed(2)}% of the parse-only lint`);
  }
}

main();
