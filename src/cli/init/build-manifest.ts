import type { ManifestFieldSpec, ManifestFields, ManifestKey, RegistryManifest } from '../../registry';
import { declaresFieldType, fieldSpecsOf, fieldsBeyondHost } from '../../registry';
import { planeName, type CheckedPlane } from '../../analysis/planes';
import type { KeysTableRow } from '../doc/keys-table';
import { posixRelative } from '../../util/posix-relative';
import { isTestFile } from '../../util/test-file';
import { itemFieldsOf, objectFieldsOf } from '../written-fields';
import type { DetectedVocabulary } from './detect-vocabulary';
import { proposedSinks, registrationNotes } from './propose-registrars';
import { fieldsFromWritten, keyTypeOf, sometimesAbsent, type ScannedKey, type ScanResult } from './scan-writes';
import { exactCatalogueEntry, vetCatalogueFields, vetKey, vetNearWritten, vetUiFieldAtTop, type HeldKey } from './vet-keys';

export const SCHEMA_REFERENCE = './node_modules/eslint-plugin-mcp-meta/schema/registry.schema.json';

export interface StarterManifest {
  manifest: RegistryManifest;
  /** Decisions a person should look at (a key left out, a doc row no code writes...). */
  notes: string[];
  /**
   * Keys and fields held back for a person's decision (a near miss of a host key, a deprecated or reserved key...):
   * left out of the manifest, or registered when `acceptFound` was given and the validation allows it.
   */
  held: HeldKey[];
}

/**
 * `plane` for a key written on other planes than a tool result's (the default), and `catalogue` for a host-defined
 * key (`openai/outputTemplate`): its name is the host's, so the MCP key-name check does not apply, and it is
 * registered on the planes the host defines it on that the code writes (`vetKey` reports the others).
 */
function planeAndCatalogue(
  key: string,
  planes: ReadonlySet<CheckedPlane> | undefined,
  external: boolean,
): { plane?: CheckedPlane | CheckedPlane[]; external?: true; catalogue?: string } {
  const out: { plane?: CheckedPlane | CheckedPlane[]; external?: true; catalogue?: string } = {};
  const entry = exactCatalogueEntry(key);
  let written = [...(planes ?? [])].sort();
  if (entry) {
    out.catalogue = entry.id;
    written = written.filter((plane) => entry.planes.includes(plane));
  } else if (external) out.external = true;
  if (written.length > 0 && !(written.length === 1 && written[0] === 'result')) out.plane = written.length === 1 ? written[0] : written;
  return out;
}

/**
 * The note about a key only test files write on a plane the analysis places: a fixture's key to drop, unless files
 * that are no tests write it too on a `_meta` nothing places (oak's `*_TOOL_DEF` constants, registered from another
 * module): then it says so, and not that the key is written only in test files.
 */
function testOnlyNote(
  key: string,
  producers: ReadonlySet<string>,
  scanned: ScannedKey,
  unplaced: ReadonlySet<string> | undefined,
  relative: (file: string) => string,
): string {
  const tests = [...producers].sort().join(', ');
  const elsewhere = [...(unplaced ?? [])].map(relative).filter((file) => !isTestFile(file));
  if (elsewhere.length === 0)
    return `key '${key}' is written only in test files (${tests}): if no server code writes it (a fixture's key), drop it from the manifest; the lint then reports the tests' write as unregistered, unless those files are in \`ignore\``;
  const planes = [...scanned.planes].sort().map(planeName).join(' and ');
  return `key '${key}' is written on a \`_meta\` the analysis places only in test files (${tests}, on the ${planes}), and in other files on a \`_meta\` nothing here shows the plane of (${elsewhere.sort().join(', ')}: an object registered from another module, or built at run time): it is registered from the tests' writes; keep it if those files write the same \`_meta\`, and add them to its producers`;
}

/** Identifiers in a prose Producer cell: `serve-http metaHook (getBrainHotMemoryMeta)` -> serve, http, metaHook, getBrainHotMemoryMeta. */
export function identifiersIn(text: string): string[] {
  return text.match(/[A-Za-z_$][\w$]*/g) ?? [];
}

