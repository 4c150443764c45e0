/**
 * valid-app-linkage: a tool's widget link (`ui.resourceUri`, the flat `ui/resourceUri`, `openai/outputTemplate`)
 * names a `ui://` resource the file registers, with a MIME type its hosts render; CSP lists hold origins, visibility
 * and permissions only the MCP Apps values, `ui.domain` / `openai/widgetDomain` something a host can serve from.
 */
import path from 'node:path';
import { RuleTester, type InvalidTestCase, type ValidTestCase } from '@typescript-eslint/rule-tester';
import rule, { type MessageIds } from '../../rules/valid-app-linkage';

// Inside the repository, so `@modelcontextprotocol/ext-apps` resolves from its node_modules as in a real server.
const PROJECT = path.resolve(__dirname, 'apps-linkage-fixture');
const filename = path.join(PROJECT, 'src/server.ts');
const ruleTester = new RuleTester({ settings: { 'mcp-meta': { registry: path.join(PROJECT, 'mcp-meta.registry.json') } } });

const HEADER = `import { RESOURCE_MIME_TYPE as APP_MIME, registerAppResource, registerAppTool } from '@modelcontextprotocol/ext-apps/server';
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/server';
import { WIDGET_URI } from './uris.js';
declare const server: McpServer;
declare const html: string;
`;
/** An imported table of widgets (`UI_RESOURCES` in uris.ts), one row of it held in a `const`. */
const TABLE = HEADER + "import { UI_RESOURCES } from './uris.js';\nconst quizResource = UI_RESOURCES.quiz;\n";
const APP_TOOL = (meta: string) =>
  `registerAppTool(server, 'show', { description: 'Show', _meta: ${meta} }, async () => ({ content: [] }));\n`;
const APP_RESOURCE = (uri: string, mime = 'APP_MIME', config = '{}') =>
  `registerAppResource(server, 'View', ${uri}, ${config}, async () => ({ contents: [{ uri: ${uri}, mimeType: ${mime}, text: html }] }));\n`;

/** Two servers created in one file, each with its own widget; `toolOn` registers the tool, linking `uri`. */
const TWO_SERVERS = (toolOn: string, uri: string) => `import { McpServer } from '@modelcontextprotocol/server';
import { RESOURCE_MIME_TYPE, registerAppResource, registerAppTool } from '@modelcontextprotocol/ext-apps/server';
declare const html: string;
const weather = new McpServer({ name: 'weather', version: '1.0.0' });
const maps = new McpServer({ name: 'maps', version: '1.0.0' });
registerAppTool(${toolOn}, 'show', { description: 'Show', _meta: { ui: { resourceUri: '${uri}' } } }, async () => ({ content: [] }));
registerAppResource(weather, 'Forecast', 'ui://weather/view.html', {}, async () => ({ contents: [{ uri: 'ui://weather/view.html', mimeType: RESOURCE_MIME_TYPE, text: html }] }));
registerAppResource(maps, 'Map', 'ui://maps/view.html', {}, async () => ({ contents: [{ uri: 'ui://maps/view.html', mimeType: RESOURCE_MIME_TYPE, text: html }] }));
`;

/**
 * fiberplane/mcp-lite's `resource(uriOrTemplate, meta, handler)` (its ChatGPT starter template): the URI first, the
 * listing's metadata second; a tool config with its handler in it. `mime` is what the resource declares.
 */
const MCP_LITE = (mime: string) => `declare const mcp: {
  tool(name: string, def: { description: string; _meta?: object; handler: () => unknown }): void;
  resource(template: string, meta: { name: string; mimeType?: string }, handler: (uri: URL) => unknown): void;
};
declare const html: string;
const WIDGET_URI = 'ui://widget/index.html';
mcp.tool('list_items', { description: 'List all items', _meta: { ui: { resourceUri: WIDGET_URI } }, handler: async () => ({ content: [] }) });
mcp.resource(WIDGET_URI, { name: 'Widget', mimeType: '${mime}' }, async (uri) => ({ contents: [{ uri: uri.href, mimeType: '${mime}', text: html }] }));
`;

/**
 * One widget resource per row of a same-file table, registered in a loop: Dexter-DAO/dexter-mcp's `for (const entry of
 * selectedEntries)` over `allowed ? entries.filter(…) : entries` (`entry.templateUri`), and
 * ceverett10/experience-marketplace-platform's `for (const [name, uri, html] of widgets)`. `link` is the tool's link,
 * `mime` what the resources declare.
 */
const TABLE_LOOP = (link: string, mime: string) =>
  HEADER +
  'declare const allowed: Set<string> | null;\n' +
  "const entries = [{ name: 'wallet', templateUri: 'ui://dexter/x402-wallet' }, { name: 'pricing', templateUri: 'ui://dexter/x402-pricing' }];\n" +
  'const selectedEntries = allowed ? entries.filter((entry) => allowed.has(entry.templateUri)) : entries;\n' +
  APP_TOOL(`{ ui: { resourceUri: '${link}' } }`) +
  `for (const entry of selectedEntries) server.registerResource(entry.name, entry.templateUri, { mimeType: ${mime} }, async () => ({ contents: [{ uri: entry.templateUri, mimeType: ${mime}, text: html }] }));\n`;
