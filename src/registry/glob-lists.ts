/**
 * The manifest's glob lists, in one table: `mergeLayer`, `ignore` and each key's `producers`. The registry compiles
 * its file roles from it and the glob checks walk it, so a new glob property is added here once.
 */
import type { RegistryManifest } from './types';

export type GlobListRole = 'mergeLayer' | 'ignore' | 'producers';

export interface GlobList {
  readonly role: GlobListRole;
  /** For `producers`: the key whose producers these are. */
  readonly key?: string;
  readonly globs: readonly string[];
  /** JSON path of the list in the manifest (`['keys', 'retrieval', 'producers']`). */
  readonly jsonPath: readonly (string | number)[];
}

export function globListsOf(manifest: RegistryManifest): GlobList[] {
  return [
    { role: 'mergeLayer', globs: manifest.mergeLayer ?? [], jsonPath: ['mergeLayer'] },
    { role: 'ignore', globs: manifest.ignore ?? [], jsonPath: ['ignore'] },
    ...Object.entries(manifest.keys).map(([key, spec]): GlobList => ({
      role: 'producers',
      key,
      globs: spec.producers,
      jsonPath: ['keys', key, 'producers'],
    })),
  ];
}
