// Benchmark: what the mcp-meta rules really cost next to a parse-only lint.
//
//   npm run bench [-- DIR] [--quick] [--rounds N] [--stats-rounds N] [--files N] [--seed S] [--typed] [--typed-files N] [--[no-]control]
//                 [--rss-children N] [--no-oxlint] [--no-rss] [--no-warm] [--no-per-line] [--plugin PATH] [--keep] [--json FILE]
//                 [--order shuffle|rotate] [--aa]
//
// Without DIR, a deterministic corpus (scripts/generate-corpus.mjs, default 1,000 files / 322k lines) is generated
// into a temp folder. Everything runs ESLint 10 with @typescript-eslint/parser.
//
// Headline, the marginal cost, in this process: for each file, independently parsed `SourceCode` objects
// (`Linter.verify` from text with no rules, then `getSourceCode()`, once per side), so no per-AST cache is warm on the
// timed side; then `Linter.verify(sourceCode, config)` is timed with no rules and with our rules, rotating both the
// order in which the objects are made and the order in which they are timed. marginal = sum of (rules - no rules) /
// sum of parse-only lint times (a verify from text with no rules). Measured in wall time and in this process's CPU
// time (less disturbed by other processes). It includes everything the rules cause (create(), listener dispatch, the
// shared analysis, garbage collection), unlike ESLint's per-rule `stats`, which the bench still prints as a second
// line. `--control` (default unless --quick) adds a third, no-rules side timed the same way: the method's own noise.
// The sides are made and timed in a seeded random order per file (`--order shuffle`, the default; `--order rotate` is
// the rotation by file index used before 2026-12-06, which can give a side a fixed pattern of places: see `SideOrder`).
// `--aa` makes the control side our rules again, from a copy of the build: an A/A check of the method, whose two
// marginals must agree within the noise.
//
// Also: peak RSS in child processes (parse-only, as many rules as ours that do nothing, ours; median and max of several), the live
// heap with a full GC per file (parse-only against ours), a warm `lintText` on a ~1,000-line producer file, the marginal per
// line at three file sizes (is it linear?), oxlint with the plugin against ESLint with the plugin (same findings),
// and an optional typed marginal (`--typed`: the headline method with parserOptions.projectService on both sides, when
// DIR has a tsconfig.json; slow, so on `--typed-files` files spread over the corpus).
//
// It prints ratios and PASS/FAIL lines for the targets; it is a script, never a timed test assertion.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { batchRounds, createTimePerFile, sideOrders, withTimedCreate } from './bench-batch.mjs';
import { generateCorpus, generateProducerFile } from './generate-corpus.mjs';
import { requireAs } from './require-as.mjs';
import { seededRandom } from './seeded-random.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(repoRoot, 'package.json'));
const PATTERNS = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'];
const TS_FILE = /\.[cm]?tsx?$/;

// ---------------------------------------------------------------------------------------------------------------

/**
 * @typedef {{
 *   dir: string | null, quick: boolean, rounds: number, statsRounds: number, files: number, seed: number,
 *   violations: number, typed: boolean, typedFiles: number, oxlint: boolean, rss: boolean, warm: boolean,
 *   perLine: boolean, control: boolean, rssChildren: number, plugin: string | null, keep: boolean,
 *   child: string | null, json: string | null, warmCalls: number, oxlintRuns: number,
 *   order: import('./bench-batch.mjs').SideOrder, aa: boolean,
 * }} Options
 */

/** @param {string[]} argv @returns {Options} */
function parseArgs(argv) {
  /** @type {{ [K in keyof Options]: Options[K] | null }} */
  const o = {
    dir: null,
    quick: false,
    rounds: null,
    statsRounds: null,
    files: null,
    seed: 1,
    violations: 10,
    typed: false,
    typedFiles: null,
    oxlint: true,
    rss: true,
    warm: true,
    perLine: true,
    control: null,
    rssChildren: null,
    plugin: null,
    keep: false,
    child: null,
    json: null,
    warmCalls: null,
    oxlintRuns: null,
    order: 'shuffle',
    aa: false,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--quick') o.quick = true;
    else if (a === '--rounds') o.rounds = Number(argv[++i]);
    else if (a === '--stats-rounds') o.statsRounds = Number(argv[++i]);
    else if (a === '--files') o.files = Number(argv[++i]);
    else if (a === '--seed') o.seed = Number(argv[++i]);
    else if (a === '--violations') o.violations = Number(argv[++i]);
    else if (a === '--typed') o.typed = true;
    else if (a === '--typed-files') o.typedFiles = Number(argv[++i]);
    else if (a === '--no-typed') o.typed = false;
    else if (a === '--no-oxlint') o.oxlint = false;
    else if (a === '--no-rss') o.rss = false;
    else if (a === '--no-warm') o.warm = false;
    else if (a === '--no-per-line') o.perLine = false;
    else if (a === '--control') o.control = true;
    else if (a === '--rss-children') o.rssChildren = Number(argv[++i]);
    else if (a === '--no-control') o.control = false;
    else if (a === '--plugin') o.plugin = path.resolve(argv[++i]);
    else if (a === '--keep') o.keep = true;
    else if (a === '--json') o.json = argv[++i];
    else if (a === '--child') o.child = argv[++i];
    else if (a === '--order') {
      const order = argv[++i];
      if (order !== 'shuffle' && order !== 'rotate') throw new Error(`--order takes shuffle or rotate, not ${order}`);
      o.order = order;
    } else if (a === '--aa') o.aa = true;
    else if (a.startsWith('--')) throw new Error(`unknown option ${a}`);
    else o.dir = path.resolve(a);
  }
  // --quick: 300 files instead of 1,000, no control side, fewer samples: about a quarter of the parsing work.
  o.files ??= o.quick ? 300 : 1000;
  o.typedFiles ??= o.quick ? 150 : 1000;
  o.rounds ??= 3;
  o.statsRounds ??= o.quick ? 1 : 2;
  o.control ??= o.aa || !o.quick;
  o.rssChildren ??= o.quick ? 1 : 5;
  o.warmCalls = o.quick ? 20 : 50;
  o.oxlintRuns = o.quick ? 1 : 3;
  return /** @type {Options} */ (o);
}

/** @param {number[]} xs */
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
/** @param {number[]} xs */
const sum = (xs) => xs.reduce((a, b) => a + b, 0);
/** @param {number} x */
const ms = (x) => `${x.toFixed(x < 10 ? 2 : 0)} ms`;
/** @param {number} x */
const us = (x) => `${x.toFixed(2)} µs`;
/** @param {number} x */
const pct = (x) => `${(x * 100).toFixed(2)}%`;
/** @param {number} kb */
const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;

/**
 * @typedef {{ meta?: { name?: string, namespace?: string }, rules: Record<string, import('eslint').Rule.RuleModule> }} Plugin
 * @typedef {import('./bench-batch.mjs').ConfigArray} ConfigArray
 * @typedef {ReturnType<typeof loadTools>} Tools
 * @typedef {'parse' | 'plugin' | 'stand-in'} LintSide
 * @typedef {'may-write' | 'cannot-write' | 'error'} WriteClass
 * @typedef {{ file: string, line: number, column?: number, ruleId: string }} Finding
 */

/**
 * `node scripts/bench.mjs` measures whatever `dist/` holds (only `npm run bench` builds first): say so when a source
 * file is newer than the build, since a stale build once gave a whole session's "main" numbers.
 */