function typedFieldPaths(fields: ManifestFields | undefined, prefix: string): string[] {
  if (fields === undefined || Array.isArray(fields)) return [];
  return Object.entries(fields).flatMap(([name, spec]) => [
    ...(spec.type !== undefined || spec.anyOf !== undefined ? [`${prefix}.${name}`] : []),
    ...typedFieldPaths(spec.fields, `${prefix}.${name}`),
    ...typedFieldPaths(spec.items?.fields, `${prefix}.${name}[]`),
  ]);
}

function typeOf(spec: ManifestFieldSpec | undefined): ManifestFieldSpec {
  if (spec === undefined) return {};
  const { type, enum: values, anyOf, optional } = spec;
  return JSON.parse(JSON.stringify({ type, enum: values, anyOf, optional })) as ManifestFieldSpec;
}

/**
 * Doc fields first (they carry descriptions and the team's order), then fields only the code shows; a doc field
 * without nested structure takes the nested fields the code writes (`cache` -> `cache{hit, age_ms}`).
 */
export function mergeFields(fromDoc: ManifestFields | undefined, fromCode: ManifestFields | undefined): ManifestFields | undefined {
  if (fromDoc === undefined) return fromCode;
  if (fromCode === undefined) return fromDoc;
  const doc = fieldSpecsOf(fromDoc);
  const code = fieldSpecsOf(fromCode);
  const merged: Record<string, ManifestFieldSpec> = {};
  for (const [name, spec] of Object.entries(doc)) {
    const seen = code[name];
    // The code's inferred type, unless the doc already says one.
    const typed = declaresFieldType(spec);
    // Nor when it contradicts the doc's (or catalogue's) structure: a field with `fields` is an object, one with
    // `items` an array; a test's wrong-typed value (`permissions: 'nope'`) would make the manifest invalid.
    const inferred = typeOf(seen);
    const contradicts =
      (spec.fields !== undefined && (inferred.anyOf !== undefined || (inferred.type !== undefined && inferred.type !== 'object'))) ||
      (spec.items !== undefined && (inferred.anyOf !== undefined || (inferred.type !== undefined && inferred.type !== 'array')));
    const next: ManifestFieldSpec = typed || contradicts ? { ...spec } : { ...inferred, ...spec };
    if (seen?.fields !== undefined && spec.items === undefined) next.fields = mergeFields(spec.fields, seen.fields);
    if (seen?.items?.fields !== undefined && spec.fields === undefined)
      next.items = { ...spec.items, fields: mergeFields(spec.items?.fields, seen.items.fields) };
    merged[name] = next;
  }
  for (const [name, spec] of Object.entries(code)) if (!(name in merged)) merged[name] = spec;
  const entries = Object.entries(merged);
  return entries.every(([, spec]) => Object.keys(spec).length === 0) ? entries.map(([name]) => name) : merged;
}

/**
 * The starter manifest: keys from the code scan and the doc table, each key with every file that writes it as a
 * producer, the detected vocabulary, and the files that assemble `_meta` as the merge layer.
 */
