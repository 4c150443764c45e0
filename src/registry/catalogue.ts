import { literalFits, literalText, typeText, type LiteralValue } from './field-types';
import { HOST_KEY_CATALOGUE, type HostKeyEntry, type HostKeyPlane, type HostValueRule } from './host-keys';
import { META_PLANES } from './planes';
import type { MetaPlane } from './types';

/**
 * Lookups in the host-key catalogue (`host-keys.ts`) for the manifest checks and the rules: which entry a key name
 * is, which entry an id names, and the exact key names for "did you mean".
 */

const byId = new Map(HOST_KEY_CATALOGUE.entries.map((entry) => [entry.id, entry]));
const byKey = new Map(HOST_KEY_CATALOGUE.entries.filter((entry) => entry.key !== undefined).map((entry) => [entry.key!, entry]));
const byPattern: ReadonlyArray<[RegExp, HostKeyEntry]> = HOST_KEY_CATALOGUE.entries
  .filter((entry) => entry.keyPattern !== undefined)
  .map((entry) => [new RegExp(entry.keyPattern!), entry]);

/**
 * Answers for names no exact key is (most of a server's own keys), which the patterns decide: several rules and the
 * key verdict ask about the same names in every file, and each ask tried every pattern. Bounded: cleared when full.
 */
const byPatternAnswer = new Map<string, HostKeyEntry | null>();
const PATTERN_ANSWERS_KEPT = 4096;

/** The catalogue entry a key name is: by exact key first, else by an entry's `keyPattern`. */
export function catalogueEntryFor(key: string): HostKeyEntry | undefined {
  const exact = byKey.get(key);
  if (exact !== undefined) return exact;
  let answer = byPatternAnswer.get(key);
  if (answer === undefined) {
    answer = byPattern.find(([pattern]) => pattern.test(key))?.[1] ?? null;
    if (byPatternAnswer.size >= PATTERN_ANSWERS_KEPT) byPatternAnswer.clear();
    byPatternAnswer.set(key, answer);
  }
  return answer ?? undefined;
}

/** The catalogue entry with this id. */
export function catalogueEntryById(id: string): HostKeyEntry | undefined {
  return byId.get(id);
}

/** Every catalogue entry id, for "did you mean". */
export function catalogueIds(): string[] {
  return [...byId.keys()];
}

/**
 * The exact key names of the catalogue (pattern entries have none), optionally only those on `plane`: the names a
 * "did you mean" may offer, so never one the transport writes, nor a deprecated key unless `withDeprecated` (to
 * recognise a typo of one, which the host ignores as much as any other typo).
 */
export function catalogueKeyNames(plane?: MetaPlane, withDeprecated = false): string[] {
  return [...byKey.values()]
    .filter(
      (entry) =>
        (plane === undefined || entry.planes.includes(plane)) && (withDeprecated || !entry.deprecated) && entry.writtenBy === undefined,
    )
    .map((entry) => entry.key!);
}

/** Why a server never registers a key, whatever the manifest says: the one table lint, `check`, `init` and `add-key` share. */
export interface RegistrationRefusal {
  /** `transport-owned`: the SDK writes it; `inbound`: only the other side writes it; `reserved`: MCP's prefix. */
  kind: 'transport-owned' | 'inbound' | 'reserved';
  entry: HostKeyEntry;
  /** One sentence: what the key is. */
  message: string;
  /** What to do instead: never "register it". */
  advice: string;
}

const HOST_NAMES: Record<HostKeyEntry['host'], string> = {
  'openai-apps': 'the OpenAI Apps SDK',
  'mcp-apps': 'MCP Apps',
  mcp: 'MCP',
  'claude-code': 'Claude Code',
  x402: 'x402',
  'mcp-ui': 'MCP-UI',
};

/** The host that defines an entry, for messages: "MCP", "the OpenAI Apps SDK". */
export function hostNameOf(entry: HostKeyEntry): string {
  return HOST_NAMES[entry.host];
}

