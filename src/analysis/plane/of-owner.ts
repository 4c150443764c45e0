/** The plane of `owner._meta` in a member write (`owner._meta = …`, `owner._meta.k = …`, `delete owner._meta`). */
import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, referenceSegments, unwrap } from '../syntax/ast';
import { isInbound, UNKNOWN, type PlaneDecision } from '../planes';
import { RESOURCE_CONFIG_NAME, RESULT_NAME, RESULT_OWNER_NAME, TOOL_CONFIG_NAME } from './names';
import { registrationOf } from './flow';
import { planeOfCallReturn } from './of-type';
import { planeOfVariable } from './of-variable';

/**
 * The plane of `owner._meta` in a member write (`owner._meta = …`, `owner._meta.k = …`), with its evidence. What the
 * variable's declaration says wins (a registration's return, a declared type, `await client.callTool(…)`, a wrapped
 * handler's call, a later registration, a literal's shape); then names: inbound ones (`params`, `extra`,
 * `ctx.mcpReq`, `*Request`) are the request plane, `toolConfig` / `resourceProps` a descriptor or resource,
 * `result` / `response` a tool result; anything else is `unknown`.
 */
export function planeDecisionOfOwner(owner: TSESTree.Node): PlaneDecision {
  const inner = unwrap(owner);
  const declared = inner.type === 'Identifier' ? planeOfVariable(inner) : null;
  if (declared) return declared;
  // `this.tool._meta = …` where the class keeps a registration's return on that field.
  const registered = inner.type === 'MemberExpression' ? registrationOf(inner) : null;
  if (registered) return { plane: registered, evidence: 'source' };
  if (isInbound(owner)) return { plane: 'request', evidence: 'name' };
  const segments = referenceSegments(owner);
  const last = segments[segments.length - 1] ?? '';
  if (TOOL_CONFIG_NAME.test(last)) return { plane: 'tool', evidence: 'name' };
  if (RESOURCE_CONFIG_NAME.test(last)) return { plane: 'resource', evidence: 'name' };
  if (RESULT_NAME.test(last) || RESULT_OWNER_NAME.test(last)) return { plane: 'result', evidence: 'name' };
  const returned = inner.type === 'CallExpression' ? planeOfCallReturn(inner) : null;
  if (returned) return returned;
  // `getResult()._meta = …`, `Object.assign(makeResult(), { _meta })`: the call's name says what it returns.
  if (inner.type === 'CallExpression' && RESULT_NAME.test(calleeName(inner) ?? '')) return { plane: 'result', evidence: 'name' };
  return UNKNOWN;
}
