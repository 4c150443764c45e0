import type { TSESTree } from '@typescript-eslint/utils';
import { literalValueOf } from '../../analysis/value/literal-value';
import type { LiteralValue, ManifestTypeSpec, PrimitiveTypeName } from '../../registry';

type Primitive = Exclude<PrimitiveTypeName, 'integer' | 'null'>;

/**
 * The type `init` writes for a field, from the values the code writes into it: when every value is a literal of one
 * kind (`'x'`, `` `a${b}` ``, `3`, `true`, `{...}`, `[...]`), that kind; a primitive kind seen next to `null` gives
 * `anyOf [kind, null]`; an array whose item literals share a primitive kind also gets `items`. Any value that is not a
 * literal (a call, a parameter, `c ? 1 : 'x'`), or literals of several kinds, and the field stays untyped: `init`
 * never guesses. Numbers are `number` (a literal `0` says nothing about fractions).
 */
export function inferFieldType(values: ReadonlyArray<TSESTree.Node | null>): ManifestTypeSpec | undefined {
  if (values.length === 0) return undefined;
  const literals: LiteralValue[] = [];
  for (const value of values) {
    const literal = literalValueOf(value);
    if (literal === undefined) return undefined;
    literals.push(literal);
  }
  const kinds = new Set(literals.map((literal) => literal.kind));
  const nullable = kinds.delete('null');
  if (kinds.size !== 1) return undefined;
  const [kind] = kinds;
  if (kind === 'object' || kind === 'array') {
    if (nullable) return undefined;
    if (kind === 'object') return { type: 'object' };
    const items = literals.flatMap((literal) => (literal.kind === 'array' ? literal.items : []));
    const itemKind = primitiveKindOf(items);
    return itemKind === undefined ? { type: 'array' } : { type: 'array', items: { type: itemKind } };
  }
  return nullable ? { anyOf: [{ type: kind }, { type: 'null' }] } : { type: kind };
}

function primitiveKindOf(items: ReadonlyArray<LiteralValue | undefined>): Primitive | undefined {
  if (items.length === 0) return undefined;
  const kinds = new Set(items.map((item) => item?.kind));
  if (kinds.size !== 1) return undefined;
  const [kind] = kinds;
  return kind === 'string' || kind === 'number' || kind === 'boolean' ? kind : undefined;
}

/**
 * True when some value is written only on one side of a condition: its object literal is a branch of `c ? {…} : …` or
 * `c && {…}` (the spec's `...(c ? { hint } : {})` pattern). Such a field is not always there, so a typed one is
 * written `"optional": true` (marking too many optional is the safe side: it only widens).
 */
export function writtenConditionally(values: ReadonlyArray<TSESTree.Node | null>): boolean {
  return values.some((value) => {
    const literal = value?.parent?.parent;
    const around = literal?.type === 'ObjectExpression' ? literal.parent : undefined;
    return around?.type === 'ConditionalExpression' || around?.type === 'LogicalExpression';
  });
}
