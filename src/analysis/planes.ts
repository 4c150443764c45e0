/**
 * Phase 3 of the write analysis, plane heuristics: which objects carrying `_meta` are tool results (the plane the
 * spec governs) and which are another plane. The spec: "Inbound _meta (e.g. _meta.session_id inside tool ARGUMENTS)
 * is a separate, client-to-server plane. The eval-report _meta.metric_glossary lives in JSON BODIES of eval
 * commands — a third, unrelated plane." These are the knobs a user is most likely to ask about.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, propertyKeyName, referenceSegments } from './ast';

/** Names of objects on the inbound plane: `_meta` under them is the client's, never a tool result's. */
export const INBOUND_SEGMENTS: ReadonlySet<string> = new Set(['params', 'arguments', 'args', 'request', 'req', 'input']);
/** Properties that make an object literal a tool result (MCP CallToolResult). */
export const TOOL_RESULT_PROPERTIES: ReadonlySet<string> = new Set(['content', 'structuredContent', 'isError']);
/** A spread whose source is named like this re-wraps a tool result: `{ ...result, _meta }`. */
export const RESULT_NAME = /result|response/i;
/** Calls whose object-literal argument is a serialised body (the JSON-body plane), not a tool result. */
export const BODY_SINKS: ReadonlySet<string> = new Set(['stringify', 'json', 'send', 'write', 'end']);

/** True when the object whose `_meta` is written is on the inbound plane (`params._meta`, `req.args._meta`). */
export function isInbound(owner: TSESTree.Node): boolean {
  return referenceSegments(owner).some((segment) => INBOUND_SEGMENTS.has(segment));
}

/** True when an object literal carrying `_meta` is a tool result, not a JSON body or an unrelated object. */
export function isToolResultLiteral(literal: TSESTree.ObjectExpression): boolean {
  const parent = literal.parent;
  if (parent?.type === 'CallExpression' && BODY_SINKS.has(calleeName(parent) ?? '')) return false;
  return literal.properties.some((property) => {
    if (property.type === 'Property') return TOOL_RESULT_PROPERTIES.has(propertyKeyName(property) ?? '');
    const segments = referenceSegments(property.argument);
    return segments.length > 0 && RESULT_NAME.test(segments[segments.length - 1]);
  });
}
