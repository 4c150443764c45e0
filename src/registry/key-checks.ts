import { nearestName } from '../util/nearest-name';
import { planesOfKey } from './build-registry';
import {
  catalogueEntryById,
  catalogueEntryFor,
  catalogueEntryMatches,
  catalogueIds,
  catalogueKeyNames,
  hostNameOf,
  registrationRefusal,
  replacementText,
} from './catalogue';
import type { HostKeyEntry } from './host-keys';
import { toPointer } from './json-locate';
import { checkMetaKeyName } from './key-name';
import type { ManifestKey, RegistryManifest, RegistryProblem } from './types';

/** A problem about one registered key, before the caller adds its file and line. */
export interface KeyProblem {
  severity: RegistryProblem['severity'];
  pointer: string;
  /** Point at the property's name rather than its value. */
  atName: boolean;
  message: string;
  fix: string;
}

const CATALOGUE_DOC = 'docs/host-keys.md';

/** Every key's name and catalogue problems, in manifest order. */
export function keyNameProblems(manifest: RegistryManifest): KeyProblem[] {
  return Object.entries(manifest.keys).flatMap(([name, key]) => problemsOfKey(name, key));
}

/**
 * A key's problems: the MCP key-name rules unless the key is host-defined (`external` or `catalogue`: the server
 * cannot rename it), and for a catalogue key, that the entry exists, is this key, and lives on the key's planes.
 */
export function problemsOfKey(name: string, key: ManifestKey): KeyProblem[] {
  const at = (...rest: string[]): string => toPointer(['keys', name, ...rest]);
  const problems: KeyProblem[] = [];
  const external = key.external === true || key.catalogue !== undefined;

  // Keys the transport or the other side writes are never a server's, "external" or not (the reserved prefix is
  // left to the name check below, which "external": true exempts for an official extension's key).
  const refusal = registrationRefusal(name);
  if (refusal !== undefined && refusal.kind !== 'reserved') {
    problems.push({
      severity: 'error',
      pointer: at(),
      atName: true,
      message: `Key '${name}' is not a server's to register: ${refusal.message}`,
      fix: `Remove key '${name}' from the manifest. ${refusal.advice}`,
    });
    return problems;
  }
  const hostEntry = key.catalogue !== undefined ? catalogueEntryById(key.catalogue) : catalogueEntryFor(name);
  if (hostEntry?.deprecated === true && catalogueEntryMatches(hostEntry, name)) {
    problems.push({
      severity: 'warning',
      pointer: at(),
      atName: true,
      message: `Key '${name}' is deprecated by ${hostNameOf(hostEntry)} (catalogue entry '${hostEntry.id}', ${CATALOGUE_DOC}).`,
      fix: `${replacementText(hostEntry)} Keep '${name}' registered only while the code still writes it for older hosts.`,
    });
  }

  if (key.catalogue !== undefined) {
    if (key.external === false) {
      problems.push({
        severity: 'error',
        pointer: at('external'),
        atName: true,
        message: `Key '${name}' names the catalogue entry '${key.catalogue}' and says "external": false; a catalogue key is external.`,
        fix: `Remove "external": false from key '${name}' (or remove "catalogue" if the key is your own).`,
      });
    }
    const entry = catalogueEntryById(key.catalogue);
    if (entry === undefined) problems.push(unknownEntry(name, key.catalogue, at('catalogue')));
    else problems.push(...entryMismatches(name, key, entry, at));
  }

  if (name === '') return problems; // the name check reports it even for external keys
  if (external) {
    if (key.catalogue === undefined && catalogueEntryFor(name) === undefined) {
      const near = nearestName(name, catalogueKeyNames(undefined, true), { maxDistance: 2 });
      if (near !== null) {
        problems.push({
          severity: 'warning',
          pointer: at(),
          atName: true,
          message: `External key '${name}' is not in the host-key catalogue, but '${near}' is (a typo?).`,
          fix: `Rename it to '${near}' and add "catalogue": "${catalogueEntryFor(near)!.id}" if the host means that key; otherwise ignore this warning.`,
        });
      }
    }
    return problems;
  }

  const issue = checkMetaKeyName(name);
  if (issue === undefined) return problems;
  const entry = catalogueEntryFor(name);
  let fix = issue.fix;
  if (entry?.key === name) {
    fix = `'${name}' is a key ${hostName(entry)} defines (${CATALOGUE_DOC}): add "catalogue": "${entry.id}" to it, which exempts its name from the MCP key-name rules.`;
  } else {
    const near = nearestName(name, catalogueKeyNames(), { maxDistance: 2 });
    if (near !== null)
      fix = `Did you mean the host key '${near}'? Rename it and add "catalogue": "${catalogueEntryFor(near)!.id}". Otherwise: ${issue.fix}`;
  }
  problems.push({ severity: 'error', pointer: at(), atName: true, message: issue.message, fix });
  return problems;
}

