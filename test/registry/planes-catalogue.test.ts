import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { catalogueEntryFor, catalogueKeyNames, parseRegistry } from '../../src/registry';
import { manifestWithKeys, problemsOf, registryOf } from './temp-project';

const FILE = '/project/mcp-meta.registry.json';
const ROOT = path.resolve(__dirname, '../..');

describe('catalogue lookups', () => {
  it('finds an entry by exact key, then by key pattern', () => {
    expect(catalogueEntryFor('openai/outputTemplate')?.id).toBe('openai-apps.outputTemplate');
    expect(catalogueEntryFor('io.modelcontextprotocol/serverInfo')?.id).toBe('mcp.serverInfo');
    expect(catalogueEntryFor('io.modelcontextprotocol/made-up')?.id).toBe('mcp.reserved-prefix');
    expect(catalogueEntryFor('com.example/x')).toBeUndefined();
  });

  it('lists exact key names, optionally per plane', () => {
    expect(catalogueKeyNames()).toContain('openai/toolInvocation/invoking');
    expect(catalogueKeyNames('resource')).toEqual(expect.arrayContaining(['openai/widgetDescription', 'ui']));
    expect(catalogueKeyNames('resource')).not.toContain('openai/outputTemplate');
    // "Did you mean" never offers a deprecated key nor one the transport writes; OpenAI's compatibility keys are current.
    expect(catalogueKeyNames('resource')).toContain('openai/widgetCSP');
    expect(catalogueKeyNames('tool')).not.toContain('ui/resourceUri');
    expect(catalogueKeyNames('result')).not.toContain('io.modelcontextprotocol/serverInfo');
    expect(catalogueKeyNames().some((name) => name.startsWith('^'))).toBe(false);
  });
});

describe('parseRegistry: planes', () => {
  it('defaults to the result plane and accepts one plane or a list', () => {
    const registry = registryOf(
      parseRegistry(
        manifestWithKeys({
          plain: { producers: ['a.ts'] },
          descriptor: { producers: ['a.ts'], plane: 'tool' },
          both: { producers: ['b.ts'], plane: ['tool', 'resource'] },
        }),
        FILE,
      ),
    );
    expect(registry.keys.get('plain')).toMatchObject({ planes: ['result'], external: false });
    expect(registry.keys.get('plain')?.catalogue).toBeUndefined();
    expect(registry.keys.get('descriptor')?.planes).toEqual(['tool']);
    expect(registry.keys.get('both')?.planes).toEqual(['tool', 'resource']);
    expect([...registry.keysOnPlane('result').keys()]).toEqual(['plain']);
    expect([...registry.keysOnPlane('tool').keys()]).toEqual(['descriptor', 'both']);
    expect([...registry.keysOnPlane('resource').keys()]).toEqual(['both']);
    expect(registry.keysOnPlane('tool')).toBe(registry.keysOnPlane('tool'));
    // Still one map of every key.
    expect([...registry.keys.keys()]).toEqual(['plain', 'descriptor', 'both']);
  });

  it('names a misspelt plane, with "did you mean"', () => {
    const text = '{\n  "version": 1,\n  "keys": {\n    "a": { "producers": ["a.ts"], "plane": "tools" }\n  }\n}';
    const problems = problemsOf(parseRegistry(text, FILE));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ pointer: '/keys/a/plane', line: 4, column: 44 });
    expect(problems[0].message).toBe(`'/keys/a/plane' is "tools" (did you mean 'tool'?); allowed: 'result', 'tool', 'resource'.`);
    expect(problems[0].fix).toBe(`Write 'tool' at '/keys/a/plane'.`);
  });

  it('checks each plane of a list and rejects an empty list', () => {
    const bad = problemsOf(parseRegistry(manifestWithKeys({ a: { producers: ['a.ts'], plane: ['tool', 'prompt'] } }), FILE));
    expect(bad.map((p) => p.pointer)).toEqual(['/keys/a/plane/1']);
    const empty = problemsOf(parseRegistry(manifestWithKeys({ a: { producers: ['a.ts'], plane: [] } }), FILE));
    expect(empty.map((p) => p.pointer)).toEqual(['/keys/a/plane']);
  });
});

