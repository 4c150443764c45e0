import type { RegistryLoadResult } from './types';

export interface ParseRegistryOptions {
  /**
   * Also warn about producer / mergeLayer / ignore globs that match no file on disk (walks the manifest's folder,
   * skipping node_modules and dot-folders). Off in the lint path, on for `createConfig` and `mcp-meta check`.
   */
  checkGlobs?: boolean;
}

/** Parses and validates manifest text. Never throws: every problem comes back with a place and a fix. */
export function parseRegistry(text: string, absolutePath: string, options: ParseRegistryOptions = {}): RegistryLoadResult {
  void text; void absolutePath; void options;
  throw new Error('parseRegistry: not implemented yet');
}
