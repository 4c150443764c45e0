/**
 * The manifest's `sinks` in the rules (test/rules/team-sinks-fixture): the same code linted under a manifest that
 * names the team's registration functions and result builders and under one that does not. With them, a write
 * through `defineTool(config, cb)`, `addTool({ …, execute })`, `defineView(uri, props)` or `toolResult(result)` is
 * checked on the plane the call gives it; without them, those objects are unknown (not checked) or fall back to their
 * names (a config named `def` is taken for a result: a false alarm).
 */
import path from 'node:path';
import { RuleTester } from '@typescript-eslint/rule-tester';
import keyRule, { type MessageIds as KeyMessageIds } from '../../rules/no-unregistered-meta-key';
import fieldRule from '../../rules/no-unregistered-meta-field';

const FIXTURE = path.resolve(__dirname, 'team-sinks-fixture');
const FILE = path.join(FIXTURE, 'src/tools.ts');
/** RuleTester lints from `/`, so messages name the manifest by its file name (`manifestFileName`). */
const MANIFEST = 'mcp-meta.registry.json';
const withSinks = new RuleTester({ settings: { 'mcp-meta': { registry: path.join(FIXTURE, 'mcp-meta.registry.json') } } });
const withoutSinks = new RuleTester({ settings: { 'mcp-meta': { registry: path.join(FIXTURE, 'without-sinks.registry.json') } } });

const CONFIG_FILLED_IN =
  'const def = { name: "t", _meta: {} };\ndef._meta["com.example/category"] = "x";\ndefineTool(def, async () => ({ content: [] }));';
const RESULT_KEY_IN_CONFIG = 'defineTool({ name: "t", _meta: { retrieval: {} } }, cb);';
const DESCRIPTOR_KEY_IN_CALLBACK = 'defineTool({ name: "t" }, async () => ({ data: 1, _meta: { "com.example/category": "x" } }));';
const TYPO_IN_BUILT_RESULT = 'export function f(data) {\n  return toolResult({ data, _meta: { retreival: {} } });\n}';
const TYPO_IN_CONFIG_WITH_EXECUTE = 'addTool({ name: "t", _meta: { "com.example/categry": "x" }, execute: async () => ({ data: 1 }) });';
const DESCRIPTOR_KEY_ON_VIEW = 'defineView("ui://v", { _meta: { "com.example/category": {} } });';

const wrongPlane = (key: string, registered: string, plane: string, planeValue: string, registry = MANIFEST) =>
  ({ messageId: 'wrongPlane' satisfies KeyMessageIds, data: { key, registry, registered, plane, planeValue } }) as const;

withSinks.run('no-unregistered-meta-key: the team sinks the manifest names', keyRule, {
  valid: [
    { filename: FILE, code: CONFIG_FILLED_IN, name: 'a config filled in before it is passed to defineTool is a descriptor' },
    {
      filename: FILE,
      code: 'defineTool({ name: "t", _meta: { "com.example/category": "x" } }, async () => ({ data: 1, _meta: { retrieval: {} } }));',
      name: "defineTool's config carries descriptor keys, its callback result keys",
    },
    {
      filename: FILE,
      code: 'addTool({ name: "t", _meta: { "com.example/category": "x" }, execute: async () => ({ data: 1, _meta: { retrieval: {} } }) });',
      name: "addTool's callback is the config's execute property",
    },
    { filename: FILE, code: 'defineView("ui://v", { _meta: { "com.example/view": {} } });', name: "defineView's props are a resource" },
    {
      filename: FILE,
      code: 'export function f() {\n  const view = ok("done");\n  view._meta = { ...view._meta, retrieval: {} };\n  return view;\n}',
      name: "a result builder's value is a result",
    },
  ],
  invalid: [
    {
      filename: FILE,
      code: RESULT_KEY_IN_CONFIG,
      errors: [{ ...wrongPlane('retrieval', 'tool result', 'tool descriptor', 'tool'), line: 1, column: 34, endLine: 1, endColumn: 43 }],
      name: 'a result key in the config of defineTool is on the descriptor plane',
    },
    {
      filename: FILE,
      code: DESCRIPTOR_KEY_IN_CALLBACK,
      errors: [
        {
          ...wrongPlane('com.example/category', 'tool descriptor', 'tool result', 'result'),
          line: 1,
          column: 60,
          endLine: 1,
          endColumn: 82,
        },
      ],
      name: "a descriptor key in what defineTool's callback returns is on the result plane",
    },
    {
      filename: FILE,
      code: TYPO_IN_BUILT_RESULT,
      errors: [
        {
          messageId: 'unregisteredKey',
          line: 2,
          column: 38,
          endLine: 2,
          endColumn: 47,
          suggestions: [
            {
              messageId: 'useRegisteredKey',
              data: { key: 'retrieval' },
              output: 'export function f(data) {\n  return toolResult({ data, _meta: { retrieval: {} } });\n}',
            },
          ],
        },
      ],
      name: "a misspelt key in toolResult's argument",
    },
    {
      filename: FILE,
      code: TYPO_IN_CONFIG_WITH_EXECUTE,
      errors: [
        {
          messageId: 'unregisteredKey',
          line: 1,
          column: 31,
          endLine: 1,
          endColumn: 52,
          suggestions: [
            {
              messageId: 'useRegisteredKey',
              data: { key: 'com.example/category' },
              output: 'addTool({ name: "t", _meta: { "com.example/category": "x" }, execute: async () => ({ data: 1 }) });',
            },
          ],
        },
      ],
      name: 'a misspelt key in the config of addTool (callback as a property)',
    },
    {
      filename: FILE,
      code: DESCRIPTOR_KEY_ON_VIEW,
      errors: [
        {
          ...wrongPlane('com.example/category', 'tool descriptor', 'resource', 'resource'),
          line: 1,
          column: 33,
          endLine: 1,
          endColumn: 55,
        },
      ],
      name: "a descriptor key in defineView's props is on the resource plane",
    },
  ],
});

