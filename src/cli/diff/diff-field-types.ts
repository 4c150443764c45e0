import { acceptsAll, enumValueText, typeText, type FieldSpec, type FieldType } from '../../registry';

/**
 * How a field's declared type or presence changed between two manifests. A change is breaking when a value the old
 * manifest allowed is no longer allowed (a type removed from a union, number -> string, an enum value removed, an
 * optional field made required); widening (a type or enum value added, integer -> number, required -> optional) is
 * not. Giving an untyped field a type is not breaking either: it writes down what the field held (and the manifest
 * stays additive); dropping a type only stops checking it.
 */
/** The field type changes that break consumers (each one is a `diff` finding code). */
export type BreakingFieldTypeChangeKind = 'field-type-changed' | 'field-required';

export type FieldTypeChangeKind = BreakingFieldTypeChangeKind | 'field-type-widened' | 'field-optional' | 'field-typed' | 'field-untyped';

export interface FieldTypeChange {
  readonly kind: FieldTypeChangeKind;
  readonly message: string;
}

export function diffFieldType(path: string, before: FieldSpec, after: FieldSpec): FieldTypeChange[] {
  const oldType = before.type;
  const newType = after.type;
  if (oldType === undefined && newType === undefined) return [];
  if (oldType === undefined && newType !== undefined) {
    return [
      { kind: 'field-typed', message: `field '${path}' was given the type ${typeText(newType)} (it was unchecked, so not breaking)` },
    ];
  }
  if (oldType !== undefined && newType === undefined) {
    return [
      {
        kind: 'field-untyped',
        message: `field '${path}' no longer has a type (${typeText(oldType)}), so its values are no longer checked`,
      },
    ];
  }
  if (oldType === undefined || newType === undefined) return [];
  const changes: FieldTypeChange[] = [];
  const from = typeText(oldType);
  const to = typeText(newType);
  if (!acceptsAll(newType, oldType)) {
    changes.push({
      kind: 'field-type-changed',
      message: `field '${path}' changed type from ${from} to ${to}${narrowingDetail(oldType, newType)}; values that were valid no longer are, so code built on the old type breaks: widen the type instead, or add a new field beside it (rule 2: additive-forever)`,
    });
  } else if (!acceptsAll(oldType, newType)) {
    changes.push({
      kind: 'field-type-widened',
      message: `field '${path}' widened from ${from} to ${to} (every old value is still valid, so not breaking)`,
    });
  }
  const wasOptional = before.optional === true;
  const isOptional = after.optional === true;
  if (wasOptional && !isOptional) {
    changes.push({
      kind: 'field-required',
      message: `field '${path}' was optional and is now required; values without it were valid and no longer are: keep "optional": true`,
    });
  } else if (!wasOptional && isOptional) {
    changes.push({ kind: 'field-optional', message: `field '${path}' is now optional (a widening, so not breaking)` });
  }
  return changes;
}

/** What exactly no longer fits: `(enum value 'rerank' removed)`, `(null removed from the union)`. */
function narrowingDetail(before: FieldType, after: FieldType): string {
  if (before.kind === 'enum') {
    const removed = before.values.filter((value) => !acceptsAll(after, { kind: 'enum', values: [value] }));
    if (removed.length > 0 && removed.length < before.values.length) {
      return ` (enum value${removed.length > 1 ? 's' : ''} ${removed.map(enumValueText).join(', ')} removed)`;
    }
  }
  if (before.kind === 'union') {
    const removed = before.members.filter((member) => !acceptsAll(after, member));
    if (removed.length > 0 && removed.length < before.members.length) {
      return ` (${removed.map(typeText).join(', ')} removed from the union)`;
    }
  }
  if (before.kind === 'array' && after.kind === 'array' && before.items !== undefined && after.items !== undefined) {
    const inner = narrowingDetail(before.items, after.items).trim();
    return inner === '' ? '' : ` (items: ${inner.slice(1, -1)})`;
  }
  return '';
}
