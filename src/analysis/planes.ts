/**
 * Plane heuristics: which `_meta` a write touches. A tool result's `_meta` is the plane MCP_META_CHANNELS governs; a
 * tool descriptor's (`registerTool`'s config, `tools/list` entries) and a resource's (`registerResource`'s metadata,
 * `contents: [{ uri, text, _meta }]`) are planes a manifest may register keys on too; the others are never ours to
 * check. The spec: "Inbound _meta (e.g. _meta.session_id inside tool ARGUMENTS) is a separate, client-to-server plane.
 * The eval-report _meta.metric_glossary lives in JSON BODIES of eval commands — a third, unrelated plane."
 * These are the knobs a user is most likely to ask about; each is named here once.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, forEachChildNode, isFunctionNode, parameterName, propertyKeyName, referenceSegments, unwrap } from './ast';
import { findBinding } from './bindings';
import { SDK_REGISTRATIONS } from './sdk-registrations';
import { isTeamResultBuilderCall, isTeamToolCallback, teamSinkOfArgument } from './team-sinks';
import type { MetaPlane } from '../registry/types';
import type { MetaWrite } from './types';

/**
 * The planes a write can be on, declared once with how messages name them. Only `result`, `tool` and `resource` are
 * ever checked against a manifest (a manifest key's `plane`); the others are recognised so they are never mistaken
 * for one of those: `prompt` (a prompt's registration and `prompts/get` results), `request` (inbound `params._meta`,
 * the handler context's `extra._meta` / `ctx.mcpReq._meta`, and the outbound requests a client sends), `client-result`
 * (what a client answers a server: sampling `{ role, content, model }` and elicitation `{ action, content }`), `body`
 * (a serialised JSON body) and `schema` (a zod-style description of a result, not a write).
 */
export const PLANES = {
  result: { checked: true, name: 'tool result' },
  tool: { checked: true, name: 'tool descriptor' },
  resource: { checked: true, name: 'resource' },
  prompt: { checked: false, name: 'prompt' },
  request: { checked: false, name: 'request' },
  'client-result': { checked: false, name: 'sampling or elicitation result' },
  body: { checked: false, name: 'JSON body' },
  schema: { checked: false, name: 'schema' },
  unknown: { checked: false, name: 'object of unknown kind' },
} as const satisfies Record<string, { checked: boolean; name: string }>;

export type WritePlane = keyof typeof PLANES;
/** The planes a manifest registers keys on (the registry's `MetaPlane`): the only ones ever checked. */
export type CheckedPlane = MetaPlane;

/**
 * Which writes a check acts on, said once per rule and consumer through `writesOn`: the model keeps every write on
 * every plane, so a check that forgets to filter would judge inbound requests and JSON bodies. `result`: checks of
 * the tool-result channel only (rule 1's wholesale writes, producer isolation). `manifest`: checks against what the
 * manifest registers per plane. `keyNames`: checks of a key's name that hold on every plane (near misses of
 * registered and host keys, keys the SDK or MCP own), so they also see writes whose plane is unknown.
 */
export const PLANE_SCOPES = {
  result: ['result'],
  manifest: ['result', 'tool', 'resource'],
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
 * manifest names the call: an emitter, a hook or a hook function (which only ever write a tool result), or one of the
 * team's `sinks` (a registration's config or callback, a result builder: `team-sinks.ts`). `none`: nothing says
 * which object it is; the write is on the `unknown` plane.
 */
export type PlaneEvidence = 'sink' | 'source' | 'type' | 'shape' | 'name' | 'manifest' | 'none';

/** A write's plane and the evidence for it. */
export interface PlaneDecision {
  readonly plane: WritePlane;
  readonly evidence: PlaneEvidence;
}

