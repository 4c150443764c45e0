// Batch-timed marginal cost, for the per-line measurement: several files of one size and shape at a time.
//
// The files are taken in chunks: every side of a chunk gets its own freshly parsed `SourceCode` objects (untimed, so
// no per-AST cache is warm), then each side verifies the whole chunk in one timed stretch, the order of the sides
// rotating from chunk to chunk and from round to round. cost = (rules - no rules) / files; its share is over the same
// files' parse-only lint (a verify from text). One timed stretch per side and chunk instead of one per file: the CPU
// clock's coarse accounting and a stray garbage collection weigh less against a longer stretch.

import os from 'node:os';

const CHUNK = 20;

/**
 * What the bench uses of ESLint's `Linter` and its flat config arrays (ESLint's internal `FlatConfigArray`, which the
 * public types do not describe): verify code or a parsed `SourceCode` under a config array, and look a file's config up.
 * @typedef {{ getConfig(filename: string): unknown }} ConfigArray
 * @typedef {{
 *   verify(code: string | import('eslint').SourceCode, config: ConfigArray, options: { filename: string }): import('eslint').Linter.LintMessage[],
 *   getSourceCode(): import('eslint').SourceCode,
 * }} BenchLinter
 * @typedef {{ linter: BenchLinter, configs: { parse: ConfigArray, plugin: ConfigArray, control?: ConfigArray } }} Runner
 * @typedef {{ filename: string, text: string }} Item
 * @typedef {'parseLint' | 'bare' | 'rules' | 'control'} Side
 * @typedef {{ wall: number, cpu: number }} Clocks
 * @typedef {{ perFileUs: number, share: number, controlShare: number | null, parseLintMs: number }} ClockShare
 * @typedef {{ wall: ClockShare, cpu: ClockShare, load: number }} BatchRound
 * @typedef {{ meta?: unknown, rules: Record<string, import('eslint').Rule.RuleModule> }} PluginLike
 */

/** @type {<T>(xs: T[], by: number) => T[]} */
const rotate = (xs, by) => xs.map((_, i) => xs[(i + by) % xs.length]);
const clocks = () => ({ wall: performance.now(), cpu: process.cpuUsage() });
/** @param {{ wall: number, cpu: NodeJS.CpuUsage }} t0 @returns {Clocks} */
const since = (t0) => {
  const cpu = process.cpuUsage(t0.cpu);
  return { wall: performance.now() - t0.wall, cpu: (cpu.user + cpu.system) / 1000 };
};

/**
 * Times `items` ({ filename, text }) in chunks. `linter` verifies; `configs` has `parse` (no rules), `plugin` (our
 * rules) and, for `control`, a second no-rules config. Returns per-clock sums in ms: parseLint, bare, rules, control.
 * @param {Runner} runner
 * @param {Item[]} items
 * @param {{ control?: boolean, turn?: number }} [options]
 * @returns {{ wall: Record<Side, number>, cpu: Record<Side, number> }}
 */
export function batchMarginal({ linter, configs }, items, { control = false, turn = 0 } = {}) {
  /** @type {Array<Exclude<Side, 'parseLint'>>} */
  const sides = control ? ['bare', 'rules', 'control'] : ['bare', 'rules'];
  const configOf = { bare: configs.parse, rules: configs.plugin, control: configs.control ?? configs.parse };
  const sum = { wall: { parseLint: 0, bare: 0, rules: 0, control: 0 }, cpu: { parseLint: 0, bare: 0, rules: 0, control: 0 } };
  /** @param {Side} side @param {Clocks} t */
  const add = (side, t) => {
    sum.wall[side] += t.wall;
    sum.cpu[side] += t.cpu;
  };
  for (let start = 0, chunkIndex = 0; start < items.length; start += CHUNK, chunkIndex += 1) {
    const chunk = items.slice(start, start + CHUNK);
    /** @type {Partial<Record<Side, import('eslint').SourceCode[]>>} */
    const sourceCodes = {};
    for (const side of sides) {
      sourceCodes[side] = chunk.map(({ filename, text }) => {
        linter.verify(text, configs.parse, { filename });
        configOf[side].getConfig(filename); // the config look-up, outside the timed part
        return linter.getSourceCode();
      });
    }
    const t0 = clocks();
    for (const { filename, text } of chunk) linter.verify(text, configs.parse, { filename });
    add('parseLint', since(t0));
    for (const side of rotate(sides, (turn + chunkIndex) % sides.length)) {
      const t1 = clocks();
      const parsed = /** @type {import('eslint').SourceCode[]} */ (sourceCodes[side]);
      chunk.forEach(({ filename }, i) => linter.verify(parsed[i], configOf[side], { filename }));
      add(side, since(t1));
    }
  }
  return sum;
}

/**
 * `rounds` batch measurements of `items`; per clock: cost per file (µs), share of their parse-only lint, per round.
 * @param {Runner} runner
 * @param {Item[]} items
 * @param {number} rounds
 * @param {{ control?: boolean }} [options]
 * @returns {BatchRound[]}
 */
export function batchRounds(runner, items, rounds, { control = false } = {}) {
  const perRound = [];
  for (let round = 0; round < rounds; round += 1) {
    const s = batchMarginal(runner, items, { control, turn: round });
    /** @param {'wall' | 'cpu'} clock @returns {ClockShare} */
    const of = (clock) => {
      const c = s[clock];
      return {
        perFileUs: ((c.rules - c.bare) * 1000) / items.length,
        share: (c.rules - c.bare) / c.parseLint,
        controlShare: control ? (c.control - c.bare) / c.parseLint : null,
        parseLintMs: c.parseLint,
      };
    };
    perRound.push({ wall: of('wall'), cpu: of('cpu'), load: os.loadavg()[0] });
  }
  return perRound;
}

/**
 * `plugin` with every rule's `create()` timed (performance.now around it, summed into `timer.ms`). A file that cannot
 * write `_meta` gets no listener, so this is all the rules' own work on it.
 * @template {PluginLike} P
 * @param {P} plugin
 * @param {{ ms: number }} timer
 * @returns {P}
 */
export function withTimedCreate(plugin, timer) {
  const rules = Object.fromEntries(
    Object.entries(plugin.rules).map(([name, rule]) => [
      name,
      {
        ...rule,
        /** @param {import('eslint').Rule.RuleContext} context */
        create(context) {
          const t0 = performance.now();
          const listeners = rule.create(context);
          timer.ms += performance.now() - t0;
          return listeners;
        },
      },
    ]),
  );
  return { ...plugin, rules };
}

/**
 * The rules' own `create()` time on `items` (runner built with `withTimedCreate(plugin, timer)`), each file freshly
 * parsed: nothing to subtract, so it resolves a few microseconds, but it leaves out what ESLint does per configured rule
 * (the rule context) and garbage collection. Returns µs per file.
 * @param {Runner} runner
 * @param {{ ms: number }} timer
 * @param {Item[]} items
 * @returns {number}
 */
export function createTimePerFile({ linter, configs }, timer, items) {
  const before = timer.ms;
  for (const { filename, text } of items) {
    linter.verify(text, configs.parse, { filename });
    const sourceCode = linter.getSourceCode();
    linter.verify(sourceCode, configs.plugin, { filename });
  }
  return ((timer.ms - before) * 1000) / items.length;
}
