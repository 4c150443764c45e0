import type { MetaKeyWrite, MetaWrite } from './types';

/** Every top-level key a file writes, with the write it belongs to: the view most rules filter. */
export function* keyWritesOf(writes: readonly MetaWrite[]): Generator<{ write: MetaWrite; key: MetaKeyWrite }> {
  for (const write of writes) {
    for (const key of write.keys) yield { write, key };
  }
}
