/**
 * no-unregistered-meta-field (MCP _meta rule 2, additive-forever): a field written into a key's value that the
 * manifest does not list for that key is reported at the property, with the nearest registered field as a suggestion.
 * The manifest is docs/examples/mcp-meta.registry.json: `retrieval` (with nested `cache` fields), `brain_hot_memory`
 * (with `facts` items) and `warnings` (an array value whose items have `code`, `param`, `suggestion`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import rule from '../../rules/no-unregistered-meta-field';
import { createRuleTester, DISPATCH, EVAL_COMMAND, HOT_MEMORY_HOOK, OTHER_FILE, SEARCH_OP } from './rule-tester';

const ruleTester = createRuleTester();

/** A second project whose manifest registers a key without `fields` (`session`): its fields are never checked. */
const OPEN_PROJECT = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-open-fields-'));
fs.writeFileSync(
  path.join(OPEN_PROJECT, 'mcp-meta.registry.json'),
  JSON.stringify({
    version: 1,
    emitters: ['emitResponseMeta'],
    keys: {
      session: { producers: ['src/session.ts'] },
      retrieval: { producers: ['src/search.ts'], fields: { cache: {}, hint: {} } },
    },
  }),
);
const OPEN_SETTINGS = { 'mcp-meta': { registry: path.join(OPEN_PROJECT, 'mcp-meta.registry.json') } };

/** A project whose manifest gives fields types: literals of another type are reported (`wrongFieldType`). */
const TYPED_PROJECT = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-typed-fields-'));
fs.writeFileSync(
  path.join(TYPED_PROJECT, 'mcp-meta.registry.json'),
  JSON.stringify({
    version: 1,
    emitters: ['emitResponseMeta'],
    keys: {
      retrieval: {
        producers: ['src/search.ts'],
        fields: {
          returned_count: { type: 'integer' },
          score: { type: 'number' },
          hint: { type: 'string', optional: true },
          vector_enabled: { type: 'boolean' },
          tier: { enum: ['memory', 'disk'] },
          degraded: { type: 'array', items: { enum: ['vector', 'rerank'] } },
          next_cursor: { anyOf: [{ type: 'string' }, { type: 'null' }] },
          cache: { type: 'object', fields: { age_ms: { type: 'number' } } },
          untyped: {},
        },
      },
      warnings: { producers: ['src/dispatch.ts'], type: 'array', fields: { code: { enum: ['unknown_param'] }, param: { type: 'string' } } },
    },
  }),
);
const TYPED_SETTINGS = { 'mcp-meta': { registry: path.join(TYPED_PROJECT, 'mcp-meta.registry.json') } };
const TYPED_SEARCH = path.join(TYPED_PROJECT, 'src/search.ts');

function wrongType(pathText: string, expected: string, actual: string) {
  return { messageId: 'wrongFieldType' as const, data: { path: pathText, expected, actual, registry: 'mcp-meta.registry.json' } };
}

function unregistered(field: string, pathText: string, key: string, nearest: string | null) {
  return {
    messageId: 'unregisteredField' as const,
    data: { field, path: pathText, key, registry: 'mcp-meta.registry.json', hint: nearest ? ` Did you mean '${nearest}'?` : '' },
  };
}

