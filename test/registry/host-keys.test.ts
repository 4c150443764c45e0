import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOST_KEY_CATALOGUE, type HostKeyEntry } from '../../src/registry/host-keys';
import { renderHostKeysMarkdown } from '../../src/registry/host-keys-doc';
import { checkMetaKeyName } from '../../src/registry/key-name';
import { registrationRefusal, registrablePlanes } from '../../src/registry/catalogue';
import { parseRegistry } from '../../src/registry/parse-registry';

const HOSTS = new Set(['openai-apps', 'mcp-apps', 'mcp', 'claude-code', 'x402', 'mcp-ui']);
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
    expect(entry.id).toMatch(/^(openai-apps|mcp-apps|mcp|claude-code|x402|mcp-ui)\.[A-Za-z][\w.-]*$/);
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

/**
 * Today's sources (checked 2026-12-04, and for version 4 on 2026-12-06): MCP 2026-07-28 schema and _meta section, SDK v2
 * constants (@modelcontextprotocol/server 2.4.0), ext-apps 2.0.4, OpenAI's Apps SDK reference and examples, Claude
 * Code's MCP page, x402's MCP transport (v2), MCP-UI's protocol details.
 */
describe('host-key catalogue contents', () => {
  const byKey = new Map(entries.filter((entry) => entry.key !== undefined).map((entry) => [entry.key!, entry]));

  it('is version 4 or later (bumped for the hosts as documented on 2026-12-06)', () => {
    expect(HOST_KEY_CATALOGUE.version).toBeGreaterThanOrEqual(4);
  });

  it.each([
    // key, planes, writtenBy, deprecated, replacement key.field, source fragment
    ['traceparent', ['request'], undefined, false, undefined, 'docs/specification/2026-07-28/basic/index.mdx'],
    ['tracestate', ['request'], undefined, false, undefined, 'docs/specification/2026-07-28/basic/index.mdx'],
    ['baggage', ['request'], undefined, false, undefined, 'docs/specification/2026-07-28/basic/index.mdx'],
    ['io.modelcontextprotocol/serverInfo', ['result'], 'transport', false, undefined, 'schema/2026-07-28/schema.ts'],
    ['io.modelcontextprotocol/subscriptionId', ['notification', 'result'], 'transport', false, undefined, 'schema/2026-07-28/schema.ts'],
    ['io.modelcontextprotocol/related-task', ['request', 'result', 'notification'], undefined, true, undefined, '2026-07-28/changelog.mdx'],
    ['io.modelcontextprotocol/protocolVersion', ['request'], undefined, false, undefined, 'schema/2026-07-28/schema.ts'],
    ['io.modelcontextprotocol/clientInfo', ['request'], undefined, false, undefined, 'schema/2026-07-28/schema.ts'],
    ['io.modelcontextprotocol/clientCapabilities', ['request'], undefined, false, undefined, 'schema/2026-07-28/schema.ts'],
    ['io.modelcontextprotocol/logLevel', ['request'], undefined, true, undefined, 'schema/2026-07-28/schema.ts'],
    ['ui/resourceUri', ['tool'], undefined, true, 'ui.resourceUri', 'ext-apps'],
    ['openai/widgetCSP', ['resource'], undefined, false, undefined, 'developers.openai.com/apps-sdk/reference'],
    ['openai/widgetDomain', ['resource'], undefined, false, undefined, 'developers.openai.com'],
    ['openai/resultCanProduceWidget', ['tool'], undefined, false, undefined, 'github.com/openai/openai-apps-sdk-examples'],
    ['openai/toolInvocation/invoking', ['tool', 'result'], undefined, false, undefined, 'developers.openai.com/apps-sdk/reference'],
    ['openai/toolInvocation/invoked', ['tool', 'result'], undefined, false, undefined, 'developers.openai.com/apps-sdk/reference'],
    ['openai/widgetSessionId', ['result'], undefined, false, undefined, 'developers.openai.com/apps-sdk/reference'],
    ['openai/closeWidget', ['result'], undefined, false, undefined, 'developers.openai.com/apps-sdk/build/chatgpt-ui'],
    ['openai/organization', ['request'], undefined, false, undefined, 'developers.openai.com/apps-sdk/reference'],
    ['ui', ['tool', 'resource'], undefined, false, undefined, 'github.com/modelcontextprotocol/ext-apps/blob/main/src/spec.types.ts'],
    ['io.modelcontextprotocol/model-immediate-response', ['result'], undefined, true, undefined, '2025-11-25/basic/utilities/tasks.mdx'],
    ['anthropic/maxResultSizeChars', ['tool'], undefined, false, undefined, 'code.claude.com/docs/en/mcp'],
    ['anthropic/requiresUserInteraction', ['tool'], undefined, false, undefined, 'code.claude.com/docs/en/mcp'],
    ['anthropic/alwaysLoad', ['tool'], undefined, false, undefined, 'code.claude.com/docs/en/mcp'],
    ['x402/payment', ['request'], undefined, false, undefined, 'coinbase/x402/blob/main/specs/transports-v2/mcp.md'],
    ['x402/payment-response', ['result'], undefined, false, undefined, 'coinbase/x402/blob/main/specs/transports-v2/mcp.md'],
    ['mcpui.dev/ui-preferred-frame-size', ['resource'], undefined, false, undefined, 'mcpui.dev'],
    ['mcpui.dev/ui-initial-render-data', ['resource'], undefined, false, undefined, 'mcpui.dev'],
    ['openai/subject', ['request'], undefined, false, undefined, 'developers.openai.com/apps-sdk/reference'],
    ['openai/session', ['request'], undefined, false, undefined, 'developers.openai.com/apps-sdk/reference'],
    ['webplus/i18n', ['request'], undefined, true, 'openai/locale', 'developers.openai.com/apps-sdk/reference'],
  ] as const)(
    '%s: planes %j, written by %s, deprecated %s (replacement %s), source %s',
    (key, planes, writtenBy, deprecated, replacement, source) => {
      const entry = byKey.get(key);
      expect(entry).toBeDefined();
      expect(entry!.planes).toEqual(planes);
      expect(entry!.writtenBy).toBe(writtenBy);
      expect(entry!.deprecated === true).toBe(deprecated);
      if (deprecated) expect(entry!.replacement?.note).toBeTruthy();
      const target =
        entry!.replacement?.key === undefined ? undefined : [entry!.replacement.key, entry!.replacement.field].filter(Boolean).join('.');
      expect(target).toBe(replacement);
      expect(entry!.source).toContain(source);
    },
  );

  it('has the MCP Apps 2 ui fields per plane and OpenAI widgetCSP with frame_domains and redirect_domains', () => {
    const ui = byKey.get('ui')!;
    expect(Object.keys(ui.fields as object)).toEqual(['resourceUri', 'visibility', 'csp', 'domain', 'permissions', 'prefersBorder']);
    const fields = ui.fields as Record<string, { fields?: string[] }>;
    expect(fields.csp.fields).toEqual(['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains']);
    expect(fields.permissions.fields).toEqual(['camera', 'microphone', 'geolocation', 'clipboardWrite']);
    expect(byKey.get('openai/widgetCSP')!.fields).toEqual(['connect_domains', 'resource_domains', 'frame_domains', 'redirect_domains']);
  });

  // The reference: "Apps SDK support is here to stay—we have no plans to deprecate it. Use MCP Apps standard fields
  // and the ui/* bridge by default." One status for every OpenAI key MCP Apps has a field for.
  it.each([
    ['openai/outputTemplate', 'ui.resourceUri'],
    ['openai/widgetAccessible', 'ui.visibility'],
    ['openai/visibility', 'ui.visibility'],
    ['openai/widgetPrefersBorder', 'ui.prefersBorder'],
    ['openai/widgetCSP', 'ui.csp'],
    ['openai/widgetDomain', 'ui.domain'],
  ])('%s is current (not deprecated) and names its MCP Apps field %s', (key, field) => {
    const entry = byKey.get(key)!;
    expect(entry.deprecated).toBeUndefined();
    expect(entry.replacement).toBeUndefined();
    expect(entry.description).toContain(`MCP Apps field: ${field}`);
    expect(entry.description).toContain('this key stays supported');
  });

  it('records the value types and ranges the hosts document', () => {
    expect(byKey.get('anthropic/maxResultSizeChars')!.valueType).toBe('number (characters, at most 500,000)');
    expect(byKey.get('openai/toolInvocation/invoking')!.valueType).toBe('string (at most 64 characters)');
    expect(byKey.get('openai/visibility')!.valueType).toBe("string: 'public' (default) or 'private'");
    expect(byKey.get('anthropic/requiresUserInteraction')!.valueType).toBe('boolean');
    expect(byKey.get('openai/closeWidget')!.valueType).toBe('boolean');
    expect(byKey.get('x402/payment-response')!.fields).toEqual(['success', 'transaction', 'network', 'payer', 'errorReason']);
  });

  it("says a handler should not write serverInfo (the spec's SHOULD and the SDK keeping a handler's value), not must not", () => {
    const entry = byKey.get('io.modelcontextprotocol/serverInfo')!;
    expect(entry.description).toContain('a handler should not write it');
    expect(entry.description).not.toContain('must not');
    expect(renderHostKeysMarkdown(HOST_KEY_CATALOGUE)).not.toContain('must not write');
  });

  it('every deprecated entry names what replaces it', () => {
    for (const entry of entries.filter((candidate) => candidate.deprecated)) expect(entry.replacement?.note, entry.id).toBeTruthy();
  });

  // One table: a key the catalogue refuses is refused by the manifest check (and so by add-key and init) in every
  // form it could be registered in, and a key it does not refuse can be registered through its entry.
  it.each(entries.filter((entry) => entry.key !== undefined).map((entry) => [entry.key!, entry] as const))(
    '%s: the manifest accepts it exactly when the catalogue does not refuse it',
    (key, entry) => {
      const forms = [{}, { external: true }, { catalogue: entry.id }];
      const refused = registrationRefusal(key) !== undefined;
      for (const form of forms) {
        const plane = registrablePlanes(entry.planes)[0];
        const manifest = { version: 1, keys: { [key]: { producers: ['src/a.ts'], ...(plane ? { plane } : {}), ...form } } };
        const result = parseRegistry(JSON.stringify(manifest), '/tmp/mcp-meta.registry.json');
        if (refused) expect(result.ok, JSON.stringify(form)).toBe(false);
        else if (form !== forms[0]) expect(result.ok, JSON.stringify(result.ok ? [] : result.problems)).toBe(true);
      }
    },
  );
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
