import type { RegistryLoadResult } from './types';
import type { ParseRegistryOptions } from './parse-registry';

/**
 * Reads, parses and validates the manifest at `absolutePath`. Cached per process: a call costs one `stat`, and the file
 * is re-read only when its mtime or size changed (so a long-lived editor process sees edits). Never throws; a missing
 * file is a problem with a fix. The manifest is data: it is never `require`d or executed.
 */
export function loadRegistry(absolutePath: string, options: ParseRegistryOptions = {}): RegistryLoadResult {
  void absolutePath; void options;
  throw new Error('loadRegistry: not implemented yet');
}