const TUPLE_LOOP = (link: string) =>
  HEADER +
  "const widgets: [string, string, string][] = [['search', 'ui://holibob/search.html', html], ['combined-experience', 'ui://holibob/combined-experience.html', html]];\n" +
  APP_TOOL(`{ ui: { resourceUri: '${link}' } }`) +
  'for (const [name, uri, body] of widgets) registerAppResource(server, name, uri, { mimeType: APP_MIME }, async () => ({ contents: [{ uri, mimeType: APP_MIME, text: body }] }));\n';

/** A low-level resources/read handler serving the view, and for any other URI `other` (run-time entries, or a literal). */
const READ_HANDLER = (other: string) =>
  HEADER +
  APP_TOOL("{ ui: { resourceUri: 'ui://w/veiw.html' } }") +
  'declare const ReadResourceRequestSchema: never;\ndeclare function readSkill(uri: string): Promise<{ uri: string; text: string }>;\n' +
  "server.server.setRequestHandler(ReadResourceRequestSchema, async (request: { params: { uri: string } }) => request.params.uri === 'ui://w/view.html' ? { contents: [{ uri: 'ui://w/view.html', mimeType: APP_MIME, text: html }] } : { contents: [" +
  other +
  '] });\n';

/**
 * A module of a server split by feature (elastic/example-mcp-app-security): a function given the server registers its
 * tools and its own widget; a tool links `uri`, which another module may register on the same server.
 */
const FEATURE_MODULE = (uri: string) =>
  HEADER +
  `export function registerAttackTools(server: McpServer) {
  registerAppTool(server, 'approve', { description: 'Approve', _meta: { ui: { resourceUri: '${uri}' } } }, async () => ({ content: [] }));
  registerAppResource(server, 'Triage', 'ui://triage/mcp-app.html', {}, async () => ({ contents: [{ uri: 'ui://triage/mcp-app.html', mimeType: APP_MIME, text: html }] }));
}
`;

/**
 * A read callback that returns what a same-file function builds (VibeJaro/mcp-app-hello's `buildUiResponse`), with
 * `mime` as the contents' MIME type (`mime` null: none written); `inner` puts the contents one more call down.
 */
const HELPER_RESOURCE = (mime: string | null, inner = false) => {
  const item = `{ uri, ${mime === null ? '' : `mimeType: ${mime}, `}text }`;
  const helpers = inner
    ? `const contentsOf = (uri: string, text: string) => [${item}];\nfunction buildUiResponse(uri: string, text: string) {\n  return { contents: contentsOf(uri, text) };\n}\n`
    : `function buildUiResponse(uri: string, text: string) {\n  return { contents: [${item}] };\n}\n`;
  return `${helpers}registerAppResource(server, 'View', 'ui://w/view.html', {}, async () => buildUiResponse('ui://w/view.html', html));\n`;
};

