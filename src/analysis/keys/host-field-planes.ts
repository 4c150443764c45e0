/**
 * A host key's fields written on a plane where the host does not read them (`ui.csp` on a tool descriptor: MCP Apps
 * reads the CSP on the resource, so the host ignores it here): the one answer `no-unregistered-meta-field` reports
 * (`hostFieldOnOtherPlane`) and `mcp-meta check` turns into `host-field-plane` findings, so the two never disagree.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { catalogueEntryOfKey } from '../../registry/catalogue';
import type { HostKeyEntry } from '../../registry/host-keys';
import type { MetaPlane } from '../../registry/types';
import { fieldValueOf } from '../modules/imported-helpers';
import type { TypeServices } from '../typed/type-services';
import { typedValueType } from '../typed/typed-field-check';
import { typedShapeOf } from '../typed/typed-fields';
import type { MetaKeyWrite, MetaWrite } from '../types';
import { hostFieldReadOn } from '../value/field-problems';
import { collectFieldShape, collectItemShape } from '../value/field-sets';

export interface HostFieldOffPlane {
  readonly entry: HostKeyEntry;
  readonly field: string;
  /** The planes the host reads the field on. */
  readonly readOn: readonly MetaPlane[];
  /** Where to report: each place the field is written, the call here when another module builds the value, or the value itself when only its type names the field. */
  readonly nodes: readonly TSESTree.Node[];
}

/**
 * The fields of a registered host key's value that `write` puts on a plane its host does not read them on. Read from
 * the literal (or another module's builder, reported at the call), else, with types, from the value's type. Only
 * where the plane is known by more than a name: a framework's own config type, known only by its name, may be split
 * between planes before the host sees it (xmcp's ToolMetadata).
 */
export function hostFieldsOffPlane(write: MetaWrite, key: MetaKeyWrite, services: TypeServices | null): HostFieldOffPlane[] {
  // The key phase's registration (keys/ownership.ts): registered means the write is on one of the manifest's planes.
  const spec = key.registration?.status === 'registered' ? key.registration.spec : undefined;
  if (!spec || !key.value || write.evidence === 'name') return [];
  const entry = catalogueEntryOfKey(spec);
  if (!entry) return [];
  const plane = write.plane as MetaPlane;
  const fieldValue = fieldValueOf(key, services !== null);
  const objectShape = collectFieldShape(fieldValue.value);
  if (objectShape) {
    const nodesOf = (field: string): TSESTree.Node[] =>
      fieldValue.reportAt ? [fieldValue.reportAt] : (objectShape.fields.get(field) ?? []).map((occurrence) => occurrence.node);
    return offPlane(entry, objectShape.fields.keys(), plane, nodesOf);
  }
  // An array of objects is no host object; a value the syntax cannot read is read from its type (never another
  // module's node).
  if (!services || collectItemShape(fieldValue.value)) return [];
  const value = key.value;
  const type = typedValueType(services, value);
  const typed = type ? typedShapeOf(services, type) : null;
  return typed ? offPlane(entry, typed.fields.keys(), plane, () => [value]) : [];
}

function offPlane(
  entry: HostKeyEntry,
  fields: Iterable<string>,
  plane: MetaPlane,
  nodesOf: (field: string) => TSESTree.Node[],
): HostFieldOffPlane[] {
  const found: HostFieldOffPlane[] = [];
  for (const field of fields) {
    const readOn = hostFieldReadOn(entry, field, plane);
    if (readOn !== null) found.push({ entry, field, readOn, nodes: nodesOf(field) });
  }
  return found;
}
