/**
 * The fields of a value from its type, for values whose literal the syntax cannot follow (a builder imported from
 * another module, a parameter or variable with a declared type). A type lists its fields only when it is a closed
 * object type: `any`, `unknown`, an index signature (`Record<string, …>`) or a non-object leaves them unchecked,
 * silently (null), as an open literal shape does.
 */
import path from 'node:path';
import type * as ts from 'typescript';
import type { TypeServices } from './type-services';

export interface TypedField {
  readonly name: string;
  readonly type: ts.Type;
  /** `name?:`, or made optional by a mapped type (`Partial<…>`). */
  readonly optional: boolean;
  /** Where the property is declared, `builders.ts:12`, for messages; null when it has no declaration. */
  readonly declaredAt: string | null;
}

export interface TypedShape {
  /** The type as TypeScript prints it (`RetrievalStats`), for messages. */
  readonly typeName: string;
  readonly fields: ReadonlyMap<string, TypedField>;
}

function declaredAt(symbol: ts.Symbol): string | null {
  const declaration = symbol.declarations?.[0];
  if (!declaration) return null;
  const file = declaration.getSourceFile();
  const { line } = file.getLineAndCharacterOfPosition(declaration.getStart(file));
  return `${path.basename(file.fileName)}:${line + 1}`;
}

/** Whether `type` could hold fields the checker does not list (open: nothing is reported about it). */
function isOpen(services: TypeServices, type: ts.Type): boolean {
  const { TypeFlags } = services.ts;
  if (type.flags & (TypeFlags.Any | TypeFlags.Unknown)) return true;
  return services.checker.getIndexInfosOfType(type).length > 0;
}

/** The object fields of `type` (a union's members together: a field of any member may be written), or null. */
export function typedShapeOf(services: TypeServices, type: ts.Type): TypedShape | null {
  const { checker } = services;
  const { TypeFlags, SymbolFlags } = services.ts;
  const members = (type.isUnion() ? type.types : [type]).filter((member) => !(member.flags & (TypeFlags.Undefined | TypeFlags.Null)));
  if (members.length === 0) return null;
  const fields = new Map<string, TypedField>();
  const memberCount = new Map<string, number>();
  for (const member of members) {
    if (isOpen(services, member) || !(member.flags & (TypeFlags.Object | TypeFlags.Intersection))) return null;
    if (checker.isArrayType(member) || checker.isTupleType(member) || member.getCallSignatures().length > 0) return null;
    for (const property of checker.getPropertiesOfType(member)) {
      memberCount.set(property.name, (memberCount.get(property.name) ?? 0) + 1);
      const optional = (property.flags & SymbolFlags.Optional) !== 0;
      const known = fields.get(property.name);
      if (known && (known.optional || !optional)) continue;
      fields.set(property.name, {
        name: property.name,
        type: checker.getTypeOfSymbol(property),
        optional,
        declaredAt: declaredAt(property),
      });
    }
  }
  // A field that only some members of a union have may be absent.
  for (const [name, field] of fields) {
    if (memberCount.get(name) !== members.length) fields.set(name, { ...field, optional: true });
  }
  return { typeName: checker.typeToString(type), fields };
}

/** The item type of an array type (`T[]`, `readonly T[]`, `Array<T>`), or null. */
export function itemTypeOf(services: TypeServices, type: ts.Type): ts.Type | null {
  const { checker } = services;
  const nonNull = checker.getNonNullableType(type);
  if (!checker.isArrayType(nonNull)) return null;
  return checker.getTypeArguments(nonNull as ts.TypeReference)[0] ?? null;
}

/** A field's own type without `undefined`/`null`, so `cache?: CacheInfo` is read as `CacheInfo`. */
export function definedTypeOf(services: TypeServices, field: TypedField): ts.Type {
  return services.checker.getNonNullableType(field.type);
}
