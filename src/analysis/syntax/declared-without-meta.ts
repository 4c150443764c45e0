/**
 * Whether a type written in the file says an object has no `_meta` (or no other property `key`): an interface or type
 * literal whose named members leave it out, an `Omit<T, '_meta' | …>`, or an intersection of such types. Read from the
 * syntax only (the untyped lint's answer to "can this object carry `_meta`?", or a host key such as `ui`); anything
 * else (a type from another module, a mapped or generic type, an index signature) may carry one. Also the type a
 * written type declares for a member, and a list type's entry type (`declaredMemberType`, `listElementType`).
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { propertyKeyName } from './ast';

type Node = TSESTree.Node;

/**
 * An interface or a type literal alias with named members only, none of them `_meta` (no `extends`, no index
 * signature, no intersection): an object of that type has no `_meta` to carry.
 */
export function declaresNoSlot(declaration: TSESTree.TSInterfaceDeclaration | TSESTree.TSTypeAliasDeclaration, key: string): boolean {
  if (declaration.type === 'TSInterfaceDeclaration')
    return declaration.extends.length === 0 && namedMembersWithout(declaration.body.body, key);
  return declaration.typeAnnotation.type === 'TSTypeLiteral' && namedMembersWithout(declaration.typeAnnotation.members, key);
}

/**
 * `type` (a parameter's or variable's annotation) has no `_meta` (or `key`): `Omit<ToolDefinition, '_meta' | 'name'>`, a type
 * literal without it, a same-file interface or alias that declares none (`declaresNoSlot`, or an alias of such a
 * type), or an intersection whose every part is one (cyanheads/mcp-ts-template's `AppToolOptions`). Aliases are
 * followed `MAX_ALIAS_DEPTH` deep.
 */
export function typeWithout(type: TSESTree.TypeNode, key: string, depth = 0): boolean {
  switch (type.type) {
    case 'TSTypeLiteral':
      return namedMembersWithout(type.members, key);
    case 'TSIntersectionType':
      return type.types.every((part) => typeWithout(part, key, depth));
    case 'TSTypeReference': {
      if (type.typeName.type !== 'Identifier') return false;
      const name = type.typeName.name;
      if (name === 'Omit') return omits(type.typeArguments?.params[1], key);
      if (depth >= MAX_ALIAS_DEPTH) return false;
      const declaration = sameFileTypeDeclaration(type, name);
      if (declaration?.type === 'TSInterfaceDeclaration') return declaresNoSlot(declaration, key);
      return declaration ? typeWithout(declaration.typeAnnotation, key, depth + 1) : false;
    }
    default:
      return false;
  }
}

const MAX_ALIAS_DEPTH = 4;

/**
 * The member names a written type lists, when it lists them all (a type literal, a same-file interface without
 * `extends` or alias of one, an intersection of such; named properties and methods only); null for anything else.
 */
export function declaredMemberNames(type: TSESTree.TypeNode, depth = 0): string[] | null {
  switch (type.type) {
    case 'TSTypeLiteral':
      return namedMembers(type.members);
    case 'TSIntersectionType': {
      const parts = type.types.map((part) => declaredMemberNames(part, depth));
      return parts.every((part) => part !== null) ? (parts as string[][]).flat() : null;
    }
    case 'TSTypeReference': {
      if (type.typeName.type !== 'Identifier' || depth >= MAX_ALIAS_DEPTH) return null;
      const declaration = sameFileTypeDeclaration(type, type.typeName.name);
      return declaration ? declarationMemberNames(declaration, depth + 1) : null;
    }
    default:
      return null;
  }
}

/** `declaredMemberNames` of an interface (without `extends`: one that extends lists more than it says) or type alias. */
export function declarationMemberNames(
  declaration: TSESTree.TSInterfaceDeclaration | TSESTree.TSTypeAliasDeclaration,
  depth = 0,
): string[] | null {
  if (declaration.type === 'TSInterfaceDeclaration') return declaration.extends.length === 0 ? namedMembers(declaration.body.body) : null;
  return declaredMemberNames(declaration.typeAnnotation, depth);
}

function namedMembers(members: readonly TSESTree.TypeElement[]): string[] | null {
  const names: string[] = [];
  for (const member of members) {
    if ((member.type !== 'TSPropertySignature' && member.type !== 'TSMethodSignature') || member.computed) return null;
    if (member.key.type === 'Identifier') names.push(member.key.name);
    else if (member.key.type === 'Literal') names.push(String(member.key.value));
    else return null;
  }
  return names;
}

/** Named members only (no index signature, no computed name), none of them `key`. */
function namedMembersWithout(members: readonly TSESTree.TypeElement[], key: string): boolean {
  return namedMembers(members)?.includes(key) === false;
}

/** `'_meta'` (or `key`), or a union holding it: the keys `Omit` leaves out. */
function omits(keys: TSESTree.TypeNode | undefined, key: string): boolean {
  if (!keys) return false;
  if (keys.type === 'TSUnionType') return keys.types.some((part) => omits(part, key));
  return keys.type === 'TSLiteralType' && keys.literal.type === 'Literal' && keys.literal.value === key;
}

/** The module-level interface or type alias `name` of the file `from` is in (exported or not); null when there is none. */
export function sameFileTypeDeclaration(
  from: Node,
  name: string,
): TSESTree.TSInterfaceDeclaration | TSESTree.TSTypeAliasDeclaration | null {
  let program: Node = from;
  while (program.parent) program = program.parent;
  if (program.type !== 'Program') return null;
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if ((declaration?.type === 'TSInterfaceDeclaration' || declaration?.type === 'TSTypeAliasDeclaration') && declaration.id.name === name)
      return declaration;
  }
  return null;
}

/** The members a same-file interface or type literal alias `name` declares (none for anything else). */
export function sameFileMembers(from: Node, name: string): readonly TSESTree.TypeElement[] {
  const declaration = sameFileTypeDeclaration(from, name);
  if (declaration?.type === 'TSInterfaceDeclaration') return declaration.body.body;
  return declaration?.typeAnnotation.type === 'TSTypeLiteral' ? declaration.typeAnnotation.members : [];
}

/** The declared type of `member` in `type` (a type literal, or a same-file interface or alias of one); null otherwise. */
export function declaredMemberType(type: TSESTree.TypeNode, member: string): TSESTree.TypeNode | null {
  const members =
    type.type === 'TSTypeLiteral'
      ? type.members
      : type.type === 'TSTypeReference' && type.typeName.type === 'Identifier'
        ? sameFileMembers(type, type.typeName.name)
        : [];
  for (const candidate of members) {
    if (candidate.type === 'TSPropertySignature' && !candidate.computed && propertyKeyName(candidate) === member)
      return candidate.typeAnnotation?.typeAnnotation ?? null;
  }
  return null;
}

/** The entry type of a list type: `T[]`, `readonly T[]`, `Array<T>`, `ReadonlyArray<T>`; null otherwise. */
export function listElementType(type: TSESTree.TypeNode): TSESTree.TypeNode | null {
  if (type.type === 'TSArrayType') return type.elementType;
  if (type.type === 'TSTypeOperator' && type.operator === 'readonly' && type.typeAnnotation) return listElementType(type.typeAnnotation);
  if (type.type !== 'TSTypeReference' || type.typeName.type !== 'Identifier') return null;
  const params = type.typeArguments?.params ?? [];
  return ['Array', 'ReadonlyArray'].includes(type.typeName.name) && params.length === 1 ? params[0] : null;
}
