import type { TSESTree } from '@typescript-eslint/utils';
import { memberPropertyName, unwrap } from '../../analysis/syntax/ast';
import { constInitializer } from '../../analysis/syntax/bindings';
import { collectFieldShape, collectItemShape } from '../../analysis/value/field-sets';
import { literalValueOf } from '../../analysis/value/literal-value';
import { writesUiFieldAtTop } from '../../analysis/apps/app-meta';
import { moduleResolverOf } from '../../analysis/modules/module-resolver';
import { writesOn, type CheckedPlane } from '../../analysis/planes';
import type { HelperOrigin, MetaFileAnalysis } from '../../analysis/types';
import { writesValues } from '../../analysis/value/write-kinds';
import type { ManifestFieldSpec, ManifestFields } from '../../registry';
import { itemFieldsOf, objectFieldsOf, type WrittenFields } from '../written-fields';
import { inferFieldType, writtenConditionally } from './infer-field-type';
import { assemblesCollectedKeys } from './merge-layer-evidence';

/** What the code says about one key: the files that write it (with how many write sites) and the values written. */
export interface ScannedKey {
  readonly files: Map<string, number>;
  readonly values: Array<TSESTree.Expression | null>;
  /** The planes it is written on (tool result, tool descriptor, resource). */
  readonly planes: Set<CheckedPlane>;
  /** The files of `files` that write it on each plane: a finding about one plane names one of its writers. */
  readonly filesOn: Map<CheckedPlane, Set<string>>;
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
  /**
   * How many of each key's writes put a field of MCP Apps' `ui` at the top of `_meta` (`writesUiFieldAtTop`): a key
   * written only so is held back (`vetUiFieldAtTop`), as the lint reports each such write.
   */
  readonly uiFieldsAtTop: Map<string, number>;
  /** Files that assemble `_meta` by spreading collected maps or fragments: the merge layer. */
  readonly mergeLayerFiles: Set<string>;
  /** Imported helpers whose returned literal is a `_meta` value, by `name@file`. */
  readonly helpers: Map<string, FoundHelper>;
  /**
   * The files that write each key on a `_meta` nothing places (the `unknown` plane: a tool definition registered from
   * another module, an entry built at run time). Not producers (a key is registered on the planes it is seen on), but
   * writers of the key all the same: a key tests alone write on a known plane is not "only in test files" then.
   */
  readonly unplaced: Map<string, Set<string>>;
}

