/**
 * The planes a `_meta` write can be on, declared once. A tool result's `_meta` is the plane MCP_META_CHANNELS governs;
 * a tool descriptor's (`registerTool`'s config, `tools/list` entries) and a resource's (`registerResource`'s metadata,
 * `contents: [{ uri, text, _meta }]`) are planes a manifest may register keys on too; the others are never ours to
 * check. The spec: "Inbound _meta (e.g. _meta.session_id inside tool ARGUMENTS) is a separate, client-to-server plane.
 * The eval-report _meta.metric_glossary lives in JSON BODIES of eval commands — a third, unrelated plane."
 * Which plane one write is on is decided in `plane/` (`decidePlane`); here are the planes, how messages name them,
 * the evidence kinds, which planes each check acts on, and the names and properties that mark a plane wherever it is
 * met (inbound names, a tool result's properties).
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { referenceSegments } from './syntax/ast';
import { META_PLANES, type MetaPlane } from '../registry/planes';
import type { MetaWrite } from './types';

/**
 * The planes a write can be on, declared once with how messages name them. Only the manifest's planes
 * (`META_PLANES`, declared in the registry: `result`, `tool`, `resource`) are ever checked against a manifest (a
 * manifest key's `plane`); the others are recognised so they are never mistaken
 * for one of those: `prompt` (a prompt's registration and `prompts/get` results), `request` (inbound `params._meta`,
 * the handler context's `extra._meta` / `ctx.mcpReq._meta`, and the outbound requests a client sends), `client-result`
 * (what a client answers a server: sampling `{ role, content, model }` and elicitation `{ action, content }`), `body`
 * (a serialised JSON body) and `schema` (a zod-style description of a result, or a test's expected value given to an
 * assertion, not a write). `other`: only with a
 * TypeScript program, a write the syntax took for a tool result whose object's type is none of the manifest's
 * `resultTypes` (a cache entry, a document): moved there by `typed/result-types.ts`, kept in the model, and in no
 * rule's scope.
 */
export const PLANES = {
  result: { name: 'tool result' },
  tool: { name: 'tool descriptor' },
  resource: { name: 'resource' },
  prompt: { name: 'prompt' },
  request: { name: 'request' },
  'client-result': { name: 'sampling or elicitation result' },
  body: { name: 'JSON body' },
  schema: { name: 'schema' },
  unknown: { name: 'object of unknown kind' },
  other: { name: 'object its type says is no tool result' },
} as const satisfies Record<MetaPlane, { name: string }> & Record<string, { name: string }>;

export type WritePlane = keyof typeof PLANES;

/** The planes a manifest registers keys on (the registry's `MetaPlane`): the only ones ever checked. */
export type CheckedPlane = MetaPlane;

/**
 * Which writes a check acts on, said once per rule and consumer through `writesOn`: the model keeps every write on
 * every plane, so a check that forgets to filter would judge inbound requests and JSON bodies. `result`: checks of
 * what a write does to the tool-result channel (producer isolation, fields readers must tolerate), on a tool result
 * and on every `_meta` nothing proves to be another plane's (`unknown`): a property named `_meta` is MCP's unless the
 * analysis proves otherwise (a JSON body, a schema, an inbound request), and a producer that can throw is a
 * producer, whichever object it writes. Their messages never name the
 * plane. `manifest`: checks against what the manifest registers per plane, which need a known plane. `keyNames`:
 * checks of a key's name that hold on every plane (near misses of registered and host keys, keys the SDK or MCP
 * own), so they also see writes whose plane is unknown. `replacement`: the check that `_meta` is not replaced whole
 * (rule 1: "merges per top-level key — never wholesale _meta assignment"): a replacement drops the keys others put
 * there whatever the object: a tool result, a tool descriptor or resource that already exists (a listed `Tool`
 * re-wrapped, a registration's config spread from elsewhere), an object of unknown kind; a type that places the
 * object never silences it. Its messages never name the plane.
 */
export const PLANE_SCOPES = {
  result: ['result', 'unknown'],
  replacement: ['result', 'tool', 'resource', 'unknown'],
  manifest: META_PLANES,
  keyNames: ['result', 'tool', 'resource', 'unknown'],
} as const satisfies Record<string, readonly WritePlane[]>;

