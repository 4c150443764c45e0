/**
 * What the manifest says is wrong with the fields a value writes into a registered key (MCP _meta rule 2: fields are
 * additive-forever): a field it does not register, a literal of another type than the registered one, a host field on
 * a plane its host does not read it on. `no-unregistered-meta-field` reports these; a suggestion that would make a
 * write of a key (`writesKeyCleanly`) asks whether there would be any.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { literalFits, registrablePlanes, type LiteralValue } from '../../registry';
import { hostFieldPlanes } from '../../registry/catalogue';
import type { HostKeyEntry } from '../../registry/host-keys';
import type { FieldMap, FieldSpec, MetaPlane } from '../../registry/types';
import { collectFieldShape, collectItemShape, type FieldShape } from './field-sets';
import { literalValueOf } from './literal-value';

export type FieldProblem =
  /** `field` is written at `node` into `path` of `key`, and `allowed` does not list it; `holder`: the literal it is in. */
  | {
      readonly kind: 'unregistered';
      readonly node: TSESTree.Node;
      readonly field: string;
      readonly allowed: FieldMap;
      readonly path: string;
      readonly holder: TSESTree.ObjectExpression;
    }
  /** The literal `value` written at `path` does not fit the registered type of `spec`. */
  | {
      readonly kind: 'wrong-type';
      readonly value: TSESTree.Expression;
      readonly literal: LiteralValue;
      readonly spec: FieldSpec;
      readonly path: string;
    };

/** The fields of `shape` missing from `allowed`, and literals of the wrong type, then nested objects and arrays. */
export function* fieldProblems(shape: FieldShape, allowed: FieldMap, path: string): Generator<FieldProblem> {
  for (const [field, occurrences] of shape.fields) {
    const spec = allowed.get(field);
    if (!spec) {
      for (const occurrence of occurrences)
        yield { kind: 'unregistered', node: occurrence.node, field, allowed, path, holder: occurrence.holder };
      continue;
    }
    for (const { value } of occurrences) {
      const literal = spec.type && value ? literalValueOf(value) : undefined;
      if (spec.type && value && literal && !literalFits(literal, spec.type))
        yield { kind: 'wrong-type', value, literal, spec, path: `${path}.${field}` };
      if (spec.fields) {
        const nested = collectFieldShape(value);
        if (nested) yield* fieldProblems(nested, spec.fields, `${path}.${field}`);
      }
      if (spec.items) {
        const items = collectItemShape(value);
        if (items) yield* fieldProblems(items, spec.items, `${path}.${field}[]`);
      }
    }
  }
}

/**
 * The planes a host reads `field` of `entry` on, in a message's words' order, when `plane` is not one of them (`ui.csp`
 * written on a tool descriptor); null when the host reads it here or the catalogue does not say.
 */
export function hostFieldReadOn(entry: HostKeyEntry, field: string, plane: MetaPlane): readonly MetaPlane[] | null {
  const planes = hostFieldPlanes(entry, field);
  if (planes === undefined || planes.includes(plane)) return null;
  const readOn = registrablePlanes(planes);
  return readOn.length > 0 ? readOn : null;
}
