import { HOST_KEY_CATALOGUE, type HostKeyEntry, type HostKeyPlane } from './host-keys';
import type { MetaPlane } from './types';

/**
 * Lookups in the host-key catalogue (`host-keys.ts`) for the manifest checks and the rules: which entry a key name
 * is, which entry an id names, and the exact key names for "did you mean".
 */

const REGISTRABLE_PLANES: readonly MetaPlane[] = ['result', 'tool', 'resource'];

const byId = new Map(HOST_KEY_CATALOGUE.entries.map((entry) => [entry.id, entry]));
const byKey = new Map(HOST_KEY_CATALOGUE.entries.filter((entry) => entry.key !== undefined).map((entry) => [entry.key!, entry]));
const byPattern: ReadonlyArray<[RegExp, HostKeyEntry]> = HOST_KEY_CATALOGUE.entries
  .filter((entry) => entry.keyPattern !== undefined)
  .map((entry) => [new RegExp(entry.keyPattern!), entry]);

/** The catalogue entry a key name is: by exact key first, else by an entry's `keyPattern`. */
export function catalogueEntryFor(key: string): HostKeyEntry | undefined {
  return byKey.get(key) ?? byPattern.find(([pattern]) => pattern.test(key))?.[1];
}

/** The catalogue entry with this id. */
export function catalogueEntryById(id: string): HostKeyEntry | undefined {
  return byId.get(id);
}

/** Every catalogue entry id, for "did you mean". */
export function catalogueIds(): string[] {
  return [...byId.keys()];
}

/** The exact key names of the catalogue (pattern entries have none), optionally only those on `plane`. */
export function catalogueKeyNames(plane?: MetaPlane): string[] {
  return [...byKey.values()].filter((entry) => plane === undefined || entry.planes.includes(plane)).map((entry) => entry.key!);
}

/** Whether `key` is the entry's exact key or matches its pattern. */
export function catalogueEntryMatches(entry: HostKeyEntry, key: string): boolean {
  return entry.key !== undefined ? entry.key === key : new RegExp(entry.keyPattern ?? '(?!)').test(key);
}

/** The entry's planes a manifest can register a key on (`request` and `notification` are the other side's). */
export function registrablePlanes(planes: readonly HostKeyPlane[]): MetaPlane[] {
  return REGISTRABLE_PLANES.filter((plane) => planes.includes(plane));
}
