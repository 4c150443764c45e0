import * as fs from 'node:fs';
import * as path from 'node:path';
import { renderKeysTable } from '../doc/keys-table';
import { replaceBetweenMarkers } from '../doc/markers';
import { firstDifferentLine, unifiedDiff } from '../doc/unified-diff';
import { CliError, type VerbReport } from '../findings';
import { displayPath } from '../format-report';
import { describeIoError } from '../manifest-source';
import { loadRegistryWithFindings, resolveRegistryPath } from '../registry-findings';
import { repositoryRoot, shellWord, writeFileSafely } from '../safe-write';
import { FORMAT_HELP, type Verb } from '../verb';

const USAGE = 'Usage: mcp-meta doc (--write | --check) FILE.md [--registry FILE] [--format text|json|github|sarif]';

export const docVerb: Verb = {
  name: 'doc',
  help: [
    USAGE,
    '',
    'Keeps the registered keys table of your protocol doc in sync with the manifest. The table goes between',
    '  <!-- mcp-meta:keys:start -->',
    '  <!-- mcp-meta:keys:end -->',
    "Contents is the key's description followed by its fields (name{nested}, name[]{item fields}, (deprecated)).",
    '',
    'Options:',
    '  --write                     rewrite the table in FILE.md',
    '  --check                     exit 1 and print a diff when the table is out of date (for CI)',
    '  --registry FILE             manifest path (default: the nearest mcp-meta.registry.json at or above the working directory)',
    FORMAT_HELP,
  ].join('\n'),
  options: { write: { type: 'boolean' }, check: { type: 'boolean' }, registry: { type: 'string' } },
  maxPositionals: 1,
  run(values, positionals, cwd): VerbReport {
    const write = values.write === true;
    const check = values.check === true;
    if (write === check) throw new CliError('doc needs exactly one of --write or --check', USAGE);
    const target = positionals[0];
    if (target === undefined) throw new CliError('doc needs the markdown file to keep in sync', USAGE);
    const docPath = path.resolve(cwd, target);
    const registryPath = resolveRegistryPath(values.registry as string | undefined, cwd);
    const { registry, findings } = loadRegistryWithFindings(registryPath, false);
    const errors = findings.filter((finding) => finding.severity === 'error');
    // An invalid manifest would write a wrong table: report it and leave the doc alone.
    if (registry === null || errors.length > 0) return { verb: 'doc', findings: errors, notes: [] };
    const manifest = registry.manifest;

    let current: string;
    try {
      current = fs.readFileSync(docPath, 'utf8');
    } catch (error) {
      throw new CliError(`cannot read ${docPath}: ${describeIoError(error)}`);
    }
    const shownDoc = displayPath(docPath, cwd);
    const expected = replaceBetweenMarkers(current, renderKeysTable(manifest), shownDoc);
    const fixCommand = `npx mcp-meta doc --write ${shellWord(shownDoc)}${values.registry === undefined ? '' : ` --registry ${shellWord(String(values.registry))}`}`;

    if (write) {
      const changed = expected !== current;
      if (changed) {
        // Atomic, and never through a symlink out of the repository CI runs in.
        writeFileSafely(docPath, expected, repositoryRoot(cwd));
      }
      return {
        verb: 'doc',
        findings: [],
        notes: [changed ? `updated the keys table in ${shownDoc}` : `${shownDoc} is already up to date`],
        data: { file: shownDoc, changed },
      };
    }

    if (expected === current) {
      return { verb: 'doc', findings: [], notes: [`${shownDoc} is up to date`], data: { file: shownDoc, stale: false } };
    }
    const diff = unifiedDiff(current, expected, `${shownDoc} (current)`, `${shownDoc} (from ${displayPath(registryPath, cwd)})`);
    return {
      verb: 'doc',
      findings: [
        {
          severity: 'error',
          code: 'doc-stale',
          message: `the registered keys table in ${shownDoc} is out of date with ${displayPath(registryPath, cwd)}`,
          file: docPath,
          line: firstDifferentLine(current, expected),
          fix: `run \`${fixCommand}\``,
        },
      ],
      notes: [],
      textBody: `Please run \`${fixCommand}\`. The keys table in ${shownDoc} is out of date:\n${diff}`,
      data: { file: shownDoc, stale: true, diff, fixCommand },
    };
  },
};
