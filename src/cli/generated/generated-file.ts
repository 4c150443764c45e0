import * as fs from 'node:fs';
import * as path from 'node:path';
import { firstDifferentLine, unifiedDiff } from '../doc/unified-diff';
import { CliError, type VerbReport } from '../findings';
import { displayPath } from '../format-report';
import { describeIoError } from '../manifest-source';
import { loadRegistryWithFindings, resolveRegistryPath } from '../registry-findings';
import { ensureParentFolder, repositoryRoot, writeFileSafely } from '../safe-write';
import { posixRelative } from '../../util/posix-relative';
import type { Registry } from '../../registry';
import { PLANE_SCOPES, type CheckedPlane } from '../../analysis/planes';
import type { OptionValues } from '../verb';

/** What a generating verb (`types`, `schema`) says about its output. */
export interface GeneratedFileSpec {
  readonly verb: string;
  readonly staleCode: 'types-stale' | 'schema-stale';
  /** What the file holds, for messages: "the TypeScript types". */
  readonly what: string;
  readonly usage: string;
  /**
   * The file's content for the keys registered on `plane`; `manifestLabel` is the manifest's path relative to the
   * output's folder; `fixCommand` regenerates it.
   */
  render(registry: Registry, plane: CheckedPlane, manifestLabel: string, fixCommand: string): string;
}

/**
 * `--out FILE` writes the generated file (only when it changed); `--out FILE --check` writes nothing and exits 1 when
 * the file is missing or differs, with the diff and the command that fixes it (as `doc --check` does). An invalid
 * manifest would generate wrong types: its problems are the findings and nothing is written.
 */
export function runGeneratedFile(spec: GeneratedFileSpec, values: OptionValues, cwd: string): VerbReport {
  const out = values.out;
  if (typeof out !== 'string' || out === '') throw new CliError(`${spec.verb} needs --out FILE`, spec.usage);
  const outPath = path.resolve(cwd, out);
  // One file per plane: a tool result's `_meta` (the default) holds other keys than a tool descriptor's or a
  // resource's, and a key the lint reports on the wrong plane must not type-check there.
  const plane = values.plane ?? 'result';
  if (!(PLANE_SCOPES.manifest as readonly unknown[]).includes(plane))
    throw new CliError(`unknown --plane '${String(plane)}'`, `Use one of: ${PLANE_SCOPES.manifest.join(', ')}.`);
  const registryPath = resolveRegistryPath(values.registry as string | undefined, cwd);
  const { registry, findings } = loadRegistryWithFindings(registryPath, false);
  const errors = findings.filter((finding) => finding.severity === 'error');
  if (registry === null || errors.length > 0) return { verb: spec.verb, findings: errors, notes: [] };

  // Paths inside the file are relative to the manifest and the output, never to where the command ran: stable output.
  const manifestLabel = posixRelative(path.dirname(outPath), registryPath);
  const planeOption = plane === 'result' ? '' : ` --plane ${String(plane)}`;
  const expected = spec.render(
    registry,
    plane as CheckedPlane,
    manifestLabel,
    `npx mcp-meta ${spec.verb} --out ${posixRelative(path.dirname(registryPath), outPath)}${planeOption}`,
  );
  const shownOut = displayPath(outPath, cwd);
  const fixCommand = `npx mcp-meta ${spec.verb} --out ${shownOut}${planeOption}${values.registry === undefined ? '' : ` --registry ${String(values.registry)}`}`;
  let current: string | null = null;
  try {
    current = fs.readFileSync(outPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new CliError(`cannot read ${outPath}: ${describeIoError(error)}`);
  }

  if (values.check !== true) {
    const changed = current !== expected;
    if (changed) {
      // The writer `doc --write`, `init` and `add-key` use: atomic, and never through a symlink out of the repository.
      const boundary = repositoryRoot(cwd);
      ensureParentFolder(outPath, boundary);
      writeFileSafely(outPath, expected, boundary);
    }
    return {
      verb: spec.verb,
      findings: [],
      notes: [changed ? `wrote ${spec.what} to ${shownOut}` : `${shownOut} is already up to date`],
      data: { file: shownOut, changed },
    };
  }

  if (current === expected) {
    return { verb: spec.verb, findings: [], notes: [`${shownOut} is up to date`], data: { file: shownOut, stale: false } };
  }
  const diff = unifiedDiff(current ?? '', expected, `${shownOut} (current)`, `${shownOut} (from ${displayPath(registryPath, cwd)})`);
  const state = current === null ? 'is missing' : `is out of date with ${displayPath(registryPath, cwd)}`;
  return {
    verb: spec.verb,
    findings: [
      {
        severity: 'error',
        code: spec.staleCode,
        message: `${shownOut} (${spec.what}) ${state}`,
        file: outPath,
        ...(current === null ? {} : { line: firstDifferentLine(current, expected) }),
        fix: `run \`${fixCommand}\``,
      },
    ],
    notes: [],
    textBody:
      current === null
        ? `Please run \`${fixCommand}\`. ${shownOut} does not exist.`
        : `Please run \`${fixCommand}\`. ${shownOut} is out of date:\n${diff}`,
    data: { file: shownOut, stale: true, diff, fixCommand },
  };
}
