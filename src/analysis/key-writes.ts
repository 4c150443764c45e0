import type { KeySpec, Registry } from '../registry/types';
import { planesOfKey, type CheckedPlane } from './planes';
import type { MetaKeyWrite, MetaWrite } from './types';

/** Every top-level key a file writes, with the write it belongs to: the view most rules filter. */
export function* keyWritesOf(writes: readonly MetaWrite[]): Generator<{ write: MetaWrite; key: MetaKeyWrite }> {
  for (const write of writes) {
    for (const key of write.keys) yield { write, key };
  }
}

/** What the manifest says about a key written on a plane. */
export type KeyRegistration =
  | { readonly status: 'registered'; readonly spec: KeySpec }
  | { readonly status: 'other-plane'; readonly spec: KeySpec; readonly planes: readonly CheckedPlane[] }
  | { readonly status: 'unregistered' };

export function registrationOf(registry: Registry, name: string, plane: CheckedPlane): KeyRegistration {
  const spec = registry.keys.get(name);
  if (!spec) return { status: 'unregistered' };
  const planes = planesOfKey(spec);
  return planes.includes(plane) ? { status: 'registered', spec } : { status: 'other-plane', spec, planes };
}

/**
 * Whether the manifest registers any key on `plane`. The tool-result plane is always checked; descriptor and
 * resource `_meta` only once a team registers keys there (until then those planes are the host's and the SDK's).
 */
export function planeIsChecked(registry: Registry, plane: CheckedPlane): boolean {
  if (plane === 'result') return true;
  for (const spec of registry.keys.values()) if (planesOfKey(spec).includes(plane)) return true;
  return false;
}

/** Registered key names on `plane`, for "did you mean". */
export function keyNamesOnPlane(registry: Registry, plane: CheckedPlane): string[] {
  return [...registry.keys.values()].filter((spec) => planesOfKey(spec).includes(plane)).map((spec) => spec.name);
}
