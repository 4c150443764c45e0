#!/usr/bin/env node
// Benchmark: what the mcp-meta rules cost next to parsing.
//
//   npm run bench [-- DIR] [--rounds N] [--files N] [--seed S] [--typed] [--no-oxlint] [--no-rss] [--no-warm] [--keep]
//
// Without DIR, a deterministic corpus (scripts/generate-corpus.mjs, default 1,000 files / 300k+ lines) is generated
// into a temp folder. In ONE process, ESLint 10 lints DIR alternately with @typescript-eslint/parser only ("parse")
// and with the parser plus every plugin rule ("plugin"), several rounds, with `stats: true` for per-rule times.
// Peak RSS of each side is measured in child processes (process.resourceUsage().maxRSS, median of 3 per side). It
// then measures the rules' share of a warm `lintText` on a 1,000-line producer file, an optional typed variant
// (`--typed`: parserOptions.projectService, when DIR has a tsconfig.json; slow), and oxlint with the plugin loaded via
// jsPlugins.
//
// It prints ratios and PASS/FAIL lines for the targets; it is a script, never a timed test assertion.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCorpus, generateProducerFile } from './generate-corpus.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(repoRoot, 'package.json'));
const PATTERNS = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'];

// ---------------------------------------------------------------------------------------------------------------

function parseArgs(argv) {
  const o = { dir: null, rounds: 5, files: 1000, seed: 1, violations: 10, typed: false, oxlint: true, rss: true, warm: true, keep: false, child: null, json: null };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--rounds') o.rounds = Number(argv[++i]);
    else if (a === '--files') o.files = Number(argv[++i]);
    else if (a === '--seed') o.seed = Number(argv[++i]);
    else if (a === '--violations') o.violations = Number(argv[++i]);
    else if (a === '--typed') o.typed = true;
    else if (a === '--no-typed') o.typed = false;
    else if (a === '--no-oxlint') o.oxlint = false;
    else if (a === '--no-rss') o.rss = false;
    else if (a === '--no-warm') o.warm = false;
    else if (a === '--keep') o.keep = true;
    else if (a === '--json') o.json = argv[++i];
    else if (a === '--child') o.child = argv[++i];
    else if (a.startsWith('--')) throw new Error(`unknown option ${a}`);
    else o.dir = path.resolve(a);
  }
  return o;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const ms = (x) => `${x.toFixed(x < 10 ? 2 : 0)} ms`;
const pct = (x) => `${(x * 100).toFixed(2)}%`;
const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;

function loadTools() {
  const { ESLint } = require('eslint');
  const tsParser = require('@typescript-eslint/parser');
  let plugin;
  try {
    plugin = require('eslint-plugin-mcp-meta');
  } catch (err) {
    throw new Error(`cannot load the built plugin (run \`npm run build\`): ${err.message}`);
  }
  return { ESLint, tsParser, plugin, eslintVersion: ESLint.version };
}

function ruleIds(plugin) {
  return Object.keys(plugin.rules).map((name) => `mcp-meta/${name}`);
}

/** Flat config of one side: 'parse' (parser only) or 'plugin' (parser + every plugin rule). */
function makeConfig({ tsParser, plugin }, side, dir, typed) {
  const languageOptions = { parser: tsParser, sourceType: 'module' };
  if (typed) languageOptions.parserOptions = { projectService: true, tsconfigRootDir: dir };
  const config = [{ files: PATTERNS, languageOptions }];
  if (side === 'plugin') {
    const registry = path.join(dir, 'mcp-meta.registry.json');
    config.push({
      files: PATTERNS,
      plugins: { 'mcp-meta': plugin },
      rules: Object.fromEntries(ruleIds(plugin).map((id) => [id, 'error'])),
      ...(existsSync(registry) ? { settings: { 'mcp-meta': { registry } } } : {}),
    });
  }
  return config;
}

function makeESLint(tools, side, dir, typed = false) {
  return new tools.ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: makeConfig(tools, side, dir, typed),
    stats: true,
    errorOnUnmatchedPattern: false,
  });
}

/** Sums `stats` of a lint run: parse time, per-rule times, findings and fatal errors. */
function summarize(results) {
  const rules = {};
  let parse = 0;
  let findings = 0;
  const fatal = [];
  for (const r of results) {
    for (const m of r.messages) {
      if (m.fatal || m.ruleId === null) fatal.push(`${r.filePath}:${m.line} ${m.message}`);
      else findings += 1;
    }
    for (const pass of r.stats?.times?.passes ?? []) {
      parse += pass.parse?.total ?? 0;
      for (const [id, t] of Object.entries(pass.rules ?? {})) rules[id] = (rules[id] ?? 0) + (t.total ?? 0);
    }
  }
  return { rules, parse, findings, fatal };
}

