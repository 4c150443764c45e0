/**
 * require-producer-isolation (MCP _meta rule 3): every producer attaches inside its own try, whose catch lets the call
 * go on. Producers: emits whose value computes, hook calls, computed writes to `x._meta.k`. The manifest is
 * docs/examples/mcp-meta.registry.json: search.ts produces `retrieval`, dispatch.ts is the merge layer (and calls the
 * `metaHook` hook), eval-*.ts files are ignored.
 */
import fs from 'node:fs';
import path from 'node:path';
import { RuleTester } from '@typescript-eslint/rule-tester';
import { describe, expect, it } from 'vitest';
import rule from '../../rules/require-producer-isolation';
import { SAFE_CALLS } from '../../src/analysis/facts/safe-calls';
import { createRuleTester, DISPATCH, EVAL_COMMAND, file, HOT_MEMORY_HOOK, OTHER_FILE, SEARCH_OP } from './rule-tester';

const CATCH_DROPS_META = "whose catch deletes or replaces `_meta`, dropping other producers' keys";
const ruleTester = createRuleTester();

const DEGRADE = '// A failing producer degrades to its key being absent (MCP _meta rule 3).';
const EMIT = "The producer of 'retrieval' (ctx.emitResponseMeta)";
const HOOK = 'This hook call';