const valid: Array<ValidTestCase<[]>> = [
  // A test's expected values (a tableau MCP fork's server.web.test.ts:312, a false alarm in the helper round): a literal
  // given to an assertion registers no tool, so its link is not judged.
  {
    filename,
    name: "a literal given to a test's assertion (toHaveBeenCalledWith, toEqual, objectContaining) is an expected value, not a tool",
    code: [
      'declare const expect: (actual: unknown) => { toHaveBeenCalledWith(...args: unknown[]): void; toEqual(value: unknown): void };',
      'declare const mockRegisterAppTool: unknown;',
      'declare const objectContaining: (value: object) => unknown;',
      "expect(mockRegisterAppTool).toHaveBeenCalledWith({}, 'get-workbook', { title: 'Test App Tool', description: 'Test', inputSchema: {}, _meta: { ui: { resourceUri: 'tableau://app/test' } } });",
      "expect({}).toEqual({ tools: [{ name: 'x', description: 'X', inputSchema: {}, _meta: { 'openai/outputTemplate': 'widget/x.html' } }] });",
      "expect({}).toEqual(objectContaining({ name: 'y', inputSchema: {}, _meta: { ui: { resourceUri: 'https://example.com/view.html' } } }));",
    ].join('\n'),
  },
  // The contents a same-file helper of the read callback builds, with the MCP Apps MIME type (one and two calls deep).
  { filename, code: HEADER + APP_TOOL("{ ui: { resourceUri: 'ui://w/view.html' } }") + HELPER_RESOURCE('APP_MIME') },
  { filename, code: HEADER + APP_TOOL("{ ui: { resourceUri: 'ui://w/view.html' } }") + HELPER_RESOURCE('APP_MIME', true) },
  // A helper shared by two registrations builds each one's contents: the readme's text/plain is not the widget's.
  {
    filename,
    code:
      HEADER +
      APP_TOOL("{ ui: { resourceUri: 'ui://w/view.html' } }") +
      `function readView(uri: string) {
  if (uri === 'docs://w/readme.txt') return { contents: [{ uri: 'docs://w/readme.txt', mimeType: 'text/plain', text: 'read me' }] };
  return { contents: [{ uri: 'ui://w/view.html', mimeType: APP_MIME, text: html }] };
}
registerAppResource(server, 'View', 'ui://w/view.html', {}, async () => readView('ui://w/view.html'));
server.registerResource('Readme', 'docs://w/readme.txt', { mimeType: 'text/plain' }, async () => readView('docs://w/readme.txt'));
`,
  },
  {
    filename,
    code: FEATURE_MODULE('ui://manage-cases/mcp-app.html'),
    name: "a function given the server links another module's widget (no near miss of its own): check's to match",
  },
  {
    filename,
    code: READ_HANDLER('await readSkill(request.params.uri)'),
    name: 'a resources handler that also serves entries built at run time: a link no literal entry serves is not matched statically',
  },
  {
    filename,
    code:
      HEADER +
      "registerAppResource(server, 'View', 'ui://w/view.html', {}, async () => ({ contents: [{ uri: 'ui://w/view.html', mimeType: APP_MIME, blob: html }] }));\n" +
      "server.registerResource('v', 'ui://w/v.html', {}, async () => ({ contents: [{ uri: 'ui://w/v.html', mimeType: APP_MIME, ...body }] }));\ndeclare const body: { text: string };",
    name: 'a content item with a blob, or a spread that may bring its text',
  },
  {
    filename,
    code: TWO_SERVERS('weather', 'ui://weather/view.html'),
    name: "two servers in one file: a tool links its own server's widget",
  },
  {
    filename,
    code: TWO_SERVERS('maps', 'ui://maps/view.html'),
    name: "two servers in one file: the other server's tool and widget",
  },
  {
    filename,
    code: HEADER + APP_TOOL("{ ui: { resourceUri: 'ui://w/view.html' } }") + APP_RESOURCE("'ui://w/view.html'"),
    name: 'linked, registered, MCP Apps MIME type',
  },
  {
    filename,
    code:
      HEADER +
      "const URI = 'ui://w/' + 'view.html';\n" +
      APP_TOOL('{ ui: { resourceUri: URI } }') +
      APP_RESOURCE("'ui://w/view.html'", "'text/html;profile=mcp-app'"),
    name: 'compared by value: a const built of known parts, the MIME type written out',
  },
  {
    filename,
    code: HEADER + APP_TOOL('{ ui: { resourceUri: WIDGET_URI } }') + APP_RESOURCE("'ui://w/imported.html'"),
    name: 'an imported const',
  },
  {
    filename,
    code: TABLE + APP_TOOL('{ ui: { resourceUri: UI_RESOURCES.quiz.uri } }') + APP_RESOURCE('quizResource.uri'),
    name: "an imported widget table read on both sides, the resource's through a const holding its row (cloudflare-mcp-apps/quiz)",
  },
  {
    filename,
    code:
      HEADER +
      'declare const buildId: string;\n' +
      APP_TOOL('{ ui: { resourceUri: `ui://w/x${buildId}.html` } }') +
      APP_RESOURCE('`ui://w/x${buildId}.html`'),
    name: 'a build id on both sides, built the same way',
  },
  {
    filename,
    code:
      HEADER +
      'declare const buildId: string;\n' +
      APP_TOOL('{ ui: { resourceUri: `ui://w/x${buildId}.html` } }') +
      APP_RESOURCE("'ui://w/other.html'"),
    name: 'a link built from an unknown value is not matched by guessing',
  },
  {
    filename,
    code: HEADER + 'declare const uri: string;\n' + APP_TOOL("{ ui: { resourceUri: 'ui://w/a.html' } }") + APP_RESOURCE('uri'),
    name: 'a resource whose URI is not known here may be the linked one',
  },
  {
    filename,
    code:
      HEADER +
      APP_TOOL("{ ui: { resourceUri: 'ui://w/item-7.html' } }") +
      "server.registerResource('items', new ResourceTemplate('ui://w/item-{id}.html', { list: undefined }), { mimeType: APP_MIME }, async (uri) => ({ contents: [{ uri: uri.href, mimeType: APP_MIME, text: html }] }));",
    name: 'a ResourceTemplate serves the URI',
  },
  {
    filename,
    code:
      HEADER +
      `export function tools() {\n${APP_TOOL("{ ui: { resourceUri: 'ui://w/other.html' } }")}}\nexport function resources() {\n${APP_RESOURCE("'ui://w/view.html'")}}\n`,
    name: 'the tools registered in one function, the resources in another (or separate snippets): check matches them',
  },
  {
    filename,
    code: HEADER + APP_TOOL("{ ui: { resourceUri: 'ui://w/elsewhere.html' } }"),
    name: 'no resource in this file: check looks across files',
  },
  {
    filename,
    code:
      HEADER +
      APP_TOOL("{ ui: { resourceUri: 'ui://w/view.html' }, 'ui/resourceUri': 'ui://w/view.html' }") +
      APP_RESOURCE("'ui://w/view.html'"),
    name: 'the flat key beside the nested field, same URI',
  },
  {
    filename,
    code:
      HEADER +
      "server.registerTool('pizza', { _meta: { 'openai/outputTemplate': 'ui://widget/pizza.html' } }, async () => ({ content: [] }));\n" +
      "server.registerResource('pizza', 'ui://widget/pizza.html', {}, async () => ({ contents: [{ uri: 'ui://widget/pizza.html', mimeType: 'text/html+skybridge', text: html }] }));",
    name: 'ChatGPT: openai/outputTemplate and a text/html+skybridge resource',
  },
  {
    filename,
    code:
      HEADER +
      APP_RESOURCE(
        "'ui://w/view.html'",
        'APP_MIME',
        "{ _meta: { ui: { csp: { connectDomains: ['https://api.example.com', 'wss://rt.example.com:8443', 'ws://localhost:*'], resourceDomains: ['https://*.cdn.example'] }, permissions: { camera: {}, clipboardWrite: {} }, domain: 'a904794854a047f6.claudemcpcontent.com' } } }",
      ),
    name: 'origins (a subdomain and a port wildcard), permissions, a host-style domain',
  },
  {
    // alpic-ai/skybridge's capitals example: ext-apps' reference host writes each `ui.csp` entry into the policy as is
    // and allows `data:` and `blob:` itself, so these scheme sources are redundant at worst, never blocked.
    filename,
    code:
      HEADER +
      APP_RESOURCE(
        "'ui://w/view.html'",
        'APP_MIME',
        "{ _meta: { ui: { csp: { resourceDomains: ['https://cdn.example.com', 'blob:', 'data:'] } } } }",
      ),
    name: "the scheme sources 'blob:' and 'data:' in ui.csp, which MCP Apps hosts pass through",
  },
  {
    filename,
    code: HEADER + APP_RESOURCE("'ui://w/view.html'", 'APP_MIME', "{ _meta: { ui: { domain: 'http://localhost:3000' } } }"),
    name: "a local dev server's origin as ui.domain (alpic-ai/skybridge's dev mode)",
  },
  {
    filename,
    code: HEADER + APP_TOOL("{ ui: { resourceUri: 'ui://w/view.html', visibility: ['app'] } }") + APP_RESOURCE("'ui://w/view.html'"),
    name: 'visibility app',
  },
  {
    filename,
    code:
      HEADER +
      "server.registerResource('w', 'ui://w/v.html', {}, async () => ({ contents: [{ uri: 'ui://w/v.html', mimeType: 'text/html+skybridge', text: html, _meta: { 'openai/widgetCSP': { connect_domains: ['https://api.example.com'], redirect_domains: ['https://checkout.example.com'] }, 'openai/widgetDomain': 'https://chatgpt.com' } }] }));",
    name: 'openai/widgetCSP and openai/widgetDomain origins',
  },
  {
    filename,
    code:
      HEADER +
      "server.registerResource('w', 'ui://w/v.html', {}, async () => ({ contents: [{ uri: 'ui://w/v.html', mimeType: 'text/html+skybridge', text: html, _meta: { 'openai/widgetCSP': { connect_domains: ['https://api.mapbox.com/'] } } }] }));",
    name: 'a trailing slash: in CSP the whole origin (jscraik/mcp-boilerplate writes it)',
  },
  {
    filename,
    code: "const x = { _meta: { ui: { resourceUri: 'https://not-a-tool' } } };",
    name: 'an object nothing places on the tool plane',
  },
  // A key of the server's own that shares a name with a field of MCP Apps' `ui`, holding no value of that field.
  {
    filename,
    code: HEADER + APP_TOOL("{ visibility: 'public', ui: { resourceUri: 'ui://w/view.html' } }") + APP_RESOURCE("'ui://w/view.html'"),
  },
  // Where the host does not read that field of `ui` either (`ui.visibility` is a tool descriptor's), or on a tool result.
  { filename, code: HEADER + APP_RESOURCE("'ui://w/view.html'", 'APP_MIME', "{ _meta: { visibility: ['app'] } }") },
  {
    filename,
    code:
      HEADER +
      "registerAppTool(server, 'show', { description: 'Show', _meta: { ui: { resourceUri: 'ui://w/view.html' } } }, async () => ({ content: [], _meta: { visibility: ['app'] } }));\n" +
      APP_RESOURCE("'ui://w/view.html'"),
  },
  { filename, code: MCP_LITE('text/html;profile=mcp-app'), name: "mcp-lite's resource(uri, meta, handler): linked, MCP Apps MIME type" },
  {
    filename,
    code: TABLE_LOOP('ui://dexter/x402-pricing', 'APP_MIME'),
    name: "a resource per row of a const table, registered in a loop over a part of it: a row's URI is registered (dexter-mcp)",
  },
  {
    filename,
    code: TUPLE_LOOP('ui://holibob/combined-experience.html'),
    name: 'a resource per row of a const table of tuples, destructured in the loop: a row URI is registered (experience-marketplace-platform)',
  },
];

