import * as fs from 'node:fs';
import { applyAcceptedBreaks, diffManifests } from '../diff/diff-manifests';
import { CliError, type Finding, type VerbReport } from '../findings';
import { readFileAtRevision } from '../git';
import { locate, parseManifestSource, readManifestFile } from '../manifest-source';
import { loadRegistryWithFindings, resolveRegistryPath } from '../registry-findings';
import { FORMAT_HELP, type Verb } from '../verb';

export const diffVerb: Verb = {
  name: 'diff',
  help: [
    'Usage: mcp-meta diff --against <git-ref> [--registry FILE] [--format text|json|github|sarif]',
    '',
    'Compares the manifest with the same file at <git-ref> (git show REF:path), like `buf breaking`.',
    'Breaking: key-removed, field-removed, field-renamed, producers-moved, key-type-changed (object <-> array),',
    'field-type-changed (a value the old type allowed no longer fits: number -> string, a type removed from an anyOf,',
    'an enum value removed), field-required (optional -> required), field-added-required (a typed field without',
    '"optional": true added to listed fields: values written before it no longer validate).',
    'Not breaking: other additions, "deprecated": true, widened types, required -> optional, typing an untyped field.',
    'Accept an intended break with an entry in the manifest: "acceptedBreaks": [{ "change": "<id>", "reason": "..." }].',
    'An accepted break that no longer occurs is reported as stale.',
    '',
    'Options:',
    '  --against REF               git revision to compare with (required)',
    '  --registry FILE             manifest path (default: the nearest mcp-meta.registry.json at or above the working directory)',
    FORMAT_HELP,
    '',
    'Exit: 0 no unaccepted breaking change, 1 breaking or stale findings, 2 usage or I/O error.',
  ].join('\n'),
  options: { against: { type: 'string' }, registry: { type: 'string' } },
  maxPositionals: 0,
  run(values, _positionals, cwd): VerbReport {
    const ref = values.against;
    if (typeof ref !== 'string' || ref === '')
      throw new CliError('diff needs --against <git-ref>', 'Usage: mcp-meta diff --against <git-ref> [--registry FILE]');
    const registryPath = resolveRegistryPath(values.registry as string | undefined, cwd);
    if (fs.lstatSync(registryPath, { throwIfNoEntry: false }) === undefined) {
      throw new CliError(`no manifest at ${registryPath}`, 'Pass its path with --registry FILE.');
    }
    // The current manifest must be valid by today's rules (else its problems are the findings, as in `check`); the
    // old one is only read, since it may predate them.
    const validationErrors = loadRegistryWithFindings(registryPath, false).findings.filter((f) => f.severity === 'error');
    if (validationErrors.length > 0) return { verb: 'diff', findings: validationErrors, notes: [] };
    const current = readManifestFile(registryPath);
    const oldText = readFileAtRevision(registryPath, ref);
    const notes: string[] = [];
    const findings: Finding[] = [];
    if (oldText === null) notes.push(`no manifest at ${ref}: every key is new, nothing can break`);
    const previous = oldText === null ? null : parseManifestSource(oldText, `${ref}:${registryPath}`);
    const changes = previous === null ? [] : diffManifests(previous.manifest, current.manifest);
    const outcome = applyAcceptedBreaks(changes, current.manifest.acceptedBreaks);

    for (const item of outcome.unaccepted) {
      findings.push({
        severity: 'error',
        code: item.kind,
        message: `breaking change ${item.id}: ${item.message}`,
        file: registryPath,
        ...locate(current, item.location),
        fix: `restore it, or if the break is intended add { "change": "${item.id}", "reason": "..." } to acceptedBreaks`,
      });
    }
    for (const { entry, index } of outcome.stale) {
      findings.push({
        severity: 'error',
        code: 'accepted-break-stale',
        message: `acceptedBreaks[${index}] accepts '${String(entry?.change)}', which does not occur against ${ref}`,
        file: registryPath,
        ...locate(current, ['acceptedBreaks', index]),
        fix: 'remove the entry (the break is released or never happened), or correct its change id',
      });
    }
    for (const { change, reason } of outcome.accepted) notes.push(`accepted: ${change.id} (${reason})`);
    for (const item of changes) if (!item.breaking) notes.push(`not breaking: ${item.id}`);
    const acceptedIds = new Set(outcome.accepted.map(({ change }) => change.id));
    return {
      verb: 'diff',
      findings,
      notes,
      data: {
        against: ref,
        changes: changes.map((item) => ({
          id: item.id,
          kind: item.kind,
          key: item.key,
          breaking: item.breaking,
          accepted: acceptedIds.has(item.id),
          message: item.message,
        })),
        staleAcceptedBreaks: outcome.stale.map(({ entry, index }) => ({ index, change: entry?.change })),
      },
    };
  },
};
