/**
 * Framework conventions (`FRAMEWORK_CONVENTIONS`): xmcp flattens a tool's nested `_meta` into slash keys before the
 * host sees it, so in `export const metadata: ToolMetadata = { _meta: { openai: { toolInvocation: { invoking } } } }`
 * (`ToolMetadata` imported from `xmcp`) the key written is `openai/toolInvocation/invoking`. The same nested literal
 * anywhere else stays the nested key `openai`. Manifest: test/rules/xmcp-fixture.
 */
import path from 'node:path';
import { RuleTester } from '@typescript-eslint/rule-tester';
import keyRule from '../../rules/no-unregistered-meta-key';
import fieldRule from '../../rules/no-unregistered-meta-field';

const FIXTURE = path.resolve(__dirname, 'xmcp-fixture');
const TOOL = path.join(FIXTURE, 'src/tools/greet.ts');
const MANIFEST = 'mcp-meta.registry.json';
const ruleTester = new RuleTester({ settings: { 'mcp-meta': { registry: path.join(FIXTURE, MANIFEST) } } });

const xmcpTool = (meta: string, importLine = 'import { type ToolMetadata } from "xmcp";') =>
  `${importLine}\nexport const metadata: ToolMetadata = {\n  name: "greet",\n  description: "Greet the user",\n  _meta: ${meta},\n};`;

const REGISTERED = xmcpTool('{ openai: { toolInvocation: { invoking: "Greeting…" }, widgetAccessible: true } }');

ruleTester.run('no-unregistered-meta-key: xmcp flattens nested _meta', keyRule, {
  valid: [
    { filename: TOOL, code: REGISTERED, name: 'nested keys of an xmcp ToolMetadata are the registered slash keys' },
    {
      filename: TOOL,
      code: 'import { ToolMetadata } from "xmcp";\nexport const metadata = {\n  name: "greet",\n  _meta: { openai: { toolInvocation: { invoking: "…" } } },\n} satisfies ToolMetadata;',
      name: 'a value import and `satisfies` name the same type',
    },
    {
      filename: TOOL,
      code: 'import type { ToolMetadata } from "xmcp";\nconst openai = { widgetAccessible: true };\nexport const metadata: ToolMetadata = { name: "greet", _meta: { openai } };',
      name: 'a nested object held in a const is flattened as xmcp flattens it at run time',
    },
    {
      filename: TOOL,
      code: xmcpTool('{ ui: { resourceUri: "ui://app/greet.html" }, openai: { widgetAccessible: true } }'),
      name: "MCP Apps' ui object stays the key ui (xmcp splits it between the tool and its resource first)",
    },
  ],
  invalid: [
    {
      filename: TOOL,
      code: xmcpTool('{ openai: { toolInvocation: { invokng: "Greeting…" } } }'),
      errors: [
        {
          messageId: 'unregisteredKey',
          line: 5,
          column: 40,
          endLine: 5,
          endColumn: 47,
          data: {
            where: 'tool descriptor `_meta`',
            key: 'openai/toolInvocation/invokng',
            registry: MANIFEST,
            hint: " Did you mean 'openai/toolInvocation/invoking'?",
          },
          suggestions: [
            {
              messageId: 'useRegisteredKey',
              data: { key: 'openai/toolInvocation/invoking' },
              output: xmcpTool('{ openai: { toolInvocation: { invoking: "Greeting…" } } }'),
            },
          ],
        },
      ],
      name: 'a typo in the leaf is reported with the flattened name, and the suggestion renames the leaf only',
    },
    {
      filename: TOOL,
      code: xmcpTool('{ openai: { toolInvokation: { invoking: "Greeting…" } } }'),
      errors: [
        {
          messageId: 'unregisteredKey',
          line: 5,
          column: 40,
          endLine: 5,
          endColumn: 48,
          data: {
            where: 'tool descriptor `_meta`',
            key: 'openai/toolInvokation/invoking',
            registry: MANIFEST,
            hint: " Did you mean 'openai/toolInvocation/invoking'?",
          },
          suggestions: [],
        },
      ],
      name: 'a typo in an inner segment is reported with the flattened name, with no suggestion (its siblings would move too)',
    },
    {
      filename: TOOL,
      code: xmcpTool('{ openai: { toolInvocation: { invoking: "Greeting…" } } }', 'import { type ToolMetadata } from "./types";'),
      errors: [
        {
          messageId: 'unregisteredKey',
          line: 5,
          column: 12,
          endLine: 5,
          endColumn: 18,
          data: { where: 'tool descriptor `_meta`', key: 'openai', registry: MANIFEST, hint: '' },
        },
      ],
      name: 'the same nested literal outside xmcp (no import of its type) stays the nested key openai',
    },
    {
      filename: TOOL,
      code: 'import type { ResourceMetadata } from "xmcp";\nexport const metadata: ResourceMetadata = { name: "w", _meta: { openai: { widgetDescription: "d" } } };',
      errors: [
        {
          messageId: 'unregisteredKey',
          line: 2,
          column: 65,
          endLine: 2,
          endColumn: 71,
          data: { where: 'resource `_meta`', key: 'openai', registry: MANIFEST, hint: '' },
        },
      ],
      name: "an xmcp file-based resource's _meta reaches registerResource as written: its nested key stays openai",
    },
    {
      filename: TOOL,
      code: 'server.registerTool("greet", { description: "d", _meta: { openai: { widgetAccessible: true } } }, cb);',
      errors: [
        {
          messageId: 'unregisteredKey',
          line: 1,
          column: 59,
          endLine: 1,
          endColumn: 65,
          data: { where: 'tool descriptor `_meta`', key: 'openai', registry: MANIFEST, hint: '' },
        },
      ],
      name: 'a nested literal in an SDK registration stays the nested key openai',
    },
  ],
});

