import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach } from 'vitest';
import type { Registry, RegistryLoadResult, RegistryProblem } from '../../src/registry';

/** A throwaway project folder under the OS temp dir; `files` maps relative paths to contents. */
export function makeTempProject(files: Record<string, string> = {}): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-registry-')));
  for (const [relative, content] of Object.entries(files)) writeFile(dir, relative, content);
  return dir;
}

export function writeFile(dir: string, relative: string, content: string): string {
  const file = path.join(dir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
}

export function removeTempProject(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

/** `makeTempProject` for a test file whose projects are removed after each test (call once, at the top level). */
export function tempProjectsPerTest(): (files: Record<string, string>) => string {
  const projects: string[] = [];
  afterEach(() => {
    for (const dir of projects.splice(0)) removeTempProject(dir);
  });
  return (files) => {
    const dir = makeTempProject(files);
    projects.push(dir);
    return dir;
  };
}

/** The manifest example of issue 2, verbatim. */
export const ISSUE_2_EXAMPLE = `{
  "$schema": "./node_modules/eslint-plugin-mcp-meta/schema/registry.schema.json",
  "version": 1,
  "emitters": ["emitResponseMeta"],
  "hooks": ["metaHook"],
  "hookFunctions": ["getHotMemoryMeta"],
  "mergeLayer": ["src/mcp/dispatch.ts"],
  "ignore": ["src/commands/eval-*.ts"],
  "keys": {
    "retrieval": {
      "producers": ["src/core/ops/search.ts"],
      "description": "Search diagnostics",
      "fields": ["returned_count", "retrieved_count", "degraded", "hint"]
    }
  }
}
`;

/** Source files that make every glob of ISSUE_2_EXAMPLE match something. */
export const ISSUE_2_SOURCES: Record<string, string> = {
  'src/mcp/dispatch.ts': 'export {};\n',
  'src/commands/eval-recall.ts': 'export {};\n',
  'src/core/ops/search.ts': 'export {};\n',
};

/** A manifest with `keys` and nothing else required. */
export function manifestWithKeys(keys: Record<string, unknown>, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ version: 1, ...extra, keys }, null, 2);
}

/** The problems of a load that must fail (throws, naming the warnings, when it succeeded). */
export function problemsOf(result: RegistryLoadResult): RegistryProblem[] {
  if (result.ok) throw new Error(`expected problems, got a valid registry (warnings: ${JSON.stringify(result.warnings)})`);
  return result.problems;
}

/** The registry of a load that must succeed (throws, naming the problems, when it failed). */
export function registryOf(result: RegistryLoadResult): Registry {
  if (!result.ok) throw new Error(`expected a valid registry, got ${JSON.stringify(result.problems, null, 2)}`);
  return result.registry;
}
