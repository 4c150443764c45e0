/**
 * What `init` will not register without a person's word: a written key (or a host key's field) that looks like a
 * mistake against the host-key catalogue. Every verdict is read from the catalogue (`src/registry/host-keys.ts`) and
 * the MCP key-name rules, the same tables the manifest validation, `add-key` and the lint use, so `init` never
 * registers what they refuse, and never hides a typo of a host key behind a registration.
 */
import type { CheckedPlane } from '../../analysis/planes';
import {
  catalogueEntryFor,
  catalogueKeyNames,
  checkMetaKeyName,
  hostNameOf,
  registrablePlanes,
  registrationRefusal,
  replacementText,
} from '../../registry';
import type { HostKeyEntry, ManifestFields } from '../../registry';
import { nearestName, nearestTypoOf } from '../../util/nearest-name';

export type HeldReason =
  /** A key one or two edits from a catalogue key (`openai/outputTemplat`): probably a typo of the host's key. */
  | 'near-miss'
  /** A written key near another key the code writes more often, or one the manifest registers: probably its typo. */
  | 'near-written'
  /** A key under a host's namespace (`openai/…`, `ui/…`) that the catalogue does not list. */
  | 'unknown-host-key'
  /** A catalogue key the host calls deprecated or legacy. */
  | 'deprecated'
  /** A key under MCP's reserved prefix that no catalogue entry names (`io.modelcontextprotocol/cost`). */
  | 'reserved'
  /** A catalogue key that lives only on the other side's planes (`progressToken`, `traceparent`). */
  | 'inbound'
  /** A key the server's MCP SDK stamps on every response (`io.modelcontextprotocol/serverInfo`). */
  | 'transport-owned'
  /** A catalogue key written on a plane the host does not define it on. */
  | 'off-plane'
  /** A field of a catalogue key that the host does not define (`ui.resourceURI`). */
  | 'unknown-field'
  /** A field of MCP Apps' `ui` written at the top of `_meta` (`_meta: { visibility: ['app'] }`): hosts read it in `ui`. */
  | 'ui-field-at-top';

export interface HeldKey {
  readonly key: string;
  /** The field, for `unknown-field` (dotted from the key's value: `csp.connectDomain`). */
  readonly field?: string;
  /** The planes, for `off-plane`. */
  readonly planes?: readonly CheckedPlane[];
  readonly reason: HeldReason;
  readonly message: string;
  readonly fix: string;
  /** Whether `--accept-found` may register it (never for what the manifest validation refuses). */
  readonly acceptable: boolean;
}

/** The namespaces hosts write keys under, read off the catalogue's own keys (`openai/`, `ui/`, `webplus/`, `mcp/`). */
function hostNamespaces(): Map<string, HostKeyEntry> {
  const namespaces = new Map<string, HostKeyEntry>();
  for (const name of catalogueKeyNames(undefined, true)) {
    const slash = name.indexOf('/');
    if (slash <= 0) continue;
    const namespace = name.slice(0, slash + 1);
    if (!namespaces.has(namespace)) namespaces.set(namespace, catalogueEntryFor(name)!);
  }
  return namespaces;
}

/** The exact catalogue entry of `key` (a pattern entry, like MCP's reserved prefixes, is not one a key can register). */
export function exactCatalogueEntry(key: string): HostKeyEntry | undefined {
  const entry = catalogueEntryFor(key);
  return entry?.key === key ? entry : undefined;
}

/** The planes of the entry a server writes on. */
function serverPlanes(entry: HostKeyEntry): CheckedPlane[] {
  return registrablePlanes(entry.planes);
}

const ACCEPT = 'Fix the code, or run `mcp-meta init --accept-found` to register it as found.';

/** The reasons to hold back `key`, written on `planes`, before registering it. */
export function vetKey(key: string, planes: ReadonlySet<CheckedPlane>): HeldKey[] {
  // The one table of keys a server never registers, shared with the manifest check, the lint and add-key.
  const refusal = registrationRefusal(key);
  if (refusal !== undefined) return [{ key, reason: refusal.kind, message: refusal.message, fix: refusal.advice, acceptable: false }];
  const entry = exactCatalogueEntry(key);
  if (entry !== undefined) return vetCatalogueKey(key, entry, planes);
  const named = `'${key}'`;
  // A typo of a deprecated key is a typo too (the host ignores it as much as any other).
  // Near relative to the names' length: `ms`, `id`, `url` are no typos of MCP Apps' `ui`.
  const near = nearestTypoOf(key, catalogueKeyNames(undefined, true));
  if (near !== null) {
    const nearEntry = catalogueEntryFor(near)!;
    return [
      {
        key,
        reason: 'near-miss',
        message: `Key ${named} is not in the host-key catalogue, but '${near}' is (${hostNameOf(nearEntry)}, catalogue entry '${nearEntry.id}'): a typo?`,
        fix: `Rename it to '${near}' in the code if the host's key is meant. ${ACCEPT}`,
        acceptable: checkMetaKeyName(key) === undefined,
      },
    ];
  }
  const nameIssue = checkMetaKeyName(key);
  if (nameIssue !== undefined && /reserve/i.test(nameIssue.message)) {
    return [
      { key, reason: 'reserved', message: nameIssue.message, fix: `${nameIssue.fix} A server does not register it.`, acceptable: false },
    ];
  }
  const slash = key.indexOf('/');
  const host = slash > 0 ? hostNamespaces().get(key.slice(0, slash + 1)) : undefined;
  if (host !== undefined) {
    return [
      {
        key,
        reason: 'unknown-host-key',
        message: `Key ${named} is under ${hostNameOf(host)}'s namespace '${key.slice(0, slash + 1)}', but the host-key catalogue has no such key (docs/host-keys.md).`,
        fix: `Check the host's documentation for the key's name. ${ACCEPT}`,
        acceptable: true,
      },
    ];
  }
  return [];
}