ruleTester.run('no-unregistered-meta-field: a flattened key is a leaf, with no fields', fieldRule, {
  valid: [{ filename: TOOL, code: REGISTERED, name: 'flattened host keys have no fields to check' }],
  invalid: [],
});

/** The manifest declares the same flattening for the team's own `defineTool(config, cb)` (`sinks`, `flattenKeys`). */
const teamTester = new RuleTester({ settings: { 'mcp-meta': { registry: path.join(FIXTURE, 'team-flatten.registry.json') } } });

teamTester.run('no-unregistered-meta-key: a team registration declared to flatten (sinks.registrations[].flattenKeys)', keyRule, {
  valid: [
    {
      filename: TOOL,
      code: 'defineTool({ name: "greet", _meta: { openai: { widgetAccessible: true } } }, async () => ({ content: [] }));',
      name: "the config's nested keys are the registered slash key",
    },
  ],
  invalid: [
    {
      filename: TOOL,
      code: 'defineTool({ name: "greet", _meta: { openai: { widgetAccesible: true } } }, async () => ({ content: [] }));',
      errors: [
        {
          messageId: 'unregisteredKey',
          line: 1,
          column: 48,
          endLine: 1,
          endColumn: 63,
          data: {
            where: 'tool descriptor `_meta`',
            key: 'openai/widgetAccesible',
            registry: 'team-flatten.registry.json',
            hint: " Did you mean 'openai/widgetAccessible'?",
          },
          suggestions: [
            {
              messageId: 'useRegisteredKey',
              data: { key: 'openai/widgetAccessible' },
              output: 'defineTool({ name: "greet", _meta: { openai: { widgetAccessible: true } } }, async () => ({ content: [] }));',
            },
          ],
        },
      ],
      name: 'a typo under a flattening registration is reported with the flattened name',
    },
    {
      filename: TOOL,
      code: 'server.registerTool("greet", { _meta: { openai: { widgetAccessible: true } } }, cb);',
      errors: [
        {
          messageId: 'unregisteredKey',
          line: 1,
          column: 41,
          endLine: 1,
          endColumn: 47,
          data: { where: 'tool descriptor `_meta`', key: 'openai', registry: 'team-flatten.registry.json', hint: '' },
        },
      ],
      name: 'the same literal given to a registration the manifest does not declare flattening for stays the nested key openai',
    },
  ],
});

/**
 * The conventions' plane column (`types`, `registrations`, `nestedMeta`), read by the plane phase (`of-framework.ts`)
 * in a file that imports the framework: mcp-use's `server.tool(definition, cb)` takes its definition first (SDK v1's
 * `tool` never does), so its `_meta` is the tool descriptor's; `server.resource(definition, cb)` a resource's;
 * skybridge forwards `registerTool({ view: { _meta } })` onto the view resource's `_meta`. Manifest:
 * test/rules/frameworks-fixture (`com.example/category` on the tool, `com.example/theme` on a resource).
 */