ruleTester.run('require-producer-isolation', rule, {
  valid: [
    {
      // 2nd1st/open-mcp-apps src/engine.mjs:252-276 (reported before: the alias hid the registration, so the plane was unknown)
      name: 'a descriptor key set on a config handed to a registration through a bound alias is no result producer',
      filename: SEARCH_OP,
      code: `
const sdkRegisterTool = server.registerTool.bind(server);
server.registerTool = (name, config, handler) => {
  let cfg = config;
  if (WIDGET_CALLABLE.has(name)) {
    const meta = { ...(config._meta || {}) };
    meta["openai/widgetAccessible"] = true;
    cfg = { ...config, _meta: meta };
  }
  return sdkRegisterTool(name, cfg, handler);
};`,
      options: [{ requireForAll: true }],
    },
    {
      name: 'one producer writing its key in steps inside one try (what the wrap of such a unit writes) shares the try with itself only',
      filename: SEARCH_OP,
      code: `
async function search(out, rows) {
  try {
    out._meta = { ...out._meta, retrieval: { returned_count: count(rows) } };
    out._meta.retrieval = await buildRetrieval(rows);
  } catch {
    // the key degrades to absent
  }
}
`,
    },
    {
      name: 'the steps of one producer need not be adjacent inside its try',
      filename: SEARCH_OP,
      code: `
async function search(out, rows) {
  try {
    out._meta.retrieval = await buildRetrieval(rows);
    log('built');
    out._meta.retrieval.cache = await readCache();
  } catch {}
}
`,
    },
    {
      name: 'an emit whose value computes, in its own try with a catch that logs',
      filename: SEARCH_OP,
      code: `
export async function search(ctx, rows) {
  try {
    ctx.emitResponseMeta('retrieval', await buildRetrieval(rows));
  } catch (error) {
    log.warn('retrieval meta dropped', error);
  }
  return { content: [] };
}
`,
    },
    {
      name: 'optional-chained emit and bare-function emit, each in its own try',
      filename: SEARCH_OP,
      code: `
async function search(ctx, rows) {
  try {
    ctx.emitResponseMeta?.('retrieval', build(rows));
  } catch {}
  try {
    emitResponseMeta('retrieval', new RetrievalMeta(rows));
  } catch {}
}
`,
    },
    {
      name: 'plain identifiers and literals cannot throw: no try needed by default',
      filename: SEARCH_OP,
      code: `
function search(ctx, out, stats, rows) {
  ctx.emitResponseMeta('retrieval', stats);
  ctx.emitResponseMeta('retrieval', { returned_count: rows.length, vector_enabled: true });
  out._meta.retrieval = stats;
  out._meta['retrieval'] = { returned_count: 0 };
  const m = out._meta;
  m.retrieval = { hint: 'try a broader query' };
}
`,
    },
    {
      name: 'a value that only defines a function does not compute',
      filename: SEARCH_OP,
      code: `
function search(ctx) {
  ctx.emitResponseMeta('retrieval', { hint: () => compute() });
}
`,
    },
    {
      name: 'the merge layer calls the hook inside its own try (Object.assign around the hook counts once)',
      filename: DISPATCH,
      code: `
export async function dispatch(opts, out, result) {
  try {
    Object.assign(out._meta, await opts.metaHook(result));
  } catch (error) {
    opts.logger.warn('metaHook failed', error);
  }
  return out;
}
`,
    },
    {
      name: 'a catch may delete its own key or merge into _meta: the call goes on',
      filename: SEARCH_OP,
      code: `
async function search(out) {
  try {
    out._meta.retrieval = await buildRetrieval();
  } catch {
    delete out._meta.retrieval;
    out._meta = { ...out._meta };
  }
}
`,
    },
    {
      name: 'a throw or return inside a function defined in the catch does not leave the catch',
      filename: SEARCH_OP,
      code: `
async function search(ctx) {
  try {
    ctx.emitResponseMeta('retrieval', await buildRetrieval());
  } catch (error) {
    queueMicrotask(() => {
      throw error;
    });
    const fallback = () => {
      return null;
    };
  }
}
`,
    },
    {
      name: 'each producer in its own try',
      filename: SEARCH_OP,
      code: `
async function search(ctx, out) {
  try {
    ctx.emitResponseMeta('retrieval', await buildRetrieval());
  } catch {}
  try {
    out._meta.retrieval = await cacheStats();
  } catch {}
}
`,
    },
    {
      name: 'the nearest try counts: an inner try inside an outer one that rethrows',
      filename: SEARCH_OP,
      code: `
async function search(ctx) {
  try {
    try {
      ctx.emitResponseMeta('retrieval', await buildRetrieval());
    } catch {}
    await work();
  } catch (error) {
    throw error;
  }
}
`,
    },
    {
      name: 'a producer nested in blocks of its try is still protected',
      filename: SEARCH_OP,
      code: `
async function search(ctx, ready) {
  try {
    if (ready) {
      ctx.emitResponseMeta('retrieval', await buildRetrieval());
    }
  } catch {}
}
`,
    },
    {
      name: 'a producer in its own function, guarded there, inside a callback',
      filename: SEARCH_OP,
      code: `
function search(ctx, rows) {
  rows.forEach(async (row) => {
    try {
      ctx.emitResponseMeta('retrieval', await build(row));
    } catch {}
  });
}
`,
    },
    {
      name: 'ignored files (eval commands) are never reported',
      filename: EVAL_COMMAND,
      code: `
async function run(ctx, opts) {
  ctx.emitResponseMeta('retrieval', await buildRetrieval());
  opts.metaHook(1);
}
`,
    },
    {
      name: 'reads of _meta, inbound _meta and look-alike names are not writes',
      filename: OTHER_FILE,
      code: `
async function handle(params, out, response) {
  const seen = out._meta.retrieval;
  log(await out._meta);
  params._meta.session_id = await newSession();
  response._metadata.retrieval = await build();
  response.meta.retrieval = await build();
  response.edge_meta = await build();
}
`,
    },
    {
      name: 'hook-function returns and result literals are not producers for this rule (the hook call is)',
      filename: HOT_MEMORY_HOOK,
      code: `
export async function getBrainHotMemoryMeta(call) {
  return { brain_hot_memory: await loadFacts(call) };
}
export async function handler() {
  return { content: [], _meta: { brain_hot_memory: await loadFacts() } };
}
`,
    },
    {
      name: 'a key delete is not a producer, even with requireForAll',
      filename: SEARCH_OP,
      options: [{ requireForAll: true }],
      code: `
function search(out) {
  delete out._meta.retrieval;
}
`,
    },
    {
      name: "requireForAll: the items a map builds of an array typed as resource contents are a resource's, not a tool result's (cyanheads/mcp-ts-template)",
      filename: SEARCH_OP,
      options: [{ requireForAll: true }],
      code: `
export function mirror(contents: ResourceContents, stats: object): ResourceContents {
  return contents.map((content) => ({ ...content, _meta: { ...content._meta, retrieval: build(stats) } }));
}
`,
    },
    {
      name: 'requireForAll: a plain identifier inside its own try',
      filename: SEARCH_OP,
      options: [{ requireForAll: true }],
      code: `
function search(ctx, stats) {
  try {
    ctx.emitResponseMeta('retrieval', stats);
  } catch {}
}
`,
    },
    {
      name: 'autofix: false changes nothing for guarded producers',
      filename: SEARCH_OP,
      options: [{ autofix: false }],
      code: `
async function search(ctx) {
  try {
    ctx.emitResponseMeta('retrieval', await buildRetrieval());
  } catch {}
}
`,
    },
    {
      name: 'a file that names nothing of the manifest',
      filename: OTHER_FILE,
      code: `
export async function listPages(db) {
  return { content: [{ type: 'text', text: JSON.stringify(await db.pages()) }] };
}
`,
    },
  ],
  invalid: [
    // ----- unguarded producers, autofixed by wrapping the expression statement -----
    {
      name: 'an emit whose value is a call: wrapped in its own try (autofix)',
      filename: SEARCH_OP,
      code: `
export function search(ctx, rows) {
  ctx.emitResponseMeta('retrieval', buildRetrieval(rows));
  return { content: [] };
}
`,
      output: `
export function search(ctx, rows) {
  try {
    ctx.emitResponseMeta('retrieval', buildRetrieval(rows));
  } catch {
    ${DEGRADE}
  }
  return { content: [] };
}
`,
      errors: [
        { messageId: 'unguardedProducer', data: { producer: EMIT }, line: 3, column: 3, endLine: 3, endColumn: 58, suggestions: [] },
      ],
    },
    {
      name: "code that writes `}` and `else` on two lines (brace-style stroustrup): the fix's catch is on its own line too",
      filename: SEARCH_OP,
      code: `
export function search(ctx, rows) {
    if (rows.length === 0) {
        return { content: [] }
    }
    else {
        ctx.emitResponseMeta('retrieval', buildRetrieval(rows))
    }
    return { content: [] }
}
`,
      output: `
export function search(ctx, rows) {
    if (rows.length === 0) {
        return { content: [] }
    }
    else {
        try {
            ctx.emitResponseMeta('retrieval', buildRetrieval(rows))
        }
        catch {
            ${DEGRADE}
        }
    }
    return { content: [] }
}
`,
      errors: [{ messageId: 'unguardedProducer', data: { producer: EMIT }, line: 7, column: 9, suggestions: [] }],
    },
    {
      name: 'an emit whose value awaits, optional-chained',
      filename: SEARCH_OP,
      code: `
async function search(ctx) {
  ctx.emitResponseMeta?.('retrieval', await buildRetrieval());
}
`,
      output: `
async function search(ctx) {
  try {
    ctx.emitResponseMeta?.('retrieval', await buildRetrieval());
  } catch {
    ${DEGRADE}
  }
}
`,
      errors: [{ messageId: 'unguardedProducer', data: { producer: EMIT }, line: 3, column: 3, suggestions: [] }],
    },
    {
      name: 'a bare-function emit with a `new` value, key through a const',
      filename: SEARCH_OP,
      code: `
const KEY = 'retrieval';
function search(rows) {
  emitResponseMeta(KEY, new RetrievalMeta(rows));
}
`,
      output: `
const KEY = 'retrieval';
function search(rows) {
  try {
    emitResponseMeta(KEY, new RetrievalMeta(rows));
  } catch {
    ${DEGRADE}
  }
}
`,
      errors: [
        {
          messageId: 'unguardedProducer',
          data: { producer: "The producer of 'retrieval' (emitResponseMeta)" },
          line: 4,
          column: 3,
          suggestions: [],
        },
      ],
    },
    {
      name: 'an emit whose key is not statically known',
      filename: SEARCH_OP,
      code: `
function search(ctx, key) {
  ctx.emitResponseMeta(key, build());
}
`,
      output: `
function search(ctx, key) {
  try {
    ctx.emitResponseMeta(key, build());
  } catch {
    ${DEGRADE}
  }
}
`,
      errors: [
        { messageId: 'unguardedProducer', data: { producer: 'This producer (ctx.emitResponseMeta)' }, line: 3, column: 3, suggestions: [] },
      ],
    },
    {
      // Issue 25: adjacent writes of one key by one producer are one unit, one report and one try.
      name: 'x._meta.k = call(), x._meta["k"] = a literal with a call inside, x!._meta.k = new: one key written in steps is one unit',
      filename: SEARCH_OP,
      code: `
function search(out, rows) {
  out._meta.retrieval = buildRetrieval(rows);
  out._meta['retrieval'] = { returned_count: count(rows) };
  out!._meta.retrieval = new RetrievalMeta(rows);
}
`,
      output: `
function search(out, rows) {
  try {
    out._meta.retrieval = buildRetrieval(rows);
    out._meta['retrieval'] = { returned_count: count(rows) };
    out!._meta.retrieval = new RetrievalMeta(rows);
  } catch {
    ${DEGRADE}
  }
}
`,
      errors: [{ messageId: 'unguardedProducer', data: { producer: "The producer of 'retrieval'" }, line: 3, column: 3, suggestions: [] }],
    },
    {
      name: 'a write through an alias, and a computed write below the key (x._meta.k.f = await v())',
      filename: SEARCH_OP,
      code: `
async function search(out) {
  const m = out._meta;
  m.retrieval = await buildRetrieval();
  await flush();
  out._meta.retrieval.cache = await readCache();
}
`,
      output: `
async function search(out) {
  const m = out._meta;
  try {
    m.retrieval = await buildRetrieval();
  } catch {
    ${DEGRADE}
  }
  await flush();
  try {
    out._meta.retrieval.cache = await readCache();
  } catch {
    ${DEGRADE}
  }
}
`,
      errors: [
        { messageId: 'unguardedProducer', line: 4, column: 3, suggestions: [] },
        { messageId: 'unguardedProducer', line: 6, column: 3, suggestions: [] },
      ],
    },
    {
      name: 'Object.assign(x._meta, { k: await v() })',
      filename: SEARCH_OP,
      code: `
async function search(out) {
  Object.assign(out._meta, { retrieval: await buildRetrieval() });
}
`,
      output: `
async function search(out) {
  try {
    Object.assign(out._meta, { retrieval: await buildRetrieval() });
  } catch {
    ${DEGRADE}
  }
}
`,
      errors: [{ messageId: 'unguardedProducer', line: 3, column: 3, suggestions: [] }],
    },
    {
      name: 'a hook call is always a producer (merged into _meta by Object.assign: reported once)',
      filename: DISPATCH,
      code: `
async function dispatch(opts, out, result) {
  Object.assign(out._meta, await opts.metaHook(result));
}
`,
      output: `
async function dispatch(opts, out, result) {
  try {
    Object.assign(out._meta, await opts.metaHook(result));
  } catch {
    ${DEGRADE}
  }
}
`,
      errors: [{ messageId: 'unguardedProducer', line: 3, column: 3, suggestions: [] }],
    },
    {
      name: 'a producer nested in another but inside its own function is its own producer (nearest try in the same function)',
      filename: DISPATCH,
      code: `
async function dispatch(opts, out, rows) {
  try {
    Object.assign(out._meta, await Promise.all(rows.map(async (row) => opts.metaHook(row))));
  } catch {
    opts.logger.warn('hook failed');
  }
}
`,
      output: null,
      errors: [{ messageId: 'unguardedProducer', line: 4, column: 72, suggestions: [] }],
    },
    {
      name: 'a bare hook call as a statement',
      filename: DISPATCH,
      code: `
function dispatch(opts, result) {
  opts.metaHook(result);
}
`,
      output: `
function dispatch(opts, result) {
  try {
    opts.metaHook(result);
  } catch {
    ${DEGRADE}
  }
}
`,
      errors: [{ messageId: 'unguardedProducer', data: { producer: HOOK }, line: 3, column: 3, suggestions: [] }],
    },
    // ----- layout of the autofix -----
    {
      name: 'the fix indents with tabs under tab-indented code and re-indents a multi-line statement',
      filename: SEARCH_OP,
      code: [
        'function search(ctx, rows) {',
        '\tif (rows.length > 0) {',
        '\t\tctx.emitResponseMeta(',
        "\t\t\t'retrieval',",
        '\t\t\tbuildRetrieval(rows),',
        '\t\t);',
        '\t}',
        '}',
      ].join('\n'),
      output: [
        'function search(ctx, rows) {',
        '\tif (rows.length > 0) {',
        '\t\ttry {',
        '\t\t\tctx.emitResponseMeta(',
        "\t\t\t\t'retrieval',",
        '\t\t\t\tbuildRetrieval(rows),',
        '\t\t\t);',
        '\t\t} catch {',
        `\t\t\t${DEGRADE}`,
        '\t\t}',
        '\t}',
        '}',
      ].join('\n'),
      errors: [{ messageId: 'unguardedProducer', line: 3, column: 3, endLine: 6, endColumn: 4, suggestions: [] }],
    },
    {
      name: 'the fix follows a 4-space indentation step, in a class method',
      filename: SEARCH_OP,
      code: [
        'export class SearchOp {',
        '    async run(ctx, rows) {',
        "        ctx.emitResponseMeta('retrieval', await this.build(rows));",
        '    }',
        '}',
      ].join('\n'),
      output: [
        'export class SearchOp {',
        '    async run(ctx, rows) {',
        '        try {',
        "            ctx.emitResponseMeta('retrieval', await this.build(rows));",
        '        } catch {',
        `            ${DEGRADE}`,
        '        }',
        '    }',
        '}',
      ].join('\n'),
      errors: [{ messageId: 'unguardedProducer', line: 3, column: 9, suggestions: [] }],
    },
    {
      name: 'the fix never re-indents the inside of a multi-line template literal (its value)',
      filename: SEARCH_OP,
      code: [
        'function search(ctx) {',
        '  ctx.emitResponseMeta(',
        "    'retrieval',",
        '    build(`first line',
        'second line ${',
        '      value',
        '    }`),',
        '  );',
        '}',
      ].join('\n'),
      output: [
        'function search(ctx) {',
        '  try {',
        '    ctx.emitResponseMeta(',
        "      'retrieval',",
        '      build(`first line',
        'second line ${',
        '        value',
        '      }`),',
        '    );',
        '  } catch {',
        `    ${DEGRADE}`,
        '  }',
        '}',
      ].join('\n'),
      errors: [{ messageId: 'unguardedProducer', line: 2, column: 3, suggestions: [] }],
    },
    {
      name: 'a statement at the top level of a module (no indentation)',
      filename: SEARCH_OP,
      code: `ctx.emitResponseMeta('retrieval', await buildRetrieval());\n`,
      output: `try {\n  ctx.emitResponseMeta('retrieval', await buildRetrieval());\n} catch {\n  ${DEGRADE}\n}\n`,
      errors: [{ messageId: 'unguardedProducer', line: 1, column: 1, suggestions: [] }],
    },
    {
      name: 'a top-level declaration gets the hoist suggestion too',
      filename: DISPATCH,
      code: `const fragment = await metaHook(request);\nexport default fragment;\n`,
      output: null,
      errors: [
        {
          messageId: 'unguardedProducer',
          data: { producer: HOOK },
          line: 1,
          column: 24,
          suggestions: [
            {
              messageId: 'hoistAndWrap',
              data: { name: 'fragment' },
              output: `let fragment;\ntry {\n  fragment = await metaHook(request);\n} catch {\n  ${DEGRADE}\n}\nexport default fragment;\n`,
            },
          ],
        },
      ],
    },
    {
      name: 'a statement in a switch case is wrapped in place',
      filename: SEARCH_OP,
      code: `
function search(ctx, mode) {
  switch (mode) {
    case 'fast':
      ctx.emitResponseMeta('retrieval', build());
      break;
  }
}
`,
      output: `
function search(ctx, mode) {
  switch (mode) {
    case 'fast':
      try {
        ctx.emitResponseMeta('retrieval', build());
      } catch {
        ${DEGRADE}
      }
      break;
  }
}
`,
      errors: [{ messageId: 'unguardedProducer', line: 5, column: 7, suggestions: [] }],
    },
    {
      name: 'a try in an outer function does not protect a producer in a callback: the fix wraps it inside the callback',
      filename: SEARCH_OP,
      code: `
function search(ctx, rows) {
  try {
    rows.forEach((row) => {
      ctx.emitResponseMeta('retrieval', build(row));
    });
  } catch {}
}
`,
      output: `
function search(ctx, rows) {
  try {
    rows.forEach((row) => {
      try {
        ctx.emitResponseMeta('retrieval', build(row));
      } catch {
        ${DEGRADE}
      }
    });
  } catch {}
}
`,
      errors: [{ messageId: 'unguardedProducer', line: 5, column: 7, suggestions: [] }],
    },
    {
      name: 'a write in a catch or finally is not protected by that try',
      filename: SEARCH_OP,
      code: `
async function search(ctx) {
  try {
    await work();
  } catch {
    ctx.emitResponseMeta('retrieval', await fallback());
  } finally {
    ctx.emitResponseMeta('retrieval', await summary());
  }
}
`,
      output: `
async function search(ctx) {
  try {
    await work();
  } catch {
    try {
      ctx.emitResponseMeta('retrieval', await fallback());
    } catch {
      ${DEGRADE}
    }
  } finally {
    try {
      ctx.emitResponseMeta('retrieval', await summary());
    } catch {
      ${DEGRADE}
    }
  }
}
`,
      errors: [
        { messageId: 'unguardedProducer', line: 6, column: 5, suggestions: [] },
        { messageId: 'unguardedProducer', line: 8, column: 5, suggestions: [] },
      ],
    },
    // ----- no fix: the statement shares its line, or is not an expression statement -----
    {
      name: 'no fix when other code precedes or follows the statement on its line',
      filename: SEARCH_OP,
      code: `
function search(ctx) {
  let n = 0; ctx.emitResponseMeta('retrieval', build());
  ctx.emitResponseMeta('retrieval', build()); done();
}
`,
      output: null,
      errors: [
        { messageId: 'unguardedProducer', line: 3, column: 14, suggestions: [] },
        { messageId: 'unguardedProducer', line: 4, column: 3, suggestions: [] },
      ],
    },
    {
      name: 'a trailing comment on the statement line moves into the try with it',
      filename: SEARCH_OP,
      code: `
function search(ctx) {
  ctx.emitResponseMeta('retrieval', build()); // diagnostics
  ctx.emitResponseMeta('retrieval', build()); /* block */ // line
}
`,
      output: `
function search(ctx) {
  try {
    ctx.emitResponseMeta('retrieval', build()); // diagnostics
  } catch {
    ${DEGRADE}
  }
  try {
    ctx.emitResponseMeta('retrieval', build()); /* block */ // line
  } catch {
    ${DEGRADE}
  }
}
`,
      errors: [
        { messageId: 'unguardedProducer', line: 3, column: 3, suggestions: [] },
        { messageId: 'unguardedProducer', line: 4, column: 3, suggestions: [] },
      ],
    },
    {
      name: 'no fix for a producer that is the body of an if, a loop, an arrow expression or a return',
      filename: DISPATCH,
      code: `
function dispatch(ctx, opts, rows, ready) {
  if (ready) ctx.emitResponseMeta('warnings', build());
  for (const row of rows) ctx.emitResponseMeta('warnings', build(row));
  const later = () => ctx.emitResponseMeta('warnings', build());
  return opts.metaHook(rows);
}
`,
      output: null,
      errors: [
        { messageId: 'unguardedProducer', line: 3, column: 14, suggestions: [] },
        { messageId: 'unguardedProducer', line: 4, column: 27, suggestions: [] },
        { messageId: 'unguardedProducer', line: 5, column: 23, suggestions: [] },
        { messageId: 'unguardedProducer', data: { producer: HOOK }, line: 6, column: 10, suggestions: [] },
      ],
    },
    // ----- declarations: the hoist suggestion only -----
    {
      name: 'const x = await hook(...): no autofix, a suggestion that hoists the name with let',
      filename: DISPATCH,
      code: `
async function dispatch(opts, out, result) {
  const fragment = await opts.metaHook(result);
  Object.assign(out._meta, fragment);
}
`,
      output: null,
      errors: [
        {
          messageId: 'unguardedProducer',
          data: { producer: HOOK },
          line: 3,
          column: 26,
          suggestions: [
            {
              messageId: 'hoistAndWrap',
              data: { name: 'fragment' },
              output: `
async function dispatch(opts, out, result) {
  let fragment;
  try {
    fragment = await opts.metaHook(result);
  } catch {
    ${DEGRADE}
  }
  Object.assign(out._meta, fragment);
}
`,
            },
          ],
        },
      ],
    },
    {
      name: 'code without semicolons: the hoist suggestion declares and assigns without them',
      filename: DISPATCH,
      code: `
async function dispatch(opts, out, result) {
    const fragment = await opts.metaHook(result)
    Object.assign(out._meta, fragment)
}
`,
      output: null,
      errors: [
        {
          messageId: 'unguardedProducer',
          data: { producer: HOOK },
          line: 3,
          column: 28,
          suggestions: [
            {
              messageId: 'hoistAndWrap',
              data: { name: 'fragment' },
              output: `
async function dispatch(opts, out, result) {
    let fragment
    try {
        fragment = await opts.metaHook(result)
    } catch {
        ${DEGRADE}
    }
    Object.assign(out._meta, fragment)
}
`,
            },
          ],
        },
      ],
    },
    {
      name: 'a typed declaration keeps its type, widened with undefined',
      filename: DISPATCH,
      code: `
async function dispatch(opts, result) {
  const fragment: MetaFragment = await opts.metaHook(result);
  return fragment;
}
`,
      output: null,
      errors: [
        {
          messageId: 'unguardedProducer',
          line: 3,
          column: 40,
          suggestions: [
            {
              messageId: 'hoistAndWrap',
              output: `
async function dispatch(opts, result) {
  let fragment: MetaFragment | undefined;
  try {
    fragment = await opts.metaHook(result);
  } catch {
    ${DEGRADE}
  }
  return fragment;
}
`,
            },
          ],
        },
      ],
    },
    {
      name: 'a function type is parenthesized before | undefined',
      filename: DISPATCH,
      code: `
async function dispatch(opts, result) {
  const render: () => string = await opts.metaHook(result);
}
`,
      output: null,
      errors: [
        {
          messageId: 'unguardedProducer',
          line: 3,
          column: 38,
          suggestions: [
            {
              messageId: 'hoistAndWrap',
              output: `
async function dispatch(opts, result) {
  let render: (() => string) | undefined;
  try {
    render = await opts.metaHook(result);
  } catch {
    ${DEGRADE}
  }
}
`,
            },
          ],
        },
      ],
    },
    {
      name: 'an emit in a let declaration with a multi-line initializer',
      filename: SEARCH_OP,
      code: `
function search(ctx) {
  let accepted = ctx.emitResponseMeta(
    'retrieval',
    build(),
  );
  return accepted;
}
`,
      output: null,
      errors: [
        {
          messageId: 'unguardedProducer',
          line: 3,
          column: 18,
          suggestions: [
            {
              messageId: 'hoistAndWrap',
              output: `
function search(ctx) {
  let accepted;
  try {
    accepted = ctx.emitResponseMeta(
      'retrieval',
      build(),
    );
  } catch {
    ${DEGRADE}
  }
  return accepted;
}
`,
            },
          ],
        },
      ],
    },
    {
      name: 'no suggestion for var, several declarators or a destructuring pattern',
      filename: DISPATCH,
      code: `
async function dispatch(opts, result) {
  var a = await opts.metaHook(result);
  const b = 1, c = await opts.metaHook(result);
  const { brain_hot_memory } = await opts.metaHook(result);
}
`,
      output: null,
      errors: [
        { messageId: 'unguardedProducer', line: 3, column: 17, suggestions: [] },
        { messageId: 'unguardedProducer', line: 4, column: 26, suggestions: [] },
        { messageId: 'unguardedProducer', line: 5, column: 38, suggestions: [] },
      ],
    },
    // ----- catches that do not let the call go on -----
    {
      name: 'a catch that throws',
      filename: SEARCH_OP,
      code: `
async function search(ctx) {
  try {
    ctx.emitResponseMeta('retrieval', await buildRetrieval());
  } catch (error) {
    if (strict) throw error;
  }
}
`,
      output: null,
      errors: [
        {
          messageId: 'catchDoesNotContinue',
          data: { producer: EMIT, problem: 'whose catch throws, so the tool call errors' },
          line: 4,
          column: 5,
          suggestions: [],
        },
      ],
    },
    {
      name: 'a catch that returns',
      filename: SEARCH_OP,
      code: `
async function search(ctx, out) {
  try {
    ctx.emitResponseMeta('retrieval', await buildRetrieval());
  } catch {
    return out;
  }
  out._meta.warnings = [];
  return out;
}
`,
      output: null,
      errors: [
        {
          messageId: 'catchDoesNotContinue',
          data: { producer: EMIT, problem: 'whose catch returns, so the keys after it are dropped' },
          line: 4,
          column: 5,
          suggestions: [],
        },
      ],
    },
    {
      name: 'a catch that deletes _meta, or replaces it (assignment or Object.assign)',
      filename: SEARCH_OP,
      code: `
async function search(ctx, out) {
  try {
    ctx.emitResponseMeta('retrieval', await buildRetrieval());
  } catch {
    delete out._meta;
  }
  try {
    out._meta.retrieval = await buildRetrieval();
  } catch {
    out._meta = {};
  }
  try {
    out._meta.retrieval = await buildRetrieval();
  } catch {
    Object.assign(out, { _meta: { retrieval: null } });
  }
}
`,
      output: null,
      errors: [
        {
          messageId: 'catchDoesNotContinue',
          data: { producer: EMIT, problem: "whose catch deletes or replaces `_meta`, dropping other producers' keys" },
          line: 4,
          column: 5,
          suggestions: [],
        },
        { messageId: 'catchDoesNotContinue', line: 9, column: 5, suggestions: [] },
        { messageId: 'catchDoesNotContinue', line: 14, column: 5, suggestions: [] },
      ],
    },
    {
      name: 'try/finally without a catch',
      filename: DISPATCH,
      code: `
async function dispatch(opts, out, result) {
  try {
    Object.assign(out._meta, await opts.metaHook(result));
  } finally {
    release();
  }
}
`,
      output: null,
      errors: [
        {
          messageId: 'catchDoesNotContinue',
          // Object.assign(out._meta, <hook call>) is one producer, reported at the Object.assign.
          data: { producer: 'This producer', problem: 'that has no catch, so the error escapes' },
          line: 4,
          column: 5,
          suggestions: [],
        },
      ],
    },
    {
      name: 'the catch message reads as a sentence',
      filename: DISPATCH,
      code: `
function dispatch(opts, result) {
  try {
    opts.metaHook(result);
  } finally {}
}
`,
      output: null,
      errors: [
        {
          // RuleTester renders the message from these data and compares it to the reported text:
          // 'This hook call is inside a try that has no catch, so the error escapes. The catch must let the call go on…'
          messageId: 'catchDoesNotContinue',
          data: { producer: HOOK, problem: 'that has no catch, so the error escapes' },
          line: 4,
          column: 5,
          suggestions: [],
        },
      ],
    },
    // ----- one try, one producer -----
    {
      name: 'two adjacent writes of one key: one try around both, which the rule then accepts (the fix is final)',
      filename: SEARCH_OP,
      code: `
async function search(out, rows) {
  out._meta = { ...out._meta, retrieval: { n: count(rows) } };
  out._meta.retrieval = await build(rows);
}
`,
      output: `
async function search(out, rows) {
  try {
    out._meta = { ...out._meta, retrieval: { n: count(rows) } };
    out._meta.retrieval = await build(rows);
  } catch {
    ${DEGRADE}
  }
}
`,
      errors: [{ messageId: 'unguardedProducer', data: { producer: "The producer of 'retrieval'" }, line: 3, column: 3, suggestions: [] }],
    },
    {
      name: 'a step of the second producer in a shared try is not reported again (one report per producer)',
      filename: SEARCH_OP,
      code: `
async function search(ctx, out) {
  try {
    ctx.emitResponseMeta('retrieval', await buildRetrieval());
    out._meta.warnings = await collectWarnings();
    out._meta.warnings.extra = await more();
  } catch {}
}
`,
      output: null,
      errors: [
        {
          messageId: 'sharedTry',
          data: { producer: "The producer of 'warnings'", line: '4' },
          line: 5,
          column: 5,
          suggestions: [],
        },
      ],
    },
    {
      name: 'two producers in one try: the later one is reported',
      filename: SEARCH_OP,
      code: `
async function search(ctx, out) {
  try {
    ctx.emitResponseMeta('retrieval', await buildRetrieval());
    out._meta.retrieval = await cacheStats();
  } catch {}
}
`,
      output: null,
      errors: [
        {
          messageId: 'sharedTry',
          data: { producer: "The producer of 'retrieval'", line: '4' },
          line: 5,
          column: 5,
          suggestions: [],
        },
      ],
    },
    {
      name: 'three producers in one try: the second and third are reported against the first',
      filename: DISPATCH,
      code: `
async function dispatch(ctx, opts, out, result) {
  try {
    Object.assign(out._meta, await opts.metaHook(result));
    ctx.emitResponseMeta('warnings', await collectWarnings());
    out._meta.warnings = await collectWarnings();
  } catch {}
}
`,
      output: null,
      errors: [
        {
          messageId: 'sharedTry',
          data: { producer: "The producer of 'warnings' (ctx.emitResponseMeta)", line: '4' },
          line: 5,
          column: 5,
          suggestions: [],
        },
        { messageId: 'sharedTry', data: { producer: "The producer of 'warnings'", line: '4' }, line: 6, column: 5, suggestions: [] },
      ],
    },
    // ----- options -----
    {
      name: 'autofix: false turns the wrap into a suggestion',
      filename: SEARCH_OP,
      options: [{ autofix: false }],
      code: `
function search(ctx) {
  ctx.emitResponseMeta('retrieval', build());
}
`,
      output: null,
      errors: [
        {
          messageId: 'unguardedProducer',
          line: 3,
          column: 3,
          suggestions: [
            {
              messageId: 'wrapInTry',
              output: `
function search(ctx) {
  try {
    ctx.emitResponseMeta('retrieval', build());
  } catch {
    ${DEGRADE}
  }
}
`,
            },
          ],
        },
      ],
    },
    {
      name: 'autofix: false where no fix applies: neither fix nor suggestion',
      filename: SEARCH_OP,
      options: [{ autofix: false }],
      code: `
function search(ctx) {
  ctx.emitResponseMeta('retrieval', build()); done();
}
`,
      output: null,
      errors: [{ messageId: 'unguardedProducer', line: 3, column: 3, suggestions: [] }],
    },
    {
      name: 'requireForAll: plain identifiers and literals need a try too',
      filename: SEARCH_OP,
      options: [{ requireForAll: true }],
      code: `
function search(ctx, out, stats) {
  ctx.emitResponseMeta('retrieval', stats);
  out._meta.retrieval = { returned_count: 0 };
}
`,
      output: `
function search(ctx, out, stats) {
  try {
    ctx.emitResponseMeta('retrieval', stats);
  } catch {
    ${DEGRADE}
  }
  try {
    out._meta.retrieval = { returned_count: 0 };
  } catch {
    ${DEGRADE}
  }
}
`,
      errors: [
        { messageId: 'unguardedProducer', data: { producer: EMIT }, line: 3, column: 3, suggestions: [] },
        { messageId: 'unguardedProducer', line: 4, column: 3, suggestions: [] },
      ],
    },
    {
      name: 'requireForAll: the items a map builds of an array of tool results are tool results',
      filename: SEARCH_OP,
      options: [{ requireForAll: true }],
      code: `
export function stamp(results: CallToolResult[], stats: object) {
  return results.map((r) => ({ ...r, _meta: { ...r._meta, retrieval: build(stats) } }));
}
`,
      output: null,
      errors: [{ messageId: 'unguardedProducer', line: 3, column: 38, suggestions: [] }],
    },
    {
      name: 'requireForAll with autofix: false',
      filename: SEARCH_OP,
      options: [{ requireForAll: true, autofix: false }],
      code: `
function search(ctx, stats) {
  ctx.emitResponseMeta('retrieval', stats);
}
`,
      output: null,
      errors: [
        {
          messageId: 'unguardedProducer',
          line: 3,
          column: 3,
          suggestions: [
            {
              messageId: 'wrapInTry',
              output: `
function search(ctx, stats) {
  try {
    ctx.emitResponseMeta('retrieval', stats);
  } catch {
    ${DEGRADE}
  }
}
`,
            },
          ],
        },
      ],
    },
  ],
});

