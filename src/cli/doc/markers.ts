import { CliError } from '../findings';

export const START_MARKER = '<!-- mcp-meta:keys:start -->';
export const END_MARKER = '<!-- mcp-meta:keys:end -->';

/**
 * The document with the text between the markers replaced by `table` (one blank line around it, so markdown renders
 * the table). Missing, duplicated or out-of-order markers are a usage error that shows what to add.
 */
export function replaceBetweenMarkers(document: string, table: string, label: string): string {
  const start = document.indexOf(START_MARKER);
  const end = document.indexOf(END_MARKER);
  const hint = `Add the two markers where the table belongs:\n${START_MARKER}\n${END_MARKER}`;
  if (start === -1 || end === -1) {
    const missing = [start === -1 ? START_MARKER : null, end === -1 ? END_MARKER : null].filter(Boolean).join(' and ');
    throw new CliError(`${label} has no ${missing} marker`, hint);
  }
  if (document.indexOf(START_MARKER, start + 1) !== -1 || document.indexOf(END_MARKER, end + 1) !== -1) {
    throw new CliError(`${label} has more than one pair of mcp-meta:keys markers`, 'Keep one pair.');
  }
  if (end < start) throw new CliError(`${label}: ${END_MARKER} comes before ${START_MARKER}`, hint);
  const newline = document.includes('\r\n') ? '\r\n' : '\n';
  const body = `${newline}${newline}${table.split('\n').join(newline)}${newline}${newline}`;
  return document.slice(0, start + START_MARKER.length) + body + document.slice(end);
}
