/**
 * `mcp-meta init` as a safe first step (issue 23): the manifest it writes over each fixture server, compared exactly;
 * a framework-shaped server whose wrapper is a producer and whose runner is the merge layer; and the keys it holds
 * back for a person's decision (a near miss or an unknown key of a host, a deprecated, reserved or inbound key).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../src/cli/findings';
import { parseRegistry } from '../../src/registry';
import { lintSourcesOf, RECOMMENDED_FLAT_CONFIG, repoRoot, runNode, TSC_BIN } from '../e2e/helpers/e2e';
import { assertBinBuilt, makeTempDir, readManifestText, removeTempDirs, runBin, writeFiles } from './run-bin';

const EXPECTED = path.join(__dirname, 'init-expected');
const FRAMEWORK = path.join(__dirname, 'fixtures/framework-server');
const copies: string[] = [];

beforeAll(assertBinBuilt);
afterAll(() => {
  removeTempDirs();
  for (const dir of copies) fs.rmSync(dir, { recursive: true, force: true });
});

function expected(name: string): string {
  return fs.readFileSync(path.join(EXPECTED, `${name}.json`), 'utf8');
}

/** A copy of `source` without its manifest (and the seeded violations and generated files), outside the repository. */
function copyOf(source: string): string {
  const dir = makeTempDir();
  fs.cpSync(source, dir, { recursive: true });
  for (const drop of ['mcp-meta.registry.json', 'src/violations', 'generated'])
    fs.rmSync(path.join(dir, drop), { recursive: true, force: true });
  return dir;
}

function findingsOf(stdout: string): Finding[] {
  return (JSON.parse(stdout) as { findings: Finding[] }).findings;
}

describe('init over the fixture servers writes exactly the manifest a careful team starts from', () => {
  // sdk-server, js-server: the wrappers that spread a handler's result and add their keys (with-meta.ts, timing.js)
  // are producers of those keys, not a merge layer. apps-widget-server: the deprecated `ui/resourceUri` is held
  // back; OpenAI's `openai/widgetCSP` and `openai/widgetDomain` are current (catalogue v4) and registered.
  // example-server: the dispatch that assembles collected keys is the merge layer; `metric_glossary` is the eval
  // command's JSON body, which the analysis still takes for a result (the hand-written manifest ignores that file).
  // framework-package, sdk-v2-server: the kit's result wrapper and the gateway merge their own keys into a result:
  // producers, not a merge layer (the hand-written manifests list them there; the lint is clean either way).
  // framework-package proposes no `sinks`: the kit's registration method is named `registerTool` (read config-first
  // already) and its `registerView(view)` builds the resource props itself, forwarding none of the caller's `_meta`.
  it.each([
    'sdk-server',
    'js-server',
    'apps-widget-server',
    'example-server',
    'framework-package',
    'mcp-apps-server',
    'sdk-v2-server',
    'proxy-server',
  ])('%s', (fixture) => {
    const dir = copyOf(path.join(repoRoot, 'fixtures', fixture));
    const result = runBin(['init', '--format', 'json'], dir);
    expect(result.stderr).toBe('');
    expect(readManifestText(dir)).toBe(expected(fixture));
    const findings = findingsOf(result.stdout);
    if (fixture === 'apps-widget-server') {
      expect(result.status).toBe(1);
      expect(findings.map((finding) => `${finding.code} ${finding.file} ${finding.message}`)).toEqual([
        "key-held-back src/widget/meta.ts Key 'ui/resourceUri' is deprecated by MCP Apps (catalogue entry 'mcp-apps.ui-resourceUri').",
      ]);
    } else {
      expect(result.status).toBe(0);
      expect(findings).toEqual([]);
    }
  });
});

