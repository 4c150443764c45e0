import type { ManifestKey, RegistryManifest } from '../../registry';
import { parseFieldList, renderFieldList } from './field-list';

/** Separates a key's description from its field list in the Contents column. */
const FIELDS_LABEL = 'fields: ';
const DESCRIPTION_SEPARATOR = ' — ';

export interface KeysTableRow {
  key: string;
  /** Producer globs, when the cell lists paths. */
  producers: string[];
  /** The Producer cell when it is prose (`serve-http metaHook (getBrainHotMemoryMeta)`), for `init` to resolve. */
  producerText: string;
  description?: string;
  fields?: ManifestFields;
}
type ManifestFields = NonNullable<ManifestKey['fields']>;

/**
 * A cell's text on one line, with `|` escaped, and `<!--` written as `&lt;!--` (rendered the same): a description
 * holding `<!-- mcp-meta:keys:end -->` must not become a marker that wedges every later `doc --write`.
 */
function escapeCell(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|').replace(/<!--/g, '&lt;!--');
}

export function contentsCell(spec: ManifestKey): string {
  const description = spec.description?.trim() ?? '';
  const fields = spec.fields === undefined ? '' : `${FIELDS_LABEL}${renderFieldList(spec.fields)}`;
  if (description !== '' && fields !== '') return `${description}${DESCRIPTION_SEPARATOR}${fields}`;
  return description !== '' ? description : fields;
}

/** The Key | Producer | Contents table, in manifest order (the order the team chose). */
export function renderKeysTable(manifest: RegistryManifest): string {
  const lines = ['| Key | Producer | Contents |', '| --- | --- | --- |'];
  for (const [key, spec] of Object.entries(manifest.keys ?? {})) {
    const producers = (spec.producers ?? []).map((glob) => `\`${glob}\``).join(', ');
    const deprecated = spec.deprecated === true ? ' (deprecated)' : '';
    lines.push(`| \`${escapeCell(key)}\`${deprecated} | ${escapeCell(producers)} | ${escapeCell(contentsCell(spec))} |`);
  }
  return lines.join('\n');
}

function splitRow(line: string): string[] | null {
  if (line.includes('|')) {
    const trimmed = line
      .trim()
      .replace(/^\|/, '')
      .replace(/(?<!\\)\|$/, '');
    return trimmed.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
  }
  // The spec's own table is tab-separated plain text.
  if (line.includes('\t')) return line.split(/\t+/).map((cell) => cell.trim());
  return null;
}

function isHeader(cells: string[]): boolean {
  const names = cells.map((cell) => cell.toLowerCase().replace(/[*_`]/g, ''));
  return names.length >= 3 && names[0] === 'key' && /^producers?$/.test(names[1]) && names[2] === 'contents';
}

const PATH_LIKE = /^[^\s]*(\/|\*|\.[cm]?[jt]sx?$)[^\s]*$/;

function parseContents(cell: string): { description?: string; fields?: ManifestFields } {
  const labelAt = cell.startsWith(FIELDS_LABEL) ? 0 : cell.lastIndexOf(`${DESCRIPTION_SEPARATOR}${FIELDS_LABEL}`);
  if (labelAt !== -1) {
    const description = labelAt === 0 ? undefined : cell.slice(0, labelAt).trim();
    const listStart = labelAt === 0 ? FIELDS_LABEL.length : labelAt + DESCRIPTION_SEPARATOR.length + FIELDS_LABEL.length;
    const fields = parseFieldList(cell.slice(listStart));
    if (fields !== null) return { description, fields };
  }
  // The spec's style: the cell is the field list itself.
  const fields = parseFieldList(cell);
  if (fields !== null) return { fields };
  return cell === '' ? {} : { description: cell };
}

/**
 * Every row of the first "Key | Producer | Contents" table in a markdown (pipe) or plain-text (tab) document. Returns
 * `null` when there is no such table.
 */
export function parseKeysTable(markdown: string): KeysTableRow[] | null {
  const lines = markdown.split(/\r?\n/);
  const headerIndex = lines.findIndex((line) => {
    const cells = splitRow(line);
    return cells !== null && isHeader(cells);
  });
  if (headerIndex === -1) return null;
  const rows: KeysTableRow[] = [];
  for (const line of lines.slice(headerIndex + 1)) {
    const cells = splitRow(line);
    if (cells === null || cells.length < 3) break;
    if (cells.every((cell) => /^:?-+:?$/.test(cell))) continue;
    const key = cells[0]
      .replace(/`/g, '')
      .replace(/\s*\(deprecated\)$/, '')
      .trim();
    if (key === '') continue;
    const producerCell = cells[1].replace(/<br\s*\/?>/gi, ',');
    const tokens = producerCell
      .split(',')
      .map((token) => token.trim().replace(/`/g, ''))
      .filter((token) => token !== '');
    const allPaths = tokens.length > 0 && tokens.every((token) => PATH_LIKE.test(token));
    rows.push({
      key,
      producers: allPaths ? tokens : [],
      producerText: allPaths ? '' : cells[1],
      ...parseContents(cells.slice(2).join(' | ')),
    });
  }
  return rows;
}