// Issue 26 §2: a producer's value computed by an earlier declaration, and a catch that returns what the end returns.
ruleTester.run('require-producer-isolation: earlier computations and catches that return', rule, {
  valid: [
    {
      name: "a catch that returns the result the function's end returns drops no key (nothing follows the try)",
      filename: SEARCH_OP,
      code: `
export async function search(result, rows) {
  try {
    result._meta = { ...result._meta, retrieval: await build(rows) };
  } catch {
    return result;
  }
  return result;
}
`,
    },
    {
      name: 'a catch that returns at the end of the handler, inside an if',
      filename: SEARCH_OP,
      code: `
export async function search(result, rows) {
  if (rows.length > 0) {
    try {
      result._meta = { ...result._meta, retrieval: await build(rows) };
    } catch (error) {
      log.warn(error);
      return result;
    }
  }
  return result;
}
async function attach(result, rows) {
  try {
    result._meta = { ...result._meta, retrieval: await build(rows) };
  } catch {
    return result;
  }
}
`,
    },
    {
      name: "a value other code reads too is the tool's own work, not the producer's: its failure may error the call",
      filename: SEARCH_OP,
      code: `
export async function search(result, limiter, id, db, q) {
  const limit = limiter.check(id);
  result._meta = { ...result._meta, retrieval: { remaining: limit.remaining } };
  if (!limit.ok) throw new Error('rate limited');
  const rows = await db.query(q);
  result.content = rows.map(toText);
  result._meta = { ...result._meta, retrieval: { count: rows.length } };
  return result;
}
`,
    },
    {
      name: 'a computation inside the producer try, and a declaration that computes nothing',
      filename: SEARCH_OP,
      code: `
export async function search(result, limiter, id, rows) {
  try {
    const limit = limiter.check(id);
    result._meta = { ...result._meta, retrieval: { remaining: limit.remaining } };
  } catch {}
  const count = rows.length;
  result._meta = { ...result._meta, retrieval: { count } };
  return result;
}
`,
    },
    {
      name: 'creation on a result the function just built needs no try, even from an earlier computation',
      filename: SEARCH_OP,
      code: `
export async function search(rows) {
  const out = { content: [] };
  const stats = await measure(rows);
  out._meta = { retrieval: stats };
  return out;
}
`,
    },
    {
      name: 'create-when-missing in either branch is a merge, inside the producer try',
      filename: SEARCH_OP,
      code: `
export async function search(x, rows) {
  try {
    const m = { retrieval: await build(rows) };
    if (x._meta) Object.assign(x._meta, m);
    else x._meta = m;
  } catch {}
  return x;
}
`,
    },
    {
      name: "a computation with other code before the write ran there on purpose (a start time before the handler): not the producer's to move",
      filename: SEARCH_OP,
      code: `
export function withTiming(handler) {
  return async (args) => {
    const startedAt = Date.now();
    const result = await handler(args);
    result._meta = { ...result._meta, retrieval: { started_at: startedAt } };
    return result;
  };
}
export async function search(out, rows) {
  const stats = await measure(rows);
  audit(rows);
  try {
    out._meta.retrieval = { count: stats.count };
  } catch {}
  return out;
}
`,
    },
  ],
  invalid: [
    {
      // Each verdict is its own report: a fix that mends one (the catch) leaves only what was already reported.
      name: 'every verdict at once: a shared try whose catch replaces _meta is reported as both',
      filename: SEARCH_OP,
      code: `export async function search(ctx, store, q, out, stats) {
  try {
    ctx.emitResponseMeta('retrieval', await store.describe(q));
    ctx.emitResponseMeta('retrieval', await store.describe(q + ' (expanded)'));
  } catch {
    out._meta = { retrieval: stats };
  }
}`,
      errors: [
        {
          messageId: 'catchDoesNotContinue',
          data: { producer: "The producer of 'retrieval' (ctx.emitResponseMeta)", problem: CATCH_DROPS_META },
          line: 3,
          column: 5,
        },
        {
          messageId: 'catchDoesNotContinue',
          data: { producer: "The producer of 'retrieval' (ctx.emitResponseMeta)", problem: CATCH_DROPS_META },
          line: 4,
          column: 5,
        },
        { messageId: 'sharedTry', data: { producer: "The producer of 'retrieval' (ctx.emitResponseMeta)", line: '3' }, line: 4, column: 5 },
      ],
    },
    {
      name: 'the issue shape: the wrap covers the computation, not only the assignment',
      filename: SEARCH_OP,
      code: `
const K = 'retrieval';
export function search(result, limiter, id) {
  const limit = limiter.check(id);
  result._meta = { ...result._meta, [K]: { remaining: limit.remaining } };
  return result;
}
`,
      output: `
const K = 'retrieval';
export function search(result, limiter, id) {
  try {
    const limit = limiter.check(id);
    result._meta = { ...result._meta, [K]: { remaining: limit.remaining } };
  } catch {
    ${DEGRADE}
  }
  return result;
}
`,
      errors: [
        {
          messageId: 'unguardedComputation',
          data: { producer: "The producer of 'retrieval'", names: "'limit'", line: '4' },
          line: 5,
          column: 3,
          suggestions: [],
        },
      ],
    },
    {
      name: 'computed in steps: the first declaration that computes starts the wrap; one that computes nothing before it stays',
      filename: SEARCH_OP,
      code: `
export async function search(out, rows) {
  const size = rows.length;
  const raw = await fetchStats(rows, size);
  const stats = raw.items;
  out._meta.retrieval = { count: stats.length };
  return out;
}
`,
      output: `
export async function search(out, rows) {
  const size = rows.length;
  try {
    const raw = await fetchStats(rows, size);
    const stats = raw.items;
    out._meta.retrieval = { count: stats.length };
  } catch {
    ${DEGRADE}
  }
  return out;
}
`,
      errors: [
        {
          messageId: 'unguardedComputation',
          data: { producer: "The producer of 'retrieval'", names: "'raw'", line: '4' },
          line: 6,
          column: 3,
        },
      ],
    },
    {
      name: 'create-when-missing in either branch is one merge: its value computed right before it needs the try too',
      filename: SEARCH_OP,
      code: `
export async function search(out, rows) {
  const m = { retrieval: await build(rows) };
  if (out._meta) Object.assign(out._meta, m);
  else out._meta = m;
  return out;
}
`,
      output: null,
      errors: [
        {
          messageId: 'unguardedComputation',
          data: { producer: "The producer of 'retrieval'", names: "'m'", line: '3' },
          line: 4,
          column: 18,
          suggestions: [],
        },
      ],
    },
    {
      name: 'the producer is in its own try but its value is computed before it: the fix moves the declaration in',
      filename: SEARCH_OP,
      code: `
export async function search(result, limiter, id) {
  const limit = await limiter.check(id);
  try {
    result._meta = { ...result._meta, retrieval: { remaining: limit.remaining } };
  } catch (error) {
    log.warn(error);
  }
  return result;
}
`,
      output: `
export async function search(result, limiter, id) {
  try {
    const limit = await limiter.check(id);
    result._meta = { ...result._meta, retrieval: { remaining: limit.remaining } };
  } catch (error) {
    log.warn(error);
  }
  return result;
}
`,
      errors: [
        {
          messageId: 'computedOutsideTry',
          data: { producer: "The producer of 'retrieval'", names: "'limit'", line: '3' },
          line: 5,
          column: 5,
          suggestions: [],
        },
      ],
    },
    {
      name: 'with autofix: false, moving the computation in is a suggestion',
      filename: SEARCH_OP,
      options: [{ autofix: false }],
      code: `
export async function search(result, rows) {
  const stats = measure(rows);
  try {
    result._meta = { ...result._meta, retrieval: stats };
  } catch {}
  return result;
}
`,
      output: null,
      errors: [
        {
          messageId: 'computedOutsideTry',
          line: 5,
          column: 5,
          suggestions: [
            {
              messageId: 'moveIntoTry',
              data: { names: "'stats'" },
              output: `
export async function search(result, rows) {
  try {
    const stats = measure(rows);
    result._meta = { ...result._meta, retrieval: stats };
  } catch {}
  return result;
}
`,
            },
          ],
        },
      ],
    },
    {
      name: 'no move when the try declares a name the computation reads (it would read that one instead)',
      filename: SEARCH_OP,
      code: `
export function search(result, limiter, id) {
  const limit = limiter.check(id);
  try {
    const id = 'local';
    result._meta = { ...result._meta, retrieval: { remaining: limit.remaining, id } };
  } catch {}
  return result;
}
`,
      output: null,
      errors: [
        {
          messageId: 'computedOutsideTry',
          data: { producer: "The producer of 'retrieval'", names: "'limit'", line: '3' },
          line: 6,
          column: 5,
          suggestions: [],
        },
      ],
    },
    {
      name: 'a computation used after the write stays outside: the wrap covers only the write, which computes too',
      filename: SEARCH_OP,
      code: `
export async function search(result, limiter, id) {
  const limit = limiter.check(id);
  result._meta = { ...result._meta, retrieval: { remaining: limit.remaining, at: clock.now() } };
  return limit.ok ? result : { content: [], isError: true };
}
`,
      output: `
export async function search(result, limiter, id) {
  const limit = limiter.check(id);
  try {
    result._meta = { ...result._meta, retrieval: { remaining: limit.remaining, at: clock.now() } };
  } catch {
    ${DEGRADE}
  }
  return limit.ok ? result : { content: [], isError: true };
}
`,
      errors: [{ messageId: 'unguardedProducer', line: 4, column: 3 }],
    },
    {
      name: "a catch that returns something else than the function's end, or throws on one path",
      filename: SEARCH_OP,
      code: `
export async function search(result, rows) {
  try {
    result._meta = { ...result._meta, retrieval: await build(rows) };
  } catch {
    return { content: [] };
  }
  return result;
}
async function attach(result, rows) {
  try {
    result._meta = { ...result._meta, retrieval: await build(rows) };
  } catch (error) {
    if (fatal(error)) throw error;
    return result;
  }
  return result;
}
`,
      output: null,
      errors: [
        {
          messageId: 'catchDoesNotContinue',
          data: { producer: "The producer of 'retrieval'", problem: 'whose catch returns, so the keys after it are dropped' },
          line: 4,
          column: 5,
        },
        {
          messageId: 'catchDoesNotContinue',
          data: { producer: "The producer of 'retrieval'", problem: 'whose catch throws, so the tool call errors' },
          line: 12,
          column: 5,
        },
      ],
    },
  ],
});

