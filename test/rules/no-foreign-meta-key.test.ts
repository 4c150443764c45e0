/**
 * no-foreign-meta-key (MCP _meta rule 1): one producer per top-level key; a file writes only the registered keys
 * whose `producers` match it. The manifest is docs/examples/mcp-meta.registry.json: search.ts produces `retrieval`,
 * dispatch.ts is the merge layer and produces `warnings`, the hot-memory hook produces `brain_hot_memory`, eval-*.ts
 * files are ignored, list-pages.ts owns no key.
 */
import type { InvalidTestCase, ValidTestCase } from '@typescript-eslint/rule-tester';
import rule, { type MessageIds, type Options } from '../../rules/no-foreign-meta-key';
import fs from 'node:fs';
import path from 'node:path';
import {
  createRuleTester,
  DISPATCH,
  EVAL_COMMAND,
  EXAMPLES_DIR,
  EXAMPLES_REGISTRY,
  file,
  HOT_MEMORY_HOOK,
  OTHER_FILE,
  SEARCH_OP,
} from './rule-tester';

const ruleTester = createRuleTester();

/** Cases without a filename lint src/core/ops/list-pages.ts, a file that owns no key. */
const inOtherFile = <T extends { filename?: string }>(test: T): T => ({ filename: OTHER_FILE, ...test });

const RETRIEVAL_PRODUCERS = "'src/core/ops/search.ts', 'src/core/ops/query.ts'";
const MANIFEST = JSON.parse(fs.readFileSync(EXAMPLES_REGISTRY, 'utf8')) as { keys: Record<string, { producers: string[] }> };

/**
 * A foreignKey report on one line, with the message data checked in full: the key, its producers as the example
 * manifest lists them, and the manifest's name. `file` (the linted file) is filled in from each case's filename.
 */
const foreign = (key: string, line: number, column: number, endColumn: number) => {
  const producers = MANIFEST.keys[key]?.producers;
  if (!producers) throw new Error(`foreign(): '${key}' is not a key of ${EXAMPLES_REGISTRY}`);
  const data = {
    where: '`_meta`',
    key,
    producers: producers.map((glob) => `'${glob}'`).join(', '),
    file: '',
    registry: 'mcp-meta.registry.json',
  };
  return { messageId: 'foreignKey', line, column, endLine: line, endColumn, data } as const;
};

/** Fills each foreignKey report's `file` with the case's linted file, relative to the manifest's folder. */
const withFileData = (test: InvalidTestCase<MessageIds, Options>): InvalidTestCase<MessageIds, Options> => ({
  ...test,
  errors: test.errors.map((error) =>
    error.messageId === 'foreignKey' && error.data && error.data.file === ''
      ? {
          ...error,
          data: {
            ...error.data,
            file: path
              .relative(EXAMPLES_DIR, test.filename ?? OTHER_FILE)
              .split(path.sep)
              .join('/'),
          },
        }
      : error,
  ),
});