function warnIfStale() {
  const built = statSync(path.join(repoRoot, 'dist', 'src', 'index.js'), { throwIfNoEntry: false });
  if (!built) return;
  const newest = ['src', 'rules']
    .flatMap((dir) =>
      readdirSync(path.join(repoRoot, dir), { recursive: true, encoding: 'utf8' }).map((file) => path.join(repoRoot, dir, file)),
    )
    .filter((file) => file.endsWith('.ts'))
    .reduce((latest, file) => Math.max(latest, statSync(file).mtimeMs), 0);
  if (newest > built.mtimeMs)
    console.error('warning: dist/ is older than src/ or rules/: this measures an old build (run `npm run build`, or `npm run bench`)');
}

/** @param {string | null} pluginPath */
function loadTools(pluginPath) {
  /** @type {typeof import('eslint')} */
  const { ESLint, Linter } = requireAs(require, 'eslint');
  const eslintDir = path.dirname(require.resolve('eslint/package.json'));
  // Not exported by ESLint; used so that both sides get a config normalised once, as the ESLint class does.
  /** @type {{ FlatConfigArray: new (configs: import('eslint').Linter.Config[], options: { basePath: string }) => ConfigArray & { normalizeSync(): void } }} */
  const { FlatConfigArray } = requireAs(require, path.join(eslintDir, 'lib/config/flat-config-array.js'));
  /** @type {typeof import('@typescript-eslint/parser')} */
  const tsParser = requireAs(require, '@typescript-eslint/parser');
  const pluginRoot = pluginPath ?? repoRoot;
  if (!pluginPath) warnIfStale();
  const pluginRequire = createRequire(path.join(pluginRoot, 'package.json'));
  /** @type {Plugin} */
  let plugin;
  try {
    plugin = pluginPath ? requireAs(pluginRequire, pluginRoot) : requireAs(require, 'eslint-plugin-mcp-meta');
  } catch (err) {
    throw new Error(`cannot load the built plugin (run \`npm run build\`): ${/** @type {Error} */ (err).message}`);
  }
  // The plugin's own registry resolution and text check, to split the marginal by "can this file write _meta?".
  /** @type {typeof import('../src/registry/index.js')} */
  const { resolveRegistryForFile } = requireAs(pluginRequire, path.join(pluginRoot, 'dist/src/registry/index.js'));
  /** @type {typeof import('../src/analysis/find-meta-writes.js')} */
  const { mayWriteMeta } = requireAs(pluginRequire, path.join(pluginRoot, 'dist/src/analysis/find-meta-writes.js'));
  return {
    ESLint,
    Linter,
    FlatConfigArray,
    tsParser,
    plugin,
    pluginEntry: pluginRequire.resolve(pluginRoot),
    resolveRegistryForFile,
    mayWriteMeta,
    eslintVersion: ESLint.version,
    /** With `--aa`: the control side's plugin, our rules from a copy of the build (`loadPluginCopy`). */
    controlPlugin: /** @type {Plugin | null} */ (null),
  };
}

/**
 * Our plugin loaded again from a copy of its build in a temporary folder (dependencies from this checkout's
 * node_modules): the same code as a second, separate module instance with its own caches, for `--aa`. Returns the
 * plugin and a function that removes the copy.
 * @param {string | null} pluginPath
 * @returns {{ plugin: Plugin, remove: () => void }}
 */
function loadPluginCopy(pluginPath) {
  const root = pluginPath ?? repoRoot;
  const copy = mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-aa-'));
  try {
    cpSync(path.join(root, 'dist'), path.join(copy, 'dist'), { recursive: true });
    cpSync(path.join(root, 'package.json'), path.join(copy, 'package.json'));
    symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
    /** @type {Plugin} */
    const plugin = requireAs(createRequire(path.join(copy, 'package.json')), copy);
    return { plugin, remove: () => rmSync(copy, { recursive: true, force: true }) };
  } catch (err) {
    rmSync(copy, { recursive: true, force: true });
    throw err;
  }
}

/** @param {Plugin} plugin */
function ruleIds(plugin) {
  return Object.keys(plugin.rules).map((name) => `mcp-meta/${name}`);
}

/** @param {string} dir @returns {{ settings?: { 'mcp-meta': { registry: string } } }} */
function registrySettings(dir) {
  const registry = path.join(dir, 'mcp-meta.registry.json');
  return existsSync(registry) ? { settings: { 'mcp-meta': { registry } } } : {};
}

/**
 * Flat config of one side: 'parse' (parser only), 'plugin' (parser + every rule of ours) or 'stand-in' (our rule
 * names, each `create()` returning `{}`: what ESLint itself costs for any plugin with that many rules). `probe`: one more
 * rule, created after the side's rules for every file.
 * @param {Pick<Tools, 'tsParser' | 'plugin'>} tools
 * @param {LintSide} side
 * @param {string} dir
 * @param {boolean} typed
 * @param {import('eslint').Rule.RuleModule | null} [probe]
 * @returns {import('eslint').Linter.Config[]}
 */
function makeConfig({ tsParser, plugin }, side, dir, typed, probe = null) {
  /** @type {import('eslint').Linter.LanguageOptions} */
  const languageOptions = { parser: tsParser, sourceType: 'module' };
  if (typed) languageOptions.parserOptions = { projectService: true, tsconfigRootDir: dir };
  /** @type {import('eslint').Linter.Config[]} */
  const config = [{ files: PATTERNS, languageOptions }];
  if (side === 'plugin' || side === 'stand-in') {
    const used = side === 'plugin' ? plugin : standInPlugin(plugin);
    /** @type {import('eslint').Linter.RulesRecord} */
    const rules = Object.fromEntries(ruleIds(used).map((id) => [id, 'error']));
    config.push({
      files: PATTERNS,
      plugins: { 'mcp-meta': probe ? { ...used, rules: { ...used.rules, 'zz-probe': probe } } : used },
      rules: probe ? { ...rules, 'mcp-meta/zz-probe': 'error' } : rules,
      ...registrySettings(dir),
    });
  } else if (probe) {
    config.push({ files: PATTERNS, plugins: { probe: { rules: { probe } } }, rules: { 'probe/probe': 'error' } });
  }
  return config;
}

/** A plugin with our rule names whose `create()` returns `{}`: ESLint's own cost for any plugin with that many rules. */
/** @param {Plugin} plugin @returns {Plugin} */
function standInPlugin(plugin) {
  const rules = Object.fromEntries(Object.keys(plugin.rules).map((name) => [name, { meta: { schema: [] }, create: () => ({}) }]));
  return { meta: { name: 'mcp-meta' }, rules };
}

/**
 * @param {Tools} tools @param {LintSide} side @param {string} dir @param {boolean} [typed]
 * @param {import('eslint').Rule.RuleModule | null} [probe]
 * @returns {import('eslint').ESLint}
 */
function makeESLint(tools, side, dir, typed = false, probe = null) {
  return new tools.ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: makeConfig(tools, side, dir, typed, probe),
    stats: true,
    errorOnUnmatchedPattern: false,
  });
}

/** Sums `stats` of a lint run: parse time, per-rule times, findings and fatal errors. */
/** @param {import('eslint').ESLint.LintResult[]} results */
function summarize(results) {
  /** @type {Record<string, number>} */
  const rules = {};
  let parse = 0;
  /** @type {Finding[]} */
  const findings = [];
  /** @type {string[]} */
  const fatal = [];
  for (const r of results) {
    for (const m of r.messages) {
      if (m.fatal) fatal.push(`${r.filePath}:${m.line} ${m.message}`);
      // A real code base's `eslint-disable` comments name rules this lint does not load: not our findings.
      else if (m.ruleId?.startsWith('mcp-meta/')) findings.push({ file: r.filePath, line: m.line, column: m.column, ruleId: m.ruleId });
    }
    for (const pass of r.stats?.times?.passes ?? []) {
      parse += pass.parse?.total ?? 0;
      for (const [id, t] of Object.entries(pass.rules ?? {})) rules[id] = (rules[id] ?? 0) + (t.total ?? 0);
    }
  }
  return { rules, parse, findings, fatal };
}

