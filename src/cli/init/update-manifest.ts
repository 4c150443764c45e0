/**
 * `init --update`: what a new scan found, added to the manifest a team already edits. Additions only (keys,
 * producers, fields, vocabulary); nothing is removed, reordered or rewritten, so descriptions, deprecated marks,
 * acceptedBreaks and properties this version does not know survive. The additions are collected first and inserted
 * in one pass over the text (`addJsonValues`), so the update is linear in the manifest's size.
 */
import type { JSONPath } from 'jsonc-parser';
import { compileGlobs, type ManifestFieldSpec, type ManifestFields, type RegistryManifest } from '../../registry';
import { addJsonValues, type JsonAddition } from '../manifest-write';
import { classMemberId } from './propose-registrars';

export interface ManifestUpdate {
  readonly text: string;
  /** One line per addition, for people: `key 'timing' (producers src/wrap.ts)`. */
  readonly added: string[];
  /** Keys the update added or changed (a validation problem under one of them drops that key's additions). */
  readonly touchedKeys: Set<string>;
}

const VOCABULARY_LISTS = ['emitters', 'hooks', 'hookFunctions', 'mergeLayer'] as const;
const VOCABULARY_NOUN: Record<(typeof VOCABULARY_LISTS)[number], string> = {
  emitters: 'emitter',
  hooks: 'hook',
  hookFunctions: 'hook function',
  mergeLayer: 'merge layer file',
};

function fieldNames(fields: ManifestFields): string[] {
  return Array.isArray(fields) ? fields : Object.keys(fields);
}

interface Editor {
  readonly additions: JsonAddition[];
  readonly added: string[];
}

/**
 * Adds the fields `found` has and `existing` lacks. Nested structure is followed only where the manifest already
 * checks it: a field written as a bare name, or a key without `fields`, stays unchecked as the team left it.
 */
function addFields(editor: Editor, existing: ManifestFields, found: ManifestFields, jsonPath: JSONPath, label: string): void {
  const known = new Set(fieldNames(existing));
  for (const name of fieldNames(found)) {
    const foundSpec: ManifestFieldSpec = Array.isArray(found) ? {} : (found[name] ?? {});
    if (!known.has(name)) {
      editor.additions.push(
        Array.isArray(existing) ? { path: [...jsonPath, -1], value: name } : { path: [...jsonPath, name], value: foundSpec },
      );
      editor.added.push(`field '${label}.${name}'`);
      continue;
    }
    if (Array.isArray(existing)) continue;
    const spec = Object.hasOwn(existing, name) ? existing[name] : undefined;
    if (spec?.fields !== undefined && foundSpec.fields !== undefined) {
      addFields(editor, spec.fields, foundSpec.fields, [...jsonPath, name, 'fields'], `${label}.${name}`);
    }
    if (spec?.items?.fields !== undefined && foundSpec.items?.fields !== undefined) {
      addFields(editor, spec.items.fields, foundSpec.items.fields, [...jsonPath, name, 'items', 'fields'], `${label}.${name}[]`);
    }
  }
}

/** `existingText` (parsed as `existing`) with what `found` (a fresh `init` scan) adds; keys in `skipKeys` are left as they are. */
export function mergeIntoManifest(
  existingText: string,
  existing: RegistryManifest,
  found: RegistryManifest,
  skipKeys: ReadonlySet<string>,
): ManifestUpdate {
  const editor: Editor = { additions: [], added: [] };
  const touchedKeys = new Set<string>();
  // A file the team put in `ignore` holds another plane: a scan that sees writes there is not news.
  const ignored = compileGlobs(existing.ignore ?? []);

  for (const list of VOCABULARY_LISTS) {
    const current = existing[list] ?? [];
    const matchesCurrent = list === 'mergeLayer' ? compileGlobs(current) : (name: string) => current.includes(name);
    const fresh = (found[list] ?? []).filter((name) => !matchesCurrent(name) && !(list === 'mergeLayer' && ignored(name)));
    if (fresh.length === 0) continue;
    if (existing[list] === undefined) editor.additions.push({ path: [list], value: fresh });
    else for (const name of fresh) editor.additions.push({ path: [list, -1], value: name });
    for (const name of fresh) editor.added.push(`${VOCABULARY_NOUN[list]} ${name}`);
  }

  addRegistrations(editor, existing, found);

  for (const [key, foundKey] of Object.entries(found.keys)) {
    if (skipKeys.has(key)) continue;
    const producers = foundKey.producers.filter((file) => !ignored(file));
    if (producers.length === 0) continue;
    // Own properties only: a key named `constructor` or `toString` is not on Object.prototype's list.
    const current = Object.hasOwn(existing.keys, key) ? existing.keys[key] : undefined;
    if (current === undefined) {
      editor.additions.push({ path: ['keys', key], value: { ...foundKey, producers } });
      editor.added.push(`key '${key}' (producers ${producers.join(', ')})`);
      touchedKeys.add(key);
      continue;
    }
    const before = editor.added.length;
    const owned = compileGlobs(Array.isArray(current.producers) ? current.producers : []);
    for (const file of producers.filter((candidate) => !owned(candidate))) {
      editor.additions.push({ path: ['keys', key, 'producers', -1], value: file });
      editor.added.push(`producer ${file} to key '${key}'`);
    }
    if (current.fields !== undefined && foundKey.fields !== undefined)
      addFields(editor, current.fields, foundKey.fields, ['keys', key, 'fields'], key);
    if (editor.added.length > before) touchedKeys.add(key);
  }
  return { text: addJsonValues(existingText, editor.additions), added: editor.added, touchedKeys };
}

/** The `sinks` entries the scan proposes for functions and members the manifest's `sinks` does not name yet (hand entries stay). */
function addRegistrations(editor: Editor, existing: RegistryManifest, found: RegistryManifest): void {
  const named = new Set(
    [...(existing.sinks?.registrations ?? []), ...(existing.sinks?.resultBuilders ?? [])].map((entry) => entry.function),
  );
  const members = new Set((existing.sinks?.classMembers ?? []).map(classMemberId));
  const fresh = {
    registrations: (found.sinks?.registrations ?? []).filter((entry) => !named.has(entry.function)),
    resultBuilders: (found.sinks?.resultBuilders ?? []).filter((entry) => !named.has(entry.function)),
    classMembers: (found.sinks?.classMembers ?? []).filter((entry) => !members.has(classMemberId(entry))),
  };
  const lists = (['registrations', 'resultBuilders', 'classMembers'] as const).filter((list) => fresh[list].length > 0);
  if (existing.sinks === undefined && lists.length > 0)
    editor.additions.push({ path: ['sinks'], value: Object.fromEntries(lists.map((list) => [list, fresh[list]])) });
  for (const list of existing.sinks === undefined ? [] : lists) {
    if (existing.sinks?.[list] === undefined) editor.additions.push({ path: ['sinks', list], value: fresh[list] });
    else for (const entry of fresh[list]) editor.additions.push({ path: ['sinks', list, -1], value: entry });
  }
  const added = {
    registrations: fresh.registrations.map((entry) => `registration function ${entry.function}`),
    resultBuilders: fresh.resultBuilders.map((entry) => `result builder ${entry.function}`),
    classMembers: fresh.classMembers.map((entry) => `base class member ${classMemberId(entry)}`),
  };
  for (const list of lists) for (const what of added[list]) editor.added.push(`${what} (sinks.${list})`);
}
