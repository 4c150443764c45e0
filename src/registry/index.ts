/**
 * Public surface of the registry module. Implementation files:
 * - `parse-registry.ts`: text -> `RegistryLoadResult` (JSON syntax with line/column, JSON Schema via ajv with JSON
 *   pointers mapped back to line/column, semantic checks: key names, host-key catalogue entries, planes...). Pure.
 * - `load-registry.ts`: path -> `RegistryLoadResult`, cached per process, re-read only when mtime or size changes
 *   (one `stat` per call).
 * - `resolve-registry.ts`: which manifest applies to a linted file: `settings['mcp-meta'].registry` (absolute or
 *   relative to ESLint's cwd), else the nearest `mcp-meta.registry.json` walking up from the file.
 * - `format-problem.ts`: the one-line text of a manifest problem in a lint message.
 * - `field-types.ts`: field types (`type`, `enum`, `anyOf`, `items`, `fields`) normalised, printed, compared.
 */
export type * from './types';
export { parseRegistry } from './parse-registry';
export type { ParseRegistryOptions } from './parse-registry';
export { loadRegistry, registryCacheStats, resetRegistryCache, hashManifestFile, isRegistryCurrent } from './load-registry';
export type { RegistryCacheStats } from './load-registry';
export {
  resolveRegistryForFile,
  resetRegistryDiscovery,
  nearestManifest,
  REGISTRY_FILENAME,
  DISCOVERY_RECHECK_MS,
} from './resolve-registry';
export type { ResolvedRegistry } from './resolve-registry';
export { formatRegistryProblem } from './format-problem';
export { checkMetaKeyName } from './key-name';
export {
  catalogueEntryFor,
  catalogueEntryOfKey,
  hostValueProblem,
  catalogueKeyNames,
  deprecatedHostEntry,
  hostNameAtSentenceStart,
  hostNameOf,
  offHostPlane,
  registrablePlanes,
  registrationRefusal,
  replacementText,
  type RegistrationRefusal,
} from './catalogue';
export { HOST_KEY_CATALOGUE } from './host-keys';
export { META_PLANES, isMetaPlane } from './planes';
export type { HostKeyEntry, HostKeyCatalogue, HostKeyPlane, HostId, HostValueRule } from './host-keys';
export { compileGlobs, manifestFileName, normalizeFields, planesOfKey } from './build-registry';
export { declaresFieldType, fieldSpecsOf, fieldsBeyondHost, keyFieldsOf } from './host-fields';
export { listFiles } from './glob-checks';
export { globListsOf } from './glob-lists';
export type { GlobList, GlobListRole } from './glob-lists';
export { JsonLocator, toPointer } from './json-locate';
export { acceptsAll, enumValueText, isRequiredField, literalFits, literalText, shapeOfField, typeText } from './field-types';
export type { EnumValue, FieldType, LiteralValue, ManifestTypeSpec, PrimitiveTypeName, TypeName } from './field-types';
export { MAX_MANIFEST_DEPTH, offsetBeyondDepth } from './json-depth';
