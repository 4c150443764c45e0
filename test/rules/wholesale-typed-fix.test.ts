/**
 * The merge fix of no-wholesale-meta-assign with types (issue 25): a re-wrap `{ ...x, _meta }` or
 * `Object.assign(x, { _meta })` gains `...x._meta`, which is TS2339 where `x`'s type has no `_meta`. With a program the
 * rule asks the type: one with `_meta` (the SDK's `CallToolResult`) gets the plain spread, one without gets the spread
 * read through `{ _meta?: Record<string, unknown> }`; without a program the same TypeScript gets a suggestion only, read
 * through that type too (the type is not seen, and the cast type-checks from any object type).
 * Both outputs are then compiled by `tsc` (test/robustness/type-check.test.ts keeps the oracle for generated code).
 */
import rule from '../../rules/no-wholesale-meta-assign';
import { createTypedRuleTester, createUntypedRuleTester, TYPED_PRODUCER, UNTYPED_PRODUCER } from './typed-rule-tester';

const typed = createTypedRuleTester();
const untyped = createUntypedRuleTester();

const TYPES = `import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
interface Plain { content: Array<{ type: 'text'; text: string }> }
`;
const SDK_REWRAP = `${TYPES}export function wrap(result: CallToolResult): CallToolResult {
  return { ...result, _meta: { retrieval: 1 } };
}`;
const PLAIN_REWRAP = `${TYPES}export function wrap(result: Plain): CallToolResult {
  return { ...result, _meta: { retrieval: 1 } };
}`;
const PLAIN_ASSIGN = `${TYPES}export function stamp(out: Plain) {
  Object.assign(out, { _meta: { retrieval: 1 } });
}`;
const INDEXED_REWRAP = `interface ToolResult { [key: string]: unknown; content: Array<{ type: 'text'; text: string }> }
export async function settle(handler: () => Promise<ToolResult>) {
  const result = await handler();
  return { ...result, _meta: { retrieval: 1 } };
}`;
const CAST = '{ _meta?: Record<string, unknown> }';

typed.run('no-wholesale-meta-assign merge fix with types', rule, {
  valid: [],
  invalid: [
    {
      name: "a type with `_meta` (the SDK's CallToolResult): the plain spread",
      filename: TYPED_PRODUCER,
      code: SDK_REWRAP,
      output: SDK_REWRAP.replace('_meta: { retrieval', '_meta: { ...result._meta, retrieval'),
      errors: [{ messageId: 'rewrapResult', line: 4, column: 23 }],
    },
    {
      name: 'a type without `_meta`: the spread is read through a type that has it (no TS2339)',
      filename: TYPED_PRODUCER,
      code: PLAIN_REWRAP,
      output: PLAIN_REWRAP.replace('_meta: { retrieval', `_meta: { ...(result as ${CAST})._meta, retrieval`),
      errors: [{ messageId: 'rewrapResult', line: 4, column: 23 }],
    },
    {
      name: 'Object.assign of a type without `_meta`',
      filename: TYPED_PRODUCER,
      code: PLAIN_ASSIGN,
      output: PLAIN_ASSIGN.replace('_meta: { retrieval: 1', `_meta: { ...(out as ${CAST})._meta, retrieval: 1`),
      errors: [{ messageId: 'objectAssignMeta', line: 4, column: 3, suggestions: [] }],
    },
  ],
});

/** A re-wrap linted without a program: one suggestion, which reads `result._meta` through the cast. */
function untypedRewrapCase(name: string, code: string) {
  return {
    name,
    filename: UNTYPED_PRODUCER,
    code,
    output: null,
    errors: [
      {
        messageId: 'rewrapResult' as const,
        line: 4,
        column: 23,
        suggestions: [
          {
            messageId: 'suggestMerge' as const,
            output: code.replace('_meta: { retrieval', `_meta: { ...(result as ${CAST})._meta, retrieval`),
          },
        ],
      },
    ],
  };
}

untyped.run('no-wholesale-meta-assign merge fix without types', rule, {
  valid: [],
  invalid: [
    untypedRewrapCase(
      'the same re-wrap without a program: a suggestion only, read through the cast (`result._meta` is TS2339 on Plain)',
      PLAIN_REWRAP,
    ),
    // x402's payment wrapper: `interface ToolResult { [key: string]: unknown; … }` makes `result._meta` `unknown`,
    // and spreading it is TS2698.
    untypedRewrapCase(
      'a re-wrap of a result whose type has an index signature of unknown, without a program: read through the cast',
      INDEXED_REWRAP,
    ),
  ],
});
