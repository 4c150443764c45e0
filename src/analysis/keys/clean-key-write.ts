/**
 * Whether a write a suggestion would create is clean: a fix or suggestion never earns a new finding, so a rename that
 * puts a key on the channel (`metadata` -> `_meta`, a misspelt key -> the registered one) is offered only when the key
 * it writes is one this file may write as it is written. Asked only when a rule is about to offer such a rename.
 */
import { deprecatedHostEntry } from '../../registry';
import { catalogueEntryOfKey } from '../../registry/catalogue';
import type { Registry } from '../../registry/types';
import { collectFieldShape, collectItemShape } from '../value/field-sets';
import { fieldProblems, hostFieldReadOn } from '../value/field-problems';
import { keyVerdict } from './key-verdict';
import { registrationOf } from './key-writes';
import { PLANE_SCOPES, type CheckedPlane } from '../planes';
import type { MetaWrite } from '../types';

/** The write a key would be written by: its plane, why it is on it, and its kind (a delete, a value). */
export type KeyWriteForm = Pick<MetaWrite, 'plane' | 'evidence' | 'kind'>;

/**
 * True when writing key `name` with `value` in the form of `write` from `filename` earns none of the key and field
 * findings: the manifest and the host-key catalogue accept the key on that plane (`keyVerdict`), its host has not
 * deprecated it, and where it is registered on that plane, this file is one of its producers (MCP _meta rule 1) and
 * the value writes only registered fields, of their registered types, on planes their host reads them on (rule 2).
 * With type information (`typed`), a value whose fields the syntax cannot read is read from its type by the field
 * check, so it is clean only when the key registers no fields to check against.
 */
export function writesKeyCleanly(
  registry: Registry,
  write: KeyWriteForm,
  name: string,
  value: MetaWrite['metaValue'],
  filename: string,
  typed: boolean,
): boolean {
  if (keyVerdict(registry, write, name, filename).kind !== 'ok') return false;
  const plane = manifestPlane(write.plane);
  if (plane === null) return true;
  if (deprecatedHostEntry(name, plane) !== undefined) return false;
  const registration = registrationOf(registry, name, plane);
  if (registration.status !== 'registered') return true;
  if (!registry.classifyFile(filename).ownedKeys.includes(name)) return false;
  const spec = registration.spec;
  const entry = catalogueEntryOfKey(spec);
  if (!spec.fields && !entry) return true;
  const objectShape = collectFieldShape(value);
  const shape = objectShape ?? collectItemShape(value);
  if (!shape) return !typed;
  if (spec.fields && !fieldProblems(shape, spec.fields, name).next().done) return false;
  // The host reads some fields on one plane only (MCP Apps `ui.csp` on a resource), where the plane is known.
  if (objectShape && entry && write.evidence !== 'name')
    for (const field of objectShape.fields.keys()) if (hostFieldReadOn(entry, field, plane) !== null) return false;
  return true;
}

/** The plane when the manifest registers keys on it (`PLANE_SCOPES.manifest`), else null (no key or field check). */
function manifestPlane(plane: MetaWrite['plane']): CheckedPlane | null {
  return (PLANE_SCOPES.manifest as readonly string[]).includes(plane) ? (plane as CheckedPlane) : null;
}