function unknownEntry(name: string, id: string, pointer: string): KeyProblem {
  const forName = catalogueEntryFor(name);
  const suggestion =
    forName?.id ??
    nearestName(id, catalogueIds(), { ignoreCase: true, maxDistance: (candidate) => Math.max(2, Math.floor(candidate.length / 3)) });
  const sameHost = catalogueIds().filter((candidate) => candidate.split('.')[0] === id.split('.')[0]);
  return {
    severity: 'error',
    pointer,
    atName: false,
    message: `Key '${name}' names the catalogue entry '${id}', which the host-key catalogue does not have${suggestion ? ` (did you mean '${suggestion}'?)` : ''}.`,
    fix: suggestion
      ? `Write "catalogue": "${suggestion}"${sameHost.length > 0 ? `; entries of that host: ${sameHost.join(', ')}` : ''} (${CATALOGUE_DOC}).`
      : `Use an entry id from ${CATALOGUE_DOC}, or replace "catalogue" with "external": true for a host key the catalogue does not list.`,
  };
}

function entryMismatches(name: string, key: ManifestKey, entry: HostKeyEntry, at: (...rest: string[]) => string): KeyProblem[] {
  const problems: KeyProblem[] = [];
  if (!catalogueEntryMatches(entry, name)) {
    const right = catalogueEntryFor(name);
    problems.push({
      severity: 'error',
      pointer: at('catalogue'),
      atName: false,
      message:
        entry.key !== undefined
          ? `Key '${name}' names the catalogue entry '${entry.id}', which is the key '${entry.key}'.`
          : `Key '${name}' names the catalogue entry '${entry.id}', whose keys match /${entry.keyPattern}/, and '${name}' does not.`,
      fix: right
        ? `Write "catalogue": "${right.id}" (the entry for '${name}').`
        : `Rename the key to '${entry.key ?? 'a key the entry matches'}', or replace "catalogue" with "external": true if the host key is not in the catalogue.`,
    });
    return problems;
  }
  const onEntry = planesOfKey({ ...key, plane: undefined });
  if (key.plane === undefined) {
    // planesOfKey fell back to `result`: say so when the entry has no plane a server writes on.
    if (!entry.planes.includes(onEntry[0])) {
      problems.push({
        severity: 'error',
        pointer: at('catalogue'),
        atName: false,
        message: `Catalogue entry '${entry.id}' lives on ${entry.planes.join(' and ')} _meta, which the other side writes; a server does not register '${name}'.`,
        fix: `Remove key '${name}' from the manifest (reading it needs no registration).`,
      });
    }
    return problems;
  }
  const declared = Array.isArray(key.plane) ? key.plane : [key.plane];
  const foreign = declared.filter((plane) => !entry.planes.includes(plane));
  if (foreign.length > 0) {
    problems.push({
      severity: 'error',
      pointer: at('plane'),
      atName: false,
      message: `Key '${name}' is declared on the ${foreign.join(' and ')} plane, but ${hostName(entry)} defines it on ${entry.planes.join(' and ')} (catalogue entry '${entry.id}').`,
      fix:
        onEntry.length > 0
          ? `Write "plane": ${JSON.stringify(onEntry.length === 1 ? onEntry[0] : onEntry)}, or remove "plane" to take the entry's.`
          : `Remove key '${name}': the host does not let a server write it.`,
    });
  }
  return problems;
}

function hostName(entry: HostKeyEntry): string {
  return hostNameOf(entry);
}
