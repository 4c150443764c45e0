/**
 * A key's value read from its type, held against the registered field tree: the properties the type has and the
 * manifest does not (unregistered, no-unregistered-meta-field), and the registered fields the type no longer has or
 * no longer guarantees (removed, no-removed-meta-field). Both walk nested `fields` and array `items` the same way.
 * Asked only for values the syntax could not read (see `typedValueType`).
 */
import type { TSESTree } from '@typescript-eslint/utils';
import type * as ts from 'typescript';
import { isRequiredField } from '../../registry';
import type { FieldMap } from '../../registry/types';
import { collectFieldShape, collectItemShape } from '../value/field-sets';
import { definedTypeOf, itemTypeOf, typedShapeOf, type TypedShape } from './typed-fields';
import type { TypeServices } from './type-services';

/** Values written out in place: the syntax has already read all there is (a type lookup would add nothing). */
const WRITTEN_OUT: ReadonlySet<string> = new Set([
  'Literal',
  'TemplateLiteral',
  'ObjectExpression',
  'ArrayExpression',
  'ArrowFunctionExpression',
  'FunctionExpression',
  'UnaryExpression',
  'BinaryExpression',
]);

/** Guards against recursive types (`interface Node { children: Node[] }`). */
const MAX_DEPTH = 8;

export interface UnregisteredTypedField {
  readonly field: string;
  /** Dotted path from the key, `retrieval.cache` (`[]` marks array items). */
  readonly path: string;
  readonly typeName: string;
  readonly declaredAt: string | null;
}

export interface RemovedTypedField {
  readonly field: string;
  readonly path: string;
  readonly typeName: string;
  /** `missing`: the type has no such property; `optional`: it has it, optional, where the manifest requires it. */
  readonly change: 'missing' | 'optional';
}

/**
 * The type of a key's value when the syntax cannot read its fields (no object literal, `const`, same-file builder or
 * array of them is visible), else null: the literal, when there is one, stays the one source of truth.
 */
export function typedValueType(services: TypeServices | null, value: TSESTree.Expression | null): ts.Type | null {
  if (!services || !value || WRITTEN_OUT.has(value.type)) return null;
  if (collectFieldShape(value) || collectItemShape(value) || !services.holds(value)) return null;
  return services.typeOf(value);
}

/** The object shape of a value type, or of its items when it is an array of objects. */
function shapeOrItems(services: TypeServices, type: ts.Type, path: string): { shape: TypedShape; path: string } | null {
  const shape = typedShapeOf(services, type);
  if (shape) return { shape, path };
  const items = itemTypeOf(services, type);
  const itemShape = items ? typedShapeOf(services, items) : null;
  return itemShape ? { shape: itemShape, path: `${path}[]` } : null;
}

export function* unregisteredTypedFields(
  services: TypeServices,
  type: ts.Type,
  allowed: FieldMap,
  path: string,
  depth = 0,
): Generator<UnregisteredTypedField> {
  if (depth > MAX_DEPTH) return;
  const read = shapeOrItems(services, type, path);
  if (!read) return;
  for (const field of read.shape.fields.values()) {
    const spec = allowed.get(field.name);
    if (!spec) {
      yield { field: field.name, path: read.path, typeName: read.shape.typeName, declaredAt: field.declaredAt };
      continue;
    }
    const nested = spec.fields ?? spec.items;
    if (nested) yield* unregisteredTypedFields(services, definedTypeOf(services, field), nested, `${read.path}.${field.name}`, depth + 1);
  }
}

export function* removedTypedFields(
  services: TypeServices,
  type: ts.Type,
  registered: FieldMap,
  path: string,
  depth = 0,
): Generator<RemovedTypedField> {
  if (depth > MAX_DEPTH) return;
  const read = shapeOrItems(services, type, path);
  if (!read) return;
  for (const spec of registered.values()) {
    if (spec.deprecated) continue;
    const field = read.shape.fields.get(spec.name);
    if (!field) {
      yield { field: spec.name, path: read.path, typeName: read.shape.typeName, change: 'missing' };
      continue;
    }
    if (field.optional && isRequiredField(spec)) {
      yield { field: spec.name, path: read.path, typeName: read.shape.typeName, change: 'optional' };
    }
    const nested = spec.fields ?? spec.items;
    if (nested) yield* removedTypedFields(services, definedTypeOf(services, field), nested, `${read.path}.${field.name}`, depth + 1);
  }
}
