/**
 * What the manifest and the host-key catalogue say about one named key written on a plane: the one answer
 * `no-unregistered-meta-key` reports and `mcp-meta check` turns into findings, so the gate and the lint never
 * disagree about a key.
 */
import { catalogueKeyNames, deprecatedHostEntry, offHostPlane, registrationRefusal, type RegistrationRefusal } from '../../registry';
import type { HostKeyEntry } from '../../registry';
import type { Registry } from '../../registry/types';
import { nearestName } from '../../util/nearest-name';
import { isMcpSdkSource } from '../../util/mcp-sdk-source';
import { planeIsChecked, registrationOf, type KeyRegistration } from './key-writes';
import { PLANE_SCOPES, type CheckedPlane } from '../planes';
import type { MetaWrite } from '../types';

export type KeyVerdict =
  | { readonly kind: 'ok' }
  /** A host key written on a plane its host does not define it on. */
  | { readonly kind: 'off-host-plane'; readonly entry: HostKeyEntry; readonly planes: readonly CheckedPlane[] }
  /** A registered key written on another plane than it is registered for. */
  | { readonly kind: 'wrong-plane'; readonly planes: readonly CheckedPlane[] }
  /** A key the SDK stamps, the other side writes, or MCP reserves: never the server's to register. */
  | { readonly kind: 'not-servers'; readonly refusal: RegistrationRefusal }
  /** Not registered (on an unknown plane: only a near miss of a registered or server-side host key). */
  | { readonly kind: 'unregistered'; readonly nearest: string | null };

const OK: KeyVerdict = { kind: 'ok' };

/**
 * The verdict on key `name` written by `write` (on any plane of `PLANE_SCOPES.keyNames`) in `filename`. `known` is
 * the key's `registration` from the key phase when the key is one of the model's (a rename's key is looked up here).
 */
export function keyVerdict(
  registry: Registry,
  write: Pick<MetaWrite, 'plane' | 'kind'>,
  name: string,
  filename: string,
  known?: KeyRegistration,
): KeyVerdict {
  if (write.plane === 'unknown') {
    // Nothing says which object this is: only a near miss of a key registered on some plane, or of a host key a
    // server writes, holds whatever the object is (a key registered on any plane may be written here).
    if (registry.keys.has(name)) return OK;
    const nearest = nearestOf(registry, 'unknown', name, () => {
      const serverKeys = PLANE_SCOPES.manifest.flatMap((plane) => catalogueKeyNames(plane));
      // A near miss only where the edits are few for the name's length: `x` is two edits from `ui`, no typo of it.
      const maxDistance = Math.min(2, Math.floor(name.length / 3));
      return maxDistance > 0 ? nearestName(name, [...registry.keys.keys(), ...serverKeys], { maxDistance }) : null;
    });
    return nearest ? { kind: 'unregistered', nearest } : OK;
  }
  if (write.plane !== 'result' && write.plane !== 'tool' && write.plane !== 'resource') return OK;
  const plane: CheckedPlane = write.plane;
  const registration = known ?? registrationOf(registry, name, plane);
  if (registration.status === 'registered') return OK;
  // A host key off its host's planes is never registered there (the manifest validation refuses the plane for a
  // catalogue key; init holds the write back): say where it belongs rather than "register it" or "add the plane".
  const offHost = write.kind === 'key-delete' ? undefined : offHostPlane(name, plane);
  if (offHost && (registration.status === 'other-plane' || planeIsChecked(registry, plane)))
    return { kind: 'off-host-plane', entry: offHost.entry, planes: offHost.planes };
  if (registration.status === 'other-plane') return { kind: 'wrong-plane', planes: registration.planes };
  if (!planeIsChecked(registry, plane)) return OK;
  // A key the SDK stamps, the other side writes, or MCP reserves is never the server's to register: say what it
  // is instead (the manifest check and add-key refuse it from the same table).
  const refusal = registrationRefusal(name);
  if (write.kind === 'key-delete') {
    // Deleting a key the SDK stamps or the other side writes (a gateway dropping the upstream's
    // `io.modelcontextprotocol/serverInfo` from a `_meta` it forwards) names a real key on purpose: no typo.
    if (refusal?.kind === 'transport-owned' || refusal?.kind === 'inbound') return OK;
  } else if (refusal !== undefined) {
    // The MCP SDK's own source stamps the keys MCP keeps for itself (the SDK's `serverInfo` stamp): they are its own.
    if (refusal.kind !== 'inbound' && refusal.entry.host === 'mcp' && isMcpSdkSource(filename)) return OK;
    return { kind: 'not-servers', refusal };
  }
  // A deprecated host key is no-deprecated-meta-key's report, with its replacement: init holds it back and add-key
  // warns, so this is never "register it" (nor reported beside its replacement, the hosts' form).
  if (write.kind !== 'key-delete' && deprecatedHostEntry(name, plane)) return OK;
  // Registered keys of this plane, and the host-defined keys a server may write there (`openai/outputTemplate`).
  const nearest = nearestOf(registry, plane, name, () =>
    nearestName(name, [...registry.keysOnPlane(plane).keys(), ...catalogueKeyNames(plane)], { maxDistance: 2 }),
  );
  return { kind: 'unregistered', nearest };
}

/**
 * Each manifest's near misses, by plane and name: a code base writes the same few keys in many files, and an editor
 * lints the same file on every keystroke, so the edit distances to every registered and host key are worked out once
 * per manifest (a loaded manifest never changes; an edited one is a new object).
 */
const nearestByRegistry = new WeakMap<Registry, Map<string, string | null>>();

function nearestOf(registry: Registry, plane: string, name: string, find: () => string | null): string | null {
  let known = nearestByRegistry.get(registry);
  // Bounded: an editor linting as a key is typed asks for each prefix of it once.
  if (!known || known.size >= 10_000) nearestByRegistry.set(registry, (known = new Map<string, string | null>()));
  const key = `${plane}\0${name}`;
  let nearest = known.get(key);
  if (nearest === undefined) known.set(key, (nearest = find()));
  return nearest;
}
