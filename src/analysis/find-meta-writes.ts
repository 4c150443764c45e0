/**
 * The write analysis of one file, as a pipeline: every `_meta` write, on every plane, with its plane, its evidence,
 * what it writes and who owns its keys (see `MetaWrite`). It knows nothing about which rule will complain about what.
 *
 * 1. `findWriteSites` (`sites/`): the one walk; where the file writes `_meta`, and in which form.
 * 2. `decidePlane` (`plane/`): which `_meta` each site writes, and the evidence for it.
 * 3. `readWrittenValue` (`value/`): the keys, spreads and fields it writes, and whether it replaces `_meta`.
 * 4. `attachOwnership` (`keys/ownership.ts`): who writes each key, whether that file is one of its producers, and
 *    what the manifest says about the key on its plane. `analyzeFile` runs it after its type-aware phase.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { countCost } from '../util/cost-counter';
import { mayWriteMeta, type WriteVocabulary } from './sites/mention-index';
import { attachOwnership, type ProducerSource, type RegistrationSource } from './keys/ownership';
import { decidePlane } from './plane/decide-plane';
import { findWriteSites } from './sites/find-write-sites';
import type { VisitorKeys } from './sites/prune';
import { teamSinksOf, type TeamSinks } from './plane/team-sinks';
import type { MetaWrite } from './types';
import { moduleScope, type ModuleScope } from './value/meta-value';
import { moduleResolverOf } from './modules/module-resolver';
import { readWrittenValue } from './value/read-written-value';

export type { VisitorKeys, WriteVocabulary };
export { mayWriteMeta };

export interface FindMetaWritesInput {
  /** Absolute path of the file, to resolve keys held in `const`s imported from relative modules; optional. */
  filename?: string;
  ast: TSESTree.Program;
  text: string;
  visitorKeys: VisitorKeys;
  vocabulary: WriteVocabulary;
  /** Whose keys each file produces (the manifest), for each key's `ownership`; without it, writers only. */
  producers?: ProducerSource;
  /** The manifest's keys, for each key's `registration`; without it, none. */
  registrations?: RegistrationSource;
}

/**
 * The per-file context the pipeline hands its phases, built once per analysis and passed, never looked up from a node:
 * what a phase reads besides the site depends on the manifest and the file, not on the tree alone (one tree may be
 * analysed under two manifests: the command's detected names, an edited manifest).
 */
export interface FileContext {
  /**
   * The manifest's team registrations and result builders (`sinks`): the plane phase places their configs, callbacks
   * and results as it does the SDK's; the value phase reads a registration's `flattenKeys`. Undefined when it names none.
   */
  readonly sinks: TeamSinks;
  /** The value phase's cross-module resolution (imported keys and helpers), injected so `value/` imports no `modules/`. */
  readonly scope: ModuleScope;
}

export function findMetaWrites(input: FindMetaWritesInput): MetaWrite[] {
  return mayWriteMeta(input.text, input.vocabulary) ? findWritesOfWritingText(input) : [];
}

/**
 * The pipeline for a text the caller's own text check already found may write `_meta` (`analyzeFile`): the rules'
 * gate, `analyzeFile` and this entry each scanned the text of every file that may write, up to the same answer.
 */
export function findWritesOfWritingText(input: FindMetaWritesInput): MetaWrite[] {
  const writes = placedWritesOf(input);
  return input.filename ? attachOwnership(writes, input.filename, input.producers ?? null, input.registrations ?? null) : writes;
}

/**
 * Phases 1-3 only, for `analyzeFile`, which places writes by their types before the key phase (a key's registration
 * depends on the plane its write ends up on).
 */
export function placedWritesOf(input: FindMetaWritesInput): MetaWrite[] {
  countCost('meta-walks');
  const sites = findWriteSites(input);
  const file: FileContext = {
    sinks: teamSinksOf(input.vocabulary.sinks),
    scope: moduleScope(input.filename ? moduleResolverOf(input.filename) : null),
  };
  const writes: MetaWrite[] = [];
  for (const site of sites) readWrittenValue(site, decidePlane(site, file), file, writes);
  // In source order: the walk's order already, except writes through an alias (confirmed after the walk).
  if (!inSourceOrder(writes)) writes.sort(bySourceOrder);
  return writes;
}

function bySourceOrder(a: MetaWrite, b: MetaWrite): number {
  return a.node.range[0] - b.node.range[0];
}

/** True when no write starts before the one ahead of it (the stable sort would keep them as they are). */
function inSourceOrder(writes: readonly MetaWrite[]): boolean {
  for (let i = 1; i < writes.length; i += 1) if (bySourceOrder(writes[i - 1], writes[i]) > 0) return false;
  return true;
}
