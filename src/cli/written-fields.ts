import type { TSESTree } from '@typescript-eslint/utils';
import { collectFieldShape, collectItemShape, type FieldShape } from '../analysis/field-sets';

/**
 * The union of the fields that a set of values (every write of one key, or every occurrence of one nested field)
 * writes. `open` when some value could not be read statically: then a field missing from `fields` may still be
 * written, and `check` stays silent about it (silence over noise).
 */
export interface WrittenFields {
  readonly fields: ReadonlyMap<string, readonly (TSESTree.Expression | null)[]>;
  readonly open: boolean;
}

function merge(shapes: ReadonlyArray<FieldShape | null>): WrittenFields {
  const fields = new Map<string, Array<TSESTree.Expression | null>>();
  let open = false;
  for (const shape of shapes) {
    if (shape === null) {
      open = true;
      continue;
    }
    if (shape.open) open = true;
    for (const [name, occurrences] of shape.fields) {
      const values = fields.get(name) ?? [];
      values.push(...occurrences.map((occurrence) => occurrence.value));
      fields.set(name, values);
    }
  }
  return { fields, open };
}

/** Fields of object values. */
export function objectFieldsOf(values: ReadonlyArray<TSESTree.Node | null>): WrittenFields {
  return merge(values.map((value) => collectFieldShape(value)));
}

/** Fields of the items of array values. */
export function itemFieldsOf(values: ReadonlyArray<TSESTree.Node | null>): WrittenFields {
  return merge(values.map((value) => collectItemShape(value)));
}
