/**
 * valid-app-linkage on `_meta` a helper builds (`_meta: widgetMeta(w)`): a same-file helper's returned literal, and an
 * imported one's through its module's summary, with the helper's parameters bound to the call's arguments. A value
 * written in the helper is reported there (same file) or at the call, naming the module (imported); a value passed as
 * an argument is reported at the argument.
 */
import path from 'node:path';
import { RuleTester, type InvalidTestCase, type ValidTestCase } from '@typescript-eslint/rule-tester';
import rule, { type MessageIds } from '../../rules/valid-app-linkage';

const PROJECT = path.resolve(__dirname, 'apps-linkage-fixture');
const filename = path.join(PROJECT, 'src/server.ts');
const ruleTester = new RuleTester({ settings: { 'mcp-meta': { registry: path.join(PROJECT, 'mcp-meta.registry.json') } } });

const HEADER = `import { RESOURCE_MIME_TYPE as APP_MIME, registerAppResource, registerAppTool } from '@modelcontextprotocol/ext-apps/server';
import type { McpServer } from '@modelcontextprotocol/server';
import { appMeta, cspMeta, fixedMeta, permissionsMeta, widgetMeta } from './widget-meta.js';
declare const server: McpServer;
declare const html: string;
`;
const TOOL = (meta: string) => `registerAppTool(server, 'show', { description: 'Show', _meta: ${meta} }, async () => ({ content: [] }));\n`;
const RESOURCE = (uri = "'ui://w/view.html'", mime = 'APP_MIME') =>
  `registerAppResource(server, 'View', ${uri}, {}, async () => ({ contents: [{ uri: ${uri}, mimeType: ${mime}, text: html }] }));\n`;
const CHATGPT_RESOURCE = (uri: string) =>
  `server.registerResource('w', ${uri}, {}, async () => ({ contents: [{ uri: ${uri}, mimeType: 'text/html+skybridge', text: html }] }));\n`;
const HINT = (helper: string) => ` It is built by ${helper}() in 'src/widget-meta.ts': fix it there.`;

/** Values imported from another module as whole `const`s (an object or array literal there), read from its summary. */
const VALUES =
  HEADER +
  "import { APP_CONFIG, BARE_CSP, ORIGIN_CSP, PLAIN_HTML_CONFIG, TYPO_UI, VIEW_UI } from './widget-values.js';\n" +
  "import * as values from './widget-values.js';\n";
const WRITTEN_IN = (name: string) => ` It is written in ${name} in 'src/widget-values.ts': fix it there.`;
const CHATGPT_TOOL = (name: string, csp: string) =>
  `server.registerTool('${name}', { _meta: { 'openai/outputTemplate': 'ui://w/view.html', 'openai/widgetCSP': ${csp} } }, async () => ({ content: [] }));\n`;
/** Where `text` is on line `line` of `code` (1-based), and where it ends: a report at it. */
function at(code: string, line: number, text: string): { line: number; column: number; endLine: number; endColumn: number } {
  const column = code.split('\n')[line - 1].indexOf(text) + 1;
  if (column === 0) throw new Error(`'${text}' is not on line ${line}`);
  return { line, column, endLine: line, endColumn: column + text.length };
}
const BARE = VALUES + CHATGPT_TOOL('a', 'BARE_CSP') + CHATGPT_TOOL('b', 'BARE_CSP') + CHATGPT_RESOURCE("'ui://w/view.html'");
const ALIASED = VALUES + 'const csp = BARE_CSP;\n' + CHATGPT_TOOL('a', 'csp') + CHATGPT_RESOURCE("'ui://w/view.html'");
const UI_CSP_RESOURCE =
  VALUES +
  "registerAppResource(server, 'View', 'ui://w/view.html', { _meta: { ui: { csp: values.UI_CSP } } }, async () => ({ contents: [{ uri: 'ui://w/view.html', mimeType: APP_MIME, text: html }] }));\n";
const TYPO = VALUES + TOOL('{ ui: TYPO_UI }') + RESOURCE();
const PLAIN_HTML =
  VALUES +
  TOOL("{ ui: { resourceUri: 'ui://w/view.html' } }") +
  "registerAppResource(server, 'View', 'ui://w/view.html', PLAIN_HTML_CONFIG, async () => ({ contents: [{ uri: 'ui://w/view.html', mimeType: APP_MIME, text: html }] }));\n";

