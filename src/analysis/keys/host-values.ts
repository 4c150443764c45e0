/**
 * A written value against the type or range its host documents for the key (the host-key catalogue's `value`:
 * `anthropic/maxResultSizeChars` a number up to 500,000, `openai/visibility` 'public' or 'private'): the one answer
 * `no-unregistered-meta-field` reports and `mcp-meta check` turns into `host-value` findings. Only values the syntax
 * reads (a literal, a `const` bound to one, here or exported by another module, an imported helper's literal) or, with
 * types, a value whose type is a literal or a union of literals (a parameter typed `600_000`, an enum member); anything
 * else is silent.
 */
import * as path from 'node:path';
import type { TSESTree } from '@typescript-eslint/utils';
import { catalogueEntryFor, catalogueEntryOfKey, hostValueProblem, type HostKeyEntry } from '../../registry';
import type { Registry } from '../../registry/types';
import type { LiteralValue } from '../../registry';
import { fieldValueOf } from '../modules/imported-helpers';
import { moduleResolverOf, type ModuleResolver } from '../modules/module-resolver';
import { importedLiteralOf } from '../syntax/bindings';
import { posixRelative } from '../../util/posix-relative';
import { registrationOf } from './key-writes';
import { literalValueOf } from '../value/literal-value';
import { literalsOfType } from '../typed/typed-literals';
import type { TypeServices } from '../typed/type-services';
import type { MetaKeyWrite, MetaWrite } from '../types';

export interface HostValueFinding {
  /** Where to report: the value, or the call here when another module builds it. */
  readonly node: TSESTree.Node;
  readonly entry: HostKeyEntry;
  /** What the host documents (`number ≤ 500,000`). */
  readonly expected: string;
  /** What the value is (`the number 600000`). */
  readonly actual: string;
}

/**
 * The host's verdict on the value of `key` as `write` writes it, or null. The key's catalogue entry is the one its
 * registration names (`"catalogue"`, or an `external` key's own name), else, unregistered, the entry whose exact key it
 * is: a host's documented type holds whatever the manifest says, and an unregistered key gets its own report besides.
 * Only on a plane the entry defines the key on, and never for a key the transport writes. `file` is the written
 * file's absolute path (its imports resolve relative to it); `services`, its type services, or null without types.
 */
export function hostValueFindingOf(
  registry: Registry,
  write: MetaWrite,
  key: MetaKeyWrite,
  services: TypeServices | null,
  file: string,
): HostValueFinding | null {
  if (key.name === null || key.value === null) return null;
  const plane = write.plane;
  if (plane !== 'result' && plane !== 'tool' && plane !== 'resource') return null;
  // The key phase's registration (keys/ownership.ts); looked up only for a key that came another way.
  const registration = key.registration ?? registrationOf(registry, key.name, plane);
  const entry = registration.status === 'registered' ? catalogueEntryOfKey(registration.spec) : exactEntry(key.name);
  if (entry?.value === undefined || entry.writtenBy !== undefined || !entry.planes.includes(plane)) return null;
  const fieldValue = fieldValueOf(key, services !== null);
  const imports = path.isAbsolute(file) ? moduleResolverOf(file) : null;
  for (const literal of valuesOf(fieldValue.value, fieldValue.reportAt === null ? services : null, imports)) {
    const problem = hostValueProblem(entry, literal);
    if (problem === null) continue;
    // A const of another module is fixed there: its name and module, as this file imports it (`./limits.ts`).
    const imported = fieldValue.value ? importedLiteralOf(fieldValue.value, imports) : null;
    const where = imported ? ` (\`${imported.name}\`, written in ${importPath(file, imported.file)})` : '';
    return { node: fieldValue.reportAt ?? fieldValue.value ?? key.node, entry, expected: problem.expected, actual: problem.actual + where };
  }
  return null;
}

/** `module` as a relative import from `file` names it (`./limits.ts`, `../shared/limits.ts`), in posix form. */
function importPath(file: string, module: string): string {
  const relative = posixRelative(path.dirname(file), module);
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/**
 * What a value may be: what the syntax reads (imported consts through the file's module resolver, asked only for a
 * name bound to an import), else, with types, each member of its literal type; none when neither knows.
 */
function valuesOf(
  value: TSESTree.Expression | null,
  services: TypeServices | null,
  imports: ModuleResolver | null,
): readonly LiteralValue[] {
  const literal = literalValueOf(value, imports);
  if (literal !== undefined) return [literal];
  if (value === null || services === null || !services.holds(value)) return [];
  return literalsOfType(services, services.typeOf(value)) ?? [];
}

function exactEntry(name: string): HostKeyEntry | undefined {
  const entry = catalogueEntryFor(name);
  return entry?.key === name ? entry : undefined;
}