describe('parseRegistry: host-defined keys', () => {
  it('exempts an external key name from the MCP key-name rules, and nothing else', () => {
    const registry = registryOf(
      parseRegistry(
        manifestWithKeys({
          'openai/toolInvocation/invoking': { producers: ['w.ts'], plane: 'tool', external: true, fields: ['x'] },
          'io.modelcontextprotocol/related-task': { producers: ['t.ts'], external: true },
          'com.example/plain': { producers: ['p.ts'], external: true },
        }),
        FILE,
      ),
    );
    expect(registry.keys.get('openai/toolInvocation/invoking')).toMatchObject({ external: true, planes: ['tool'] });
    expect([...(registry.keys.get('openai/toolInvocation/invoking')?.fields?.keys() ?? [])]).toEqual(['x']);
    expect(registry.keys.get('io.modelcontextprotocol/related-task')?.external).toBe(true);
    expect(registry.keys.get('com.example/plain')?.planes).toEqual(['result']);
  });

  it.each([
    ['io.modelcontextprotocol/serverInfo', {}, /written by the server's MCP SDK on every response/],
    ['io.modelcontextprotocol/serverInfo', { catalogue: 'mcp.serverInfo' }, /written by the server's MCP SDK on every response/],
    ['io.modelcontextprotocol/subscriptionId', { external: true }, /written by the server's MCP SDK/],
    ['progressToken', { external: true }, /a key MCP defines for request _meta, which the other side writes/],
    ['traceparent', {}, /a key MCP defines for request _meta/],
    ['openai/subject', { external: true }, /a key the OpenAI Apps SDK defines for request _meta/],
  ])('refuses %s (%j) as a key no server registers, and never says to register it', (key, extra, message) => {
    const problems = problemsOf(parseRegistry(manifestWithKeys({ [key]: { producers: ['s.ts'], ...extra } }), FILE));
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toMatch(message);
    expect(problems[0].fix).toMatch(new RegExp(`^Remove key '${key}' from the manifest\\. `));
    expect(problems[0].fix).not.toMatch(/"catalogue"|"external": true to it/);
  });

  it('rejects a host key without "external", and the fix names its catalogue entry', () => {
    const text =
      '{\n  "version": 1,\n  "keys": {\n    "openai/toolInvocation/invoking": { "producers": ["w.ts"], "plane": "tool" }\n  }\n}';
    const problems = problemsOf(parseRegistry(text, FILE));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ pointer: '/keys/openai~1toolInvocation~1invoking', line: 4, column: 5 });
    expect(problems[0].message).toMatch(/has a '\/' inside its name 'toolInvocation\/invoking'/);
    expect(problems[0].fix).toBe(
      `'openai/toolInvocation/invoking' is a key the OpenAI Apps SDK defines (docs/host-keys.md): add "catalogue": "openai-apps.toolInvocation.invoking" to it, which exempts its name from the MCP key-name rules.`,
    );
  });

  it('still reports the key name when another schema error stops the semantic pass', () => {
    const problems = problemsOf(parseRegistry(manifestWithKeys({ progressToken: { producers: ['p.ts'] } }, { emiters: [] }), FILE));
    expect(problems.map((p) => p.pointer)).toEqual(['/emiters', '/keys/progressToken']);
    expect(problems[1].message).toMatch(
      /^Key 'progressToken' is not a server's to register: 'progressToken' is a key MCP defines for request _meta/,
    );
    expect(problems[1].fix).toBe(
      `Remove key 'progressToken' from the manifest. Remove this write, or use a key of your own (e.g. com.example/name); reading it from a request needs no registration.`,
    );
  });

  it("rejects MCP's own keys unless external or catalogued", () => {
    const problems = problemsOf(parseRegistry(manifestWithKeys({ 'io.modelcontextprotocol/custom': { producers: ['s.ts'] } }), FILE));
    expect(problems[0].message).toMatch(/MCP reserves for itself/);
    const registry = registryOf(
      parseRegistry(
        manifestWithKeys({ 'io.modelcontextprotocol/related-task': { producers: ['s.ts'], catalogue: 'mcp.related-task' } }),
        FILE,
      ),
    );
    expect(registry.keys.get('io.modelcontextprotocol/related-task')).toMatchObject({
      external: true,
      catalogue: 'mcp.related-task',
      planes: ['request', 'result', 'notification'].filter((plane) => plane === 'result'),
    });
  });

  it.each([
    ['ui/resourceUri', { catalogue: 'mcp-apps.ui-resourceUri' }, "Write 'ui.resourceUri' instead: ext-apps 2 deprecates"],
    ['io.modelcontextprotocol/model-immediate-response', { external: true }, 'moved out of the core protocol into the Tasks extension'],
    ['io.modelcontextprotocol/related-task', { external: true }, 'MCP 2026-07-28 moved tasks out of the core protocol'],
  ])('warns that %s is a deprecated host key and names its replacement', (key, extra, fix) => {
    const result = parseRegistry(manifestWithKeys({ [key]: { producers: ['s.ts'], ...extra } }), FILE);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.warnings.map((warning) => [warning.severity, warning.message])).toEqual([
      [
        'warning',
        expect.stringMatching(new RegExp(`^Key '${key}' is deprecated by .* \\(catalogue entry '[^']+', docs/host-keys\\.md\\)\\.$`)),
      ],
    ]);
    expect(result.warnings[0].fix).toContain(fix);
  });

  // One status for OpenAI's compatibility keys: current ("no plans to deprecate"), so registering them warns of nothing.
  it.each([
    ['openai/widgetCSP', { plane: 'resource', external: true }],
    ['openai/widgetDomain', { catalogue: 'openai-apps.widgetDomain' }],
    ['openai/outputTemplate', { catalogue: 'openai-apps.outputTemplate' }],
  ])('registers %s without a deprecation warning', (key, extra) => {
    const result = parseRegistry(manifestWithKeys({ [key]: { producers: ['s.ts'], ...extra } }), FILE);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.warnings).toEqual([]);
  });

  it('suggests the catalogue key for a typo of one', () => {
    const problems = problemsOf(parseRegistry(manifestWithKeys({ 'openai/toolInvocation/invokng': { producers: ['w.ts'] } }), FILE));
    expect(problems[0].fix).toMatch(
      /^Did you mean the host key 'openai\/toolInvocation\/invoking'\? Rename it and add "catalogue": "openai-apps.toolInvocation.invoking"/,
    );
  });

  it('warns (does not fail) when an external key is a near miss of a catalogue key', () => {
    const result = parseRegistry(
      manifestWithKeys({ 'openai/widgetCsp': { producers: ['r.ts'], plane: 'resource', external: true } }),
      FILE,
    );
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatchObject({ severity: 'warning', pointer: '/keys/openai~1widgetCsp' });
    expect(result.warnings[0].message).toBe(
      `External key 'openai/widgetCsp' is not in the host-key catalogue, but 'openai/widgetCSP' is (a typo?).`,
    );
  });
});

