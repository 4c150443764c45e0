/**
 * Config fields a framework turns into `_meta` keys (`FRAMEWORK_CONVENTIONS`' `fields`), in a file that imports it:
 * mcp-use's `server.tool({ visibility })` is the tool's `ui.visibility: [visibility]` and its `view`'s `csp`,
 * `permissions`, `domain`, `prefersBorder` the view resource's `ui.*`; skybridge's `registerTool({ view })` puts
 * `view.csp`'s lists in `ui.csp`, `view.domain` in `ui.domain`, `csp.redirectDomains` in
 * `openai/widgetCSP.redirect_domains` and `view.description` in `openai/widgetDescription`. Keys, fields, the
 * catalogue's values and the MCP Apps value checks read them; reports land on the code's own values.
 * Manifest: test/rules/framework-fields-fixture.
 */
import path from 'node:path';
import { RuleTester } from '@typescript-eslint/rule-tester';
import appRule from '../../rules/valid-app-linkage';
import keyRule from '../../rules/no-unregistered-meta-key';
import fieldRule from '../../rules/no-unregistered-meta-field';

const FIXTURE = path.resolve(__dirname, 'framework-fields-fixture');
const filename = path.join(FIXTURE, 'src/server.ts');
const MANIFEST = 'mcp-meta.registry.json';
const ruleTester = new RuleTester({ settings: { 'mcp-meta': { registry: path.join(FIXTURE, MANIFEST) } } });

const MCP_USE = 'import { MCPServer } from "mcp-use";\nconst server = new MCPServer({ name: "s", version: "1" });\n';
const SKYBRIDGE = 'import { McpServer } from "skybridge/server";\nconst server = new McpServer({ name: "s", version: "1" }, {});\n';
/** An mcp-use tool whose definition holds `fields` (and no `_meta`), in a file that writes `_meta` elsewhere. */
const mcpUseTool = (fields: string, header = MCP_USE) =>
  `${header}server.tool({ name: "search", ${fields} }, async () => ({ content: [], _meta: {} }));`;
/** A skybridge tool with a view. */
const skybridgeTool = (view: string, header = SKYBRIDGE) =>
  `${header}server.registerTool({ name: "search", view: { component: "search", ${view} }, _meta: {} }, async () => ({ content: [] }));`;

const visibilityTypo = mcpUseTool('visibility: "modle"');
const mcpUseOrigin = mcpUseTool('view: { name: "search", csp: { connectDomains: ["api.example.com"] } }');
const skybridgeOrigins = skybridgeTool('csp: { resourceDomains: ["fonts.example.com"], redirectDomains: ["docs.example.com"] }');
const skybridgeDomain = skybridgeTool('domain: "https://example.com/app"');

