/**
 * Key names from types: a key expression the syntax could not resolve (`name === null`) whose type is a string
 * literal or a union of string literals (an imported `const`, an enum member, `K extends keyof …` instantiated at the
 * call) names each member. A key typed `string` (or anything wider) stays "not known statically".
 */
import type { TSESTree } from '@typescript-eslint/utils';
import type * as ts from 'typescript';
import { countCost } from '../../util/cost-counter';
import type { Registry } from '../../registry/types';
import { registrationOnPlane } from '../keys/key-writes';
import type { MetaKeyWrite, MetaWrite } from '../types';
import type { TypeServices } from './type-services';

/** The string literal members of `type`, or null when any member is not one (`string`, `number`, a template type). */
export function stringLiteralsOf(type: ts.Type): string[] | null {
  const members = type.isUnion() ? type.types : [type];
  const names: string[] = [];
  for (const member of members) {
    if (!member.isStringLiteral()) return null;
    names.push(member.value);
  }
  return names.length > 0 ? names : null;
}

/** The names a dynamic key's type allows, or null when the type does not list them. */
export function typedKeyNames(services: TypeServices, node: TSESTree.Node): string[] | null {
  return services.holds(node) ? stringLiteralsOf(services.typeOf(node)) : null;
}

/**
 * The key writes as rules see them: each statically unknown key whose type lists its names becomes one write per
 * name (same node, same value, the registration of that name on the write's plane), so every rule reports it exactly
 * as a literal key. Without types, the write's keys unchanged.
 */
export function withTypedKeyNames(
  write: Pick<MetaWrite, 'keys' | 'plane'>,
  services: TypeServices | null,
  /** The manifest, for each typed name's `registration`; a caller that reads no registration may leave it out. */
  registry?: Pick<Registry, 'keys'>,
): readonly MetaKeyWrite[] {
  const { keys } = write;
  if (!services || keys.every((key) => key.name !== null)) return keys;
  return keys.flatMap((key) => {
    if (key.name !== null) return [key];
    const names = typedKeyNames(services, key.node);
    if (!names) return [key];
    // The key phase gave an unnamed key no registration: each name gets its own here (optional fields stay absent).
    return names.map((name): MetaKeyWrite => {
      const registration = registry ? registrationOnPlane(registry, name, write.plane) : undefined;
      return registration === undefined ? { ...key, name, source: 'type' } : { ...key, name, source: 'type', registration };
    });
  });
}

/** One key write as the key and field rules see it: the key, and the write it belongs to. */
export interface KeyWriteOf<W extends MetaWrite> {
  readonly write: W;
  readonly key: MetaKeyWrite;
}

/**
 * The list per writes array (each rule scope's writes are one array per file, `scopedView`) and type services: five
 * rules walk it, and each used to rebuild it (a string and a set per key) for the same answer.
 */
const keyWritesByWrites = new WeakMap<
  readonly MetaWrite[],
  { services: TypeServices | null; registry: Pick<Registry, 'keys'> | undefined; list: ReadonlyArray<KeyWriteOf<MetaWrite>> }
>();

/**
 * Every top-level key a file writes, with the write it belongs to (the view the key and field rules filter); with type
 * information, a key whose type is a union of literals stands for each of them. A key written at one place for several
 * writes (a same-file helper's `return { k: v }` used as the `_meta` of N results, a call reached N times) comes once
 * per plane and per write-or-delete: what the key rules say about it depends on nothing else, so N writes would give N
 * identical messages at the same place. Worked out once per writes array and services, then shared by the rules.
 */
export function keyWritesWithTypes<W extends MetaWrite>(
  writes: readonly W[],
  services: TypeServices | null,
  /** As `withTypedKeyNames`'s (the rules pass their analysis' manifest). */
  registry?: Pick<Registry, 'keys'>,
): ReadonlyArray<KeyWriteOf<W>> {
  const known = keyWritesByWrites.get(writes);
  if (known?.services === services && known.registry === registry) return known.list as ReadonlyArray<KeyWriteOf<W>>;
  countCost('key-write-lists');
  const list: Array<KeyWriteOf<W>> = [];
  // Per key node, the entries listed at it: nearly every node has one, so its variants are compared field by field
  // rather than spelled as strings into a set per node.
  const seen = new Map<TSESTree.Node, KeyWriteOf<W> | Array<KeyWriteOf<W>>>();
  for (const write of writes) {
    for (const key of withTypedKeyNames(write, services, registry)) {
      const entry: KeyWriteOf<W> = { write, key };
      const listed = seen.get(key.node);
      if (listed === undefined) seen.set(key.node, entry);
      else if (Array.isArray(listed)) {
        if (listed.some((other) => sameVariant(other, entry))) continue;
        listed.push(entry);
      } else {
        if (sameVariant(listed, entry)) continue;
        seen.set(key.node, [listed, entry]);
      }
      list.push(entry);
    }
  }
  keyWritesByWrites.set(writes, { services, registry, list });
  return list;
}

/** Whether two key writes at one node say the same to the key rules: same plane, both deletes or neither, same name. */
function sameVariant(a: KeyWriteOf<MetaWrite>, b: KeyWriteOf<MetaWrite>): boolean {
  return a.write.plane === b.write.plane && isDelete(a.write) === isDelete(b.write) && (a.key.name ?? '') === (b.key.name ?? '');
}

function isDelete(write: MetaWrite): boolean {
  return write.kind === 'key-delete' || write.kind === 'meta-delete';
}
