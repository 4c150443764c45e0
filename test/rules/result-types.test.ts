/**
 * Tool results by type (manifest `resultTypes: ["CallToolResult", "ToolResult"]`): with types, a `_meta` write counts
 * only on an object that may be one of them (the SDK's real `CallToolResult`, the fixture's own `ToolResult`), so an
 * unrelated object with `_meta` is not reported; without types, the same code gets today's answers. When no name is
 * declared in the program, nothing is narrowed and one warning (not one per file) says why.
 */
import path from 'node:path';
import { RuleTester } from '@typescript-eslint/rule-tester';
import { afterAll, describe, expect, it, vi } from 'vitest';
import unregisteredKey from '../../rules/no-unregistered-meta-key';
import wholesale from '../../rules/no-wholesale-meta-assign';
import { TYPED_FIXTURE_DIR, TYPED_PRODUCER, UNTYPED_PRODUCER } from './typed-rule-tester';
import { getMetaFileState } from '../../src/analysis/meta-context';

const RESULT_TYPES_REGISTRY = path.join(TYPED_FIXTURE_DIR, 'result-types.registry.json');
const UNRESOLVED_REGISTRY = path.join(TYPED_FIXTURE_DIR, 'unresolved-result-types.registry.json');
const typedOptions = { parserOptions: { project: './tsconfig.json', tsconfigRootDir: TYPED_FIXTURE_DIR } };

const typed = new RuleTester({ languageOptions: typedOptions, settings: { 'mcp-meta': { registry: RESULT_TYPES_REGISTRY } } });
const untyped = new RuleTester({ settings: { 'mcp-meta': { registry: RESULT_TYPES_REGISTRY } } });

/** Named like a result, so without types the name fallback takes it for one; its type says it is none. */
const CACHE_ENTRY = `import type { CacheEntry } from './results';
export function remember(result: CacheEntry) {
  result._meta = { stray_key: 1 };
}`;
/** Nothing says what `entry` is: without types its plane is unknown, and only key-name checks look at it. */
const UNKNOWN_ENTRY = `import type { CacheEntry } from './results';
export function remember(entry: CacheEntry) {
  entry._meta = { stray_key: 1 };
}`;
const STORED_DOCUMENT = `import type { StoredDocument } from './results';
export const doc: StoredDocument = { content: 'body', _meta: { stray_key: 1 } };`;
const SDK_RESULT = `import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
export function finish(result: CallToolResult) {
  result._meta = { stray_key: 1 };
}`;
const LOCAL_RESULT = `import type { ToolResult } from './results';
export function finish(result: ToolResult | undefined) {
  if (result?._meta) result._meta.stray_key = 1;
}`;
const UNANNOTATED_LITERAL = `export function handle() {
  return { content: [{ type: 'text', text: 'hi' }], _meta: { stray_key: 1 } };
}`;
const SDK_HANDLER = `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function register(server: McpServer) {
  server.registerTool('search', { description: 'Search' }, async () => ({
    content: [{ type: 'text', text: 'hi' }],
    _meta: { stray_key: 1 },
  }));
}`;
const ANY_OBJECT = `export function finish(result: any) {
  result._meta = { stray_key: 1 };
}`;

const LOOSE_OBJECT = `export function finish(result: Record<string, unknown> & { _meta: Record<string, unknown> }) {
  result._meta = { stray_key: 1 };
}`;

const unregistered = (line: number, column: number, endColumn: number) =>
  ({ messageId: 'unregisteredKey', line, column, endLine: line, endColumn, suggestions: [] }) as const;

typed.run('resultTypes with types: unrelated objects are not candidates', unregisteredKey, {
  valid: [
    { filename: TYPED_PRODUCER, code: CACHE_ENTRY, name: 'a CacheEntry (not a tool result) with `_meta`' },
    { filename: TYPED_PRODUCER, code: STORED_DOCUMENT, name: 'a literal given to StoredDocument (a `content` of its own)' },
  ],
  invalid: [
    { filename: TYPED_PRODUCER, code: SDK_RESULT, errors: [unregistered(3, 20, 29)], name: "the SDK's CallToolResult" },
    {
      filename: TYPED_PRODUCER,
      code: LOCAL_RESULT,
      errors: [unregistered(3, 35, 44)],
      name: 'the local ToolResult (through `| undefined`)',
    },
    {
      filename: TYPED_PRODUCER,
      code: UNANNOTATED_LITERAL,
      errors: [unregistered(2, 62, 71)],
      name: 'an unannotated result literal (its `type` widened to string) has what CallToolResult requires',
    },
    {
      filename: TYPED_PRODUCER,
      code: SDK_HANDLER,
      errors: [unregistered(5, 14, 23)],
      name: "a handler's result literal, typed by registerTool's callback",
    },
    {
      filename: TYPED_PRODUCER,
      code: LOOSE_OBJECT,
      errors: [unregistered(2, 20, 29)],
      name: 'an index signature (`Record<string, unknown>`) may hold a result: the write stays',
    },
    {
      filename: TYPED_PRODUCER,
      code: ANY_OBJECT,
      errors: [unregistered(2, 20, 29)],
      name: '`any` says nothing: the write stays, as without types',
    },
  ],
});

