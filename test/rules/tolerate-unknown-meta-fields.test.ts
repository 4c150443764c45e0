/**
 * tolerate-unknown-meta-fields: a consumer that asserts the exact shape of a `_meta` key, or parses it with a schema
 * that rejects unknown properties, breaks on the next field its producer adds (MCP _meta rule 2: "Consumers must
 * tolerate unknown fields."). Suggestions only: a partial matcher, a schema that accepts unknown fields.
 */
import rule from '../../rules/tolerate-unknown-meta-fields';
import { createRuleTester, EVAL_COMMAND, file } from './rule-tester';

const TEST_FILE = file('test/search.test.ts');
const CLIENT = file('src/client/read-meta.ts');
const ruleTester = createRuleTester();

ruleTester.run('tolerate-unknown-meta-fields', rule, {
  valid: [
    { name: 'a partial matcher', filename: TEST_FILE, code: 'expect(r._meta.retrieval).toMatchObject({ returned_count: 3 });' },
    {
      name: 'expect.objectContaining',
      filename: TEST_FILE,
      code: 'expect(r._meta.retrieval).toEqual(expect.objectContaining({ returned_count: 3 }));',
    },
    { name: 'a field read compared exactly', filename: TEST_FILE, code: 'expect(r._meta.retrieval.returned_count).toEqual(3);' },
    { name: 'an empty _meta asserted on purpose', filename: TEST_FILE, code: 'expect(r._meta).toEqual({});' },
    { name: 'a negated exact match', filename: TEST_FILE, code: 'expect(r._meta.retrieval).not.toEqual({ returned_count: 3 });' },
    {
      name: 'not a _meta read',
      filename: TEST_FILE,
      code: 'expect(r._metadata.retrieval).toEqual({ returned_count: 3 });\nexpect(r.structuredContent).toEqual({ a: 1 });',
    },
    {
      // openai/openai-agents-js packages/agents-core/test/shims/mcp-server/node.test.ts:399: the client's own test pins
      // the request `_meta` it sends (the client-to-server plane, which is never reported).
      name: 'an inbound request _meta asserted exactly (params, extra, a copy named *Params)',
      filename: TEST_FILE,
      code: [
        "expect(lastCallToolParams?._meta).toEqual({ request_id: 'req-123' });",
        "expect(request.params._meta).toStrictEqual({ progressToken: 't' });",
        "assert.deepStrictEqual(extra._meta, { session_id: 's' });",
      ].join('\n'),
    },
    { name: 'the expected value is not a literal', filename: TEST_FILE, code: 'expect(r._meta.retrieval).toEqual(expected);' },
    {
      name: 'chai deep include is partial',
      filename: TEST_FILE,
      code: 'expect(r._meta.retrieval).to.deep.include({ returned_count: 3 });',
    },
    { name: 'chai equal without deep is identity', filename: TEST_FILE, code: 'expect(r._meta.retrieval).to.equal(expected);' },
    { name: 'node:assert on a field', filename: TEST_FILE, code: 'assert.deepStrictEqual(r._meta.retrieval.degraded, []);' },
    {
      name: 'a non-strict zod schema, passthrough and looseObject',
      filename: CLIENT,
      code: [
        "import { z } from 'zod';",
        'const Meta = z.object({ _meta: z.object({ retrieval: z.object({ returned_count: z.number() }).passthrough() }).optional() });',
        'const Loose = z.looseObject({ _meta: z.looseObject({ retrieval: z.object({ n: z.number() }) }) });',
        'export const parsed = Meta.parse(r);',
      ].join('\n'),
    },
    {
      name: 'a strict schema that is not about _meta',
      filename: CLIENT,
      code: "import { z } from 'zod';\nconst Args = z.object({ query: z.string() }).strict();\nexport const args = Args.parse(r._meta ? r.arguments : {});",
    },
    {
      name: 'a JSON Schema open to unknown properties, and a closed one for arguments',
      filename: CLIENT,
      code: [
        'export const schema = {',
        "  type: 'object',",
        '  additionalProperties: false,',
        "  properties: { query: { type: 'string' }, _meta: { type: 'object', additionalProperties: true } },",
        '};',
      ].join('\n'),
    },
    {
      name: 'a _meta write with a strict-looking value is not a schema',
      filename: CLIENT,
      code: 'export const out = { content: [], _meta: { retrieval: { strict: true, additionalProperties: false } } };',
    },
    {
      name: 'an ignored file',
      filename: EVAL_COMMAND,
      code: 'expect(r._meta.retrieval).toEqual({ returned_count: 3 });',
    },
  ],
  invalid: [
    {
      name: 'toEqual on a key',
      filename: TEST_FILE,
      code: 'expect(r._meta.retrieval).toEqual({ returned_count: 3, cache: "hit" });',
      errors: [
        {
          messageId: 'exactAssertion',
          data: { read: 'r._meta.retrieval', strictness: 'toEqual' },
          line: 1,
          column: 27,
          endColumn: 34,
          suggestions: [
            { messageId: 'suggestToMatchObject', output: 'expect(r._meta.retrieval).toMatchObject({ returned_count: 3, cache: "hit" });' },
            {
              messageId: 'suggestObjectContaining',
              output: 'expect(r._meta.retrieval).toEqual(expect.objectContaining({ returned_count: 3, cache: "hit" }));',
            },
          ],
        },
      ],
    },
    {
      name: 'toStrictEqual on an optional, bracketed key',
      filename: TEST_FILE,
      code: "expect(result._meta?.['io.example/trace']).toStrictEqual({ id: 'x' });",
      errors: [
        {
          messageId: 'exactAssertion',
          data: { read: "result._meta['io.example/trace']", strictness: 'toStrictEqual' },
          line: 1,
          column: 44,
          suggestions: [
            { messageId: 'suggestToMatchObject', output: "expect(result._meta?.['io.example/trace']).toMatchObject({ id: 'x' });" },
            {
              messageId: 'suggestObjectContaining',
              output: "expect(result._meta?.['io.example/trace']).toStrictEqual(expect.objectContaining({ id: 'x' }));",
            },
          ],
        },
      ],
    },
    {
      name: 'the whole _meta, through a const, with expect.soft',
      filename: TEST_FILE,
      code: 'const meta = r._meta;\nexpect.soft(meta).toEqual({ retrieval: { returned_count: 3 } });',
      errors: [
        {
          messageId: 'exactAssertion',
          data: { read: 'meta', strictness: 'toEqual' },
          line: 2,
          column: 19,
          suggestions: [
            {
              messageId: 'suggestToMatchObject',
              output: 'const meta = r._meta;\nexpect.soft(meta).toMatchObject({ retrieval: { returned_count: 3 } });',
            },
            {
              messageId: 'suggestObjectContaining',
              output: 'const meta = r._meta;\nexpect.soft(meta).toEqual(expect.objectContaining({ retrieval: { returned_count: 3 } }));',
            },
          ],
        },
      ],
    },
    {
      name: 'an array of objects: toMatchObject only',
      filename: TEST_FILE,
      code: "expect(r._meta!.warnings).toEqual([{ code: 'unknown_param', param: 'q' }]);",
      errors: [
        {
          messageId: 'exactAssertion',
          line: 1,
          column: 27,
          suggestions: [
            {
              messageId: 'suggestToMatchObject',
              output: "expect(r._meta!.warnings).toMatchObject([{ code: 'unknown_param', param: 'q' }]);",
            },
          ],
        },
      ],
    },
    {
      name: 'node:assert, either argument order, no suggestion',
      filename: TEST_FILE,
      code: "assert.deepStrictEqual(r._meta.retrieval, { returned_count: 3 });\nassert.deepEqual({ returned_count: 3 }, r._meta['retrieval']);",
      errors: [
        {
          messageId: 'exactAssertion',
          data: { read: 'r._meta.retrieval', strictness: 'deepStrictEqual' },
          line: 1,
          column: 1,
          suggestions: [],
        },
        { messageId: 'exactAssertion', data: { read: 'r._meta.retrieval', strictness: 'deepEqual' }, line: 2, column: 1, suggestions: [] },
      ],
    },
    {
      name: 'chai deep equal and eql',
      filename: TEST_FILE,
      code: 'expect(r._meta.retrieval).to.deep.equal({ returned_count: 3 });\nexpect(r._meta.retrieval).to.eql({ returned_count: 3 });',
      errors: [
        {
          messageId: 'exactAssertion',
          data: { read: 'r._meta.retrieval', strictness: 'deep equal' },
          line: 1,
          column: 35,
          suggestions: [],
        },
        { messageId: 'exactAssertion', data: { read: 'r._meta.retrieval', strictness: 'deep eql' }, line: 2, column: 30, suggestions: [] },
      ],
    },
    {
      name: 'a strict zod schema for a key inside the _meta shape',
      filename: CLIENT,
      code: [
        "import { z } from 'zod';",
        'export const Result = z.object({',
        '  content: z.array(z.unknown()),',
        '  _meta: z.object({ retrieval: z.object({ returned_count: z.number() }).strict().optional() }).optional(),',
        '});',
      ].join('\n'),
      errors: [
        {
          messageId: 'strictSchema',
          data: { read: '_meta.retrieval', strictness: '.strict()' },
          line: 4,
          column: 73,
          suggestions: [
            {
              messageId: 'suggestDropStrict',
              output: [
                "import { z } from 'zod';",
                'export const Result = z.object({',
                '  content: z.array(z.unknown()),',
                '  _meta: z.object({ retrieval: z.object({ returned_count: z.number() }).optional() }).optional(),',
                '});',
              ].join('\n'),
            },
          ],
        },
      ],
    },
    {
      name: 'z.strictObject for the whole _meta, and a named strict schema parsing a key',
      filename: CLIENT,
      code: [
        "import { z } from 'zod';",
        'const Retrieval = z.object({ returned_count: z.number() }).strict();',
        'export const Result = z.object({ _meta: z.strictObject({ retrieval: z.unknown() }) });',
        'export const retrieval = Retrieval.parse(r._meta?.retrieval);',
      ].join('\n'),
      errors: [
        {
          // Reported where the schema is made strict (its one fix), for the read on line 4.
          messageId: 'strictSchema',
          data: { read: 'r._meta.retrieval', strictness: '.strict()' },
          line: 2,
          column: 60,
          suggestions: [
            {
              messageId: 'suggestDropStrict',
              output: [
                "import { z } from 'zod';",
                'const Retrieval = z.object({ returned_count: z.number() });',
                'export const Result = z.object({ _meta: z.strictObject({ retrieval: z.unknown() }) });',
                'export const retrieval = Retrieval.parse(r._meta?.retrieval);',
              ].join('\n'),
            },
          ],
        },
        {
          messageId: 'strictSchema',
          data: { read: '_meta', strictness: 'strictObject' },
          line: 3,
          column: 43,
          suggestions: [
            {
              messageId: 'suggestObject',
              output: [
                "import { z } from 'zod';",
                'const Retrieval = z.object({ returned_count: z.number() }).strict();',
                'export const Result = z.object({ _meta: z.object({ retrieval: z.unknown() }) });',
                'export const retrieval = Retrieval.parse(r._meta?.retrieval);',
              ].join('\n'),
            },
          ],
        },
      ],
    },
    {
      name: 'a bare strictObject import: no suggestion (z.object is not in scope)',
      filename: CLIENT,
      code: "import { object, strictObject, number } from 'zod';\nexport const Result = object({ _meta: strictObject({ n: number() }) });",
      errors: [{ messageId: 'strictSchema', line: 2, column: 39, suggestions: [] }],
    },
    {
      name: 'a JSON Schema closing _meta and a key',
      filename: CLIENT,
      code: [
        'export const outputSchema = {',
        "  type: 'object',",
        '  properties: {',
        '    _meta: {',
        "      type: 'object',",
        '      properties: { retrieval: { type: "object", additionalProperties: false } },',
        '      unevaluatedProperties: false,',
        '    },',
        '  },',
        '};',
      ].join('\n'),
      errors: [
        {
          messageId: 'closedJsonSchema',
          data: { read: '_meta.retrieval', strictness: 'additionalProperties: false' },
          line: 6,
          column: 50,
          suggestions: [
            {
              messageId: 'suggestOpenSchema',
              data: { key: 'additionalProperties' },
              output: [
                'export const outputSchema = {',
                "  type: 'object',",
                '  properties: {',
                '    _meta: {',
                "      type: 'object',",
                '      properties: { retrieval: { type: "object", additionalProperties: true } },',
                '      unevaluatedProperties: false,',
                '    },',
                '  },',
                '};',
              ].join('\n'),
            },
          ],
        },
        {
          messageId: 'closedJsonSchema',
          data: { read: '_meta', strictness: 'unevaluatedProperties: false' },
          line: 7,
          column: 7,
          suggestions: [
            {
              messageId: 'suggestOpenSchema',
              output: [
                'export const outputSchema = {',
                "  type: 'object',",
                '  properties: {',
                '    _meta: {',
                "      type: 'object',",
                '      properties: { retrieval: { type: "object", additionalProperties: false } },',
                '      unevaluatedProperties: true,',
                '    },',
                '  },',
                '};',
              ].join('\n'),
            },
          ],
        },
      ],
    },
  ],
});
