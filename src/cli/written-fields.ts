import type { TSESTree } from '@typescript-eslint/utils';
import type * as ts from 'typescript';
import { collectFieldShape, collectItemShape, type FieldShape } from '../analysis/value/field-sets';
import { typedValueType } from '../analysis/typed/typed-field-check';
import { definedTypeOf, itemTypeOf, typedShapeOf } from '../analysis/typed/typed-fields';
import type { TypeServices } from '../analysis/typed/type-services';

/**
 * The union of the fields that a set of values (every write of one key, or every occurrence of one nested field)
 * writes. `open` when some value could not be read statically: then a field missing from `fields` may still be
 * written, and `check` stays silent about it (silence over noise).
 */
export interface WrittenFields {
  readonly fields: ReadonlyMap<string, readonly (TSESTree.Expression | null)[]>;
  readonly open: boolean;
}

/** The fields of one value and whether it is open; null when the value cannot be read at all (open too). */
type ReadFields<V> = { readonly fields: Iterable<readonly [string, readonly V[]]>; readonly open: boolean } | null;

/** The union of several values' fields, the occurrences of each field in order; open when any value is. */
function mergeFields<V>(read: ReadonlyArray<ReadFields<V>>): { fields: Map<string, V[]>; open: boolean } {
  const fields = new Map<string, V[]>();
  let open = false;
  for (const value of read) {
    if (value === null) {
      open = true;
      continue;
    }
    if (value.open) open = true;
    for (const [name, values] of value.fields) {
      const known = fields.get(name);
      if (known) known.push(...values);
      else fields.set(name, [...values]);
    }
  }
  return { fields, open };
}

function merge(shapes: ReadonlyArray<FieldShape | null>): WrittenFields {
  return mergeFields(
    shapes.map(
      (shape) =>
        shape && {
          fields: [...shape.fields].map(([name, occurrences]) => [name, occurrences.map((occurrence) => occurrence.value)] as const),
          open: shape.open,
        },
    ),
  );
}

/** Fields of object values. */
export function objectFieldsOf(values: ReadonlyArray<TSESTree.Node | null>): WrittenFields {
  return merge(values.map((value) => collectFieldShape(value)));
}

/** Fields of the items of array values. */
export function itemFieldsOf(values: ReadonlyArray<TSESTree.Node | null>): WrittenFields {
  return merge(values.map((value) => collectItemShape(value)));
}

/**
 * A written value as `check --typed` sees it: an expression together with the type services of its file (null
 * without types), or, for a value known only by its type (a field of a typed builder's return type), that type.
 */
export type TypedWrittenValue =
  | { readonly node: TSESTree.Node | null; readonly services: TypeServices | null }
  | { readonly type: ts.Type; readonly services: TypeServices };

export interface TypedWrittenFields {
  readonly fields: ReadonlyMap<string, readonly TypedWrittenValue[]>;
  readonly open: boolean;
}

/** The fields of one value (its literal when the syntax reads one, else its type's properties); null when unknown. */
type ValueFields = ReadFields<TypedWrittenValue>;

function fieldsOfShape(shape: FieldShape | null, services: TypeServices | null): ValueFields {
  if (!shape) return null;
  const fields = [...shape.fields].map(([name, occurrences]): [string, TypedWrittenValue[]] => [
    name,
    occurrences.map((occurrence) => ({ node: occurrence.value, services })),
  ]);
  return { fields, open: shape.open };
}

function fieldsOfType(services: TypeServices, type: ts.Type | null): ValueFields {
  // `any`, `unknown`, an index signature: the type does not list its fields (open, as an unreadable value).
  const shape = type ? typedShapeOf(services, type) : null;
  if (!shape) return null;
  const fields = [...shape.fields.values()].map((field): [string, TypedWrittenValue[]] => [
    field.name,
    [{ type: definedTypeOf(services, field), services }],
  ]);
  return { fields, open: false };
}

/** The type of a value the syntax cannot read, when its file has types. */
function typeOfOpaque(value: { readonly node: TSESTree.Node | null; readonly services: TypeServices | null }): ts.Type | null {
  return value.services && value.node ? typedValueType(value.services, value.node as TSESTree.Expression) : null;
}

/** Fields of object values, read from types where the syntax cannot read a value (another module's builder). */
export function typedObjectFieldsOf(values: readonly TypedWrittenValue[]): TypedWrittenFields {
  return mergeFields(
    values.map((value) => {
      if ('type' in value) return fieldsOfType(value.services, value.type);
      const read = fieldsOfShape(collectFieldShape(value.node), value.services);
      const type = read ? null : typeOfOpaque(value);
      return read ?? (type && value.services ? fieldsOfType(value.services, type) : null);
    }),
  );
}

/** Fields of the items of array values, likewise. */
export function typedItemFieldsOf(values: readonly TypedWrittenValue[]): TypedWrittenFields {
  return mergeFields(
    values.map((value) => {
      if ('type' in value) return fieldsOfType(value.services, itemTypeOf(value.services, value.type));
      const read = fieldsOfShape(collectItemShape(value.node), value.services);
      const type = read ? null : typeOfOpaque(value);
      return read ?? (type && value.services ? fieldsOfType(value.services, itemTypeOf(value.services, type)) : null);
    }),
  );
}
