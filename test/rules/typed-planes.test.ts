/**
 * Planes by type (issue 26 §1): with a program, a write the syntax only guessed (a literal's shape, a name, nothing)
 * takes the plane its type says, when that type is the SDK's own (`Tool`, `CallToolResult`, a `ReadResourceResult`'s
 * contents) or one of the manifest's `resultTypes`. Every case runs typed and untyped, so each shows which way types
 * move it: off the tool-result plane (a false alarm removed), from `unknown` onto a checked plane (a problem now
 * found), or nowhere (a user's own `Tool`, a write placed by its sink or source).
 */
import path from 'node:path';
import { RuleTester } from '@typescript-eslint/rule-tester';
import keyRule from '../../rules/no-unregistered-meta-key';
import wholesaleRule from '../../rules/no-wholesale-meta-assign';
import { createTypedRuleTester, createUntypedRuleTester, TYPED_FIXTURE_DIR, TYPED_PRODUCER, UNTYPED_PRODUCER } from './typed-rule-tester';

const typed = createTypedRuleTester();
const typedOptions = { parserOptions: { project: './tsconfig.json', tsconfigRootDir: TYPED_FIXTURE_DIR } };
const untyped = createUntypedRuleTester();
const CAST = '{ _meta?: Record<string, unknown> }';

/** A tool listed by a function named for nothing; the spread source's name (`response`) guesses a tool result. */
const SDK_TOOL_ENTRY = `import type { Tool } from '@modelcontextprotocol/sdk/types.js';
declare function fetchTool(name: string): Promise<Tool>;
export async function listTools(): Promise<Tool[]> {
  const response = await fetchTool('search');
  return [{ ...response, _meta: { ui: { resourceUri: 'ui://search/view.html' } } }];
}`;
/** The same with SDK v2's `Tool` (`@modelcontextprotocol/server`), given through `satisfies`. */
const SDK_V2_TOOL_ENTRY = `import type { Tool } from '@modelcontextprotocol/server';
declare function fetchTool(name: string): Promise<Tool>;
export async function listTools() {
  const response = await fetchTool('search');
  return [{ ...response, _meta: { ui: { resourceUri: 'ui://search/view.html' } } } satisfies Tool];
}`;
/** A user's own type named `Tool` is not the SDK's: the name guess stands, typed as untyped. */
const OWN_TOOL_ENTRY = `interface Tool {
  name: string;
  _meta?: Record<string, unknown>;
}
declare function fetchTool(name: string): Promise<Tool>;
export async function listTools(): Promise<Tool[]> {
  const response = await fetchTool('search');
  return [{ ...response, _meta: { ui: { resourceUri: 'ui://search/view.html' } } }];
}`;
/** Contents of a `resources/read` result, spread from a value nothing names: unknown untyped, a resource typed. */
const READ_RESOURCE_CONTENTS = `import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
export function read(page: { uri: string; text: string }): ReadResourceResult {
  return { contents: [{ ...page, _meta: { retrieval: { returned_count: 1 } } }] };
}`;
/** A return of a function declared `Promise<CallToolResult>` whose names guess nothing: unknown untyped. */
const TYPED_RETURN = `import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
const store = new Map<string, CallToolResult>();
export async function lookup(id: string): Promise<CallToolResult> {
  const cached = store.get(id)!;
  return { ...cached, _meta: { stray_key: 1 } };
}`;
/** A parameter typed by an alias of the SDK's `CallToolResult`: its annotation names no type the syntax knows. */
const ALIASED_TARGET = `import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
type Reply = CallToolResult;
export function finish(entry: Reply) {
  entry._meta = { stray_key: 1 };
}`;
/** A parameter annotated `CallToolResult`: the syntax reads the annotation already; types change nothing. */
const ANNOTATED_TARGET = `import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
export function finish(entry: CallToolResult) {
  entry._meta = { stray_key: 1 };
}`;
/**
 * The config-chain case of planes.test.ts, typed: a config reaching `registerTool` through two more variables is a
 * tool descriptor by its sink, and types keep it there.
 */
const CONFIG_CHAIN = `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function register(server: McpServer) {
  const config = { description: 'd', _meta: {} as Record<string, unknown> };
  config._meta.retrieval = { returned_count: 1 };
  const staged = config;
  const toolDef = staged;
  server.registerTool('t', toolDef, async () => ({ content: [] }));
}`;

/**
 * An outbound request's params (SDK v2 `client.callTool(params)`, typed `CallToolRequest['params']`): the request
 * plane, which no manifest governs. Untyped, nothing places the literal, so a near miss of a registered key is
 * reported there (a key-name check holds on every plane); typed, it is a request's `_meta`, as `params._meta` is.
 */
const REQUEST_PARAMS = `import type { Client } from '@modelcontextprotocol/client';
export async function trace(client: Client) {
  return client.callTool({ name: 'search', arguments: {}, _meta: { retreival: 1 } });
}`;