const valid: ValidTestCase<Options>[] = [
  // The owner writes its own key, in every shape.
  {
    name: 'owner: every write shape of its own key',
    filename: SEARCH_OP,
    code: `
export async function search(ctx, out, stats) {
  ctx.emitResponseMeta('retrieval', stats);
  emitResponseMeta('retrieval', stats);
  ctx.emitResponseMeta?.('retrieval', stats);
  ctx?.emitResponseMeta(\`retrieval\`, stats);
  out._meta.retrieval = stats;
  out._meta['retrieval'] = stats;
  out!._meta.retrieval = stats;
  (out as ToolResult)._meta.retrieval = stats;
  (<ToolResult>out)._meta.retrieval = stats;
  out._meta.retrieval.cache = { hit: true };
  delete out._meta.retrieval;
  Object.assign(out._meta, { retrieval: stats });
  out._meta = { ...out._meta, retrieval: stats };
  Object.assign(out, { _meta: { ...out._meta, retrieval: stats } });
  const m = out._meta;
  m.retrieval = stats;
  return { content: [], _meta: { retrieval: stats } };
}
`,
  },
  {
    name: 'owner: a key through a const',
    filename: SEARCH_OP,
    code: "const KEY = 'retrieval';\nctx.emitResponseMeta(KEY, stats);\nout._meta[KEY] = stats;",
  },
  {
    name: 'owner: second producer glob of the same key',
    filename: file('src/core/ops/query.ts'),
    code: "ctx.emitResponseMeta('retrieval', stats);",
  },
  {
    name: 'owner: the hook function returns its key directly',
    filename: HOT_MEMORY_HOOK,
    code: 'export function getBrainHotMemoryMeta() { return { brain_hot_memory: { facts: [] } }; }',
  },
  {
    name: 'owner: the hook function returns its key through a const',
    filename: HOT_MEMORY_HOOK,
    code: 'export const getBrainHotMemoryMeta = async () => { const meta = { brain_hot_memory: {} }; return meta; };',
  },
  {
    name: 'merge layer: spreads collected maps and writes its own key',
    filename: DISPATCH,
    code: 'function f(out) { out._meta = { ...collected }; out._meta.warnings = toWarnings(unknown); Object.assign(out._meta, hooked); }',
  },
  {
    name: 'merge layer: forwarding keys by variable (not statically known) is not foreign',
    filename: DISPATCH,
    code: 'function f(out) { for (const [k, v] of entries) out._meta[k] = v; }',
  },
  {
    name: 'delete x._meta and x._meta = fragment name no key (no-wholesale-meta-assign reports them)',
    code: 'delete out._meta;\nout._meta = fragment;',
  },
  // Unknown or unregistered keys are another rule's business.
  { name: 'a key that is not known statically', code: 'ctx.emitResponseMeta(name, v);\nout._meta[key] = v;' },
  { name: 'an unregistered key (no-unregistered-meta-key reports it)', code: "ctx.emitResponseMeta('search_debug', v);" },
  { name: 'a key held in a `let` is not statically known', code: "function f() { let KEY = 'warnings'; ctx.emitResponseMeta(KEY, v); }" },
  { name: 'hook calls write keys this file cannot see', code: 'const extra = await opts.metaHook(request, result);' },
  {
    name: 'a function not listed in hookFunctions returns plain objects',
    code: 'export function getStats() { return { retrieval: 1, warnings: [] }; }',
  },
  // Never reported.
  {
    name: "reads of another producer's key",
    code: "const r = result._meta.retrieval;\nif (result._meta?.warnings) log(result['_meta'].brain_hot_memory);",
  },
  { name: 'an ignore file', filename: EVAL_COMMAND, code: "out._meta.retrieval = r;\nctx.emitResponseMeta('warnings', w);" },
  {
    name: 'tool arguments: the inbound _meta plane',
    code: "params._meta.retrieval = 'x';\nrequest.params._meta.warnings = [];\ndelete args._meta.retrieval;",
  },
  {
    name: 'JSON bodies are not tool results',
    code: 'res.json({ content, _meta: { retrieval } });\nconst text = JSON.stringify({ content, _meta: { warnings } });\nconst body = { rows, _meta: { retrieval } };',
  },
  {
    name: 'names that only look alike: _metadata, meta, edge_meta',
    code: 'x._metadata.retrieval = 1;\nx.meta.warnings = [];\nx.edge_meta.retrieval = 1;\nconst r = { content, meta: { retrieval: 1 } };',
  },
  {
    name: 'a `let` alias that may hold another object where it is written through is not followed (silence over noise)',
    code: 'function f(out) { let m = out._meta; if (c) m = copy(out._meta); m.retrieval = 1; }',
  },
];