/** @param {import('eslint').ESLint} eslint */
async function timedLint(eslint) {
  const t0 = performance.now();
  const results = await eslint.lintFiles(PATTERNS);
  return { wall: performance.now() - t0, results };
}

/** The corpus as ESLint lints it by default: every TypeScript file under DIR outside node_modules and .git. */
/** @param {string} dir */
function listFiles(dir) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((rel) => TS_FILE.test(rel) && !rel.split(path.sep).some((part) => part === 'node_modules' || part === '.git'))
    .map((rel) => path.join(dir, rel))
    .sort();
}

// ---------------------------------------------------------------------------------------------------------------
// The marginal cost: parse-only lint vs lint with our rules on independently parsed SourceCode objects.

/** One `Linter` and the normalised configs of each side (`typed`: parserOptions.projectService on every side). */
/**
 * @param {Pick<Tools, 'Linter' | 'FlatConfigArray' | 'tsParser' | 'plugin'> & Partial<Pick<Tools, 'controlPlugin'>>} tools @param {string} dir @param {boolean} [typed]
 * @returns {import('./bench-batch.mjs').Runner & { configs: { control: ConfigArray } }}
 */
function makeLinterAndConfigs(tools, dir, typed = false) {
  // ESLint's public `Linter` types take config objects, not its internal `FlatConfigArray` (which `verify` accepts):
  // the bench's own narrower view of it.
  const linter = /** @type {import('./bench-batch.mjs').BenchLinter} */ (
    /** @type {unknown} */ (new tools.Linter({ cwd: dir, configType: 'flat' }))
  );
  /** @param {LintSide} side @param {Plugin} [plugin] @returns {ConfigArray} */
  const configArray = (side, plugin = tools.plugin) => {
    const array = new tools.FlatConfigArray(makeConfig({ ...tools, plugin }, side, dir, typed), { basePath: dir });
    array.normalizeSync();
    return array;
  };
  // `control` is a second parse-only config object: timed like the rules side, it shows the method's own noise. With
  // `--aa` it is our rules again, from a copy of the build: the method's bias on the side that matters.
  const control = tools.controlPlugin ? configArray('plugin', tools.controlPlugin) : configArray('parse');
  return { linter, configs: { parse: configArray('parse'), plugin: configArray('plugin'), control } };
}

/**
 * @typedef {'bare' | 'rules' | 'control'} MarginalSide
 * @typedef {{ wall: number, cpu: number }} Clocks
 * @typedef {{ parseLint: number } & Partial<Record<MarginalSide, number>>} SideTimes
 * @typedef {{ wall: SideTimes, cpu: SideTimes, messages: import('eslint').Linter.LintMessage[] }} FileMeasure
 */

/**
 * @param {Pick<Tools, 'Linter' | 'FlatConfigArray' | 'tsParser' | 'plugin'> & Partial<Pick<Tools, 'controlPlugin'>>} tools @param {string} dir @param {boolean} [typed]
 * @param {import('./bench-batch.mjs').SideOrder} [order]
 * @returns {(filename: string, text: string, turn: number, control?: boolean) => FileMeasure}
 */
function makeMarginalRunner(tools, dir, typed = false, order = 'shuffle') {
  const { linter, configs } = makeLinterAndConfigs(tools, dir, typed);
  const random = seededRandom(1);
  const configOf = { bare: configs.parse, rules: configs.plugin, control: configs.control };
  // Wall time, and CPU time of this process (all its threads, so garbage collection is included), which other
  // processes on a shared machine disturb much less than wall time.
  const start = () => ({ wall: performance.now(), cpu: process.cpuUsage() });
  /** @param {{ wall: number, cpu: NodeJS.CpuUsage }} t0 @returns {Clocks} */
  const since = (t0) => {
    const cpu = process.cpuUsage(t0.cpu);
    return { wall: performance.now() - t0.wall, cpu: (cpu.user + cpu.system) / 1000 };
  };
  /** @type {<T>(fn: () => T) => Clocks & { result: T }} */
  const timed = (fn) => {
    const t0 = start();
    const result = fn();
    return { ...since(t0), result };
  };
  /**
   * One file: { wall, cpu } each with parseLint (parse-only lint from text), bare and rules (timed verifies of
   * independently parsed SourceCode objects, without and with our rules; with `control`, also a second parse-only
   * verify), and the rules' messages. The order in which the SourceCode objects are made and the order in which they
   * are timed are drawn afresh for each file (`order`, see `SideOrder`; `turn` is only the old rotation's), so that no
   * side is always the first, the last or the youngest in memory, and none has a fixed place in the file sequence.
   */
  return function measureFile(filename, text, turn, control = false) {
    /** @type {MarginalSide[]} */
    const sides = control ? ['bare', 'rules', 'control'] : ['bare', 'rules'];
    const parseLint = timed(() => linter.verify(text, configs.parse, { filename }));
    /** @type {Partial<Record<MarginalSide, import('eslint').SourceCode>>} */
    const sourceCodes = {};
    const { made, timed: timedOrder } = sideOrders(sides, order, random, turn);
    let first = true;
    for (const side of made) {
      if (!first) linter.verify(text, configs.parse, { filename });
      first = false;
      sourceCodes[side] = linter.getSourceCode();
    }
    // Config lookup for this file, outside the timed part (the ESLint class also computes it once per file).
    configs.plugin.getConfig(filename);
    configs.control.getConfig(filename);
    /** @type {Partial<Record<MarginalSide, Clocks & { result: import('eslint').Linter.LintMessage[] }>>} */
    const runs = {};
    for (const side of timedOrder) {
      const parsed = /** @type {import('eslint').SourceCode} */ (sourceCodes[side]);
      runs[side] = timed(() => linter.verify(parsed, configOf[side], { filename }));
    }
    const ran = /** @type {Record<MarginalSide, Clocks & { result: import('eslint').Linter.LintMessage[] }>} */ (runs);
    /** @param {keyof Clocks} clock @returns {SideTimes} */
    const pick = (clock) => ({ parseLint: parseLint[clock], ...Object.fromEntries(sides.map((side) => [side, ran[side][clock]])) });
    return { wall: pick('wall'), cpu: pick('cpu'), messages: ran.rules.result };
  };
}

/** Can this file write `_meta` under its manifest (the plugin's own cheap text check)? Unknown manifest: 'error'. */
/** @param {Tools} tools @param {string} dir @param {string} filename @param {string} text @returns {WriteClass} */
function writeClass(tools, dir, filename, text) {
  const resolved = tools.resolveRegistryForFile(filename, registrySettings(dir).settings ?? {}, dir);
  if (!resolved.ok) return 'error';
  return tools.mayWriteMeta(text, resolved.registry) ? 'may-write' : 'cannot-write';
}

/** @type {Array<keyof Clocks>} */
const CLOCKS = ['wall', 'cpu'];

/**
 * @typedef {{ files: number, parseLint: number, diff: number }} ClassSum
 * @typedef {{ parseLint: number, bare: number, rules: number, control: number, byClass: Partial<Record<WriteClass, ClassSum>>, marginal: number, controlMarginal: number }} ClockSum
 * @typedef {{ findings: number, fatal: string[], wall: ClockSum, cpu: ClockSum }} MarginalRound
 */

/**
 * @param {Tools} tools @param {string} dir @param {string[]} files @param {number} rounds @param {boolean} control
 * @param {boolean} [typed] @param {import('./bench-batch.mjs').SideOrder} [order]
 * @returns {MarginalRound[]}
 */