/** How often the code writes a key: at how many sites, in how many files. */
export interface WrittenCount {
  readonly sites: number;
  readonly files: number;
}

/** A key's namespace, its name up to the last `/` (`com.acme/`), or '' for a key without one. */
function namespaceOf(key: string): string {
  return key.slice(0, key.lastIndexOf('/') + 1);
}

/**
 * Of two near keys the code writes equally often, which one is meant, by the first sign that differs (each is a
 * guess, said in the finding, which names both): written in more files; its namespace used by more of the other keys
 * (`com.acme/` beside `com.acme/timing`, not `com.acem/`); the longer name (a dropped letter is the commoner slip
 * than an added one); else the first in code-unit order, the one sign left that never changes between runs.
 */
function tieBreak(
  key: string,
  other: string,
  written: ReadonlyMap<string, WrittenCount>,
  names: readonly string[],
): { meant: string; why: string } {
  const files = (name: string): number => written.get(name)?.files ?? 0;
  if (files(key) !== files(other)) {
    const [meant, less] = files(key) > files(other) ? [key, other] : [other, key];
    return { meant, why: `it is written in more files (${files(meant)}, against ${files(less)})` };
  }
  const sharing = (name: string): number => {
    const namespace = namespaceOf(name);
    return namespace === '' ? 0 : names.filter((n) => n !== key && n !== other && namespaceOf(n) === namespace).length;
  };
  if (sharing(key) !== sharing(other)) {
    const meant = sharing(key) > sharing(other) ? key : other;
    return { meant, why: `its namespace '${namespaceOf(meant)}' is the one ${sharing(meant)} other written or registered keys use` };
  }
  if (key.length !== other.length) return { meant: key.length > other.length ? key : other, why: 'it is the longer name' };
  return { meant: key < other ? key : other, why: 'it comes first in code-unit order (nothing else tells them apart)' };
}

/**
 * Written keys that are likely typos of another key: near it on the lint's scale (`nearestTypoOf`) and written at
 * fewer sites than it, or near a key the manifest (or the doc) already registers. Of two near keys written equally
 * often, one is registered, picked by `tieBreak`, and the other held with a finding that names both and says why, so
 * the lint then offers the rename ("Did you mean …?") and a person who meant the other knows which way to turn it.
 * A registered key is never held (the team decided it).
 */
export function vetNearWritten(written: ReadonlyMap<string, WrittenCount>, registered: ReadonlySet<string>): HeldKey[] {
  const held: HeldKey[] = [];
  const names = [...new Set([...written.keys(), ...registered])];
  const times = (n: number): string => `${n} ${n === 1 ? 'site' : 'sites'}`;
  for (const [key, count] of written) {
    if (registered.has(key) || exactCatalogueEntry(key) !== undefined) continue;
    // The keys `key` would be a typo of: registered ones, those written more, and those that win a tie against it.
    const beats = (other: string, n: WrittenCount): boolean =>
      n.sites > count.sites || (n.sites === count.sites && tieBreak(key, other, written, names).meant === other);
    const candidates = [...registered, ...[...written].filter(([other, n]) => other !== key && beats(other, n)).map(([other]) => other)];
    const near = nearestTypoOf(key, candidates);
    if (near === null) continue;
    const nearCount = registered.has(near) ? undefined : written.get(near);
    const what = nearCount === undefined ? `the registered key '${near}'` : `'${near}' (written at ${times(nearCount.sites)})`;
    const tie = nearCount !== undefined && nearCount.sites === count.sites ? tieBreak(key, near, written, names) : undefined;
    held.push({
      key,
      reason: 'near-written',
      message:
        tie === undefined
          ? `Key '${key}' (written at ${times(count.sites)}) is near ${what}: a typo?`
          : `Key '${key}' (written at ${times(count.sites)}) is near ${what}: one is likely a typo of the other, and both are written as often. '${near}' is registered, as the one meant: ${tie.why}.`,
      fix:
        tie === undefined
          ? `Rename it to '${near}' in the code if that key is meant. ${ACCEPT}`
          : `Rename it to '${near}' in the code if that key is meant; if '${key}' is, rename '${near}' in the code and in the manifest instead. ${ACCEPT}`,
      acceptable: checkMetaKeyName(key) === undefined,
    });
  }
  return held;
}

