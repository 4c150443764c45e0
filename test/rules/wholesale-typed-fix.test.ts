/**
 * The merge fix of no-wholesale-meta-assign with types (issue 25): a re-wrap `{ ...x, _meta }` or
 * `Object.assign(x, { _meta })` gains `...x._meta`, which is TS2339 where `x`'s type has no `_meta`. With a program the
 * rule asks the type: one with `_meta` (the SDK's `CallToolResult`) gets the plain spread, one without gets the spread
 * read through `{ _meta?: Record<string, unknown> }`; without a program the same TypeScript gets a suggestion only.
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

untyped.run('no-wholesale-meta-assign merge fix without types', rule, {
  valid: [],
  invalid: [
    {
      name: 'the same re-wrap without a program: a suggestion only (the type is not known)',
      filename: UNTYPED_PRODUCER,
      code: PLAIN_REWRAP,
      output: null,
      errors: [
        {
          messageId: 'rewrapResult',
          line: 4,
          column: 23,
          suggestions: [
            { messageId: 'suggestMerge', output: PLAIN_REWRAP.replace('_meta: { retrieval', '_meta: { ...result._meta, retrieval') },
          ],
        },
      ],
    },
  ],
});
