/**
 * What a value's type says it is, when the type lists its values: a string, number or boolean literal type, `null`, or
 * a union of those (`undefined` members dropped: an absent value is not written). A parameter typed `600_000`, an
 * enum member, `as const` through a function: the host-value check reads what the syntax could not.
 */
import type * as ts from 'typescript';
import type { LiteralValue } from '../../registry';
import type { TypeServices } from './type-services';

/** Each value `type` allows, or null when some member is not a literal type (`number`, `string`, an object, `any`). */
export function literalsOfType(services: TypeServices, type: ts.Type): LiteralValue[] | null {
  const { TypeFlags } = services.ts;
  const members = type.isUnion() ? type.types : [type];
  const values: LiteralValue[] = [];
  for (const member of members) {
    if (member.flags & TypeFlags.Undefined) continue;
    if (member.isStringLiteral()) values.push({ kind: 'string', value: member.value });
    else if (member.isNumberLiteral()) values.push({ kind: 'number', value: member.value });
    else if (member.flags & TypeFlags.BooleanLiteral)
      values.push({ kind: 'boolean', value: services.checker.typeToString(member) === 'true' });
    else if (member.flags & TypeFlags.Null) values.push({ kind: 'null', value: null });
    else return null;
  }
  return values.length > 0 ? values : null;
}