export function emptyScan(): ScanResult {
  return { keys: new Map(), mergeLayerFiles: new Set(), helpers: new Map(), uiFieldsAtTop: new Map(), unplaced: new Map() };
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

/**
 * Adds one file's writes to `scan`: the same `MetaFileAnalysis` the rules filter (`analyzeFile` under the provisional
 * manifest of the detected vocabulary, or the existing manifest with `--update`), so `init` registers exactly the keys
 * the lint sees written, on the planes it sees them, and nothing in an `ignore`d file.
 */
export function scanWrites(analysis: MetaFileAnalysis, scan: ScanResult, text: string): void {
  const file = analysis.filename;
  const hooks = new Set(analysis.registry.hooks);
  const imports = moduleResolverOf(file);
  // Keys are registered on the planes a manifest names; a write whose plane is unknown or unchecked registers none.
  for (const write of writesOn(analysis.writes, 'manifest')) {
    // The dispatch layer's assembly from the keys it collected; a spread or a re-wrap alone is no evidence.
    if (assemblesCollectedKeys(write, hooks)) scan.mergeLayerFiles.add(file);
    if (!writesValues(write)) continue;
    for (const keyWrite of write.keys) {
      if (keyWrite.name === null) continue;
      const entry = scan.keys.get(keyWrite.name) ?? {
        files: new Map<string, number>(),
        values: [],
        planes: new Set<CheckedPlane>(),
        filesOn: new Map<CheckedPlane, Set<string>>(),
      };
      entry.planes.add(write.plane);
      // Its producer is the key's writer, as the model attached it (ownership.ts): the file, or for a key an imported
      // helper builds (`_meta: widgetMeta(w)`) the helper's module, the spec's unit, on the plane of the call. The
      // model attaches it to every key of a file's analysis; `file` only stands in for a model without file names.
      const producer = keyWrite.ownership?.writer ?? file;
      if (keyWrite.builtBy) noteHelper(scan, keyWrite.builtBy, file, write.plane, keyWrite.name);
      entry.files.set(producer, (entry.files.get(producer) ?? 0) + 1);
      entry.filesOn.set(write.plane, (entry.filesOn.get(write.plane) ?? new Set<string>()).add(producer));
      entry.values.push(keyWrite.value);
      scan.keys.set(keyWrite.name, entry);
      if (writesUiFieldAtTop(write, keyWrite, imports, text))
        scan.uiFieldsAtTop.set(keyWrite.name, (scan.uiFieldsAtTop.get(keyWrite.name) ?? 0) + 1);
    }
  }
  for (const write of analysis.writes) {
    if (write.plane !== 'unknown' || !writesValues(write)) continue;
    for (const keyWrite of write.keys) {
      if (keyWrite.name === null) continue;
      const files = scan.unplaced.get(keyWrite.name) ?? new Set<string>();
      scan.unplaced.set(keyWrite.name, files.add(keyWrite.ownership?.writer ?? file));
    }
  }
}

/**
 * The file a finding about `key` names: the first (in path order) of those that write it, or, for a finding about
 * some planes (a host key off its host's planes), of those that write it on one of them, so it never points at a
 * file whose writes are right.
 */
export function writerOf(scanned: ScannedKey | undefined, planes?: readonly CheckedPlane[]): string | undefined {
  if (scanned === undefined) return undefined;
  const writers = planes === undefined ? [...scanned.files.keys()] : planes.flatMap((plane) => [...(scanned.filesOn.get(plane) ?? [])]);
  return writers.sort()[0];
}

/**
 * The key's own `"type"` when every value shows it: `"object"` when each is an object the analysis reads
 * (a literal, a `const` bound to one, a same-file builder), `"array"` when each is an array of them. Without it a
 * key with fields is "an object or an array of such objects", and its generated type is `T | T[]`.
 */
export function keyTypeOf(values: ReadonlyArray<TSESTree.Expression | null>): 'object' | 'array' | undefined {
  if (values.length === 0) return undefined;
  if (values.every((value) => value !== null && isArrayValue(value) && collectItemShape(value) !== null)) return 'array';
  if (values.every((value) => value !== null && !isArrayValue(value) && collectFieldShape(value) !== null)) return 'object';
  return undefined;
}

function isArrayValue(value: TSESTree.Node): boolean {
  const inner = unwrap(value);
  if (inner.type === 'ArrayExpression') return true;
  if (inner.type === 'CallExpression') {
    const callee = unwrap(inner.callee);
    return callee.type === 'MemberExpression' && ['map', 'flatMap', 'filter', 'slice', 'concat'].includes(memberPropertyName(callee) ?? '');
  }
  if (inner.type === 'Identifier') {
    const init = constInitializer(inner);
    return init !== null && isArrayValue(init);
  }
  return false;
}

/**
 * The fields that some values write and others do not: each value read on its own (a closed object shape, or the
 * shape of an array value's items), a field missing from one of them is sometimes absent. An open value (a spread,
 * an opaque call) says nothing.
 */
export function sometimesAbsent(values: ReadonlyArray<TSESTree.Node | null>, of: 'objects' | 'items' = 'objects'): Set<string> {
  const shapes = values.map((value) => (of === 'items' ? collectItemShape(value) : collectFieldShape(value)));
  const closed = shapes.filter((shape): shape is NonNullable<typeof shape> => shape !== null && !shape.open);
  const absent = new Set<string>();
  if (closed.length < 2) return absent;
  const all = new Set(closed.flatMap((shape) => [...shape.fields.keys()]));
  for (const name of all) if (closed.some((shape) => !shape.fields.has(name))) absent.add(name);
  return absent;
}

const MAX_FIELD_DEPTH = 4;

/**
 * True when an array literal written here holds an item that is certainly no object (`[null, 0, '', { nested }]`):
 * `items.fields` would say every item is an object with those fields, which the lint then holds the array to.
 */
function someItemIsNoObject(values: ReadonlyArray<TSESTree.Node | null>): boolean {
  return values.some((value) => {
    const literal = literalValueOf(value);
    return literal?.kind === 'array' && literal.items.some((item) => item !== undefined && item.kind !== 'object');
  });
}

/**
 * The fields seen in `written`, nested where the values show objects or arrays of objects, typed where every value
 * is a literal of one type (see `inferFieldType`); `undefined` if none.
 */
export function fieldsFromWritten(written: WrittenFields, depth = 0, absent: ReadonlySet<string> = new Set()): ManifestFields | undefined {
  if (written.fields.size === 0) return undefined;
  const entries: Array<[string, ManifestFieldSpec]> = [];
  for (const [name, values] of [...written.fields].sort(([a], [b]) => a.localeCompare(b))) {
    // The type first: it reads best at the front of the spec.
    const spec: ManifestFieldSpec = { ...inferFieldType(values) };
    // A typed field is required unless optional: one written under a condition, or left out by some write, is not.
    if (Object.keys(spec).length > 0 && (writtenConditionally(values) || absent.has(name))) spec.optional = true;
    if (depth < MAX_FIELD_DEPTH) {
      const nested = fieldsFromWritten(objectFieldsOf(values), depth + 1, sometimesAbsent(values));
      if (nested !== undefined) spec.fields = nested;
      else if (!someItemIsNoObject(values)) {
        const items = fieldsFromWritten(itemFieldsOf(values), depth + 1, sometimesAbsent(values, 'items'));
        if (items !== undefined) spec.items = { fields: items };
      }
    }
    entries.push([name, spec]);
  }
  if (entries.every(([, spec]) => Object.keys(spec).length === 0)) return entries.map(([name]) => name);
  return Object.fromEntries(entries);
}
