/**
 * Field types: the small JSON Schema subset a manifest field spec may carry (`"type"`, `"enum"`, `"anyOf"`, arrays with
 * `"items"`, objects with `"fields"`), normalised into `FieldType`, and the three questions asked of it: how to print
 * it, whether one type accepts every value of another (`diff`), and whether a literal fits it (lint).
 * A field without a type stays unchecked: nothing here turns an untyped field into a typed one.
 */
import type { FieldMap, FieldSpec, ManifestFields } from './types';

export type PrimitiveTypeName = 'string' | 'number' | 'integer' | 'boolean' | 'null';
export type TypeName = PrimitiveTypeName | 'array' | 'object';
export type EnumValue = string | number | boolean | null;

/** A type as written in the manifest. */
export interface ManifestTypeSpec {
  type?: TypeName;
  /** The closed set of values the field may hold. */
  enum?: EnumValue[];
  /** Any one of these types (a union). */
  anyOf?: ManifestTypeSpec[];
  /** For an array: the type of each item (without a type, `{ "fields": … }` means objects). */
  items?: ManifestTypeSpec;
  /** For an object: its fields. */
  fields?: ManifestFields;
  description?: string;
}

export type FieldType =
  | { readonly kind: PrimitiveTypeName }
  | { readonly kind: 'enum'; readonly values: readonly EnumValue[] }
  /** `items` undefined: items of any type. */
  | { readonly kind: 'array'; readonly items?: FieldType }
  /** `fields` undefined: an object whose fields are not listed. */
  | { readonly kind: 'object'; readonly fields?: FieldMap }
  | { readonly kind: 'union'; readonly members: readonly FieldType[] };

type NormalizeFields = (fields: ManifestFields | undefined) => FieldMap | undefined;

const PRIMITIVES: ReadonlySet<string> = new Set<PrimitiveTypeName>(['string', 'number', 'integer', 'boolean', 'null']);

