/**
 * A written value against the type or range its host documents for the key (the host-key catalogue's `value`:
 * `anthropic/maxResultSizeChars` a number up to 500,000, `openai/visibility` 'public' or 'private'): the one answer
 * `no-unregistered-meta-field` reports and `mcp-meta check` turns into `host-value` findings. Only values the syntax
 * reads (a literal, a `const` bound to one, an imported helper's literal); anything else is silent.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { catalogueEntryFor, catalogueEntryOfKey, hostValueProblem, type HostKeyEntry } from '../../registry';
import type { Registry } from '../../registry/types';
import { fieldValueOf } from '../modules/imported-helpers';
import { registrationOf } from './key-writes';
import { literalValueOf } from '../value/literal-value';
import type { MetaKeyWrite, MetaWrite } from '../types';

export interface HostValueFinding {
  /** Where to report: the value, or the call here when another module builds it. */
  readonly node: TSESTree.Node;
  readonly entry: HostKeyEntry;
  /** What the host documents (`number ≤ 500,000`). */
  readonly expected: string;
  /** What the value is (`the number 600000`). */
  readonly actual: string;
}

/**
 * The host's verdict on the value of `key` as `write` writes it, or null. The key's catalogue entry is the one its
 * registration names (`"catalogue"`, or an `external` key's own name), else, unregistered, the entry whose exact key it
 * is: a host's documented type holds whatever the manifest says, and an unregistered key gets its own report besides.
 * Only on a plane the entry defines the key on, and never for a key the transport writes.
 */
export function hostValueFindingOf(registry: Registry, write: MetaWrite, key: MetaKeyWrite, typed: boolean): HostValueFinding | null {
  if (key.name === null || key.value === null) return null;
  const plane = write.plane;
  if (plane !== 'result' && plane !== 'tool' && plane !== 'resource') return null;
  // The key phase's registration (keys/ownership.ts); looked up only for a key that came another way.
  const registration = key.registration ?? registrationOf(registry, key.name, plane);
  const entry = registration.status === 'registered' ? catalogueEntryOfKey(registration.spec) : exactEntry(key.name);
  if (entry?.value === undefined || entry.writtenBy !== undefined || !entry.planes.includes(plane)) return null;
  const fieldValue = fieldValueOf(key, typed);
  const literal = literalValueOf(fieldValue.value);
  if (literal === undefined) return null;
  const problem = hostValueProblem(entry, literal);
  if (problem === null) return null;
  return { node: fieldValue.reportAt ?? fieldValue.value ?? key.node, entry, ...problem };
}

function exactEntry(name: string): HostKeyEntry | undefined {
  const entry = catalogueEntryFor(name);
  return entry?.key === name ? entry : undefined;
}