/** `hostNameOf` where it starts a sentence: "The OpenAI Apps SDK documents …", "MCP Apps defines …". */
export function hostNameAtSentenceStart(entry: HostKeyEntry): string {
  const name = hostNameOf(entry);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * Whether `key` is one a server must not register (and so must not write as its own): the transport writes it
 * (`io.modelcontextprotocol/serverInfo`), only the other side writes it (`progressToken`, `traceparent`,
 * `openai/locale`), or it is under the prefix MCP reserves and no catalogue entry names it. `undefined` otherwise.
 */
export function registrationRefusal(key: string): RegistrationRefusal | undefined {
  const entry = catalogueEntryFor(key);
  if (entry === undefined) return undefined;
  const host = hostNameOf(entry);
  if (entry.writtenBy === 'transport') {
    return {
      kind: 'transport-owned',
      entry,
      message: `'${key}' is written by the server's MCP SDK on every response it sends (${host}, catalogue entry '${entry.id}'); a handler or wrapper that writes it overrides the SDK's stamp.`,
      advice:
        key === 'io.modelcontextprotocol/serverInfo'
          ? 'Remove this write: the SDK fills it from the name and version the server is created with (new McpServer({ name, version })).'
          : 'Remove this write: the SDK sets it.',
    };
  }
  if (entry.key === key && registrablePlanes(entry.planes).length === 0) {
    return {
      kind: 'inbound',
      entry,
      message: `'${key}' is a key ${host} defines for ${entry.planes.join(' and ')} _meta, which the other side writes (catalogue entry '${entry.id}'); a server does not write it as its own.`,
      advice: 'Remove this write, or use a key of your own (e.g. com.example/name); reading it from a request needs no registration.',
    };
  }
  if (entry.keyPattern !== undefined) {
    return {
      kind: 'reserved',
      entry,
      message: `'${key}' uses a prefix ${host} reserves for itself, and no catalogue entry names this key.`,
      advice:
        'Use your own reverse-DNS prefix (e.g. com.example/name); a key an official MCP extension defines is registered by hand with "external": true.',
    };
  }
  return undefined;
}

/**
 * The entry of a host key its host has deprecated, when it is written on a plane the host defines it on: what
 * `no-deprecated-meta-key` reports (with the replacement), `init` holds back and `add-key` refuses, so no other
 * message asks to register it. `undefined` otherwise (a key under a reserved prefix is not deprecated, just not ours).
 */
export function deprecatedHostEntry(key: string, plane: MetaPlane): HostKeyEntry | undefined {
  const entry = catalogueEntryFor(key);
  return entry?.deprecated === true && entry.key === key && entry.planes.includes(plane) ? entry : undefined;
}

/**
 * For a host key written on a plane its host does not define it on (`openai/outputTemplate` in a tool result, MCP
 * Apps' `ui` in one): the entry and the planes a server writes it on. No manifest registers a catalogue key there (the
 * validation refuses the plane, `init` holds the write back), so the lint says where the key belongs instead.
 * `undefined` otherwise, and for keys only the transport or the other side writes (`registrationRefusal`'s).
 */
export function offHostPlane(key: string, plane: MetaPlane): { entry: HostKeyEntry; planes: MetaPlane[] } | undefined {
  const entry = catalogueEntryFor(key);
  if (entry?.key !== key || entry.writtenBy !== undefined || entry.planes.includes(plane)) return undefined;
  const planes = registrablePlanes(entry.planes);
  return planes.length > 0 ? { entry, planes } : undefined;
}

/** For a deprecated entry: what to write instead, in words (`ui.resourceUri (ext-apps 2 deprecates ...)`). */
export function replacementText(entry: HostKeyEntry): string {
  const replacement = entry.replacement;
  if (replacement === undefined) return `'${entry.key ?? entry.id}' is deprecated by ${hostNameOf(entry)}.`;
  const target =
    replacement.key === undefined
      ? ''
      : `Write ${replacement.field !== undefined ? `'${replacement.key}.${replacement.field}'` : `'${replacement.key}'`} instead: `;
  return `${target}${replacement.note}.`;
}

/** Whether `key` is the entry's exact key or matches its pattern. */
export function catalogueEntryMatches(entry: HostKeyEntry, key: string): boolean {
  return entry.key !== undefined ? entry.key === key : new RegExp(entry.keyPattern ?? '(?!)').test(key);
}

/** The entry's planes a manifest can register a key on (`request` and `notification` are the other side's). */
export function registrablePlanes(planes: readonly HostKeyPlane[]): MetaPlane[] {
  return META_PLANES.filter((plane) => planes.includes(plane));
}

/**
 * The catalogue entry a registered key takes its host rules from: the entry it names (`"catalogue"`), else, for an
 * `external` key, the entry its name is. A key of the server's own has none.
 */
export function catalogueEntryOfKey(key: { name: string; external: boolean; catalogue?: string }): HostKeyEntry | undefined {
  if (key.catalogue !== undefined) return catalogueEntryById(key.catalogue);
  return key.external ? catalogueEntryFor(key.name) : undefined;
}

/**
 * The planes the host reads a top-level field of the entry's value on, when they are narrower than the entry's own
 * (MCP Apps `ui.csp` on a resource, `ui.resourceUri` on a tool descriptor); `undefined` when the field is read on
 * every plane of the entry, or the entry does not fix it.
 */
export function hostFieldPlanes(entry: HostKeyEntry, field: string): readonly HostKeyPlane[] | undefined {
  return entry.fieldPlanes !== undefined && Object.hasOwn(entry.fieldPlanes, field) ? entry.fieldPlanes[field] : undefined;
}

/** A host's value rule as text, for messages and docs/host-keys.md: `number ≤ 500,000`, `string of at most 64 characters`. */
export function hostValueText(rule: HostValueRule): string {
  const bounds = [
    rule.maximum !== undefined ? `≤ ${rule.maximum.toLocaleString('en-US')}` : undefined,
    rule.maxLength !== undefined ? `of at most ${rule.maxLength} characters` : undefined,
  ].filter((bound) => bound !== undefined);
  return [typeText(rule.type), ...bounds].join(' ');
}

/**
 * Whether a value the lint read (a literal, or a `const` bound to one) breaks the type or range its host documents for
 * the entry's key: what it is and what the host documents, or null when it fits, or when the entry documents nothing
 * to check. A value known only by its kind (a template string with expressions) is checked by its kind.
 */
export function hostValueProblem(entry: HostKeyEntry, literal: LiteralValue): { expected: string; actual: string } | null {
  const rule = entry.value;
  if (rule === undefined) return null;
  // The text of what the host documents only for a value that breaks it: most fit, and the text formats a number.
  if (!literalFits(literal, rule.type)) return { expected: hostValueText(rule), actual: literalText(literal) };
  if (literal.kind === 'number' && typeof literal.value === 'number') {
    return rule.maximum !== undefined && literal.value > rule.maximum
      ? { expected: hostValueText(rule), actual: literalText(literal) }
      : null;
  }
  if (literal.kind === 'string' && typeof literal.value === 'string' && rule.maxLength !== undefined) {
    const length = [...literal.value].length;
    return length > rule.maxLength ? { expected: hostValueText(rule), actual: `a string of ${length} characters` } : null;
  }
  return null;
}
