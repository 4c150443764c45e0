import * as path from 'node:path';
import picomatch from 'picomatch';
import { posixRelative } from '../util/posix-relative';
import { isTestFile } from '../util/test-file';
import { declaredFieldType } from './field-types';
import { catalogueEntryById, registrablePlanes } from './catalogue';
import { keyFieldsOf } from './host-fields';
import { globListsOf, type GlobListRole } from './glob-lists';
import { META_PLANES } from './planes';
import type {
  FieldMap,
  FieldSpec,
  FileRole,
  KeySpec,
  ManifestFields,
  ManifestFieldSpec,
  ManifestKey,
  MetaPlane,
  RegisteredPlane,
  Registry,
  RegistryManifest,
  RegistrationSink,
  TeamSinkNames,
} from './types';

type Matcher = (relativePosixPath: string) => boolean;

/** A matcher for globs relative to the manifest's folder. `dot: true`: `.github/...` files are files like any other. */
export function compileGlobs(globs: readonly string[]): Matcher {
  if (globs.length === 0) return () => false;
  // `noextglob`: extended globs compile to nested quantifiers (the manifest check refuses them; this keeps them inert).
  return picomatch(globs.map(normalizeGlob), { dot: true, noextglob: true });
}

/** `./src/a.ts` and `src/a.ts` mean the same file; picomatch only matches the latter against relative paths. */
export function normalizeGlob(glob: string): string {
  return glob.replace(/^(\.\/)+/, '');
}

/**
 * The manifest as messages name it, seen from the lint's working folder `from` (ESLint's cwd; an editor's is the
 * workspace folder): its path from there, so that in a monorepo linted from its root a message says which of several
 * manifests it means (`packages/api/mcp-meta.registry.json`), and in the common single-package case (the manifest in
 * the working folder) just its file name. A manifest above or beside the working folder is named as the `mcp-meta`
 * command names it from there (`../mcp-meta.registry.json`). Without a working folder, or when it is a filesystem root
 * (typescript-eslint's RuleTester lints absolute paths from `/`, which is no project's folder), the file name; when no
 * relative path exists (another Windows drive), the absolute path.
 */
export function manifestFileName(registry: Pick<Registry, 'path'>, from?: string): string {
  if (from === undefined || path.parse(from).root === path.resolve(from)) return path.basename(registry.path);
  const relative = posixRelative(from, registry.path);
  return relative === '' || path.isAbsolute(relative) ? registry.path : relative;
}

/** A posix path from a folder, or `undefined` when it leaves the folder (or no relative path exists). */
function insideRelative(relative: string): string | undefined {
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return relative;
}

/**
 * `fields` as written (a list, or names mapped to nested specs) to the normalised tree. Lenient (skips what is not a
 * name or a spec) because `mcp-meta diff` also normalises old manifests that today's validation might reject.
 */
export function normalizeFields(fields: ManifestFields | undefined): FieldMap | undefined {
  if (fields === undefined || fields === null || typeof fields !== 'object') return undefined;
  const map = new Map<string, FieldSpec>();
  if (Array.isArray(fields)) {
    for (const name of fields) if (typeof name === 'string') map.set(name, { name, deprecated: false });
    return map;
  }
  for (const [name, written] of Object.entries(fields)) {
    const spec: ManifestFieldSpec = written !== null && typeof written === 'object' ? written : {};
    const field: FieldSpec = { name, deprecated: spec.deprecated === true };
    const type = declaredFieldType(spec, normalizeFields);
    if (type) field.type = type;
    if (spec.optional === true) field.optional = true;
    if (typeof spec.description === 'string') field.description = spec.description;
    const nested = normalizeFields(spec.fields);
    if (nested) field.fields = nested;
    const items = spec.items !== null && typeof spec.items === 'object' ? normalizeFields(spec.items.fields) : undefined;
    if (items) field.items = items;
    map.set(name, field);
  }
  return map;
}

/**
 * The planes a key is registered on: its `plane` as written, else its catalogue entry's registrable planes, else
 * `result`. Never empty.
 */
export function planesOfKey(key: ManifestKey): MetaPlane[] {
  if (key.plane !== undefined) {
    const written = Array.isArray(key.plane) ? key.plane : [key.plane];
    if (written.length > 0) return [...new Set(written)];
  }
  const entry = key.catalogue === undefined ? undefined : catalogueEntryById(key.catalogue);
  const fromEntry = entry ? registrablePlanes(entry.planes) : [];
  return fromEntry.length > 0 ? fromEntry : ['result'];
}

