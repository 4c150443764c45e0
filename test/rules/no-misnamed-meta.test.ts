/**
 * no-misnamed-meta: a tool result proven by its sink (the literal a tool registration's callback returns) given
 * `metadata`, `meta` or `_metadata` where MCP clients only keep `_meta`. Reported with "did you mean `_meta`" and a
 * rename as a suggestion (never an autofix), only where the value is an object literal. Silent on any object not
 * proven a tool result, and on a result that has `_meta` or a spread that may bring it.
 */
import rule from '../../rules/no-misnamed-meta';
import { createRuleTester, EVAL_COMMAND, OTHER_FILE, SEARCH_OP } from './rule-tester';

const ruleTester = createRuleTester();

ruleTester.run('no-misnamed-meta', rule, {
  valid: [
    {
      name: 'a literal shaped like a result but not proven one (no sink)',
      filename: SEARCH_OP,
      code: 'export function build(rows) {\n  return { content: rows, metadata: { total: rows.length } };\n}',
    },
    {
      name: 'a result with _meta keeps another field on purpose',
      filename: SEARCH_OP,
      code: 'server.registerTool("s", {}, async () => ({ content: [], metadata: {}, _meta: { retrieval: {} } }));',
    },
    {
      name: 'a spread may bring _meta in',
      filename: SEARCH_OP,
      code: 'server.registerTool("s", {}, async () => ({ ...base, metadata: {} }));',
    },
    {
      name: "a literal returned by a function inside the callback is not the callback's result",
      filename: SEARCH_OP,
      code: 'server.registerTool("s", {}, async (args) => {\n  const rows = args.items.map((item) => ({ metadata: item }));\n  return { content: rows };\n});',
    },
    {
      name: "the registration's config is no tool result",
      filename: SEARCH_OP,
      code: 'server.registerTool("s", { description: "d", metadata: { owner: "x" } }, cb);',
    },
    {
      name: 'look-alike names in an ignored file',
      filename: EVAL_COMMAND,
      code: 'server.registerTool("s", {}, async () => ({ content: [], metadata: {} }));',
    },
  ],
  invalid: [
    {
      name: 'registerTool: a returned result given metadata whose keys this file produces, registered fields only',
      filename: SEARCH_OP,
      code: 'server.registerTool("s", { description: "d" }, async () => ({ content: [], metadata: { retrieval: { returned_count: 1 } } }));',
      errors: [
        {
          messageId: 'misnamedMeta',
          data: { name: 'metadata' },
          line: 1,
          column: 76,
          endColumn: 84,
          suggestions: [
            {
              messageId: 'renameToMeta',
              output:
                'server.registerTool("s", { description: "d" }, async () => ({ content: [], _meta: { retrieval: { returned_count: 1 } } }));',
            },
          ],
        },
      ],
    },
    {
      // 2nd1st/open-mcp-apps src/engine.mjs keeps the SDK's registerTool so before patching it
      name: 'a registration called through a bound alias: its callback returns a tool result, whose metadata is lost',
      filename: SEARCH_OP,
      code: 'const register = server.registerTool.bind(server);\nregister("s", {}, async () => ({ content: [], metadata: { retrieval: {} } }));',
      errors: [
        {
          messageId: 'misnamedMeta',
          data: { name: 'metadata' },
          line: 2,
          column: 47,
          endColumn: 55,
          suggestions: [
            {
              messageId: 'renameToMeta',
              output:
                'const register = server.registerTool.bind(server);\nregister("s", {}, async () => ({ content: [], _meta: { retrieval: {} } }));',
            },
          ],
        },
      ],
    },
    {
      name: "SDK v1's tool(): meta in a returned block body, an empty object (nothing to register)",
      filename: SEARCH_OP,
      code: 'server.tool("s", async () => {\n  return { content: [], meta: {} };\n});',
      errors: [
        {
          messageId: 'misnamedMeta',
          data: { name: 'meta' },
          line: 2,
          column: 25,
          suggestions: [{ messageId: 'renameToMeta', output: 'server.tool("s", async () => {\n  return { content: [], _meta: {} };\n});' }],
        },
      ],
    },
    // The rename would put the keys on the channel: no suggestion when the manifest would then report them.
    {
      name: 'no suggestion: the key is not registered (the rename would earn unregisteredKey)',
      filename: SEARCH_OP,
      code: 'server.tool("s", async () => {\n  return { content: [], meta: { took: 1 } };\n});',
      errors: [{ messageId: 'misnamedMeta', data: { name: 'meta' }, line: 2, column: 25, suggestions: [] }],
    },
    {
      name: 'no suggestion: the key is registered to another producer (the rename would earn foreignKey)',
      filename: OTHER_FILE,
      code: 'server.registerTool("s", {}, async () => ({ content: [], metadata: { retrieval: { returned_count: 1 } } }));',
      errors: [{ messageId: 'misnamedMeta', data: { name: 'metadata' }, line: 1, column: 58, suggestions: [] }],
    },
    {
      name: 'no suggestion: a field the key does not register (the rename would earn unregisteredField)',
      filename: SEARCH_OP,
      code: 'server.registerTool("s", {}, async () => ({ content: [], metadata: { retrieval: { took_ms: 1 } } }));',
      errors: [{ messageId: 'misnamedMeta', data: { name: 'metadata' }, line: 1, column: 58, suggestions: [] }],
    },
    {
      name: 'no suggestion: a field of the wrong type (the rename would earn wrongFieldType)',
      filename: SEARCH_OP,
      code: 'server.registerTool("s", {}, async () => ({ content: [], metadata: { retrieval: { returned_count: "1" } } }));',
      errors: [{ messageId: 'misnamedMeta', data: { name: 'metadata' }, line: 1, column: 58, suggestions: [] }],
    },
    {
      name: 'no suggestion: a computed key (the rename would earn unverifiableKey)',
      filename: SEARCH_OP,
      code: 'server.registerTool("s", {}, async () => ({ content: [], metadata: { [k]: 1 } }));',
      errors: [{ messageId: 'misnamedMeta', data: { name: 'metadata' }, line: 1, column: 58, suggestions: [] }],
    },
    {
      name: 'registerAppTool: _metadata holding a string (no suggestion: it would not type-check as _meta)',
      filename: SEARCH_OP,
      code: 'registerAppTool(server, "s", {}, async () => ({ content: [], _metadata: "x" }));',
      errors: [{ messageId: 'misnamedMeta', data: { name: '_metadata' }, line: 1, column: 62, suggestions: [] }],
    },
    {
      name: 'a shorthand metadata (no suggestion: its value is not known here)',
      filename: SEARCH_OP,
      code: 'server.registerTool("s", {}, async () => {\n  const metadata = await stats();\n  return cond ? { content: [], metadata } : { content: [] };\n});',
      errors: [{ messageId: 'misnamedMeta', data: { name: 'metadata' }, line: 3, column: 32, suggestions: [] }],
    },
  ],
});
