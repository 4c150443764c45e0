import { isMetaPlane } from '../../registry/planes';
import type { MetaPlane, Registry } from '../../registry/types';
import type { KeyRegistration } from '../types';
import type { WritePlane } from '../planes';

export type { KeyRegistration };

/** Registered keys are checked only on their planes (`"plane"`, default the tool result). */
export function registrationOf(registry: Pick<Registry, 'keys'>, name: string, plane: MetaPlane): KeyRegistration {
  const spec = registry.keys.get(name);
  if (!spec) return { status: 'unregistered' };
  return spec.planes.includes(plane) ? { status: 'registered', spec } : { status: 'other-plane', spec, planes: spec.planes };
}

/**
 * The registration of key `name` written on `plane`, or undefined when either is not one the manifest registers keys
 * on (a key whose name is not known, a write on the `unknown`, `prompt`, … plane): the key phase's answer, attached to
 * each key as `registration`.
 */
export function registrationOnPlane(registry: Pick<Registry, 'keys'>, name: string | null, plane: WritePlane): KeyRegistration | undefined {
  return name !== null && isMetaPlane(plane) ? registrationOf(registry, name, plane) : undefined;
}

/**
 * Whether unregistered keys on `plane` are reported. The tool-result plane always is; descriptor and resource
 * `_meta` only once a team registers keys there (until then those planes are the host's and the SDK's).
 */
export function planeIsChecked(registry: Registry, plane: MetaPlane): boolean {
  return plane === 'result' || registry.keysOnPlane(plane).size > 0;
}