function vetCatalogueKey(key: string, entry: HostKeyEntry, planes: ReadonlySet<CheckedPlane>): HeldKey[] {
  const host = hostNameOf(entry);
  const onServer = serverPlanes(entry);
  if (onServer.length === 0) {
    return [
      {
        key,
        reason: 'inbound',
        message: `Key '${key}' (catalogue entry '${entry.id}') lives on ${entry.planes.join(' and ')} _meta, which the other side writes: a server does not register it.`,
        fix: `Move the write out of the server's outbound \`_meta\`, or, if this \`_meta\` is another plane (a request the server sends, a JSON body), add the file to "ignore".`,
        acceptable: false,
      },
    ];
  }
  const held: HeldKey[] = [];
  if (entry.deprecated === true) {
    held.push({
      key,
      reason: 'deprecated',
      message: `Key '${key}' is deprecated by ${host} (catalogue entry '${entry.id}').`,
      fix: `${replacementText(entry)} ${ACCEPT}`,
      acceptable: true,
    });
  }
  const foreign = [...planes].filter((plane) => !onServer.includes(plane)).sort();
  if (foreign.length > 0) {
    held.push({
      key,
      planes: foreign,
      reason: 'off-plane',
      message: `Key '${key}' is written on the ${foreign.join(' and ')} plane, but ${host} defines it on ${onServer.join(' and ')} (catalogue entry '${entry.id}').`,
      fix: `Remove the write on the ${foreign.join(' and ')} plane (the host does not read it there), or move it to the ${onServer.join(' or ')} _meta; it is registered on the planes the host defines only.`,
      acceptable: false,
    });
  }
  return held;
}

/**
 * Fields the code writes into a catalogue key that the entry does not define, at any depth the entry names fields:
 * each with the entry's nearest field, if any.
 */
export function vetCatalogueFields(key: string, written: ManifestFields | undefined): HeldKey[] {
  const entry = exactCatalogueEntry(key);
  if (entry?.fields === undefined || written === undefined) return [];
  return unknownFields(key, entry, entry.fields, written, '');
}

function namesOf(fields: ManifestFields): string[] {
  return Array.isArray(fields) ? fields : Object.keys(fields);
}

function unknownFields(key: string, entry: HostKeyEntry, defined: ManifestFields, written: ManifestFields, prefix: string): HeldKey[] {
  const known = namesOf(defined);
  const held: HeldKey[] = [];
  for (const name of namesOf(written)) {
    const path = `${prefix}${name}`;
    if (known.includes(name)) {
      const inner = Array.isArray(defined) ? undefined : defined[name]?.fields;
      const writtenInner = Array.isArray(written) ? undefined : written[name]?.fields;
      if (inner !== undefined && writtenInner !== undefined) held.push(...unknownFields(key, entry, inner, writtenInner, `${path}.`));
      continue;
    }
    const near = nearestName(name, known, { maxDistance: 2, ignoreCase: true });
    held.push({
      key,
      field: path,
      reason: 'unknown-field',
      message: `Field '${key}.${path}' is not a field ${hostNameOf(entry)} defines for '${key}' (catalogue entry '${entry.id}')${near !== null ? `; '${prefix}${near}' is (a typo?)` : ''}.`,
      fix: `${near !== null ? `Rename it to '${near}' in the code if the host's field is meant. ` : ''}${ACCEPT}`,
      acceptable: true,
    });
  }
  return held;
}

/**
 * `key`, when the code writes it only as a field of MCP Apps' `ui` at the top of `_meta` (`valid-app-linkage`'s
 * `uiFieldAtTop`: `_meta: { visibility: ['app'] }`, a value of that field's form, on a plane the host reads it on): not
 * a key of the team's own, so it is held back with the lint's reason instead of registered and then reported.
 */
export function vetUiFieldAtTop(key: string): HeldKey {
  return {
    key,
    reason: 'ui-field-at-top',
    message: `Key '${key}' is written at the top of \`_meta\` as MCP Apps' \`ui.${key}\` is (valid-app-linkage's uiFieldAtTop): hosts read that field only inside \`ui\`, so it does nothing there.`,
    fix: `Write it inside \`ui\` (\`_meta: { ui: { ${key} } }\`). ${ACCEPT}`,
    acceptable: true,
  };
}