ruleTester.run('valid-app-linkage: framework config fields are the _meta values the host gets', appRule, {
  valid: [
    { filename, code: mcpUseTool('visibility: "app"'), name: "mcp-use writes visibility: 'app' as ui.visibility: ['app']" },
    {
      filename,
      code: mcpUseTool(
        'view: { name: "search", csp: { connectDomains: ["https://api.example.com"] }, permissions: { camera: {} }, domain: "https://search.example.com", prefersBorder: true }',
      ),
      name: "mcp-use: a view's csp, permissions and domain a host accepts",
    },
    {
      filename,
      code: skybridgeTool(
        'domain: "https://skybridge.example.com", csp: { resourceDomains: ["https://fonts.example.com"], redirectDomains: ["https://docs.example.com"] }',
      ),
      name: "skybridge: a view's domain and CSP lists a host accepts",
    },
    {
      filename,
      code: mcpUseTool('visibility: "modle"', 'const server = { tool: (..._: unknown[]) => undefined };\n\n'),
      name: 'without mcp-use imported, a visibility field is nothing known',
    },
    {
      filename,
      code: skybridgeTool(
        'csp: { resourceDomains: ["fonts.example.com"] }',
        'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nconst server = new McpServer({ name: "s", version: "1" });\n',
      ),
      name: "without skybridge imported, registerTool's view is nothing known",
    },
    {
      filename,
      code: `${MCP_USE}const definition = { name: "search", visibility: "modle" };\nserver.tool(definition, async () => ({ content: [], _meta: {} }));`,
      name: 'a definition held in a const is not read (what the framework makes of it is known only in place)',
    },
  ],
  invalid: [
    {
      filename,
      code: visibilityTypo,
      errors: [{ messageId: 'visibility', line: 3, column: 43, endLine: 3, endColumn: 50, data: { builtBy: '', value: 'modle' } }],
      name: "mcp-use: a visibility neither 'model' nor 'app' is reported at the config's value",
    },
    {
      filename,
      code: mcpUseOrigin,
      errors: [
        {
          messageId: 'notOrigin',
          line: 3,
          column: 79,
          endLine: 3,
          endColumn: 96,
          data: { builtBy: '', value: 'api.example.com', list: 'ui.csp.connectDomains', why: 'it has no scheme: write https://…' },
        },
      ],
      name: "mcp-use: view.csp is the view resource's ui.csp",
    },
    {
      filename,
      code: skybridgeOrigins,
      errors: [
        {
          messageId: 'notOrigin',
          line: 3,
          column: 93,
          endLine: 3,
          endColumn: 112,
          data: { builtBy: '', value: 'fonts.example.com', list: 'ui.csp.resourceDomains', why: 'it has no scheme: write https://…' },
        },
        {
          messageId: 'notOrigin',
          line: 3,
          column: 133,
          endLine: 3,
          endColumn: 151,
          data: {
            builtBy: '',
            value: 'docs.example.com',
            list: 'openai/widgetCSP.redirect_domains',
            why: 'it has no scheme: write https://…',
          },
        },
      ],
      name: 'skybridge: view.csp lists are ui.csp lists, and redirectDomains openai/widgetCSP.redirect_domains',
    },
    {
      filename,
      code: skybridgeDomain,
      errors: [{ messageId: 'notDomain', line: 3, column: 76, endLine: 3, endColumn: 101 }],
      name: "skybridge: view.domain is the view resource's ui.domain",
    },
  ],
});

const described = skybridgeTool('description: "Search results"');

ruleTester.run('no-unregistered-meta-key: the keys a framework writes from config fields', keyRule, {
  valid: [
    { filename, code: mcpUseTool('visibility: "app", view: { name: "search", prefersBorder: true }'), name: 'mcp-use: ui is registered' },
    {
      filename,
      code: skybridgeTool('csp: { redirectDomains: ["https://docs.example.com"] }'),
      name: 'skybridge: openai/widgetCSP is registered',
    },
  ],
  invalid: [
    {
      filename,
      code: described,
      errors: [
        {
          messageId: 'unregisteredKey',
          line: 3,
          column: 68,
          endLine: 3,
          endColumn: 79,
          data: {
            where: 'resource `_meta`',
            key: 'openai/widgetDescription',
            registry: MANIFEST,
            hint: " skybridge writes it from this config's `view.description`.",
          },
          suggestions: [],
        },
      ],
      name: 'skybridge: view.description is the resource key openai/widgetDescription, which the manifest does not list',
    },
  ],
});

const permissionTypo = mcpUseTool('view: { name: "search", permissions: { camra: {} } }');

ruleTester.run('no-unregistered-meta-field: fields of the keys a framework writes', fieldRule, {
  valid: [
    {
      filename,
      code: mcpUseTool(
        'view: { name: "search", csp: { connectDomains: [] }, permissions: { camera: {} }, domain: "https://a.example.com" }',
      ),
      name: "mcp-use: the view's fields are ui's resource fields, on the resource",
    },
  ],
  invalid: [
    {
      filename,
      code: permissionTypo,
      errors: [
        {
          messageId: 'unregisteredField',
          line: 3,
          column: 70,
          endLine: 3,
          endColumn: 75,
          suggestions: [
            {
              messageId: 'useRegisteredField',
              data: { field: 'camera' },
              output: mcpUseTool('view: { name: "search", permissions: { camera: {} } }'),
            },
          ],
        },
      ],
      name: "mcp-use passes view.permissions through as ui.permissions: a typo in it is the code's own, renamed there",
    },
  ],
});
