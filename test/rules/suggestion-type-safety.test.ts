/**
 * The suggestions not yet compiled elsewhere are safe: `tolerate-unknown-meta-fields`' (toMatchObject,
 * objectContaining, dropping `.strict()`, `z.object`, an open JSON schema), `no-misnamed-meta`'s rename to `_meta` and
 * `no-wholesale-meta-assign`'s merge of a fragment in the merge layer (`mergeLayerFragment`) and of a re-wrapped result
 * (`suggestMerge`, read through a cast where no type is seen). As in
 * no-dropped-meta-safety.test.ts: each input is real TypeScript against the installed SDK, vitest and zod types and
 * compiles under `tsc --strict`; each suggestion's output (taken from the rule itself, not written by hand) compiles
 * too; and linting the output with every rule of the plugin finds nothing the input did not, and one finding fewer of
 * the rule that offered it.
 */
import * as path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import plugin from '../../src/index';
import { compile, errorsOf, STRICT_NODE16 } from '../robustness/type-check';
import { DISPATCH, EXAMPLES_REGISTRY } from './rule-tester';
import { TYPED_FIXTURE_DIR } from './typed-rule-tester';

/** A file the compiler reads from memory, beside the typed fixture (so the SDKs, vitest and zod resolve). */
const CHECKED = path.join(TYPED_FIXTURE_DIR, 'src', 'suggestion-check.mts');
const TYPED_REGISTRY = path.join(TYPED_FIXTURE_DIR, 'mcp-meta.registry.json');
/** The typed fixture's producer of `retrieval`, and a test file of it. */
const SEARCH = path.join(TYPED_FIXTURE_DIR, 'src', 'search.ts');
const SEARCH_TEST = path.join(TYPED_FIXTURE_DIR, 'src', 'search.test.ts');

const linter = new Linter({ configType: 'flat' });
const configFor = (registry: string): Linter.Config[] => [
  { files: ['**/*.ts'], languageOptions: { parser: tsParser } },
  { ...(plugin.configs.strict as Linter.Config), files: ['**/*.ts'], settings: { 'mcp-meta': { registry } } },
];

interface Case {
  readonly name: string;
  readonly code: string;
  /** The file it is linted as (its role under the manifest). */
  readonly filename: string;
  readonly registry: string;
  readonly rule: string;
  /** How many suggestions the case's findings of `rule` offer in all (so a case that offers none fails). */
  readonly suggestions: number;
}

const lines = (...parts: string[]): string => parts.join('\n');

