/**
 * no-misnamed-meta with a program: a literal whose contextual type is the SDK's `CallToolResult` (v1
 * `@modelcontextprotocol/sdk`, v2 `@modelcontextprotocol/server`) is a proven tool result, by its type, wherever it is
 * written: a declared variable, a return of a function declared `Promise<CallToolResult>`. The SDKs' `CallToolResult`
 * takes any other property, so `metadata` there type-checks and is lost on the way. Reported with "did you mean
 * `_meta`" as a suggestion (offered when the keys it puts on the channel are registered there, as untyped), never an
 * autofix. Silent on look-alikes whose type is not the SDK's (a user's own result
 * type, `any`), and the same code without a program is silent (no sink proves it).
 */
import rule from '../../rules/no-misnamed-meta';
import { createTypedRuleTester, createUntypedRuleTester, TYPED_PRODUCER, UNTYPED_PRODUCER } from './typed-rule-tester';

const typed = createTypedRuleTester();
const untyped = createUntypedRuleTester();

const V1_DECLARED = `import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
export const reply: CallToolResult = { content: [], metadata: { retrieval: { returned_count: 3 } } };`;
const V2_RETURNED = `import type { CallToolResult } from '@modelcontextprotocol/server';
export async function search(rows: string[]): Promise<CallToolResult> {
  return { content: [], _metadata: { retrieval: { returned_count: rows.length } } };
}`;
const V1_SHORTHAND = `import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
export function search(meta: Record<string, unknown>): CallToolResult {
  return { content: [], meta };
}`;
const OWN_TYPE = `import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
interface Page { content: string[]; metadata: { total: number } }
export const page: Page = { content: [], metadata: { total: 3 } };
export const reply: CallToolResult = { content: [] };`;
const ANY_TYPED = `import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
export const reply: CallToolResult = { content: [] };
export const loose: any = { content: [], metadata: { total: 3 } };`;
const WITH_META = `import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
export const reply: CallToolResult = { content: [], metadata: { total: 3 }, _meta: { retrieval: {} } };`;

const rename = (code: string, from: string) => code.replace(`${from}: {`, '_meta: {');

typed.run('no-misnamed-meta: a tool result proven by its type', rule, {
  valid: [
    { name: "a user's own result type with metadata is not the SDK's", filename: TYPED_PRODUCER, code: OWN_TYPE },
    { name: 'a literal typed any is proven nothing', filename: TYPED_PRODUCER, code: ANY_TYPED },
    { name: 'a CallToolResult that has _meta keeps another field on purpose', filename: TYPED_PRODUCER, code: WITH_META },
  ],
  invalid: [
    {
      name: 'SDK v1: a variable declared CallToolResult given metadata',
      filename: TYPED_PRODUCER,
      code: V1_DECLARED,
      errors: [
        {
          messageId: 'misnamedMeta',
          data: { name: 'metadata' },
          line: 2,
          column: 53,
          endLine: 2,
          endColumn: 61,
          suggestions: [{ messageId: 'renameToMeta', data: { name: 'metadata' }, output: rename(V1_DECLARED, 'metadata') }],
        },
      ],
    },
    {
      name: 'SDK v2: a return of a function declared Promise<CallToolResult> given _metadata',
      filename: TYPED_PRODUCER,
      code: V2_RETURNED,
      errors: [
        {
          messageId: 'misnamedMeta',
          data: { name: '_metadata' },
          line: 3,
          column: 25,
          suggestions: [{ messageId: 'renameToMeta', data: { name: '_metadata' }, output: rename(V2_RETURNED, '_metadata') }],
        },
      ],
    },
    {
      // A shorthand's rename would change which variable is read: no suggestion.
      name: 'a shorthand meta on a CallToolResult: reported, no suggestion',
      filename: TYPED_PRODUCER,
      code: V1_SHORTHAND,
      errors: [{ messageId: 'misnamedMeta', data: { name: 'meta' }, line: 3, column: 25, suggestions: [] }],
    },
  ],
});

untyped.run('no-misnamed-meta: the same code without a program proves nothing', rule, {
  valid: [
    { name: 'a declared CallToolResult, untyped', filename: UNTYPED_PRODUCER, code: V1_DECLARED },
    { name: 'a Promise<CallToolResult> return, untyped', filename: UNTYPED_PRODUCER, code: V2_RETURNED },
    { name: 'a shorthand, untyped', filename: UNTYPED_PRODUCER, code: V1_SHORTHAND },
  ],
  invalid: [],
});