/** `ui.permissions` given a list (hosts read an object's keys): an imported `const`, and one of this file. */
const PERMISSIONS_RESOURCE = (permissions: string) =>
  `registerAppResource(server, 'View', 'ui://w/view.html', { _meta: { ui: { permissions: ${permissions} } } }, async () => ({ contents: [{ uri: 'ui://w/view.html', mimeType: APP_MIME, text: html }] }));\n`;
const IMPORTED_PERMISSIONS =
  HEADER + "import { CAMERA_PERMISSIONS } from './widget-values.js';\n" + PERMISSIONS_RESOURCE('CAMERA_PERMISSIONS');
const LOCAL_PERMISSIONS = HEADER + "const cameraOnly = ['camera'];\n" + PERMISSIONS_RESOURCE('cameraOnly');
/** `ui.visibility` given one string (hosts read a list): an imported `const`, and one of this file. */
const VISIBILITY_TOOL = (visibility: string) => TOOL(`{ ui: { resourceUri: 'ui://w/view.html', visibility: ${visibility} } }`) + RESOURCE();
const IMPORTED_VISIBILITY = HEADER + "import { APP_ONLY } from './widget-values.js';\n" + VISIBILITY_TOOL('APP_ONLY');
const LOCAL_VISIBILITY = HEADER + "const appOnly = 'app';\n" + VISIBILITY_TOOL('appOnly');
const ARGUMENT_PERMISSIONS =
  HEADER +
  "registerAppResource(server, 'View', 'ui://w/view.html', { _meta: permissionsMeta(['camera']) }, async () => ({ contents: [{ uri: 'ui://w/view.html', mimeType: APP_MIME, text: html }] }));\n";

/**
 * nutrition-mcp's widget links: a same-file helper returns `{ _meta }` (or nothing) for each registration's config to
 * spread; each call links the URI it passes.
 */
const UI_META_HELPER =
  HEADER +
  'declare const widgetsEnabled: boolean;\nconst uiMeta = (uri: string) => (widgetsEnabled ? { _meta: { ui: { resourceUri: uri } } } : {});\n';
const SPREAD_TOOL = (name: string, uri: string) =>
  `server.registerTool('${name}', { description: '${name}', ...uiMeta(${uri}) }, async () => ({ content: [] }));\n`;

const REST_LINK =
  HEADER +
  "import { restMeta } from './widget-meta.js';\n" +
  "server.registerTool('search', { _meta: restMeta({ templateUri: 'ui://w/view.html', ui: { resourceUri: 'ui://w/view.html' } }) }, async () => ({ content: [] }));\n" +
  CHATGPT_RESOURCE("'ui://w/view.html'");
const SAME_FILE_EXTRA =
  HEADER +
  "function withExtra(uri: string, extra: object) {\n  return { 'openai/outputTemplate': uri, ...extra };\n}\n" +
  TOOL("withExtra('ui://w/view.html', { ui: { resourceUri: 'ui://w/veiw.html' } })") +
  RESOURCE();
/** A descriptor helper that hands its caller's config on (`_meta` included) to the registration it is given to. */
const DESCRIPTOR = (helper: string, link: string, resource: string) =>
  HEADER +
  helper +
  `server.registerTool('search', defineTool({ title: 'Search', _meta: { ui: { resourceUri: '${link}' } } }), async () => ({ content: [] }));\n` +
  resource;
const SAME_FILE_DESCRIPTOR = DESCRIPTOR(
  'const defineTool = ({ title, ...rest }: { title: string; [key: string]: unknown }) => ({ title, ...rest });\n',
  'ui://w/veiw.html',
  RESOURCE(),
);
const IMPORTED_DESCRIPTOR = DESCRIPTOR(
  "import { defineTool } from './widget-meta.js';\n",
  'ui://w/view.html',
  CHATGPT_RESOURCE("'ui://w/view.html'"),
);
const TAKEN_OUT =
  HEADER +
  'const pick = ({ ui, ...rest }: Record<string, unknown>) => ({ ...rest });\n' +
  TOOL("pick({ ui: { resourceUri: 'ui://w/veiw.html' }, 'openai/outputTemplate': 'ui://w/other.html' })") +
  RESOURCE();

/**
 * Dexter-DAO/dexter-mcp before its fix 35a1e92: an imported helper spreads its caller's `extra` into the `_meta` it
 * builds, and `extra` carries the MCP Apps link (`ui.resourceUri`), so the widget must be `text/html;profile=mcp-app`.
 * `link` is the URI `extra` links, `resource` the widget's registration.
 */
