/**
 * A copy of an inbound request or of a JSON body is on that object's plane, whatever the copy is called: redacting a
 * request body's `_meta` for a log line (`const redacted = { ...record }; redacted._meta = redact(record._meta)`, with
 * `record` the `body` the function received) is no producer attaching to a tool result, and no tool result losing its
 * keys. Found on 1mcp-app/agent's templateContextAuthority.ts (redactTemplateContextBodyForLogging, lines 96 and 103),
 * where both rules reported it. A copy of a tool result stays a tool result.
 */
import isolationRule from '../../rules/require-producer-isolation';
import wholesaleRule from '../../rules/no-wholesale-meta-assign';
import { createRuleTester, SEARCH_OP } from './rule-tester';

const ruleTester = createRuleTester();

/** The shape of 1mcp-app/agent's redactTemplateContextBodyForLogging (d7bde4b2), trimmed. */
const REDACT_BODY = `function redactMeta(meta: Record<string, unknown>): Record<string, unknown> {
  return { ...meta, ...(meta.context ? { context: redactContext(meta.context) } : {}) };
}
export function redactBodyForLogging(body: unknown): unknown {
  if (!body || typeof body !== 'object') return body;
  const record = body as Record<string, unknown>;
  const redacted = { ...record };
  if (record._meta && typeof record._meta === 'object') {
    redacted._meta = redactMeta(record._meta as Record<string, unknown>);
  }
  if (record.params && typeof record.params === 'object') {
    const params = record.params as Record<string, unknown>;
    redacted.params = {
      ...params,
      ...(params._meta && typeof params._meta === 'object' ? { _meta: redactMeta(params._meta as Record<string, unknown>) } : {}),
    };
  }
  return redacted;
}`;

/**
 * A JSON body proven by where it goes (its flow), whatever it is called: serialised (`JSON.stringify`, `res.json`)
 * and going nowhere a tool result could (no registration, no tool callback's return, no return to callers).
 */
const JSON_BODIES = [
  {
    name: 'an object sent with res.json is a JSON body',
    filename: SEARCH_OP,
    code: 'export function reply(res, data) {\n  const payload = { ...data };\n  payload._meta = redact(data._meta);\n  res.json(payload);\n}',
  },
  {
    name: 'an object only logged as JSON, through a copy, is a JSON body',
    filename: SEARCH_OP,
    code: 'export async function audit(db, id) {\n  const entry = await db.find(id);\n  entry._meta = { trace: await traceOf(entry) };\n  const line = entry;\n  logger.info(JSON.stringify(line));\n}',
  },
];

const INBOUND_COPIES = [
  ...JSON_BODIES,
  { name: "a request body's copy, redacted for a log line (1mcp-app/agent)", filename: SEARCH_OP, code: REDACT_BODY },
  {
    name: "an alias of req.body: the inbound request's",
    filename: SEARCH_OP,
    code: 'export function log(req) { const copy = { ...req.body }; copy._meta = redact(copy._meta); logger.info(copy); }',
  },
  {
    name: 'a copy of inbound params with its _meta spread in under a condition',
    filename: SEARCH_OP,
    code: 'export function scrub(params) { return { ...params, ...(params._meta ? { _meta: scrubMeta(params._meta) } : {}) }; }',
  },
  {
    name: 'inbound params defaulted to an empty object (`params || {}`) are still the request (apify-mcp-server injectMcpSessionId)',
    filename: SEARCH_OP,
    code: 'export async function inject(params: Params | undefined, req) {\n  const result = (params || {}) as Params;\n  result._meta = { sid: await sessionOf(req) };\n  return result;\n}',
  },
  {
    name: 'inbound params defaulted with `??` are still the request',
    filename: SEARCH_OP,
    code: 'export async function inject(params, req) {\n  const result = params ?? {};\n  result._meta = { sid: await sessionOf(req) };\n  return result;\n}',
  },
  {
    name: 'a responseBody copy is a JSON body',
    filename: SEARCH_OP,
    code: 'export function log(responseBody) { const shown = { ...responseBody }; shown._meta = redact(responseBody._meta); return shown; }',
  },
];

/** A tool callback's result held in a variable named like a body: what the callback returns is a tool result. */
const BODY_NAMED_RESULT = (assign: string) =>
  `server.registerTool('search', {}, async () => {\n  const body = await fetchUpstream();\n  ${assign}\n  return body;\n});`;
/** Logged as JSON and returned to callers: where it goes then is not known, so it is no proven JSON body. */
const LOGGED_AND_RETURNED = (assign: string) =>
  `export async function load(fetchOne) {\n  const payload = await fetchOne();\n  ${assign}\n  logger.debug(JSON.stringify(payload));\n  return payload;\n}`;