const FRAMEWORKS = path.resolve(__dirname, 'frameworks-fixture');
const APP = path.join(FRAMEWORKS, 'src/server.ts');
const frameworksTester = new RuleTester({ settings: { 'mcp-meta': { registry: path.join(FRAMEWORKS, MANIFEST) } } });
const MCP_USE = 'import { MCPServer } from "mcp-use";\nconst server = new MCPServer({ name: "s", version: "1" });\n';
const SKYBRIDGE = 'import { McpServer } from "skybridge/server";\nconst server = new McpServer({ name: "s", version: "1" }, {});\n';
const wrongPlane = (key: string, registered: string, plane: string, planeValue: string, line: number, column: number) => ({
  messageId: 'wrongPlane' as const,
  data: { key, registry: MANIFEST, registered, plane, planeValue },
  line,
  column,
});

frameworksTester.run('no-unregistered-meta-key: framework registrations place _meta (mcp-use, skybridge)', keyRule, {
  valid: [
    {
      filename: APP,
      code: `${MCP_USE}server.tool({ name: "search", _meta: { "com.example/category": "retrieval" } }, async () => ({ content: [] }));`,
      name: "mcp-use: the definition's _meta is the tool descriptor's, where the key is registered",
    },
    {
      filename: APP,
      code: `${MCP_USE}server.resource({ name: "view", uri: "ui://view.html", _meta: { "com.example/theme": "dark" } }, async () => ({ contents: [] }));`,
      name: "mcp-use: a resource definition's _meta is the resource's",
    },
    {
      filename: APP,
      code: 'server.tool({ name: "search", _meta: { "com.example/theme": "dark" } }, async () => ({ content: [] }));',
      name: "without mcp-use imported, SDK v1's tool never takes its config first: the object is of unknown kind",
    },
    {
      filename: APP,
      code: `${SKYBRIDGE}server.registerTool({ name: "search", view: { component: "search", _meta: { "com.example/theme": "dark" } } }, async () => ({ content: [] }));`,
      name: "skybridge: view._meta is the view resource's",
    },
    {
      filename: APP,
      code: 'server.registerTool({ name: "search", view: { component: "search", _meta: { "com.example/category": "x" } } }, async () => ({ content: [] }));',
      name: 'without skybridge imported, a view property is nothing known: its _meta is of unknown kind',
    },
  ],
  invalid: [
    {
      filename: APP,
      code: `${MCP_USE}server.tool({ name: "search", _meta: { "com.example/theme": "dark" } }, async () => ({ content: [] }));`,
      errors: [wrongPlane('com.example/theme', 'resource', 'tool descriptor', 'tool', 3, 40)],
      name: "mcp-use: a resource's key on a tool definition is on the wrong plane",
    },
    {
      filename: APP,
      code: `${MCP_USE}const definition = { name: "search", _meta: { "com.example/theme": "dark" } };\nserver.tool(definition, async () => ({ content: [] }));`,
      errors: [wrongPlane('com.example/theme', 'resource', 'tool descriptor', 'tool', 3, 47)],
      name: 'mcp-use: a definition held in a const and registered later is the tool descriptor too',
    },
    {
      filename: APP,
      code: `${SKYBRIDGE}server.registerTool({ name: "search", view: { component: "search", _meta: { "com.example/category": "x" } } }, async () => ({ content: [] }));`,
      errors: [wrongPlane('com.example/category', 'tool descriptor', 'resource', 'resource', 3, 77)],
      name: "skybridge: a tool's key in view._meta lands on the view resource, the wrong plane",
    },
  ],
});

const TOOL_DEFINITION = (importLine: string) =>
  `${importLine}\nexport const definition: ToolDefinition = {\n  name: "weather",\n  _meta: { ui: { csp: { connectDomains: [] } } },\n};`;

frameworksTester.run("no-unregistered-meta-field: a framework's descriptor type places its object (mcp-use ToolDefinition)", fieldRule, {
  valid: [
    {
      filename: APP,
      code: TOOL_DEFINITION('interface ToolDefinition { name: string; _meta?: Record<string, unknown> }'),
      name: 'a type named ToolDefinition from no framework is a tool by its name only: host fields are not judged',
    },
  ],
  invalid: [
    {
      filename: APP,
      code: TOOL_DEFINITION('import type { ToolDefinition } from "mcp-use";'),
      errors: [
        {
          messageId: 'hostFieldOnOtherPlane',
          data: { key: 'ui', field: 'csp', planes: 'resource', plane: 'tool descriptor', host: 'MCP Apps', id: 'mcp-apps.ui' },
          line: 4,
          column: 18,
          endLine: 4,
          endColumn: 21,
        },
      ],
      name: "mcp-use's ToolDefinition hands _meta on as written: a resource field of ui on it is on the wrong plane",
    },
  ],
});
