import * as fs from 'node:fs';

/**
 * `fs.statSync(file, { throwIfNoEntry: false })`, asked of the disk at most once per path per event-loop turn.
 *
 * Why: the lint path checks the manifest (and the modules imported keys are read from) for edits, and a system call
 * made right after a file's parse is many times dearer than the same call in a tight loop (the kernel's data is cold
 * after the parser churned memory). One manifest `stat` per linted file was most of what the rules cost on files
 * that cannot write `_meta`. ESLint lints a run's files in few turns (it reads files concurrently and lints each as
 * its read completes), and an editor's ESLint server lints each change in a turn of its own.
 *
 * What it means for freshness: every lint that starts in a later turn than an edit sees the edit (an editor, `eslint`,
 * any code that `await`s I/O or a timer in between). Within one turn, the lint path asks `statNow` for the manifest
 * of a file that may write `_meta` (see `getFileGate`), so only files that cannot write reuse the turn's answer; code
 * that may write `_meta` is analysed after `lookAgainThisTurn()` (see `getMetaFileState`), and the modules its imported
 * keys and helpers are read from are looked at with `statOncePerLook`, once more for it: an edit to one, linted in the
 * same synchronous stretch, is seen too. Files that cannot write read no module and keep the turn's answers.
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
    answer = { stat: stat(file), look };
  } catch (error) {
    answer = { error, look };
  }
  answers.set(file, answer);
  scheduleEndOfTurn();
  return answer;
}

/** `look`: the look it was asked in; an answer from an earlier look of the turn is asked again (`lookAgainThisTurn`). */
type Answer = ({ readonly stat: fs.Stats | undefined } | { readonly error: unknown }) & { readonly look: number };

const answers = new Map<string, Answer>();
let endOfTurnScheduled = false;
let turn = 0;
let look = 0;

/**
 * From now on, each path's next `statOncePerLook` asks the disk once more, and the rest of the turn gets that answer.
 * Called before a file that may write `_meta` is analysed: the modules it reads keys and helpers from are then as on
 * disk now (a script that edits one and lints right after sees the edit). One `stat` per module per such file.
 */
export function lookAgainThisTurn(): void {
  look += 1;
}

/**
 * `statOncePerTurn` for the modules imported keys and helpers are read from: an answer from before the last
 * `lookAgainThisTurn()` is asked again. Only the analysis of a file that may write `_meta` reads modules, so files
 * that cannot write never pay for it, and the manifest's own look-ups (`statOncePerTurn`) are unaffected.
 */
export function statOncePerLook(file: string, stat: (file: string) => fs.Stats | undefined = statOrUndefined): fs.Stats | undefined {
  const known = answers.get(file);
  const answer = known !== undefined && known.look === look ? known : ask(file, stat);
  if ('error' in answer) throw answer.error;
  return answer.stat;
}

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
