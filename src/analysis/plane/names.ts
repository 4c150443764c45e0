/**
 * The name fallback: what variables, spreads and calls are called when nothing stronger places the object. These are
 * the knobs a user is most likely to ask about; each is named here once.
 */

/** A spread whose source is named like this re-wraps a tool result: `{ ...result, _meta }`. */
export const RESULT_NAME = /result|response/i;

/** Short names a handler or wrapper gives the result it builds or re-wraps (`out`, `res`, `r`): the name fallback. */
export const RESULT_OWNER_NAME = /^(?:out|output|r|res|ret|reply)$/;

/** Variables named for a descriptor (`toolConfig`, `toolDef`, `resourceProps`): the name fallback's other planes. */
export const TOOL_CONFIG_NAME = /^tool(?:Config|Configuration|Def|Definition|Descriptor|Metadata|Spec)$/i;

export const RESOURCE_CONFIG_NAME = /^resource(?:Config|Configuration|Def|Definition|Descriptor|Metadata|Props)$/i;

/**
 * An HTTP request's or response's JSON body (`body`, `req.body`, `requestBody`): the JSON-body plane, no tool result.
 * The last word, asked only when the object's flow says nothing: a variable a tool callback returns is a tool result
 * and one serialised as JSON and going nowhere else a body (`flow.ts`), whatever either is called. Kept for a body a
 * function receives from other modules and hands back (1mcp-app/agent's `redactTemplateContextBodyForLogging(body)`,
 * called with `req.body` elsewhere), whose flow no single file shows.
 */
export const BODY_NAME = /^(?:body|[a-z]\w*Body)$/;