// What can throw (MCP _meta rule 3 is about producers that can fail): the standard built-ins of SAFE_CALLS
// (src/analysis/facts/safe-calls.ts) cannot, so a value built from them needs no try; anything else that calls still does.
ruleTester.run('require-producer-isolation (what can throw)', rule, {
  valid: [
    {
      name: 'timings, ids and conversions from the built-ins of the table need no try',
      filename: SEARCH_OP,
      code: `
export function search(ctx, out, rows, scores, t0, x) {
  out._meta.retrieval = { took_ms: Date.now() - t0, at: performance.now() };
  ctx.emitResponseMeta('retrieval', {
    id: crypto.randomUUID(),
    n: Math.round(x * 100) / 100,
    max: Math.max(...scores, 0),
    ok: Number.isFinite(x) && Number.isInteger(rows.length) && Array.isArray(rows),
    label: String(x),
    count: Number(x),
    hit: Boolean(x),
  });
}
`,
    },
    {
      name: 'the built-ins imported from node:crypto, crypto and node:perf_hooks (ESM and CommonJS)',
      filename: SEARCH_OP,
      code: `
import { randomUUID } from 'node:crypto';
import * as nodeCrypto from 'crypto';
import { performance as perf } from 'node:perf_hooks';
const cjsCrypto = require('node:crypto');
export function search(ctx) {
  ctx.emitResponseMeta('retrieval', { a: randomUUID(), b: nodeCrypto.randomUUID(), c: cjsCrypto.randomUUID(), t: perf.now() });
}
`,
    },
    {
      name: 'a producer whose every value is safe is no producer to isolate: no sharing, no rethrow finding',
      filename: SEARCH_OP,
      code: `
export async function search(ctx, out, t0) {
  try {
    ctx.emitResponseMeta('retrieval', await buildRetrieval());
    out._meta.retrieval.took_ms = Date.now() - t0;
  } catch {}
  try {
    ctx.emitResponseMeta('retrieval', { at: Date.now() });
  } catch (error) {
    throw error;
  }
}
`,
    },
  ],
  invalid: [
    {
      name: 'an argument that computes makes the safe call risky',
      filename: SEARCH_OP,
      code: `
async function search(ctx) {
  ctx.emitResponseMeta('retrieval', { n: Math.round(await measure()) });
}
`,
      output: `
async function search(ctx) {
  try {
    ctx.emitResponseMeta('retrieval', { n: Math.round(await measure()) });
  } catch {
    ${DEGRADE}
  }
}
`,
      errors: [{ messageId: 'unguardedProducer', data: { producer: EMIT }, line: 3, column: 3, suggestions: [] }],
    },
    {
      name: 'a name the file binds to something else is not the built-in (Date, Math, crypto from another module)',
      filename: SEARCH_OP,
      code: `
import { randomUUID } from './ids';
const Date = makeClock();
function search(ctx, out, Math) {
  ctx.emitResponseMeta('retrieval', { at: Date.now() });
  out._meta.retrieval = { id: randomUUID() };
  out._meta.retrieval.n = Math.round(1.5);
}
`,
      output: `
import { randomUUID } from './ids';
const Date = makeClock();
function search(ctx, out, Math) {
  try {
    ctx.emitResponseMeta('retrieval', { at: Date.now() });
  } catch {
    ${DEGRADE}
  }
  try {
    out._meta.retrieval = { id: randomUUID() };
    out._meta.retrieval.n = Math.round(1.5);
  } catch {
    ${DEGRADE}
  }
}
`,
      errors: [
        { messageId: 'unguardedProducer', data: { producer: EMIT }, line: 5, column: 3, suggestions: [] },
        { messageId: 'unguardedProducer', data: { producer: "The producer of 'retrieval'" }, line: 6, column: 3, suggestions: [] },
      ],
    },
    {
      name: 'calls outside the table: Object.keys (throws on undefined), JSON.stringify (a cycle), new Date(), a method',
      filename: SEARCH_OP,
      code: `
function search(ctx, stats, rows) {
  ctx.emitResponseMeta('retrieval', { fields: Object.keys(stats.extra).length });
  ctx.emitResponseMeta('retrieval', { raw: JSON.stringify(stats) });
  ctx.emitResponseMeta('retrieval', { at: new Date() });
  ctx.emitResponseMeta('retrieval', { ids: rows.map((row) => row.id) });
}
`,
      output: `
function search(ctx, stats, rows) {
  try {
    ctx.emitResponseMeta('retrieval', { fields: Object.keys(stats.extra).length });
  } catch {
    ${DEGRADE}
  }
  try {
    ctx.emitResponseMeta('retrieval', { raw: JSON.stringify(stats) });
  } catch {
    ${DEGRADE}
  }
  try {
    ctx.emitResponseMeta('retrieval', { at: new Date() });
  } catch {
    ${DEGRADE}
  }
  try {
    ctx.emitResponseMeta('retrieval', { ids: rows.map((row) => row.id) });
  } catch {
    ${DEGRADE}
  }
}
`,
      errors: [
        { messageId: 'unguardedProducer', line: 3, column: 3, suggestions: [] },
        { messageId: 'unguardedProducer', line: 4, column: 3, suggestions: [] },
        { messageId: 'unguardedProducer', line: 5, column: 3, suggestions: [] },
        { messageId: 'unguardedProducer', line: 6, column: 3, suggestions: [] },
      ],
    },
    {
      name: 'a read of a property this file defines a getter for runs that getter',
      filename: SEARCH_OP,
      code: `
class Stats {
  get total() {
    return this.rows.reduce((sum, row) => sum + row.size, 0);
  }
}
function search(ctx, stats) {
  ctx.emitResponseMeta('retrieval', { total: stats.total, size: stats.size });
}
`,
      output: `
class Stats {
  get total() {
    return this.rows.reduce((sum, row) => sum + row.size, 0);
  }
}
function search(ctx, stats) {
  try {
    ctx.emitResponseMeta('retrieval', { total: stats.total, size: stats.size });
  } catch {
    ${DEGRADE}
  }
}
`,
      errors: [{ messageId: 'unguardedProducer', data: { producer: EMIT }, line: 8, column: 3, suggestions: [] }],
    },
    {
      name: 'a safe value next to a risky one in one try: the risky producer still may not share it with another',
      filename: SEARCH_OP,
      code: `
async function search(ctx, out) {
  try {
    ctx.emitResponseMeta('retrieval', await buildRetrieval());
    out._meta.warnings = { at: Date.now(), list: await collectWarnings() };
  } catch {}
}
`,
      output: null,
      errors: [
        { messageId: 'sharedTry', data: { producer: "The producer of 'warnings'", line: '4' }, line: 5, column: 5, suggestions: [] },
      ],
    },
  ],
});

