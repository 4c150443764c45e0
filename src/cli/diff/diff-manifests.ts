import { planeName } from '../../analysis/planes';
import type { AcceptedBreak, FieldMap, ManifestKey, MetaPlane, RegistryManifest } from '../../registry';
import { isRequiredField, keyFieldsOf, normalizeFields, planesOfKey } from '../../registry';
import { diffFieldType, type BreakingFieldTypeChangeKind, type FieldTypeChangeKind } from './diff-field-types';
import { pairRenames } from './similar-names';

/**
 * Comparing two manifests the way `buf breaking` and `oasdiff` compare schemas: every difference becomes a change with
 * a canonical id; the breaking ones (rule 2, additive-forever; rule 1, one producer per key) fail `diff` unless the
 * new manifest accepts them by id in `acceptedBreaks`.
 *
 * Change ids (documented in docs/cli.md; `acceptedBreaks[].change` must equal one exactly):
 *   key-removed:<key>                    breaking
 *   field-removed:<path>                 breaking   path = key.field, nested: key.field.sub, array items: key.field[].sub
 *   field-renamed:<old path>-><new path> breaking
 *   producers-moved:<key>                breaking   an old producer glob is gone from the key's producers
 *   field-type-changed:<path>            breaking   a value the old type allowed is no longer allowed (narrowed, changed)
 *   field-required:<path>                breaking   an optional field became required
 *   field-added-required:<path>          breaking   a typed, required field was added beside fields already listed
 *   key-type-changed:<key>               breaking   the key's declared "type" changed (object <-> array)
 *   plane-changed:<key>                  breaking   a plane the key was on (its "plane", or its catalogue entry's) is gone
 *   plane-added:<key>, external-changed:<key>, catalogue-changed:<key>   not breaking
 *   field-type-widened:<path>, field-optional:<path>, field-typed:<path>, field-untyped:<path>   not breaking
 *   key-added:<key>, field-added:<path>, producers-added:<key>, field-deprecated:<path>, key-deprecated:<key>,
 *   fields-unchecked:<path>              not breaking
 */

/** The changes that fail `diff` unless accepted; each one is a finding code (`finding-codes.ts`). */
export type BreakingChangeKind =
  | 'key-removed'
  | 'field-removed'
  | 'field-renamed'
  | 'producers-moved'
  | 'field-added-required'
  | 'key-type-changed'
  | 'plane-changed'
  | BreakingFieldTypeChangeKind;

export type ChangeKind =
  | BreakingChangeKind
  | 'key-added'
  | 'field-added'
  | 'producers-added'
  | 'field-deprecated'
  | 'key-deprecated'
  | 'fields-unchecked'
  | 'plane-added'
  | 'external-changed'
  | 'catalogue-changed'
  | FieldTypeChangeKind;

/** A record, so a breaking kind added to the union and not here fails the type check. */
const BREAKING_KINDS: Readonly<Record<BreakingChangeKind, true>> = {
  'key-removed': true,
  'field-removed': true,
  'field-renamed': true,
  'producers-moved': true,
  'field-added-required': true,
  'key-type-changed': true,
  'plane-changed': true,
  'field-type-changed': true,
  'field-required': true,
};

function isBreakingKind(kind: ChangeKind): kind is BreakingChangeKind {
  return Object.hasOwn(BREAKING_KINDS, kind);
}

export interface ManifestChange {
  /** Canonical id, e.g. `field-renamed:retrieval.returned->retrieval.returned_count`. */
  readonly id: string;
  readonly kind: ChangeKind;
  readonly breaking: boolean;
  readonly key: string;
  readonly message: string;
  /** Where in the NEW manifest to point at (JSON path; the nearest existing ancestor is used when it is gone). */
  readonly location: Array<string | number>;
}

function change(kind: ChangeKind, subject: string, key: string, message: string, location: Array<string | number>): ManifestChange {
  return { id: `${kind}:${subject}`, kind, breaking: isBreakingKind(kind), key, message, location };
}

export function diffManifests(before: RegistryManifest, after: RegistryManifest): ManifestChange[] {
  const changes: ManifestChange[] = [];
  const oldKeys = before.keys ?? {};
  const newKeys = after.keys ?? {};
  for (const key of Object.keys(oldKeys)) {
    if (!Object.hasOwn(newKeys, key)) {
      changes.push(
        change('key-removed', key, key, `key '${key}' was removed; consumers reading it break (rule 2: additive-forever)`, ['keys']),
      );
    }
  }
  for (const [key, newKey] of Object.entries(newKeys)) {
    const oldKey = Object.hasOwn(oldKeys, key) ? oldKeys[key] : undefined;
    if (oldKey === undefined) {
      changes.push(change('key-added', key, key, `key '${key}' was added`, ['keys', key]));
      continue;
    }
    changes.push(...diffKey(key, oldKey, newKey));
  }
  return changes;
}

