import type { KeySpec, MetaPlane, Registry } from '../../registry/types';

/** What the manifest says about a key written on a plane. */
export type KeyRegistration =
  | { readonly status: 'registered'; readonly spec: KeySpec }
  | { readonly status: 'other-plane'; readonly spec: KeySpec; readonly planes: readonly MetaPlane[] }
  | { readonly status: 'unregistered' };

/** Registered keys are checked only on their planes (`"plane"`, default the tool result). */
export function registrationOf(registry: Registry, name: string, plane: MetaPlane): KeyRegistration {
  const spec = registry.keys.get(name);
  if (!spec) return { status: 'unregistered' };
  return spec.planes.includes(plane) ? { status: 'registered', spec } : { status: 'other-plane', spec, planes: spec.planes };
}

/**
 * Whether unregistered keys on `plane` are reported. The tool-result plane always is; descriptor and resource
 * `_meta` only once a team registers keys there (until then those planes are the host's and the SDK's).
 */
export function planeIsChecked(registry: Registry, plane: MetaPlane): boolean {
  return plane === 'result' || registry.keysOnPlane(plane).size > 0;
}