const invalid: Array<InvalidTestCase<MessageIds, []>> = [
  // The rows a loop registers are read: a skybridge widget an MCP Apps link names (dexter-mcp before 35a1e92, "Unsupported
  // UI resource type" in Cursor), and a link no row serves.
  {
    filename,
    code: TABLE_LOOP('ui://dexter/x402-pricing', "'text/html+skybridge'"),
    errors: [
      { messageId: 'wrongMimeType', line: 10, column: 105, endLine: 10, endColumn: 126 },
      { messageId: 'wrongMimeType', line: 10, column: 192, endLine: 10, endColumn: 213 },
    ],
  },
  {
    filename,
    code: TUPLE_LOOP('ui://holibob/combined-experiance.html'),
    errors: [{ messageId: 'resourceMissing', line: 7, column: 84, endLine: 7, endColumn: 123 }],
  },
  {
    filename,
    code: TABLE + APP_TOOL("{ ui: { resourceUri: 'ui://quiz/missing' } }") + APP_RESOURCE('quizResource.uri'),
    name: 'a link to a URI no resource has, where the resource URI comes from an imported widget table',
    errors: [{ messageId: 'resourceMissing', line: 8, column: 84, endLine: 8, endColumn: 103 }],
  },
  {
    filename,
    code: TABLE + APP_TOOL('{ ui: { resourceUri: UI_RESOURCES.quiz.uri } }') + APP_RESOURCE("'ui://w/view.html'"),
    name: 'a link read from an imported widget table to a URI no resource has',
    errors: [{ messageId: 'resourceMissing', line: 8, column: 84, endLine: 8, endColumn: 105 }],
  },
  // A read callback given to a wrapper (a tracing wrapper, as Oak's curriculum server writes it) is read too.
  {
    filename,
    code:
      HEADER +
      APP_TOOL("{ ui: { resourceUri: 'ui://w/view.html' } }") +
      'declare function wrapResourceHandler<T>(name: string, fn: () => Promise<T>): () => Promise<T>;\n' +
      "registerAppResource(server, 'View', 'ui://w/view.html', {}, wrapResourceHandler('view', async () => ({ contents: [{ uri: 'ui://w/view.html', mimeType: 'text/html', text: html }] })));\n",
    errors: [{ messageId: 'wrongMimeType', line: 8, column: 152, endLine: 8, endColumn: 163 }],
  },
  // The MIME type a same-file helper of the read callback writes is the resource's (VibeJaro/mcp-app-hello).
  {
    filename,
    code: HEADER + APP_TOOL("{ ui: { resourceUri: 'ui://w/view.html' } }") + HELPER_RESOURCE("'text/html'"),
    errors: [{ messageId: 'wrongMimeType', line: 8, column: 40, endLine: 8, endColumn: 51 }],
  },
  {
    filename,
    code: HEADER + APP_TOOL("{ ui: { resourceUri: 'ui://w/view.html' } }") + HELPER_RESOURCE("'text/html'", true),
    errors: [{ messageId: 'wrongMimeType', line: 7, column: 69, endLine: 7, endColumn: 80 }],
  },
  {
    filename,
    code: HEADER + APP_TOOL("{ ui: { resourceUri: 'ui://w/view.html' } }") + HELPER_RESOURCE(null),
    errors: [{ messageId: 'contentWithoutMimeType', line: 8, column: 23, endLine: 8, endColumn: 36 }],
  },
  {
    filename,
    code: FEATURE_MODULE('ui://triage/mcp-app.htm'),
    errors: [
      {
        messageId: 'resourceMissing',
        line: 7,
        column: 92,
        endLine: 7,
        endColumn: 117,
        data: {
          builtBy: '',
          uri: 'ui://triage/mcp-app.htm',
          via: 'ui.resourceUri',
          registered: "it registers 'ui://triage/mcp-app.html'",
          near: " Did you mean 'ui://triage/mcp-app.html'?",
        },
      },
    ],
  },
  {
    filename,
    code: READ_HANDLER("{ uri: 'skill://notes', mimeType: 'text/plain', text: '' }"),
    errors: [{ messageId: 'resourceMissing', line: 6, column: 84, endLine: 6, endColumn: 102 }],
  },
  {
    filename,
    // APP-003: a content item with a URI and a MIME type but no body: no HTML to render.
    code:
      HEADER +
      APP_TOOL("{ ui: { resourceUri: 'ui://w/view.html' } }") +
      "registerAppResource(server, 'View', 'ui://w/view.html', {}, async () => ({ contents: [{ uri: 'ui://w/view.html', mimeType: APP_MIME }] }));",
    errors: [{ messageId: 'contentWithoutBody', line: 7, column: 87, endLine: 7, endColumn: 134, data: { uri: 'ui://w/view.html' } }],
  },
  {
    filename,
    // The weather server's tool links the maps server's widget: the host asks the weather server, which has no such resource.
    code: TWO_SERVERS('weather', 'ui://maps/view.html'),
    errors: [
      {
        messageId: 'resourceMissing',
        line: 6,
        column: 85,
        endLine: 6,
        endColumn: 106,
        data: {
          uri: 'ui://maps/view.html',
          via: 'ui.resourceUri',
          registered: "it registers 'ui://weather/view.html'",
          near: " 'ui://maps/view.html' is registered on another server (`maps`), not the one this tool is registered on.",
          builtBy: '',
        },
      },
    ],
  },
  {
    filename,
    // ext-apps' examples before 8bb58f3: the key from an unbuilt module (not known here), the retired MIME type.
    code:
      HEADER +
      "import { RESOURCE_URI_META_KEY } from '../../dist/src/app';\nconst resourceUri = 'ui://get-time/mcp-app.html';\nserver.registerTool('get-time', { _meta: { [RESOURCE_URI_META_KEY]: resourceUri } }, async () => ({ content: [] }));\nserver.registerResource(resourceUri, resourceUri, {}, async () => ({ contents: [{ uri: resourceUri, mimeType: 'text/html+mcp', text: html }] }));\n",
    errors: [{ messageId: 'wrongMimeType', line: 9, column: 111, endLine: 9, endColumn: 126 }],
  },
  {
    filename,
    // gym-tracker's shape: one const of resource `_meta` spread into each registration, reported once.
    code:
      HEADER +
      "const OAI = { 'openai/widgetDomain': 'gym-tracker' };\nfor (const uri of ['ui://w/a.html', 'ui://w/b.html']) {\n  server.registerResource(uri, uri, { _meta: { ...OAI } }, async () => ({ contents: [{ uri, mimeType: APP_MIME, text: html, _meta: { ...OAI } }] }));\n}\n",
    errors: [
      {
        messageId: 'notDomain',
        line: 6,
        column: 38,
        endLine: 6,
        endColumn: 51,
        data: {
          builtBy: '',
          value: 'gym-tracker',
          field: 'openai/widgetDomain',
          why: 'it is a single label, not a host name: `x.claudemcpcontent.com`, `https://x.example.com`',
        },
      },
    ],
  },
  {
    filename,
    code: HEADER + APP_TOOL("{ ui: { resourceUri: 'ui://w/veiw.html' } }") + APP_RESOURCE("'ui://w/view.html'"),
    errors: [
      {
        messageId: 'resourceMissing',
        line: 6,
        column: 84,
        endLine: 6,
        endColumn: 102,
        data: {
          builtBy: '',
          uri: 'ui://w/veiw.html',
          via: 'ui.resourceUri',
          registered: "it registers 'ui://w/view.html'",
          near: " Did you mean 'ui://w/view.html'?",
        },
      },
    ],
  },
  {
    filename,
    code: HEADER + APP_TOOL("{ ui: { resourceUri: 'ui://w/view.html' } }") + APP_RESOURCE("'ui://w/view.html'", "'text/html'"),
    errors: [{ messageId: 'wrongMimeType', line: 7, column: 124, endLine: 7, endColumn: 135 }],
  },
  {
    filename,
    code: HEADER + APP_TOOL("{ ui: { resourceUri: 'ui://w/view.html' } }") + APP_RESOURCE("'ui://w/view.html'", "'text/html+skybridge'"),
    errors: [
      {
        messageId: 'wrongMimeType',
        line: 7,
        column: 124,
        endLine: 7,
        endColumn: 145,
        data: {
          uri: 'ui://w/view.html',
          value: 'text/html+skybridge',
          linkedBy: ' and is linked by `ui.resourceUri`',
          hosts: 'MCP Apps hosts',
          expected: "'text/html;profile=mcp-app'",
        },
      },
    ],
  },
  {
    filename,
    code:
      HEADER +
      APP_TOOL("{ ui: { resourceUri: 'ui://w/view.html' } }") +
      "registerAppResource(server, 'View', 'ui://w/view.html', {}, async () => ({ contents: [{ uri: 'ui://w/view.html', text: html }] }));",
    errors: [{ messageId: 'contentWithoutMimeType', line: 7, column: 87, endLine: 7, endColumn: 126 }],
  },
  {
    filename,
    code: HEADER + APP_TOOL("{ ui: { resourceUri: 'https://example.com/view.html' } }"),
    errors: [
      {
        messageId: 'notUiScheme',
        line: 6,
        column: 84,
        endLine: 6,
        endColumn: 115,
        data: { builtBy: '', uri: 'https://example.com/view.html', via: 'ui.resourceUri' },
      },
    ],
  },
  {
    filename,
    code: HEADER + "server.registerTool('p', { _meta: { 'openai/outputTemplate': 'widget/pizza.html' } }, async () => ({ content: [] }));",
    errors: [
      {
        messageId: 'notUiScheme',
        line: 6,
        column: 62,
        endLine: 6,
        endColumn: 81,
        data: { builtBy: '', uri: 'widget/pizza.html', via: 'openai/outputTemplate' },
      },
    ],
  },
  {
    filename,
    code: HEADER + APP_TOOL("{ ui: { resourceUri: 'ui://w/view.html' }, 'ui/resourceUri': 'ui://w/old.html' }"),
    errors: [
      {
        messageId: 'flatDiffers',
        line: 6,
        column: 124,
        endLine: 6,
        endColumn: 141,
        data: { builtBy: '', flat: 'ui://w/old.html', nested: 'ui://w/view.html' },
      },
    ],
  },
  {
    // vercel/ai packages/mcp/src/tool/mcp-apps.test.ts:205: `connectDomains: ['https://ok.example', 42, null]` was
    // reported as "'42' … (it has no scheme: write https://…)": a number is no string at all.
    filename,
    code:
      HEADER + APP_RESOURCE("'ui://w/view.html'", 'APP_MIME', "{ _meta: { ui: { csp: { connectDomains: ['https://ok.example', 42] } } } }"),
    errors: [
      {
        messageId: 'notOrigin',
        line: 6,
        data: { builtBy: '', value: '42', list: 'ui.csp.connectDomains', why: 'it is a number, not a string' },
      },
    ],
  },
  {
    // Only `ui.csp`'s lists take them: `openai/widgetCSP` has no such host behaviour to lean on, and a dedicated origin
    // (`ui.domain`) is never a scheme.
    filename,
    code:
      HEADER +
      "server.registerResource('w', 'ui://w/v.html', {}, async () => ({ contents: [{ uri: 'ui://w/v.html', mimeType: APP_MIME, text: html, _meta: { 'openai/widgetCSP': { resource_domains: ['blob:'] }, ui: { domain: 'blob:' } } }] }));",
    errors: [
      {
        messageId: 'notOrigin',
        line: 6,
        data: { builtBy: '', value: 'blob:', list: 'openai/widgetCSP.resource_domains', why: "its scheme 'blob:' is not http(s) or ws(s)" },
      },
      {
        messageId: 'notDomain',
        line: 6,
        data: { builtBy: '', value: 'blob:', field: 'ui.domain', why: "its scheme 'blob:' is not http(s) or ws(s)" },
      },
    ],
  },
  {
    // The same list's `null`: nothing a host can take as an origin either.
    filename,
    code:
      HEADER +
      APP_RESOURCE("'ui://w/view.html'", 'APP_MIME', "{ _meta: { ui: { csp: { connectDomains: ['https://ok.example', null] } } } }"),
    errors: [
      {
        messageId: 'notOrigin',
        line: 6,
        data: { builtBy: '', value: 'null', list: 'ui.csp.connectDomains', why: 'it is null, not a string' },
      },
    ],
  },
  {
    filename,
    code:
      HEADER +
      APP_RESOURCE(
        "'ui://w/view.html'",
        'APP_MIME',
        "{ _meta: { ui: { csp: { connectDomains: ['https://api.example.com/v1', 'api.example.com', 'https://x.example?y=1', '*'] } } } }",
      ),
    errors: [
      {
        messageId: 'notOrigin',
        line: 6,
        column: 98,
        endLine: 6,
        endColumn: 126,
        data: { builtBy: '', value: 'https://api.example.com/v1', list: 'ui.csp.connectDomains', why: 'it has a path' },
      },
      {
        messageId: 'notOrigin',
        line: 6,
        column: 128,
        endLine: 6,
        endColumn: 145,
        data: { builtBy: '', value: 'api.example.com', list: 'ui.csp.connectDomains', why: 'it has no scheme: write https://…' },
      },
      {
        messageId: 'notOrigin',
        line: 6,
        column: 147,
        endLine: 6,
        endColumn: 170,
        data: { builtBy: '', value: 'https://x.example?y=1', list: 'ui.csp.connectDomains', why: 'it has a query' },
      },
      {
        messageId: 'notOrigin',
        line: 6,
        column: 172,
        endLine: 6,
        endColumn: 175,
        data: { builtBy: '', value: '*', list: 'ui.csp.connectDomains', why: 'it is a CSP keyword, not an origin' },
      },
    ],
  },
  {
    filename,
    code:
      HEADER +
      "server.registerResource('w', 'ui://w/v.html', {}, async () => ({ contents: [{ uri: 'ui://w/v.html', mimeType: 'text/html+skybridge', text: html, _meta: { 'openai/widgetCSP': { resource_domains: ['https://cdn.example.com/assets/'] }, 'openai/widgetDomain': 'https://chatgpt.com/widgets' } }] }));",
    errors: [
      {
        messageId: 'notOrigin',
        line: 6,
        column: 196,
        endLine: 6,
        endColumn: 229,
        data: { builtBy: '', value: 'https://cdn.example.com/assets/', list: 'openai/widgetCSP.resource_domains', why: 'it has a path' },
      },
      {
        messageId: 'notDomain',
        line: 6,
        column: 257,
        endLine: 6,
        endColumn: 286,
        data: { builtBy: '', value: 'https://chatgpt.com/widgets', field: 'openai/widgetDomain', why: 'it has a path' },
      },
    ],
  },
  {
    filename,
    code:
      HEADER + APP_TOOL("{ ui: { resourceUri: 'ui://w/view.html', visibility: ['model', 'user'] } }") + APP_RESOURCE("'ui://w/view.html'"),
    errors: [{ messageId: 'visibility', line: 6, column: 126, endLine: 6, endColumn: 132, data: { builtBy: '', value: 'user' } }],
  },
  {
    filename,
    code: HEADER + APP_TOOL("{ ui: { resourceUri: 'ui://w/view.html', visibility: 'app' } }") + APP_RESOURCE("'ui://w/view.html'"),
    errors: [{ messageId: 'visibilityNotArray', line: 6, column: 116, endLine: 6, endColumn: 121 }],
  },
  {
    filename,
    code: HEADER + APP_RESOURCE("'ui://w/view.html'", 'APP_MIME', '{ _meta: { ui: { permissions: { camra: {}, microphone: {} } } } }'),
    errors: [
      {
        messageId: 'permission',
        line: 6,
        column: 89,
        endLine: 6,
        endColumn: 94,
        data: { builtBy: '', value: 'camra', near: " Did you mean 'camera'?" },
      },
    ],
  },
  {
    filename,
    code: HEADER + APP_RESOURCE("'ui://w/view.html'", 'APP_MIME', "{ _meta: { ui: { permissions: ['camera'] } } }"),
    errors: [{ messageId: 'permissionsNotObject', line: 6, column: 87, endLine: 6, endColumn: 97 }],
  },
  {
    filename,
    code: HEADER + APP_RESOURCE("'ui://w/view.html'", 'APP_MIME', "{ _meta: { ui: { domain: 'https://example.com/app' } } }"),
    errors: [
      {
        messageId: 'notDomain',
        line: 6,
        column: 82,
        endLine: 6,
        endColumn: 107,
        data: { builtBy: '', value: 'https://example.com/app', field: 'ui.domain', why: 'it has a path' },
      },
    ],
  },
  // yaniv-apigene/apigene-mcp-apps-templates (playground server): the tools meant to be visible to the model and the
  // app write `visibility` beside `ui`, not in it; MCP Apps hosts read only `ui.visibility`.
  {
    filename,
    code:
      HEADER +
      "registerAppTool(server, 'list_demo_apps', { description: 'List', inputSchema: {}, _meta: { visibility: ['model', 'app'] } }, async () => ({ content: [] }));\n",
    errors: [
      {
        messageId: 'uiFieldAtTop',
        line: 6,
        column: 92,
        endLine: 6,
        endColumn: 102,
        data: { field: 'visibility', effect: 'the tool keeps its default visibility', builtBy: '' },
      },
    ],
  },
  {
    filename,
    code:
      HEADER +
      APP_TOOL("{ visibility: ['model', 'app'], ui: { resourceUri: 'ui://w/view.html' } }") +
      APP_RESOURCE(
        "'ui://w/view.html'",
        'APP_MIME',
        "{ _meta: { csp: { resourceDomains: ['https://cdn.example.com'] }, prefersBorder: true } }",
      ),
    errors: [
      {
        messageId: 'uiFieldAtTop',
        line: 6,
        column: 65,
        endLine: 6,
        endColumn: 75,
        data: { field: 'visibility', effect: 'the tool keeps its default visibility', builtBy: '' },
      },
      {
        messageId: 'uiFieldAtTop',
        line: 7,
        column: 68,
        endLine: 7,
        endColumn: 71,
        data: { field: 'csp', effect: 'the widget gets no such policy, and its requests to those origins are blocked', builtBy: '' },
      },
      {
        messageId: 'uiFieldAtTop',
        line: 7,
        column: 123,
        endLine: 7,
        endColumn: 136,
        data: { field: 'prefersBorder', effect: 'the host draws the border by its own default', builtBy: '' },
      },
    ],
  },
  {
    filename,
    code: HEADER + APP_TOOL("{ resourceUri: 'ui://w/view.html' }") + APP_RESOURCE("'ui://w/view.html'"),
    errors: [
      {
        messageId: 'uiFieldAtTop',
        line: 6,
        column: 65,
        endLine: 6,
        endColumn: 76,
        data: { field: 'resourceUri', effect: 'the tool links no widget and renders none', builtBy: '' },
      },
    ],
  },
  // mcp-lite's resource(uri, meta, handler) is read with its URI first: the link reaches it, so its MIME type is
  // checked against what MCP Apps hosts render.
  {
    filename,
    code: MCP_LITE('text/html+skybridge'),
    name: "mcp-lite's resource(uri, meta, handler): linked by ui.resourceUri, a ChatGPT MIME type",
    errors: [
      { messageId: 'wrongMimeType', line: 8, column: 54, endLine: 8, endColumn: 75 },
      { messageId: 'wrongMimeType', line: 8, column: 135, endLine: 8, endColumn: 156 },
    ],
  },
];

ruleTester.run('valid-app-linkage', rule, { valid, invalid });