const invalid: InvalidTestCase<MessageIds, Options>[] = [
  {
    name: 'x._meta.k = v: the message names the owners, this file and the manifest',
    code: 'out._meta.retrieval = stats;',
    errors: [
      {
        messageId: 'foreignKey',
        data: {
          where: '`_meta`',
          key: 'retrieval',
          producers: RETRIEVAL_PRODUCERS,
          file: 'src/core/ops/list-pages.ts',
          registry: 'mcp-meta.registry.json',
        },
        line: 1,
        column: 11,
        endLine: 1,
        endColumn: 20,
      },
    ],
  },
  {
    name: "x['_meta'] = { ...x['_meta'], k }",
    code: "out['_meta'] = { ...out['_meta'], retrieval };",
    errors: [foreign('retrieval', 1, 35, 44)],
  },
  { name: "x._meta['k'] = v", code: "out._meta['warnings'] = [];", errors: [foreign('warnings', 1, 11, 21)] },
  { name: 'x!._meta.k = v', code: 'out!._meta.retrieval = stats;', errors: [foreign('retrieval', 1, 12, 21)] },
  { name: '(x as R)._meta.k = v', code: '(out as ToolResult)._meta.retrieval = stats;', errors: [foreign('retrieval', 1, 27, 36)] },
  { name: '(<R>x)._meta.k = v', code: '(<ToolResult>out)._meta.retrieval = stats;', errors: [foreign('retrieval', 1, 25, 34)] },
  {
    name: '(x satisfies R)._meta.k = v',
    code: '(res satisfies ToolResult)._meta.retrieval = stats;',
    errors: [foreign('retrieval', 1, 34, 43)],
  },
  {
    name: 'a deeper write writes the key too: x._meta.k.f = v',
    code: 'out._meta.retrieval.cache = { hit: true };',
    errors: [foreign('retrieval', 1, 11, 20)],
  },
  { name: "delete x._meta.k drops another producer's key", code: 'delete out._meta.retrieval;', errors: [foreign('retrieval', 1, 18, 27)] },
  { name: 'Object.assign(x._meta, { k })', code: 'Object.assign(out._meta, { retrieval });', errors: [foreign('retrieval', 1, 28, 37)] },
  {
    name: 'Object.assign(x._meta, constLiteral)',
    code: 'const meta = { warnings: [] };\nObject.assign(out._meta, meta);',
    errors: [foreign('warnings', 1, 16, 24)],
  },
  {
    name: 'Object.assign(x, { _meta: { k } })',
    code: 'Object.assign(out, { _meta: { ...out._meta, retrieval } });',
    errors: [foreign('retrieval', 1, 45, 54)],
  },
  { name: 'x._meta = { ...x._meta, k }', code: 'out._meta = { ...out._meta, warnings: [] };', errors: [foreign('warnings', 1, 29, 37)] },
  { name: 'x._meta ||= { k }', code: 'out._meta ||= { retrieval: stats };', errors: [foreign('retrieval', 1, 17, 26)] },
  {
    name: 'a tool result literal: { content, _meta: { k } }',
    code: 'function f() { return { content: [], _meta: { retrieval: stats } }; }',
    errors: [foreign('retrieval', 1, 47, 56)],
  },
  {
    name: 'a re-wrapped result: { ...result, _meta: { ...result._meta, k } }',
    code: 'function f(result) { return { ...result, _meta: { ...result._meta, brain_hot_memory: m } }; }',
    errors: [foreign('brain_hot_memory', 1, 68, 84)],
  },
  { name: 'emit as a method', code: "ctx.emitResponseMeta('retrieval', stats);", errors: [foreign('retrieval', 1, 22, 33)] },
  { name: 'emit as a bare function', code: "emitResponseMeta('retrieval', stats);", errors: [foreign('retrieval', 1, 18, 29)] },
  { name: 'emit optional-chained call', code: "ctx.emitResponseMeta?.('retrieval', stats);", errors: [foreign('retrieval', 1, 24, 35)] },
  { name: 'emit on an optional receiver', code: "ctx?.emitResponseMeta('warnings', w);", errors: [foreign('warnings', 1, 23, 33)] },
  { name: 'emit with a double-quoted key', code: 'ctx.emitResponseMeta("retrieval", stats);', errors: [foreign('retrieval', 1, 22, 33)] },
  {
    name: 'emit with a template key without expressions',
    code: 'ctx.emitResponseMeta(`brain_hot_memory`, m);',
    errors: [foreign('brain_hot_memory', 1, 22, 40)],
  },
  {
    name: 'a key through a const: reported where it is used',
    code: "const KEY = 'warnings';\nctx.emitResponseMeta(KEY, w);\nout._meta[KEY] = w;",
    errors: [foreign('warnings', 2, 22, 25), foreign('warnings', 3, 11, 14)],
  },
  {
    name: 'a computed property key through a const',
    code: "const KEY = 'retrieval';\nout._meta = { ...out._meta, [KEY]: stats };",
    errors: [foreign('retrieval', 2, 30, 33)],
  },
  { name: 'a template member key', code: 'out._meta[`retrieval`] = stats;', errors: [foreign('retrieval', 1, 11, 22)] },
  {
    name: 'writes through an alias: assign, computed assign, delete',
    code: "function f(out) { const m = out._meta; m.retrieval = stats; m['warnings'] = []; delete m.brain_hot_memory; }",
    errors: [foreign('retrieval', 1, 42, 51), foreign('warnings', 1, 63, 73), foreign('brain_hot_memory', 1, 90, 106)],
  },
  {
    name: 'writes through a `let` alias that holds nothing else there (before a reassignment)',
    code: 'function f(out) { let m = out._meta; m.retrieval = stats; m = copy(out._meta); m.warnings = []; }',
    errors: [foreign('retrieval', 1, 40, 49)],
  },
  {
    name: 'an alias of `x._meta ?? {}`',
    code: 'function f(out) { const m = out._meta ?? {}; m.retrieval = stats; }',
    errors: [foreign('retrieval', 1, 48, 57)],
  },
  {
    name: "a producer writing another producer's key",
    filename: SEARCH_OP,
    code: "out._meta.warnings = [];\nctx.emitResponseMeta('brain_hot_memory', m);",
    errors: [foreign('warnings', 1, 11, 19), foreign('brain_hot_memory', 2, 22, 40)],
  },
  {
    name: 'a hook function returning a key it does not own, directly',
    filename: HOT_MEMORY_HOOK,
    code: 'export const getBrainHotMemoryMeta = () => ({ retrieval: {} });',
    errors: [foreign('retrieval', 1, 47, 56)],
  },
  {
    name: 'a hook function returning a key it does not own, through a returned const',
    filename: HOT_MEMORY_HOOK,
    code: 'export function getBrainHotMemoryMeta() { const meta = { brain_hot_memory: {}, warnings: [] }; return meta; }',
    errors: [foreign('warnings', 1, 80, 88)],
  },
  {
    name: 'a file not listed as producer that defines the hook function',
    code: 'export function getBrainHotMemoryMeta() { return { brain_hot_memory: {} }; }',
    errors: [foreign('brain_hot_memory', 1, 52, 68)],
  },
  {
    name: 'merge layer: a literal key it writes must still be its own (assembly, per key, emit)',
    filename: DISPATCH,
    code: "function f(out) { out._meta = { ...collected, retrieval: r }; out._meta.brain_hot_memory = m; ctx.emitResponseMeta('retrieval', r); }",
    errors: [
      foreign('retrieval', 1, 47, 56),
      {
        ...foreign('brain_hot_memory', 1, 73, 89),
        data: {
          where: '`_meta`',
          key: 'brain_hot_memory',
          producers: "'src/hooks/brain-hot-memory.ts'",
          file: 'src/mcp/dispatch.ts',
          registry: 'mcp-meta.registry.json',
        },
      },
      foreign('retrieval', 1, 116, 127),
    ],
  },
];

ruleTester.run('no-foreign-meta-key', rule, {
  valid: valid.map(inOtherFile),
  invalid: invalid.map(inOtherFile).map(withFileData),
});