typed.run('resultTypes with types: no-wholesale-meta-assign', wholesale, {
  valid: [{ filename: TYPED_PRODUCER, code: CACHE_ENTRY, name: 'replacing a CacheEntry `_meta` is no tool result`s business' }],
  invalid: [
    {
      filename: TYPED_PRODUCER,
      code: SDK_RESULT,
      output: SDK_RESULT.replace('{ stray_key', '{ ...result._meta, stray_key'),
      errors: [{ messageId: 'replaceMeta', line: 3, column: 3, endLine: 3, endColumn: 34 }],
      name: 'replacing a CallToolResult `_meta` is',
    },
  ],
});

untyped.run('resultTypes without types: every write counts, as before', unregisteredKey, {
  valid: [
    {
      filename: UNTYPED_PRODUCER,
      code: UNKNOWN_ENTRY,
      name: 'an object nothing places (entry) is on the unknown plane: an unregistered key there is no tool-result problem',
    },
  ],
  invalid: [
    { filename: UNTYPED_PRODUCER, code: CACHE_ENTRY, errors: [unregistered(3, 20, 29)], name: 'a CacheEntry named result' },
    { filename: UNTYPED_PRODUCER, code: STORED_DOCUMENT, errors: [unregistered(2, 64, 73)], name: 'a StoredDocument literal' },
    { filename: UNTYPED_PRODUCER, code: SDK_RESULT, errors: [unregistered(3, 20, 29)], name: "the SDK's CallToolResult" },
    { filename: UNTYPED_PRODUCER, code: UNANNOTATED_LITERAL, errors: [unregistered(2, 62, 71)], name: 'an unannotated result literal' },
  ],
});

describe('resultTypes naming no type of the program', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  afterAll(() => {
    // Two files linted with the manifest: one warning, naming the manifest, the place and the names.
    expect(warn).toHaveBeenCalledTimes(1);
    const text = String(warn.mock.calls[0][0]);
    expect(text).toContain(
      `registry manifest ${UNRESOLVED_REGISTRY}:4:18 (/resultTypes): warning: No name in "resultTypes" ('NoSuchResult')`,
    );
    expect(text).toContain('Fix: Name the interfaces, type aliases or classes');
    warn.mockRestore();
  });
  it('is registered as a warning, before the lint', () => {
    expect(warn).toHaveBeenCalledTimes(0);
  });
  const unresolved = new RuleTester({ languageOptions: typedOptions, settings: { 'mcp-meta': { registry: UNRESOLVED_REGISTRY } } });
  unresolved.run('narrows nothing: every write counts, as without types', unregisteredKey, {
    valid: [],
    invalid: [
      { filename: TYPED_PRODUCER, code: CACHE_ENTRY, errors: [unregistered(3, 20, 29)], name: 'a CacheEntry named result' },
      { filename: TYPED_PRODUCER, code: STORED_DOCUMENT, errors: [unregistered(2, 64, 73)], name: 'a StoredDocument literal' },
    ],
  });
});

/**
 * The write model keeps what `resultTypes` rules out: with types, a write on an object that is none of them moves to
 * the `other` plane (evidence `type`), which no rule acts on; the pipeline never drops a write. Read through a probe
 * rule that reports every write of the file's model with its plane and evidence.
 */
const modelPlanes = {
  meta: { type: 'problem', messages: { plane: '{{plane}}/{{evidence}}' }, schema: [] },
  defaultOptions: [],
  create(context: Parameters<typeof getMetaFileState>[0]) {
    const state = getMetaFileState(context);
    if (state.status === 'ok') {
      for (const write of state.analysis.writes) {
        context.report({ node: write.node, messageId: 'plane' as never, data: { plane: write.plane, evidence: write.evidence } });
      }
    }
    return {};
  },
} as unknown as Parameters<RuleTester['run']>[1];

describe('resultTypes moves a write off the tool-result plane, never out of the model', () => {
  typed.run('model planes (typed)', modelPlanes, {
    valid: [],
    invalid: [
      {
        filename: TYPED_PRODUCER,
        code: CACHE_ENTRY,
        errors: [{ messageId: 'plane', data: { plane: 'other', evidence: 'type' }, line: 3, column: 3, endLine: 3, endColumn: 34 }],
        name: 'a CacheEntry',
      },
    ],
  });
  untyped.run('model planes (untyped)', modelPlanes, {
    valid: [],
    invalid: [
      {
        filename: UNTYPED_PRODUCER,
        code: CACHE_ENTRY,
        errors: [{ messageId: 'plane', data: { plane: 'result', evidence: 'name' }, line: 3, column: 3, endLine: 3, endColumn: 34 }],
        name: 'a CacheEntry',
      },
    ],
  });
});