async function timedLint(eslint) {
  const t0 = performance.now();
  const results = await eslint.lintFiles(PATTERNS);
  return { wall: performance.now() - t0, results };
}

// ---------------------------------------------------------------------------------------------------------------
// Child mode: lint once with one side and report peak RSS.

async function child(side, dir, typed) {
  const tools = loadTools();
  const { wall, results } = await timedLint(makeESLint(tools, side, dir, typed));
  const s = summarize(results);
  process.stdout.write(`${JSON.stringify({ side, wall, files: results.length, findings: s.findings, maxRSS: process.resourceUsage().maxRSS })}\n`);
}

function runChild(side, dir) {
  const res = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', side, dir], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (res.status !== 0) throw new Error(`child ${side} failed: ${res.stderr}`);
  return JSON.parse(res.stdout.trim().split('\n').pop());
}

// ---------------------------------------------------------------------------------------------------------------
// oxlint with the plugin through jsPlugins

function runOxlint(dir, tools, withPlugin) {
  const bin = path.join(repoRoot, 'node_modules/.bin/oxlint');
  if (!existsSync(bin)) return { error: 'oxlint is not installed (node_modules/.bin/oxlint missing)' };
  const cfgDir = mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-oxlint-'));
  const cfgPath = path.join(cfgDir, '.oxlintrc.json');
  const registry = path.join(dir, 'mcp-meta.registry.json');
  const cfg = {
    plugins: [],
    categories: { correctness: 'off' },
    ...(withPlugin
      ? {
          jsPlugins: [require.resolve('eslint-plugin-mcp-meta')],
          rules: Object.fromEntries(ruleIds(tools.plugin).map((id) => [id, 'error'])),
          ...(existsSync(registry) ? { settings: { 'mcp-meta': { registry } } } : {}),
        }
      : { rules: {} }),
  };
  writeFileSync(cfgPath, JSON.stringify(cfg, null, 2));
  const t0 = performance.now();
  const res = spawnSync(bin, ['-c', cfgPath, '-f', 'json', dir], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 });
  const wall = performance.now() - t0;
  rmSync(cfgDir, { recursive: true, force: true });
  let json;
  try {
    json = JSON.parse(res.stdout);
  } catch {
    return { error: `oxlint exited ${res.status} without JSON output: ${(res.stderr || res.stdout).trim().slice(0, 800)}` };
  }
  const diagnostics = json.diagnostics ?? [];
  const ours = diagnostics.filter((d) => String(d.code ?? '').startsWith('mcp-meta('));
  const other = diagnostics.filter((d) => !String(d.code ?? '').startsWith('mcp-meta('));
  return { wall, files: json.number_of_files, findings: ours.length, other, threads: json.threads_count, status: res.status };
}

// ---------------------------------------------------------------------------------------------------------------
// Warm long-lived lintText on a 1,000-line producer file

async function warmLintText(tools) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-warm-'));
  try {
    generateCorpus(dir, { files: 40, seed: 11, violations: 0 });
    const { rel, text, lines } = generateProducerFile({ lines: 1000, seed: 5 });
    const filePath = path.join(dir, rel);
    const plugin = makeESLint(tools, 'plugin', dir);
    const parse = makeESLint(tools, 'parse', dir);
    const share = [];
    const wallPlugin = [];
    const wallParse = [];
    let findings = 0;
    for (let i = 0; i < 60; i += 1) {
      let t0 = performance.now();
      const [res] = await plugin.lintText(text, { filePath });
      const w = performance.now() - t0;
      t0 = performance.now();
      await parse.lintText(text, { filePath });
      const wp = performance.now() - t0;
      if (i < 10) continue; // warm-up
      const s = summarize([res]);
      findings = s.findings;
      share.push(Object.values(s.rules).reduce((a, b) => a + b, 0));
      wallPlugin.push(w);
      wallParse.push(wp);
    }
    return { lines, share: median(share), wallPlugin: median(wallPlugin), wallParse: median(wallParse), findings, samples: share.length };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The rules' cost per line at three sizes of one `_meta`-dense file (aliases, producers in their own try, const keys,
 * unguarded emits): linear cost keeps the per-line figure flat as the file grows. Rule time comes from ESLint's
 * `stats`, so parse time and machine load do not enter the ratio between sizes.
 */