function marginalRounds(tools, dir, files, rounds, control, typed = false, order = 'shuffle') {
  const measureFile = makeMarginalRunner(tools, dir, typed, order);
  const texts = files.map((f) => readFileSync(f, 'utf8'));
  const classes = files.map((f, i) => writeClass(tools, dir, f, texts[i]));
  const perRound = [];
  for (let round = 0; round < rounds; round += 1) {
    /** @type {() => ClockSum} */
    const zero = () => ({ parseLint: 0, bare: 0, rules: 0, control: 0, byClass: {}, marginal: 0, controlMarginal: 0 });
    /** @type {MarginalRound} */
    const acc = { findings: 0, fatal: [], wall: zero(), cpu: zero() };
    for (let i = 0; i < files.length; i += 1) {
      const m = measureFile(files[i], texts[i], i + round, control);
      for (const clock of CLOCKS) {
        const a = acc[clock];
        const t = m[clock];
        a.parseLint += t.parseLint;
        const bare = t.bare ?? 0;
        const rules = t.rules ?? 0;
        a.bare += bare;
        a.rules += rules;
        a.control += t.control ?? 0;
        const c = (a.byClass[classes[i]] ??= { files: 0, parseLint: 0, diff: 0 });
        c.files += 1;
        c.parseLint += t.parseLint;
        c.diff += rules - bare;
      }
      for (const msg of m.messages) {
        if (msg.fatal) acc.fatal.push(`${files[i]}:${msg.line} ${msg.message}`);
        else if (msg.ruleId?.startsWith('mcp-meta/')) acc.findings += 1;
      }
    }
    for (const clock of CLOCKS) {
      const a = acc[clock];
      a.marginal = (a.rules - a.bare) / a.parseLint;
      if (control) a.controlMarginal = (a.control - a.bare) / a.parseLint;
    }
    perRound.push(acc);
    /** @param {keyof Clocks} clock */
    const describe = (clock) => {
      const a = acc[clock];
      const split = Object.entries(/** @type {Record<string, ClassSum>} */ (a.byClass))
        .map(([name, c]) => `${name} ${c.files} files ${pct(c.diff / a.parseLint)}`)
        .join(', ');
      const noise = control ? `; control ${pct(a.controlMarginal)}` : '';
      return `${clock.padEnd(4)} ${pct(a.marginal).padStart(6)}${noise} (rules - no rules ${ms(a.rules - a.bare)} / parse-only lint ${ms(a.parseLint)}; verify of parsed code ${ms(a.bare)} -> ${ms(a.rules)}; ${split})`;
    };
    console.log(`  round ${round + 1}: ${describe('wall')}  load ${os.loadavg()[0].toFixed(2)}`);
    console.log(`           ${describe('cpu')}`);
    if (acc.fatal.length > 0) console.log(`    ${acc.fatal.length} fatal messages, first: ${acc.fatal[0]}`);
  }
  return perRound;
}

/**
 * Marginal per line at one size: `count` generated producer files of about `lines` lines (different seeds, the same
 * shape), batch-timed together (scripts/bench-batch.mjs), `rounds` times; per line = (rules - no rules) / lines.
 */
/** @param {Tools} tools @param {string} dir @param {number} lines @param {number} count @param {number} rounds */
function perLineCost(tools, dir, lines, count, rounds) {
  const runner = makeLinterAndConfigs(tools, dir);
  const generated = Array.from({ length: count }, (_, k) => generateProducerFile({ lines, seed: 5 + k }));
  const items = generated.map((file) => ({ filename: path.join(dir, file.rel), text: file.text }));
  const totalLines = sum(generated.map((file) => file.lines));
  batchRounds(runner, items, 1); // warm-up
  const perRound = batchRounds(runner, items, rounds);
  /** @param {keyof Clocks} clock @param {'perFileUs'} key */
  const perLine = (clock, key) => median(perRound.map((r) => (r[clock][key] * items.length) / totalLines));
  return {
    lines: Math.round(totalLines / count),
    files: count,
    rounds,
    wall: { marginalPerLine: perLine('wall', 'perFileUs'), share: median(perRound.map((r) => r.wall.share)) },
    cpu: { marginalPerLine: perLine('cpu', 'perFileUs'), share: median(perRound.map((r) => r.cpu.share)) },
    rawCpu: perRound.map((r) => (r.cpu.perFileUs * items.length) / totalLines),
  };
}

/** Up to `limit` of the files that cannot write `_meta`, spread evenly over the corpus, with their texts. */
/** @param {string[]} files @param {string[]} texts @param {WriteClass[]} classes @param {number} limit */
function cannotWriteSample(files, texts, classes, limit) {
  const all = files.map((filename, i) => ({ filename, text: texts[i] })).filter((_, i) => classes[i] === 'cannot-write');
  const step = Math.max(1, all.length / limit);
  const items = [];
  for (let at = 0; at < all.length && items.length < limit; at += step) items.push(all[Math.floor(at)]);
  return items;
}

/**
 * The rules' own time on files that cannot write `_meta` (their `create()`: the manifest look-up with its `stat`, the
 * text check), timed directly on up to `limit` of them spread evenly over the corpus, each freshly parsed; µs per
 * file, median of `rounds`. The marginal's per-file split gives the same cost with everything it causes.
 */
/**
 * @param {Tools} tools @param {string} dir @param {string[]} files @param {string[]} texts @param {WriteClass[]} classes
 * @param {number} rounds @param {number} limit
 */
function cannotWriteCreateTime(tools, dir, files, texts, classes, rounds, limit) {
  const items = cannotWriteSample(files, texts, classes, limit);
  if (items.length === 0) return null;
  const timer = { ms: 0 };
  const timedRunner = makeLinterAndConfigs({ ...tools, plugin: withTimedCreate(tools.plugin, timer) }, dir);
  return { files: items.length, us: median(Array.from({ length: rounds }, () => createTimePerFile(timedRunner, timer, items))) };
}

/**
 * ESLint's own floor for files that cannot write `_meta`: the same method (fresh parse per side, rotating order, rounds,
 * median), on up to `limit` such files, for our plugin and for a stand-in with our rule names whose
 * `create()` returns `{}`. What any plugin with that many rules costs per file (ESLint makes a rule context and calls `create`
 * for every enabled rule of every file) against what ours costs beyond that (the manifest look-up and the text check).
 */
/**
 * @param {Tools} tools @param {string} dir @param {string[]} files @param {string[]} texts @param {WriteClass[]} classes
 * @param {number} rounds @param {number} limit
 */
function cannotWriteFloor(tools, dir, files, texts, classes, rounds, limit) {
  const items = cannotWriteSample(files, texts, classes, limit);
  if (items.length === 0) return null;
  const standIn = standInPlugin(tools.plugin);
  /** @param {Plugin} plugin */
  const perFileUs = (plugin) => {
    const measureFile = makeMarginalRunner({ ...tools, plugin }, dir);
    const perRound = [];
    for (let round = 0; round < rounds; round += 1) {
      let diff = 0;
      items.forEach((item, i) => {
        const m = measureFile(item.filename, item.text, i + round);
        diff += (m.cpu.rules ?? 0) - (m.cpu.bare ?? 0);
      });
      perRound.push((diff * 1000) / items.length);
    }
    return median(perRound);
  };
  // Alternate which plugin goes first, so neither always runs on a warmer process.
  const ours1 = perFileUs(tools.plugin);
  const empty1 = perFileUs(standIn);
  const empty2 = perFileUs(standIn);
  const ours2 = perFileUs(tools.plugin);
  return { files: items.length, oursUs: (ours1 + ours2) / 2, emptyUs: (empty1 + empty2) / 2 };
}

// ---------------------------------------------------------------------------------------------------------------
// Child mode: lint once with one side and report peak RSS, or (side 'live:<side>', run with --expose-gc) the live heap
// after a full GC at each file, once every rule's create() has run for it: the memory a side keeps alive while
// ESLint works, without the garbage collector's timing, which moves peak RSS by tens of MB from run to run.