describe('parseRegistry: catalogue entries', () => {
  it("takes the entry's fields and planes when the key gives none, and the key's own when it does", () => {
    const registry = registryOf(
      parseRegistry(
        manifestWithKeys({
          'openai/widgetCSP': { producers: ['r.ts'], catalogue: 'openai-apps.widgetCSP' },
          ui: { producers: ['r.ts'], catalogue: 'mcp-apps.ui' },
          'mcp/www_authenticate': { producers: ['t.ts'], catalogue: 'openai-apps.www_authenticate' },
          'ui/resourceUri': { producers: ['w.ts'], catalogue: 'mcp-apps.ui-resourceUri', fields: ['own'] },
        }),
        FILE,
      ),
    );
    const csp = registry.keys.get('openai/widgetCSP');
    expect(csp).toMatchObject({ external: true, catalogue: 'openai-apps.widgetCSP', planes: ['resource'] });
    expect([...(csp?.fields?.keys() ?? [])]).toEqual(['connect_domains', 'resource_domains', 'frame_domains', 'redirect_domains']);
    expect(registry.keys.get('ui')?.planes).toEqual(['tool', 'resource']);
    expect([...(registry.keys.get('ui')?.fields?.get('csp')?.fields?.keys() ?? [])]).toEqual([
      'connectDomains',
      'resourceDomains',
      'frameDomains',
      'baseUriDomains',
    ]);
    expect(registry.keys.get('mcp/www_authenticate')?.planes).toEqual(['result']);
    expect([...(registry.keys.get('ui/resourceUri')?.fields?.keys() ?? [])]).toEqual(['own']);
    expect([...registry.keysOnPlane('tool').keys()]).toEqual(['ui', 'ui/resourceUri']);
  });

  it('rejects an unknown entry id with "did you mean"', () => {
    const text =
      '{\n  "version": 1,\n  "keys": {\n    "openai/outputTemplate": { "producers": ["w.ts"], "catalogue": "openai-apps.outputTemplat" }\n  }\n}';
    const problems = problemsOf(parseRegistry(text, FILE));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ pointer: '/keys/openai~1outputTemplate/catalogue', line: 4, column: 68 });
    expect(problems[0].message).toBe(
      `Key 'openai/outputTemplate' names the catalogue entry 'openai-apps.outputTemplat', which the host-key catalogue does not have (did you mean 'openai-apps.outputTemplate'?).`,
    );
    expect(problems[0].fix).toMatch(
      /^Write "catalogue": "openai-apps.outputTemplate"; entries of that host: openai-apps.outputTemplate, openai-apps.widgetAccessible/,
    );
  });

  it('rejects an unknown entry id far from any, pointing at the doc', () => {
    const problems = problemsOf(
      parseRegistry(manifestWithKeys({ 'com.example/x': { producers: ['w.ts'], catalogue: 'nothing-like-it' } }), FILE),
    );
    expect(problems[0].fix).toBe(
      `Use an entry id from docs/host-keys.md, or replace "catalogue" with "external": true for a host key the catalogue does not list.`,
    );
  });

  it("rejects a key whose name is not the entry's key or pattern", () => {
    const problems = problemsOf(
      parseRegistry(
        manifestWithKeys({ 'openai/widgetAccessible': { producers: ['w.ts'], catalogue: 'openai-apps.outputTemplate' } }),
        FILE,
      ),
    );
    expect(problems.map((p) => [p.pointer, p.message, p.fix])).toEqual([
      [
        '/keys/openai~1widgetAccessible/catalogue',
        `Key 'openai/widgetAccessible' names the catalogue entry 'openai-apps.outputTemplate', which is the key 'openai/outputTemplate'.`,
        `Write "catalogue": "openai-apps.widgetAccessible" (the entry for 'openai/widgetAccessible').`,
      ],
    ]);
    const pattern = problemsOf(
      parseRegistry(manifestWithKeys({ 'com.example/x': { producers: ['w.ts'], catalogue: 'mcp.reserved-prefix' } }), FILE),
    );
    expect(pattern[0].message).toMatch(/whose keys match \/.+\/, and 'com.example\/x' does not/);
    registryOf(
      parseRegistry(manifestWithKeys({ 'io.modelcontextprotocol/x': { producers: ['w.ts'], catalogue: 'mcp.reserved-prefix' } }), FILE),
    );
  });

  it('rejects a declared plane the entry does not live on', () => {
    const text =
      '{\n  "version": 1,\n  "keys": {\n    "openai/outputTemplate": { "producers": ["w.ts"], "plane": "result", "catalogue": "openai-apps.outputTemplate" }\n  }\n}';
    const problems = problemsOf(parseRegistry(text, FILE));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ pointer: '/keys/openai~1outputTemplate/plane', line: 4, column: 64 });
    expect(problems[0].message).toBe(
      `Key 'openai/outputTemplate' is declared on the result plane, but the OpenAI Apps SDK defines it on tool (catalogue entry 'openai-apps.outputTemplate').`,
    );
    expect(problems[0].fix).toBe(`Write "plane": "tool", or remove "plane" to take the entry's.`);
  });

  it('rejects an entry that only the other side writes', () => {
    const problems = problemsOf(
      parseRegistry(manifestWithKeys({ progressToken: { producers: ['p.ts'], catalogue: 'mcp.progressToken' } }), FILE),
    );
    expect(problems.map((p) => p.pointer)).toEqual(['/keys/progressToken']);
    expect(problems[0].message).toBe(
      `Key 'progressToken' is not a server's to register: 'progressToken' is a key MCP defines for request _meta, which the other side writes (catalogue entry 'mcp.progressToken'); a server does not write it as its own.`,
    );
  });

  it('rejects "external": false beside a catalogue entry', () => {
    const problems = problemsOf(
      parseRegistry(
        manifestWithKeys({ 'openai/visibility': { producers: ['w.ts'], catalogue: 'openai-apps.visibility', external: false } }),
        FILE,
      ),
    );
    expect(problems.map((p) => p.pointer)).toEqual(['/keys/openai~1visibility/external']);
  });
});