function isSpec(value: unknown): value is ManifestTypeSpec {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The type a spec declares with `type`, `enum` or `anyOf`; `undefined` when it declares none (the field is unchecked).
 * Lenient like `normalizeFields`: `diff` reads old manifests that today's validation might reject.
 */
export function declaredFieldType(spec: ManifestTypeSpec, normalizeFields: NormalizeFields): FieldType | undefined {
  if (Array.isArray(spec.anyOf)) {
    const members = spec.anyOf
      .filter(isSpec)
      .map((member) => declaredFieldType(member, normalizeFields) ?? impliedType(member, normalizeFields));
    const known = members.filter((member): member is FieldType => member !== undefined);
    return known.length === members.length && known.length > 0 ? { kind: 'union', members: known } : undefined;
  }
  if (Array.isArray(spec.enum)) return { kind: 'enum', values: spec.enum.filter(isEnumValue) };
  if (typeof spec.type !== 'string') return undefined;
  if (PRIMITIVES.has(spec.type)) return { kind: spec.type as PrimitiveTypeName };
  if (spec.type === 'array') {
    const items = isSpec(spec.items)
      ? (declaredFieldType(spec.items, normalizeFields) ?? impliedType(spec.items, normalizeFields))
      : undefined;
    return items === undefined ? { kind: 'array' } : { kind: 'array', items };
  }
  if (spec.type === 'object') {
    const fields = normalizeFields(spec.fields);
    return fields === undefined ? { kind: 'object' } : { kind: 'object', fields };
  }
  return undefined;
}

/** Without a declared type, `fields` still says "an object" (the manifest's older way of nesting). */
function impliedType(spec: ManifestTypeSpec, normalizeFields: NormalizeFields): FieldType | undefined {
  const fields = normalizeFields(spec.fields);
  return fields === undefined ? undefined : { kind: 'object', fields };
}

function isEnumValue(value: unknown): value is EnumValue {
  return value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/**
 * The shape the generated types and schema give a field: its declared type, else what its `fields` (an object) or
 * `items` (an array of objects) imply, else `undefined` (any value).
 */
export function shapeOfField(field: FieldSpec): FieldType | undefined {
  if (field.type !== undefined) return field.type;
  if (field.fields !== undefined) return { kind: 'object', fields: field.fields };
  if (field.items !== undefined) return { kind: 'array', items: { kind: 'object', fields: field.items } };
  return undefined;
}

/**
 * A field must be present when it has a type and is neither `"optional": true` nor deprecated (a deprecated field is
 * "no longer written"). An untyped field says nothing about its value, presence included.
 */
export function isRequiredField(field: FieldSpec): boolean {
  return field.type !== undefined && field.optional !== true && !field.deprecated;
}

/** TypeScript-like text of a type, for messages: `number`, `'a' | 'b'`, `string[]`, `string | null`, `object`. */
export function typeText(type: FieldType): string {
  switch (type.kind) {
    case 'enum':
      return type.values.map(enumValueText).join(' | ') || 'never';
    case 'array': {
      if (type.items === undefined) return 'array';
      const items = typeText(type.items);
      return type.items.kind === 'union' || (type.items.kind === 'enum' && type.items.values.length > 1) ? `(${items})[]` : `${items}[]`;
    }
    case 'union':
      return type.members.map(typeText).join(' | ');
    default:
      return type.kind;
  }
}

export function enumValueText(value: EnumValue): string {
  return typeof value === 'string' ? `'${value}'` : String(value);
}

/**
 * True when every value of `from` is also a value of `to`, so a manifest that changes `from` into `to` keeps every
 * value it allowed. Object fields are compared name by name elsewhere, so any object accepts any object here; arrays
 * whose items (on either side) have no type are compared as arrays only.
 */
export function acceptsAll(to: FieldType, from: FieldType): boolean {
  if (from.kind === 'union') return from.members.every((member) => acceptsAll(to, member));
  if (from.kind === 'enum') return from.values.every((value) => acceptsValue(to, value));
  if (to.kind === 'union') return to.members.some((member) => acceptsAll(member, from));
  switch (to.kind) {
    case 'enum':
      return false;
    case 'number':
      return from.kind === 'number' || from.kind === 'integer';
    case 'array':
      if (from.kind !== 'array') return false;
      // Items without a type are unchecked, like an untyped field: giving them a type narrows nothing that was checked.
      return to.items === undefined || from.items === undefined || acceptsAll(to.items, from.items);
    default:
      return from.kind === to.kind;
  }
}

function acceptsValue(type: FieldType, value: EnumValue): boolean {
  switch (type.kind) {
    case 'union':
      return type.members.some((member) => acceptsValue(member, value));
    case 'enum':
      return type.values.some((allowed) => allowed === value);
    case 'string':
    case 'boolean':
      return typeof value === type.kind;
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'null':
      return value === null;
    default:
      return false;
  }
}

/** What the lint knows about a written value: a JSON-like literal, with `unknown` where it cannot tell. */
export type LiteralValue =
  /** `value` absent: of this kind, but which value is not known (`\`id-${n}\``). */
  | { readonly kind: 'string' | 'number' | 'boolean' | 'null'; readonly value?: EnumValue }
  | { readonly kind: 'array'; readonly items: readonly (LiteralValue | undefined)[] }
  | { readonly kind: 'object' };

/** False only when `literal` certainly is not a value of `type`; parts that are not literals are given the benefit. */
export function literalFits(literal: LiteralValue, type: FieldType): boolean {
  if (type.kind === 'union') return type.members.some((member) => literalFits(literal, member));
  if (literal.kind === 'array') {
    if (type.kind !== 'array') return false;
    const itemType = type.items;
    return itemType === undefined || literal.items.every((item) => item === undefined || literalFits(item, itemType));
  }
  if (literal.kind === 'object') return type.kind === 'object';
  if (literal.value !== undefined) return acceptsValue(type, literal.value);
  const kind = literal.kind;
  switch (type.kind) {
    case 'enum':
      return type.values.some((value) => (value === null ? kind === 'null' : typeof value === kind));
    case 'integer':
      return kind === 'number';
    default:
      return type.kind === kind;
  }
}

/** `a string`, `the number 1.5`, `an array`: what a literal is, for messages. */
export function literalText(literal: LiteralValue): string {
  switch (literal.kind) {
    case 'array':
      return 'an array';
    case 'object':
      return 'an object';
    case 'null':
      return 'null';
    default:
      if (literal.value === undefined) return `a ${literal.kind}`;
      return `the ${literal.kind} ${literal.kind === 'string' ? JSON.stringify(literal.value) : String(literal.value)}`;
  }
}

/** A field spec whose parts contradict each other, with where it is (JSON path from the manifest's root). */
export interface FieldTypeProblem {
  readonly path: ReadonlyArray<string | number>;
  readonly message: string;
  readonly fix: string;
}

/**
 * What the JSON Schema of the manifest cannot say about types: `fields` on a non-object, `items` on a non-array, an
 * enum value of another type than the declared one. Walks every key's fields, items and `anyOf` members.
 */
export function fieldTypeProblems(keys: Record<string, { fields?: ManifestFields }>): FieldTypeProblem[] {
  const problems: FieldTypeProblem[] = [];
  const visitFields = (fields: ManifestFields | undefined, at: Array<string | number>): void => {
    if (!isSpec(fields)) return;
    for (const [name, spec] of Object.entries(fields)) if (isSpec(spec)) visitSpec(spec, [...at, name], name);
  };
  const visitSpec = (spec: ManifestTypeSpec, at: Array<string | number>, label: string): void => {
    const type = spec.type;
    if (type !== undefined && type !== 'object' && spec.fields !== undefined) {
      problems.push({
        path: [...at, 'fields'],
        message: `'${label}' has "fields" but its type is '${type}'; only an object has fields.`,
        fix: `Write "type": "object", or drop "fields" (for an array of objects, put them in "items": { "type": "object", "fields": … }).`,
      });
    }
    if (type !== undefined && type !== 'array' && spec.items !== undefined) {
      problems.push({
        path: [...at, 'items'],
        message: `'${label}' has "items" but its type is '${type}'; only an array has items.`,
        fix: 'Write "type": "array", or drop "items".',
      });
    }
    if (spec.anyOf !== undefined && (type !== undefined || spec.enum !== undefined)) {
      problems.push({
        path: [...at, 'anyOf'],
        message: `'${label}' has "anyOf" next to ${type !== undefined ? '"type"' : '"enum"'}; a union lists all of its types in "anyOf".`,
        fix: `Move the ${type !== undefined ? '"type"' : '"enum"'} into one of the "anyOf" members.`,
      });
    }
    if ((type === 'array' || type === 'object') && spec.enum !== undefined) {
      problems.push({
        path: [...at, 'enum'],
        message: `'${label}' is an ${type} with "enum"; enum values are strings, numbers, booleans or null.`,
        fix:
          type === 'array'
            ? 'Put the enum in "items": { "enum": [...] } (an array of those values).'
            : 'Drop "enum", or drop "type": "object".',
      });
    }
    if (type !== undefined && PRIMITIVES.has(type) && Array.isArray(spec.enum)) {
      spec.enum.forEach((value, index) => {
        if (isEnumValue(value) && acceptsValue({ kind: type as PrimitiveTypeName }, value)) return;
        problems.push({
          path: [...at, 'enum', index],
          message: `Enum value ${JSON.stringify(value)} of '${label}' is not a ${type}.`,
          fix: `Make every enum value a ${type}, or drop "type" (the enum alone says what the field holds).`,
        });
      });
    }
    if (isSpec(spec.items)) visitSpec(spec.items, [...at, 'items'], `${label}[]`);
    if (Array.isArray(spec.anyOf))
      spec.anyOf.forEach((member, index) => isSpec(member) && visitSpec(member, [...at, 'anyOf', index], label));
    visitFields(spec.fields, [...at, 'fields']);
  };
  for (const [key, spec] of Object.entries(keys)) if (isSpec(spec)) visitFields(spec.fields, ['keys', key, 'fields']);
  return problems;
}
