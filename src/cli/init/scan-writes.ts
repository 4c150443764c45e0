import type { TSESTree } from '@typescript-eslint/utils';
import { findMetaWrites } from '../../analysis/find-meta-writes';
import type { CheckedPlane } from '../../analysis/planes';
import type { HelperOrigin } from '../../analysis/types';
import { isAssemblyFromCollected, writesValues } from '../../analysis/write-kinds';
import type { ManifestFieldSpec, ManifestFields } from '../../registry';
import { itemFieldsOf, objectFieldsOf, type WrittenFields } from '../written-fields';
import type { DetectedVocabulary } from './detect-vocabulary';
import { inferFieldType, writtenConditionally } from './infer-field-type';

/** What the code says about one key: the files that write it (with how many write sites) and the values written. */
export interface ScannedKey {
  readonly files: Map<string, number>;
  readonly values: Array<TSESTree.Expression | null>;
  /** The planes it is written on (tool result, tool descriptor, resource). */
  readonly planes: Set<CheckedPlane>;
}

/** A helper found by what it returns: a function in another module whose returned object literal becomes `_meta`. */
export interface FoundHelper {
  readonly name: string;
  /** Absolute path of its module: the producer of the keys it builds. */
  readonly file: string;
  /** Absolute paths of the files that call it as (or spread it into) a `_meta` value. */
  readonly callers: Set<string>;
  readonly planes: Set<CheckedPlane>;
  readonly keys: Set<string>;
}

export interface ScanResult {
  readonly keys: Map<string, ScannedKey>;
  /** Files that assemble `_meta` by spreading collected maps or fragments: the merge layer. */
  readonly mergeLayerFiles: Set<string>;
  /** Imported helpers whose returned literal is a `_meta` value, by `name@file`. */
  readonly helpers: Map<string, FoundHelper>;
}

export function emptyScan(): ScanResult {
  return { keys: new Map(), mergeLayerFiles: new Set(), helpers: new Map() };
}

function noteHelper(scan: ScanResult, builtBy: HelperOrigin, caller: string, plane: CheckedPlane, key: string): void {
  const id = `${builtBy.helper}@${builtBy.file}`;
  const helper = scan.helpers.get(id) ?? {
    name: builtBy.helper,
    file: builtBy.file,
    callers: new Set(),
    planes: new Set(),
    keys: new Set(),
  };
  helper.callers.add(caller);
  helper.planes.add(plane);
  helper.keys.add(key);
  scan.helpers.set(id, helper);
}

/** Adds one parsed file's writes (found with the plugin's own analysis and the detected vocabulary) to `scan`. */
export function scanWrites(
  input: { ast: TSESTree.Program; text: string; visitorKeys: Record<string, readonly string[]> },
  file: string,
  vocabulary: DetectedVocabulary,
  scan: ScanResult,
): void {
  const writes = findMetaWrites({ ...input, filename: file, vocabulary });
  for (const write of writes) {
    // The dispatch layer's assembly from collected keys, and a wrapper merging its keys into a handler's result.
    if (isAssemblyFromCollected(write) || (write.plane === 'result' && write.mergesSelf && write.keys.length > 0))
      scan.mergeLayerFiles.add(file);
    if (!writesValues(write)) continue;
    for (const keyWrite of write.keys) {
      if (keyWrite.name === null) continue;
      const entry = scan.keys.get(keyWrite.name) ?? { files: new Map<string, number>(), values: [], planes: new Set<CheckedPlane>() };
      entry.planes.add(write.plane);
      // A key an imported helper builds (`_meta: widgetMeta(w)`): its producer is the helper's module, the spec's
      // unit (the module that builds the key), on the plane of the call.
      const producer = keyWrite.builtBy?.file ?? file;
      if (keyWrite.builtBy) noteHelper(scan, keyWrite.builtBy, file, write.plane, keyWrite.name);
      entry.files.set(producer, (entry.files.get(producer) ?? 0) + 1);
      entry.values.push(keyWrite.value);
      scan.keys.set(keyWrite.name, entry);
    }
  }
}

const MAX_FIELD_DEPTH = 4;

/**
 * The fields seen in `written`, nested where the values show objects or arrays of objects, typed where every value
 * is a literal of one type (see `inferFieldType`); `undefined` if none.
 */
export function fieldsFromWritten(written: WrittenFields, depth = 0): ManifestFields | undefined {
  if (written.fields.size === 0) return undefined;
  const entries: Array<[string, ManifestFieldSpec]> = [];
  for (const [name, values] of [...written.fields].sort(([a], [b]) => a.localeCompare(b))) {
    // The type first: it reads best at the front of the spec.
    const spec: ManifestFieldSpec = { ...inferFieldType(values) };
    if (Object.keys(spec).length > 0 && writtenConditionally(values)) spec.optional = true;
    if (depth < MAX_FIELD_DEPTH) {
      const nested = fieldsFromWritten(objectFieldsOf(values), depth + 1);
      if (nested !== undefined) spec.fields = nested;
      else {
        const items = fieldsFromWritten(itemFieldsOf(values), depth + 1);
        if (items !== undefined) spec.items = { fields: items };
      }
    }
    entries.push([name, spec]);
  }
  if (entries.every(([, spec]) => Object.keys(spec).length === 0)) return entries.map(([name]) => name);
  return Object.fromEntries(entries);
}