export type PlaneScope = keyof typeof PLANE_SCOPES;

/** A write on one of the planes of `S`. */
export type WriteOn<S extends PlaneScope> = MetaWrite & { readonly plane: (typeof PLANE_SCOPES)[S][number] };

/** The writes on the planes a check acts on (see `PLANE_SCOPES`). */
export function writesOn<S extends PlaneScope>(writes: readonly MetaWrite[], scope: S): Array<WriteOn<S>> {
  const planes: readonly WritePlane[] = PLANE_SCOPES[scope];
  return writes.filter((write): write is WriteOn<S> => planes.includes(write.plane));
}

/** True when `write` is on a plane of `scope`. */
export function isOn<S extends PlaneScope>(write: MetaWrite, scope: S): write is WriteOn<S> {
  return (PLANE_SCOPES[scope] as readonly WritePlane[]).includes(write.plane);
}

/**
 * Why a write is on its plane, strongest first: `sink` (the object is passed to, or returned into, an SDK call whose
 * parameter has that plane: `registerTool`'s config, a tool callback's return, `update({ _meta })`), `source` (the
 * object comes from a call that yields that plane: `await client.callTool(…)`, a wrapped handler's call, a
 * registration's return), `type` (its declared type: `const r: CallToolResult`), `shape` (its own properties:
 * `{ content, _meta }`, `{ uri, text, _meta }`), `name` (the fallback: what the variable is called). `manifest`: the
 * manifest names the call: an emitter, a hook or a hook function (a tool result's, unless a hook function's calls put
 * its fragment somewhere that says more: then that evidence), or one of the
 * team's `sinks` (a registration's config or callback, a result builder: `team-sinks.ts`). `none`: nothing says
 * which object it is; the write is on the `unknown` plane.
 */
export type PlaneEvidence = 'sink' | 'source' | 'type' | 'shape' | 'name' | 'manifest' | 'none';

/** A write's plane and the evidence for it. */
export interface PlaneDecision {
  readonly plane: WritePlane;
  readonly evidence: PlaneEvidence;
}

/** How messages name a plane: `tool result`, `tool descriptor`, `resource`. */
export function planeName(plane: WritePlane): string {
  return PLANES[plane].name;
}

/** How messages name the `_meta` a write is on: "`_meta`" on a tool result, "tool descriptor `_meta`" elsewhere. */
export function metaOnPlane(plane: CheckedPlane): string {
  return plane === 'result' ? '`_meta`' : `${planeName(plane)} \`_meta\``;
}

/** Names of objects on the inbound plane: `_meta` under them is the client's, never a tool result's. */
export const INBOUND_SEGMENTS: ReadonlySet<string> = new Set(['params', 'arguments', 'args', 'request', 'req', 'input', 'extra', 'mcpReq']);

/** A copy of inbound params under another name (`nextParams`, `upstreamArgs`) is still the request plane. */
const INBOUND_NAME = /(?:params|args|arguments|request)$/i;

/** True when the object whose `_meta` is written is on the inbound plane (`params._meta`, `req.args._meta`). */
export function isInbound(owner: TSESTree.Node): boolean {
  const segments = referenceSegments(owner);
  return (
    segments.some((segment) => INBOUND_SEGMENTS.has(segment)) || (segments.length > 0 && INBOUND_NAME.test(segments[segments.length - 1]))
  );
}

/** Properties that make an object literal a tool result (MCP CallToolResult). */
export const TOOL_RESULT_PROPERTIES: ReadonlySet<string> = new Set(['content', 'structuredContent', 'isError']);

/** What the manifest's own names write when nothing else places it (emitters, hooks, hook functions): a tool result. */
export const MANIFEST_RESULT: PlaneDecision = { plane: 'result', evidence: 'manifest' };

/**
 * A write nothing places: still MCP's `_meta` (checks of what a write does, `PLANE_SCOPES.result`, and of key names,
 * `keyNames`, look at it); only the checks against what the manifest registers per plane need a known plane.
 */
export const UNKNOWN: PlaneDecision = { plane: 'unknown', evidence: 'none' };