ruleTester.run('require-producer-isolation: a copy of an inbound object is no producer', isolationRule, {
  valid: INBOUND_COPIES,
  invalid: [
    {
      name: 'a result named body that a tool callback returns is a tool result: its producer needs its own try',
      filename: SEARCH_OP,
      code: BODY_NAMED_RESULT('body._meta = { ...body._meta, retrieval: await describe() };'),
      output: BODY_NAMED_RESULT(
        'try {\n    body._meta = { ...body._meta, retrieval: await describe() };\n  } catch {\n    // A failing producer degrades to its key being absent (MCP _meta rule 3).\n  }',
      ),
      errors: [{ messageId: 'unguardedProducer', line: 3, column: 3, endLine: 3, endColumn: 62 }],
    },
    {
      name: 'a copy of a tool result is still a tool result: its producer needs its own try',
      filename: SEARCH_OP,
      code: 'export async function wrap(result) {\n  const out = { ...result };\n  out._meta = { ...out._meta, retrieval: await describe() };\n  return out;\n}',
      output:
        'export async function wrap(result) {\n  const out = { ...result };\n  try {\n    out._meta = { ...out._meta, retrieval: await describe() };\n  } catch {\n    // A failing producer degrades to its key being absent (MCP _meta rule 3).\n  }\n  return out;\n}',
      errors: [{ messageId: 'unguardedProducer', line: 3, column: 3 }],
    },
  ],
});

ruleTester.run('require-producer-isolation (requireForAll): defaulted inbound params are no tool result', isolationRule, {
  valid: [
    {
      name: "apify-mcp-server's injectMcpSessionId (src/utils/mcp.ts, 91ee491b): the session id goes into request params",
      filename: SEARCH_OP,
      options: [{ requireForAll: true }],
      code: 'export function injectMcpSessionId(params: ApifyRequestParams | undefined, mcpSessionId: string): ApifyRequestParams {\n  const result = (params || {}) as ApifyRequestParams;\n  result._meta ??= {};\n  result._meta.mcpSessionId = mcpSessionId;\n  return result;\n}',
    },
  ],
  invalid: [
    {
      name: 'a tool result defaulted to an empty object is still a tool result',
      filename: SEARCH_OP,
      options: [{ requireForAll: true }],
      code: 'export function stamp(result: CallToolResult | undefined, id: string) {\n  const out = (result || {}) as CallToolResult;\n  out._meta ??= {};\n  out._meta.trace = id;\n  return out;\n}',
      output:
        'export function stamp(result: CallToolResult | undefined, id: string) {\n  const out = (result || {}) as CallToolResult;\n  out._meta ??= {};\n  try {\n    out._meta.trace = id;\n  } catch {\n    // A failing producer degrades to its key being absent (MCP _meta rule 3).\n  }\n  return out;\n}',
      errors: [{ messageId: 'unguardedProducer', line: 4, column: 3 }],
    },
  ],
});

ruleTester.run('no-wholesale-meta-assign: a copy of an inbound object is not a tool result', wholesaleRule, {
  valid: INBOUND_COPIES,
  invalid: [
    {
      name: 'a result named body that a tool callback returns: replacing its _meta drops keys',
      filename: SEARCH_OP,
      code: BODY_NAMED_RESULT('body._meta = { retrieval: stats };'),
      output: BODY_NAMED_RESULT('body._meta = { ...body._meta, retrieval: stats };'),
      errors: [{ messageId: 'replaceMeta', line: 3, column: 3, endLine: 3, endColumn: 36 }],
    },
    {
      name: 'an object logged as JSON and returned is no proven JSON body: replacing its _meta is reported',
      filename: SEARCH_OP,
      code: LOGGED_AND_RETURNED('payload._meta = { retrieval: stats };'),
      output: LOGGED_AND_RETURNED('payload._meta = { ...payload._meta, retrieval: stats };'),
      errors: [{ messageId: 'replaceMeta', line: 3, column: 3, endLine: 3, endColumn: 39 }],
    },
    {
      name: 'a copy of a tool result is still a tool result: replacing its _meta drops keys',
      filename: SEARCH_OP,
      code: 'export function wrap(result) {\n  const out = { ...result };\n  out._meta = { retrieval: stats };\n  return out;\n}',
      output:
        'export function wrap(result) {\n  const out = { ...result };\n  out._meta = { ...out._meta, retrieval: stats };\n  return out;\n}',
      errors: [{ messageId: 'replaceMeta', line: 3, column: 3 }],
    },
  ],
});
