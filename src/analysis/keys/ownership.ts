/**
 * The last phase of the write analysis, the key phase: who writes each key, and which keys that writer produces (MCP
 * _meta rule 1: one producer per key), and what the manifest says about the key on its write's plane. The writer is
 * the analysed file, or, for a key an imported helper builds (`builtBy`), the helper's module. Attached once to every
 * key of the model (`MetaKeyWrite.ownership`, `MetaKeyWrite.registration`), after the type-aware phase has moved the
 * writes it moves, so the key rules, `mcp-meta check` and `init` read it and none of them works it out again.
 */
import type { Registry } from '../../registry/types';
import type { KeyOwnership, KeyRegistration, MetaKeyWrite, MetaWrite } from '../types';
import { registrationOnPlane } from './key-writes';

/** Where the producers come from: the manifest (`classifyFile`); `init`'s scan, which has none, passes null. */
export type ProducerSource = Pick<Registry, 'classifyFile'> | null;

/** Whose registrations the key phase attaches: the manifest's keys; `init`'s scan, which has none, passes null. */
export type RegistrationSource = Pick<Registry, 'keys'> | null;

/**
 * The writes with `ownership` and `registration` on each key; `filename` is the analysed file (absolute).
 */
export function attachOwnership(
  writes: readonly MetaWrite[],
  filename: string,
  producers: ProducerSource,
  registrations: RegistrationSource = null,
): MetaWrite[] {
  const ownedHere = ownedKeysOf(producers, filename);
  const byWriter = new Map<string, KeyOwnership>([[filename, { writer: filename, producerOf: ownedHere }]]);
  const ownershipOf = (key: MetaKeyWrite): KeyOwnership => {
    const writer = key.builtBy?.file ?? filename;
    let ownership = byWriter.get(writer);
    if (!ownership) {
      // A key built by an imported helper (`_meta: widgetMeta(w)`) is written by the helper's module: the call is no
      // foreign producer of a key that module owns, nor of one this file owns (a caller may use a shared builder).
      ownership = { writer, producerOf: new Set([...ownedHere, ...ownedKeysOf(producers, writer)]) };
      byWriter.set(writer, ownership);
    }
    return ownership;
  };
  return writes.map((write) =>
    write.keys.length === 0
      ? write
      : {
          ...write,
          keys: write.keys.map((key) =>
            withOwnership(key, ownershipOf(key), registrations ? registrationOnPlane(registrations, key.name, write.plane) : undefined),
          ),
        },
  );
}

/**
 * The key with its ownership, built as a literal in one property order rather than spread (`{ ...key, ownership }`):
 * V8 gave nearly every spread copy a hidden class of its own, so
 * every rule's `key.name` / `key.node` read missed its inline caches. Listing the fields makes them all share one or
 * two classes; `KEY_FIELDS` fails the type check when `MetaKeyWrite` gains a field this copy would drop.
 */
function withOwnership(key: MetaKeyWrite, ownership: KeyOwnership, registration: KeyRegistration | undefined): MetaKeyWrite {
  const owned: { -readonly [F in keyof MetaKeyWrite]: MetaKeyWrite[F] } = {
    name: key.name,
    source: key.source,
    node: key.node,
    value: key.value,
  };
  // Optional fields stay absent when absent (never `builtBy: undefined`).
  if (key.builtBy !== undefined) owned.builtBy = key.builtBy;
  if (key.builtValue !== undefined) owned.builtValue = key.builtValue;
  if (key.flattened !== undefined) owned.flattened = key.flattened;
  if (key.writtenBy !== undefined) owned.writtenBy = key.writtenBy;
  if (key.overSpread !== undefined) owned.overSpread = key.overSpread;
  owned.ownership = ownership;
  if (registration !== undefined) owned.registration = registration;
  return owned;
}

/** Every field of `MetaKeyWrite`, as `withOwnership` copies it. */
const KEY_FIELDS = {
  name: true,
  source: true,
  node: true,
  value: true,
  builtBy: true,
  builtValue: true,
  flattened: true,
  writtenBy: true,
  overSpread: true,
  ownership: true,
  registration: true,
} as const;
void (KEY_FIELDS satisfies Record<keyof MetaKeyWrite, true>);

/** True when the key's name is known and its writer is one of its producers (the model's answer, attached above). */
export function isOwned(key: MetaKeyWrite): boolean {
  return key.name !== null && key.ownership?.producerOf.has(key.name) === true;
}

function ownedKeysOf(producers: ProducerSource, file: string): ReadonlySet<string> {
  return new Set(producers?.classifyFile(file).ownedKeys ?? []);
}
