/**
 * The analysis' test seam for cost: process-wide counts that tests read to prove that work grows linearly with the
 * input, or is not done at all, as operation counts rather than wall time (the machines that run the tests are noisy).
 * Nothing on the analysis path reads them back: they never change a result.
 */
export type CostCounter =
  /** Elementary steps of the indexes (offset set, word index, binding index, catch look-ups). */
  | 'analysis-steps'
  /** Imported names looked up as key constants (a file whose imports are not used as keys asks for none). */
  | 'imported-const-lookups'
  /** Imported functions looked up as `_meta` helpers (a file that calls none as a `_meta` value asks for none). */
  | 'imported-helper-lookups'
  /** Nodes the pass-through walk visits (a file that copies no tool-result field is not walked). */
  | 'pass-through-nodes'
  /** Nodes the relay walk visits (`relayOf`: a function that names no upstream call nor `mcpReq` is not entered). */
  | 'relay-nodes'
  /** Files `findMetaWrites` walked (the text check skips files that cannot write `_meta`). */
  | 'meta-walks'
  /** Analyses built by the rules (once per file, not once per rule). */
  | 'analysis-builds'
  /** Manifest resolutions for the gate (once per folder and turn, once more for a file that may write). */
  | 'registry-resolutions'
  /** Nodes whose type was asked of the checker (written-out keys and values never ask). */
  | 'type-lookups'
  /** Key-write lists the key and field rules filter (`keyWritesWithTypes`): once per file and plane scope, not per rule. */
  | 'key-write-lists'
  /** Names looked up in their scope by walking up the AST (`findBinding`): a variable's plane once per declaration. */
  | 'binding-lookups'
  /** Rules whose own `create()` ran for a file (`createRule`): not the ones whose `skipsFile` said the file is not theirs. */
  | 'rule-set-ups'
  /** tsconfig files read to resolve `paths` aliases (an `extends` chain once per config version, not once per base). */
  | 'tsconfig-reads'
  /**
   * Walks that start at a file's `Program` (the sites walk, and each per-file model's own: `FILE_WALKS` in
   * src/analysis/syntax/ast.ts), pruned by a text mark or not. A model that needs a new one is a visible decision.
   */
  | 'file-walks'
  /** Of those, the walks that enter every node of the file (no text mark prunes them): none under ESLint or oxlint. */
  | 'full-file-walks'
  /**
   * Files parsed outside ESLint (`parseSource`, and `check --typed`'s parse against its program): `check` parses each
   * file it reads once, for its key checks and its MCP Apps linkage alike (`src/cli/source-read.ts`).
   */
  | 'source-parses';

/**
 * One number per counter, in a plain object: `countSteps(1)` runs inside the offset set's and the indexes' innermost
 * loops, so a step costs one property increment rather than a `Map` get and set. A `Record` over the union, so a
 * counter added above without a starting count fails the type check.
 */
const counts: Record<CostCounter, number> = {
  'analysis-steps': 0,
  'imported-const-lookups': 0,
  'imported-helper-lookups': 0,
  'pass-through-nodes': 0,
  'relay-nodes': 0,
  'meta-walks': 0,
  'analysis-builds': 0,
  'registry-resolutions': 0,
  'type-lookups': 0,
  'key-write-lists': 0,
  'binding-lookups': 0,
  'rule-set-ups': 0,
  'tsconfig-reads': 0,
  'file-walks': 0,
  'full-file-walks': 0,
  'source-parses': 0,
};

export function countCost(counter: CostCounter, n = 1): void {
  counts[counter] += n;
}

/** The count so far in this process: tests compare it before and after the work they measure. */
export function costCount(counter: CostCounter): number {
  return counts[counter];
}

export function countSteps(n: number): void {
  counts['analysis-steps'] += n;
}

export function analysisCostSteps(): number {
  return costCount('analysis-steps');
}