/** A fixture re-wrapped with its registry key changed (1mcp-app/agent serverDetailFormatter.test.ts:366). */
const FIXTURE = `
const KEY = 'io.modelcontextprotocol.registry/official';
export const nonLatestServer = { ...mockServer, _meta: { [KEY]: { ...mockServer._meta[KEY], isLatest: false } } };
`;
/** A fake tool's producer that computes: reported in server code even without \`requireForAll\`. */
const FAKE_PRODUCER = `
export async function fakeSearch(ctx, store, q) {
  ctx.emitResponseMeta('retrieval', await store.describe(q));
}
`;

ruleTester.run('require-producer-isolation (test files)', rule, {
  valid: [
    {
      // 1mcp-app/agent src/domains/registry/formatters/serverDetailFormatter.test.ts:366 (helper round, a false alarm
      // under the strict preset): a test's literal is a fixture, not a producer on the dispatch path.
      name: "a test file's fixture under requireForAll",
      filename: file('src/domains/registry/formatters/serverDetailFormatter.test.ts'),
      options: [{ requireForAll: true }],
      code: FIXTURE,
    },
    ...[
      'test/search.ts',
      'tests/fakes/search.ts',
      'src/__tests__/search.ts',
      'src/core/ops/search.spec.tsx',
      'src/core/ops/search.test.mjs',
    ].map((relative) => ({
      name: `a computing producer in a test file (${relative}), with the default options`,
      filename: file(relative),
      code: FAKE_PRODUCER,
    })),
  ],
  invalid: [
    {
      name: "a file whose name only contains 'test' is no test file",
      filename: file('src/core/ops/latest.ts'),
      options: [{ requireForAll: true }],
      code: FIXTURE,
      errors: [
        {
          messageId: 'unguardedProducer',
          data: { producer: "The producer of 'io.modelcontextprotocol.registry/official'" },
          line: 3,
          column: 49,
          suggestions: [],
        },
      ],
    },
    {
      name: 'a computing producer in server code beside the tests',
      filename: file('src/testing/search.ts'),
      code: FAKE_PRODUCER,
      output: `
export async function fakeSearch(ctx, store, q) {
  try {
    ctx.emitResponseMeta('retrieval', await store.describe(q));
  } catch {
    ${DEGRADE}
  }
}
`,
      errors: [{ messageId: 'unguardedProducer', data: { producer: EMIT }, line: 3, column: 3, suggestions: [] }],
    },
  ],
});

