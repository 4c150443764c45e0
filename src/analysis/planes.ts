/**
 * Plane heuristics: which `_meta` a write touches. A tool result's `_meta` is the plane MCP_META_CHANNELS governs; a
 * tool descriptor's (`registerTool`'s config, `tools/list` entries) and a resource's (`registerResource`'s metadata,
 * `contents: [{ uri, text, _meta }]`) are planes a manifest may register keys on too; the others are never ours to
 * check. The spec: "Inbound _meta (e.g. _meta.session_id inside tool ARGUMENTS) is a separate, client-to-server plane.
 * The eval-report _meta.metric_glossary lives in JSON BODIES of eval commands — a third, unrelated plane."
 * These are the knobs a user is most likely to ask about; each is named here once.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, propertyKeyName, referenceSegments, unwrap } from './ast';
import { findBinding } from './bindings';
import type { MetaPlane } from '../registry/types';

/** The planes a write can be on. Only `result`, `tool` and `resource` are ever checked (a manifest key's `plane`). */
export type WritePlane = 'result' | 'tool' | 'resource' | 'prompt' | 'request' | 'body' | 'schema';
/** The planes a manifest registers keys on (the registry's `MetaPlane`): the only ones ever checked. */
export type CheckedPlane = MetaPlane;

export function isCheckedPlane(plane: WritePlane): plane is CheckedPlane {
  return plane === 'result' || plane === 'tool' || plane === 'resource';
}

const PLANE_NAMES: Readonly<Record<CheckedPlane, string>> = { result: 'tool result', tool: 'tool descriptor', resource: 'resource' };

/** How messages name a plane: `tool result`, `tool descriptor`, `resource`. */
export function planeName(plane: CheckedPlane): string {
  return PLANE_NAMES[plane];
}

/** How messages name the `_meta` a write is on: "`_meta`" on a tool result, "tool descriptor `_meta`" elsewhere. */
export function metaOnPlane(plane: CheckedPlane): string {
  return plane === 'result' ? '`_meta`' : `${planeName(plane)} \`_meta\``;
}

/** Names of objects on the inbound plane: `_meta` under them is the client's, never a tool result's. */
export const INBOUND_SEGMENTS: ReadonlySet<string> = new Set(['params', 'arguments', 'args', 'request', 'req', 'input', 'extra']);
/** A copy of inbound params under another name (`nextParams`, `upstreamArgs`) is still the request plane. */
const INBOUND_NAME = /(?:params|args|arguments|request)$/i;
/** Properties that make an object literal a tool result (MCP CallToolResult). */
export const TOOL_RESULT_PROPERTIES: ReadonlySet<string> = new Set(['content', 'structuredContent', 'isError']);
/** A spread whose source is named like this re-wraps a tool result: `{ ...result, _meta }`. */
export const RESULT_NAME = /result|response/i;
/** Calls whose object-literal argument is a serialised body (the JSON-body plane), not a tool result. */
export const BODY_SINKS: ReadonlySet<string> = new Set(['stringify', 'json', 'send', 'write', 'end']);
/** Schema builders (zod and alike): `z.object({ content, _meta })` describes a result, it does not write one. */
const SCHEMA_BUILDERS: ReadonlySet<string> = new Set([
  'object',
  'strictObject',
  'looseObject',
  'extend',
  'merge',
  'Object',
  'Struct',
  'shape',
]);
/** SDK registration calls and the plane of the object literal they take (`registerTool(name, config, handler)`). */
const REGISTRATIONS: ReadonlyMap<string, CheckedPlane | 'prompt'> = new Map([
  ['registerTool', 'tool'],
  ['tool', 'tool'],
  ['registerResource', 'resource'],
  ['resource', 'resource'],
  ['registerPrompt', 'prompt'],
  ['prompt', 'prompt'],
]);

/** True when the object whose `_meta` is written is on the inbound plane (`params._meta`, `req.args._meta`). */
export function isInbound(owner: TSESTree.Node): boolean {
  const segments = referenceSegments(owner);
  return (
    segments.some((segment) => INBOUND_SEGMENTS.has(segment)) || (segments.length > 0 && INBOUND_NAME.test(segments[segments.length - 1]))
  );
}

/**
 * The plane of `owner._meta` in a member write (`owner._meta = …`, `owner._meta.k = …`): the request plane for inbound
 * names, the tool or resource plane for what a registration call returned (`const search = server.registerTool(…)`),
 * else a tool result.
 */
export function planeOfOwner(owner: TSESTree.Node): WritePlane {
  if (isInbound(owner)) return 'request';
  const inner = unwrap(owner);
  if (inner.type === 'Identifier') {
    const binding = findBinding(inner.name, inner);
    const init = binding?.kind === 'variable' ? binding.declarator.init : null;
    const call = init ? unwrap(init) : null;
    const registered = call?.type === 'CallExpression' ? REGISTRATIONS.get(calleeName(call) ?? '') : undefined;
    if (registered) return registered;
  }
  return 'result';
}

/** `planeOfOwner`, when it is a plane we check; null for inbound requests (never ours to check). */
export function checkedPlaneOfOwner(owner: TSESTree.Node): CheckedPlane | null {
  const plane = planeOfOwner(owner);
  return isCheckedPlane(plane) ? plane : null;
}

/** The plane of an object literal that carries `_meta`, or null when it is none we know (an unrelated object). */
export function planeOfLiteral(literal: TSESTree.ObjectExpression): WritePlane | null {
  const parent = literal.parent;
  if (parent?.type === 'CallExpression' && parent.arguments.includes(literal)) {
    const name = calleeName(parent) ?? '';
    if (BODY_SINKS.has(name)) return 'body';
    if (SCHEMA_BUILDERS.has(name)) return 'schema';
    const registered = REGISTRATIONS.get(name);
    if (registered && parent.arguments.indexOf(literal) > 0) return registered;
  }
  const names = new Set<string>();
  for (const property of literal.properties) if (property.type === 'Property') names.add(propertyKeyName(property) ?? '');
  if ([...TOOL_RESULT_PROPERTIES].some((name) => names.has(name))) return 'result';
  if (names.has('inputSchema')) return 'tool';
  if (names.has('uri') && (names.has('text') || names.has('blob') || names.has('mimeType') || names.has('name'))) return 'resource';
  if (names.has('messages')) return 'prompt';
  const rewrapsResult = literal.properties.some((property) => {
    if (property.type !== 'SpreadElement') return false;
    const segments = referenceSegments(property.argument);
    return segments.length > 0 && RESULT_NAME.test(segments[segments.length - 1]);
  });
  return rewrapsResult ? 'result' : null;
}