const offHost = (line: number, column: number) => ({ messageId: 'offHostPlane', line, column }) as const;
const PLANE_VALUES: Record<string, string> = { resource: 'resource', 'tool descriptor': 'tool' };
const wrongPlane = (plane: string, line: number, column: number) =>
  ({
    messageId: 'wrongPlane',
    data: { key: 'retrieval', registry: 'mcp-meta.registry.json', registered: 'tool result', plane, planeValue: PLANE_VALUES[plane] },
    line,
    column,
  }) as const;
const unregistered = (line: number, column: number) => ({ messageId: 'unregisteredKey', line, column, suggestions: [] }) as const;

typed.run('typed planes: no-unregistered-meta-key', keyRule, {
  valid: [
    { name: 'an SDK Tool list entry carries host ui on the tool plane', filename: TYPED_PRODUCER, code: SDK_TOOL_ENTRY },
    { name: "SDK v2's Tool through satisfies", filename: TYPED_PRODUCER, code: SDK_V2_TOOL_ENTRY },
    { name: "client.callTool's params are a request: no manifest key check", filename: TYPED_PRODUCER, code: REQUEST_PARAMS },
  ],
  invalid: [
    { name: "a user's own Tool type changes nothing", filename: TYPED_PRODUCER, code: OWN_TOOL_ENTRY, errors: [offHost(8, 35)] },
    {
      name: 'ReadResourceResult contents are a resource: a result key there is on the wrong plane',
      filename: TYPED_PRODUCER,
      code: READ_RESOURCE_CONTENTS,
      errors: [wrongPlane('resource', 3, 43)],
    },
    {
      name: 'a return typed Promise<CallToolResult> is a tool result',
      filename: TYPED_PRODUCER,
      code: TYPED_RETURN,
      errors: [unregistered(5, 32)],
    },
    { name: 'a target typed by an alias of CallToolResult', filename: TYPED_PRODUCER, code: ALIASED_TARGET, errors: [unregistered(4, 19)] },
    { name: 'a target annotated CallToolResult', filename: TYPED_PRODUCER, code: ANNOTATED_TARGET, errors: [unregistered(3, 19)] },
    {
      name: 'a config chain to registerTool stays a descriptor',
      filename: TYPED_PRODUCER,
      code: CONFIG_CHAIN,
      errors: [wrongPlane('tool descriptor', 4, 16)],
    },
  ],
});

untyped.run('the same code untyped: no-unregistered-meta-key', keyRule, {
  valid: [
    { name: 'ReadResourceResult contents spread from page: unknown', filename: UNTYPED_PRODUCER, code: READ_RESOURCE_CONTENTS },
    { name: 'a return spread from cached: unknown', filename: UNTYPED_PRODUCER, code: TYPED_RETURN },
    { name: 'a target typed by an alias: unknown', filename: UNTYPED_PRODUCER, code: ALIASED_TARGET },
  ],
  invalid: [
    {
      name: "client.callTool's params, placed by nothing: a near miss is reported",
      filename: UNTYPED_PRODUCER,
      code: REQUEST_PARAMS,
      errors: [
        {
          messageId: 'unregisteredKey',
          line: 3,
          column: 68,
          suggestions: [{ messageId: 'useRegisteredKey', output: REQUEST_PARAMS.replace('retreival', 'retrieval') }],
        },
      ],
    },
    {
      name: 'an SDK Tool list entry named response is guessed a result',
      filename: UNTYPED_PRODUCER,
      code: SDK_TOOL_ENTRY,
      errors: [offHost(5, 35)],
    },
    { name: "SDK v2's Tool, guessed a result", filename: UNTYPED_PRODUCER, code: SDK_V2_TOOL_ENTRY, errors: [offHost(5, 35)] },
    { name: "a user's own Tool", filename: UNTYPED_PRODUCER, code: OWN_TOOL_ENTRY, errors: [offHost(8, 35)] },
    { name: 'a target annotated CallToolResult', filename: UNTYPED_PRODUCER, code: ANNOTATED_TARGET, errors: [unregistered(3, 19)] },
    {
      name: 'a config chain to registerTool',
      filename: UNTYPED_PRODUCER,
      code: CONFIG_CHAIN,
      errors: [wrongPlane('tool descriptor', 4, 16)],
    },
  ],
});

typed.run('typed planes: no-wholesale-meta-assign', wholesaleRule, {
  valid: [],
  invalid: [
    {
      // A tool descriptor by its type, not a tool result: its `_meta` is dropped all the same (scope `replacement`),
      // as untyped, where its name guesses a result. The SDK's `Tool` has `_meta`: the merge is a fix.
      name: 'a re-wrap of an SDK Tool replaces its _meta (typed: on the tool plane, still reported)',
      filename: TYPED_PRODUCER,
      code: SDK_TOOL_ENTRY,
      output: SDK_TOOL_ENTRY.replace('_meta: { ui', '_meta: { ...response._meta, ui'),
      errors: [{ messageId: 'rewrapResult', data: { target: 'response' }, line: 5, column: 26 }],
    },
    {
      name: "SDK v2's Tool re-wrapped through satisfies: the same",
      filename: TYPED_PRODUCER,
      code: SDK_V2_TOOL_ENTRY,
      output: SDK_V2_TOOL_ENTRY.replace('_meta: { ui', '_meta: { ...response._meta, ui'),
      errors: [{ messageId: 'rewrapResult', data: { target: 'response' }, line: 5, column: 26 }],
    },
    {
      name: 'ReadResourceResult contents re-wrapping page: a resource, its _meta replaced',
      filename: TYPED_PRODUCER,
      code: READ_RESOURCE_CONTENTS,
      output: READ_RESOURCE_CONTENTS.replace('_meta: { retrieval', `_meta: { ...(page as ${CAST})._meta, retrieval`),
      errors: [{ messageId: 'rewrapResult', data: { target: 'page' }, line: 3, column: 34 }],
    },
    {
      name: 'a re-wrap returned as Promise<CallToolResult> replaces its _meta (typed: the merge is a fix)',
      filename: TYPED_PRODUCER,
      code: TYPED_RETURN,
      output: TYPED_RETURN.replace('_meta: { stray_key', '_meta: { ...cached._meta, stray_key'),
      errors: [{ messageId: 'rewrapResult', data: { target: 'cached' }, line: 5, column: 23 }],
    },
  ],
});

