/**
 * Who writes a key, and whether that writer is one of the key's producers (MCP _meta rule 1: one producer per key):
 * the linted file, or, for a key an imported helper builds (`builtBy`), the helper's module. Worked out here once,
 * for every reader of the model: `no-foreign-meta-key` reports a write that is not owned, and `mcp-meta check`
 * counts only owned writes as the key being written.
 */
import type { Registry } from '../registry/types';
import type { MetaFileAnalysis, MetaKeyWrite } from './types';

export interface KeyOwnership {
  /** Absolute path of the file that writes the key: the analysed file, or the module of the helper that builds it. */
  readonly writer: string;
  /** True when the analysed file or the writer is one of the key's producers (a caller may use a shared builder). */
  readonly owned: boolean;
}

type OwnershipContext = Pick<MetaFileAnalysis, 'filename' | 'registry' | 'role'>;

/** Per key write and name (typed key names are new key objects with their own name), computed once. */
const known = new WeakMap<MetaKeyWrite, KeyOwnership>();

/** The ownership of a key write in `analysis`'s file; null for a key whose name is not known. */
export function ownershipOf(analysis: OwnershipContext, key: MetaKeyWrite): KeyOwnership | null {
  if (key.name === null) return null;
  const cached = known.get(key);
  if (cached) return cached;
  const ownership = decide(analysis.registry, analysis, key.name, key);
  known.set(key, ownership);
  return ownership;
}

function decide(registry: Registry, analysis: OwnershipContext, name: string, key: MetaKeyWrite): KeyOwnership {
  const writer = key.builtBy ? key.builtBy.file : analysis.filename;
  // A key built by an imported helper (`_meta: widgetMeta(w)`) is written by the helper's module: the call is no
  // foreign producer of a key that module owns.
  const owned =
    analysis.role.ownedKeys.includes(name) ||
    (key.builtBy !== undefined && registry.classifyFile(key.builtBy.file).ownedKeys.includes(name));
  return { writer, owned };
}