ruleTester.run('no-unregistered-meta-field', rule, {
  valid: [
    {
      name: 'typed fields written with literals of their types, or with values whose type is not known here',
      filename: TYPED_SEARCH,
      settings: TYPED_SETTINGS,
      code: `
const TIER = 'disk';
function search(ctx, rows, c) {
  ctx.emitResponseMeta('retrieval', {
    returned_count: 3, score: -0.5, hint: \`\${rows.length} rows\`, vector_enabled: false, tier: TIER,
    degraded: ['vector', c], next_cursor: null, cache: { age_ms: 1.5 }, untyped: 'anything',
  });
  ctx.emitResponseMeta('retrieval', { returned_count: rows.length, score: c ? 1 : 'x', tier: rows.tier, next_cursor: 'abc', hint: undefined });
}
`,
    },
    {
      name: 'typed item fields of an array key',
      filename: path.join(TYPED_PROJECT, 'src/dispatch.ts'),
      settings: TYPED_SETTINGS,
      code: `
function dispatch(out, unknown) {
  out._meta.warnings = unknown.map((u) => ({ code: 'unknown_param', param: u.name }));
}
`,
    },
    {
      name: 'an emit whose literal writes registered fields only (shorthand too)',
      filename: SEARCH_OP,
      code: `
function search(ctx, rows, hint) {
  ctx.emitResponseMeta('retrieval', { returned_count: rows.length, retrieved_count: 10, vector_enabled: true, hint });
}
`,
    },
    {
      name: 'a const bound to a literal, conditional and nested spreads of registered fields',
      filename: SEARCH_OP,
      code: `
function search(ctx, c, degraded) {
  const base = { returned_count: 0, ...(c ? { expansion_applied: true } : {}) };
  ctx.emitResponseMeta('retrieval', { ...base, ...(c ? { hint: 'x' } : {}), ...(c && { degraded }), ...(c ? null : undefined) });
}
`,
    },
    {
      name: 'nested object fields per the manifest; a field without nested fields is not looked into',
      filename: SEARCH_OP,
      code: `
function search(out, hit) {
  out._meta.retrieval = {
    cache: { hit, age_ms: 3, tier: 'l1' },
    degraded: { vector: true, anything_goes: 1 },
    token_budget: { used: 1, left: 2 },
  };
}
`,
    },
    {
      name: 'array items per the manifest: rows.map(arrow), filter().map(function), array literals, spreads',
      filename: HOT_MEMORY_HOOK,
      code: `
export function getBrainHotMemoryMeta(rows, more) {
  return {
    brain_hot_memory: {
      facts: rows.map((r) => ({ id: r.id, text: r.text, salience: r.s })),
      fact_count: rows.length,
      as_of: Date.now(),
    },
  };
}
function other(out, rows, more) {
  out._meta.brain_hot_memory = { facts: rows.filter(Boolean).map(function (r) { return { id: r.id, text: r.t }; }) };
  out._meta.brain_hot_memory = { facts: [{ id: 1, text: 'a' }, ...more] };
}
`,
    },
    {
      name: 'a same-file builder whose returned literals write registered fields',
      filename: SEARCH_OP,
      code: `
function buildRetrieval(rows) {
  if (!rows) return { returned_count: 0 };
  return { returned_count: rows.length, retrieved_count: rows.total };
}
const buildCache = (hit) => ({ hit, tier: 'l2' });
function search(ctx, rows) {
  ctx.emitResponseMeta('retrieval', buildRetrieval(rows));
  ctx.emitResponseMeta('retrieval', { cache: buildCache(true) });
}
`,
    },
    {
      name: 'open or unknown shapes are never reported: opaque calls, parameters, spreads of unknowns, dynamic keys',
      filename: SEARCH_OP,
      code: `
async function search(ctx, out, stats, extra, c, name) {
  ctx.emitResponseMeta('retrieval', opaque());
  ctx.emitResponseMeta('retrieval', await fetchMeta());
  ctx.emitResponseMeta('retrieval', stats);
  ctx.emitResponseMeta('retrieval', { ...extra });
  ctx.emitResponseMeta('retrieval', { ...(c ? extra : {}) });
  ctx.emitResponseMeta('retrieval', { [name]: 1 });
  ctx.emitResponseMeta('retrieval', { cache: stats.cache, degraded: [...stats.stages] });
  out._meta.retrieval = imported.build(stats);
}
`,
    },
    {
      name: 'keys the manifest lacks, and keys not known statically, are left to no-unregistered-meta-key',
      filename: SEARCH_OP,
      code: `
function search(ctx, out, key) {
  out._meta.custom_key = { anything: 1 };
  ctx.emitResponseMeta(key, { whatever: true });
  ctx.emitResponseMeta(\`retrieval_\${key}\`, { whatever: true });
}
`,
    },
    {
      name: 'a registered key without fields in the manifest: its fields are unchecked',
      filename: path.join(OPEN_PROJECT, 'src/session.ts'),
      settings: OPEN_SETTINGS,
      code: `
function attach(ctx, out) {
  ctx.emitResponseMeta('session', { anything: 1, at_all: 2 });
  out._meta.session = { whatever: true };
  out._meta.retrieval = { cache: { anything: 1 }, hint: 'x' };
}
`,
    },
    {
      name: 'inbound _meta, look-alike names, JSON bodies and objects that are not tool results are not _meta writes',
      filename: OTHER_FILE,
      code: `
function handle(params, res, out) {
  params._meta.retrieval = { foo: 1 };
  out._metadata = { retrieval: { foo: 1 } };
  out.meta.retrieval = { foo: 1 };
  out.edge_meta = { retrieval: { foo: 1 } };
  res.json({ content: [], _meta: { retrieval: { foo: 1 } } });
  const row = { id: 1, _meta: { retrieval: { foo: 1 } } };
}
`,
    },
    {
      name: 'ignored files (eval-report bodies) are never reported',
      filename: EVAL_COMMAND,
      code: `
function report(out) {
  out._meta = { retrieval: { metric_glossary: {} } };
  out._meta.retrieval = { foo: 1 };
}
`,
    },
    {
      name: 'the merge layer writes warnings items with registered fields',
      filename: DISPATCH,
      code: `
function dispatch(out, unknown) {
  out._meta.warnings = [{ code: 'unknown_param', param: 'q' }];
  out._meta.warnings = unknown.map((u) => ({ code: 'unknown_param', param: u.name, suggestion: u.nearest }));
}
`,
    },
    {
      name: 'deeper member writes (x._meta.k.f = v) are not field-checked: silence over noise',
      filename: SEARCH_OP,
      code: `
function search(out) {
  out._meta.retrieval.returned = 1;
  out._meta.retrieval.cache.hits = 2;
}
`,
    },
    {
      name: 'reads are never writes',
      filename: SEARCH_OP,
      code: `
function search(out) {
  const { returned } = out._meta.retrieval;
  return out._meta.retrieval.bogus_field;
}
`,
    },
  ],
  invalid: [
    {
      name: 'a same-file helper called three times on one line: one message at its field, not three',
      filename: SEARCH_OP,
      code: `
function stats(n) {
  return { retrieval: { returned_count: n, debug_rows: n } };
}
export const results = [{ content: [], _meta: stats(1) }, { content: [], _meta: stats(2) }, { content: [], _meta: stats(3) }];
`,
      output: null,
      errors: [{ ...unregistered('debug_rows', 'retrieval', 'retrieval', null), line: 3, column: 44, endLine: 3, endColumn: 54 }],
    },
    {
      name: 'a renamed field in an emit: returned -> returned_count (suggestion)',
      filename: SEARCH_OP,
      code: `
function search(ctx, rows) {
  ctx.emitResponseMeta('retrieval', { returned: rows.length, retrieved_count: 10 });
}
`,
      output: null,
      errors: [
        {
          ...unregistered('returned', 'retrieval', 'retrieval', 'returned_count'),
          line: 3,
          column: 39,
          endLine: 3,
          endColumn: 47,
          suggestions: [
            {
              messageId: 'useRegisteredField',
              data: { field: 'returned_count' },
              output: `
function search(ctx, rows) {
  ctx.emitResponseMeta('retrieval', { returned_count: rows.length, retrieved_count: 10 });
}
`,
            },
          ],
        },
      ],
    },
    {
      name: 'no rename suggestion onto a field the same literal already writes (it would duplicate the key), and no "did you mean"',
      filename: SEARCH_OP,
      code: `
function search(ctx) {
  ctx.emitResponseMeta('retrieval', { returned: 1, returned_count: 2 });
}
`,
      output: null,
      // tservaismeter/Chat.js writes `connect_domains` and `connectDomains` side by side on purpose: no "did you mean"
      errors: [
        {
          messageId: 'unregisteredField',
          data: {
            field: 'returned',
            path: 'retrieval',
            key: 'retrieval',
            registry: 'mcp-meta.registry.json',
            hint: " The registered field 'returned_count' is written beside it.",
          },
          line: 3,
          column: 39,
          suggestions: [],
        },
      ],
    },
    {
      name: 'a shorthand property keeps its variable: { hits } -> { hit: hits }, in a nested object',
      filename: SEARCH_OP,
      code: `
function search(out, hits) {
  out._meta.retrieval = { cache: { hits, tier: 'l1' } };
}
`,
      output: null,
      errors: [
        {
          ...unregistered('hits', 'retrieval.cache', 'retrieval', 'hit'),
          line: 3,
          column: 36,
          suggestions: [
            {
              messageId: 'useRegisteredField',
              output: `
function search(out, hits) {
  out._meta.retrieval = { cache: { hit: hits, tier: 'l1' } };
}
`,
            },
          ],
        },
      ],
    },
    {
      name: 'a field with no close registered name gets no suggestion',
      filename: SEARCH_OP,
      code: `
function search(out) {
  out._meta.retrieval = { cache: { hit: true, age: 3 }, latency: 12 };
}
`,
      output: null,
      errors: [
        { ...unregistered('age', 'retrieval.cache', 'retrieval', null), line: 3, column: 47, suggestions: [] },
        { ...unregistered('latency', 'retrieval', 'retrieval', null), line: 3, column: 57, suggestions: [] },
      ],
    },
    {
      name: 'a const bound to a literal, reported where the field is written',
      filename: SEARCH_OP,
      code: `
function search(ctx) {
  const meta = { returned_count: 1, vector: true };
  ctx.emitResponseMeta('retrieval', meta);
}
`,
      output: null,
      errors: [
        {
          ...unregistered('vector', 'retrieval', 'retrieval', 'vector_enabled'),
          line: 3,
          column: 37,
          suggestions: [
            {
              messageId: 'useRegisteredField',
              output: `
function search(ctx) {
  const meta = { returned_count: 1, vector_enabled: true };
  ctx.emitResponseMeta('retrieval', meta);
}
`,
            },
          ],
        },
      ],
    },
    {
      name: 'conditional and logical spreads: ...(c ? { f } : {}) and ...(c && { f })',
      filename: SEARCH_OP,
      code: `
function search(ctx, c, stages) {
  ctx.emitResponseMeta('retrieval', { returned_count: 1, ...(c ? { hints: 'x' } : {}), ...(c && { degraded_stages: stages }) });
}
`,
      output: null,
      errors: [
        {
          ...unregistered('hints', 'retrieval', 'retrieval', 'hint'),
          line: 3,
          column: 68,
          suggestions: [
            {
              messageId: 'useRegisteredField',
              output: `
function search(ctx, c, stages) {
  ctx.emitResponseMeta('retrieval', { returned_count: 1, ...(c ? { hint: 'x' } : {}), ...(c && { degraded_stages: stages }) });
}
`,
            },
          ],
        },
        {
          ...unregistered('degraded_stages', 'retrieval', 'retrieval', 'degraded'),
          line: 3,
          column: 99,
          suggestions: [
            {
              messageId: 'useRegisteredField',
              output: `
function search(ctx, c, stages) {
  ctx.emitResponseMeta('retrieval', { returned_count: 1, ...(c ? { hints: 'x' } : {}), ...(c && { degraded: stages }) });
}
`,
            },
          ],
        },
      ],
    },
    {
      name: 'a spread of a const literal, and both branches of a conditional value',
      filename: SEARCH_OP,
      code: `
const BASE = { retrived_count: 0 };
function search(out, c) {
  out._meta.retrieval = { ...BASE, cache: c ? { hit: true } : { hitt: false } };
}
`,
      output: null,
      errors: [
        {
          ...unregistered('retrived_count', 'retrieval', 'retrieval', 'retrieved_count'),
          line: 2,
          column: 16,
          suggestions: [
            {
              messageId: 'useRegisteredField',
              output: `
const BASE = { retrieved_count: 0 };
function search(out, c) {
  out._meta.retrieval = { ...BASE, cache: c ? { hit: true } : { hitt: false } };
}
`,
            },
          ],
        },
        {
          ...unregistered('hitt', 'retrieval.cache', 'retrieval', 'hit'),
          line: 4,
          column: 65,
          suggestions: [
            {
              messageId: 'useRegisteredField',
              output: `
const BASE = { retrived_count: 0 };
function search(out, c) {
  out._meta.retrieval = { ...BASE, cache: c ? { hit: true } : { hit: false } };
}
`,
            },
          ],
        },
      ],
    },
    {
      name: 'a spread of unknown fields leaves the shape open, but a field written out is still checked',
      filename: SEARCH_OP,
      code: `
function search(ctx, extra) {
  ctx.emitResponseMeta('retrieval', { ...extra, reranked: true });
}
`,
      output: null,
      errors: [{ ...unregistered('reranked', 'retrieval', 'retrieval', null), line: 3, column: 49, suggestions: [] }],
    },
    {
      name: 'a same-file builder function: its returned literal is the value',
      filename: SEARCH_OP,
      code: `
function buildRetrieval(rows) {
  if (!rows) return { returned_count: 0 };
  return { returned_count: rows.length, expanded: true };
}
function search(ctx, rows) {
  ctx.emitResponseMeta('retrieval', buildRetrieval(rows));
}
`,
      output: null,
      errors: [{ ...unregistered('expanded', 'retrieval', 'retrieval', null), line: 4, column: 41, suggestions: [] }],
    },
    {
      name: 'an arrow builder bound to a const, for a nested field',
      filename: SEARCH_OP,
      code: `
const buildCache = (hit) => ({ hit, tiers: ['l1'] });
function search(ctx) {
  ctx.emitResponseMeta('retrieval', { cache: buildCache(true) });
}
`,
      output: null,
      errors: [
        {
          ...unregistered('tiers', 'retrieval.cache', 'retrieval', 'tier'),
          line: 2,
          column: 37,
          suggestions: [
            {
              messageId: 'useRegisteredField',
              output: `
const buildCache = (hit) => ({ hit, tier: ['l1'] });
function search(ctx) {
  ctx.emitResponseMeta('retrieval', { cache: buildCache(true) });
}
`,
            },
          ],
        },
      ],
    },
    {
      name: 'array items: rows.map(r => ({ ... })) and array literals, reported under key.field[]',
      filename: HOT_MEMORY_HOOK,
      code: `
function attach(out, rows) {
  out._meta.brain_hot_memory = { facts: rows.map((r) => ({ id: r.id, txt: r.text })) };
  out._meta.brain_hot_memory = { facts: [{ id: 1, text: 'a', score: 2 }] };
  out._meta.brain_hot_memory = { facts: rows.filter(Boolean).map(function (r) { return { id: r.id, label: r.t }; }) };
}
`,
      output: null,
      errors: [
        {
          ...unregistered('txt', 'brain_hot_memory.facts[]', 'brain_hot_memory', 'text'),
          line: 3,
          column: 70,
          suggestions: [
            {
              messageId: 'useRegisteredField',
              output: `
function attach(out, rows) {
  out._meta.brain_hot_memory = { facts: rows.map((r) => ({ id: r.id, text: r.text })) };
  out._meta.brain_hot_memory = { facts: [{ id: 1, text: 'a', score: 2 }] };
  out._meta.brain_hot_memory = { facts: rows.filter(Boolean).map(function (r) { return { id: r.id, label: r.t }; }) };
}
`,
            },
          ],
        },
        { ...unregistered('score', 'brain_hot_memory.facts[]', 'brain_hot_memory', null), line: 4, column: 62, suggestions: [] },
        { ...unregistered('label', 'brain_hot_memory.facts[]', 'brain_hot_memory', null), line: 5, column: 100, suggestions: [] },
      ],
    },
    {
      name: 'hook-function returns: a literal returned directly, and one through a const that is returned',
      filename: HOT_MEMORY_HOOK,
      code: `
export function getBrainHotMemoryMeta(rows) {
  if (!rows) {
    const empty = { brain_hot_memory: { fact_count: 0, stale: true } };
    return empty;
  }
  return { brain_hot_memory: { facts: [], asof: Date.now() } };
}
`,
      output: null,
      errors: [
        { ...unregistered('stale', 'brain_hot_memory', 'brain_hot_memory', null), line: 4, column: 56, suggestions: [] },
        {
          ...unregistered('asof', 'brain_hot_memory', 'brain_hot_memory', 'as_of'),
          line: 7,
          column: 43,
          suggestions: [
            {
              messageId: 'useRegisteredField',
              output: `
export function getBrainHotMemoryMeta(rows) {
  if (!rows) {
    const empty = { brain_hot_memory: { fact_count: 0, stale: true } };
    return empty;
  }
  return { brain_hot_memory: { facts: [], as_of: Date.now() } };
}
`,
            },
          ],
        },
      ],
    },
    {
      name: 'a tool-result literal carrying _meta, and Object.assign(x._meta, { k: ... })',
      filename: SEARCH_OP,
      code: `
function search(out) {
  Object.assign(out._meta, { retrieval: { returnedCount: 1 } });
  return { content: [], _meta: { retrieval: { token_budgets: 3 } } };
}
`,
      output: null,
      errors: [
        {
          ...unregistered('returnedCount', 'retrieval', 'retrieval', 'returned_count'),
          line: 3,
          column: 43,
          suggestions: [
            {
              messageId: 'useRegisteredField',
              output: `
function search(out) {
  Object.assign(out._meta, { retrieval: { returned_count: 1 } });
  return { content: [], _meta: { retrieval: { token_budgets: 3 } } };
}
`,
            },
          ],
        },
        {
          ...unregistered('token_budgets', 'retrieval', 'retrieval', 'token_budget'),
          line: 4,
          column: 47,
          suggestions: [
            {
              messageId: 'useRegisteredField',
              output: `
function search(out) {
  Object.assign(out._meta, { retrieval: { returnedCount: 1 } });
  return { content: [], _meta: { retrieval: { token_budget: 3 } } };
}
`,
            },
          ],
        },
      ],
    },
    {
      name: 'member writes: x._meta["k"], an alias, a template key and a const key',
      filename: SEARCH_OP,
      code: `
const KEY = 'retrieval';
function search(ctx, out) {
  out._meta['retrieval'] = { hint: 'a', vectors: 1 };
  const m = out._meta;
  m.retrieval = { cached: true };
  ctx.emitResponseMeta(\`retrieval\`, { expansion: true });
  ctx.emitResponseMeta(KEY, { budget: 1 });
}
`,
      output: null,
      errors: [
        { ...unregistered('vectors', 'retrieval', 'retrieval', null), line: 4, column: 41, suggestions: [] },
        {
          ...unregistered('cached', 'retrieval', 'retrieval', 'cache'),
          line: 6,
          column: 19,
          suggestions: [
            {
              messageId: 'useRegisteredField',
              output: `
const KEY = 'retrieval';
function search(ctx, out) {
  out._meta['retrieval'] = { hint: 'a', vectors: 1 };
  const m = out._meta;
  m.retrieval = { cache: true };
  ctx.emitResponseMeta(\`retrieval\`, { expansion: true });
  ctx.emitResponseMeta(KEY, { budget: 1 });
}
`,
            },
          ],
        },
        {
          ...unregistered('expansion', 'retrieval', 'retrieval', 'expansion_applied'),
          line: 7,
          column: 39,
          suggestions: [
            {
              messageId: 'useRegisteredField',
              output: `
const KEY = 'retrieval';
function search(ctx, out) {
  out._meta['retrieval'] = { hint: 'a', vectors: 1 };
  const m = out._meta;
  m.retrieval = { cached: true };
  ctx.emitResponseMeta(\`retrieval\`, { expansion_applied: true });
  ctx.emitResponseMeta(KEY, { budget: 1 });
}
`,
            },
          ],
        },
        { ...unregistered('budget', 'retrieval', 'retrieval', null), line: 8, column: 31, suggestions: [] },
      ],
    },
    {
      name: 'quoted keys stay quoted in the suggestion; a computed const key gets no suggestion (the name is elsewhere)',
      filename: SEARCH_OP,
      code: `
const FIELD = 'token_budgett';
function search(ctx) {
  ctx.emitResponseMeta('retrieval', { 'vector-enabled': true, "returned": 1, [FIELD]: 2 });
}
`,
      output: null,
      errors: [
        {
          ...unregistered('vector-enabled', 'retrieval', 'retrieval', 'vector_enabled'),
          line: 4,
          column: 39,
          suggestions: [
            {
              messageId: 'useRegisteredField',
              output: `
const FIELD = 'token_budgett';
function search(ctx) {
  ctx.emitResponseMeta('retrieval', { 'vector_enabled': true, "returned": 1, [FIELD]: 2 });
}
`,
            },
          ],
        },
        {
          ...unregistered('returned', 'retrieval', 'retrieval', 'returned_count'),
          line: 4,
          column: 63,
          suggestions: [
            {
              messageId: 'useRegisteredField',
              output: `
const FIELD = 'token_budgett';
function search(ctx) {
  ctx.emitResponseMeta('retrieval', { 'vector-enabled': true, "returned_count": 1, [FIELD]: 2 });
}
`,
            },
          ],
        },
        { ...unregistered('token_budgett', 'retrieval', 'retrieval', 'token_budget'), line: 4, column: 79, suggestions: [] },
      ],
    },
    {
      name: 'an array-valued key (warnings): its fields are those of each item',
      filename: DISPATCH,
      code: `
function dispatch(out, unknown) {
  out._meta.warnings = [{ code: 'unknown_param', param: 'q', hint: 'x' }];
  out._meta.warnings = unknown.map((u) => ({ code: 'unknown_param', params: u.name }));
}
`,
      output: null,
      errors: [
        { ...unregistered('hint', 'warnings', 'warnings', null), line: 3, column: 62, suggestions: [] },
        {
          ...unregistered('params', 'warnings', 'warnings', 'param'),
          line: 4,
          column: 69,
          suggestions: [
            {
              messageId: 'useRegisteredField',
              output: `
function dispatch(out, unknown) {
  out._meta.warnings = [{ code: 'unknown_param', param: 'q', hint: 'x' }];
  out._meta.warnings = unknown.map((u) => ({ code: 'unknown_param', param: u.name }));
}
`,
            },
          ],
        },
      ],
    },
    {
      name: 'the rule checks fields wherever the key is written, whoever writes it (ownership is no-foreign-meta-key)',
      filename: OTHER_FILE,
      code: `
function listPages(ctx) {
  ctx.emitResponseMeta?.('retrieval', { returned: 0 });
}
`,
      output: null,
      errors: [
        {
          ...unregistered('returned', 'retrieval', 'retrieval', 'returned_count'),
          line: 3,
          column: 41,
          suggestions: [
            {
              messageId: 'useRegisteredField',
              output: `
function listPages(ctx) {
  ctx.emitResponseMeta?.('retrieval', { returned_count: 0 });
}
`,
            },
          ],
        },
      ],
    },
    {
      name: 'a registered key listed in a project whose other key has no fields is still checked',
      filename: path.join(OPEN_PROJECT, 'src/search.ts'),
      settings: OPEN_SETTINGS,
      code: `
function search(out) {
  out._meta.retrieval = { hints: 'x' };
}
`,
      output: null,
      errors: [
        {
          messageId: 'unregisteredField',
          line: 3,
          column: 27,
          suggestions: [
            {
              messageId: 'useRegisteredField',
              output: `
function search(out) {
  out._meta.retrieval = { hint: 'x' };
}
`,
            },
          ],
        },
      ],
    },
    {
      name: 'a literal of another type than the registered one, at the value (nested, items, enums, unions too)',
      filename: TYPED_SEARCH,
      settings: TYPED_SETTINGS,
      code: `
const COUNT = '3';
function search(ctx) {
  ctx.emitResponseMeta('retrieval', {
    returned_count: COUNT, score: true, hint: 42, vector_enabled: 'yes',
    tier: 'ssd', degraded: ['vector', 'cache'], next_cursor: 0, cache: { age_ms: '1s' },
  });
  ctx.emitResponseMeta('retrieval', { returned_count: 1.5, cache: [], degraded: 'vector' });
}
`,
      output: null,
      errors: [
        { ...wrongType('retrieval.returned_count', 'integer', 'the string "3"'), line: 5, column: 21, endLine: 5, endColumn: 26 },
        { ...wrongType('retrieval.score', 'number', 'the boolean true'), line: 5, column: 35 },
        { ...wrongType('retrieval.hint', 'string', 'the number 42'), line: 5, column: 47 },
        { ...wrongType('retrieval.vector_enabled', 'boolean', 'the string "yes"'), line: 5, column: 67 },
        { ...wrongType('retrieval.tier', "'memory' | 'disk'", 'the string "ssd"'), line: 6, column: 11 },
        { ...wrongType('retrieval.degraded', "('vector' | 'rerank')[]", 'an array'), line: 6, column: 28 },
        { ...wrongType('retrieval.next_cursor', 'string | null', 'the number 0'), line: 6, column: 62 },
        { ...wrongType('retrieval.cache.age_ms', 'number', 'the string "1s"'), line: 6, column: 82 },
        { ...wrongType('retrieval.returned_count', 'integer', 'the number 1.5'), line: 8, column: 55 },
        { ...wrongType('retrieval.cache', 'object', 'an array'), line: 8, column: 67 },
        { ...wrongType('retrieval.degraded', "('vector' | 'rerank')[]", 'the string "vector"'), line: 8, column: 81 },
      ],
    },
    {
      name: 'a typed item field of an array key written as a literal of another type',
      filename: path.join(TYPED_PROJECT, 'src/dispatch.ts'),
      settings: TYPED_SETTINGS,
      code: `
function dispatch(out, unknown) {
  out._meta.warnings = unknown.map((u) => ({ code: 'unknown-param', param: u.name }));
}
`,
      output: null,
      errors: [{ ...wrongType('warnings.code', "'unknown_param'", 'the string "unknown-param"'), line: 3, column: 52, endColumn: 67 }],
    },
  ],
});
