// Batch-timed marginal cost, for the per-line measurement: several files of one size and shape at a time.
//
// The files are taken in chunks: every side of a chunk gets its own freshly parsed `SourceCode` objects (untimed, so
// no per-AST cache is warm), then each side verifies the whole chunk in one timed stretch, the sides made and timed
// in a seeded random order from chunk to chunk (`SideOrder`). cost = (rules - no rules) / files; its share is over the same
// files' parse-only lint (a verify from text). One timed stretch per side and chunk instead of one per file: the CPU
// clock's coarse accounting and a stray garbage collection weigh less against a longer stretch.

import os from 'node:os';
import { seededRandom } from './seeded-random.mjs';

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

/**
 * How the sides of one measurement are ordered, both the order their `SourceCode` objects are made in and the order
 * they are timed in: `shuffle` (the default) draws both from a seeded random sequence, independently of which file or
 * chunk it is; `rotate` turns them by the file's or chunk's index, the method before 2026-12-06. Why not rotate: with
 * the files in a fixed order, a rotation by index gives each side a fixed pattern of places, and the files whose cost
 * dominates (the few that may write `_meta`) need not fall evenly on that pattern. Two copies of the same build as two
 * sides, rotated with other round offsets than the bench's, came out 17% apart by place alone (a scratch harness); with
 * the bench's own offsets the rotation was nearly fair (`--aa`: 2.02% against 1.91%). Shuffled, the twins agree
 * within the noise either way.
 * @typedef {'shuffle' | 'rotate'} SideOrder
 */

/**
 * The two orders of one measurement's sides (see `SideOrder`): `made`, the order their `SourceCode` objects are made
 * in, and `timed`, the order they are timed in. `turn` is the file's or chunk's index plus the round, for `rotate`.
 * @template T
 * @param {T[]} sides @param {SideOrder} order @param {() => number} random @param {number} turn
 * @returns {{ made: T[], timed: T[] }}
 */
export function sideOrders(sides, order, random, turn) {
  if (order === 'rotate')
    return { made: rotate(sides, turn % sides.length), timed: rotate(sides, Math.floor(turn / sides.length) % sides.length) };
  return { made: shuffled(sides, random), timed: shuffled(sides, random) };
}

/** @type {<T>(xs: T[], by: number) => T[]} */
const rotate = (xs, by) => xs.map((_, i) => xs[(i + by) % xs.length]);

/** @type {<T>(xs: T[], random: () => number) => T[]} */
const shuffled = (xs, random) => {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
};
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
 * @param {{ control?: boolean, turn?: number, order?: SideOrder, random?: () => number }} [options]
 * @returns {{ wall: Record<Side, number>, cpu: Record<Side, number> }}
 */
export function batchMarginal(
  { linter, configs },
  items,
  { control = false, turn = 0, order = 'shuffle', random = seededRandom(turn + 1) } = {},
) {
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
    const { made, timed } = sideOrders(sides, order, random, turn + chunkIndex);
    for (const side of made) {
      sourceCodes[side] = chunk.map(({ filename, text }) => {
        linter.verify(text, configs.parse, { filename });
        configOf[side].getConfig(filename); // the config look-up, outside the timed part
        return linter.getSourceCode();
      });
    }
    const t0 = clocks();
    for (const { filename, text } of chunk) linter.verify(text, configs.parse, { filename });
    add('parseLint', since(t0));
    for (const side of timed) {
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
 * @param {{ control?: boolean, order?: SideOrder }} [options]
 * @returns {BatchRound[]}
 */
export function batchRounds(runner, items, rounds, { control = false, order = 'shuffle' } = {}) {
  const perRound = [];
  const random = seededRandom(rounds);
  for (let round = 0; round < rounds; round += 1) {
    const s = batchMarginal(runner, items, { control, turn: round, order, random });
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