function diffKey(key: string, before: ManifestKey, after: ManifestKey): ManifestChange[] {
  const changes: ManifestChange[] = [];
  const oldProducers = stringList(before.producers);
  const newProducers = stringList(after.producers);
  const gone = oldProducers.filter((glob) => !newProducers.includes(glob));
  const added = newProducers.filter((glob) => !oldProducers.includes(glob));
  if (gone.length > 0) {
    const to = added.length > 0 ? ` to ${added.join(', ')}` : '';
    changes.push(
      change(
        'producers-moved',
        key,
        key,
        `producers of key '${key}' moved from ${gone.join(', ')}${to}; the key now has another owner (rule 1)`,
        ['keys', key, 'producers'],
      ),
    );
  } else if (added.length > 0) {
    changes.push(change('producers-added', key, key, `key '${key}' gained producers ${added.join(', ')}`, ['keys', key, 'producers']));
  }
  // An untyped key may have been either; only a declared object that became an array (or back) breaks its readers.
  if (
    (before.type === 'object' || before.type === 'array') &&
    (after.type === 'object' || after.type === 'array') &&
    before.type !== after.type
  ) {
    changes.push(
      change(
        'key-type-changed',
        key,
        key,
        `key '${key}' changed from ${article(before.type)} to ${article(after.type)}; every consumer reading it breaks (rule 2: additive-forever): add a new key instead`,
        ['keys', key, 'type'],
      ),
    );
  }
  changes.push(...diffPlaneAndHost(key, before, after));
  if (after.deprecated === true && before.deprecated !== true) {
    changes.push(
      change('key-deprecated', key, key, `key '${key}' was marked deprecated (kept, so not breaking)`, ['keys', key, 'deprecated']),
    );
  }
  // A catalogue key's fields are its host's and its own: listing fewer of the host's is no removal (host-fields.ts).
  changes.push(
    ...diffFieldMaps(key, key, normalizeFields(keyFieldsOf(before)), normalizeFields(keyFieldsOf(after)), ['keys', key, 'fields']),
  );
  return changes;
}

/**
 * Where the key is written (`plane`, else its catalogue entry's planes) and what its name is (`external`,
 * `catalogue`). Consumers read a key on its plane: one it left is gone for them, like a rename (breaking); a plane
 * added, or a change of the name's exemption or of the catalogue entry (whose plane change is caught here too), is not.
 */
function diffPlaneAndHost(key: string, before: ManifestKey, after: ManifestKey): ManifestChange[] {
  const changes: ManifestChange[] = [];
  const oldPlanes = planesOfKey(before);
  const newPlanes = planesOfKey(after);
  const left = oldPlanes.filter((plane) => !newPlanes.includes(plane));
  const joined = newPlanes.filter((plane) => !oldPlanes.includes(plane));
  const where: Array<string | number> = [
    'keys',
    key,
    after.plane !== undefined ? 'plane' : after.catalogue !== undefined ? 'catalogue' : 'producers',
  ];
  if (left.length > 0) {
    changes.push(
      change(
        'plane-changed',
        key,
        key,
        `key '${key}' moved from the ${planeList(oldPlanes)} plane to the ${planeList(newPlanes)} plane; consumers reading it on the ${planeList(left)} plane no longer find it, as after a rename (rule 2: additive-forever): keep it there and add the new plane beside it`,
        where,
      ),
    );
  } else if (joined.length > 0) {
    changes.push(change('plane-added', key, key, `key '${key}' is now also written on the ${planeList(joined)} plane`, where));
  }
  if ((before.external === true) !== (after.external === true)) {
    changes.push(
      change(
        'external-changed',
        key,
        key,
        after.external === true
          ? `key '${key}' is now external: its name is exempt from the MCP key-name rules`
          : `key '${key}' is no longer external: its name is checked against the MCP key-name rules again`,
        ['keys', key, after.external === true ? 'external' : 'producers'],
      ),
    );
  }
  if (before.catalogue !== after.catalogue) {
    const was = before.catalogue === undefined ? 'none' : `'${String(before.catalogue)}'`;
    const now = after.catalogue === undefined ? 'none' : `'${String(after.catalogue)}'`;
    changes.push(
      change('catalogue-changed', key, key, `key '${key}' changed its host-key catalogue entry from ${was} to ${now}`, [
        'keys',
        key,
        after.catalogue !== undefined ? 'catalogue' : 'producers',
      ]),
    );
  }
  return changes;
}

/** Lenient: an old revision's manifest may name a plane today's schema does not know. */
function planeList(planes: readonly MetaPlane[]): string {
  return planes.map((plane) => (planeName(plane) as string | undefined) ?? String(plane)).join(' and ');
}

