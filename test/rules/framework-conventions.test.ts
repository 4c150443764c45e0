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