/** Turns a validated manifest into the immutable object the rules use. */
export function buildRegistry(manifest: RegistryManifest, absolutePath: string, hash: string): Registry {
  const dir = path.dirname(absolutePath);
  const keys = new Map<string, KeySpec>();
  for (const [name, key] of Object.entries(manifest.keys)) {
    const spec: KeySpec = {
      name,
      producers: Object.freeze([...key.producers]),
      deprecated: key.deprecated === true,
      planes: Object.freeze(planesOfKey(key)),
      external: key.external === true || key.catalogue !== undefined,
    };
    if (key.catalogue !== undefined) spec.catalogue = key.catalogue;
    if (key.description !== undefined) spec.description = key.description;
    if (key.type !== undefined) spec.type = key.type;
    // A catalogue key has the fields the host fixes, and its own beside them (host-fields.ts).
    const fields = normalizeFields(keyFieldsOf(key));
    if (fields) spec.fields = fields;
    keys.set(name, spec);
  }
  const byPlane = new Map<MetaPlane, Map<string, KeySpec>>(
    META_PLANES.map((plane) => [plane, new Map([...keys].filter(([, spec]) => spec.planes.includes(plane)))]),
  );
  const globLists = globListsOf(manifest);
  const matcherFor = (role: GlobListRole): Matcher =>
    compileGlobs(globLists.filter((list) => list.role === role).flatMap((list) => list.globs));
  const isIgnored = matcherFor('ignore');
  const isMergeLayer = matcherFor('mergeLayer');
  const producerMatchers = globLists
    .filter((list) => list.role === 'producers')
    .map((list): [string, Matcher] => [list.key ?? '', compileGlobs(list.globs)]);
  const roles = new Map<string, FileRole>();
  const noKeys: readonly string[] = Object.freeze([]);

  return Object.freeze({
    path: absolutePath,
    dir,
    hash,
    manifest,
    emitters: new Set(manifest.emitters ?? []),
    hooks: new Set(manifest.hooks ?? []),
    hookFunctions: new Set(manifest.hookFunctions ?? []),
    resultTypes: Object.freeze([...(manifest.resultTypes ?? [])]),
    sinks: teamSinkNames(manifest),
    keys,
    keysOnPlane(plane: MetaPlane): ReadonlyMap<string, KeySpec> {
      return byPlane.get(plane) ?? new Map();
    },
    classifyFile(absoluteFilename: string): FileRole {
      const known = roles.get(absoluteFilename);
      if (known) return known;
      // One path from the manifest's folder for every part of the role (a file outside it is still named from there).
      const fromDir = posixRelative(dir, absoluteFilename);
      const relative = insideRelative(fromDir);
      // A file outside the manifest's folder matches no glob.
      const role: FileRole = Object.freeze({
        ignored: relative !== undefined && isIgnored(relative),
        mergeLayer: relative !== undefined && isMergeLayer(relative),
        ownedKeys:
          relative === undefined
            ? noKeys
            : Object.freeze(producerMatchers.filter(([, matches]) => matches(relative)).map(([name]) => name)),
        test: isTestFile(fromDir),
      });
      roles.set(absoluteFilename, role);
      return role;
    },
  });
}

/** `sinks` by function name (a function listed twice is a manifest error, so the last entry never hides another). */
export function teamSinkNames(manifest: Pick<RegistryManifest, 'sinks'>): TeamSinkNames {
  const registrations = new Map<string, RegistrationSink>();
  for (const entry of manifest.sinks?.registrations ?? []) {
    const sink: RegistrationSink = { plane: entry.plane ?? 'tool', config: entry.config };
    registrations.set(entry.function, {
      ...sink,
      ...(entry.callback === undefined ? {} : { callback: entry.callback }),
      ...(entry.flattenKeys === undefined ? {} : { flattenKeys: entry.flattenKeys }),
    });
  }
  const builders = manifest.sinks?.resultBuilders ?? [];
  const resultBuilders = new Map(builders.map((entry) => [entry.function, entry.argument] as const));
  const metaOptions = new Map(builders.flatMap((entry) => (entry.meta === undefined ? [] : [[entry.function, entry.meta] as const])));
  const classMembers = new Map<string, Map<string, RegisteredPlane>>();
  for (const entry of manifest.sinks?.classMembers ?? []) {
    let members = classMembers.get(entry.class);
    if (!members) classMembers.set(entry.class, (members = new Map<string, RegisteredPlane>()));
    members.set(entry.member, entry.plane ?? 'tool');
  }
  return { registrations, resultBuilders, metaOptions, classMembers };
}