function diffFieldMaps(
  key: string,
  prefix: string,
  before: FieldMap | undefined,
  after: FieldMap | undefined,
  location: Array<string | number>,
): ManifestChange[] {
  if (before === undefined && after === undefined) return [];
  if (after === undefined) {
    return [
      change('fields-unchecked', prefix, key, `the fields of '${prefix}' are no longer listed, so they are no longer checked`, location),
    ];
  }
  const changes: ManifestChange[] = [];
  const oldMap: FieldMap = before ?? new Map();
  const removed = [...oldMap.keys()].filter((name) => !after.has(name));
  const added = [...after.keys()].filter((name) => !oldMap.has(name));
  // A deprecated newcomer is not what a field was renamed to.
  const renameTargets = added.filter((name) => after.get(name)?.deprecated !== true);
  const renames = before === undefined ? [] : pairRenames(removed, renameTargets);
  const renamedFrom = new Set(renames.map(([from]) => from));
  const renamedTo = new Set(renames.map(([, to]) => to));
  for (const [from, to] of renames) {
    changes.push(
      change(
        'field-renamed',
        `${prefix}.${from}->${prefix}.${to}`,
        key,
        `field '${prefix}.${from}' was renamed to '${prefix}.${to}'; keep '${from}' (mark it "deprecated": true) and add '${to}' beside it (rule 2: additive-forever)`,
        [...location, to],
      ),
    );
  }
  for (const name of removed) {
    if (renamedFrom.has(name)) continue;
    changes.push(
      change(
        'field-removed',
        `${prefix}.${name}`,
        key,
        `field '${prefix}.${name}' was removed; keep it and mark it "deprecated": true instead (rule 2: additive-forever)`,
        location,
      ),
    );
  }
  for (const name of added) {
    if (renamedTo.has(name)) continue;
    // A typed field is required unless "optional": true, so values written before it existed no longer validate. When
    // the fields were not listed before, listing them writes down what the key held (like `field-typed`): not a break.
    const required = before !== undefined && isRequiredField(after.get(name)!);
    changes.push(
      required
        ? change(
            'field-added-required',
            `${prefix}.${name}`,
            key,
            `field '${prefix}.${name}' was added as a required field (typed, without "optional": true); values written before it existed no longer validate: add it with "optional": true (rule 2: additive-forever)`,
            [...location, name],
          )
        : change('field-added', `${prefix}.${name}`, key, `field '${prefix}.${name}' was added`, [...location, name]),
    );
  }
  for (const [name, oldField] of oldMap) {
    const newField = after.get(name);
    if (newField === undefined) continue;
    if (newField.deprecated && !oldField.deprecated) {
      changes.push(
        change('field-deprecated', `${prefix}.${name}`, key, `field '${prefix}.${name}' was marked deprecated (kept, so not breaking)`, [
          ...location,
          name,
        ]),
      );
    }
    for (const typeChange of diffFieldType(`${prefix}.${name}`, oldField, newField)) {
      changes.push(change(typeChange.kind, `${prefix}.${name}`, key, typeChange.message, [...location, name]));
    }
    changes.push(...diffFieldMaps(key, `${prefix}.${name}`, oldField.fields, newField.fields, [...location, name, 'fields']));
    changes.push(...diffFieldMaps(key, `${prefix}.${name}[]`, oldField.items, newField.items, [...location, name, 'items', 'fields']));
  }
  return changes;
}

function article(type: 'object' | 'array'): string {
  return type === 'object' ? 'an object' : 'an array';
}

function isBreaking(item: ManifestChange): item is ManifestChange & { readonly kind: BreakingChangeKind } {
  return item.breaking && isBreakingKind(item.kind);
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

export interface AcceptedBreaksOutcome {
  /** Breaking changes that no entry of `acceptedBreaks` accepts: each one fails `diff`. */
  readonly unaccepted: Array<ManifestChange & { readonly kind: BreakingChangeKind }>;
  readonly accepted: Array<{ change: ManifestChange; reason: string }>;
  /** Entries (with their index in `acceptedBreaks`) that accept a break that does not occur. */
  readonly stale: Array<{ entry: AcceptedBreak; index: number }>;
}

export function applyAcceptedBreaks(
  changes: readonly ManifestChange[],
  acceptedBreaks: readonly AcceptedBreak[] | undefined,
): AcceptedBreaksOutcome {
  // Read leniently: an old revision's manifest may hold anything here.
  const entries: ReadonlyArray<Partial<AcceptedBreak> | null> = Array.isArray(acceptedBreaks) ? acceptedBreaks : [];
  const used = new Set<number>();
  const unaccepted: Array<ManifestChange & { readonly kind: BreakingChangeKind }> = [];
  const accepted: Array<{ change: ManifestChange; reason: string }> = [];
  for (const item of changes) {
    if (!isBreaking(item)) continue;
    const index = entries.findIndex((entry) => entry !== null && typeof entry === 'object' && entry.change === item.id);
    if (index === -1) {
      unaccepted.push(item);
      continue;
    }
    used.add(index);
    accepted.push({ change: item, reason: String(entries[index]?.reason ?? '') });
  }
  const stale = entries.flatMap((entry, index) => (used.has(index) ? [] : [{ entry: entry as AcceptedBreak, index }]));
  return { unaccepted, accepted, stale };
}