const EXTRA_LINK = (link: string, resource: string) =>
  HEADER +
  "import { createWidgetMeta, restMeta } from './widget-meta.js';\n" +
  'const SEARCH_META = createWidgetMeta({\n' +
  "  templateUri: 'ui://w/view.html',\n" +
  `  extra: { ui: { resourceUri: '${link}', visibility: ['model', 'app'] } },\n` +
  '});\n' +
  "server.registerTool('search', { _meta: { category: 'x402', ...SEARCH_META } }, async () => ({ content: [] }));\n" +
  resource;

const valid: Array<ValidTestCase<[]>> = [
  {
    filename,
    code: DESCRIPTOR(
      'const defineTool = ({ _meta, ...rest }: { title: string; _meta?: object }) => ({ ...rest });\n',
      'ui://w/veiw.html',
      RESOURCE(),
    ),
    name: 'a descriptor helper whose rest takes `_meta` out: the registration never gets it, no link to check',
  },
  {
    filename,
    code: DESCRIPTOR("import { defineTool } from './widget-meta.js';\n", 'ui://w/view.html', RESOURCE()),
    name: 'an imported descriptor helper handing on a link to an MCP Apps resource',
  },
  {
    filename,
    code: EXTRA_LINK('ui://w/view.html', RESOURCE()),
    name: "an imported helper's spread parameter linking an MCP Apps resource (dexter-mcp after its fix 35a1e92)",
  },
  {
    filename,
    code:
      HEADER + 'function meta(uri: string) {\n  return { ui: { resourceUri: uri } };\n}\n' + TOOL("meta('ui://w/view.html')") + RESOURCE(),
    name: "a same-file helper's parameter bound to the registered URI",
  },
  {
    filename,
    code: HEADER + TOOL("appMeta('ui://w/view.html')") + RESOURCE(),
    name: "an imported helper's parameter bound to the registered URI",
  },
  {
    filename,
    code:
      HEADER +
      "const WIDGET = { templateUri: 'ui://widget/pizza.html', invoking: 'Loading' };\n" +
      "server.registerTool('pizza', { _meta: widgetMeta(WIDGET) }, async () => ({ content: [] }));\n" +
      CHATGPT_RESOURCE('WIDGET.templateUri'),
    name: "Vercel's template: widgetMeta(widget) reads widget.templateUri, registered from the same table",
  },
  {
    filename,
    code:
      HEADER +
      'export function register(widget: { templateUri: string; invoking: string }) {\n' +
      "  server.registerTool('w', { _meta: widgetMeta(widget) }, async () => ({ content: [] }));\n" +
      CHATGPT_RESOURCE("'ui://widget/other.html'") +
      '}\n',
    name: 'an argument not known here (a parameter of the caller) is not matched by guessing',
  },
  {
    filename,
    code: HEADER + "for (const uri of ['ui://w/a.html', 'ui://w/b.html']) {\n  " + TOOL('appMeta(uri)') + '  ' + RESOURCE('uri') + '}\n',
    name: 'a loop registering each widget and its tool from the same variable',
  },
  {
    filename,
    code: VALUES + CHATGPT_TOOL('a', 'ORIGIN_CSP') + CHATGPT_RESOURCE("'ui://w/view.html'"),
    name: "an imported widgetCSP whose hosts are mapped to origins (graffiticode's fix e216edc): not known, not guessed",
  },
  {
    filename,
    code: VALUES + TOOL('{ ui: VIEW_UI }') + RESOURCE(),
    name: 'an imported `ui` object linking the URI this file registers, with valid visibility',
  },
  {
    filename,
    code:
      VALUES +
      TOOL("{ ui: { resourceUri: 'ui://w/view.html' } }") +
      "registerAppResource(server, 'View', 'ui://w/view.html', APP_CONFIG, async () => ({ contents: [{ uri: 'ui://w/view.html', mimeType: APP_MIME, text: html }] }));\n",
    name: 'an imported resource config declaring the MCP Apps MIME type (compared by value, not by name)',
  },
  {
    filename,
    code: UI_META_HELPER + SPREAD_TOOL('log', "'ui://w/view.html'") + SPREAD_TOOL('summary', "'ui://w/view.html'") + RESOURCE(),
    name: "a helper's returned _meta spread into each tool's config: each call links the URI it passes (nutrition-mcp)",
  },
  {
    filename,
    code:
      HEADER +
      "const uiMeta = (uri: string) => ({ _meta: { ui: { resourceUri: uri }, 'ui/resourceUri': uri } });\n" +
      SPREAD_TOOL('a', "'ui://w/a.html'") +
      SPREAD_TOOL('b', "'ui://w/b.html'") +
      RESOURCE("'ui://w/a.html'") +
      RESOURCE("'ui://w/b.html'"),
    name: "a helper's flat and nested links are compared call by call: each call writes one URI in both",
  },
];

