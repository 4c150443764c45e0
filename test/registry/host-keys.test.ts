import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOST_KEY_CATALOGUE, type HostKeyEntry } from '../../src/registry/host-keys';
import { renderHostKeysMarkdown } from '../../src/registry/host-keys-doc';
import { checkMetaKeyName } from '../../src/registry/key-name';

const HOSTS = new Set(['openai-apps', 'mcp-apps', 'mcp']);
const PLANES = new Set(['result', 'tool', 'resource', 'request', 'notification']);
const { entries } = HOST_KEY_CATALOGUE;

function fieldsAreWellFormed(fields: unknown): boolean {
  if (fields === undefined) return true;
  if (Array.isArray(fields)) return fields.length > 0 && fields.every((name) => typeof name === 'string' && name !== '');
  if (typeof fields !== 'object' || fields === null) return false;
  return Object.values(fields).every(
    (spec: unknown) => typeof spec === 'object' && spec !== null && fieldsAreWellFormed((spec as { fields?: unknown }).fields),
  );
}

function matchesPattern(entry: HostKeyEntry, key: string): boolean {
  return entry.keyPattern !== undefined && new RegExp(entry.keyPattern).test(key);
}

describe('host-key catalogue shape', () => {
  it('has a positive integer version and entries', () => {
    expect(Number.isInteger(HOST_KEY_CATALOGUE.version) && HOST_KEY_CATALOGUE.version > 0).toBe(true);
    expect(entries.length).toBeGreaterThan(10);
  });

  it.each(entries.map((entry) => [entry.id, entry] as const))('%s is well formed', (_id, entry) => {
    expect(entry.id).toMatch(/^(openai-apps|mcp-apps|mcp)\.[A-Za-z][\w.-]*$/);
    expect(entry.id.startsWith(`${entry.host}.`)).toBe(true);
    expect(HOSTS.has(entry.host)).toBe(true);
    // Exactly one of an exact key and a key pattern.
    expect((entry.key === undefined) !== (entry.keyPattern === undefined)).toBe(true);
    expect(entry.planes.length).toBeGreaterThan(0);
    expect(entry.planes.every((plane) => PLANES.has(plane))).toBe(true);
    expect(new Set(entry.planes).size).toBe(entry.planes.length);
    expect(entry.valueType.trim()).not.toBe('');
    expect(entry.description.trim()).not.toBe('');
    expect(new URL(entry.source).protocol).toBe('https:');
    expect(fieldsAreWellFormed(entry.fields)).toBe(true);
  });

  it('has unique ids and unique keys', () => {
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length);
    const keys = entries.flatMap((entry) => (entry.key !== undefined ? [entry.key] : []));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('holds the keys a server cannot register under the MCP key-name check (the reason for `external`)', () => {
    const rejected = (pick: (message: string) => boolean) =>
      entries
        .flatMap((entry) => {
          const issue = entry.key !== undefined ? checkMetaKeyName(entry.key) : undefined;
          return issue !== undefined && pick(issue.message) ? [entry.key!] : [];
        })
        .sort();
    // Names that break the MCP name syntax: a name may not contain '/'.
    expect(rejected((message) => message.includes("'/' inside its name"))).toEqual([
      'openai/toolInvocation/invoked',
      'openai/toolInvocation/invoking',
    ]);
    // Plain names MCP defines itself.
    expect(rejected((message) => message.includes('MCP itself defines'))).toEqual(['progressToken']);
    // MCP's own keys sit under its reserved prefix: every one of them, and only they.
    const mcpPrefixed = entries.flatMap((entry) => (entry.key?.startsWith('io.modelcontextprotocol/') ? [entry.key] : []));
    expect(mcpPrefixed.length).toBeGreaterThan(0);
    expect(rejected((message) => message.includes('reserves'))).toEqual(mcpPrefixed.sort());
  });

  it("reserves exactly the prefixes whose second label is 'modelcontextprotocol' or 'mcp', as the key-name check does", () => {
    const reserved = entries.find((entry) => entry.id === 'mcp.reserved-prefix');
    expect(reserved).toBeDefined();
    const cases: Array<[string, boolean]> = [
      ['io.modelcontextprotocol/related-task', true],
      ['dev.mcp/x', true],
      ['org.modelcontextprotocol.api/x', true],
      ['com.mcp.tools/x', true],
      ['com.example.mcp/x', false],
      ['mcp/www_authenticate', false],
      ['openai/outputTemplate', false],
    ];
    for (const [key, isReserved] of cases) {
      expect(matchesPattern(reserved!, key), key).toBe(isReserved);
      expect(checkMetaKeyName(key)?.message.includes('reserves') ?? false, key).toBe(isReserved);
    }
  });
});

describe('docs/host-keys.md', () => {
  it('is the rendering of the catalogue (run `npm run build && node scripts/host-keys-doc.mjs` to update)', () => {
    const page = fs.readFileSync(path.join(__dirname, '../../docs/host-keys.md'), 'utf8');
    expect(page).toBe(renderHostKeysMarkdown(HOST_KEY_CATALOGUE));
  });

  it('names every key and every source', () => {
    const page = renderHostKeysMarkdown(HOST_KEY_CATALOGUE);
    for (const entry of entries) {
      expect(page).toContain(`\`${entry.id}\``);
      expect(page).toContain(`<${entry.source}>`);
    }
  });
});