untyped.run('the same code untyped: no-wholesale-meta-assign', wholesaleRule, {
  valid: [],
  invalid: [
    {
      name: 'ReadResourceResult contents re-wrapping page: unknown, still reported (a suggestion without types)',
      filename: UNTYPED_PRODUCER,
      code: READ_RESOURCE_CONTENTS,
      output: null,
      errors: [
        {
          messageId: 'rewrapResult',
          data: { target: 'page' },
          line: 3,
          column: 34,
          suggestions: [
            {
              messageId: 'suggestMerge',
              output: READ_RESOURCE_CONTENTS.replace(
                '_meta: { retrieval',
                '_meta: { ...(page as { _meta?: Record<string, unknown> })._meta, retrieval',
              ),
            },
          ],
        },
      ],
    },
    {
      name: "SDK v2's Tool re-wrapped: guessed a result, reported",
      filename: UNTYPED_PRODUCER,
      code: SDK_V2_TOOL_ENTRY,
      output: null,
      errors: [
        {
          messageId: 'rewrapResult',
          data: { target: 'response' },
          line: 5,
          column: 26,
          suggestions: [
            {
              messageId: 'suggestMerge',
              output: SDK_V2_TOOL_ENTRY.replace('_meta: { ui', '_meta: { ...(response as { _meta?: Record<string, unknown> })._meta, ui'),
            },
          ],
        },
      ],
    },
    {
      // Unknown untyped, and `_meta` all the same: replacing it is judged; without types the merge is a suggestion.
      name: 'a re-wrap of cached: unknown, still reported',
      filename: UNTYPED_PRODUCER,
      code: TYPED_RETURN,
      output: null,
      errors: [
        {
          messageId: 'rewrapResult',
          data: { target: 'cached' },
          line: 5,
          column: 23,
          suggestions: [
            {
              messageId: 'suggestMerge',
              output: TYPED_RETURN.replace(
                '_meta: { stray_key',
                '_meta: { ...(cached as { _meta?: Record<string, unknown> })._meta, stray_key',
              ),
            },
          ],
        },
      ],
    },
    {
      name: 'a re-wrap of a value named response is guessed a result',
      filename: UNTYPED_PRODUCER,
      code: SDK_TOOL_ENTRY,
      output: null,
      errors: [
        {
          messageId: 'rewrapResult',
          data: { target: 'response' },
          line: 5,
          column: 26,
          suggestions: [
            {
              messageId: 'suggestMerge',
              output: SDK_TOOL_ENTRY.replace('_meta: { ui', '_meta: { ...(response as { _meta?: Record<string, unknown> })._meta, ui'),
            },
          ],
        },
      ],
    },
  ],
});

/**
 * A wrapper calling the handler it was handed: what the handler returns is a tool result by its source, though its
 * declared type (`LegacyReply`) is not in a `resultTypes` that lists only the team's `ToolResult`.
 */
const WRAPPED_HANDLER = `interface LegacyReply {
  content: string[];
  _meta?: Record<string, unknown>;
}
export function withStats(handler: () => Promise<LegacyReply>) {
  return async () => {
    const upstream = await handler();
    upstream._meta = { ...upstream._meta, stray_key: 1 };
    return upstream;
  };
}`;
const OWN_RESULT_TYPES = path.join(TYPED_FIXTURE_DIR, 'own-result-types.registry.json');
for (const [mode, tester] of [
  ['typed', new RuleTester({ languageOptions: typedOptions, settings: { 'mcp-meta': { registry: OWN_RESULT_TYPES } } })],
  ['untyped', new RuleTester({ settings: { 'mcp-meta': { registry: OWN_RESULT_TYPES } } })],
] as const) {
  tester.run(`resultTypes listing only the team's ToolResult (${mode})`, keyRule, {
    valid: [],
    invalid: [
      {
        name: "a wrapped handler's result stays a tool result: resultTypes narrows guesses, not sources",
        filename: mode === 'typed' ? TYPED_PRODUCER : UNTYPED_PRODUCER,
        code: WRAPPED_HANDLER,
        errors: [unregistered(8, 43)],
      },
    ],
  });
}