const invalid: Array<InvalidTestCase<MessageIds, []>> = [
  {
    filename,
    code: SAME_FILE_DESCRIPTOR,
    errors: [{ messageId: 'resourceMissing', ...at(SAME_FILE_DESCRIPTOR, 7, "'ui://w/veiw.html'") }],
    name: "a same-file descriptor helper spreading its config's rest: the registration's `_meta` is the argument's",
  },
  {
    filename,
    code: IMPORTED_DESCRIPTOR,
    errors: [{ messageId: 'wrongMimeType', ...at(IMPORTED_DESCRIPTOR, 8, "'text/html+skybridge'") }],
    name: "an imported descriptor helper: the argument's `ui.resourceUri` links a skybridge resource",
  },
  {
    filename,
    code: EXTRA_LINK('ui://w/view.html', CHATGPT_RESOURCE("'ui://w/view.html'")),
    errors: [
      {
        messageId: 'wrongMimeType',
        ...at(EXTRA_LINK('ui://w/view.html', CHATGPT_RESOURCE("'ui://w/view.html'")), 12, "'text/html+skybridge'"),
      },
    ],
    name: "an imported helper's spread parameter links a skybridge resource by ui.resourceUri (dexter-mcp before 35a1e92)",
  },
  {
    filename,
    code: EXTRA_LINK('ui://w/veiw.html', RESOURCE()),
    errors: [
      {
        messageId: 'resourceMissing',
        ...at(EXTRA_LINK('ui://w/veiw.html', RESOURCE()), 9, "'ui://w/veiw.html'"),
        data: {
          uri: 'ui://w/veiw.html',
          via: 'ui.resourceUri',
          registered: "it registers 'ui://w/view.html'",
          near: " Did you mean 'ui://w/view.html'?",
          builtBy: '',
        },
      },
    ],
    name: 'a link the caller gives an imported helper to spread is reported at the argument, in this file (no module to fix)',
  },
  {
    filename,
    code: REST_LINK,
    errors: [{ messageId: 'wrongMimeType', ...at(REST_LINK, 8, "'text/html+skybridge'") }],
    name: "the rest of an imported helper's destructured parameter, spread in: the argument's other keys are the _meta's",
  },
  {
    filename,
    code: SAME_FILE_EXTRA,
    errors: [{ messageId: 'resourceMissing', ...at(SAME_FILE_EXTRA, 9, "'ui://w/veiw.html'") }],
    name: "a same-file helper spreading its second parameter: the call's argument supplies the link",
  },
  {
    filename,
    code: TAKEN_OUT,
    errors: [
      {
        messageId: 'resourceMissing',
        ...at(TAKEN_OUT, 7, "'ui://w/other.html'"),
        data: {
          uri: 'ui://w/other.html',
          via: 'openai/outputTemplate',
          registered: "it registers 'ui://w/view.html'",
          near: " Did you mean 'ui://w/view.html'?",
          builtBy: '',
        },
      },
    ],
    name: "a key the rest's pattern takes out (`ui` of `({ ui, ...rest })`) is not spread: only the others link",
  },
  {
    filename,
    code: UI_META_HELPER + SPREAD_TOOL('log', "'ui://w/view.html'") + SPREAD_TOOL('summary', "'ui://w/veiw.html'") + RESOURCE(),
    errors: [
      {
        messageId: 'resourceMissing',
        line: 9,
        column: 68,
        endLine: 9,
        endColumn: 86,
        data: {
          uri: 'ui://w/veiw.html',
          via: 'ui.resourceUri',
          registered: "it registers 'ui://w/view.html'",
          near: " Did you mean 'ui://w/view.html'?",
          builtBy: '',
        },
      },
    ],
    name: "a helper's returned _meta spread into a tool's config: the call that passes an unregistered URI is reported at its argument",
  },
  {
    filename,
    // Vercel's ChatGPT template: the widget table's domain is a page URL, not an origin (read as the table's URI is).
    code:
      HEADER +
      "const widget = { templateUri: 'ui://widget/content.html', invoking: 'Loading', widgetDomain: 'https://nextjs.org/docs' };\n" +
      "server.registerResource('content', widget.templateUri, {}, async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/html+skybridge', text: html, _meta: { 'openai/widgetDomain': widget.widgetDomain } }] }));\n",
    errors: [
      {
        messageId: 'notDomain',
        line: 7,
        column: 183,
        endLine: 7,
        endColumn: 202,
        data: { value: 'https://nextjs.org/docs', field: 'openai/widgetDomain', why: 'it has a path', builtBy: '' },
      },
    ],
  },
  {
    filename,
    code: HEADER + "function meta() {\n  return { ui: { resourceUri: 'ui://w/veiw.html' } };\n}\n" + TOOL('meta()') + RESOURCE(),
    errors: [{ messageId: 'resourceMissing', line: 7, column: 31, endLine: 7, endColumn: 49 }],
  },
  {
    filename,
    code:
      HEADER + 'function meta(uri: string) {\n  return { ui: { resourceUri: uri } };\n}\n' + TOOL("meta('ui://w/veiw.html')") + RESOURCE(),
    errors: [{ messageId: 'resourceMissing', line: 9, column: 68, endLine: 9, endColumn: 86 }],
  },
  {
    filename,
    code:
      HEADER +
      'const meta = ({ uri, domain }: { uri: string; domain: string }) => ({ ui: { resourceUri: uri, domain } });\n' +
      TOOL("meta({ uri: 'ui://w/veiw.html', domain: 'https://x.example.com/app' })") +
      RESOURCE(),
    errors: [
      { messageId: 'resourceMissing', line: 7, column: 75, endLine: 7, endColumn: 93 },
      { messageId: 'notDomain', line: 7, column: 103, endLine: 7, endColumn: 130 },
    ],
  },
  {
    filename,
    code: HEADER + TOOL('fixedMeta()') + RESOURCE(),
    errors: [
      {
        messageId: 'resourceMissing',
        line: 6,
        column: 63,
        endLine: 6,
        endColumn: 74,
        data: {
          uri: 'ui://w/fixed.html',
          via: 'ui.resourceUri',
          registered: "it registers 'ui://w/view.html'",
          near: " Did you mean 'ui://w/view.html'?",
          builtBy: HINT('fixedMeta'),
        },
      },
    ],
  },
  {
    filename,
    code: HEADER + TOOL("appMeta('ui://w/veiw.html')") + RESOURCE(),
    errors: [
      {
        messageId: 'resourceMissing',
        line: 6,
        column: 71,
        endLine: 6,
        endColumn: 89,
        data: {
          uri: 'ui://w/veiw.html',
          via: 'ui.resourceUri',
          registered: "it registers 'ui://w/view.html'",
          near: " Did you mean 'ui://w/view.html'?",
          builtBy: '',
        },
      },
    ],
  },
  {
    filename,
    code: HEADER + TOOL("{ ...appMeta('ui://w/veiw.html'), 'openai/widgetAccessible': true }") + RESOURCE(),
    errors: [{ messageId: 'resourceMissing', line: 6, column: 76, endLine: 6, endColumn: 94 }],
  },
  {
    filename,
    code:
      HEADER +
      "const WIDGET = { templateUri: 'widget/pizza.html', invoking: 'Loading' };\n" +
      "server.registerTool('pizza', { _meta: widgetMeta(WIDGET) }, async () => ({ content: [] }));\n",
    errors: [
      {
        messageId: 'notUiScheme',
        line: 6,
        column: 31,
        endLine: 6,
        endColumn: 50,
        data: { uri: 'widget/pizza.html', via: 'openai/outputTemplate', builtBy: '' },
      },
    ],
  },
  {
    filename,
    code:
      HEADER +
      "registerAppResource(server, 'View', 'ui://w/view.html', { _meta: cspMeta() }, async () => ({ contents: [{ uri: 'ui://w/view.html', mimeType: APP_MIME, text: html }] }));\n",
    errors: [
      {
        messageId: 'notOrigin',
        line: 6,
        column: 66,
        endLine: 6,
        endColumn: 75,
        data: { value: 'https://api.example.com/v1', list: 'ui.csp.connectDomains', why: 'it has a path', builtBy: HINT('cspMeta') },
      },
    ],
  },
  {
    filename,
    // graffiticode-mcp-server before e216edc: an imported CSP's bare hosts, used by two tools: reported once each,
    // at the first use, naming the module to fix.
    code: BARE,
    errors: ['*.example.com', 'api.example.com'].map((value) => ({
      messageId: 'notOrigin' as const,
      ...at(BARE, 8, 'BARE_CSP'),
      data: { value, list: 'openai/widgetCSP.frame_domains', why: 'it has no scheme: write https://…', builtBy: WRITTEN_IN('BARE_CSP') },
    })),
  },
  {
    filename,
    code: ALIASED,
    errors: [
      ...['*.example.com', 'api.example.com'].map((value) => ({
        messageId: 'notOrigin' as const,
        ...at(ALIASED, 8, 'BARE_CSP'),
        data: { value, list: 'openai/widgetCSP.frame_domains', why: 'it has no scheme: write https://…', builtBy: WRITTEN_IN('BARE_CSP') },
      })),
    ],
  },
  {
    filename,
    code: UI_CSP_RESOURCE,
    errors: [
      {
        messageId: 'notOrigin',
        ...at(UI_CSP_RESOURCE, 8, 'values.UI_CSP'),
        data: {
          value: 'https://api.example.com/v1',
          list: 'ui.csp.connectDomains',
          why: 'it has a path',
          builtBy: WRITTEN_IN('values.UI_CSP'),
        },
      },
    ],
  },
  {
    filename,
    code: TYPO,
    errors: [
      { messageId: 'visibility', ...at(TYPO, 8, 'TYPO_UI'), data: { value: 'user', builtBy: WRITTEN_IN('TYPO_UI') } },
      {
        messageId: 'resourceMissing',
        ...at(TYPO, 8, 'TYPO_UI'),
        data: {
          uri: 'ui://w/veiw.html',
          via: 'ui.resourceUri',
          registered: "it registers 'ui://w/view.html'",
          near: " Did you mean 'ui://w/view.html'?",
          builtBy: WRITTEN_IN('TYPO_UI'),
        },
      },
    ],
  },
  {
    filename,
    code: PLAIN_HTML,
    errors: [
      {
        messageId: 'wrongMimeType',
        ...at(PLAIN_HTML, 9, 'PLAIN_HTML_CONFIG'),
        data: {
          uri: 'ui://w/view.html',
          value: 'text/html',
          linkedBy: ' and is linked by `ui.resourceUri`',
          hosts: 'MCP Apps hosts',
          expected: "'text/html;profile=mcp-app'",
        },
      },
    ],
  },
  {
    filename,
    code: IMPORTED_PERMISSIONS,
    name: 'an imported array const as ui.permissions: reported at its name here, naming the module it is written in',
    errors: [
      {
        messageId: 'permissionsNotObject',
        ...at(IMPORTED_PERMISSIONS, 7, 'CAMERA_PERMISSIONS'),
        data: { builtBy: WRITTEN_IN('CAMERA_PERMISSIONS') },
      },
    ],
  },
  {
    filename,
    code: LOCAL_PERMISSIONS,
    name: 'a same-file array const as ui.permissions: reported at its name, with no module named',
    errors: [{ messageId: 'permissionsNotObject', ...at(LOCAL_PERMISSIONS, 7, 'cameraOnly'), data: { builtBy: '' } }],
  },
  {
    filename,
    code: ARGUMENT_PERMISSIONS,
    name: 'a list passed to an imported helper as ui.permissions: reported at the argument, which is written here (no module named)',
    errors: [{ messageId: 'permissionsNotObject', ...at(ARGUMENT_PERMISSIONS, 6, "['camera']"), data: { builtBy: '' } }],
  },
  {
    filename,
    code: IMPORTED_VISIBILITY,
    name: 'an imported string const as ui.visibility: reported at its name here, naming the module it is written in',
    errors: [{ messageId: 'visibilityNotArray', ...at(IMPORTED_VISIBILITY, 7, 'APP_ONLY'), data: { builtBy: WRITTEN_IN('APP_ONLY') } }],
  },
  {
    filename,
    code: LOCAL_VISIBILITY,
    name: 'a same-file string const as ui.visibility: reported at its name, with no module named',
    errors: [{ messageId: 'visibilityNotArray', ...at(LOCAL_VISIBILITY, 7, 'appOnly'), data: { builtBy: '' } }],
  },
];

ruleTester.run('valid-app-linkage (helpers)', rule, { valid, invalid });