/** @param {string} side @param {string} dir @param {string | null} pluginPath */
async function child(side, dir, pluginPath) {
  const tools = loadTools(pluginPath);
  /** @type {number[] | null} */
  const live = side.startsWith('live:') ? [] : null;
  const gc = globalThis.gc;
  if (live && typeof gc !== 'function') throw new Error(`--child ${side} needs node --expose-gc (runChild passes it)`);
  /** @type {import('eslint').Rule.RuleModule | null} */
  const probe = live && {
    meta: { schema: [] },
    create() {
      /** @type {() => void} */ (gc)();
      live.push(process.memoryUsage().heapUsed);
      return {};
    },
  };
  const lintSide = live ? side.slice('live:'.length) : side;
  const { wall, results } = await timedLint(makeESLint(tools, /** @type {LintSide} */ (lintSide), dir, false, probe));
  const s = summarize(results);
  process.stdout.write(
    `${JSON.stringify({ side, wall, files: results.length, findings: s.findings.length, maxRSS: process.resourceUsage().maxRSS, liveHeap: live && median(live) })}\n`,
  );
}

/**
 * @param {string} side @param {string} dir @param {string | null} pluginPath
 * @returns {{ side: string, wall: number, files: number, findings: number, maxRSS: number, liveHeap: number | null }}
 */
function runChild(side, dir, pluginPath) {
  const args = [
    ...(side.startsWith('live:') ? ['--expose-gc'] : []),
    fileURLToPath(import.meta.url),
    '--child',
    side,
    dir,
    ...(pluginPath ? ['--plugin', pluginPath] : []),
  ];
  const res = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (res.status !== 0) throw new Error(`child ${side} failed: ${res.stderr}`);
  /** @type {unknown} */
  const report = JSON.parse(res.stdout.trim().split('\n').pop() ?? '');
  return /** @type {ReturnType<typeof runChild>} */ (report);
}

// ---------------------------------------------------------------------------------------------------------------
// oxlint with the plugin through jsPlugins

/**
 * Stand-ins for the plugin under oxlint, to split its cost: our rule names whose `create()` returns `{}`
 * ('empty': loading a JS plugin and calling create per file, no AST in JavaScript), reads the file's text first and
 * returns `{}` ('text': what our per-file text check needs oxlint to hand over), or returns one `Program` listener
 * ('program': every file's AST handed to JavaScript, nothing done with it).
 */
/** @param {string[]} ruleNames @param {'empty' | 'text' | 'program'} mode */
function floorPluginSource(ruleNames, mode) {
  const body = { empty: '({})', text: '(void context.sourceCode.text, {})', program: '({ Program() {} })' }[mode];
  const rules = ruleNames.map((name) => `${JSON.stringify(name)}: { meta: { schema: [] }, create: (context) => ${body} }`).join(',\n  ');
  return `module.exports = { meta: { name: 'mcp-meta' }, rules: {\n  ${rules}\n} };\n`;
}

/**
 * @typedef {{ filename?: string, code?: string, message?: string, labels?: Array<{ span: { line: number } }> }} OxlintDiagnostic
 * @typedef {{ wall: number, files: number | undefined, findings: Finding[], other: OxlintDiagnostic[], threads: number | undefined, status: number | null }} OxlintRun
 */

/**
 * `mode`: 'plugin' (ours), 'bare' (no rules), 'empty', 'text' or 'program' (the stand-ins of `floorPluginSource`).
 * @param {string} dir @param {Tools} tools @param {'plugin' | 'bare' | 'empty' | 'text' | 'program'} mode
 * @returns {OxlintRun | { error: string }}
 */
function runOxlint(dir, tools, mode) {
  const bin = path.join(repoRoot, 'node_modules/.bin/oxlint');
  if (!existsSync(bin)) return { error: 'oxlint is not installed (node_modules/.bin/oxlint missing)' };
  const cfgDir = mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-oxlint-'));
  const cfgPath = path.join(cfgDir, '.oxlintrc.json');
  let entry = tools.pluginEntry;
  if (mode !== 'plugin' && mode !== 'bare') {
    entry = path.join(cfgDir, 'floor-plugin.cjs');
    writeFileSync(entry, floorPluginSource(Object.keys(tools.plugin.rules), mode));
  }
  const cfg = {
    plugins: [],
    categories: { correctness: 'off' },
    ...(mode !== 'bare'
      ? {
          jsPlugins: [entry],
          rules: Object.fromEntries(ruleIds(tools.plugin).map((id) => [id, 'error'])),
          ...registrySettings(dir),
        }
      : { rules: {} }),
  };
  writeFileSync(cfgPath, JSON.stringify(cfg, null, 2));
  const t0 = performance.now();
  const res = spawnSync(bin, ['-c', cfgPath, '-f', 'json', dir], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 });
  const wall = performance.now() - t0;
  rmSync(cfgDir, { recursive: true, force: true });
  /** @type {{ diagnostics?: OxlintDiagnostic[], number_of_files?: number, threads_count?: number }} */
  let json;
  try {
    /** @type {unknown} */
    const parsed = JSON.parse(res.stdout);
    json = /** @type {typeof json} */ (parsed);
  } catch {
    return { error: `oxlint exited ${res.status} without JSON output: ${(res.stderr || res.stdout).trim().slice(0, 800)}` };
  }
  const diagnostics = json.diagnostics ?? [];
  /** @param {OxlintDiagnostic} d */
  const isOurs = (d) => String(d.code ?? '').startsWith('mcp-meta(');
  const findings = diagnostics.filter(isOurs).map((d) => ({
    file: path.resolve(dir, d.filename ?? ''),
    line: d.labels?.[0]?.span.line ?? 0,
    ruleId: String(d.code).replace(/^mcp-meta\((.*)\)$/, 'mcp-meta/$1'),
  }));
  return {
    wall,
    files: json.number_of_files,
    findings,
    other: diagnostics.filter((d) => !isOurs(d)),
    threads: json.threads_count,
    status: res.status,
  };
}

/** @param {Finding} f */
const findingKey = (f) => `${f.file}:${f.line} ${f.ruleId}`;

/** Findings of one host missing from the other's, both ways (file, line, rule). */
/** @param {Finding[]} eslintFindings @param {Finding[]} oxlintFindings */
function compareFindings(eslintFindings, oxlintFindings) {
  const a = new Set(eslintFindings.map(findingKey));
  const b = new Set(oxlintFindings.map(findingKey));
  return { onlyEslint: [...a].filter((k) => !b.has(k)), onlyOxlint: [...b].filter((k) => !a.has(k)) };
}

// ---------------------------------------------------------------------------------------------------------------
// Warm long-lived lintText on a 1,000-line producer file

