/**
 * `mcp-meta check` across files for MCP Apps / ChatGPT widgets: a tool's link (`ui.resourceUri`, `openai/outputTemplate`)
 * to a `ui://` URI no file registers (`app-resource-missing`), and a linked resource whose MIME type its hosts do not
 * render (`app-mime-type`), each naming both places; links that cannot be matched statically are a note, never a
 * finding. On the two fixture servers (real ext-apps and SDK code) and on small projects for each negative case.
 */
import * as path from 'node:path';
import { Linter } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import plugin from '../../rules';
import { assertBinBuilt, makeTempDir, removeTempDirs, REPO_ROOT, runBin, writeFiles, writeManifest } from './run-bin';

interface CheckJson {
  ok: boolean;
  findings: Array<{ code: string; message: string; file: string; line: number; column: number; fix: string }>;
  notes: string[];
}

function check(dir: string): { status: number | null; json: CheckJson } {
  const result = runBin(['check', '--format', 'json'], dir);
  expect(result.stderr).toBe('');
  return { status: result.status, json: JSON.parse(result.stdout) as CheckJson };
}

/** `code file:line:column` of the widget findings (`file` is relative to the working folder, as printed). */
function sites(json: CheckJson): string[] {
  return json.findings
    .filter((finding) => finding.code.startsWith('app-'))
    .map((finding) => `${finding.code} ${finding.file}:${finding.line}:${finding.column}`);
}

const TOOLS = (uri: string) => `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function tools(server: McpServer) {
  server.registerTool('show', { _meta: { ui: { resourceUri: ${uri} } } }, async () => ({ content: [] }));
}
`;
const RESOURCES = (
  uri: string,
  mime = "'text/html;profile=mcp-app'",
) => `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export const VIEW = 'ui://w/view.html';
export function resources(server: McpServer, html: string) {
  server.registerResource('view', ${uri}, {}, async () => ({ contents: [{ uri: ${uri}, mimeType: ${mime}, text: html }] }));
}
`;

function project(files: Record<string, string>): string {
  const dir = makeTempDir();
  writeFiles(dir, files);
  writeManifest(dir, { version: 1, keys: {} });
  return dir;
}

beforeAll(assertBinBuilt);
afterAll(removeTempDirs);

