/**
 * A process-wide count of the elementary steps taken by the analysis' indexes (offset set, word index, binding index,
 * catch look-ups). Tests assert that it grows linearly with the input: operation counts, not wall time, because the
 * machines that run the tests are noisy.
 */
let steps = 0;

export function countSteps(n: number): void {
  steps += n;
}

export function analysisCostSteps(): number {
  return steps;
}