withoutSinks.run('no-unregistered-meta-key: the same code without sinks', keyRule, {
  valid: [
    ...[RESULT_KEY_IN_CONFIG, DESCRIPTOR_KEY_IN_CALLBACK, DESCRIPTOR_KEY_ON_VIEW].map((code) => ({
      name: `objects nothing places are on the unknown plane, not checked per plane: ${code.slice(0, 40)}`,
      filename: FILE,
      code,
    })),
    // Before the unknown plane, `def` was taken for a tool result by its name (a wrongPlane false alarm).
    { filename: FILE, code: CONFIG_FILLED_IN, name: 'a config named def is on the unknown plane without sinks: no wrongPlane' },
  ],
  invalid: [
    {
      filename: FILE,
      code: TYPO_IN_BUILT_RESULT,
      errors: [
        {
          messageId: 'unregisteredKey',
          line: 2,
          column: 38,
          endLine: 2,
          endColumn: 47,
          suggestions: [
            { messageId: 'useRegisteredKey', data: { key: 'retrieval' }, output: TYPO_IN_BUILT_RESULT.replace('retreival', 'retrieval') },
          ],
        },
      ],
      name: 'on the unknown plane a near miss is still reported (a key-name check): retreival',
    },
    {
      filename: FILE,
      code: TYPO_IN_CONFIG_WITH_EXECUTE,
      errors: [
        {
          messageId: 'unregisteredKey',
          line: 1,
          column: 31,
          endLine: 1,
          endColumn: 52,
          suggestions: [
            {
              messageId: 'useRegisteredKey',
              data: { key: 'com.example/category' },
              output: TYPO_IN_CONFIG_WITH_EXECUTE.replace('categry', 'category'),
            },
          ],
        },
      ],
      name: 'on the unknown plane a near miss is still reported (a key-name check): com.example/categry',
    },
  ],
});

withSinks.run("no-unregistered-meta-field: fields through the callback's result", fieldRule, {
  valid: [{ filename: FILE, code: 'defineTool(cfg, async () => ({ data: 1, _meta: { retrieval: { returned_count: 1 } } }));' }],
  invalid: [
    {
      filename: FILE,
      code: 'defineTool(cfg, async () => ({ data: 1, _meta: { retrieval: { returnd_count: 1 } } }));',
      errors: [
        {
          messageId: 'unregisteredField',
          line: 1,
          column: 63,
          endLine: 1,
          endColumn: 76,
          suggestions: [
            {
              messageId: 'useRegisteredField',
              data: { field: 'returned_count' },
              output: 'defineTool(cfg, async () => ({ data: 1, _meta: { retrieval: { returned_count: 1 } } }));',
            },
          ],
        },
      ],
    },
  ],
});