/** @param {Tools} tools @param {number} calls */
async function warmLintText(tools, calls) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-warm-'));
  try {
    generateCorpus(dir, { files: 40, seed: 11, violations: 0 });
    const { rel, text, lines } = generateProducerFile({ lines: 1000, seed: 5 });
    const filePath = path.join(dir, rel);
    const plugin = makeESLint(tools, 'plugin', dir);
    const parse = makeESLint(tools, 'parse', dir);
    /** @type {number[]} */
    const share = [];
    /** @type {number[]} */
    const wallPlugin = [];
    /** @type {number[]} */
    const wallParse = [];
    let findings = 0;
    for (let i = 0; i < calls + 10; i += 1) {
      let t0 = performance.now();
      const [res] = await plugin.lintText(text, { filePath });
      const w = performance.now() - t0;
      t0 = performance.now();
      await parse.lintText(text, { filePath });
      const wp = performance.now() - t0;
      if (i < 10) continue; // warm-up
      const s = summarize([res]);
      findings = s.findings.length;
      share.push(sum(Object.values(s.rules)));
      wallPlugin.push(w);
      wallParse.push(wp);
    }
    // The same file by the marginal method (independently parsed SourceCode objects, alternating order).
    const measureFile = makeMarginalRunner(tools, dir);
    /** @type {Record<keyof Clocks, number[]>} */
    const diffs = { wall: [], cpu: [] };
    for (let i = 0; i < calls + 5; i += 1) {
      const m = measureFile(filePath, text, i);
      if (i < 5) continue;
      for (const clock of CLOCKS) diffs[clock].push((m[clock].rules ?? 0) - (m[clock].bare ?? 0));
    }
    return {
      lines,
      share: median(share),
      marginal: median(diffs.wall),
      marginalCpu: median(diffs.cpu),
      wallPlugin: median(wallPlugin),
      wallParse: median(wallParse),
      findings,
      samples: share.length,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (o.child) {
    if (!o.dir) throw new Error(`--child ${o.child} needs DIR`);
    return child(o.child, o.dir, o.plugin);
  }

  const tools = loadTools(o.plugin);
  const ids = ruleIds(tools.plugin);
  const aaCopy = o.aa ? loadPluginCopy(o.plugin) : null;
  if (aaCopy) {
    tools.controlPlugin = aaCopy.plugin;
    process.once('exit', aaCopy.remove);
  }
  let dir = o.dir;
  let generated = null;
  if (!dir) {
    dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-bench-'));
    const t0 = performance.now();
    const generatedDir = dir;
    const cleanup = () => {
      if (!o.keep) rmSync(generatedDir, { recursive: true, force: true });
      process.exit(130);
    };
    process.once('SIGINT', cleanup);
    process.once('SIGTERM', cleanup);
    generated = generateCorpus(dir, { files: o.files, seed: o.seed, violations: o.violations });
    console.log(
      `generated corpus in ${dir} (${ms(performance.now() - t0)}), ${o.files} files, seed ${o.seed}, ${generated.expected.length} seeded violations`,
    );
  }
  /** @type {Record<string, unknown>} */
  const out = {
    date: new Date().toISOString(),
    node: process.version,
    eslint: tools.eslintVersion,
    cpus: os.cpus().length,
    loadavg: os.loadavg(),
    dir,
    rounds: o.rounds,
    quick: o.quick,
  };
  console.log(
    `node ${process.version}, ESLint ${tools.eslintVersion}, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}${o.quick ? ', --quick' : ''}`,
  );
  console.log(`plugin ${tools.pluginEntry}; rules: ${ids.join(', ')}`);
  /** @param {boolean} ok @param {string} text */
  const line = (ok, text) => console.log(`${ok ? 'PASS' : 'FAIL'} ${text}`);
  /** @type {Array<[boolean, string]>} */
  const verdicts = [];

  try {
    const files = listFiles(dir);
    const lineCount = sum(files.map((f) => readFileSync(f, 'utf8').split('\n').length - 1));
    Object.assign(out, { files: files.length, lines: lineCount });
    console.log(`corpus: ${files.length} files, ${lineCount} lines`);

    // --- headline: the marginal cost, several rounds
    let findings = null;
    if (o.rounds > 0) {
      const orderText = o.order === 'shuffle' ? 'seeded random order' : 'order rotated by file index';
      console.log(`\nmarginal cost of the rules (independently parsed SourceCode per side, ${orderText}), ${o.rounds} rounds:`);
      const rounds = marginalRounds(tools, dir, files, o.rounds, o.control, false, o.order);
      const marginal = median(rounds.map((r) => r.wall.marginal));
      const marginalCpu = median(rounds.map((r) => r.cpu.marginal));
      const classes = [...new Set(rounds.flatMap((r) => Object.keys(r.wall.byClass)))];
      const byClass = Object.fromEntries(
        classes.map((name) => {
          /** @param {keyof Clocks} clock */
          const of = (clock) => {
            const cs = rounds.map((r) => /** @type {ClassSum} */ (r[clock].byClass[/** @type {WriteClass} */ (name)]));
            return {
              share: median(cs.map((c, i) => c.diff / rounds[i][clock].parseLint)),
              perFileUs: median(cs.map((c) => (c.diff * 1000) / c.files)),
            };
          };
          return [
            name,
            {
              files: /** @type {ClassSum} */ (rounds[0].wall.byClass[/** @type {WriteClass} */ (name)]).files,
              wall: of('wall'),
              cpu: of('cpu'),
            },
          ];
        }),
      );
      findings = rounds[0].findings;
      /** @type {Record<string, unknown>} */
      const marginalOut = {
        median: marginal,
        medianCpu: marginalCpu,
        rounds: rounds.map((r) => ({ wall: r.wall, cpu: r.cpu })),
        byClass,
        findings,
      };
      out.marginal = marginalOut;
      console.log(
        `marginal, wall time (median of ${o.rounds})  ${pct(marginal)}   [${rounds.map((r) => pct(r.wall.marginal)).join(', ')}]`,
      );
      console.log(
        `marginal, CPU time (median of ${o.rounds})   ${pct(marginalCpu)}   [${rounds.map((r) => pct(r.cpu.marginal)).join(', ')}]`,
      );
      if (o.control) {
        /** @param {keyof Clocks} clock */
        const noise = (clock) => median(rounds.map((r) => r[clock].controlMarginal));
        marginalOut.control = { wall: noise('wall'), cpu: noise('cpu') };
        console.log(
          o.aa
            ? `A/A control (our rules again, from a copy of the build, same method): wall ${pct(noise('wall'))}, CPU ${pct(noise('cpu'))}: must agree with the marginal above within the noise`
            : `control (no rules vs no rules, same method): wall ${pct(noise('wall'))}, CPU ${pct(noise('cpu'))}: the method's own bias and noise`,
        );
      }
      for (const [name, c] of Object.entries(byClass)) {
        const what = name === 'may-write' ? 'may write _meta' : name === 'cannot-write' ? 'cannot write _meta' : 'have no usable manifest';
        console.log(
          `  files that ${what}: ${c.files}; wall ${pct(c.wall.share)} of the parse-only lint (${us(c.wall.perFileUs)} per file), CPU ${pct(c.cpu.share)} (${us(c.cpu.perFileUs)} per file)`,
        );
      }
      console.log(`findings                           ${findings}${generated ? ` (seeded: ${generated.expected.length})` : ''}`);
      verdicts.push([
        marginal <= 0.02,
        `marginal cost ${pct(marginal)} wall, ${pct(marginalCpu)} CPU of a parse-only lint (target <= 2%, moonshot <= 1%${Math.max(marginal, marginalCpu) <= 0.01 ? ': met' : ''})`,
      ]);
      const cannot = byClass['cannot-write'];
      if (cannot) {
        // The rules' create() on such files, timed directly: what the split above attributes to them, minus GC and
        // ESLint's own per-rule set-up.
        const fileTexts = files.map((f) => readFileSync(f, 'utf8'));
        const fileClasses = files.map((f, i) => writeClass(tools, dir, f, fileTexts[i]));
        const own = cannotWriteCreateTime(tools, dir, files, fileTexts, fileClasses, o.rounds, o.quick ? 150 : 300);
        /** @type {Record<string, unknown>} */
        const cannotWriteOut = { ...cannot, createUs: own?.us ?? null };
        out.cannotWrite = cannotWriteOut;
        console.log(
          `files that cannot write _meta: ${us(cannot.wall.perFileUs)} wall, ${us(cannot.cpu.perFileUs)} CPU per file (median of ${o.rounds} rounds) = ${pct(cannot.wall.share)} / ${pct(cannot.cpu.share)} of the corpus's parse-only lint` +
            (own ? `; the rules' create() on ${own.files} of them, timed directly: ${us(own.us)} per file` : ''),
        );
        const floor = cannotWriteFloor(tools, dir, files, fileTexts, fileClasses, o.rounds, o.quick ? 150 : 300);
        if (floor) {
          cannotWriteOut.floor = floor;
          console.log(
            `  ESLint's floor on ${floor.files} of them (CPU, same method, median of ${o.rounds} rounds, two runs each): a stand-in plugin of ${ids.length} rules whose create() returns {} ${us(floor.emptyUs)} per file; ours ${us(floor.oursUs)}; ours beyond the floor ${us(floor.oursUs - floor.emptyUs)}`,
          );
        }
        verdicts.push([
          Math.min(cannot.wall.share, cannot.cpu.share) <= 0.001,
          `files that cannot write _meta cost ${us(cannot.wall.perFileUs)} wall, ${us(cannot.cpu.perFileUs)} CPU per file = ${pct(cannot.wall.share)} / ${pct(cannot.cpu.share)} of the parse-only lint (target ~0: <= 0.1%)`,
        ]);
      }
      if (generated)
        verdicts.push([
          findings === generated.expected.length,
          `findings equal the seeded violations (${findings} of ${generated.expected.length})`,
        ]);
    } else {
      console.log('\nmarginal cost: skipped (--rounds 0)');
    }

    // --- second line: ESLint's own per-rule stats, ESLint class over the directory
    const sides = { parse: makeESLint(tools, 'parse', dir), plugin: makeESLint(tools, 'plugin', dir) };
    /** @type {Record<'parse' | 'plugin', number[]>} */
    const walls = { parse: [], plugin: [] };
    /** @type {number[]} */
    const ruleTotals = [];
    /** @type {Record<string, number[]>} */
    const perRule = Object.fromEntries(ids.map((id) => [id, []]));
    /** @type {Finding[]} */
    let eslintFindings = [];
    console.log(`\nESLint class, stats: true, ${o.statsRounds} round(s) per side:`);
    for (let round = 0; round < o.statsRounds; round += 1) {
      /** @type {Array<'parse' | 'plugin'>} */
      const order = round % 2 === 0 ? ['parse', 'plugin'] : ['plugin', 'parse'];
      for (const side of order) {
        const { wall, results } = await timedLint(sides[side]);
        const s = summarize(results);
        if (s.fatal.length > 0) console.log(`  ${side}: ${s.fatal.length} fatal messages, first: ${s.fatal[0]}`);
        walls[side].push(wall);
        if (side === 'plugin') {
          ruleTotals.push(sum(ids.map((id) => s.rules[id] ?? 0)));
          for (const id of ids) perRule[id].push(s.rules[id] ?? 0);
          eslintFindings = s.findings;
        }
        console.log(`  round ${round + 1} ${side.padEnd(6)} ${ms(wall)}`);
      }
    }
    const parseWall = median(walls.parse);
    const pluginWall = median(walls.plugin);
    const rulesMs = median(ruleTotals);
    const stats = {
      parseWall,
      pluginWall,
      rulesMs,
      ratio: rulesMs / parseWall,
      perRule: Object.fromEntries(ids.map((id) => [id, median(perRule[id])])),
      walls,
    };
    out.stats = stats;
    console.log(
      `stats: rules ${ms(rulesMs)} = ${pct(rulesMs / parseWall)} of the parse-only wall ${ms(parseWall)} (with rules ${ms(pluginWall)}); per rule:`,
    );
    for (const id of ids) console.log(`  ${id.padEnd(40)} ${ms(stats.perRule[id])}`);

    // --- peak RSS, each side in its own child process
    if (o.rss) {
      // Peak RSS moves by tens of MB from run to run (GC timing), for every side: several children per side, in
      // rotating order, median; the stand-in (as many no-op rules as ours) shows what ESLint itself adds for any rules.
      /** @type {LintSide[]} */
      const sides = ['parse', 'stand-in', 'plugin'];
      /** @type {Record<LintSide, number[]>} */
      const samples = { parse: [], 'stand-in': [], plugin: [] };
      for (let i = 0; i < o.rssChildren; i += 1) {
        for (let j = 0; j < sides.length; j += 1) {
          const side = sides[(i + j) % sides.length];
          samples[side].push(runChild(side, dir, o.plugin).maxRSS);
        }
      }
      const rss = /** @type {Record<LintSide, number>} */ (Object.fromEntries(sides.map((side) => [side, median(samples[side])])));
      const rssRatio = rss.plugin / rss.parse - 1;
      const standInRatio = rss['stand-in'] / rss.parse - 1;
      /** @param {number} x */
      const signed = (x) => `${x >= 0 ? '+' : ''}${pct(x)}`;
      /** @param {string} label @param {LintSide} side */
      const line = (label, side) =>
        `${label.padEnd(38)} ${mb(rss[side])}   ${side === 'parse' ? '' : `(${signed(rss[side] / rss.parse - 1)}) `}[${samples[side].map(mb).join(', ')}], max ${mb(Math.max(...samples[side]))}`;
      console.log(`\npeak RSS, median of ${o.rssChildren} children per side, rotating order:`);
      console.log(`  ${line('parse-only', 'parse')}`);
      console.log(`  ${line(`stand-in: ${ids.length} rules that do nothing`, 'stand-in')}`);
      console.log(`  ${line('parser + our rules', 'plugin')}`);
      // The live heap: one child per side with a full GC at each file (slow, but not at the mercy of GC timing); the
      // parse-only side gets only the probe rule that measures it.
      /** @param {'parse' | 'plugin'} side @returns {number} */
      const liveOf = (side) => runChild(`live:${side}`, dir, o.plugin).liveHeap ?? NaN;
      const live = { parse: liveOf('parse'), plugin: liveOf('plugin') };
      const liveRatio = live.plugin / live.parse - 1;
      console.log(
        `  live heap after a full GC at each file (median over files): parse-only ${mb(live.parse / 1024)}, with our rules ${mb(live.plugin / 1024)} ` +
          `(${signed(liveRatio)}: ${((live.plugin - live.parse) / 1048576).toFixed(1)} MB of the plugin's code, manifest and analysis)`,
      );
      Object.assign(out, {
        rssParse: rss.parse,
        rssStandIn: rss['stand-in'],
        rssPlugin: rss.plugin,
        rssRatio,
        standInRatio,
        rssSamples: samples,
        liveHeap: { ...live, ratio: liveRatio },
      });
      verdicts.push([
        rssRatio <= 0.05,
        `peak RSS with rules ${signed(rssRatio)} above parse-only, median of ${o.rssChildren} (target within 5%; ${ids.length} rules that do nothing: ${signed(standInRatio)}; max ${mb(Math.max(...samples.plugin))} against ${mb(Math.max(...samples.parse))})`,
      ]);
      verdicts.push([
        liveRatio <= 0.05,
        `live heap with rules ${signed(liveRatio)} above parse-only (what the rules keep alive; within 5%)`,
      ]);
    }

    // --- warm lintText
    if (o.warm) {
      const w = await warmLintText(tools, o.warmCalls);
      out.warm = w;
      console.log(
        `\nwarm lintText, ${w.lines}-line producer file (median of ${w.samples}): lintText ${ms(w.wallPlugin)} with rules, ${ms(w.wallParse)} parse-only; ` +
          `rules: marginal ${ms(w.marginal)} wall, ${ms(w.marginalCpu)} CPU; stats ${ms(w.share)}; ${w.findings} findings`,
      );
      verdicts.push([
        w.marginal < 5,
        `warm lintText: the rules cost ${ms(w.marginal)} wall, ${ms(w.marginalCpu)} CPU (marginal) on a ${w.lines}-line producer file (target < 5 ms)`,
      ]);
    }

    // --- per-line cost at three file sizes, several files per size
    if (o.perLine) {
      // [lines per file, files]: about 4,000-12,000 lines per size, so every size is several samples of the same shape.
      const sizes = [
        [250, 16],
        [1000, 6],
        [4000, 3],
      ];
      const rounds = o.quick ? 5 : 9;
      const costs = sizes.map(([lines, count]) => perLineCost(tools, dir, lines, count, rounds));
      out.perLine = costs;
      console.log(
        `\nper-line cost on generated producer files (several files per size, batch-timed, median of ${rounds} rounds; CPU time, wall time in brackets):`,
      );
      for (const c of costs) {
        console.log(
          `  ${String(c.lines).padStart(5)} lines x ${String(c.files).padStart(2)} files: rules ${us(c.cpu.marginalPerLine)}/line = ${pct(c.cpu.share)} of their parse-only lint` +
            `  [wall: ${us(c.wall.marginalPerLine)}/line, ${pct(c.wall.share)}]  rounds (CPU µs/line): ${c.rawCpu.map((x) => x.toFixed(2)).join(' ')}`,
        );
      }
      /** @param {keyof Clocks} clock */
      const spreadOf = (clock) => {
        const perLine = costs.map((c) => c[clock].marginalPerLine);
        return Math.max(...perLine) / Math.min(...perLine);
      };
      verdicts.push([
        Math.min(spreadOf('cpu'), spreadOf('wall')) <= 2,
        `rules' cost per line at ${costs.map((c) => c.lines).join('/')} lines varies by ${spreadOf('cpu').toFixed(2)}x CPU, ${spreadOf('wall').toFixed(2)}x wall (linear: target <= 2x)`,
      ]);
    }

    // --- typed variant
    const hasTsconfig = existsSync(path.join(dir, 'tsconfig.json'));
    if (o.typed && hasTsconfig) {
      // The headline method with parserOptions.projectService on every side: each side's SourceCode comes from its own
      // typed parse, so the rules' type look-ups start cold like in a real typed lint.
      const step = Math.max(1, files.length / o.typedFiles);
      /** @type {string[]} */
      const typedFiles = [];
      for (let at = 0; at < files.length && typedFiles.length < o.typedFiles; at += step) typedFiles.push(files[Math.floor(at)]);
      console.log(`\ntyped marginal (parserOptions.projectService on both sides), ${typedFiles.length} files, ${o.rounds} rounds:`);
      const rounds = marginalRounds(tools, dir, typedFiles, o.rounds, false, true, o.order);
      const typedMarginal = median(rounds.map((r) => r.wall.marginal));
      const typedMarginalCpu = median(rounds.map((r) => r.cpu.marginal));
      out.typed = {
        files: typedFiles.length,
        median: typedMarginal,
        medianCpu: typedMarginalCpu,
        rounds: rounds.map((r) => ({ wall: r.wall, cpu: r.cpu })),
      };
      console.log(
        `typed marginal, wall (median of ${o.rounds}) ${pct(typedMarginal)} [${rounds.map((r) => pct(r.wall.marginal)).join(', ')}]; CPU ${pct(typedMarginalCpu)} [${rounds.map((r) => pct(r.cpu.marginal)).join(', ')}]`,
      );
      verdicts.push([
        typedMarginal <= 0.02,
        `typed marginal ${pct(typedMarginal)} wall, ${pct(typedMarginalCpu)} CPU of a typed parse-only lint (target <= 2%)`,
      ]);
    } else if (hasTsconfig) {
      console.log('\ntyped variant (projectService): skipped; pass --typed to run it (slow: a full TypeScript program)');
    } else {
      console.log('\ntyped variant: skipped, DIR has no tsconfig.json');
    }

    // --- oxlint
    if (o.oxlint) {
      /** @type {OxlintRun[]} */
      const runs = [];
      for (let i = 0; i < o.oxlintRuns; i += 1) {
        const run = runOxlint(dir, tools, 'plugin');
        if ('error' in run) {
          out.oxlint = { error: run.error };
          break;
        }
        runs.push(run);
      }
      const first = runs[0];
      if (!first) {
        console.log(`\noxlint + plugin (jsPlugins): could not run: ${/** @type {{ error: string }} */ (out.oxlint).error}`);
      } else {
        // Where oxlint's time goes: oxlint alone, a JS plugin that registers nothing, one that takes every AST.
        /** @type {Array<'bare' | 'empty' | 'text' | 'program'>} */
        const modes = ['bare', 'empty', 'text', 'program'];
        /** @type {Record<(typeof modes)[number], number>} */
        const floors = { bare: 0, empty: 0, text: 0, program: 0 };
        for (const mode of modes) {
          /** @type {number[]} */
          const walls = [];
          for (let i = 0; i < o.oxlintRuns; i += 1) {
            const run = runOxlint(dir, tools, mode);
            walls.push('error' in run ? NaN : run.wall);
          }
          floors[mode] = median(walls);
        }
        const bare = { wall: floors.bare };
        const wall = median(runs.map((r) => r.wall));
        const diff = compareFindings(eslintFindings, first.findings);
        const same = diff.onlyEslint.length === 0 && diff.onlyOxlint.length === 0;
        const speedup = pluginWall / wall;
        out.oxlint = {
          wall,
          walls: runs.map((r) => r.wall),
          bareWall: bare.wall,
          findings: first.findings.length,
          files: first.files,
          threads: first.threads,
          speedup,
          sameFindings: same,
          floors,
        };
        console.log(
          `\noxlint + plugin (jsPlugins, median of ${runs.length}) ${ms(wall)} [${runs.map((r) => ms(r.wall)).join(', ')}] over ${first.files} files, ${first.threads} threads; ` +
            `oxlint with no rules ${ms(bare.wall)}`,
        );
        console.log(
          `  findings: oxlint ${first.findings.length}, ESLint ${eslintFindings.length}, ${same ? 'identical (file, line, rule)' : `DIFFERENT: only ESLint ${diff.onlyEslint.slice(0, 3).join('; ')}; only oxlint ${diff.onlyOxlint.slice(0, 3).join('; ')}`}`,
        );
        if (first.other.length > 0)
          console.log(`  oxlint reported ${first.other.length} other diagnostics, first: ${first.other[0].message}`);
        console.log(
          `  oxlint alone ${ms(floors.bare)}; with a JS plugin of ${ids.length} rules that register nothing ${ms(floors.empty)}, that read each file's text ${ms(floors.text)}, ` +
            `that take every file's AST (a Program listener) ${ms(floors.program)}; with our plugin ${ms(wall)} (medians of ${o.oxlintRuns})`,
        );
        console.log(
          `  of oxlint with our plugin: oxlint itself ${pct(floors.bare / wall)}, the JS plugin host ${pct((floors.empty - floors.bare) / wall)}, ` +
            `handing each file's text to JS ${pct((floors.text - floors.empty) / wall)}, our plugin beyond that (manifest look-up, text check, ASTs of the files that may write, analysis) ${pct((wall - floors.text) / wall)}`,
        );
        console.log(`  ESLint with the plugin ${ms(pluginWall)} / oxlint with the plugin ${ms(wall)} = ${speedup.toFixed(1)}x`);
        verdicts.push([same, `oxlint and ESLint findings identical (${first.findings.length} / ${eslintFindings.length})`]);
        verdicts.push([speedup >= 8, `oxlint with the plugin ${speedup.toFixed(1)}x ESLint with the plugin (target >= 8x)`]);
      }
    }

    console.log('');
    for (const [ok, text] of verdicts) line(ok, text);
    if (o.json) writeFileSync(o.json, `${JSON.stringify(out, null, 2)}\n`);
  } finally {
    if (generated && !o.keep) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