async function perLineCost(tools) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-lines-'));
  try {
    generateCorpus(dir, { files: 1, seed: 3, violations: 0 });
    const filePath = path.join(dir, 'src/core/ops/search.ts');
    const unit = (i) =>
      `const m${i} = out._meta;\nm${i}.retrieval = b${i}();\nconst K${i} = 'retrieval';\ntry {\n  out._meta[K${i}] = await c${i}();\n} catch {}\nctx.emitResponseMeta('retrieval', await d${i}());\n`;
    const eslint = makeESLint(tools, 'plugin', dir);
    const rows = [];
    for (const units of [1_000, 2_000, 4_000]) {
      const text = `export async function f(ctx, out) {\n${Array.from({ length: units }, (_, i) => unit(i)).join('')}}\n`;
      const lines = text.split('\n').length;
      const samples = [];
      for (let i = 0; i < 3; i += 1) {
        const [res] = await eslint.lintText(text, { filePath });
        samples.push(Object.values(summarize([res]).rules).reduce((a, b) => a + b, 0));
      }
      rows.push({ lines, perLine: (median(samples) * 1000) / lines });
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (o.child) return child(o.child, o.dir, false);

  const tools = loadTools();
  const ids = ruleIds(tools.plugin);
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
    console.log(`generated corpus in ${dir} (${ms(performance.now() - t0)}), seed ${o.seed}, ${generated.expected.length} seeded violations`);
  }
  const out = { date: new Date().toISOString(), node: process.version, eslint: tools.eslintVersion, cpus: os.cpus().length, loadavg: os.loadavg(), dir, rounds: o.rounds };
  console.log(`node ${process.version}, ESLint ${tools.eslintVersion}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  console.log(`plugin rules: ${ids.join(', ')}`);

  try {
    // --- ESLint: parse-only vs parser + plugin rules, alternating, in this process
    const sides = { parse: makeESLint(tools, 'parse', dir), plugin: makeESLint(tools, 'plugin', dir) };
    const walls = { parse: [], plugin: [] };
    const ruleTotals = [];
    const sameRunShare = [];
    const perRule = Object.fromEntries(ids.map((id) => [id, []]));
    const parseStats = { parse: [], plugin: [] };
    let fileCount = 0;
    let lineCount = 0;
    let findings = 0;
    for (let round = 0; round < o.rounds; round += 1) {
      const order = round % 2 === 0 ? ['parse', 'plugin'] : ['plugin', 'parse'];
      for (const side of order) {
        const { wall, results } = await timedLint(sides[side]);
        const s = summarize(results);
        if (s.fatal.length > 0) console.log(`  ${side}: ${s.fatal.length} fatal messages, first: ${s.fatal[0]}`);
        walls[side].push(wall);
        parseStats[side].push(s.parse);
        if (side === 'plugin') {
          ruleTotals.push(ids.reduce((a, id) => a + (s.rules[id] ?? 0), 0));
          sameRunShare.push(ruleTotals[ruleTotals.length - 1] / wall);
          for (const id of ids) perRule[id].push(s.rules[id] ?? 0);
          findings = s.findings;
        }
        if (fileCount === 0) {
          fileCount = results.length;
          lineCount = results.reduce((a, r) => a + readFileSync(r.filePath, 'utf8').split('\n').length - 1, 0);
          console.log(`corpus: ${fileCount} files, ${lineCount} lines`);
        }
        console.log(`  round ${round + 1} ${side.padEnd(6)} ${ms(wall)}`);
      }
    }
    const parseWall = median(walls.parse);
    const pluginWall = median(walls.plugin);
    const rulesMs = median(ruleTotals);
    const ratio = rulesMs / parseWall;
    Object.assign(out, { files: fileCount, lines: lineCount, parseWall, pluginWall, rulesMs, ratio, findings });
    out.perRule = Object.fromEntries(ids.map((id) => [id, median(perRule[id])]));
    out.sameRunShare = median(sameRunShare);
    out.roundsData = { walls, ruleTotals, parseStats };

    console.log('');
    console.log(`files                         ${fileCount}`);
    console.log(`lines                         ${lineCount}`);
    console.log(`parse-only wall (median of ${o.rounds})   ${ms(parseWall)}   (stats parse time ${ms(median(parseStats.parse))})`);
    console.log(`parser + rules wall (median)  ${ms(pluginWall)}   (wall difference ${pct((pluginWall - parseWall) / parseWall)}, noisy)`);
    console.log(`plugin rules (stats, median)  ${ms(rulesMs)}`);
    console.log(`overhead ratio                ${pct(ratio)} of parse-only wall time`);
    console.log(`rules' share of their own run ${pct(out.sameRunShare)} (median per round; robust to machine load)`);
    console.log(`findings                      ${findings}${generated ? ` (seeded: ${generated.expected.length})` : ''}`);
    for (const id of ids) console.log(`  ${id.padEnd(40)} ${ms(out.perRule[id])}`);
    console.log('  (the shared _meta analysis is built once per file by whichever rule runs first, and counted in its time)');

    // --- peak RSS, each side in its own child process
    if (o.rss) {
      // Peak RSS moves by several percent from run to run (GC timing): three children per side, alternating, median.
      const samples = { parse: [], plugin: [] };
      for (const side of ['parse', 'plugin', 'plugin', 'parse', 'parse', 'plugin']) samples[side].push(runChild(side, dir).maxRSS);
      const rss = { parse: median(samples.parse), plugin: median(samples.plugin) };
      out.rssSamples = samples;
      const rssRatio = rss.plugin / rss.parse - 1;
      Object.assign(out, { rssParse: rss.parse, rssPlugin: rss.plugin, rssRatio });
      console.log(`peak RSS parse-only (median of 3)      ${mb(rss.parse)}   [${samples.parse.map(mb).join(', ')}]`);
      console.log(`peak RSS parser + rules (median of 3)  ${mb(rss.plugin)}   (${rssRatio >= 0 ? '+' : ''}${pct(rssRatio)}) [${samples.plugin.map(mb).join(', ')}]`);
    }

    // --- warm lintText share
    if (o.warm) {
      const w = await warmLintText(tools);
      out.warm = w;
      console.log(`warm lintText, ${w.lines}-line producer file (median of ${w.samples}): rules ${ms(w.share)}; lintText ${ms(w.wallPlugin)} with rules, ${ms(w.wallParse)} parse-only`);
    }

    // --- per-line cost at three sizes (linear cost: flat per line)
    if (o.warm) {
      const rows = await perLineCost(tools);
      console.log(`rules per line of a _meta-dense file: ${rows.map((r) => `${r.lines} lines ${r.perLine.toFixed(2)} µs/line`).join(', ')}`);
    }

    // --- typed variant
    const hasTsconfig = existsSync(path.join(dir, 'tsconfig.json'));
    if (o.typed && hasTsconfig) {
      const typed = { parse: makeESLint(tools, 'parse', dir, true), plugin: makeESLint(tools, 'plugin', dir, true) };
      const tw = {};
      let typedRules = 0;
      for (const side of ['parse', 'plugin']) {
        const { wall, results } = await timedLint(typed[side]);
        tw[side] = wall;
        if (side === 'plugin') {
          const s = summarize(results);
          typedRules = ids.reduce((a, id) => a + (s.rules[id] ?? 0), 0);
        }
      }
      out.typed = { parseWall: tw.parse, pluginWall: tw.plugin, rulesMs: typedRules, ratio: typedRules / tw.parse };
      console.log(`typed (projectService), 1 round: parse-only ${ms(tw.parse)}, with rules ${ms(tw.plugin)}, rules ${ms(typedRules)} = ${pct(typedRules / tw.parse)}`);
    } else if (hasTsconfig) {
      console.log('typed variant (projectService): skipped; pass --typed to run it (slow: a full TypeScript program)');
    } else {
      console.log('typed variant: skipped, DIR has no tsconfig.json');
    }

    // --- oxlint
    if (o.oxlint) {
      const withPlugin = runOxlint(dir, tools, true);
      if (withPlugin.error) {
        out.oxlint = { error: withPlugin.error };
        console.log(`oxlint + plugin (jsPlugins): could not run: ${withPlugin.error}`);
      } else {
        const bare = runOxlint(dir, tools, false);
        out.oxlint = { wall: withPlugin.wall, bareWall: bare.wall, findings: withPlugin.findings, files: withPlugin.files, threads: withPlugin.threads, ratioToEslint: withPlugin.wall / pluginWall };
        console.log(
          `oxlint + plugin (jsPlugins)    ${ms(withPlugin.wall)} over ${withPlugin.files} files, ${withPlugin.threads} threads, ${withPlugin.findings} findings` +
            ` (ESLint: ${findings}); oxlint with no rules ${ms(bare.wall)}`,
        );
        if (withPlugin.other.length > 0) console.log(`  oxlint reported ${withPlugin.other.length} other diagnostics, first: ${withPlugin.other[0].message}`);
        console.log(`oxlint / ESLint (parser + rules) wall   ${pct(withPlugin.wall / pluginWall)}  (ESLint ${(pluginWall / withPlugin.wall).toFixed(1)}x slower)`);
      }
    }

    // --- targets
    console.log('');
    const line = (ok, text) => console.log(`${ok ? 'PASS' : 'FAIL'} ${text}`);
    line(ratio <= 0.02, `plugin rules ${pct(ratio)} of parse-only lint time (target <= 2%)`);
    if (out.rssRatio !== undefined) line(out.rssRatio <= 0.05, `peak RSS with rules ${pct(out.rssRatio)} above parse-only (target within 5%)`);
    if (out.warm) line(out.warm.share < 5, `warm lintText share of the rules on a ${out.warm.lines}-line producer file ${ms(out.warm.share)} (target < 5 ms)`);
    if (generated) line(findings === generated.expected.length, `findings equal the seeded violations (${findings} of ${generated.expected.length})`);
    if (o.json) writeFileSync(o.json, `${JSON.stringify(out, null, 2)}\n`);
  } finally {
    if (generated && !o.keep) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