describe('check: widget links across files', () => {
  it("reads a link a subclass gives through sinks.classMembers, in a file that never names _meta (mapbox's RenderMapTool)", () => {
    const dir = makeTempDir();
    writeFiles(dir, {
      'src/base-tool.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export abstract class BaseTool {
  abstract readonly name: string;
  readonly meta?: Record<string, unknown>;
  installTo(server: McpServer) {
    const config: { _meta?: Record<string, unknown> } = {};
    if (this.meta) config._meta = this.meta;
    return server.registerTool(this.name, config, async () => ({ content: [] }));
  }
}
`,
      'src/map-tool.ts': `import { BaseTool } from './base-tool.js';
export class MapTool extends BaseTool {
  readonly name = 'map';
  readonly meta = { ui: { resourceUri: 'ui://w/veiw.html' } };
}
`,
      'src/resources.ts': RESOURCES("'ui://w/view.html'"),
    });
    writeManifest(dir, {
      version: 1,
      sinks: { classMembers: [{ class: 'BaseTool', member: 'meta' }] },
      keys: { ui: { producers: ['src/map-tool.ts'], catalogue: 'mcp-apps.ui', plane: 'tool' } },
    });
    const { status, json } = check(dir);
    expect(sites(json)).toEqual(['app-resource-missing src/map-tool.ts:4:40']);
    expect(status).toBe(1);
  });

  it('app-linkage-server: a misspelt link, a skybridge resource an MCP Apps tool links, content items without a MIME type or a body, widget values hosts reject', () => {
    const dir = path.join(REPO_ROOT, 'fixtures/app-linkage-server');
    const { status, json } = check(dir);
    expect(status).toBe(1);
    expect(sites(json)).toEqual([
      'app-content-empty src/violations/content-without-body.ts:22:20',
      'app-mime-type src/violations/content-without-mime.ts:13:16',
      'app-value src/violations/csp-not-origins.ts:15:32',
      'app-value src/violations/csp-not-origins.ts:16:33',
      'app-mime-type src/violations/legacy-resource.ts:7:61',
      'app-mime-type src/violations/legacy-resource.ts:8:45',
      'app-resource-missing src/violations/link-typo.ts:10:78',
      'app-value src/violations/not-ui-scheme.ts:9:72',
      'app-value src/violations/permissions-list.ts:12:37',
      'app-value src/violations/permissions-list.ts:22:32',
      'app-resource-missing src/violations/same-file-typo.ts:11:72',
      'app-value src/violations/visibility-user.ts:12:63',
    ]);
    const typo = json.findings.find((finding) => finding.file.endsWith('link-typo.ts'))!;
    // Both places: the link, and the registered URI it is nearest to with its file and line.
    expect(typo.message).toContain("'ui://dashboard/setings.html'");
    expect(typo.message).toContain("'ui://dashboard/settings.html' is registered at src/app/resources.ts:26:43");
    const legacy = json.findings.find((finding) => finding.line === 7)!;
    expect(legacy.message).toContain('`ui.resourceUri` links it (src/violations/legacy-tool.ts:11:72)');
    expect(legacy.message).toContain("MCP Apps hosts render only 'text/html;profile=mcp-app'");
    expect(json.notes).toContain('matched 8 of 11 widget links against 11 ui:// resources');
    const empty = json.findings.find((finding) => finding.code === 'app-content-empty')!;
    expect(empty.message).toContain("the widget resource 'ui://dashboard/notes.html' has neither text nor blob");
  });

  it('chatgpt-apps-server: an outputTemplate no file registers, a template served as text/html, widget values hosts reject', () => {
    const dir = path.join(REPO_ROOT, 'fixtures/chatgpt-apps-server');
    const { json } = check(dir);
    expect(sites(json)).toEqual([
      'app-value src/violations/csp-urls.ts:16:32',
      'app-value src/violations/csp-urls.ts:17:33',
      'app-value src/violations/csp-urls.ts:18:30',
      'app-value src/violations/map-visibility.ts:10:63',
      'app-mime-type src/violations/template-plain-html.ts:8:43',
      'app-value src/violations/template-relative.ts:7:67',
      'app-resource-missing src/violations/template-typo.ts:8:71',
    ]);
  });

  it('a link and its resource in two files, by an imported const: clean', () => {
    const dir = project({
      'src/tools.ts': "import { VIEW } from './resources.js';\n" + TOOLS('VIEW'),
      'src/resources.ts': RESOURCES('VIEW'),
    });
    const { status, json } = check(dir);
    expect(json.findings).toEqual([]);
    expect(status).toBe(0);
    expect(json.notes).toContain('matched 1 widget link against 1 ui:// resource');
  });

  it('an exported table of widgets read on both sides, the resource through a const holding its row (cloudflare-mcp-apps/quiz)', () => {
    const table = "export const UI_RESOURCES = { quiz: { uri: 'ui://quiz/widget', name: 'quiz_widget' } };\n";
    const resources = `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { UI_RESOURCES } from './ui-resources.js';
export function resources(server: McpServer, html: string) {
  const quiz = UI_RESOURCES.quiz;
  server.registerResource(quiz.name, quiz.uri, {}, async () => ({ contents: [{ uri: quiz.uri, mimeType: 'text/html;profile=mcp-app', text: html }] }));
}
`;
    const linked = (uri: string) => "import { UI_RESOURCES } from './ui-resources.js';\n" + TOOLS(uri);
    const clean = check(
      project({ 'src/ui-resources.ts': table, 'src/resources.ts': resources, 'src/tools.ts': linked('UI_RESOURCES.quiz.uri') }),
    );
    expect(clean.json.findings).toEqual([]);
    expect(clean.json.notes).toContain('matched 1 widget link against 1 ui:// resource');
    const missing = check(
      project({ 'src/ui-resources.ts': table, 'src/resources.ts': resources, 'src/tools.ts': linked("'ui://quiz/missing'") }),
    );
    expect(missing.status).toBe(1);
    expect(sites(missing.json)).toEqual(['app-resource-missing src/tools.ts:4:61']);
  });

  it('links whose URI is a parameter are not counted as matched (garmin-mcp-app passes its URI to each tool module)', () => {
    const tools = `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function tools(server: McpServer, resourceUri: string) {
  server.registerTool('show', { _meta: { ui: { resourceUri } } }, async () => ({ content: [] }));
  server.registerTool('list', { _meta: { ui: { resourceUri } } }, async () => ({ content: [] }));
}
`;
    const dir = project({ 'src/tools.ts': tools, 'src/resources.ts': RESOURCES('VIEW') });
    const { status, json } = check(dir);
    expect(status).toBe(0);
    expect(json.notes).toContain('matched 0 of 2 widget links against 1 ui:// resource');
    expect(json.notes.some((note: string) => note.startsWith('not matched statically (not reported): src/tools.ts:3:'))).toBe(true);
  });

  it('a link no file registers', () => {
    const dir = project({ 'src/tools.ts': TOOLS("'ui://w/veiw.html'"), 'src/resources.ts': RESOURCES('VIEW') });
    const { status, json } = check(dir);
    expect(status).toBe(1);
    expect(sites(json)).toEqual(['app-resource-missing src/tools.ts:3:61']);
    expect(json.findings[0].fix).toBe("link 'ui://w/view.html', or register 'ui://w/veiw.html'");
  });

  it('no resource registration in sight at all (a framework, another package): a note, not a finding', () => {
    const dir = project({ 'src/tools.ts': TOOLS("'ui://w/view.html'") });
    const { status, json } = check(dir);
    expect(json.findings).toEqual([]);
    expect(status).toBe(0);
    expect(json.notes).toContain(
      '1 widget link not matched: no file registers a ui:// resource in a form check reads (registerAppResource, registerResource, a resources/list handler)',
    );
  });

  it('a linked resource of another file served as text/html+skybridge', () => {
    const dir = project({ 'src/tools.ts': TOOLS("'ui://w/view.html'"), 'src/resources.ts': RESOURCES('VIEW', "'text/html+skybridge'") });
    expect(sites(check(dir).json)).toEqual(['app-mime-type src/resources.ts:4:94']);
  });

  it("a link an imported helper spreads in from its caller's argument (Dexter-DAO/dexter-mcp before 35a1e92), named in the message", () => {
    const widgetMeta = `export function createWidgetMeta({ templateUri, extra = {} }: { templateUri: string; extra?: object }) {
  const meta = { 'openai/outputTemplate': templateUri, ...extra };
  return meta;
}
`;
    // A ChatGPT link to the same widget, read first: skybridge is right for it, so the message names the other.
    const bundles = `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { createWidgetMeta } from './widget-meta.js';
const BUNDLE_META = createWidgetMeta({ templateUri: 'ui://w/view.html' });
export function bundles(server: McpServer) {
  server.registerTool('bundle', { _meta: BUNDLE_META }, async () => ({ content: [] }));
}
`;
    const x402 = `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { createWidgetMeta } from './widget-meta.js';
const SEARCH_META = createWidgetMeta({
  templateUri: 'ui://w/view.html',
  extra: { ui: { resourceUri: 'ui://w/view.html' } },
});
export function x402(server: McpServer) {
  server.registerTool('search', { _meta: { category: 'x402', ...SEARCH_META } }, async () => ({ content: [] }));
}
`;
    const tools = { 'src/widget-meta.ts': widgetMeta, 'src/bundles.ts': bundles, 'src/x402.ts': x402 };
    const before = check(project({ ...tools, 'src/resources.ts': RESOURCES('VIEW', "'text/html+skybridge'") })).json;
    expect(sites(before)).toEqual(['app-mime-type src/resources.ts:4:94']);
    expect(before.findings[0].message).toBe(
      "the widget resource 'ui://w/view.html' declares MIME type 'text/html+skybridge', but `openai/outputTemplate`, `ui.resourceUri` links it (src/x402.ts:5:31): MCP Apps hosts render only 'text/html;profile=mcp-app', so the widget never renders",
    );
    // The fix, 35a1e92: the MCP Apps type.
    expect(sites(check(project({ ...tools, 'src/resources.ts': RESOURCES('VIEW') })).json)).toEqual([]);
  });

  it("a ui:// resource nothing links, of a type no host renders as a widget: the lint's wrongMimeType, at its site", () => {
    const resources = `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function resources(server: McpServer, html: string) {
  server.registerResource('plain', 'ui://w/plain.html', { _meta: { ui: { prefersBorder: true } } }, async () => ({
    contents: [{ uri: 'ui://w/plain.html', mimeType: 'text/html', text: html }],
  }));
  server.registerResource('sky', 'ui://w/sky.html', {}, async () => ({
    contents: [{ uri: 'ui://w/sky.html', mimeType: 'text/html+skybridge', text: html }],
  }));
}
`;
    // alpic-ai/skybridge's skills: a resource whose URI is not known here, of a type no widget has, is no widget.
    const skills = `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function skills(server: McpServer, skill: { uri: string; body: string }) {
  server.registerResource(skill.uri, skill.uri, { mimeType: 'text/markdown' }, async () => ({
    contents: [{ uri: skill.uri, mimeType: 'text/markdown', text: skill.body }],
  }));
}
`;
    const dir = project({ 'src/resources.ts': resources, 'src/skills.ts': skills });
    const { status, json } = check(dir);
    expect(status).toBe(1);
    // Unlinked, either host's type may be meant (the skybridge one is right): `text/html` is neither.
    expect(sites(json)).toEqual(['app-mime-type src/resources.ts:4:54']);
    expect(json.findings[0].message).toBe(
      "the widget resource 'ui://w/plain.html' declares MIME type 'text/html': MCP Apps hosts and ChatGPT render only 'text/html;profile=mcp-app' or 'text/html+skybridge', so the widget never renders",
    );
    const messages = new Linter({ configType: 'flat', cwd: dir }).verify(
      resources,
      [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tsParser },
          plugins: { 'mcp-meta': plugin },
          settings: { 'mcp-meta': { registry: path.join(dir, 'mcp-meta.registry.json') } },
          rules: { 'mcp-meta/valid-app-linkage': 'error' },
        },
      ],
      path.join(dir, 'src/resources.ts'),
    );
    expect(messages.map((message) => `${message.messageId} src/resources.ts:${message.line}:${message.column}`)).toEqual([
      'wrongMimeType src/resources.ts:4:54',
    ]);
  });

  it('the same resource linked only by openai/outputTemplate: skybridge is right', () => {
    const tools = `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function tools(server: McpServer) {
  server.registerTool('show', { _meta: { 'openai/outputTemplate': 'ui://w/view.html' } }, async () => ({ content: [] }));
}
`;
    const dir = project({ 'src/tools.ts': tools, 'src/resources.ts': RESOURCES('VIEW', "'text/html+skybridge'") });
    const { status, json } = check(dir);
    expect(json.findings).toEqual([]);
    expect(status).toBe(0);
  });

  it('a URI built from a value not known here is a note, not a finding', () => {
    const resources = RESOURCES('`ui://w/${process.env.BUILD}.html`');
    const dir = project({ 'src/tools.ts': TOOLS("'ui://w/view.html'"), 'src/resources.ts': resources });
    const { status, json } = check(dir);
    expect(json.findings).toEqual([]);
    expect(status).toBe(0);
    expect(json.notes.join('\n')).toContain(
      "not matched statically (not reported): src/tools.ts:3:61 (a resource's URI is built from values not known statically: ui://w/${process.env.BUILD}.html)",
    );
  });

  it('a link one const gives three tools is listed once in the note, with how many tools carry it', () => {
    const tools = `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const WIDGET = { ui: { resourceUri: 'ui://w/view.html' } };
export function tools(server: McpServer) {
  server.registerTool('a', { _meta: WIDGET }, async () => ({ content: [] }));
  server.registerTool('b', { _meta: WIDGET }, async () => ({ content: [] }));
  server.registerTool('c', { _meta: WIDGET }, async () => ({ content: [] }));
}
`;
    const dir = project({ 'src/tools.ts': tools, 'src/resources.ts': RESOURCES('`ui://w/${process.env.BUILD}.html`') });
    const { status, json } = check(dir);
    expect(json.findings).toEqual([]);
    expect(status).toBe(0);
    const note = json.notes.find((line) => line.startsWith('not matched statically (not reported): '));
    expect(note).toBe(
      "not matched statically (not reported): src/tools.ts:2:37 (a resource's URI is built from values not known statically: ui://w/${process.env.BUILD}.html) ×3",
    );
  });

  it('links on tools/list entries built at run time: not matched statically, said in a note, never reported', () => {
    // graffiticode-mcp-server's toolsForClient: a low-level tools/list handler maps a table of descriptors, adding
    // the widget link per client; which tool carries which URI is decided when the list is built.
    const tools = `import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
declare const table: Tool[];
declare function widgetUri(): string;
export function tools(server: Server) {
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: table.map((t) => ({ ...t, _meta: { ...t._meta, ui: { resourceUri: widgetUri() }, 'openai/outputTemplate': 'ui://w/veiw.html' } })),
  }));
}
`;
    const dir = project({ 'src/tools.ts': tools, 'src/resources.ts': RESOURCES('VIEW') });
    const { status, json } = check(dir);
    expect(json.findings).toEqual([]);
    expect(status).toBe(0);
    expect(json.notes).toContain(
      "not matched statically (not reported): 2 widget links on a _meta nothing shows to be a tool descriptor's (built at run time, as a tools/list entry mapped from a table, or no descriptor at all): src/tools.ts:7:78 (ui.resourceUri: widgetUri()); src/tools.ts:7:118 (openai/outputTemplate: ui://w/veiw.html)",
    );
  });

  it('a resources handler that also serves entries built at run time: a link no literal entry serves is not matched statically', () => {
    const handler = (other: string) => `import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ReadResourceRequestSchema } from '@modelcontextprotocol/sdk/types.js';
declare function readSkill(uri: string): Promise<{ uri: string; text: string }>;
export function resources(server: Server, html: string) {
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const { uri } = request.params;
    if (uri === 'ui://w/view.html') return { contents: [{ uri: 'ui://w/view.html', mimeType: 'text/html;profile=mcp-app', text: html }] };
    return { contents: [${other}] };
  });
}
`;
    const runtime = project({ 'src/tools.ts': TOOLS("'ui://w/veiw.html'"), 'src/resources.ts': handler('await readSkill(uri)') });
    const { status, json } = check(runtime);
    expect(json.findings).toEqual([]);
    expect(status).toBe(0);
    expect(json.notes.join('\n')).toContain(
      "not matched statically (not reported): src/tools.ts:3:61 (a resource's URI is built from values not known statically: entries a resources handler builds at run time (awaitreadSkill(uri)))",
    );
    // Every entry written out: the link is missing, as before.
    const literal = project({
      'src/tools.ts': TOOLS("'ui://w/veiw.html'"),
      'src/resources.ts': handler("{ uri: 'skill://notes', mimeType: 'text/plain', text: '' }"),
    });
    expect(sites(check(literal).json)).toEqual(['app-resource-missing src/tools.ts:3:61']);
  });

  it("resources registered in a loop over a const table's rows: each row's URI matched, its MIME type checked (dexter-mcp, experience-marketplace-platform)", () => {
    // Dexter-DAO/dexter-mcp before 35a1e92 ("Unsupported UI resource type" in Cursor): an MCP Apps link to a row served
    // as text/html+skybridge.
    const entries = (mime: string) => `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function registerAppsSdkResources(server: McpServer, html: string, allowed: Set<string> | null) {
  const entries = [
    { name: 'dexter_x402_pricing', templateUri: 'ui://dexter/x402-pricing', file: 'x402-pricing.html' },
    { name: 'dexter_x402_wallet', templateUri: 'ui://dexter/x402-wallet', file: 'x402-wallet.html' },
  ];
  const selectedEntries = allowed ? entries.filter((entry) => allowed.has(entry.templateUri)) : entries;
  for (const entry of selectedEntries) {
    server.registerResource(entry.name, entry.templateUri, { mimeType: ${mime} }, async () => ({
      contents: [{ uri: entry.templateUri, mimeType: ${mime}, text: html }],
    }));
  }
}
`;
    const skybridge = project({
      'src/tools.ts': TOOLS("'ui://dexter/x402-pricing'"),
      'src/resources.ts': entries("'text/html+skybridge'"),
    });
    const before = check(skybridge).json;
    expect(sites(before)).toEqual(['app-mime-type src/resources.ts:9:72', 'app-mime-type src/resources.ts:10:54']);
    expect(before.findings[0].message).toContain(
      "declares MIME type 'text/html+skybridge', but `ui.resourceUri` links it (src/tools.ts:3:61)",
    );
    expect(before.notes).toContain('matched 1 widget link against 1 ui:// resource');
    const fixed = check(
      project({ 'src/tools.ts': TOOLS("'ui://dexter/x402-pricing'"), 'src/resources.ts': entries("'text/html;profile=mcp-app'") }),
    );
    expect(fixed.json.findings).toEqual([]);
    expect(fixed.status).toBe(0);
    // ceverett10/experience-marketplace-platform: a table of [name, uri, html] tuples, destructured by the loop.
    const tuples = (link: string) =>
      project({
        'src/tools.ts': TOOLS(link),
        'src/server.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerAppResource, RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
export function resources(server: McpServer, html: string) {
  const widgets: [string, string, string][] = [['combined-experience', 'ui://holibob/combined-experience.html', html]];
  for (const [name, uri, body] of widgets) {
    registerAppResource(server, name, uri, { mimeType: RESOURCE_MIME_TYPE }, async () => ({ contents: [{ uri, mimeType: RESOURCE_MIME_TYPE, text: body }] }));
  }
}
`,
      });
    const linked = check(tuples("'ui://holibob/combined-experience.html'")).json;
    expect(linked.findings).toEqual([]);
    expect(linked.notes).toContain('matched 1 widget link against 1 ui:// resource');
    expect(sites(check(tuples("'ui://holibob/combined-experiance.html'")).json)).toEqual(['app-resource-missing src/tools.ts:3:61']);
  });

  it('a build id built the same way on both sides matches', () => {
    const build = 'export const BUILD = String(Date.now());\n';
    const dir = project({
      'src/build.ts': build,
      'src/tools.ts': "import { BUILD } from './build.js';\n" + TOOLS('`ui://w/x${BUILD}.html`'),
      'src/resources.ts': "import { BUILD } from './build.js';\n" + RESOURCES('`ui://w/x${BUILD}.html`'),
    });
    const { status, json } = check(dir);
    expect(json.findings).toEqual([]);
    expect(status).toBe(0);
    expect(json.notes.join('\n')).not.toContain('not matched statically');
  });
  it('links a helper builds: its parameter bound to the call, or its own literal reported at the call naming its module', () => {
    const meta = `export function appMeta(uri: string) {
  return { ui: { resourceUri: uri } };
}
export const fixedMeta = () => ({ ui: { resourceUri: 'ui://w/fixed.html' } });
`;
    const tools = `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { appMeta, fixedMeta } from './meta.js';
import { VIEW } from './resources.js';
export function tools(server: McpServer) {
  server.registerTool('ok', { _meta: appMeta(VIEW) }, async () => ({ content: [] }));
  server.registerTool('typo', { _meta: appMeta('ui://w/veiw.html') }, async () => ({ content: [] }));
  server.registerTool('fixed', { _meta: fixedMeta() }, async () => ({ content: [] }));
}
`;
    const dir = project({ 'src/meta.ts': meta, 'src/tools.ts': tools, 'src/resources.ts': RESOURCES('VIEW') });
    const { status, json } = check(dir);
    expect(status).toBe(1);
    expect(sites(json)).toEqual(['app-resource-missing src/tools.ts:6:48', 'app-resource-missing src/tools.ts:7:41']);
    expect(json.findings[1].message).toContain("links the widget 'ui://w/fixed.html' (built by fixedMeta() in src/meta.ts)");
    expect(json.notes).toContain('matched 1 of 3 widget links against 1 ui:// resource');
  });
  it("links a same-file helper returns for each config to spread: one per call, its URI the call's (nutrition-mcp's uiMeta)", () => {
    const tools = `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { VIEW } from './resources.js';
export function tools(server: McpServer, widgetsEnabled: boolean) {
  const uiMeta = (resourceUri: string) => (widgetsEnabled ? { _meta: { ui: { resourceUri } } } : {});
  server.registerTool('log', { title: 'Log', ...uiMeta(VIEW) }, async () => ({ content: [] }));
  server.registerTool('update', { title: 'Update', ...uiMeta(VIEW) }, async () => ({ content: [] }));
  server.registerTool('typo', { title: 'Typo', ...uiMeta('ui://w/veiw.html') }, async () => ({ content: [] }));
}
`;
    const dir = project({ 'src/tools.ts': tools, 'src/resources.ts': RESOURCES('VIEW') });
    const { status, json } = check(dir);
    expect(status).toBe(1);
    expect(sites(json)).toEqual(['app-resource-missing src/tools.ts:7:58']);
    expect(json.notes).toContain('matched 2 of 3 widget links against 1 ui:// resource');
  });

  it("two servers: server A's tool links a URI only server B serves (packages, and two servers in one file)", () => {
    const server = (name: string, link: string | null, serves: string | null) =>
      `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export const server = new McpServer({ name: '${name}', version: '1.0.0' });
${link ? `server.registerTool('show', { _meta: { ui: { resourceUri: '${link}' } } }, async () => ({ content: [] }));` : ''}
${serves ? `server.registerResource('view', '${serves}', {}, async () => ({ contents: [{ uri: '${serves}', mimeType: 'text/html;profile=mcp-app', text: '' }] }));` : ''}
`;
    const pkg = (name: string) => JSON.stringify({ name, private: true, type: 'module' });
    const dir = project({
      'packages/weather/package.json': pkg('weather'),
      'packages/weather/src/server.ts': server('weather', 'ui://maps/view.html', 'ui://weather/view.html'),
      'packages/maps/package.json': pkg('maps'),
      'packages/maps/src/server.ts': server('maps', 'ui://maps/view.html', 'ui://maps/view.html'),
      // A package that registers no widget of its own: its links may be served by another package (a shared one).
      'packages/gateway/package.json': pkg('gateway'),
      'packages/gateway/src/server.ts': server('gateway', 'ui://weather/view.html', null),
      'packages/both/package.json': pkg('both'),
      'packages/both/src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const a = new McpServer({ name: 'a', version: '1.0.0' });
const b = new McpServer({ name: 'b', version: '1.0.0' });
a.registerTool('show', { _meta: { ui: { resourceUri: 'ui://both/b.html' } } }, async () => ({ content: [] }));
b.registerTool('show', { _meta: { ui: { resourceUri: 'ui://both/b.html' } } }, async () => ({ content: [] }));
a.registerResource('a', 'ui://both/a.html', {}, async () => ({ contents: [{ uri: 'ui://both/a.html', mimeType: 'text/html;profile=mcp-app', text: '' }] }));
b.registerResource('b', 'ui://both/b.html', {}, async () => ({ contents: [{ uri: 'ui://both/b.html', mimeType: 'text/html;profile=mcp-app', text: '' }] }));
`,
    });
    const { status, json } = check(dir);
    expect(status).toBe(1);
    expect(sites(json)).toEqual([
      'app-resource-missing packages/both/src/server.ts:4:54',
      'app-resource-missing packages/weather/src/server.ts:3:59',
    ]);
    expect(json.findings[1].message).toContain(
      "links the widget 'ui://maps/view.html', which only another server registers (at packages/maps/src/server.ts:4:33)",
    );
    expect(json.findings[0].message).toContain('which only another server registers (at packages/both/src/server.ts:7:25)');
    expect(json.findings[0].fix).toBe("register 'ui://both/b.html' on this tool's server too, or link a URI this server registers");
  });
  it("links and resource configs in another module's const: the module's literal read, reported here naming it", () => {
    const widgets = `export const VIEW_UI = { resourceUri: 'ui://w/view.html' };
export const TYPO_UI = { resourceUri: 'ui://w/veiw.html' };
export const VIEW_CONFIG = { description: 'The view', mimeType: 'text/html+skybridge' };
`;
    const tools = `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { TYPO_UI, VIEW_UI } from './widgets.js';
export function tools(server: McpServer) {
  server.registerTool('ok', { _meta: { ui: VIEW_UI } }, async () => ({ content: [] }));
  server.registerTool('typo', { _meta: { ui: TYPO_UI } }, async () => ({ content: [] }));
}
`;
    const resources = `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { VIEW_CONFIG } from './widgets.js';
export function resources(server: McpServer, html: string) {
  server.registerResource('view', 'ui://w/view.html', VIEW_CONFIG, async () => ({ contents: [{ uri: 'ui://w/view.html', mimeType: 'text/html;profile=mcp-app', text: html }] }));
}
`;
    const dir = project({ 'src/widgets.ts': widgets, 'src/tools.ts': tools, 'src/resources.ts': resources });
    const { status, json } = check(dir);
    expect(status).toBe(1);
    expect(sites(json)).toEqual(['app-mime-type src/resources.ts:4:55', 'app-resource-missing src/tools.ts:5:46']);
    expect(json.findings[0].message).toContain(
      "declares MIME type 'text/html+skybridge', but `ui.resourceUri` links it (src/tools.ts:4:44)",
    );
    expect(json.findings[1].message).toContain("links the widget 'ui://w/veiw.html' (written in TYPO_UI in src/widgets.ts)");
    expect(json.notes).toContain('matched 1 of 2 widget links against 1 ui:// resource');
  });
  it('a content item with neither text nor blob (APP-003), in a resource file that never names _meta (the lint does not read it)', () => {
    const resources = `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export const VIEW = 'ui://w/view.html';
export function resources(server: McpServer) {
  server.registerResource('view', VIEW, {}, async () => ({ contents: [{ uri: VIEW, mimeType: 'text/html;profile=mcp-app' }] }));
}
`;
    const dir = project({ 'src/tools.ts': "import { VIEW } from './resources.js';\n" + TOOLS('VIEW'), 'src/resources.ts': resources });
    const { status, json } = check(dir);
    expect(status).toBe(1);
    expect(sites(json)).toEqual(['app-content-empty src/resources.ts:4:71']);
    expect(json.findings[0].message).toContain("the widget resource 'ui://w/view.html' has neither text nor blob");
  });
});
