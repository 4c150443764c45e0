// Batch-timed marginal cost, for the per-line measurement: several files of one size and shape at a time.
//
// The files are taken in chunks: every side of a chunk gets its own freshly parsed `SourceCode` objects (untimed, so
// no per-AST cache is warm), then each side verifies the whole chunk in one timed stretch, the order of the sides
// rotating from chunk to chunk and from round to round. cost = (rules - no rules) / files; its share is over the same
// files' parse-only lint (a verify from text). One timed stretch per side and chunk instead of one per file: the CPU
// clock's coarse accounting and a stray garbage collection weigh less against a longer stretch.

import os from 'node:os';

const CHUNK = 20;

const rotate = (xs, by) => xs.map((_, i) => xs[(i + by) % xs.length]);
const clocks = () => ({ wall: performance.now(), cpu: process.cpuUsage() });
const since = (t0) => {
  const cpu = process.cpuUsage(t0.cpu);
  return { wall: performance.now() - t0.wall, cpu: (cpu.user + cpu.system) / 1000 };
};

/**
 * Times `items` ({ filename, text }) in chunks. `linter` verifies; `configs` has `parse` (no rules), `plugin` (our
 * rules) and, for `control`, a second no-rules config. Returns per-clock sums in ms: parseLint, bare, rules, control.
 */
export function batchMarginal({ linter, configs }, items, { control = false, turn = 0 } = {}) {
  const sides = control ? ['bare', 'rules', 'control'] : ['bare', 'rules'];
  const configOf = { bare: configs.parse, rules: configs.plugin, control: configs.control ?? configs.parse };
  const sum = { wall: { parseLint: 0, bare: 0, rules: 0, control: 0 }, cpu: { parseLint: 0, bare: 0, rules: 0, control: 0 } };
  const add = (side, t) => {
    sum.wall[side] += t.wall;
    sum.cpu[side] += t.cpu;
  };
  for (let start = 0, chunkIndex = 0; start < items.length; start += CHUNK, chunkIndex += 1) {
    const chunk = items.slice(start, start + CHUNK);
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
      chunk.forEach(({ filename }, i) => linter.verify(sourceCodes[side][i], configOf[side], { filename }));
      add(side, since(t1));
    }
  }
  return sum;
}

/** `rounds` batch measurements of `items`; per clock: cost per file (µs), share of their parse-only lint, per round. */
export function batchRounds(runner, items, rounds, { control = false } = {}) {
  const perRound = [];
  for (let round = 0; round < rounds; round += 1) {
    const s = batchMarginal(runner, items, { control, turn: round });
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
 */
export function withTimedCreate(plugin, timer) {
  const rules = Object.fromEntries(
    Object.entries(plugin.rules).map(([name, rule]) => [
      name,
      {
        ...rule,
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
