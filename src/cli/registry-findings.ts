import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadRegistry } from '../registry';
import type { Registry, RegistryProblem } from '../registry/types';
import { CliError, type Finding } from './findings';
import { describeIoError } from './manifest-source';
import { REGISTRY_FILENAME } from '../registry';

/** `--registry FILE` (relative to the working directory), else `mcp-meta.registry.json` in it. */
export function resolveRegistryPath(option: string | undefined, cwd: string): string {
  return path.resolve(cwd, option ?? REGISTRY_FILENAME);
}

/**
 * A manifest that is missing, a folder, a special file (a FIFO would block a read forever) or unreadable is an I/O
 * error (exit 2), not a finding: there is nothing to check yet.
 */
export function assertRegistryExists(absolutePath: string): void {
  const stat = fs.statSync(absolutePath, { throwIfNoEntry: false });
  if (!stat) {
    throw new CliError(`no manifest at ${absolutePath}`, 'Pass its path with --registry FILE, or create one with `npx mcp-meta init`.');
  }
  if (!stat.isFile()) {
    const what = stat.isDirectory() ? 'a folder' : 'a special file';
    throw new CliError(`the manifest ${absolutePath} is ${what}, not a JSON file`, 'Pass the manifest file itself with --registry FILE.');
  }
  try {
    fs.accessSync(absolutePath, fs.constants.R_OK);
  } catch (error) {
    throw new CliError(`cannot read the manifest ${absolutePath}: ${describeIoError(error)}`, 'Make it readable by the user running mcp-meta.');
  }
}

export function registryProblemToFinding(problem: RegistryProblem): Finding {
  return {
    severity: problem.severity,
    code: 'registry-problem',
    message: problem.pointer === undefined ? problem.message : `${problem.message} (at ${problem.pointer})`,
    file: problem.file,
    line: problem.line,
    column: problem.column,
    fix: problem.fix,
  };
}

/**
 * Validates the manifest with the plugin's own loader, so the CLI and ESLint never disagree about what is valid.
 * Every problem (warnings included: a glob that matches no file) is a finding.
 */
export function loadRegistryWithFindings(absolutePath: string, checkGlobs: boolean): { registry: Registry | null; findings: Finding[] } {
  assertRegistryExists(absolutePath);
  const result = loadRegistry(absolutePath, { checkGlobs });
  if (!result.ok) return { registry: null, findings: result.problems.map(registryProblemToFinding) };
  return { registry: result.registry, findings: result.warnings.map(registryProblemToFinding) };
}
