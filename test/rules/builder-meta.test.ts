/**
 * A result builder the manifest says is given its result's `_meta` under another name (`sinks.resultBuilders[].meta`,
 * test/rules/team-sinks-fixture): `respondOk(text, { meta: { … } })` (argument 1's `meta`) and `withMeta(text, { … })`
 * (argument 1 itself). What a call gives there is a tool result's `_meta`: its keys are checked on the result plane, in
 * files that never name `_meta` (apify-mcp-server's `respondOk(texts, { structuredContent, meta })`, whose
 * `openai/widgetDescription` the lint missed once the builder renamed the option), also from a `const` holding the
 * options. Other arguments, other properties, options a `let` holds and functions the manifest does not name stay silent.
 */
import path from 'node:path';
import { RuleTester } from '@typescript-eslint/rule-tester';
import keyRule, { type MessageIds as KeyMessageIds } from '../../rules/no-unregistered-meta-key';
import fieldRule from '../../rules/no-unregistered-meta-field';

const FIXTURE = path.resolve(__dirname, 'team-sinks-fixture');
const FILE = path.join(FIXTURE, 'src/tools.ts');
const MANIFEST = 'mcp-meta.registry.json';
const ruleTester = new RuleTester({ settings: { 'mcp-meta': { registry: path.join(FIXTURE, 'mcp-meta.registry.json') } } });

const wrongPlane = (key: string) =>
  ({
    messageId: 'wrongPlane' satisfies KeyMessageIds,
    data: { key, registry: MANIFEST, registered: 'tool descriptor', plane: 'tool result', planeValue: 'result' },
  }) as const;

ruleTester.run('no-unregistered-meta-key: a result builder given its _meta under another name', keyRule, {
  valid: [
    {
      filename: FILE,
      code: 'export const run = () => respondOk("done", { structuredContent: { n: 1 }, meta: { retrieval: { returned_count: 1 } } });',
      name: "a registered result key in respondOk's meta",
    },
    {
      filename: FILE,
      code: 'export const run = () => withMeta("done", { retrieval: {} });',
      name: "withMeta's argument is the _meta value",
    },
    {
      filename: FILE,
      code: 'export const run = () => respondOk({ meta: { "com.example/category": "x" } }, { structuredContent: {} });',
      name: "argument 0's meta is not the builder's _meta",
    },
    {
      filename: FILE,
      code: 'export const run = () => respondOk("done", { structuredContent: { meta: { "com.example/category": "x" } } });',
      name: 'a meta property deeper in the options is not the _meta',
    },
    {
      filename: FILE,
      code: 'let opts = { meta: { "com.example/category": "x" } };\nexport const run = () => respondOk("done", opts);',
      name: 'options a let holds (it may change) are not followed',
    },
    {
      filename: FILE,
      code: 'export const run = () => replyWith("done", { meta: { "com.example/category": "x" } });',
      name: 'a function the manifest does not name',
    },
  ],
  invalid: [
    {
      filename: FILE,
      code: 'const opts = { meta: { "com.example/category": "x" } };\nexport const a = () => respondOk("a", opts);\nexport const b = () => respondOk("b", opts);',
      errors: [{ ...wrongPlane('com.example/category'), line: 1, column: 24, endLine: 1, endColumn: 46 }],
      name: 'options a const holds, given to two calls: one report at the key',
    },
    {
      filename: FILE,
      code: 'export const run = () =>\n  respondOk("done", { structuredContent: {}, meta: { "com.example/category": "x" } });',
      errors: [{ ...wrongPlane('com.example/category'), line: 2, column: 54, endLine: 2, endColumn: 76 }],
      name: "a descriptor key in respondOk's meta is on the result plane (the file never names _meta)",
    },
    {
      filename: FILE,
      code: 'export const run = () => withMeta("done", { "com.example/category": "x" });',
      errors: [{ ...wrongPlane('com.example/category'), line: 1, column: 45, endLine: 1, endColumn: 67 }],
      name: "a descriptor key in withMeta's argument is on the result plane",
    },
    {
      filename: FILE,
      code: 'export function run(data: unknown) {\n  return respondOk("done", { structuredContent: data, meta: { retreival: {} } });\n}',
      errors: [
        {
          messageId: 'unregisteredKey',
          line: 2,
          column: 63,
          endLine: 2,
          endColumn: 72,
          suggestions: [
            {
              messageId: 'useRegisteredKey',
              data: { key: 'retrieval' },
              output:
                'export function run(data: unknown) {\n  return respondOk("done", { structuredContent: data, meta: { retrieval: {} } });\n}',
            },
          ],
        },
      ],
      name: "a misspelt key in respondOk's meta, with the registered key as a suggestion",
    },
  ],
});

ruleTester.run('no-unregistered-meta-field: the fields of a key given to a result builder', fieldRule, {
  valid: [
    {
      filename: FILE,
      code: 'export const run = () => respondOk("done", { meta: { retrieval: { returned_count: 3 } } });',
      name: 'a registered field',
    },
  ],
  invalid: [
    {
      filename: FILE,
      code: 'export const run = () => respondOk("done", { meta: { retrieval: { returned: 3 } } });',
      errors: [
        {
          messageId: 'unregisteredField',
          line: 1,
          column: 67,
          endLine: 1,
          endColumn: 75,
          suggestions: [
            {
              messageId: 'useRegisteredField',
              data: { field: 'returned_count' },
              output: 'export const run = () => respondOk("done", { meta: { retrieval: { returned_count: 3 } } });',
            },
          ],
        },
      ],
      name: "an unregistered field of a key in respondOk's meta",
    },
  ],
});
