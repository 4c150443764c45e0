/**
 * A base class whose registration puts one of its members in the `_meta` it registers (`sinks.classMembers`,
 * test/rules/team-sinks-fixture): `BaseTool.meta` (a tool descriptor's, as mapbox/mcp-server's `config._meta =
 * this.meta`) and `ViewBase.viewMeta` (a resource's). What a class extending one gives that member (a field, or the
 * literal a getter or method returns) is checked on that plane, in files that never name `_meta` (mapbox's
 * `RenderMapTool.meta` and mongodb-mcp-server's `get toolMeta()` live in other files than their base). Static and
 * computed members, other members, and classes extending something else stay silent.
 */
import path from 'node:path';
import { RuleTester } from '@typescript-eslint/rule-tester';
import keyRule, { type MessageIds as KeyMessageIds } from '../../rules/no-unregistered-meta-key';

const FIXTURE = path.resolve(__dirname, 'team-sinks-fixture');
const FILE = path.join(FIXTURE, 'src/tools/render.ts');
const ruleTester = new RuleTester({ settings: { 'mcp-meta': { registry: path.join(FIXTURE, 'mcp-meta.registry.json') } } });

const wrongPlane = (key: string, registered: string, plane: string, planeValue: string) =>
  ({
    messageId: 'wrongPlane' satisfies KeyMessageIds,
    data: { key, registry: 'mcp-meta.registry.json', registered, plane, planeValue },
  }) as const;

ruleTester.run('no-unregistered-meta-key: the members a base class registers as _meta', keyRule, {
  valid: [
    {
      filename: FILE,
      code: "import { BaseTool } from '../base';\nexport class RenderTool extends BaseTool {\n  readonly meta = { 'com.example/category': 'maps' };\n}",
      name: "a descriptor key in a BaseTool subclass's meta field",
    },
    {
      filename: FILE,
      code: "export class Page extends ViewBase {\n  get viewMeta() {\n    return { 'com.example/view': { border: true } };\n  }\n}",
      name: "a resource key returned by a ViewBase subclass's viewMeta getter",
    },
    {
      filename: FILE,
      code: 'export class RenderTool extends BaseTool {\n  static meta = { retrieval: {} };\n  other = { retrieval: {} };\n}',
      name: 'a static member and another member are not the registered one',
    },
    {
      filename: FILE,
      code: 'export class RenderTool extends SomethingElse {\n  readonly meta = { retrieval: {} };\n}',
      name: 'a class extending another base',
    },
    {
      filename: FILE,
      code: "export class RenderTool extends BaseTool {\n  ['meta'] = { retrieval: {} };\n  #meta = { retrieval: {} };\n}",
      name: 'a computed or private member is not what this.meta reads',
    },
  ],
  invalid: [
    {
      filename: FILE,
      code: "import { BaseTool } from '../base';\nexport class RenderTool extends BaseTool {\n  readonly meta = { retrieval: {} };\n}",
      errors: [{ ...wrongPlane('retrieval', 'tool result', 'tool descriptor', 'tool'), line: 3, column: 21, endLine: 3, endColumn: 30 }],
      name: "a result key in a BaseTool subclass's meta is on the tool descriptor plane (the file never names _meta)",
    },
    {
      filename: FILE,
      code: 'import * as kit from "../kit";\nexport const Tool = class extends kit.BaseTool {\n  meta() {\n    return { "com.example/view": {} };\n  }\n};',
      errors: [
        { ...wrongPlane('com.example/view', 'resource', 'tool descriptor', 'tool'), line: 4, column: 14, endLine: 4, endColumn: 32 },
      ],
      name: 'a method of a class expression extending kit.BaseTool',
    },
    {
      filename: FILE,
      code: "export class Page extends ViewBase {\n  get viewMeta() {\n    return { 'com.example/category': 'x' };\n  }\n}",
      errors: [
        {
          ...wrongPlane('com.example/category', 'tool descriptor', 'resource', 'resource'),
          line: 3,
          column: 14,
          endLine: 3,
          endColumn: 36,
        },
      ],
      name: "a descriptor key returned by ViewBase's viewMeta getter is on the resource plane",
    },
    {
      filename: FILE,
      code: 'export class RenderTool extends BaseTool {\n  constructor() {\n    super();\n    this.meta = { retrieval: {} };\n    this.other = { retrieval: {} };\n  }\n}',
      errors: [{ ...wrongPlane('retrieval', 'tool result', 'tool descriptor', 'tool'), line: 4, column: 19, endLine: 4, endColumn: 28 }],
      name: 'a member set in the constructor (JavaScript without class fields); another member is not the registered one',
    },
    {
      filename: FILE,
      code: "export class RenderTool extends BaseTool {\n  readonly meta = { 'com.example/categry': 'maps' };\n}",
      errors: [
        {
          messageId: 'unregisteredKey',
          line: 2,
          column: 21,
          endLine: 2,
          endColumn: 42,
          suggestions: [
            {
              messageId: 'useRegisteredKey',
              data: { key: 'com.example/category' },
              output: "export class RenderTool extends BaseTool {\n  readonly meta = { 'com.example/category': 'maps' };\n}",
            },
          ],
        },
      ],
      name: "a misspelt key in a subclass's meta, with the registered key as a suggestion",
    },
  ],
});
