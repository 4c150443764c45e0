/** The plane of `owner._meta` in a member write (`owner._meta = …`, `owner._meta.k = …`, `delete owner._meta`). */
import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, defaultedSource, referenceSegments, unwrap } from '../syntax/ast';
import { declaratorOf, importOfName, parameterAnnotation } from '../syntax/bindings';
import { declaredMemberNames } from '../syntax/declared-without-meta';
import { isInbound, UNKNOWN, type PlaneDecision } from '../planes';
import { BODY_NAME, RESOURCE_CONFIG_NAME, RESULT_NAME, RESULT_OWNER_NAME, TOOL_CONFIG_NAME } from './names';
import { reachesJsonBody, registrationOf } from './flow';
import { planeOfCallReturn } from './of-type';
import { planeOfVariable } from './of-variable';
import type { TeamSinks } from './team-sinks';

/**
 * The plane of `owner._meta` in a member write (`owner._meta = …`, `owner._meta.k = …`), with its evidence. What the
 * variable's declaration says wins (a registration's return, a declared type, `await client.callTool(…)`, a wrapped
 * handler's call, a later registration, a literal's shape); then what the object it copies is (`const copy = {
 * ...source }`, `const alias = source as T`: a copy of an inbound request or a JSON body is no tool result, whatever
 * it is called); then a flow that proves a JSON body (serialised, going nowhere a tool result could: `flow.ts`); then
 * names: inbound ones (`params`, `extra`, `ctx.mcpReq`, `*Request`) are the request plane, `body` / `*Body` a JSON
 * body (an HTTP request's or response's), `toolConfig` / `resourceProps` a descriptor or resource, `result` /
 * `response` a tool result; anything else is `unknown`. A variable a tool callback returns is a tool result by its
 * flow (`planeOfVariable`), before any name is read.
 */
export function planeDecisionOfOwner(owner: TSESTree.Node, sinks: TeamSinks, types: ImportedTypes | null = null, depth = 0): PlaneDecision {
  const inner = unwrap(owner);
  const declared = inner.type === 'Identifier' ? planeOfVariable(inner, sinks) : null;
  if (declared) return declared;
  const source = inner.type === 'Identifier' && depth < MAX_COPY_DEPTH ? copySourceOf(inner) : null;
  if (source) {
    const copied = planeDecisionOfOwner(source, sinks, types, depth + 1);
    if (copied.plane !== 'unknown') return copied;
  }
  // `this.tool._meta = …` where the class keeps a registration's return on that field.
  const registered = inner.type === 'MemberExpression' ? registrationOf(inner) : null;
  if (registered) return { plane: registered, evidence: 'source' };
  if (isInbound(owner)) return { plane: 'request', evidence: 'name' };
  // `const payload = { … }; payload._meta = m; res.json(payload)`: where it goes proves a JSON body, whatever its name.
  const declarator = inner.type === 'Identifier' ? declaratorOf(inner) : null;
  if (declarator && reachesJsonBody(declarator, sinks)) return { plane: 'body', evidence: 'sink' };
  const segments = referenceSegments(owner);
  const last = segments[segments.length - 1] ?? '';
  if (BODY_NAME.test(last)) return { plane: 'body', evidence: 'name' };
  if (TOOL_CONFIG_NAME.test(last)) return { plane: 'tool', evidence: 'name' };
  if (RESOURCE_CONFIG_NAME.test(last)) return { plane: 'resource', evidence: 'name' };
  if ((RESULT_NAME.test(last) || RESULT_OWNER_NAME.test(last)) && !declaredAsNoToolResult(inner, types))
    return { plane: 'result', evidence: 'name' };
  const returned = inner.type === 'CallExpression' ? planeOfCallReturn(inner) : null;
  if (returned) return returned;
  // `getResult()._meta = …`, `Object.assign(makeResult(), { _meta })`: the call's name says what it returns.
  if (inner.type === 'CallExpression' && RESULT_NAME.test(calleeName(inner) ?? '')) return { plane: 'result', evidence: 'name' };
  return UNKNOWN;
}

/** How a type imported from another module of the code base is read: the file's resolver, handed down by the pipeline. */
export interface ImportedTypes {
  importedTypeMembers(specifier: string, importedName: string): readonly string[] | null;
}

/**
 * Fields only another MCP object has: a resource's (`uri`, `mimeType`, `uriTemplate`) or a tool descriptor's
 * (`inputSchema`). A declared type listing one of them, and none of a tool result's own fields, is that object.
 */
const OTHER_MCP_OBJECT_FIELDS: ReadonlySet<string> = new Set(['uri', 'mimeType', 'uriTemplate', 'inputSchema']);
const TOOL_RESULT_FIELDS: ReadonlySet<string> = new Set(['content', 'structuredContent', 'isError']);

/**
 * `const result: UIResourceMetaResult = { mimeType }` with `UIResourceMetaResult = { mimeType: string; _meta?: … }`
 * (AndurilCode/mcp-apps-kit's resource metadata, its type in `./types`): the variable's written type lists its
 * members, one of them a resource's or a tool descriptor's own field and none a tool result's, so its name (`result`)
 * says nothing about the plane. Any other type (a `CacheEntry { key, value, _meta }`, a type of `_meta` alone) leaves
 * the name's answer, which types and the manifest's `resultTypes` narrow.
 */
function declaredAsNoToolResult(owner: TSESTree.Node, types: ImportedTypes | null): boolean {
  if (owner.type !== 'Identifier') return false;
  const declared = declaratorOf(owner)?.id;
  const annotation = (declared?.type === 'Identifier' ? declared.typeAnnotation?.typeAnnotation : undefined) ?? parameterAnnotation(owner);
  let members: readonly string[] | null = annotation ? declaredMemberNames(annotation) : null;
  // `import type { UIResourceMetaResult } from './types'`: the members its module lists.
  if (members === null && types && annotation?.type === 'TSTypeReference' && annotation.typeName.type === 'Identifier') {
    const imported = importOfName(annotation.typeName.name, owner);
    members = imported ? types.importedTypeMembers(imported.source, imported.imported) : null;
  }
  return (
    members !== null &&
    members.some((member) => OTHER_MCP_OBJECT_FIELDS.has(member)) &&
    !members.some((member) => TOOL_RESULT_FIELDS.has(member))
  );
}

/** Copies of copies followed at most this deep (`let` variables may copy each other). */
const MAX_COPY_DEPTH = 4;

/**
 * The object a variable is a copy or an alias of: `const copy = { ...source, k: v }` (a shallow copy: `source` spread
 * first), `const alias = source as T`, `const alias = (source || {}) as T` (the source, or an empty object in its
 * place: apify-mcp-server's `injectMcpSessionId` defaults the inbound `params` so); null otherwise. The copy's `_meta`
 * is the source's until it is written.
 */
function copySourceOf(identifier: TSESTree.Identifier): TSESTree.Node | null {
  const init = declaratorOf(identifier)?.init;
  if (!init) return null;
  const inner = defaultedSource(unwrap(init));
  if (inner.type === 'Identifier' || inner.type === 'MemberExpression') return inner;
  if (inner.type !== 'ObjectExpression') return null;
  const first = inner.properties[0];
  if (first?.type !== 'SpreadElement') return null;
  const spread = unwrap(first.argument);
  return spread.type === 'Identifier' || spread.type === 'MemberExpression' ? spread : null;
}
