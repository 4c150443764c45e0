import type { Finding, VerbReport } from './findings';
import { formatSarif, formatSarifFatal } from './format-sarif';
import { posixRelative } from '../util/posix-relative';

export type OutputFormat = 'text' | 'json' | 'github' | 'sarif';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['text', 'json', 'github', 'sarif'];

/** Paths in output are relative to the working directory, which is the repository root in CI (GitHub annotations need that). */
export function displayPath(absolute: string, cwd: string): string {
  return posixRelative(cwd, absolute) || '.';
}

function location(finding: Finding, cwd: string): string {
  if (finding.file === undefined) return '';
  let text = displayPath(finding.file, cwd);
  if (finding.line !== undefined) text += `:${finding.line}`;
  if (finding.line !== undefined && finding.column !== undefined) text += `:${finding.column}`;
  return text;
}

/** With several manifests in one run, a finding in a source file names the manifest it was checked against. */
function manifestSuffix(finding: Finding, cwd: string): string {
  return finding.manifest === undefined || finding.manifest === finding.file ? '' : ` (manifest ${displayPath(finding.manifest, cwd)})`;
}

export function formatText(report: VerbReport, cwd: string): string {
  const lines: string[] = [];
  if (report.textBody !== undefined && report.textBody !== '') lines.push(report.textBody.replace(/\n$/, ''));
  for (const note of report.notes) lines.push(note);
  for (const finding of report.findings) {
    const where = location(finding, cwd);
    lines.push(
      `${where === '' ? '' : `${where}  `}${finding.severity}  ${finding.message}${manifestSuffix(finding, cwd)}  [${finding.code}]`,
    );
    if (finding.fix !== undefined) lines.push(`    fix: ${finding.fix}`);
  }
  const errors = report.findings.filter((f) => f.severity === 'error').length;
  const warnings = report.findings.length - errors;
  lines.push(
    report.findings.length === 0
      ? `mcp-meta ${report.verb}: no problems`
      : `mcp-meta ${report.verb}: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}`,
  );
  return lines.join('\n') + '\n';
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

export function formatJson(report: VerbReport, cwd: string): string {
  const output = {
    verb: report.verb,
    ok: report.findings.length === 0,
    findings: report.findings.map((f) => ({
      ...f,
      file: f.file === undefined ? undefined : displayPath(f.file, cwd),
      manifest: f.manifest === undefined ? undefined : displayPath(f.manifest, cwd),
    })),
    notes: report.notes,
    ...report.data,
  };
  return JSON.stringify(output, null, 2) + '\n';
}

/**
 * GitHub Actions workflow commands: `::error file=F,line=L,col=C,title=T::message`. Property values escape `%`, CR,
 * LF, `:` and `,`; the message escapes `%`, CR and LF (the runner would otherwise cut the command short).
 */
export function formatGithub(report: VerbReport, cwd: string): string {
  const lines: string[] = [];
  for (const note of report.notes) lines.push(`::notice title=${escapeProperty(`mcp-meta ${report.verb}`)}::${escapeData(note)}`);
  for (const finding of report.findings) {
    const properties: string[] = [];
    if (finding.file !== undefined) properties.push(`file=${escapeProperty(displayPath(finding.file, cwd))}`);
    if (finding.line !== undefined) properties.push(`line=${finding.line}`);
    if (finding.line !== undefined && finding.column !== undefined) properties.push(`col=${finding.column}`);
    properties.push(`title=${escapeProperty(`mcp-meta ${report.verb}: ${finding.code}`)}`);
    const message =
      (finding.fix === undefined ? finding.message : `${finding.message}\nFix: ${finding.fix}`) + manifestSuffix(finding, cwd);
    lines.push(`::${finding.severity} ${properties.join(',')}::${escapeData(message)}`);
  }
  return lines.length === 0 ? '' : lines.join('\n') + '\n';
}

export function escapeData(value: string): string {
  return value.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeProperty(value: string): string {
  return escapeData(value).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function formatReport(report: VerbReport, format: OutputFormat, cwd: string): string {
  switch (format) {
    case 'json':
      return formatJson(report, cwd);
    case 'github':
      return formatGithub(report, cwd);
    case 'sarif':
      return formatSarif(report, cwd);
    case 'text':
      return formatText(report, cwd);
  }
}

/** How a usage or I/O error (exit 2) is printed, in the format asked for, so CI parsers never see half a report. */
export function formatFatal(
  message: string,
  hint: string | undefined,
  format: OutputFormat,
  cwd: string,
): { stdout: string; stderr: string } {
  const stderr = `mcp-meta: ${message}\n${hint === undefined ? '' : `${hint}\n`}`;
  if (format === 'json') return { stdout: JSON.stringify({ ok: false, error: { message, hint } }, null, 2) + '\n', stderr };
  if (format === 'github') return { stdout: `::error title=mcp-meta::${escapeData(message)}\n`, stderr };
  if (format === 'sarif') return { stdout: formatSarifFatal(message, hint, cwd), stderr };
  return { stdout: '', stderr };
}