describe('init over a framework-shaped server', () => {
  it('type-checks against the real SDK', async () => {
    const run = await runNode(TSC_BIN, ['--noEmit', '-p', path.relative(repoRoot, FRAMEWORK)], { cwd: repoRoot });
    expect(run.stdout + run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  it('makes the runner that merges collected keys the merge layer, the wrapper and the re-wrapping helper producers or nothing', () => {
    const dir = copyOf(FRAMEWORK);
    const result = runBin(['init'], dir);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(readManifestText(dir)).toBe(expected('framework-server'));
    // `cursor` is written only when there are more pages, `exact` by every write: one optional, one required.
    expect(result.stdout).toContain('typed 2 fields from the literals the code writes (com.acme/search.cursor, com.acme/search.exact)');
  });

  it('lints clean under the manifest init wrote (recommended config)', async () => {
    // Two levels below the repository, as the fixtures sit, so the config's `../../dist` resolves.
    const dir = path.join(repoRoot, 'tmp', `framework-server-init-${process.pid}`);
    copies.push(dir);
    fs.cpSync(FRAMEWORK, dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'eslint.config.js'), RECOMMENDED_FLAT_CONFIG);
    const result = runBin(['init'], dir);
    expect(result.status, result.stdout).toBe(0);
    expect(await lintSourcesOf(dir)).toEqual([]);
  });
});

const HOST_KEYS_SERVER = {
  'src/tools.ts': `
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export function register(server: McpServer) {
  server.registerTool(
    'show',
    {
      description: 'Shows a card',
      _meta: {
        'openai/outputTemplat': 'ui://widget/card.html',
        'openai/widgetFoo': true,
        'ui/resourceUri': 'ui://widget/card.html',
        ui: { resourceURI: 'ui://widget/card.html' },
      },
    },
    async () => ({
      content: [{ type: 'text', text: 'shown' }],
      _meta: { 'io.modelcontextprotocol/cost': 1, progressToken: 'p-1', 'com.acme/card': { id: 'c1' } },
    }),
  );
}
`,
  // The same key written with and without a field, and an array-valued key whose items differ.
  'src/cards.ts': `
export function card(id: string, pinned: boolean) {
  if (pinned) return { content: [], _meta: { 'com.acme/card': { id: 'c2', pinned: true } } };
  return { content: [], _meta: { 'com.acme/warnings': [{ code: 'stale', param: id }] } };
}
export function other() {
  return { content: [], _meta: { 'com.acme/warnings': [{ code: 'renamed', param: 'q', suggestion: 'query' }] } };
}
`,
};

describe('init holds back what the catalogue and the key-name rules argue against, and says so', () => {
  const HELD = [
    "key-held-back 'io.modelcontextprotocol/cost' uses a prefix MCP reserves for itself, and no catalogue entry names this key.",
    "key-held-back Key 'openai/outputTemplat' is not in the host-key catalogue, but 'openai/outputTemplate' is (the OpenAI Apps SDK, catalogue entry 'openai-apps.outputTemplate'): a typo?",
    "key-held-back Key 'openai/widgetFoo' is under the OpenAI Apps SDK's namespace 'openai/', but the host-key catalogue has no such key (docs/host-keys.md).",
    "key-held-back 'progressToken' is a key MCP defines for request _meta, which the other side writes (catalogue entry 'mcp.progressToken'); a server does not write it as its own.",
    "key-held-back Field 'ui.resourceURI' is not a field MCP Apps defines for 'ui' (catalogue entry 'mcp-apps.ui'); 'resourceUri' is (a typo?).",
    "key-held-back Key 'ui/resourceUri' is deprecated by MCP Apps (catalogue entry 'mcp-apps.ui-resourceUri').",
  ];
  const OWN_KEYS = {
    'com.acme/card': {
      producers: ['src/cards.ts', 'src/tools.ts'],
      type: 'object',
      // `pinned` is left out by one of the two writes: optional.
      fields: { id: { type: 'string' }, pinned: { type: 'boolean', optional: true } },
    },
    'com.acme/warnings': {
      producers: ['src/cards.ts'],
      type: 'array',
      fields: { code: { type: 'string' }, param: {}, suggestion: { type: 'string', optional: true } },
    },
  };

  it('writes only what nobody needs to decide, and reports the rest as findings with the catalogue entry', () => {
    const dir = makeTempDir();
    writeFiles(dir, HOST_KEYS_SERVER);
    const result = runBin(['init', '--format', 'json'], dir);
    expect(result.status).toBe(1);
    expect(findingsOf(result.stdout).map((finding) => `${finding.code} ${finding.message}`)).toEqual(HELD);
    expect(findingsOf(result.stdout).every((finding) => finding.severity === 'warning' && finding.file === 'src/tools.ts')).toBe(true);
    const manifest = JSON.parse(readManifestText(dir)) as { keys: Record<string, unknown> };
    // `ui` takes the host's fields from its catalogue entry: the misspelt `resourceURI` is not registered as one.
    expect(manifest.keys).toEqual({ ...OWN_KEYS, ui: { producers: ['src/tools.ts'], catalogue: 'mcp-apps.ui', plane: 'tool' } });
    // The file note does not count keys it did not register.
    expect(result.stdout).not.toContain('writes 3 keys');
    // --update holds back the same keys, and says so again: nothing to add, the same findings.
    const update = runBin(['init', '--update', '--format', 'json'], dir);
    expect(update.status).toBe(1);
    expect(findingsOf(update.stdout).map((finding) => `${finding.code} ${finding.message}`)).toEqual(HELD);
    expect(JSON.parse(readManifestText(dir))).toEqual(manifest);
  });

  it("holds back a field of MCP Apps' ui written at the top of _meta, registers a team key that only shares its name", () => {
    // yaniv-apigene/apigene-mcp-apps-templates writes `visibility` beside `ui`; hosts read only `ui.visibility`.
    const dir = makeTempDir();
    writeFiles(dir, {
      'src/tools.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function tools(server: McpServer) {
  server.registerTool('show', { _meta: { ui: { resourceUri: 'ui://w/view.html' }, visibility: ['app'] } }, async () => ({ content: [] }));
  server.registerTool('plain', { _meta: { 'com.acme/visibility': 'public' } }, async () => ({ content: [] }));
}
`,
    });
    const result = runBin(['init', '--format', 'json'], dir);
    const held = findingsOf(result.stdout).filter((finding) => finding.code === 'key-held-back');
    expect(held.map((finding) => finding.message.split(' is written')[0])).toEqual(["Key 'visibility'"]);
    expect(held[0].message).toContain("MCP Apps' `ui.visibility`");
    expect(held[0].fix).toContain('`_meta: { ui: { visibility } }`');
    expect(Object.keys((JSON.parse(readManifestText(dir)) as { keys: object }).keys)).toEqual(['com.acme/visibility', 'ui']);
    // check agrees with the lint: no add-key advice for it (valid-app-linkage reports the write).
    const checked = runBin(['check', '--format', 'json'], dir);
    expect(findingsOf(checked.stdout).filter((finding) => finding.code === 'key-unregistered')).toEqual([]);
    // A server that also writes a `visibility` of its own form (not a list of 'model' / 'app'): a key of its own, registered.
    const own = makeTempDir();
    writeFiles(own, {
      'src/tools.ts': fs.readFileSync(path.join(dir, 'src/tools.ts'), 'utf8'),
      'src/list.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function list(server: McpServer) {
  server.registerTool('list', { _meta: { visibility: 'public' } }, async () => ({ content: [] }));
}
`,
    });
    runBin(['init', '--format', 'json'], own);
    expect(Object.keys((JSON.parse(readManifestText(own)) as { keys: object }).keys)).toContain('visibility');
    // As found, it is registered (the lint still reports each write: the host never reads it there).
    const accepted = makeTempDir();
    writeFiles(accepted, { 'src/tools.ts': fs.readFileSync(path.join(dir, 'src/tools.ts'), 'utf8') });
    runBin(['init', '--accept-found', '--format', 'json'], accepted);
    expect(Object.keys((JSON.parse(readManifestText(accepted)) as { keys: object }).keys)).toEqual([
      'com.acme/visibility',
      'ui',
      'visibility',
    ]);
  });

  it('--accept-found registers what the validation allows as found, never a reserved or inbound key', () => {
    const dir = makeTempDir();
    writeFiles(dir, HOST_KEYS_SERVER);
    const result = runBin(['init', '--accept-found', '--format', 'json'], dir);
    expect(result.status).toBe(1);
    expect(findingsOf(result.stdout).map((finding) => `${finding.code} ${finding.message}`)).toEqual([HELD[0], HELD[3]]);
    const report = JSON.parse(result.stdout) as { notes: string[] };
    expect(report.notes.filter((note) => note.startsWith('accepted as found'))).toHaveLength(4);
    const text = readManifestText(dir);
    const manifest = JSON.parse(text) as { keys: Record<string, { fields?: Record<string, unknown> }> };
    expect(Object.keys(manifest.keys)).toEqual([
      'com.acme/card',
      'com.acme/warnings',
      'openai/outputTemplat',
      'openai/widgetFoo',
      'ui',
      'ui/resourceUri',
    ]);
    expect(manifest.keys['openai/widgetFoo']).toEqual({ producers: ['src/tools.ts'], external: true, plane: 'tool' });
    expect(manifest.keys['openai/outputTemplat']).toEqual({ producers: ['src/tools.ts'], plane: 'tool' });
    expect(manifest.keys['ui/resourceUri']).toEqual({ producers: ['src/tools.ts'], catalogue: 'mcp-apps.ui-resourceUri', plane: 'tool' });
    // The manifest lists only the accepted field; the registry joins it to the host's fields instead of replacing them.
    expect(manifest.keys.ui.fields).toEqual({ resourceURI: { type: 'string' } });
    const loaded = parseRegistry(text, path.join(dir, 'mcp-meta.registry.json'), { checkGlobs: true });
    expect(loaded.ok ? [] : loaded.problems).toEqual([]);
    expect([...((loaded.ok && loaded.registry.keys.get('ui')?.fields) || new Map()).keys()]).toEqual([
      'resourceUri',
      'visibility',
      'csp',
      'domain',
      'permissions',
      'prefersBorder',
      'resourceURI',
    ]);
    // What init wrote, check accepts: the host fields the code never writes are no promise of its producers.
    const check = runBin(['check', '--format', 'json'], dir);
    expect(findingsOf(check.stdout).filter((finding) => finding.code === 'field-not-written')).toEqual([]);
  });
});

describe('init proposes a get…Meta function as a hook function only when no code calls it outside a hook', () => {
  it('leaves out a builder of descriptor metadata (mcp-framework getToolMeta), keeps the one a metaHook calls', () => {
    const dir = makeTempDir();
    writeFiles(dir, {
      'src/app.ts': `
export class CardApp {
  getToolMeta(name: string) {
    return { ui: { resourceUri: \`ui://cards/\${name}\` } };
  }
}
`,
      'src/server.ts': `
import { CardApp } from './app.js';
export function toolsList(app: CardApp) {
  const meta = app.getToolMeta('show');
  return { tools: [{ name: 'show', inputSchema: { type: 'object' }, _meta: meta }] };
}
`,
      'src/hooks.ts': `
export function getUsageMeta(tool: string) {
  return { 'com.acme/usage': { tool } };
}
export const options = { metaHook: (call: { tool: string }) => getUsageMeta(call.tool) };
`,
    });
    const result = runBin(['init'], dir);
    expect(result.status, result.stdout).toBe(0);
    const manifest = JSON.parse(readManifestText(dir)) as { hookFunctions?: string[]; hooks?: string[] };
    expect(manifest.hookFunctions).toEqual(['getUsageMeta']);
  });
});

describe('init holds back a written key near another as its likely typo, and only such a key', () => {
  const TYPO_SERVER = {
    'src/search.ts': `
export function search(hits: number) {
  return { content: [], _meta: { 'com.acme/retrieval': { hits }, 'com.acme/timing': { ms: 2 } } };
}
export function again(hits: number) {
  return { content: [], _meta: { 'com.acme/retrieval': { hits } } };
}
`,
    // Written once, beside the same key written twice: a typo. The short keys are near \`ui\` (MCP Apps) and each
    // other only in absolute edits: near relative to their length, none is a typo of anything.
    'src/misc.ts': `
export function misc(hits: number) {
  return { content: [], _meta: { 'com.acme/retreival': { hits }, ms: 1, id: 'x', ts: 2, db: 'a', api: 1, uuid: 'u', unit: 'u', url: 'u', v1: 1, v2: 2 } };
}
`,
  };
  const TYPO =
    "key-held-back src/misc.ts Key 'com.acme/retreival' (written at 1 site) is near 'com.acme/retrieval' (written at 2 sites): a typo?";

  it('holds back the key written less, registers the short keys, and says nothing about one literal with two keys', async () => {
    // Two levels below the repository, as the fixtures sit, so the lint config's `../../dist` resolves.
    const dir = path.join(repoRoot, 'tmp', `typo-server-init-${process.pid}`);
    copies.push(dir);
    fs.rmSync(dir, { recursive: true, force: true });
    writeFiles(dir, TYPO_SERVER);
    const result = runBin(['init', '--format', 'json'], dir);
    expect(result.status).toBe(1);
    expect(findingsOf(result.stdout).map((finding) => `${finding.code} ${finding.file} ${finding.message}`)).toEqual([TYPO]);
    const manifest = JSON.parse(readManifestText(dir)) as { keys: Record<string, unknown> };
    expect(Object.keys(manifest.keys)).toEqual(
      ['api', 'com.acme/retrieval', 'com.acme/timing', 'db', 'id', 'ms', 'ts', 'unit', 'url', 'uuid', 'v1', 'v2'].sort(),
    );
    // One returned literal with two keys is one write the rules accept: no advice about producer units.
    expect((JSON.parse(result.stdout) as { notes: string[] }).notes.filter((note) => note.includes('producer unit'))).toEqual([]);
    // The lint then asks the same question at the write.
    fs.writeFileSync(path.join(dir, 'eslint.config.js'), RECOMMENDED_FLAT_CONFIG);
    const lint = await lintSourcesOf(dir);
    expect(lint.filter((line) => line.includes('retreival'))).toEqual([
      expect.stringMatching(
        /^src\/misc\.ts:3:\d+ mcp-meta\/no-unregistered-meta-key .*'com\.acme\/retreival'.*Did you mean 'com\.acme\/retrieval'\?/,
      ),
    ]);
    // --update does not quietly add it: it is near a registered key now, and reported again.
    const update = runBin(['init', '--update', '--format', 'json'], dir);
    expect(update.status).toBe(1);
    expect(findingsOf(update.stdout).map((finding) => `${finding.code} ${finding.file} ${finding.message}`)).toEqual([
      "key-held-back src/misc.ts Key 'com.acme/retreival' (written at 1 site) is near the registered key 'com.acme/retrieval': a typo?",
    ]);
    // The way to register it anyway is the command that works on an existing manifest.
    expect(findingsOf(update.stdout)[0].fix).toContain('run `mcp-meta init --update --accept-found` to register it as found');
    expect(Object.keys((JSON.parse(readManifestText(dir)) as { keys: object }).keys)).not.toContain('com.acme/retreival');
    // --accept-found is the person's word: registered, and never held again.
    expect(runBin(['init', '--update', '--accept-found'], dir).status).toBe(0);
    expect(Object.keys((JSON.parse(readManifestText(dir)) as { keys: object }).keys)).toContain('com.acme/retreival');
    expect(runBin(['init', '--update'], dir).status).toBe(0);
  });

  it('of two near keys written equally often, registers one and holds the other, naming both and why', () => {
    const dir = makeTempDir();
    writeFiles(dir, {
      'src/a.ts': `export const a = () => ({ content: [], _meta: { 'com.acme/provenance': { from: 'a' } } });\n`,
      'src/b.ts': `export const b = () => ({ content: [], _meta: { 'com.acme/provenence': { from: 'b' } } });\n`,
    });
    const result = runBin(['init', '--format', 'json'], dir);
    expect(result.status).toBe(1);
    const held = findingsOf(result.stdout);
    expect(held.map((finding) => `${finding.code} ${finding.file} ${finding.message}`)).toEqual([
      "key-held-back src/b.ts Key 'com.acme/provenence' (written at 1 site) is near 'com.acme/provenance' (written at 1 site): one is likely a typo of the other, and both are written as often. 'com.acme/provenance' is registered, as the one meant: it comes first in code-unit order (nothing else tells them apart).",
    ]);
    expect(held[0].fix).toContain("if 'com.acme/provenence' is, rename 'com.acme/provenance' in the code and in the manifest instead");
    expect(Object.keys((JSON.parse(readManifestText(dir)) as { keys: object }).keys)).toEqual(['com.acme/provenance']);
    // The same answer on every run, and --update does not add the held key quietly: it is near a registered key now.
    const update = runBin(['init', '--update', '--format', 'json'], dir);
    expect(update.status).toBe(1);
    expect(findingsOf(update.stdout).map((finding) => finding.message)).toEqual([
      "Key 'com.acme/provenence' (written at 1 site) is near the registered key 'com.acme/provenance': a typo?",
    ]);
  });
});

describe('init names the file that writes a host key off its host’s plane', () => {
  // axite-ai/apps-sdk-template: the route links each tool's widget on its descriptor (the host's plane), and the
  // auth helpers put the same key on the results they build (a plane the host does not read it on). The finding is
  // about the result writes: it names their file, not the route that sorts first among the key's producers.
  it('names a file that writes it on the plane held back, not the first producer', () => {
    const dir = makeTempDir();
    writeFiles(dir, {
      'app/route.ts': `
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { loginPrompt } from '../lib/auth-responses.js';

export function register(server: McpServer) {
  server.registerTool(
    'hello',
    { description: 'Says hello', _meta: { 'openai/outputTemplate': 'ui://widget/hello.html' } },
    async () => loginPrompt(),
  );
}
`,
      'lib/auth-responses.ts': `
export function loginPrompt() {
  return {
    content: [{ type: 'text' as const, text: 'Please sign in.' }],
    structuredContent: { message: 'Please sign in.' },
    _meta: { 'openai/outputTemplate': 'ui://widget/login.html' },
    isError: false,
  };
}
`,
    });
    const result = runBin(['init', '--format', 'json'], dir);
    expect(result.status).toBe(1);
    expect(findingsOf(result.stdout).map((finding) => `${finding.code} ${finding.file} ${finding.message}`)).toEqual([
      "key-held-back lib/auth-responses.ts Key 'openai/outputTemplate' is written on the result plane, but the OpenAI Apps SDK defines it on tool (catalogue entry 'openai-apps.outputTemplate').",
    ]);
    // Registered for the plane the host reads it on, with both writers as its producers.
    const manifest = JSON.parse(readManifestText(dir)) as { keys: Record<string, unknown> };
    expect(manifest.keys['openai/outputTemplate']).toEqual({
      producers: ['app/route.ts', 'lib/auth-responses.ts'],
      catalogue: 'openai-apps.outputTemplate',
      plane: 'tool',
    });
  });
});
