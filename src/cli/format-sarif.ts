/**
 * SARIF 2.1.0 output (`--format sarif`), for code scanning without ESLint (`github/codeql-action/upload-sarif`).
 * One run per command: the finding codes that occur are the run's rules (with a help link to docs/cli.md), each
 * finding is a result located in the manifest or the source file it is about, and notes are tool notifications.
 */
import { pathToFileURL } from 'node:url';
import { SarifBuilder, SarifResultBuilder, SarifRuleBuilder, SarifRunBuilder } from 'node-sarif-builder';
import type { Finding, VerbReport } from './findings';
import { CLI_DOCS_URL, findingCodeInfo } from './finding-codes';
import { packageVersion } from './package-version';
import { posixRelative } from '../util/posix-relative';

const TOOL_NAME = 'mcp-meta';
/** Result locations are relative to this base, which `originalUriBaseIds` maps to the working directory. */
const SOURCE_ROOT = '%SRCROOT%';

function displayPath(absolute: string, cwd: string): string {
  return posixRelative(cwd, absolute) || '.';
}

function newRun(cwd: string): SarifRunBuilder {
  const run = new SarifRunBuilder().initSimple({ toolDriverName: TOOL_NAME, toolDriverVersion: packageVersion(), url: CLI_DOCS_URL });
  const root = pathToFileURL(cwd).href;
  run.run.originalUriBaseIds = { [SOURCE_ROOT]: { uri: root.endsWith('/') ? root : `${root}/` } };
  return run;
}

function resultOf(finding: Finding, cwd: string): SarifResultBuilder {
  const result = new SarifResultBuilder();
  result.setLevel(finding.severity);
  result.setRuleId(finding.code);
  result.setMessageText(finding.fix === undefined ? finding.message : `${finding.message}\nFix: ${finding.fix}`);
  if (finding.file !== undefined) {
    result.setLocationArtifactUri({ uri: encodeURI(displayPath(finding.file, cwd)), uriBaseId: SOURCE_ROOT });
    // The library's initSimple fills a missing end column with 1, which would end the region before it starts.
    if (finding.line !== undefined)
      result.setLocationRegion({ startLine: finding.line, ...(finding.column === undefined ? {} : { startColumn: finding.column }) });
  }
  const properties: Record<string, unknown> = {};
  if (finding.fix !== undefined) properties.fix = finding.fix;
  if (finding.manifest !== undefined) properties.manifest = displayPath(finding.manifest, cwd);
  if (Object.keys(properties).length > 0) result.result.properties = properties;
  return result;
}

export function formatSarif(report: VerbReport, cwd: string): string {
  const run = newRun(cwd);
  for (const code of [...new Set(report.findings.map((finding) => finding.code))].sort()) {
    const info = findingCodeInfo(code);
    run.addRule(new SarifRuleBuilder().initSimple({ ruleId: code, shortDescriptionText: info.summary, helpUri: info.helpUri }));
  }
  for (const finding of report.findings) run.addResult(resultOf(finding, cwd));
  run.run.invocations = [
    {
      executionSuccessful: true,
      commandLine: `mcp-meta ${report.verb}`,
      toolExecutionNotifications: report.notes.map((note) => ({ level: 'note' as const, message: { text: note } })),
    },
  ];
  const builder = new SarifBuilder();
  builder.addRun(run);
  return builder.buildSarifJsonString({ indent: true }) + '\n';
}

/** An exit-2 error as a SARIF log: no results, an unsuccessful invocation that says why. */
export function formatSarifFatal(message: string, hint: string | undefined, cwd: string): string {
  const run = newRun(cwd);
  run.run.invocations = [
    {
      executionSuccessful: false,
      toolExecutionNotifications: [{ level: 'error', message: { text: hint === undefined ? message : `${message}\n${hint}` } }],
    },
  ];
  const builder = new SarifBuilder();
  builder.addRun(run);
  return builder.buildSarifJsonString({ indent: true }) + '\n';
}