export function isCheckedPlane(plane: WritePlane): plane is CheckedPlane {
  return PLANES[plane].checked;
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

type Node = TSESTree.Node;
type Expression = TSESTree.Expression;

/** Calls whose (awaited) value is a tool result: a client forwarding a call (`await client.callTool(…)`). */
const RESULT_SOURCE_CALLS: ReadonlySet<string> = new Set(['callTool']);
/**
 * Declared types that fix a variable's plane (`const r: CallToolResult = …`), from the SDKs' own type names. The SDK's
 * `Registered*` objects are what `update()` writes (`registeredPrompt._meta = updates._meta` in the SDK's own code).
 */
const PLANE_OF_TYPE: ReadonlyMap<string, WritePlane> = new Map([
  ['CallToolResult', 'result'],
  // MCP_META_CHANNELS's own name for it ("ToolResult._meta").
  ['ToolResult', 'result'],
  ['CompatibilityCallToolResult', 'result'],
  ['Tool', 'tool'],
  ['ToolConfig', 'tool'],
  ['RegisteredTool', 'tool'],
  ['McpUiAppToolConfig', 'tool'],
  ['Resource', 'resource'],
  ['ResourceMetadata', 'resource'],
  ['ResourceTemplate', 'resource'],
  ['RegisteredResource', 'resource'],
  ['RegisteredResourceTemplate', 'resource'],
  ['ResourceContents', 'resource'],
  ['TextResourceContents', 'resource'],
  ['BlobResourceContents', 'resource'],
  ['McpUiAppResourceConfig', 'resource'],
  ['Prompt', 'prompt'],
  ['RegisteredPrompt', 'prompt'],
  ['GetPromptResult', 'prompt'],
  ['CreateMessageResult', 'client-result'],
  ['ElicitResult', 'client-result'],
]);

/** The registration (an `SDK_REGISTRATIONS` call) that `node` is a config argument of, as a decision; null otherwise. */
function sinkOfArgument(node: Node): PlaneDecision | null {
  const call = node.parent;
  if (call?.type !== 'CallExpression') return null;
  const index = call.arguments.indexOf(node as TSESTree.CallExpressionArgument);
  if (index < 0) return null;
  const name = calleeName(call) ?? '';
  const sink = SDK_REGISTRATIONS.get(name);
  if (sink) return sink.configFirst || index > 0 ? { plane: sink.plane, evidence: 'sink' } : null;
  const team = teamSinkOfArgument(call, index);
  if (team) return team;
  // `registered.update({ _meta })`: the SDK's update of a registered tool writes its descriptor.
  const callee = unwrap(call.callee);
  if (name === 'update' && index === 0 && callee.type === 'MemberExpression') {
    const registered = registrationOf(unwrap(callee.object));
    if (registered === 'tool') return { plane: 'tool', evidence: 'sink' };
  }
  return null;
}

/** The plane of what a registration returned (`const search = server.registerTool(…)`), or null. */
function registrationOf(expression: Node): 'tool' | 'resource' | 'prompt' | null {
  if (expression.type !== 'Identifier') return null;
  const init = variableInit(expression);
  const call = init ? awaited(init) : null;
  return call?.type === 'CallExpression' ? (SDK_REGISTRATIONS.get(calleeName(call) ?? '')?.plane ?? null) : null;
}

function variableInit(identifier: TSESTree.Identifier): Expression | null {
  const binding = findBinding(identifier.name, identifier);
  return binding?.kind === 'variable' ? (binding.declarator.init ?? null) : null;
}

function declaratorOf(identifier: TSESTree.Identifier): TSESTree.VariableDeclarator | null {
  const binding = findBinding(identifier.name, identifier);
  return binding?.kind === 'variable' ? binding.declarator : null;
}

/** `await x` and wrappers removed. */
function awaited(expression: Node): Node {
  let inner = unwrap(expression);
  while (inner.type === 'AwaitExpression') inner = unwrap(inner.argument);
  return inner;
}

/**
 * A framework's own descriptor types, by name (`ToolMetadata`, `AppToolDefinition`, `UIResourceProps`): a type says
 * more than a variable's name, so these decide before the name fallback. Their evidence is still `name`: the framework
 * may reshape the object before the host sees it (xmcp splits `ToolMetadata._meta.ui` between the tool and its resource).
 */
const TOOL_TYPE_NAME = /Tool(?:Config|Configuration|Def|Definition|Descriptor|Metadata|Spec)$/;
const RESOURCE_TYPE_NAME = /Resource(?:Config|Configuration|Def|Definition|Descriptor|Metadata|Props)$/;

/** The plane a type names (`CallToolResult`, `ToolMetadata`, `ResourceContents & { _meta?: … }`), or null. */
function planeOfTypeNode(type: TSESTree.TypeNode | undefined): PlaneDecision | null {
  if (type?.type === 'TSIntersectionType') {
    for (const member of type.types) {
      const decided = planeOfTypeNode(member);
      if (decided) return decided;
    }
    return null;
  }
  if (type?.type !== 'TSTypeReference') return null;
  const typeName = type.typeName;
  const name = typeName.type === 'Identifier' ? typeName.name : typeName.type === 'TSQualifiedName' ? typeName.right.name : null;
  if (name === null) return null;
  const known = PLANE_OF_TYPE.get(name);
  if (known) return { plane: known, evidence: 'type' };
  if (TOOL_TYPE_NAME.test(name)) return { plane: 'tool', evidence: 'name' };
  if (RESOURCE_TYPE_NAME.test(name)) return { plane: 'resource', evidence: 'name' };
  return null;
}

/**
 * The plane a declarator's type says: its annotation (`const r: CallToolResult`), else its initializer's assertion
 * (`const props = { … } as UIResourceProps`, `satisfies Tool`); null when neither names one.
 */
function planeOfDeclaredType(declarator: TSESTree.VariableDeclarator): PlaneDecision | null {
  const annotated = planeOfTypeNode(declarator.id.typeAnnotation?.typeAnnotation);
  if (annotated) return annotated;
  for (let init = declarator.init; init; init = init.expression) {
    if (init.type !== 'TSAsExpression' && init.type !== 'TSSatisfiesExpression' && init.type !== 'TSTypeAssertion') return null;
    const asserted = planeOfTypeNode(init.typeAnnotation);
    if (asserted) return asserted;
  }
  return null;
}

/**
 * The plane of what a call returns, from the declared return type of the function called: a parameter typed as a
 * function (`pick: () => ToolResult`, then `pick()._meta = …`) or a function declared here; null otherwise.
 */
function planeOfCallReturn(call: TSESTree.CallExpression): PlaneDecision | null {
  const callee = unwrap(call.callee);
  if (callee.type !== 'Identifier') return null;
  const binding = findBinding(callee.name, callee);
  if (binding?.kind === 'function') return planeOfTypeNode(binding.fn.returnType?.typeAnnotation);
  const annotation = binding?.kind === 'other' ? parameterAnnotation(callee) : null;
  return annotation?.type === 'TSFunctionType' ? planeOfTypeNode(annotation.returnType?.typeAnnotation) : null;
}

/** The type annotation of the parameter `identifier` names, or null. */
function parameterAnnotation(identifier: TSESTree.Identifier): TSESTree.TypeNode | null {
  for (let scope: Node | undefined = identifier.parent; scope; scope = scope.parent) {
    if (!isFunctionNode(scope)) continue;
    for (const param of scope.params) {
      const id = param.type === 'AssignmentPattern' ? param.left : param;
      if (id.type === 'Identifier' && id.name === identifier.name) return id.typeAnnotation?.typeAnnotation ?? null;
    }
  }
  return null;
}

/** The plane a parameter's annotation says (`function add(toolConfig: ToolMetadata)`), or null. */
function planeOfParameter(identifier: TSESTree.Identifier): PlaneDecision | null {
  return planeOfTypeNode(parameterAnnotation(identifier) ?? undefined);
}

/**
 * True when an (awaited) call yields a tool result: `client.callTool(…)`, or a call of a function the enclosing code
 * was handed (`handler(args, extra)`, `next()` in a wrapper): a wrapped handler's result.
 */
function isResultSource(init: Node): boolean {
  const call = awaited(init);
  if (call.type !== 'CallExpression') return false;
  if (RESULT_SOURCE_CALLS.has(calleeName(call) ?? '')) return true;
  const callee = unwrap(call.callee);
  return callee.type === 'Identifier' && findBinding(callee.name, callee)?.kind === 'other' && isParameter(callee);
}

/** True when `identifier` names a parameter of a function enclosing it. */
function isParameter(identifier: TSESTree.Identifier): boolean {
  for (let scope: Node | undefined = identifier.parent; scope; scope = scope.parent) {
    if (isFunctionNode(scope) && scope.params.some((param) => parameterName(param) === identifier.name)) return true;
  }
  return false;
}

/** Declarators already asked where they go: a variable's later sink is searched once per file. */
const sinksOfDeclarators = new WeakMap<TSESTree.VariableDeclarator, PlaneDecision | null>();

/**
 * The registration a variable is passed to later in its scope (`const config = { … }; …; server.registerTool('x',
 * config, cb)`), as a decision; null when it reaches none. A config filled in before registration
 * (`config._meta.ui = …`) is then a descriptor, not a result.
 */
function laterSinkOf(declarator: TSESTree.VariableDeclarator): PlaneDecision | null {
  if (sinksOfDeclarators.has(declarator)) return sinksOfDeclarators.get(declarator) ?? null;
  let found: PlaneDecision | null = null;
  // Asked before it is answered: a chain that comes back to this declarator (`let a = b; b = a`) ends here.
  sinksOfDeclarators.set(declarator, null);
  const id = declarator.id;
  const scope = declarator.parent?.parent;
  if (id.type === 'Identifier' && scope) {
    const visit = (node: Node): void => {
      if (found) return;
      if (node.type === 'Identifier' && node.name === id.name && node !== id) {
        if (declaratorOf(node) !== declarator) return;
        // `const config = { … }; const toolDef = config; server.registerTool(n, toolDef, cb)`: through each variable.
        const copy = copiedInto(node);
        found = copy ? laterSinkOf(copy) : sinkOfArgument(node);
        return;
      }
      forEachChildNode(node, visit);
    };
    visit(scope);
  }
  sinksOfDeclarators.set(declarator, found);
  return found;
}

/** The same value without what only types it: `x as T`, `x satisfies T`, `x!`, `<T>x` (the outermost of them). */
function outsideTypeWrappers(value: Node): Node {
  let node = value;
  while (
    node.parent &&
    (node.parent.type === 'TSAsExpression' ||
      node.parent.type === 'TSSatisfiesExpression' ||
      node.parent.type === 'TSNonNullExpression' ||
      node.parent.type === 'TSTypeAssertion')
  ) {
    node = node.parent;
  }
  return node;
}

/** The declarator `reference` is the whole initializer of (`const b = a`, `const b = a as ToolConfig`), or null. */
function copiedInto(reference: Node): TSESTree.VariableDeclarator | null {
  const node = outsideTypeWrappers(reference);
  const parent = node.parent;
  return parent?.type === 'VariableDeclarator' && parent.init === node && parent.id.type === 'Identifier' ? parent : null;
}

/** What a variable's declaration says about its plane: its type, its source, its later sink, its literal's shape. */
function planeOfVariable(identifier: TSESTree.Identifier): PlaneDecision | null {
  const declarator = declaratorOf(identifier);
  if (!declarator) return planeOfParameter(identifier);
  const registered = registrationOf(identifier);
  if (registered) return { plane: registered, evidence: 'source' };
  const declared = planeOfDeclaredType(declarator);
  if (declared) return declared;
  const init = declarator.init ? unwrap(declarator.init) : null;
  if (init && isResultSource(init)) return { plane: 'result', evidence: 'source' };
  if (init && isTeamResultBuilderCall(awaited(init))) return { plane: 'result', evidence: 'manifest' };
  const later = laterSinkOf(declarator);
  if (later) return later;
  if (init?.type === 'ObjectExpression') {
    const shaped = planeOfShape(init);
    if (shaped) return { plane: shaped, evidence: 'shape' };
  }
  return null;
}

/** True when the object whose `_meta` is written is on the inbound plane (`params._meta`, `req.args._meta`). */
export function isInbound(owner: TSESTree.Node): boolean {
  const segments = referenceSegments(owner);
  return (
    segments.some((segment) => INBOUND_SEGMENTS.has(segment)) || (segments.length > 0 && INBOUND_NAME.test(segments[segments.length - 1]))
  );
}

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

/** Short names a handler or wrapper gives the result it builds or re-wraps (`out`, `res`, `r`): the name fallback. */
const RESULT_OWNER_NAME = /^(?:out|output|r|res|ret|reply)$/;

/** A write nothing places: only checks that hold on every plane look at it (`PLANE_SCOPES.keyNames`). */
export const UNKNOWN: PlaneDecision = { plane: 'unknown', evidence: 'none' };

/** Variables named for a descriptor (`toolConfig`, `toolDef`, `resourceProps`): the name fallback's other planes. */
const TOOL_CONFIG_NAME = /^tool(?:Config|Configuration|Def|Definition|Descriptor|Metadata|Spec)$/i;
const RESOURCE_CONFIG_NAME = /^resource(?:Config|Configuration|Def|Definition|Descriptor|Metadata|Props)$/i;

/** What an object literal's own properties say it is, or null. */
function planeOfShape(literal: TSESTree.ObjectExpression): WritePlane | null {
  const names = new Set<string>();
  for (const property of literal.properties) if (property.type === 'Property') names.add(propertyKeyName(property) ?? '');
  // A client's answer to a server (sampling `{ role, content, model }`, elicitation `{ action, content }`) has
  // `content` too; it is not a tool result.
  if ((names.has('role') && names.has('model')) || (names.has('action') && !names.has('isError') && !names.has('structuredContent'))) {
    return 'client-result';
  }
  if ([...TOOL_RESULT_PROPERTIES].some((name) => names.has(name))) return 'result';
  if (names.has('inputSchema')) return 'tool';
  if (names.has('uri') && (names.has('text') || names.has('blob') || names.has('mimeType') || names.has('name'))) return 'resource';
  if (names.has('messages') || names.has('argsSchema')) return 'prompt';
  return null;
}

/** The declarator a literal initialises, through type assertions (`const p = { … } as UIResourceProps`), or null. */
function declaratorOfLiteral(literal: Node): TSESTree.VariableDeclarator | null {
  const node = outsideTypeWrappers(literal);
  return node.parent?.type === 'VariableDeclarator' && node.parent.init === node ? node.parent : null;
}

/**
 * True when `identifier` is a local variable initialised by an object literal whose every property is written there:
 * what it holds is known, so its name (`result`, `response`) says nothing more (a test's `const result = {
 * supportedVersions, capabilities }` is a discover result, not a tool result).
 */
function isSeenLiteral(identifier: TSESTree.Identifier): boolean {
  const init = declaratorOf(identifier)?.init;
  const literal = init ? unwrap(init) : null;
  return (
    literal?.type === 'ObjectExpression' &&
    literal.properties.length > 0 &&
    literal.properties.every((property) => property.type === 'Property')
  );
}

/** The function a literal is returned from (`return { … }` or an arrow's expression body), or null. */
function functionReturning(literal: Node): Node | null {
  const parent = literal.parent;
  if (parent?.type === 'ArrowFunctionExpression' && parent.body === literal) return parent;
  if (parent?.type !== 'ReturnStatement') return null;
  for (let scope: Node | undefined = parent.parent; scope; scope = scope.parent) if (isFunctionNode(scope)) return scope;
  return null;
}

/** True when `fn` is the callback of a tool registration (`registerTool(name, config, fn)`): it returns results. */
function isToolCallback(fn: Node): boolean {
  const call = fn.parent;
  if (call?.type !== 'CallExpression' || !call.arguments.includes(fn as TSESTree.CallExpressionArgument)) return false;
  return SDK_REGISTRATIONS.get(calleeName(call) ?? '')?.plane === 'tool';
}

/** The plane of an object literal that carries `_meta`, with its evidence, or null when it is none we know. */
export function planeDecisionOfLiteral(literal: TSESTree.ObjectExpression): PlaneDecision | null {
  const parent = literal.parent;
  if (parent?.type === 'CallExpression' && parent.arguments.includes(literal)) {
    const name = calleeName(parent) ?? '';
    if (BODY_SINKS.has(name)) return { plane: 'body', evidence: 'sink' };
    if (SCHEMA_BUILDERS.has(name)) return { plane: 'schema', evidence: 'sink' };
    const sink = sinkOfArgument(literal);
    if (sink) return sink;
  }
  const declarator = declaratorOfLiteral(literal);
  if (declarator) {
    const declared = planeOfDeclaredType(declarator);
    if (declared) return declared;
    const later = laterSinkOf(declarator);
    if (later) return later;
  }
  const returnedFrom = functionReturning(literal);
  if (returnedFrom && isToolCallback(returnedFrom)) return { plane: 'result', evidence: 'sink' };
  if (returnedFrom && isTeamToolCallback(returnedFrom)) return { plane: 'result', evidence: 'manifest' };
  const shaped = planeOfShape(literal);
  if (shaped) return { plane: shaped, evidence: 'shape' };
  for (const property of literal.properties) {
    if (property.type !== 'SpreadElement') continue;
    const spread = unwrap(property.argument);
    if (spread.type === 'Identifier') {
      const declared = planeOfVariable(spread);
      if (declared) return declared;
      if (isSeenLiteral(spread)) continue;
    }
    const segments = referenceSegments(spread);
    if (segments.length > 0 && RESULT_NAME.test(segments[segments.length - 1])) return { plane: 'result', evidence: 'name' };
  }
  return null;
}