describe("the fixture servers' manifests", () => {
  it.each(['sdk-server', 'apps-widget-server', 'js-server'])('%s loads, with its files under several keys', (fixture) => {
    const file = path.join(ROOT, 'fixtures', fixture, 'mcp-meta.registry.json');
    const result = parseRegistry(fs.readFileSync(file, 'utf8'), file, { checkGlobs: true });
    if (!result.ok) throw new Error(JSON.stringify(result.problems, null, 2));
    // The widget server still writes the flat ui/resourceUri for older hosts: a deprecation warning, nothing else
    // (OpenAI's openai/widgetCSP and openai/widgetDomain are current keys).
    const deprecated = fixture === 'apps-widget-server' ? ['/keys/ui~1resourceUri'] : [];
    expect(result.warnings.map((warning) => [warning.pointer, /is deprecated by/.test(warning.message)])).toEqual(
      deprecated.map((pointer) => [pointer, true]),
    );
  });

  it('gives the widget server its planes from the manifest and the catalogue', () => {
    const file = path.join(ROOT, 'fixtures', 'apps-widget-server', 'mcp-meta.registry.json');
    const registry = registryOf(parseRegistry(fs.readFileSync(file, 'utf8'), file));
    expect([...registry.keysOnPlane('result').keys()]).toEqual([
      'mcp/www_authenticate',
      'com.example.pizza/list',
      'com.example.pay/receipt',
      'com.example.pay/declined',
    ]);
    expect(registry.keysOnPlane('resource').get('openai/widgetCSP')?.catalogue).toBe('openai-apps.widgetCSP');
    expect(registry.classifyFile(path.join(ROOT, 'fixtures/apps-widget-server/src/middleware/payment.ts')).ownedKeys).toEqual([
      'com.example.pay/receipt',
      'com.example.pay/declined',
    ]);
  });
});
