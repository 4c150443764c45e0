import * as fs from 'node:fs';

/**
 * `fs.statSync(file, { throwIfNoEntry: false })`, asked of the disk at most once per path per event-loop turn.
 *
 * Why: the lint path checks the manifest (and the modules imported keys are read from) for edits, and a system call
 * made right after a file's parse costs 40-60 µs on our machines against 3-5 µs in a tight loop (the kernel's data is
 * cold after the parser churned memory). One manifest `stat` per linted file was most of what the rules cost on files
 * that cannot write `_meta`. ESLint lints a run's files in few turns (the MCP TypeScript SDK's 643 files in 19: it
 * reads files concurrently and lints each as its read completes), and an editor's ESLint server lints each change in
 * a turn of its own.
 *
 * What it means for freshness: every lint that starts in a later turn than an edit sees the edit (an editor, `eslint`,
 * any code that `await`s I/O or a timer in between). Within one turn, the lint path asks `statNow` for the manifest
 * of a file that may write `_meta` (see `getFileGate`), so only files that cannot write reuse the turn's answer; code
 * that edits a module imported keys are read from and lints again in the same synchronous stretch sees the module as
 * the turn's first check saw it: await a turn in between (`nextTurn()`).
 */
export function statOncePerTurn(file: string, stat: (file: string) => fs.Stats | undefined = statOrUndefined): fs.Stats | undefined {
  const answer = answers.get(file) ?? ask(file, stat);
  if ('error' in answer) throw answer.error;
  return answer.stat;
}

/** Asks the disk now, and lets the rest of this turn's `statOncePerTurn` calls for `file` use this answer. */
export function statNow(file: string, stat: (file: string) => fs.Stats | undefined = statOrUndefined): fs.Stats | undefined {
  const answer = ask(file, stat);
  if ('error' in answer) throw answer.error;
  return answer.stat;
}

/**
 * How many times this module has asked the disk in this process: a caller that compares it before and after a
 * look-up knows whether the look-up's answer is from now or an earlier answer of the turn.
 */
export function diskAsks(): number {
  return asks;
}

let asks = 0;

function ask(file: string, stat: (file: string) => fs.Stats | undefined): Answer {
  asks += 1;
  let answer: Answer;
  try {
    answer = { stat: stat(file) };
  } catch (error) {
    answer = { error };
  }
  answers.set(file, answer);
  scheduleEndOfTurn();
  return answer;
}

type Answer = { readonly stat: fs.Stats | undefined } | { readonly error: unknown };

const answers = new Map<string, Answer>();
let endOfTurnScheduled = false;
let turn = 0;

/**
 * A number that stays the same until the end of the current event-loop turn: a memo that stores it with its answers
 * knows they are from this turn (they may depend on the disk, which is looked at once per turn).
 */
export function currentTurn(): number {
  scheduleEndOfTurn();
  return turn;
}

function scheduleEndOfTurn(): void {
  if (endOfTurnScheduled) return;
  endOfTurnScheduled = true;
  setImmediate(forgetThisTurn);
}

function forgetThisTurn(): void {
  answers.clear();
  endOfTurnScheduled = false;
  turn += 1;
}

function statOrUndefined(file: string): fs.Stats | undefined {
  return fs.statSync(file, { throwIfNoEntry: false });
}

/** Resolves in the next event-loop turn, after this turn's answers are forgotten. For tests and scripts that edit files. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