// A project inside a folder named `test` (this repository's own fixtures): its files are judged by their path from the
// manifest's folder, so its server code is still checked.
const UNDER_TEST_FOLDER = path.resolve(__dirname, 'team-sinks-fixture');
new RuleTester({ settings: { 'mcp-meta': { registry: path.join(UNDER_TEST_FOLDER, 'mcp-meta.registry.json') } } }).run(
  'require-producer-isolation (a project under a folder named test)',
  rule,
  {
    valid: [],
    invalid: [
      {
        filename: path.join(UNDER_TEST_FOLDER, 'src/tool.ts'),
        code: 'export async function handle(out) {\n  out._meta.stats = await collect();\n}\n',
        output: `export async function handle(out) {\n  try {\n    out._meta.stats = await collect();\n  } catch {\n    ${DEGRADE}\n  }\n}\n`,
        errors: [
          {
            messageId: 'unguardedProducer',
            data: { producer: "The producer of 'stats'" },
            line: 2,
            column: 3,
            endLine: 2,
            endColumn: 36,
            suggestions: [],
          },
        ],
        name: 'server code of a project whose folder is under test/',
      },
    ],
  },
);

describe('the table of calls that cannot throw', () => {
  it('the rule doc shows every entry of SAFE_CALLS, and nothing the doc rules out is in it', () => {
    const doc = fs.readFileSync(path.resolve(__dirname, '../../docs/rules/require-producer-isolation.md'), 'utf8');
    const table = doc.slice(doc.indexOf('#### Calls that cannot throw'), doc.indexOf('Not in the table, on purpose'));
    for (const { callee } of SAFE_CALLS) expect(table).toContain(`\`${callee}`);
    for (const ruledOut of ['Object.keys', 'Object.values', 'Object.entries', 'JSON.stringify'])
      expect(SAFE_CALLS.map(({ callee }) => callee)).not.toContain(ruledOut);
  });
});
