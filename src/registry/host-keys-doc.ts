/** Renders the host-key catalogue as docs/host-keys.md, so the page never says something the data does not. */
import { hostValueText } from './catalogue';
import type { ManifestFields } from './types';
import type { HostKeyCatalogue, HostKeyEntry, HostId } from './host-keys';

const HOST_TITLES: Record<HostId, string> = {
  'openai-apps': 'OpenAI Apps SDK',
  'mcp-apps': 'MCP Apps (SEP-1865)',
  mcp: 'MCP',
  'claude-code': 'Claude Code',
  x402: 'x402 (payments over MCP)',
  'mcp-ui': 'MCP-UI',
};

export function renderHostKeysMarkdown(catalogue: HostKeyCatalogue): string {
  const lines = [
    '<!-- Rendered from src/registry/host-keys.ts by `node scripts/host-keys-doc.mjs` (after `npm run build`). Do not edit. -->',
    '',
    '# Host-defined `_meta` keys',
    '',
    `Catalogue version ${catalogue.version}. These keys are named and shaped by a host, not by your server: mark them`,
    '`"external": true` in the manifest, or name their entry with `"catalogue": "<id>"`, so their names are exempt from',
    'the MCP key-name rules while their plane and fields are still checked. Planes `request` and `notification` are',
    'written by the other side; they are listed so that reads of them are recognised.',
    '',
    'The "checked" column is the type or range the host documents that the lint checks (no-unregistered-meta-field,',
    'and `mcp-meta check` as `host-value`) against a value it can read: a literal, or a `const` bound to one, in the',
    'file or imported from another module; with type information also a value whose type is a literal or a union of',
    'literals (a parameter typed `100_000 | 600_000`, an enum member). A value it cannot read is not checked; an empty',
    "cell means the host documents nothing a value could get wrong, or another check reads it (`ui`'s fields:",
    'valid-app-linkage).',
  ];
  for (const host of Object.keys(HOST_TITLES) as HostId[]) {
    const entries = catalogue.entries.filter((entry) => entry.host === host);
    if (entries.length === 0) continue;
    lines.push(
      '',
      `## ${HOST_TITLES[host]}`,
      '',
      '| key | id | planes | value | checked | fields | description |',
      '| --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const entry of entries) lines.push(row(entry));
    const sources = [...new Set(entries.map((entry) => entry.source))];
    lines.push('', `Source${sources.length > 1 ? 's' : ''}: ${sources.map((url) => `<${url}>`).join(', ')}`);
    for (const note of catalogue.notes?.[host] ?? []) lines.push('', `Source note: ${note}`);
  }
  return `${lines.join('\n')}\n`;
}

function row(entry: HostKeyEntry): string {
  const name = entry.key !== undefined ? `\`${entry.key}\`` : `keys matching \`${entry.keyPattern ?? ''}\``;
  const notes = [
    entry.deprecated ? `(deprecated${entry.replacement ? `: ${replacementOf(entry.replacement)}` : ''})` : undefined,
    entry.writtenBy === 'transport' ? '(written by the SDK: a handler should not write it)' : undefined,
  ].filter((note) => note !== undefined);
  const description = [...notes, entry.description].join(' ');
  const cells = [
    name,
    `\`${entry.id}\``,
    entry.planes.join(', '),
    entry.valueType,
    entry.value !== undefined ? `\`${hostValueText(entry.value)}\`` : '',
    fieldList(entry.fields, entry.fieldPlanes),
    description,
  ];
  return `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`;
}

function replacementOf(replacement: NonNullable<HostKeyEntry['replacement']>): string {
  if (replacement.key === undefined) return replacement.note;
  return `use \`${replacement.field !== undefined ? `${replacement.key}.${replacement.field}` : replacement.key}\`; ${replacement.note}`;
}

/** The fields, nested ones in parentheses, each top-level one followed by the planes it is read on when narrower. */
function fieldList(fields: ManifestFields | undefined, planes?: HostKeyEntry['fieldPlanes']): string {
  if (fields === undefined) return '';
  const names: Array<[string, ManifestFields | undefined]> = Array.isArray(fields)
    ? fields.map((name) => [name, undefined])
    : Object.entries(fields).map(([name, spec]) => [name, spec.fields]);
  return names
    .map(([name, nested]) => {
      const on = planes !== undefined && Object.hasOwn(planes, name) ? ` on ${planes[name]!.join(', ')}` : '';
      return `\`${name}\`${on}${nested !== undefined ? ` (${fieldList(nested)})` : ''}`;
    })
    .join(', ');
}
