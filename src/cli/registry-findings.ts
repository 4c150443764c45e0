import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadRegistry, nearestManifest, REGISTRY_FILENAME, type JsonLocator, type Registry, type RegistryProblem } from '../registry';
import { CliError, type Finding } from './findings';

/**
 * `--registry FILE` (relative to the working directory), else the nearest `mcp-meta.registry.json` at or above it, as
 * the rules find a file's manifest (run from a package's subfolder, a verb works on that package's manifest); when
 * there is none, `mcp-meta.registry.json` in the working directory (reported missing, with the `init` hint).
 */
export function resolveRegistryPath(option: string | undefined, cwd: string): string {
  if (option !== undefined) return path.resolve(cwd, option);
  return nearestManifest(cwd) ?? path.resolve(cwd, REGISTRY_FILENAME);
}

/**
 * A missing manifest is an I/O error (exit 2) with the `init` hint. Anything else that is there (a folder, a FIFO, an
 * unreadable file, a symlink loop) goes to the plugin's own loader, which never reads a special file (a FIFO would
 * block forever), so its problem is reported in the same words ESLint shows, and the run exits 2 (see main.ts).
 */
export function assertRegistryExists(absolutePath: string): void {
  if (fs.lstatSync(absolutePath, { throwIfNoEntry: false }) === undefined) {
    throw new CliError(
      `no manifest at ${absolutePath}`,
      `Pass its path with --registry FILE, or create one with \`npx mcp-meta init\` (without --registry, the nearest ${REGISTRY_FILENAME} at or above the working directory is used).`,
    );
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
export function loadRegistryWithFindings(
  absolutePath: string,
  checkGlobs: boolean,
): { registry: Registry; locator: JsonLocator; findings: Finding[] } | { registry: null; locator: null; findings: Finding[] } {
  assertRegistryExists(absolutePath);
  const result = loadRegistry(absolutePath, { checkGlobs });
  if (!result.ok) return { registry: null, locator: null, findings: result.problems.map(registryProblemToFinding) };
  return { registry: result.registry, locator: result.locator, findings: result.warnings.map(registryProblemToFinding) };
}