export function buildStarterManifest(
  dir: string,
  vocabulary: DetectedVocabulary,
  scan: ScanResult,
  docRows: readonly KeysTableRow[],
  {
    acceptFound = false,
    registered = new Set<string>(),
  }: {
    acceptFound?: boolean;
    /** The keys the manifest `init --update` merges into already has: never held, and a written key near one is. */
    registered?: ReadonlySet<string>;
  } = {},
): StarterManifest {
  const notes: string[] = [];
  const held: HeldKey[] = [];
  const relative = (file: string): string => posixRelative(dir, file);

  // The spec's unit is a producer, not a file: a wrapper that adds `timing` and `rate_limit`, each in its own try, is
  // listed under both keys. Whether each write is its own producer unit is require-producer-isolation's to say, on the
  // code; one returned literal with two keys is one write the rules accept, so init says nothing about it.
  // What the catalogue or the key-name rules say against registering a key as written (a key from the doc is the
  // team's decision already): the person decides, unless `acceptFound` and the validation allows it.
  const docKeys = new Set(docRows.map((row) => row.key));
  const vetted = new Map([...scan.keys].map(([key, scanned]) => [key, docKeys.has(key) ? [] : vetKey(key, scanned.planes)]));
  // A key written in one place beside a near one written in more (`retreival`, `retrieval`), or near a key already
  // registered, is held back as its likely typo, as the lint would ask "Did you mean …?" once the other is registered;
  // of two written as often, one is picked (vetNearWritten says how) and the other held, naming both.
  const writeCounts = new Map(
    [...scan.keys]
      .filter(([key]) => (vetted.get(key) ?? []).length === 0)
      .map(
        ([key, scanned]) =>
          [key, { sites: [...scanned.files.values()].reduce((sum, n) => sum + n, 0), files: scanned.files.size }] as const,
      ),
  );
  for (const item of vetNearWritten(writeCounts, new Set([...registered, ...docKeys]))) vetted.set(item.key, [item]);
  // A key every write of which is a field of MCP Apps' `ui` put at the top of `_meta` (the lint's uiFieldAtTop).
  for (const [key, misplaced] of scan.uiFieldsAtTop) {
    const scanned = scan.keys.get(key);
    const sites = scanned === undefined ? 0 : [...scanned.files.values()].reduce((sum, n) => sum + n, 0);
    if (!docKeys.has(key) && !registered.has(key) && misplaced >= sites)
      vetted.set(key, [...(vetted.get(key) ?? []), vetUiFieldAtTop(key)]);
  }
  const registrable = (key: string): boolean => {
    const keyHeld = vetted.get(key) ?? [];
    // A host key written only on planes the host does not define it on is not registered at all.
    const offPlane = keyHeld.find((item) => item.reason === 'off-plane');
    const onHostPlanes =
      offPlane === undefined || [...(scan.keys.get(key)?.planes ?? [])].some((plane) => !offPlane.planes!.includes(plane));
    return onHostPlanes && keyHeld.every((item) => item.reason === 'off-plane' || (acceptFound && item.acceptable));
  };

  // Helpers found by what they return (their returned literal is a `_meta` value somewhere), whatever their name.
  for (const helper of [...scan.helpers.values()].sort((a, b) => a.file.localeCompare(b.file) || a.name.localeCompare(b.name))) {
    const helperKeys = [...helper.keys].filter(registrable).sort();
    if (helperKeys.length === 0) continue;
    const callers = [...helper.callers].map(relative).sort().join(', ');
    const planes = [...helper.planes].sort().map(planeName).join(' and ');
    notes.push(
      `${helper.name}() in ${relative(helper.file)} returns the ${planes} \`_meta\` of ${callers}: its keys (${helperKeys.join(', ')}) are registered with ${relative(helper.file)}, the module that builds them, as producer`,
    );
  }

  const keys: Record<string, ManifestKey> = {};
  const orderedKeys = [...docRows.map((row) => row.key), ...[...scan.keys.keys()].filter((key) => !docKeys.has(key)).sort()];
  for (const key of orderedKeys) {
    if (Object.hasOwn(keys, key)) continue; // not `in`: `constructor` is a key like any other
    const row = docRows.find((candidate) => candidate.key === key);
    const scanned = scan.keys.get(key);
    const producers = new Set<string>(row?.producers ?? []);
    for (const file of scanned?.files.keys() ?? []) producers.add(relative(file));
    // "serve-http metaHook (getBrainHotMemoryMeta)": a function the doc names is defined in the producer file.
    for (const name of identifiersIn(row?.producerText ?? '')) {
      if (!vocabulary.hookFunctions.has(name)) continue;
      for (const file of vocabulary.functionFiles.get(name) ?? []) producers.add(relative(file));
    }
    if (producers.size === 0) {
      // Only a key that came from the doc can be without a producer (a scanned key has the files that write it).
      if (row !== undefined)
        notes.push(
          `key '${key}' from the doc is left out: no file writes it and its Producer cell ('${row.producerText}') names no file or function found in the code; add it by hand with its producers`,
        );
      continue;
    }
    // An array-valued key (`warnings: [{ code, param }]`) registers its items' fields, with `"type": "array"`.
    const valueType = scanned === undefined ? undefined : keyTypeOf(scanned.values);
    const written =
      scanned === undefined ? undefined : valueType === 'array' ? itemFieldsOf(scanned.values) : objectFieldsOf(scanned.values);
    let codeFields =
      written === undefined
        ? undefined
        : fieldsFromWritten(written, 0, sometimesAbsent(scanned!.values, valueType === 'array' ? 'items' : 'objects'));
    const keyHeld = vetted.get(key) ?? [];
    const fieldHeld = vetCatalogueFields(key, codeFields);
    held.push(...keyHeld, ...fieldHeld);
    if (!registrable(key)) continue;
    const catalogueEntry = exactCatalogueEntry(key);
    // A catalogue key has the host's fields (the entry supplies them): fields the host does not define are findings
    // above, and listed only when accepted as found, alone (the registry adds them to the host's, and `check` holds
    // the producers to what the manifest lists, which the code writes).
    if (catalogueEntry !== undefined)
      codeFields = fieldHeld.length > 0 && acceptFound ? fieldsBeyondHost(codeFields, catalogueEntry.fields ?? []) : undefined;
    if (row?.fields !== undefined && written !== undefined && !written.open) {
      const docOnly = (Array.isArray(row.fields) ? row.fields : Object.keys(row.fields)).filter((name) => !written.fields.has(name));
      for (const name of docOnly) {
        notes.push(
          `field '${key}.${name}' is in the doc but no producer writes it: write it again, or mark it "deprecated": true (\`mcp-meta check\` reports it until then)`,
        );
      }
    }
    const fields = mergeFields(row?.fields, codeFields);
    const entry: ManifestKey = { producers: [...producers].sort() };
    const external = keyHeld.some((item) => item.reason === 'unknown-host-key');
    Object.assign(entry, planeAndCatalogue(key, scanned?.planes, external));
    if (valueType !== undefined && catalogueEntry === undefined && row?.fields === undefined && fields !== undefined)
      entry.type = valueType;
    if (row?.description !== undefined && row.description !== '') entry.description = row.description;
    if (fields !== undefined) entry.fields = fields;
    keys[key] = entry;
    if (row === undefined && docRows.length > 0) {
      const files = [...producers].join(', ');
      notes.push(
        `key '${key}' is written in ${files} but is not in the doc's table: register it there, or if \`_meta\` in that file is another plane (a JSON body, tool arguments), move the file to \`ignore\` and drop the key`,
      );
    }
    if (scanned === undefined)
      notes.push(
        `key '${key}' comes from the doc only: no write of it was found in its producers (\`mcp-meta check\` will say so until one exists)`,
      );
    else if (row === undefined && [...producers].every(isTestFile))
      notes.push(testOnlyNote(key, producers, scanned, scan.unplaced.get(key), relative));
  }

  const typed = Object.entries(keys).flatMap(([key, entry]) => typedFieldPaths(entry.fields, key));
  if (typed.length > 0) {
    notes.push(
      `typed ${typed.length} field${typed.length > 1 ? 's' : ''} from the literals the code writes (${typed.join(', ')}); a typed field is required unless "optional": true (set where the code writes it under a condition or leaves it out of some writes): mark any other field that is not always written`,
    );
  }

  const manifest: RegistryManifest = { $schema: SCHEMA_REFERENCE, version: 1, keys };
  const sorted = (values: Iterable<string>): string[] => [...values].sort();
  if (vocabulary.emitters.size > 0) manifest.emitters = sorted(vocabulary.emitters);
  if (vocabulary.hooks.size > 0) manifest.hooks = sorted(vocabulary.hooks);
  if (vocabulary.hookFunctions.size > 0) manifest.hookFunctions = sorted(vocabulary.hookFunctions);
  manifest.sinks = proposedSinks(vocabulary.registrations);
  notes.push(...registrationNotes(vocabulary.registrations));
  if (scan.mergeLayerFiles.size > 0) manifest.mergeLayer = sorted([...scan.mergeLayerFiles].map(relative));
  // Property order as in the manifest docs: vocabulary first, keys last.
  const { $schema, version, emitters, hooks, hookFunctions, sinks, mergeLayer } = manifest;
  return {
    manifest: JSON.parse(JSON.stringify({ $schema, version, emitters, hooks, hookFunctions, sinks, mergeLayer, keys })) as RegistryManifest,
    notes,
    held,
  };
}
