/**
 * A catalogue key's fields: the host's (its catalogue entry fixes them) and the manifest's own, which add to them.
 * Why add, not replace: a manifest that extended a host key with one field of its own (`ui.csp.workerDomains`) had to
 * copy every host field beside it to keep them registered, and `check` then held the producers to each copied field as
 * a promise (`field-not-written` for `ui.domain`, never written). Now the manifest lists only what is its own: a
 * field beyond the host's, or a host field it chooses to promise (then `check` holds its producers to it).
 */
import { catalogueEntryById } from './catalogue';
import type { HostKeyEntry } from './host-keys';
import type { ManifestFieldSpec, ManifestFields, ManifestKey } from './types';

/** The catalogue entry that fixes a key's fields (the one it names in `"catalogue"`, MCP Apps' `ui`), or undefined. */
export function fieldsHostOf(key: Pick<ManifestKey, 'catalogue'>): (HostKeyEntry & { fields: ManifestFields }) | undefined {
  const entry = key.catalogue === undefined ? undefined : catalogueEntryById(key.catalogue);
  return entry?.fields === undefined ? undefined : (entry as HostKeyEntry & { fields: ManifestFields });
}

/** Every field a key registers, as the rules and `diff` read them: its own `fields` joined to its catalogue entry's. */
export function keyFieldsOf(key: Pick<ManifestKey, 'fields' | 'catalogue'>): ManifestFields | undefined {
  const host = fieldsHostOf(key)?.fields;
  if (host === undefined) return key.fields;
  return key.fields === undefined ? host : joinHostFields(host, key.fields);
}

/**
 * The host's fields with `own` added: a field in both keeps the host's nested fields and item fields beside its own;
 * a field `own` types itself (`type`, `enum`, `anyOf`) is wholly its own.
 */
export function joinHostFields(host: ManifestFields, own: ManifestFields): ManifestFields {
  const hostSpecs = fieldSpecsOf(host);
  const joined: Record<string, ManifestFieldSpec> = { ...hostSpecs };
  for (const [name, spec] of Object.entries(fieldSpecsOf(own))) {
    const base = hostSpecs[name];
    if (base === undefined || declaresFieldType(spec)) {
      joined[name] = spec;
      continue;
    }
    const next: ManifestFieldSpec = { ...base, ...spec };
    if (base.fields !== undefined && spec.fields !== undefined) next.fields = joinHostFields(base.fields, spec.fields);
    if (base.items?.fields !== undefined && spec.items?.fields !== undefined)
      next.items = { ...base.items, ...spec.items, fields: joinHostFields(base.items.fields, spec.items.fields) };
    joined[name] = next;
  }
  return joined;
}

/**
 * The fields of `written` the host does not define, at any depth (`csp: { fields: ['workerDomains'] }` under the
 * host's `csp`), or undefined when there are none: what a manifest lists for a catalogue key it extends.
 */
export function fieldsBeyondHost(written: ManifestFields | undefined, host: ManifestFields): ManifestFields | undefined {
  if (written === undefined) return undefined;
  const hostSpecs = fieldSpecsOf(host);
  const beyond: Record<string, ManifestFieldSpec> = {};
  for (const [name, spec] of Object.entries(fieldSpecsOf(written))) {
    const base = hostSpecs[name];
    if (base === undefined) {
      beyond[name] = spec;
      continue;
    }
    const fields = base.fields === undefined ? undefined : fieldsBeyondHost(spec.fields, base.fields);
    const items = base.items?.fields === undefined ? undefined : fieldsBeyondHost(spec.items?.fields, base.items.fields);
    if (fields !== undefined) beyond[name] = { fields };
    else if (items !== undefined) beyond[name] = { items: { fields: items } };
  }
  const entries = Object.entries(beyond);
  if (entries.length === 0) return undefined;
  return entries.every(([, spec]) => Object.keys(spec).length === 0) ? entries.map(([name]) => name) : beyond;
}

/** A field list as specs by name: the list form (`['hit', 'age_ms']`) is fields with empty specs. */
export function fieldSpecsOf(fields: ManifestFields): Record<string, ManifestFieldSpec> {
  return Array.isArray(fields) ? Object.fromEntries(fields.map((name) => [name, {}])) : fields;
}

/** Whether a field spec says its own type (`type`, `enum` or `anyOf`). */
export function declaresFieldType(spec: ManifestFieldSpec): boolean {
  return spec.type !== undefined || spec.enum !== undefined || spec.anyOf !== undefined;
}
