import type { Registry, RegistryProblem } from './types';

export const REGISTRY_FILENAME = 'mcp-meta.registry.json';

export type ResolvedRegistry =
  | { ok: true; registry: Registry }
  | { ok: false; problem: RegistryProblem; registryPath: string | null };

/**
 * Which manifest applies to `filename`: `settings['mcp-meta'].registry` (absolute, or relative to `cwd`), else the
 * nearest `mcp-meta.registry.json` walking up from the file (discovery cached per folder). Settings are validated
 * (unknown properties, wrong types) with a problem that names the fix. Never throws.
 */
export function resolveRegistryForFile(filename: string, settings: unknown, cwd: string): ResolvedRegistry {
  void filename; void settings; void cwd;
  throw new Error('resolveRegistryForFile: not implemented yet');
}