const CASES: Case[] = [
  {
    name: 'tolerate-unknown-meta-fields: toEqual on a key (toMatchObject, expect.objectContaining)',
    code: lines(
      "import { expect } from 'vitest';",
      "import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
      'declare const r: CallToolResult;',
      'expect(r._meta?.retrieval).toEqual({ returned_count: 3, cache: { hit: true } });',
    ),
    filename: SEARCH_TEST,
    registry: TYPED_REGISTRY,
    rule: 'tolerate-unknown-meta-fields',
    suggestions: 2,
  },
  {
    name: 'tolerate-unknown-meta-fields: toStrictEqual on the whole _meta through a const',
    code: lines(
      "import { expect } from 'vitest';",
      "import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
      'declare const r: CallToolResult;',
      'const meta = r._meta;',
      'expect(meta).toStrictEqual({ retrieval: { returned_count: 3 } });',
    ),
    filename: SEARCH_TEST,
    registry: TYPED_REGISTRY,
    rule: 'tolerate-unknown-meta-fields',
    suggestions: 2,
  },
  {
    name: 'tolerate-unknown-meta-fields: zod strictObject and .strict() on _meta (z.object, drop .strict())',
    code: lines(
      "import { z } from 'zod';",
      'const Retrieval = z.object({ returned_count: z.number() }).strict();',
      'export const Result = z.object({ content: z.array(z.unknown()), _meta: z.strictObject({ retrieval: Retrieval }) });',
    ),
    filename: SEARCH,
    registry: TYPED_REGISTRY,
    rule: 'tolerate-unknown-meta-fields',
    suggestions: 2,
  },
  {
    name: "tolerate-unknown-meta-fields: a JSON schema's additionalProperties: false on _meta",
    code: lines(
      'export const resultSchema = {',
      "  type: 'object',",
      '  properties: {',
      "    _meta: { type: 'object', properties: { retrieval: { type: 'object' } }, additionalProperties: false },",
      '  },',
      '} as const;',
    ),
    filename: SEARCH,
    registry: TYPED_REGISTRY,
    rule: 'tolerate-unknown-meta-fields',
    suggestions: 1,
  },
  {
    name: 'no-misnamed-meta: metadata on a tool result, keys this file produces',
    code: lines(
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      'declare const server: McpServer;',
      "server.registerTool('search', { description: 'Search' }, async () => ({",
      "  content: [{ type: 'text' as const, text: 'ok' }],",
      '  metadata: { retrieval: { returned_count: 1, vector_enabled: true } },',
      '}));',
    ),
    filename: SEARCH,
    registry: TYPED_REGISTRY,
    rule: 'no-misnamed-meta',
    suggestions: 1,
  },
  {
    name: 'no-wholesale-meta-assign: the merge layer gives a fresh result a fragment whole',
    code: lines(
      "import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
      'export function dispatch(hookFragment: Record<string, unknown> | undefined): CallToolResult {',
      '  const out: CallToolResult = { content: [] };',
      '  out._meta = hookFragment;',
      '  return out;',
      '}',
    ),
    filename: DISPATCH,
    registry: EXAMPLES_REGISTRY,
    rule: 'no-wholesale-meta-assign',
    suggestions: 1,
  },
  {
    name: "no-wholesale-meta-assign: the merge layer gives a fresh result a hook's awaited fragment whole",
    code: lines(
      "import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
      'declare function metaHook(args: unknown): Promise<Record<string, unknown>>;',
      'export async function dispatch(args: unknown): Promise<CallToolResult> {',
      '  const out: CallToolResult = { content: [] };',
      '  out._meta = await metaHook(args);',
      '  return out;',
      '}',
    ),
    filename: DISPATCH,
    registry: EXAMPLES_REGISTRY,
    rule: 'no-wholesale-meta-assign',
    suggestions: 1,
  },
  {
    // x402's payment wrapper: `result._meta` is `unknown` through the index signature (spreading it is TS2698).
    name: 'no-wholesale-meta-assign: a result typed with an index signature of unknown, re-wrapped with a new _meta',
    code: lines(
      "interface ToolResult { [key: string]: unknown; content: Array<{ type: 'text'; text: string }>; isError?: boolean }",
      'export async function settle(handler: () => Promise<ToolResult>) {',
      '  const result = await handler();',
      '  return { ...result, _meta: { retrieval: { returned_count: 1 } } };',
      '}',
    ),
    filename: SEARCH,
    registry: TYPED_REGISTRY,
    rule: 'no-wholesale-meta-assign',
    suggestions: 1,
  },
  {
    // x402's `attachPaymentResponseToMeta(result: { content; isError? }, …)`: `result._meta` is TS2339.
    name: 'no-wholesale-meta-assign: a parameter typed without _meta, re-wrapped with a new _meta',
    code: lines(
      'export function attach(result: { content: Array<{ type: string }>; isError?: boolean }) {',
      '  return { ...result, _meta: { retrieval: { returned_count: 1 } } };',
      '}',
    ),
    filename: SEARCH,
    registry: TYPED_REGISTRY,
    rule: 'no-wholesale-meta-assign',
    suggestions: 1,
  },
];

/** Applies one suggestion's edit. */
function applied(code: string, fix: { range: [number, number]; text: string }): string {
  return code.slice(0, fix.range[0]) + fix.text + code.slice(fix.range[1]);
}

const countBy = (messages: readonly Linter.LintMessage[]): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const message of messages) {
    const key = `${message.ruleId ?? 'fatal'}:${message.messageId ?? message.message}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
};

describe('these suggestions type-check and earn no new finding', () => {
  it.each(CASES.map((test) => [test.name, test] as const))('%s', (_name, test) => {
    expect(errorsOf(compile(new Map([[CHECKED, test.code]]), STRICT_NODE16), CHECKED), 'the input compiles').toEqual([]);
    const config = configFor(test.registry);
    const before = linter.verify(test.code, config, { filename: test.filename });
    expect(before.filter((message) => message.fatal)).toEqual([]);
    const ruleId = `mcp-meta/${test.rule}`;
    const suggestions = before.filter((message) => message.ruleId === ruleId).flatMap((message) => message.suggestions ?? []);
    expect(suggestions.length, 'the suggestions offered').toBe(test.suggestions);
    const found = countBy(before);
    for (const suggestion of suggestions) {
      const output = applied(test.code, suggestion.fix);
      expect(errorsOf(compile(new Map([[CHECKED, output]]), STRICT_NODE16), CHECKED), output).toEqual([]);
      const after = countBy(linter.verify(output, config, { filename: test.filename }));
      const fixedOnes = [...found].filter(([key]) => key.startsWith(`${ruleId}:`));
      expect(
        fixedOnes.some(([key, count]) => (after.get(key) ?? 0) < count),
        `${suggestion.desc}: one finding of ${test.rule} fewer\n${output}`,
      ).toBe(true);
      for (const [key, count] of after)
        expect(count, `${key} after '${suggestion.desc}'\n${output}`).toBeLessThanOrEqual(found.get(key) ?? 0);
    }
  });
});
