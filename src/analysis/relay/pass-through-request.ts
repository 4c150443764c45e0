/**
 * What a proxy loses on the way upstream, and what it re-advertises without its `_meta`: the relay side of the
 * pass-through model (`pass-through.ts` holds the tool results coming back). Three findings, built once per AST
 * (`relayOf`) for a file whose text names an upstream call (`mayRelay`):
 *
 * - `droppedCallerMeta`: a handler that receives the caller's request `_meta` (`extra._meta` in SDK v1,
 *   `ctx.mcpReq._meta` in v2, `request.params._meta` in a `setRequestHandler` callback) forwards the same request
 *   upstream (`x.callTool({ name, arguments })` from a tool callback, `x.getPrompt(…)` from a prompt's, `x.readResource(…)`
 *   from a resource's read callback, `x.request({ method: 'tools/call', params })`: the requests of `CLIENT_REQUESTS`
 *   a proxy forwards one for one) with params that carry no `_meta` at all (`omitted`), or a `_meta` built from one or
 *   two of the caller's keys (`picked`: `{ progressToken: extra._meta?.progressToken }`) where the code shows no
 *   filtering on purpose (a rest destructuring or a `delete` of the caller's `_meta`). Every other key the caller set
 *   (trace context, client keys) is gone upstream.
 * - `liftedEnvelopeRead`: SDK v2 lifts the reserved envelope keys (`io.modelcontextprotocol/protocolVersion`,
 *   `clientInfo`, `clientCapabilities`, `logLevel`) out of the request's `_meta` before a handler runs and surfaces
 *   them at `ctx.mcpReq.envelope`: `ctx.mcpReq._meta?.[CLIENT_INFO_META_KEY]` is always `undefined`.
 * - `droppedDescriptorMeta`: entries of an upstream's `listTools()` / `listResources()` / `listResourceTemplates()` /
 *   `listPrompts()` (or `request({ method: 'tools/list' })`), or the contents of its `readResource()`, rebuilt from
 *   their fields without `_meta` (`tools.map((t) => ({ name: t.name, inputSchema: t.inputSchema }))`) where they are
 *   advertised again: returned from a list (or `resources/read`) handler, given to `registerTool` /
 *   `registerResource` / `registerPrompt` as the config, or stored in a module-level table that the list handler
 *   answers from. The host keys on the descriptor (`ui`, `openai/outputTemplate`) or the resource (CSP, permissions)
 *   are lost. So is the `_meta` of the `readResource()` or `getPrompt()` result itself, answered as `{ contents:
 *   r.contents }` or `{ description: r.description, messages: r.messages }`.
 * - A `resources/read` answer's contents item built from a listed resource (`resources.find((r) => r.uri === uri)`
 *   over `listResources()`) or from what a registered resource's own read returned (`await resource.read({ uri })`
 *   in the read callback of `server.resource(resource.name, resource.uri, …)`) without their `_meta`: the keys the
 *   resource carries (MCP Apps `ui` CSP and permissions) never reach the client that reads it (`readFrom`).
 */
import type { TSESTree } from '@typescript-eslint/utils';
import type { TeamSinkNames } from '../../registry/types';
import {
  calleeName,
  conditionalLiterals,
  containsNode,
  enclosingFunction,
  functionName,
  functionReturning,
  isFunctionNode,
  memberPropertyName,
  outsideTypeWrappers,
  passesValueOn,
  propertyKeyName,
  propertyNamed,
  referenceText,
  returnedValues,
  rootOf,
  staticString,
  thenReceiver,
  unwrap,
  walkAll,
} from '../syntax/ast';
import { declaratorOf, findBinding, functionBoundTo, importOfName, patternDeclares } from '../syntax/bindings';
import { countCost } from '../../util/cost-counter';
import { sortedHasIn } from '../syntax/offset-set';
import { insertionPoint, isToolCallback, registeredCallbackOf, type InsertionPoint, type MetaRead } from './pass-through';
import { TYPE_ONLY_TYPES } from '../sites/prune';
import {
  answersItself,
  calleeLabel,
  followImportsFrom,
  importedAnswersItself,
  importedTypeWithoutMeta,
  localFunction,
  requestMethodOf,
  stripAwait,
} from './upstream-calls';
import {
  declaredMemberType,
  declaresNoSlot,
  listElementType,
  sameFileMembers,
  sameFileTypeDeclaration,
  typeWithout,
} from '../syntax/declared-without-meta';
import { moduleResolverOf } from '../modules/module-resolver';
import { CLIENT_REQUESTS, isRequestHandlerCall, methodOfClientCall, requestMethodOfHandler } from './client-requests';
import { RELAY_WORD_LIST, wholeWords, wordsOf, type ResultAndRelayWords } from './file-words';
import { sdkRegistrationOf } from '../plane/sdk-registrations';
import { isSdkCallbackOf, isSdkResourceCallback } from '../plane/flow';
import { isTypeScriptFile } from '../typed/type-services';

type Node = TSESTree.Node;
type FunctionNode = TSESTree.FunctionDeclaration | TSESTree.FunctionExpression | TSESTree.ArrowFunctionExpression;

/** The caller's request `_meta` keys the SDK v2 server lifts into `ctx.mcpReq.envelope` (`RESERVED_ENVELOPE_META_KEYS`). */
export const ENVELOPE_META_KEYS: ReadonlyMap<string, string> = new Map([
  ['io.modelcontextprotocol/protocolVersion', 'PROTOCOL_VERSION_META_KEY'],
  ['io.modelcontextprotocol/clientInfo', 'CLIENT_INFO_META_KEY'],
  ['io.modelcontextprotocol/clientCapabilities', 'CLIENT_CAPABILITIES_META_KEY'],
  ['io.modelcontextprotocol/logLevel', 'LOG_LEVEL_META_KEY'],
]);
const ENVELOPE_CONSTANTS: ReadonlyMap<string, string> = new Map([...ENVELOPE_META_KEYS].map(([key, constant]) => [constant, key]));

export interface DroppedCallerMeta {
  /**
   * `omitted`: the upstream params have no `_meta`; `picked`: a `_meta` of one or two of the caller's keys;
   * `own-token`: a `_meta` of nothing but a progress token of this hop's own (`{ progressToken: upstreamToken }`);
   * `positional`: the call's fields are given one by one to the code base's own wrapper (`proxy.callTool(server, name,
   * args)`), none of them the caller's `_meta` or anything holding it.
   */
  readonly kind: 'omitted' | 'picked' | 'own-token' | 'positional';
  /** The upstream call (`upstream.callTool(…)`, `upstream.request(…)`). */
  readonly call: TSESTree.CallExpression;
  /** What messages call it: `upstream.callTool(…)`. */
  readonly label: string;
  /** The params object literal sent upstream; null for `positional`. */
  readonly params: TSESTree.ObjectExpression | null;
  /** For `picked` and `own-token`: the `_meta` property and its object literal. */
  readonly meta: TSESTree.Property | null;
  /** The caller's request `_meta` as the callback reads it: `extra._meta`, `ctx.mcpReq._meta`, `request.params._meta`. */
  readonly callerMeta: string;
  /**
   * For a function that handles a raw JSON-RPC request itself (`enclosingRequestHandler`): what holds the caller's
   * `_meta` (`req.params`), and whether an edit must read it guarded. JSON-RPC makes `params` optional and the request's
   * type is the code base's own (assistant-ui's bridge: `McpAppJsonRpcRequest`, `params?: unknown`), given on the
   * parameter or by where the function goes: `req.params._meta`, as the message names it, throws when `params` is
   * absent and need not type-check. Null for a handler the SDK types.
   */
  readonly requestParams: { readonly holder: string; readonly optional: boolean } | null;
  /**
   * Where a declaration can go before the params literal (the call's, or the request `const`'s): `insertionPoint`, as
   * for a result's suggestions; null in an arrow's expression body.
   */
  readonly insertion: InsertionPoint | null;
}

export interface LiftedEnvelopeRead {
  /** The `_meta` member's property (`_meta` in `ctx.mcpReq._meta?.[K]`): what the suggestion renames to `envelope`. */
  readonly metaProperty: TSESTree.Node;
  /** The whole read `ctx.mcpReq._meta?.[K]`. */
  readonly node: TSESTree.MemberExpression;
  /** The key read. */
  readonly key: string;
  /** `ctx.mcpReq` as written. */
  readonly request: TSESTree.Expression;
}

export interface DroppedDescriptorMeta {
  /** The rebuilt entry. */
  readonly literal: TSESTree.ObjectExpression;
  /** `tool`, `resource`, `resource template`, `prompt`, `resource contents item`, `resource read result`, `prompt result`. */
  readonly entry: string;
  /** The upstream call the entries come from (`upstream.listTools()`), or the typed parameter (`t: Tool`). */
  readonly source: TSESTree.Node;
  readonly label: string;
  /** The identifier the entry is read through (`t` in `t.name`). */
  readonly holder: TSESTree.Identifier;
  /** The fields copied (`name`, `inputSchema`, …). */
  readonly fields: readonly string[];
  /**
   * Where it is advertised again: `list-handler`; `answer`, the answer to a `resources/read` or `prompts/get`;
   * `registration`; `module-table`, a module-level table the list handler answers from (`table`); `typed-return` for
   * a function that takes a descriptor and returns one (`(t: Tool): Tool`), whose result is the descriptor from then on.
   */
  readonly sink: 'list-handler' | 'answer' | 'registration' | 'module-table' | 'typed-return';
  /**
   * The class field the entries were kept in between the list call and here (`toolIndex` of `this.toolIndex.values()`),
   * or null. Its entries are of the code base's own type, which may have no `_meta` to carry over.
   */
  readonly field: string | null;
  /**
   * For `module-table`: the module-level table the rebuilt entries are stored in (`serverInfos`), and the function that
   * answers the list request from it. Null otherwise.
   */
  readonly table: { readonly name: string; readonly handler: TSESTree.Node; readonly method: string } | null;
  /**
   * For a `resources/read` contents item built from something other than an upstream's read: `listed-resource`, an
   * entry of a `listResources()` list (`source` is that call); `resource-read`, what a registered resource's own
   * read returned (`source` is that call). Null otherwise.
   */
  readonly readFrom: 'listed-resource' | 'resource-read' | null;
  /**
   * How the suggestion reads the holder's `_meta` (see `MetaRead`): guarded where the literal reads the holder
   * guarded (`r?.uri`); through a cast in TypeScript for a `readFrom` holder, whose type is the code base's own and
   * may declare no `_meta`.
   */
  readonly read: MetaRead;
}

export interface RelayAnalysis {
  readonly droppedCallerMeta: readonly DroppedCallerMeta[];
  readonly liftedEnvelopeReads: readonly LiftedEnvelopeRead[];
  readonly droppedDescriptorMeta: readonly DroppedDescriptorMeta[];
}

const EMPTY: RelayAnalysis = Object.freeze({ droppedCallerMeta: [], liftedEnvelopeReads: [], droppedDescriptorMeta: [] });
const byAst = new WeakMap<object, RelayAnalysis>();

/**
 * The upstream calls whose result lists descriptors, the list's property, what one entry is called, and the SDK type
 * of one entry (a function that takes one and returns one, `(t: Tool): Tool`, rebuilds a descriptor).
 */
const LIST_SOURCES: ReadonlyMap<string, { readonly list: string; readonly entry: string; readonly type: string | null }> = new Map([
  ['listTools', { list: 'tools', entry: 'tool', type: 'Tool' }],
  ['listResources', { list: 'resources', entry: 'resource', type: 'Resource' }],
  ['listResourceTemplates', { list: 'resourceTemplates', entry: 'resource template', type: 'ResourceTemplate' }],
  ['readResource', { list: 'contents', entry: 'resource contents item', type: null }],
  ['listPrompts', { list: 'prompts', entry: 'prompt', type: 'Prompt' }],
]);
/** The SDK descriptor types (`Tool`, `Resource`, `ResourceTemplate`) and the list call whose entries they type. */
export const DESCRIPTOR_TYPES: ReadonlyMap<string, string> = new Map(
  [...LIST_SOURCES].flatMap(([source, { type }]) => (type === null ? [] : [[type, source] as const])),
);
export { RELAY_WORD_LIST } from './file-words';
const RELAY_WORDS = new RegExp(wholeWords(RELAY_WORD_LIST), 'g');

/** The offset of the last non-space character before `at`, or -1. */
function skipSpaceBack(text: string, at: number): number {
  let index = at;
  while (index >= 0 && /\s/.test(text[index])) index -= 1;
  return index;
}

/**
 * Whether the word at `at` is a function's declared return type: `): Tool`, `): Promise<mcp.Tool>` (a function that returns
 * a descriptor, which may rebuild one without its `_meta`). A parameter's or a variable's `: Tool` is not: every
 * finding on a typed descriptor is a returned literal.
 */
function isReturnTypeAt(text: string, at: number): boolean {
  let index = skipSpaceBack(text, at - 1);
  // `mcp.Tool` of a namespace import.
  if (text[index] === '.') {
    index -= 1;
    while (index >= 0 && /[\w$]/.test(text[index])) index -= 1;
    index = skipSpaceBack(text, index);
  }
  if (text[index] === '<' && text.startsWith('Promise', index - 7)) index = skipSpaceBack(text, index - 8);
  if (text[index] !== ':') return false;
  return text[skipSpaceBack(text, index - 1)] === ')';
}

/**
 * Where the relay words are in `text` (a descriptor type only as a return type), up to the first when `first`: the
 * definition `mayRelay` answers by string search (exported for the test that compares the two).
 */
export function relayMarks(text: string, first: boolean): number[] {
  const marks: number[] = [];
  RELAY_WORDS.lastIndex = 0;
  for (let match = RELAY_WORDS.exec(text); match !== null; match = RELAY_WORDS.exec(text)) {
    if (DESCRIPTOR_TYPES.has(match[0]) && !isReturnTypeAt(text, match.index)) continue;
    marks.push(match.index);
    if (first) break;
  }
  RELAY_WORDS.lastIndex = 0;
  return marks;
}

/**
 * Where the relay words are in `text`, as `relayMarks` finds them, from the file's one scan of words (`wordsOf`, which
 * the pass-through marks share), up to the first when `first`.
 */
export function relayMarksOf(
  text: string,
  first: boolean,
  words: Pick<ResultAndRelayWords, 'relays' | 'relayWords'> = wordsOf(text),
): number[] {
  const { relays, relayWords } = words;
  const marks: number[] = [];
  for (let index = 0; index < relays.length; index += 1) {
    if (DESCRIPTOR_TYPES.has(relayWords[index]) && !isReturnTypeAt(text, relays[index])) continue;
    marks.push(relays[index]);
    if (first) break;
  }
  return marks;
}

/** Cheap first check on the text (the rule asks it of files the write check ruled out too). */
export function mayRelay(text: string, words: Pick<ResultAndRelayWords, 'relays' | 'relayWords'> = wordsOf(text)): boolean {
  return relayMarksOf(text, true, words).length > 0;
}

/** The file's relay findings, once per AST. */
export function relayOf(ast: TSESTree.Program, text: string, sinks: TeamSinkNames, file: string | null = null): RelayAnalysis {
  const known = byAst.get(ast);
  if (known) return known;
  if (!mayRelay(text)) {
    byAst.set(ast, EMPTY);
    return EMPTY;
  }
  // The types a list method declares it returns may be imported from a module of the code base (`returnsTypeWithoutMeta`):
  // read from the file's resolver, nothing until one is asked about.
  if (file !== null) followImportsFrom(ast, moduleResolverOf(file));
  const analysis = analyse(ast, text, sinks, file === null || isTypeScriptFile(file));
  byAst.set(ast, analysis);
  return analysis;
}

function analyse(ast: TSESTree.Program, text: string, sinks: TeamSinkNames, typescript: boolean): RelayAnalysis {
  // Every finding sits in a function whose text names an upstream call or `mcpReq` (the handler that forwards, lists
  // or reads), or at the top level: a function naming none is not entered, nor anything in it (most of a server).
  const marks = relayMarksOf(text, false);
  const marked = new WeakSet<Node>();
  const enter = (node: Node): boolean => {
    if (TYPE_ONLY_TYPES.has(node.type)) return false;
    if (!isFunctionNode(node)) return true;
    // Some handlers are entered as marked ones whatever their own text names (`enteredUnmarked`). The walk asks this
    // only of the functions it reaches (top-level ones, and those in an entered one).
    if (sortedHasIn(marks, node.range[0], node.range[1]) || enteredUnmarked(node)) {
      marked.add(node);
      return true;
    }
    // A function inside a marked one (`tools.map((t) => …)` in a list handler) is entered too, and so are the functions
    // inside it (`c.listTools().then((r) => r.tools.map((t) => …))`: the `.then` callback names no upstream call itself).
    for (let up: Node | undefined = node.parent; up; up = up.parent) {
      if (!isFunctionNode(up)) continue;
      if (!marked.has(up)) return false;
      marked.add(node);
      return true;
    }
    return false;
  };
  const file = { typescript };
  const dropped: DroppedCallerMeta[] = [];
  const lifted: LiftedEnvelopeRead[] = [];
  const descriptors: DroppedDescriptorMeta[] = [];
  let visited = 0;
  walkAll(
    ast,
    (node) => {
      visited += 1;
      if (node.type === 'CallExpression') {
        // Only an upstream call (`callTool`, `getPrompt`, …, `request`) can drop the caller's `_meta`: other calls are not looked at.
        const name = calleeName(node);
        if (name === null || (!FORWARDING_CALLS.has(name) && name !== 'request')) return;
        const found = droppedCallerMetaAt(node, sinks, text);
        if (found) dropped.push(found);
      } else if (node.type === 'MemberExpression') {
        const read = liftedEnvelopeReadAt(node);
        if (read) lifted.push(read);
      } else if (node.type === 'ObjectExpression') {
        const found = droppedDescriptorAt(node, file) ?? droppedAnsweredResultAt(node);
        if (found) descriptors.push(found);
      }
    },
    enter,
  );
  countCost('relay-nodes', visited);
  if (dropped.length === 0 && lifted.length === 0 && descriptors.length === 0) return EMPTY;
  return { droppedCallerMeta: dropped, liftedEnvelopeReads: lifted, droppedDescriptorMeta: descriptors };
}

// ---------------------------------------------------------------------------------------------------------------
// The caller's request `_meta`

/** The client calls that send a request a proxy forwards one for one (`callTool`, `getPrompt`, `readResource`, …). */
const FORWARDING_CALLS: ReadonlySet<string> = new Set(
  [...CLIENT_REQUESTS.values()].filter((request) => request.forwarded).map((request) => request.client),
);

/**
 * The request `call` sends upstream, of those a proxy forwards one for one (`CLIENT_REQUESTS`' `forwarded`): its
 * method, and its params literal when written there (null: given whole or field by field). `x.getPrompt({ … })`: its
 * first argument; `x.request({ method: 'prompts/get', params: { … } })`: the params literal (a request sent so whose
 * params are no literal is not followed). The request may be a `const` of the same function built just before (`const
 * req = { method: 'tools/call', params }; x.request(req, Schema)`) when nothing else touches it (no `req.params._meta =
 * …` later).
 */
function forwardedRequestOf(call: TSESTree.CallExpression): { method: string; params: TSESTree.ObjectExpression | null } | null {
  const name = calleeName(call);
  const argument = call.arguments[0] ? (unwrap(call.arguments[0]) as Node) : null;
  const first = argument?.type === 'Identifier' ? requestConstOf(argument) : argument;
  if (name === 'request') {
    const method = requestMethodOf(first);
    if (method === null || !CLIENT_REQUESTS.get(method)?.forwarded) return null;
    const params = first?.type === 'ObjectExpression' ? propertyNamed(first, 'params') : null;
    const value = params ? (unwrap(params.value) as Node) : null;
    return value?.type === 'ObjectExpression' ? { method, params: value } : null;
  }
  const method = name !== null && FORWARDING_CALLS.has(name) ? methodOfClientCall(name) : null;
  return method === null ? null : { method, params: first?.type === 'ObjectExpression' ? first : null };
}

/** The object literal a `const` given as the request holds, when the call is its only use in its function; else null. */
function requestConstOf(identifier: TSESTree.Identifier): TSESTree.ObjectExpression | null {
  const binding = findBinding(identifier.name, identifier);
  if (binding?.kind !== 'variable' || binding.declarationKind !== 'const' || !binding.declarator.init) return null;
  const init = unwrap(binding.declarator.init) as Node;
  if (init.type !== 'ObjectExpression') return null;
  const fn = enclosingFunction(identifier);
  if (!fn || enclosingFunction(binding.declarator) !== fn) return null;
  let uses = 0;
  walkAll(fn.body, (node) => {
    if (node.type === 'Identifier' && node.name === identifier.name && node !== binding.declarator.id) uses += 1;
  });
  return uses === 1 ? init : null;
}

/** Members of a context parameter that say it is one (`extra.signal`, `ctx.mcpReq`), for a one-parameter callback. */
const CONTEXT_MEMBERS: ReadonlySet<string> = new Set([
  '_meta',
  'mcpReq',
  'signal',
  'sendNotification',
  'sendRequest',
  'requestId',
  'authInfo',
]);

/**
 * The caller's request `_meta` as `fn` (a handler of `method`) can read it, or null when `fn` does not receive it: the
 * context parameter (`contextParameterOf`; one not declared as such only when the body uses it as one:
 * `extra.signal`), or the request of a `setRequestHandler` callback (`(request, extra)` -> `request.params._meta`).
 */
function callerMetaOf(fn: FunctionNode, method: string, file: { v2: boolean }, sinks: TeamSinkNames): string | null {
  // A tool handler composed with middleware (`withAuth(async (request, extra) => …)`) is registered through the wrapper.
  const call = (registeredCallbackOf(fn, sinks) ?? fn).parent;
  if (call?.type === 'CallExpression' && calleeName(call) === 'setRequestHandler') {
    const request = fn.params[0];
    return request?.type === 'Identifier' ? `${request.name}.params._meta` : null;
  }
  const { param, declared } = contextParameterOf(fn, method);
  if (param?.type !== 'Identifier') return null;
  let usedAsContext = declared;
  let v2 = file.v2;
  walkAll(fn.body, (node) => {
    if (node.type !== 'MemberExpression' || unwrap(node.object).type !== 'Identifier') return;
    if ((unwrap(node.object) as TSESTree.Identifier).name !== param.name) return;
    const member = memberPropertyName(node);
    if (member === null || !CONTEXT_MEMBERS.has(member)) return;
    usedAsContext = true;
    if (member === 'mcpReq') v2 = true;
  });
  if (!usedAsContext) return null;
  return v2 ? `${param.name}.mcpReq._meta` : `${param.name}._meta`;
}

/**
 * The parameter a registration's callback takes the request context in, and whether its place says so: a tool's or a
 * prompt's takes it after the arguments (`(args, extra)`) or alone (`(extra)`, said only by the body's use of it); a
 * resource's read callback after the URI (`(uri, extra)`), a template's after its variables too (`(uri, variables,
 * extra)`), so the second of two parameters is the context only when the body uses it as one.
 */
function contextParameterOf(fn: FunctionNode, method: string): { param: TSESTree.Parameter | undefined; declared: boolean } {
  if (method === 'resources/read')
    return fn.params.length >= 3 ? { param: fn.params[2], declared: true } : { param: fn.params[1], declared: false };
  return fn.params.length >= 2 ? { param: fn.params[1], declared: true } : { param: fn.params[0], declared: false };
}

/**
 * The request `fn` is registered in this file to handle: `tools/call` for a tool callback (also composed with
 * middleware on its way there), the method of a `setRequestHandler` callback, `prompts/get` for a prompt's callback and
 * `resources/read` for a resource's read callback. Null when it is registered as none, or for a request none of
 * `CLIENT_REQUESTS` is (a schema of the code base's own may stand for any of them: the function is then asked as one
 * named as handling a request, `enclosingRequestHandler`).
 */
function handledRequestOf(fn: FunctionNode, sinks: TeamSinkNames): string | null {
  if (isToolCallback(fn, sinks)) return 'tools/call';
  if (isRequestHandlerCall(fn.parent, fn)) return requestMethodOfHandler(fn.parent);
  for (const { method, plane } of ANSWERED_REQUESTS.values()) if (isSdkCallbackOf(fn, plane)) return method;
  return null;
}

/** The handler of the caller's request a call forwards, and the caller's `_meta` as it reads it (null: it takes no context). */
interface CallerRequest {
  readonly fn: FunctionNode;
  readonly callerMeta: string | null;
  /** `DroppedCallerMeta.requestParams`. */
  readonly requestParams?: DroppedCallerMeta['requestParams'];
}

/**
 * The handler of the caller's request that `call` forwards upstream as `method`: the nearest enclosing function this
 * file registers as a handler (through nested functions: `.then`, a retry helper's callback), when it handles that same
 * request; a handler of another one sends a request of its own (a tool callback's `getPrompt`). When the file registers
 * none around it, a function named as handling a request (`enclosingRequestHandler`), and with `dispatched` a method
 * every call in its class hands a request's params (`requestParamsMethodOf`): only for a request whose client call is
 * an MCP word (an LLM client's `complete({ messages })` in a dispatcher is none). Null otherwise.
 */
function callerRequestOf(call: TSESTree.CallExpression, method: string, sinks: TeamSinkNames, dispatched: boolean): CallerRequest | null {
  for (let current: Node | undefined = call.parent; current; current = current.parent) {
    if (!isFunctionNode(current)) continue;
    const handled = handledRequestOf(current, sinks);
    if (handled === null) continue;
    return handled === method ? { fn: current, callerMeta: callerMetaOf(current, method, { v2: importsSdkV2(call) }, sinks) } : null;
  }
  if (!CLIENT_REQUESTS.get(method)!.callIsMcpWord) return null;
  return enclosingRequestHandler(call) ?? (dispatched ? requestParamsMethodOf(call) : null);
}

/** A parameter that names the caller's request: `request`, `req`, `callToolRequest`. */
const REQUEST_PARAM = /^(?:req|request)$|Request$/;

/**
 * The nearest enclosing function that handles the caller's request without being registered here (a handler composed
 * with middleware before `setRequestHandler` gets it: `const handle: CallToolHandler = async (request, ctx) => …`): its
 * first parameter is named as a request and its `params` are read. Its caller `_meta` is `request.params._meta`.
 */
function enclosingRequestHandler(node: Node): Required<CallerRequest> | null {
  for (let current = node.parent; current; current = current.parent) {
    if (!isFunctionNode(current)) continue;
    const first = current.params[0];
    if (first?.type !== 'Identifier' || !REQUEST_PARAM.test(first.name) || answersOverHttp(current)) continue;
    const uses = paramsUsesOf(current, first.name);
    if (uses.read)
      return {
        fn: current,
        callerMeta: `${first.name}.params._meta`,
        requestParams: { holder: `${first.name}.params`, optional: !uses.unguarded },
      };
  }
  return null;
}

/**
 * Whether `fn` reads `request.params` at all, and whether it reads a field of it unguarded (`request.params.name`,
 * `const { name } = request.params`: then it takes `params` to be there, and an edit need not guard the read either).
 */
function paramsUsesOf(fn: FunctionNode, request: string): { read: boolean; unguarded: boolean } {
  const holder = `${request}.params`;
  let read = false;
  let unguarded = false;
  walkAll(fn.body, (node) => {
    if (unguarded) return;
    if (node.type === 'MemberExpression') {
      const object = unwrap(node.object) as Node;
      if (memberPropertyName(node) === 'params' && object.type === 'Identifier' && object.name === request) read = true;
      else if (!node.optional && referenceText(object) === holder) unguarded = true;
    } else if (node.type === 'VariableDeclarator' && node.id.type === 'ObjectPattern' && node.init) {
      unguarded = referenceText(unwrap(node.init) as Node) === holder;
    }
  });
  // A field read unguarded reads `params` too (the walk stops at it, before the `request.params` inside).
  return { read: read || unguarded, unguarded };
}

/** The response parameter of an HTTP route handler: `(req, res)` (Express), `(request, reply)` (Fastify). */
const HTTP_RESPONSE_PARAM = /^(?:res|response|reply)$/;

/**
 * `router.post('/tools/:name/call', async (req, res) => …)`: an HTTP route handler, given the HTTP request and its
 * response. Its `req.params` are the route's path parameters (abdullah1854/MCPGateway's REST tool endpoint), not an
 * MCP request's, so there is no caller `_meta` to forward.
 */
function answersOverHttp(fn: FunctionNode): boolean {
  const second = fn.params[1];
  return second?.type === 'Identifier' && HTTP_RESPONSE_PARAM.test(second.name);
}

/** `extra._meta?.k`, `extra._meta.k`, `ctx.mcpReq._meta?.['k']`, `request.params._meta?.progressToken`. */
function isCallerKeyRead(value: Node, callerMeta: string): boolean {
  const inner = unwrap(value) as Node;
  return inner.type === 'MemberExpression' && referenceText(inner.object) === callerMeta;
}

/** Whether the callback filters the caller's `_meta` on purpose: `const { k, ...rest } = extra._meta`, `delete m.k`. */
function filtersOnPurpose(fn: FunctionNode, callerMeta: string): boolean {
  let filters = false;
  walkAll(fn.body, (node) => {
    if (filters) return;
    if (node.type === 'VariableDeclarator' && node.id.type === 'ObjectPattern' && node.init) {
      const init = unwrap(node.init) as Node;
      const source = init.type === 'LogicalExpression' ? (unwrap(init.left) as Node) : init;
      if (referenceText(source) === callerMeta && node.id.properties.some((property) => property.type === 'RestElement')) filters = true;
    }
    // `delete meta.secret`, or a copy of it (`const copy = { ...extra._meta }; delete copy.secret`).
    if (node.type === 'UnaryExpression' && node.operator === 'delete') {
      const target = unwrap(node.argument) as Node;
      const object = target.type === 'MemberExpression' ? (unwrap(target.object) as Node) : null;
      if (object && referenceText(object) === callerMeta) filters = true;
      else if (object?.type === 'Identifier') {
        const init = findBinding(object.name, object);
        const source = init?.kind === 'variable' ? init.declarator.init : null;
        let copies = false;
        if (source) walkAll(source, (child) => (copies ||= referenceText(child) === callerMeta));
        if (copies) filters = true;
      }
    }
  });
  return filters;
}

function droppedCallerMetaAt(call: TSESTree.CallExpression, sinks: TeamSinkNames, text: string): DroppedCallerMeta | null {
  const forwarded = forwardedRequestOf(call);
  if (!forwarded) return null;
  const { method, params } = forwarded;
  if (!params) return positionalCallAt(call, method, sinks);
  // A spread may carry the caller's `_meta` (`{ ...request.params }`), unless it is a conditional literal naming its
  // keys, none of them `_meta` (an MCP Apps host bridge's `...(args !== undefined ? { arguments: args } : {})`); so
  // may a computed key.
  const mayCarryMeta = (property: TSESTree.ObjectLiteralElement): boolean =>
    property.type === 'SpreadElement'
      ? !(conditionalLiterals(property.argument)?.every((branch) => writtenProperties(branch) !== null) ?? false)
      : property.computed && propertyKeyName(property) === null;
  if (params.properties.some(mayCarryMeta)) return null;
  const meta = params.properties.find(
    (property): property is TSESTree.Property => property.type === 'Property' && propertyKeyName(property) === '_meta',
  );
  const handler = callerRequestOf(call, method, sinks, false);
  let fn = handler?.fn;
  let callerMeta = handler?.callerMeta ?? null;
  if (!fn || callerMeta === null) {
    // Not in a handler this file registers, but the `_meta` picks keys of a request `_meta` the function was given
    // (`execute(args, meta)` … `_meta: { progressToken: meta?.progressToken }`): that is the caller's. So is the
    // `_meta` of a parameter whose progress token the function reads, when the `_meta` sent holds a token of its own
    // instead (hatago's `handleToolsCall(hub, params, …)`).
    const enclosing = enclosingFunction(call);
    const picked = meta ? pickedRequestMeta(meta.value) : null;
    const given = !picked && meta && enclosing && holdsOwnTokenOnly(meta.value, null) ? parameterTokenMeta(enclosing, text) : null;
    fn = (picked || given ? enclosing : null) ?? undefined;
    if (!fn) return null;
    callerMeta = picked ?? given;
    if (callerMeta === null) return null;
  }
  // The statement holding the params literal: the call's, or the request `const`'s (a declaration goes before it).
  const requestParams = handler?.callerMeta === callerMeta ? (handler.requestParams ?? null) : null;
  const base = { call, label: calleeLabel(call, 'call'), params, callerMeta, requestParams, insertion: insertionPoint(params, null) };
  if (!meta) return { kind: 'omitted', meta: null, ...base };
  const value = unwrap(meta.value) as Node;
  // Only a literal made of the caller's own keys picks them, and one of nothing but this hop's own progress token
  // leaves them all out; anything else is the author's (an allow-list, a helper).
  if (value.type !== 'ObjectExpression' || value.properties.length === 0) return null;
  const picks = value.properties.every((property) => property.type === 'Property' && isCallerKeyRead(property.value, callerMeta));
  const ownToken = !picks && holdsOwnTokenOnly(value, callerMeta);
  if ((!picks && !ownToken) || filtersOnPurpose(fn, callerMeta)) return null;
  return { kind: picks ? 'picked' : 'own-token', meta, ...base };
}

/** The one key a hop sets in the request `_meta` itself: a progress token is per hop. */
const HOP_KEY = 'progressToken';

/**
 * `{ progressToken: upstreamToken }`: a `_meta` literal whose only key is a progress token that is not read off the
 * caller's `_meta` (`callerMeta`, when known): a token of this hop's own, as it should be, and none of the caller's
 * other keys.
 */
function holdsOwnTokenOnly(value: Node, callerMeta: string | null): boolean {
  const inner = unwrap(value) as Node;
  if (inner.type !== 'ObjectExpression' || inner.properties.length !== 1) return false;
  const only = inner.properties[0];
  if (only.type !== 'Property' || only.computed || propertyKeyName(only) !== HOP_KEY) return false;
  return callerMeta === null || !isCallerKeyRead(only.value, callerMeta);
}

/**
 * The `_meta` of a parameter of `fn` whose progress token `fn` reads (`params._meta?.progressToken`, `(params as
 * P)?._meta?.progressToken`): only a request's `_meta` holds one, so that parameter is the caller's request. Its text as
 * written there (what the suggestion reads, so that it type-checks as the code does), or null.
 */
function parameterTokenMeta(fn: FunctionNode, text: string): string | null {
  let found: string | null = null;
  walkAll(fn.body, (node) => {
    if (found !== null || node.type !== 'MemberExpression' || memberPropertyName(node) !== HOP_KEY) return;
    const meta = unwrap(node.object) as Node;
    if (meta.type !== 'MemberExpression' || memberPropertyName(meta) !== '_meta') return;
    const holder = unwrap(meta.object) as Node;
    if (holder.type === 'Identifier' && fn.params.some((param) => patternDeclares(param, holder.name)))
      found = text.slice(meta.range[0], meta.range[1]);
  });
  return found;
}

/** A parameter that holds a request's `_meta` (`meta`, `requestMeta`). */
const META_PARAM = /^meta$|Meta$/;

/** The first argument of a positional tool call wrapper names what to call: `serverName`, `toolName`, `name`, `'search'`. */
const NAME_ARGUMENT = /(?:name|server|tool|id)$/i;

/**
 * The first argument of a positional wrapper of any other request names the upstream server it routes to
 * (`promptRef.serverName`, `server_name`, `clientId`). A server's own prompt, resource or completion service is given
 * the prompt's name, an argument's or a session first (apify's `promptService.getPrompt(request.params.name, args)`,
 * mcp-framework's `prompt.complete(argument.name, argument.value)`, frontmcp's `notifications.subscribeResource(
 * sessionId, uri)`): it answers from its own and forwards nothing.
 */
const SERVER_ARGUMENT = /(?:server|client|upstream|backend)(?:_?(?:name|id|key))?$/i;

/** Whether the first argument of a positional wrapper of `method` names what it routes to (`NAME_ARGUMENT`, `SERVER_ARGUMENT`). */
function namesRoute(first: Node, method: string): boolean {
  const name = first.type === 'MemberExpression' ? memberPropertyName(first) : first.type === 'Identifier' ? first.name : null;
  if (method !== 'tools/call') return name !== null && SERVER_ARGUMENT.test(name);
  return staticString(first) !== null || (name !== null && NAME_ARGUMENT.test(name));
}

/**
 * `proxy.callTool(serverName, toolName, args)` in a tool callback or a `tools/call` handler (`proxyService.getPrompt(
 * promptRef.serverName, name, args)` in a `prompts/get` one, as hughescr/mcp-proxy-processor's): the code base's own
 * wrapper, given the call's fields one by one (the SDK's `callTool` takes one params object, and a schema after it),
 * where no argument is the caller's request `_meta`, the request or context it is in, or a value built from them. The
 * wrapper cannot forward keys it never receives. A handler that names `_meta` anywhere is left alone: it may hand the
 * caller's keys over another way.
 */
function positionalCallAt(call: TSESTree.CallExpression, method: string, sinks: TeamSinkNames): DroppedCallerMeta | null {
  if (call.arguments.length < 2) return null;
  if (!namesRoute(unwrap(call.arguments[0]) as Node, method)) return null;
  // `callTool(params, CallToolResultSchema)`: the SDK's own form.
  if (call.arguments.some((argument) => /Schema$/.test(referenceText(unwrap(argument)) ?? ''))) return null;
  if (callsOwnImplementation(call)) return null;
  const handler = callerRequestOf(call, method, sinks, true);
  const fn = handler?.fn;
  const callerMeta = handler?.callerMeta ?? null;
  if (!fn || callerMeta === null || namesMeta(fn.body)) return null;
  const holders = holdersOf(callerMeta);
  if (call.arguments.some((argument) => carriesCallerMeta(argument, holders, 0))) return null;
  return {
    kind: 'positional',
    call,
    label: calleeLabel(call, 'call'),
    params: null,
    meta: null,
    callerMeta,
    requestParams: handler?.requestParams ?? null,
    insertion: insertionPoint(call, null),
  };
}

/**
 * `callTool(name, args)` names a function of this file, or one imported from another module of the code base, that
 * answers the request itself (`answersItself` in upstream-calls.ts: MCPJam's mcp-check fixture, antvis/mcp-server-
 * chart's `utils/callTool.ts`): the server's own implementation, not a wrapper around an upstream. A forwarding
 * wrapper awaits or returns the upstream's call (`return clients[server].callTool(…)`, `return fetch(…)`).
 */
function callsOwnImplementation(call: TSESTree.CallExpression): boolean {
  const callee = unwrap(call.callee) as Node;
  if (callee.type !== 'Identifier') return false;
  const fn = functionBoundTo(callee);
  if (fn) return isFunctionNode(fn) && answersItself(fn);
  const binding = findBinding(callee.name, callee);
  return binding?.kind === 'import' && importedAnswersItself(rootOf(call) as TSESTree.Program, binding.source, binding.imported);
}

/**
 * A hand-written JSON-RPC dispatcher's method for `tools/call` (`case 'tools/call': return this.handleToolsCall(id,
 * profile, request.params as McpToolCall)`): a method of a class whose every call in that class (`this.m(…)`) hands one
 * parameter a request's `params` (`request.params`, `req.params`). That parameter is the caller's params, and its
 * `_meta` the caller's. Asked only of a positional upstream call in a method no handler encloses; the class is walked
 * for that method's calls once per such call.
 */
function requestParamsMethodOf(call: TSESTree.CallExpression): { fn: FunctionNode; callerMeta: string } | null {
  const fn = enclosingFunction(call);
  const method = fn?.parent;
  if (!fn || method?.type !== 'MethodDefinition' || method.value !== fn || method.computed || method.key.type !== 'Identifier') return null;
  const name = method.key.name;
  const calls: TSESTree.CallExpression[] = [];
  walkAll(method.parent, (node) => {
    if (node.type !== 'CallExpression') return;
    const callee = unwrap(node.callee) as Node;
    if (callee.type === 'MemberExpression' && unwrap(callee.object).type === 'ThisExpression' && memberPropertyName(callee) === name)
      calls.push(node);
  });
  if (calls.length === 0) return null;
  const index = fn.params.findIndex(
    (param, at) =>
      param.type === 'Identifier' &&
      calls.every((other) => {
        const argument = other.arguments[at] ? (unwrap(other.arguments[at]) as Node) : null;
        if (argument?.type !== 'MemberExpression' || memberPropertyName(argument) !== 'params') return false;
        const request = unwrap(argument.object) as Node;
        return request.type === 'Identifier' && REQUEST_PARAM.test(request.name);
      }),
  );
  const param = index >= 0 ? fn.params[index] : null;
  return param?.type === 'Identifier' ? { fn, callerMeta: `${param.name}._meta` } : null;
}

/** `request.params._meta` -> `request`, `request.params`, `request.params._meta`: what holds the caller's `_meta`. */
function holdersOf(callerMeta: string): ReadonlySet<string> {
  const parts = callerMeta.split('.');
  return new Set(parts.map((_, index) => parts.slice(0, index + 1).join('.')));
}

/** Whether the function names `_meta` anywhere (`request.params._meta`, `{ _meta }`, `const { _meta } = …`). */
function namesMeta(body: Node): boolean {
  let found = false;
  walkAll(body, (node) => {
    found ||= node.type === 'Identifier' && node.name === '_meta';
    found ||= node.type === 'Literal' && node.value === '_meta';
  });
  return found;
}

/**
 * Whether a value given to the wrapper may hold the caller's `_meta`: the request, context or `_meta` itself
 * (`request`, `request.params`, `extra`), a parameter named `meta`, an object or call built from one, or a variable
 * initialised with one (whatever its name); not a field read off them (`request.params.arguments`, `toolOverride.serverName`) nor a field destructured
 * from them (`const { arguments: args } = request.params`). `depth` counts the variables followed, not the expressions
 * a value is built of: `const args = tokenizer ? tokenizer.detokenize(params.arguments ?? {}) : (params.arguments ?? {})`
 * (abdullah1854/MCPGateway) is a field however deep its parts stand.
 */
function carriesCallerMeta(value: Node, holders: ReadonlySet<string>, depth: number): boolean {
  const inner = unwrap(value) as Node;
  if (depth > 3) return true;
  switch (inner.type) {
    case 'Literal':
      return false;
    case 'TemplateLiteral':
      return inner.expressions.some((expression) => carriesCallerMeta(expression, holders, depth));
    case 'MemberExpression': {
      const text = referenceText(inner);
      return memberPropertyName(inner) === null || memberPropertyName(inner) === '_meta' || (text !== null && holders.has(text));
    }
    case 'Identifier': {
      if (holders.has(inner.name)) return true;
      const binding = findBinding(inner.name, inner);
      const declarator = binding?.kind === 'variable' ? binding.declarator : binding?.kind === 'other' ? patternDeclarator(inner) : null;
      // A `const` is judged by the value it holds, whatever it is called (mcp-funnel's `const taskMeta =
      // request.params.task` is a field); a name the file shows no value of (a parameter), or a `let` that a later
      // assignment may give the caller's `_meta` (`let meta = undefined; … meta = metaOf(request)`), by its name too.
      const named = META_PARAM.test(inner.name);
      const reassignable = binding?.kind === 'variable' && binding.declarationKind !== 'const';
      if (!declarator?.init || (named && reassignable)) return named;
      if (declarator.id.type === 'Identifier') return carriesCallerMeta(declarator.init, holders, depth + 1);
      if (declarator.id.type !== 'ObjectPattern') return true;
      // `const { arguments: args } = request.params`: a field; the rest, or `_meta` itself, may hold it.
      const property = declarator.id.properties.find((candidate) =>
        patternDeclares(candidate.type === 'Property' ? candidate.value : candidate.argument, inner.name),
      );
      if (property?.type !== 'Property') return true;
      return propertyKeyName(property) === '_meta' || propertyKeyName(property) === null;
    }
    case 'ObjectExpression':
      return inner.properties.some((property) =>
        property.type === 'SpreadElement'
          ? carriesCallerMeta(property.argument, holders, depth)
          : propertyKeyName(property) === '_meta' || carriesCallerMeta(property.value, holders, depth),
      );
    case 'ArrayExpression':
      return inner.elements.some((element) => element !== null && carriesCallerMeta(element, holders, depth));
    case 'AwaitExpression':
    case 'SpreadElement':
      return carriesCallerMeta(inner.argument, holders, depth);
    case 'LogicalExpression':
      return carriesCallerMeta(inner.left, holders, depth) || carriesCallerMeta(inner.right, holders, depth);
    case 'ConditionalExpression':
      return carriesCallerMeta(inner.consequent, holders, depth) || carriesCallerMeta(inner.alternate, holders, depth);
    case 'CallExpression':
      return [inner.callee, ...inner.arguments].some((part) => carriesCallerMeta(part, holders, depth));
    case 'ArrowFunctionExpression':
    case 'FunctionExpression':
      return true;
    default:
      return true;
  }
}

/**
 * The request `_meta` every value of `value` (an object literal) reads a key of, when that is a request's `_meta`
 * (`request.params._meta`, `extra._meta`) or a parameter named for one (`meta`): `request.params._meta` for
 * `{ progressToken: request.params._meta?.progressToken }`. Null otherwise.
 */
function pickedRequestMeta(value: Node): string | null {
  const inner = unwrap(value) as Node;
  if (inner.type !== 'ObjectExpression' || inner.properties.length === 0) return null;
  let base: string | null = null;
  for (const property of inner.properties) {
    if (property.type !== 'Property') return null;
    const read = unwrap(property.value) as Node;
    if (read.type !== 'MemberExpression') return null;
    const object = unwrap(read.object) as Node;
    const text = referenceText(object);
    if (text === null || (base !== null && text !== base)) return null;
    base = text;
  }
  if (base === null) return null;
  if (base.endsWith('._meta')) return base;
  const object = unwrap((inner.properties[0] as TSESTree.Property).value) as TSESTree.MemberExpression;
  const root = unwrap(object.object) as Node;
  if (root.type !== 'Identifier' || !META_PARAM.test(root.name)) return null;
  const fn = enclosingFunction(root);
  return fn?.params.some((param) => patternDeclares(param, root.name)) ? base : null;
}

/** Whether the file imports the SDK v2 server package (`ctx.mcpReq._meta`), else v1's `extra._meta` is meant. */
function importsSdkV2(node: Node): boolean {
  const program = rootOf(node);
  if (program.type !== 'Program') return false;
  return program.body.some(
    (statement) => statement.type === 'ImportDeclaration' && /^@modelcontextprotocol\/(?:server|core)\b/.test(statement.source.value),
  );
}

/**
 * Whether the file imports SDK v2's `McpServer` (`@modelcontextprotocol/server`), whose `registerPrompt` config takes a
 * `_meta` and lists it. SDK v1's takes none and lists none (its `prompts/list` builds each prompt from its name, title,
 * description and arguments), nor does a framework's own `registerPrompt` need to: a prompt's config is a sink only
 * where the file shows v2's server.
 */
function importsV2McpServer(node: Node): boolean {
  const program = rootOf(node);
  if (program.type !== 'Program') return false;
  return program.body.some(
    (statement) =>
      statement.type === 'ImportDeclaration' &&
      statement.source.value === '@modelcontextprotocol/server' &&
      statement.specifiers.some(
        (specifier) =>
          specifier.type === 'ImportSpecifier' &&
          (specifier.imported.type === 'Identifier' ? specifier.imported.name : specifier.imported.value) === 'McpServer',
      ),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// SDK v2's lifted envelope keys

/** `ctx.mcpReq._meta?.[CLIENT_INFO_META_KEY]`, `ctx.mcpReq._meta['io.modelcontextprotocol/logLevel']`. */
function liftedEnvelopeReadAt(member: TSESTree.MemberExpression): LiftedEnvelopeRead | null {
  const object = unwrap(member.object) as Node;
  if (object.type !== 'MemberExpression' || memberPropertyName(object) !== '_meta') return null;
  const request = unwrap(object.object) as Node;
  if (request.type !== 'MemberExpression' || memberPropertyName(request) !== 'mcpReq') return null;
  let key = memberPropertyName(member);
  if (key === null && member.computed && member.property.type === 'Identifier') {
    const name = member.property.name;
    const binding = findBinding(name, member);
    // The SDK's constant, imported (or a local `const` of the same string).
    key = binding?.kind === 'import' || binding === null ? (ENVELOPE_CONSTANTS.get(name) ?? null) : null;
  }
  if (key === null || !ENVELOPE_META_KEYS.has(key)) return null;
  return { metaProperty: object.property, node: member, key, request: request as TSESTree.Expression };
}

// ---------------------------------------------------------------------------------------------------------------
// Descriptors and resource contents re-advertised

/** The fields a descriptor or a resource's contents are rebuilt from. */
const DESCRIPTOR_FIELDS: ReadonlySet<string> = new Set([
  'name',
  'title',
  'description',
  'arguments',
  'inputSchema',
  'outputSchema',
  'annotations',
  'icons',
  'execution',
  'uri',
  'uriTemplate',
  'mimeType',
  'size',
  'text',
  'blob',
]);

/**
 * An upstream's list call an entry comes from; `ownList` when the call answers with the list itself, so it is a method
 * of the code base's own whose entry type may declare no `_meta` (tambo's `MCPClient.listTools(): Promise<MCPToolSpec[]>`).
 */
interface ListSource {
  readonly call: TSESTree.CallExpression;
  readonly source: string;
  readonly ownList: boolean;
}

/** The upstream list call `node` reads the list of: `(await c.listTools()).tools`, `r.tools` after `r = await c.listTools()`, `tools` from `const { tools } = …`. */
function listSourceOf(node: Node, depth = 0): ListSource | null {
  let inner = stripAwait(node);
  // `(result.tools ?? [])`, `result.tools || []`: the list, or nothing to rebuild.
  if (inner.type === 'LogicalExpression' && inner.operator !== '&&') inner = stripAwait(inner.left);
  // A list method of the code base's own that answers with the list itself (mastra's resource provider:
  // `const resources = await options.listResources?.({ extra })`, then `resources.find(…)`): the SDK's answers are
  // objects (`{ tools }`), so a call iterated or picked from is such a list.
  if (inner.type === 'CallExpression') {
    const source = calleeName(inner);
    return source !== null && LIST_SOURCES.has(source) ? { call: inner, source, ownList: true } : null;
  }
  if (inner.type === 'MemberExpression') {
    const list = memberPropertyName(inner);
    const holder = stripAwait(inner.object);
    const call = holder.type === 'CallExpression' ? holder : holder.type === 'Identifier' && depth < 2 ? heldCall(holder) : null;
    const source = call ? listCallName(call) : null;
    return call && source && LIST_SOURCES.get(source)?.list === list ? { call, source, ownList: false } : null;
  }
  if (inner.type === 'Identifier' && depth < 2) {
    const binding = findBinding(inner.name, inner);
    const declarator = binding?.kind === 'variable' ? binding.declarator : patternDeclarator(inner);
    if (!declarator?.init) return null;
    const { id, init } = declarator;
    if (id.type === 'Identifier') return listSourceOf(init, depth + 1);
    if (id.type === 'ObjectPattern') {
      const call = stripAwait(init);
      const source = call.type === 'CallExpression' ? listCallName(call) : null;
      const list = source ? LIST_SOURCES.get(source)?.list : undefined;
      const property = id.properties.find((candidate) => candidate.type === 'Property' && patternDeclares(candidate.value, inner.name));
      if (call.type === 'CallExpression' && source && property?.type === 'Property' && propertyKeyName(property) === list)
        return { call, source, ownList: false };
    }
  }
  return null;
}

/**
 * A list kept in a field of the class (`for (const t of this.toolIndex.values())`, `[...this.tools.values()]`,
 * `Object.values(this.tools)`, `this.tools`) that a method of the same class fills (`this.toolIndex.set(…)`,
 * `this.tools.push(…)`, `this.tools = …`) after asking an upstream for its list (`await client.listTools()`): that list
 * call is where the entries come from. Asked only of an entry the literal rebuilds, and only of its own class.
 */
function classFieldListOf(list: Node): { call: TSESTree.CallExpression; source: string } | null {
  const field = thisFieldOf(list);
  if (field === null) return null;
  let body: Node | undefined = list.parent;
  while (body && body.type !== 'ClassBody') body = body.parent;
  if (body?.type !== 'ClassBody') return null;
  for (const member of body.body) {
    const fn = member.type === 'MethodDefinition' || member.type === 'PropertyDefinition' ? member.value : null;
    if (!fn || !isFunctionNode(fn)) continue;
    let writes = false;
    let found: { call: TSESTree.CallExpression; source: string } | null = null;
    walkAll(fn.body, (node) => {
      if (node.type === 'AssignmentExpression' && thisFieldName(node.left) === field) writes = true;
      if (node.type !== 'CallExpression') return;
      const source = listCallName(node);
      if (source !== null && source !== 'readResource') found ??= { call: node, source };
      const callee = unwrap(node.callee) as Node;
      if (
        callee.type === 'MemberExpression' &&
        FIELD_WRITES.has(memberPropertyName(callee) ?? '') &&
        thisFieldName(callee.object) === field
      )
        writes = true;
    });
    if (writes && found) return found;
  }
  return null;
}

/** The calls that put entries into a kept list or map. */
const FIELD_WRITES: ReadonlySet<string> = new Set(['set', 'push', 'unshift', 'splice']);

/** `this.tools` -> `tools`; null for anything else. */
function thisFieldName(node: Node): string | null {
  const inner = unwrap(node) as Node;
  return inner.type === 'MemberExpression' && unwrap(inner.object).type === 'ThisExpression' ? memberPropertyName(inner) : null;
}

/** The field a list is read from: `this.tools`, `this.tools.values()`, `[...this.tools.values()]`, `Array.from(…)`, `Object.values(…)`. */
function thisFieldOf(list: Node): string | null {
  const inner = unwrap(list) as Node;
  if (inner.type === 'ArrayExpression' && inner.elements.length === 1 && inner.elements[0]?.type === 'SpreadElement')
    return thisFieldOf(inner.elements[0].argument);
  if (inner.type === 'CallExpression') {
    const callee = unwrap(inner.callee) as Node;
    if (callee.type !== 'MemberExpression') return null;
    const method = memberPropertyName(callee);
    const owner = referenceText(callee.object);
    if ((owner === 'Array' && method === 'from') || (owner === 'Object' && method === 'values'))
      return inner.arguments[0] ? thisFieldOf(inner.arguments[0]) : null;
    return method === 'values' && inner.arguments.length === 0 ? thisFieldName(callee.object) : null;
  }
  return thisFieldName(inner);
}

/** The declarator whose object pattern declares `identifier` (`const { tools } = …`), in the blocks around it. */
function patternDeclarator(identifier: TSESTree.Identifier): TSESTree.VariableDeclarator | null {
  for (let node: Node | undefined = identifier.parent; node; node = node.parent) {
    if (node.type !== 'BlockStatement' && node.type !== 'Program') continue;
    for (const statement of node.body) {
      if (statement.type !== 'VariableDeclaration') continue;
      for (const declarator of statement.declarations) {
        if (declarator.id.type === 'ObjectPattern' && patternDeclares(declarator.id, identifier.name)) return declarator;
      }
    }
  }
  return null;
}

function initializerCall(identifier: TSESTree.Identifier): TSESTree.CallExpression | null {
  const binding = findBinding(identifier.name, identifier);
  if (binding?.kind !== 'variable' || !binding.declarator.init) return null;
  const init = stripAwait(binding.declarator.init);
  return init.type === 'CallExpression' ? init : null;
}

/**
 * The call whose result `identifier` holds: a variable's initializer (`const r = await c.listTools()`), or what a
 * `.then` callback's parameter receives (`c.listTools().then((r) => …)`, as mcphub asks each upstream).
 */
function heldCall(identifier: TSESTree.Identifier): TSESTree.CallExpression | null {
  const binding = findBinding(identifier.name, identifier);
  if (binding?.kind === 'variable') return initializerCall(identifier);
  const param = binding === null || binding.kind === 'other' ? declaringParameter(identifier) : null;
  const fn = param?.parent;
  const promise = fn && isFunctionNode(fn) && fn.params[0] === param ? thenReceiver(fn) : null;
  const call = promise ? stripAwait(promise) : null;
  return call?.type === 'CallExpression' ? call : null;
}

/** `c.listTools()` -> `listTools`; `c.request({ method: 'tools/list' }, …)` -> `listTools`. */
function listCallName(call: TSESTree.CallExpression): string | null {
  const name = upstreamMethodOf(call);
  return name !== null && LIST_SOURCES.has(name) ? name : null;
}

/** The client method a call sends: its own name, or the one a `request({ method })` names (`getPrompt` for `prompts/get`). */
function upstreamMethodOf(call: TSESTree.CallExpression): string | null {
  const name = calleeName(call);
  if (name !== 'request') return name;
  const method = requestMethodOf(call.arguments[0]);
  return method === null ? null : (CLIENT_REQUESTS.get(method)?.client ?? null);
}

/** The request `fn` answers (`setRequestHandler(ListToolsRequestSchema | 'tools/list', fn)`), of `CLIENT_REQUESTS`; else null. */
function handlerMethodOf(fn: FunctionNode): string | null {
  return isRequestHandlerCall(fn.parent, fn) ? requestMethodOfHandler(fn.parent) : null;
}

/**
 * `holder` is an entry of `list`: a parameter of the callback of `.map` / `.flatMap` / `.forEach` over it, the variable
 * of `for (const t of list)`, or a `const` of one entry picked from it (`list.find(…)`, `list[0]`, `list.at(-1)`).
 * `scope` is where the entry is used: the callback's or loop's body, the picking function's.
 */
function listEntry(holder: TSESTree.Identifier): { list: Node; scope: Node } | null {
  const binding = findBinding(holder.name, holder);
  if (binding?.kind === 'variable') {
    const { declarator } = binding;
    const declaration = declarator.parent;
    const loop = declaration?.parent;
    if (declarator.id.type !== 'Identifier') return null;
    if (loop?.type === 'ForOfStatement' && loop.left === declaration) return { list: loop.right, scope: loop.body };
    const list = binding.declarationKind === 'const' && declarator.init ? pickedFrom(declarator.init) : null;
    return list ? { list, scope: enclosingFunction(declarator)?.body ?? rootOf(declarator) } : null;
  }
  for (let node: Node | undefined = holder.parent; node; node = node.parent) {
    if (!isFunctionNode(node)) continue;
    const index = node.params.findIndex((param) => param.type === 'Identifier' && param.name === holder.name);
    if (index < 0) continue;
    const call = node.parent;
    if (
      index === 0 &&
      call?.type === 'CallExpression' &&
      call.arguments[0] === node &&
      ['map', 'flatMap', 'forEach'].includes(calleeName(call) ?? '') &&
      call.callee.type === 'MemberExpression'
    )
      return { list: call.callee.object, scope: node.body };
    return null;
  }
  return null;
}

/** The calls that pick one entry of a list. */
const PICKS: ReadonlySet<string> = new Set(['find', 'findLast', 'at']);

/** The list `value` picks one entry of: `list.find(…)`, `list.at(0)`, `list[0]`; null for anything else. */
function pickedFrom(value: Node): Node | null {
  const inner = unwrap(value) as Node;
  if (inner.type === 'CallExpression') {
    const callee = unwrap(inner.callee) as Node;
    return callee.type === 'MemberExpression' && PICKS.has(calleeName(inner) ?? '') ? callee.object : null;
  }
  const index = inner.type === 'MemberExpression' && inner.computed ? (unwrap(inner.property) as Node) : null;
  return index?.type === 'Literal' && typeof index.value === 'number' ? (inner as TSESTree.MemberExpression).object : null;
}

/** Whether `name` is used other than by reading a field that is not `_meta` (`t._meta`, `...t`, `f(t)` may carry it). */
function usedWhole(name: string, scope: Node): boolean {
  let whole = false;
  walkAll(scope, (node) => {
    if (whole || node.type !== 'Identifier' || node.name !== name) return;
    const parent = node.parent;
    if (parent?.type === 'MemberExpression' && parent.object === node) {
      if (memberPropertyName(parent) === '_meta' || memberPropertyName(parent) === null) whole = true;
      return;
    }
    if (parent?.type === 'MemberExpression' && parent.property === node && !parent.computed) return;
    if (parent?.type === 'Property' && parent.key === node && !parent.shorthand) return;
    if (parent && isFunctionNode(parent) && parent.params.includes(node)) return;
    if (parent?.type === 'VariableDeclarator' && parent.id === node) return;
    // `'text' in item`, `typeof item`, `!item`: tests, not copies.
    if (parent?.type === 'BinaryExpression' && parent.operator === 'in' && parent.right === node) return;
    if (parent?.type === 'UnaryExpression' && (parent.operator === 'typeof' || parent.operator === '!')) return;
    whole = true;
  });
  return whole;
}

/** Where the rebuilt entry is advertised again, or null: a list handler's return or an answer, or a registration's config. */
function advertisedAt(
  literal: TSESTree.ObjectExpression,
  source: string,
  listCall: TSESTree.CallExpression | null = null,
): DroppedDescriptorMeta['sink'] | null {
  // `server.registerTool(t.name, { description: t.description, inputSchema: … }, cb)`: the config of a registration,
  // also through the `const` it is declared as first (`const metadata = { … }; server.registerResource(r.name, uri,
  // metadata, cb)`, as tambo's gateway does); a bare `registerTool({ … })` is none (`sdkRegistrationOf`).
  const argument = argumentHolding(literal);
  const call = argument.parent;
  if (call?.type === 'CallExpression') {
    const registration = sdkRegistrationOf(call);
    const index = call.arguments.indexOf(argument as TSESTree.CallExpressionArgument);
    if (registration && index >= 0 && (index === registration.config || (registration.configFirst && index === 0)))
      return registration.plane !== 'prompt' || importsV2McpServer(call) ? 'registration' : null;
  }
  // Returned, through the `.map` and the `{ tools: … }` around it, from the handler that answers the list (or read).
  const wanted = methodOfClientCall(source);
  for (let node: Node | undefined = literal.parent; node; node = node.parent) {
    // A hand-written JSON-RPC dispatcher's `case 'resources/list':` (or `case 'resources/read':`) that asks the upstream
    // in that branch and answers with the entries (or contents items) rebuilt in MCP's shape (MCPJam's HTTP bridge:
    // `const list = await clientManager.listResources(id); … list.resources.map((r) => ({ uri: r.uri, name: r.name }))
    // …`, and `const resource = await clientManager.readResource(id, { uri }); const first = resource.contents[0]; …
    // { contents: [{ uri, mimeType: first.mimeType, text }] }`). A branch that shows what it did not ask for (a UI's
    // `case` over a logged message) is no dispatcher's.
    if (node.type === 'SwitchCase') {
      const answers = listCall !== null && wanted !== null && staticString(node.test) === wanted;
      if (answers && containsNode(node, listCall) && keepsMcpShape(literal, source))
        return source === 'readResource' ? 'answer' : 'list-handler';
      continue;
    }
    if (!isFunctionNode(node)) continue;
    // `server.registerResource(name, uri, metadata, async (uri) => ({ contents: … }))`, `setRequestHandler(
    // ReadResourceRequestSchema, …)`: a read's answer, when the literal is part of what it returns. An upstream read's
    // contents go there, and so does the `_meta` of a listed resource (`resources.find((r) => r.uri === uri)`); an
    // upstream `getPrompt()`'s result goes into a `prompts/get` answer (a prompt registration's callback).
    const request = ANSWERED_REQUESTS.get(source);
    if (request && answers(node, request)) return answeredBy(node, literal) ? 'answer' : null;
    // A gateway's own `listTools()` (`async listTools() { this.cached = (await client.listTools()).tools.map((t) => ({
    // name: t.name, inputSchema: t.inputSchema })); return this.cached; }`): the list it answers its clients with, in
    // MCP's own shape (an agent's provider format, `parameters: t.inputSchema`, is not re-advertised over MCP).
    // A list declared to be of a type this file writes without `_meta` (cloudflare/agents' WebMCP bridge:
    // `async listTools(): Promise<McpTool[]>`, `interface McpTool { name; description?; inputSchema? }`) is not MCP's shape.
    // Nor is a list of the code's own objects, each constructed from the literal as its config (strands-agents' agent
    // tools: `new McpTool({ name: t.name, inputSchema: t.inputSchema, client: this })`).
    if (
      source !== 'readResource' &&
      functionName(node) === source &&
      keepsMcpShape(literal, source) &&
      !returnsTypeWithoutMeta(node) &&
      !isConstructorConfig(literal)
    )
      return 'list-handler';
    // A handler of a request whose answer is no upstream's advertised again (`tools/call`) is passed through.
    const method = handlerMethodOf(node);
    if (method === null || !CLIENT_REQUESTS.get(method)!.readvertised) continue;
    return method === wanted ? 'list-handler' : null;
  }
  return null;
}

/** `new C({ … })`: the literal is the config a class is constructed from, not the object the code goes on with. */
function isConstructorConfig(literal: TSESTree.ObjectExpression): boolean {
  const value = outsideTypeWrappers(literal);
  return value.parent?.type === 'NewExpression' && value.parent.arguments.includes(value as TSESTree.CallExpressionArgument);
}

/**
 * The node that gives `literal` to a call as an argument: the literal itself (outside `as` / `satisfies`), or the one
 * reference given to a call of the `const` it initializes (`const metadata: Omit<Resource, 'uri'> = { … }`, then
 * `registerResource(name, uri, metadata, cb)`). Read only for a literal already found rebuilding an upstream's entry.
 */
function argumentHolding(literal: TSESTree.ObjectExpression): Node {
  const value = outsideTypeWrappers(literal);
  const declarator = value.parent;
  if (
    declarator?.type !== 'VariableDeclarator' ||
    declarator.init !== value ||
    declarator.id.type !== 'Identifier' ||
    declarator.parent?.type !== 'VariableDeclaration' ||
    declarator.parent.kind !== 'const'
  )
    return value;
  const declared = declarator.id.name;
  const given: Node[] = [];
  walkAll(enclosingFunction(declarator)?.body ?? rootOf(declarator), (node) => {
    const parent = node.parent;
    if (node.type !== 'Identifier' || node.name !== declared || parent?.type !== 'CallExpression') return;
    if (parent.arguments.includes(node) && declaratorOf(node) === declarator) given.push(node);
  });
  return given.length === 1 ? given[0]! : value;
}

/**
 * `fn` is declared to return (a promise of, a list of, a `Record` of) a type this file declares, or imports from a
 * module of the code base that declares it, with named members only, none of them `_meta` (no `extends`, no index
 * signature): the entries it answers with have no `_meta` to carry. Read only for a literal already found rebuilding
 * an upstream's list: the file's top-level declarations, or the imported module's summary.
 */
function returnsTypeWithoutMeta(fn: FunctionNode): boolean {
  let type: TSESTree.TypeNode | undefined = fn.returnType?.typeAnnotation;
  for (let depth = 0; type && depth < 4; depth++) {
    // A list's entries (`T[]`, `readonly T[]`, `Array<T>`, `ReadonlyArray<T>`), read as the module-table check reads them.
    const element = listElementType(type);
    if (element) type = element;
    else if (type.type === 'TSTypeReference' && type.typeName.type === 'Identifier' && WRAPPER_TYPES.has(type.typeName.name)) {
      const params = type.typeArguments?.params ?? [];
      type = params.length === (type.typeName.name === 'Record' ? 2 : 1) ? params[params.length - 1] : undefined;
    } else break;
  }
  if (type?.type !== 'TSTypeReference' || type.typeName.type !== 'Identifier') return false;
  const name = type.typeName.name;
  const program = rootOf(fn);
  if (program.type !== 'Program') return false;
  // `import type { McpToolDescriptor } from './types'` (type imports are no value bindings: read here).
  const imported = importOfName(name, fn);
  if (imported) return importedTypeWithoutMeta(program, imported.source, imported.imported);
  const declaration = sameFileTypeDeclaration(fn, name);
  return declaration !== null && declaresNoSlot(declaration, '_meta');
}

/** The other generic types a list method's declared return type holds its entries' type in (`Record`'s in its second). */
const WRAPPER_TYPES: ReadonlySet<string> = new Set(['Promise', 'Record']);

/** The field that makes an entry an MCP descriptor of its kind: a tool's `inputSchema`, a resource's (or contents item's) `uri`. */
const MCP_SHAPE_FIELD: ReadonlyMap<string, string> = new Map([
  ['listTools', 'inputSchema'],
  ['listResources', 'uri'],
  ['listResourceTemplates', 'uriTemplate'],
  ['readResource', 'uri'],
]);

/** Whether the rebuilt entry is still an MCP descriptor (it has its kind's field under MCP's name). */
function keepsMcpShape(literal: TSESTree.ObjectExpression, source: string): boolean {
  const field = MCP_SHAPE_FIELD.get(source);
  return literal.properties.some((property) => property.type === 'Property' && propertyKeyName(property) === field);
}

/**
 * The requests answered with one result (not a list), and the sources whose `_meta` belongs in that answer: a
 * `resources/read` answer holds an upstream read's contents and a listed resource's `_meta`, a `prompts/get` answer an
 * upstream `getPrompt()`'s result. The registrations on `plane` answer it with what their callback returns.
 */
const ANSWERED_REQUESTS: ReadonlyMap<string, AnsweredRequest> = new Map([
  ['readResource', { method: 'resources/read', plane: 'resource' }],
  ['listResources', { method: 'resources/read', plane: 'resource' }],
  ['getPrompt', { method: 'prompts/get', plane: 'prompt' }],
]);

interface AnsweredRequest {
  readonly method: string;
  readonly plane: 'resource' | 'prompt';
}

/** Whether `fn` answers `request`: the callback of a registration on its plane, or the request's handler. */
function answers(fn: FunctionNode, request: AnsweredRequest): boolean {
  return isSdkCallbackOf(fn, request.plane) || handlerMethodOf(fn) === request.method;
}

/** Whether `fn` answers a `resources/read`: a resource registration's read callback, or the `resources/read` handler. */
function answersRead(fn: FunctionNode): boolean {
  return answers(fn, ANSWERED_REQUESTS.get('readResource')!);
}

/**
 * Whether the relay walk enters `fn` whatever its own text names: a resource's read callback or a `resources/read`
 * handler answers a read (`server.resource(r.name, r.uri, meta, async (uri) => { const c = await r.read(…); … })`),
 * and the handler of a request whose client call is no relay word (`completion/complete`: `complete` is an LLM
 * client's word too, and the file named the handler's schema or method instead) forwards it with that call.
 */
function enteredUnmarked(fn: FunctionNode): boolean {
  if (answersRead(fn)) return true;
  const method = handlerMethodOf(fn);
  return method !== null && !CLIENT_REQUESTS.get(method)!.callIsMcpWord;
}

/** How far `answeredBy` follows a value through `const`s and list callbacks. */
const MAX_ANSWER_STEPS = 4;

/**
 * Whether `value` is part of what `fn` returns: returned itself, an element or property value of what it returns,
 * what a `.map` callback returns for a list it returns, or held by a `const` that is (`const contents =
 * items.map((i) => ({ … })); return { contents }`). A literal built and left unused, or logged, is no answer.
 */
function answeredBy(fn: FunctionNode, value: Node, steps = 0): boolean {
  let child = value;
  for (let parent = value.parent; parent && steps <= MAX_ANSWER_STEPS; child = parent, parent = parent.parent) {
    if (passesValueOn(parent, child)) continue;
    switch (parent.type) {
      case 'ArrayExpression':
      case 'ObjectExpression':
      case 'SpreadElement':
        continue;
      case 'Property':
        if (parent.value !== child) return false;
        continue;
      case 'ReturnStatement':
      case 'ArrowFunctionExpression': {
        const returning = parent.type === 'ReturnStatement' ? enclosingFunction(parent) : parent.body === child ? parent : null;
        if (returning === fn) return true;
        // What a `.map` callback returns goes on in the list the call makes.
        const call = returning?.parent;
        if (call?.type !== 'CallExpression' || call.arguments[0] !== returning || !LIST_MAPS.has(calleeName(call) ?? '')) return false;
        steps += 1;
        parent = call;
        continue;
      }
      case 'VariableDeclarator': {
        const id = parent.id;
        if (parent.init !== child || id.type !== 'Identifier' || parent.parent?.kind !== 'const') return false;
        let answered = false;
        walkAll(fn.body, (node) => {
          answered ||= node.type === 'Identifier' && node.name === id.name && node !== id && answeredBy(fn, node, steps + 1);
        });
        return answered;
      }
      default:
        return false;
    }
  }
  return false;
}

/** The list calls whose callback's return values make the list. */
const LIST_MAPS: ReadonlySet<string> = new Set(['map', 'flatMap']);

/** The field reads a rebuilt entry's property copies: `t.name`, either side of `o.name ?? t.name`, `c ? t.title : t.name`. */
function fieldReadsIn(value: Node): TSESTree.MemberExpression[] {
  const inner = unwrap(value) as Node;
  if (inner.type === 'LogicalExpression') return [...fieldReadsIn(inner.left), ...fieldReadsIn(inner.right)];
  if (inner.type === 'ConditionalExpression') return [...fieldReadsIn(inner.consequent), ...fieldReadsIn(inner.alternate)];
  return inner.type === 'MemberExpression' ? [inner] : [];
}

/**
 * The properties `literal` may write: its own, and those of the literals its conditional spreads add
 * (`...(r.title ? { title: r.title } : {})`, `...(r.mimeType !== undefined && { mimeType: r.mimeType })`). Null when
 * a spread may carry a `_meta` (`...r`, `...rest`, `...opts`, a branch that is no literal) or one of them writes it.
 */
function writtenProperties(literal: TSESTree.ObjectExpression): TSESTree.Property[] | null {
  const written: TSESTree.Property[] = [];
  for (const property of literal.properties) {
    if (property.type === 'Property') {
      if (propertyKeyName(property) === '_meta') return null;
      written.push(property);
      continue;
    }
    // A conditional literal brings only the keys it names; what else is spread is not known here.
    const branches = conditionalLiterals(property.argument);
    if (branches === null) return null;
    for (const branch of branches) {
      const inner = writtenProperties(branch);
      if (inner === null) return null;
      written.push(...inner);
    }
  }
  return written;
}

/**
 * Whether `literal` is one branch of a conditional spread (`{ title: t.title }` in `{ name: t.name, ...(t.title &&
 * { title: t.title }) }`): the literal it is spread into is the entry, and is judged with its properties.
 */
function isConditionalBranch(literal: TSESTree.ObjectExpression): boolean {
  let node = outsideTypeWrappers(literal);
  while (node.parent?.type === 'LogicalExpression' || node.parent?.type === 'ConditionalExpression')
    node = outsideTypeWrappers(node.parent);
  const spread = node.parent;
  return (
    spread?.type === 'SpreadElement' &&
    spread.parent?.type === 'ObjectExpression' &&
    conditionalLiterals(spread.argument)?.includes(literal) === true
  );
}

function droppedDescriptorAt(literal: TSESTree.ObjectExpression, file: { typescript: boolean }): DroppedDescriptorMeta | null {
  if (isConditionalBranch(literal)) return null;
  const properties = writtenProperties(literal);
  if (properties === null) return null;
  // Each identifier the literal copies descriptor fields of (`t` in `t.name`), with those fields, in order, and
  // whether it is read guarded (`t?.name`).
  const holders = new Map<string, { holder: TSESTree.Identifier; fields: string[]; optional: boolean }>();
  for (const property of properties) {
    for (const read of fieldReadsIn(property.value)) {
      const field = memberPropertyName(read);
      const object = unwrap(read.object) as Node;
      if (field === null || !DESCRIPTOR_FIELDS.has(field) || object.type !== 'Identifier') continue;
      const known = holders.get(object.name) ?? { holder: object, fields: [], optional: false };
      holders.set(object.name, known);
      if (!known.fields.includes(field)) known.fields.push(field);
      known.optional ||= read.optional;
    }
  }
  for (const { holder, fields, optional } of holders.values()) {
    const found = listedEntryAt(literal, holder) ?? typedEntryAt(literal, holder) ?? resourceReadAt(literal, holder);
    if (!found) continue;
    // The code base's own types (a listed resource of its provider, what its resource's read returns, an entry type it
    // declares without `_meta`, an entry of a list its own method answers with) may declare none: in TypeScript the
    // suggestion reads it through a cast.
    const { ownType, ...source } = found;
    return { literal, holder, fields, ...source, read: { optional, cast: ownType && file.typescript } };
  }
  return null;
}

type EntrySource = Pick<DroppedDescriptorMeta, 'entry' | 'source' | 'label' | 'sink' | 'field' | 'table' | 'readFrom'> & {
  /** The holder is of a type of the code base's own that may declare no `_meta` (see `MetaRead.cast`). */
  readonly ownType: boolean;
};

/**
 * `holder` is an entry of an upstream's list (`tools.map((t) => …)` over `listTools()`, `resources.find(…)` over
 * `listResources()`) and the literal is advertised again, or answers a read of the listed resource.
 */
function listedEntryAt(literal: TSESTree.ObjectExpression, holder: TSESTree.Identifier): EntrySource | null {
  const entry = listEntry(holder);
  if (!entry) return null;
  const direct = listSourceOf(entry.list);
  const called = direct ?? classFieldListOf(entry.list);
  const listed = called
    ? { node: called.call, source: called.source, label: calleeLabel(called.call, 'call'), entryTypeWithoutMeta: false }
    : declaredListOf(entry.list);
  if (!listed) return null;
  if (usedWhole(holder.name, entry.scope)) return null;
  // A dispatcher's `case` answers only when it asks the upstream itself: the list call, never a declared type.
  const advertised = advertisedAt(literal, listed.source, called?.call ?? null);
  // Not advertised here, but stored where the list handler answers from (a list call's own entries only).
  const table = advertised === null && direct ? moduleTableOf(literal, listed.source) : null;
  const sink = advertised ?? (table ? 'module-table' : null);
  if (!sink) return null;
  const field = called && !direct ? thisFieldOf(entry.list) : null;
  // A listed resource in a read's answer: the contents item is built from it.
  const readFrom = sink === 'answer' && listed.source === 'listResources' ? 'listed-resource' : null;
  const entryName = readFrom ? LIST_SOURCES.get('readResource')!.entry : LIST_SOURCES.get(listed.source)!.entry;
  const ownType = readFrom !== null || listed.entryTypeWithoutMeta || direct?.ownList === true;
  return { entry: entryName, source: listed.node, label: listed.label, sink, field, table, readFrom, ownType };
}

/**
 * The module-level table the rebuilt entries are stored in, when the file's own list handler answers from it: mcphub
 * keeps each upstream's tools as `serverInfo.tools = tools.tools.map((tool) => ({ name: tool.name, … }))`, where
 * `serverInfo` is an entry of `let serverInfos: ServerInfo[]` (`getServerByName(name)` returns `serverInfos.find(…)`),
 * and its `tools/list` handler answers with the tools of `serverInfos`' entries. Stored: the list the entries make
 * (or an entry) assigned to the table, to a field of it or of one of its entries, or put in with `set` / `push`. Read
 * back: a function of the file that answers the list request (given to `setRequestHandler` in place or by name) names
 * the table, and the field when one was written. Asked only of an entry already found rebuilding an upstream list's.
 */
function moduleTableOf(literal: TSESTree.ObjectExpression, source: string): DroppedDescriptorMeta['table'] {
  const target = storeTargetOf(listMadeOf(literal));
  const table = target ? moduleTableHolding(target.object) : null;
  const method = methodOfClientCall(source);
  if (!target || !table || method === null || table.id.type !== 'Identifier') return null;
  const handler = handlerReading(table, target.field, method);
  return handler ? { name: table.id.name, handler, method } : null;
}

/** The list a `.map` / `.flatMap` callback's returned `literal` goes into (`tools.map((t) => ({ … }))`), else `literal`. */
function listMadeOf(literal: TSESTree.ObjectExpression): Node {
  const fn = functionReturning(outsideTypeWrappers(literal));
  const call = fn?.parent;
  const maps = call?.type === 'CallExpression' && call.arguments[0] === fn && LIST_MAPS.has(calleeName(call) ?? '');
  return outsideTypeWrappers(maps ? call : literal);
}

/**
 * Where `value` is stored: `x.tools = value` (the object `x`, the field `tools`), `x = value`, `x[k] = value`,
 * `x.set(k, value)`, `x.push(value)` or `x.push(...value)` (the object `x`, no field). Null when it goes elsewhere.
 */
function storeTargetOf(value: Node): { object: Node; field: string | null } | null {
  const parent = value.parent?.type === 'SpreadElement' ? value.parent.parent : value.parent;
  if (parent?.type === 'AssignmentExpression' && parent.right === value && parent.operator === '=') {
    const left = parent.left;
    if (left.type === 'Identifier') return { object: left, field: null };
    return left.type === 'MemberExpression' ? { object: left.object, field: memberPropertyName(left) } : null;
  }
  if (parent?.type !== 'CallExpression' || parent.callee.type !== 'MemberExpression' || !FIELD_WRITES.has(calleeName(parent) ?? ''))
    return null;
  const given = value.parent?.type === 'SpreadElement' ? value.parent : value;
  return parent.arguments.includes(given as TSESTree.CallExpressionArgument) ? { object: parent.callee.object, field: null } : null;
}

/**
 * The module-level variable `object` is, or an entry of: `serverInfos`, `serverInfos[i]`, a `const` picked from it
 * (`serverInfos.find(…)`), or one a same-file function returns every time (`getServerByName(name)` that returns
 * `serverInfos.find(…)`). Null for anything else (a local list, a parameter, a class field).
 */
function moduleTableHolding(object: Node): TSESTree.VariableDeclarator | null {
  let inner = unwrap(object) as Node;
  if (inner.type === 'MemberExpression' && inner.computed) inner = unwrap(inner.object) as Node;
  if (inner.type !== 'Identifier') return null;
  const binding = findBinding(inner.name, inner);
  if (binding?.kind !== 'variable') return null;
  if (isModuleLevel(binding.declarator)) return binding.declarator;
  const init = binding.declarationKind === 'const' && binding.declarator.init ? stripAwait(binding.declarator.init) : null;
  if (!init) return null;
  const picked = pickedFrom(init);
  if (picked) return moduleVariable(picked);
  // `getServerByName(name)`: every value the function returns is picked from the same module-level list.
  const fn = init.type === 'CallExpression' ? localFunction(init.callee) : null;
  const tables = fn ? returnedValues(fn).map((value) => pickedFrom(value)) : [];
  const table = tables.length > 0 && tables.every((list) => list !== null) ? moduleVariable(tables[0]!) : null;
  return table && tables.every((list) => moduleVariable(list!) === table) ? table : null;
}

/** The module-level variable `node` names, or null. */
function moduleVariable(node: Node): TSESTree.VariableDeclarator | null {
  const inner = unwrap(node) as Node;
  const binding = inner.type === 'Identifier' ? findBinding(inner.name, inner) : null;
  return binding?.kind === 'variable' && isModuleLevel(binding.declarator) ? binding.declarator : null;
}

/** Whether a variable is declared at the top of its module (`let serverInfos = []`, `export const tools = new Map()`). */
function isModuleLevel(declarator: TSESTree.VariableDeclarator): boolean {
  const statement = declarator.parent?.parent;
  return statement?.type === 'Program' || (statement?.type === 'ExportNamedDeclaration' && statement.parent?.type === 'Program');
}

/**
 * The function of the file that answers `method` (given to `setRequestHandler` in place or by name) and reads
 * `table` (and a `field` member, when the entries were stored under one), or null.
 */
function handlerReading(table: TSESTree.VariableDeclarator, field: string | null, method: string): Node | null {
  const name = (table.id as TSESTree.Identifier).name;
  const program = rootOf(table);
  const handlers = new Set<Node>();
  const readers: Node[] = [];
  walkAll(program, (node) => {
    if (node.type === 'CallExpression' && calleeName(node) === 'setRequestHandler' && node.arguments[1]) {
      const given = unwrap(node.arguments[1]) as Node;
      const fn = given.type === 'Identifier' ? functionBoundTo(given) : given;
      if (fn && isFunctionNode(fn) && requestMethodOfHandler(node) === method) handlers.add(fn);
    }
    if (node.type === 'Identifier' && node.name === name && node !== table.id && declaratorOf(node) === table) readers.push(node);
  });
  for (const reader of readers) {
    for (let fn = enclosingFunction(reader); fn; fn = enclosingFunction(fn)) {
      if (handlers.has(fn) && (field === null || readsMember(fn, field))) return fn;
    }
  }
  return null;
}

/** Whether `fn` reads a member named `field` (`serverInfo.tools`). */
function readsMember(fn: FunctionNode, field: string): boolean {
  let reads = false;
  walkAll(fn.body, (node) => {
    reads ||= node.type === 'MemberExpression' && memberPropertyName(node) === field;
  });
  return reads;
}

/**
 * The list a parameter's declared type holds, when the file declares its entry type to be what an upstream's list
 * call answers with: `for (const resource of plan.resources)` with `plan: ProxyNamespacePlan`, `interface
 * ProxyNamespacePlan { resources: ProxyResource[] }` and `interface ProxyConnection { listResources(): Promise<{
 * resources: ProxyResource[] }> }` (mcp-use's proxy introspects the upstream into such a plan in one function and
 * registers its entries again in another). Only the file's own interfaces and type aliases are read; the list call is
 * named by the declaration (`ProxyConnection.listResources(…)`).
 */
function declaredListOf(list: Node): { node: TSESTree.Node; source: string; label: string; entryTypeWithoutMeta: boolean } | null {
  const inner = unwrap(list) as Node;
  const object = inner.type === 'MemberExpression' ? (unwrap(inner.object) as Node) : null;
  const member = inner.type === 'MemberExpression' ? memberPropertyName(inner) : null;
  if (object?.type !== 'Identifier' || member === null) return null;
  const param = declaringParameter(object);
  const holderType = param?.typeAnnotation?.typeAnnotation;
  const memberType = holderType ? declaredMemberType(holderType, member) : null;
  const entryType = memberType ? listElementType(memberType) : null;
  if (entryType?.type !== 'TSTypeReference' || entryType.typeName.type !== 'Identifier') return null;
  const found = listMethodAnswering(entryType.typeName.name, inner);
  return found && { ...found, entryTypeWithoutMeta: typeWithout(entryType, '_meta') };
}

/** The parameter `identifier` names, of the nearest function that declares it as an identifier parameter; else null. */
function declaringParameter(identifier: TSESTree.Identifier): TSESTree.Identifier | null {
  for (let fn = enclosingFunction(identifier); fn; fn = enclosingFunction(fn)) {
    const param = fn.params.find((candidate) => patternDeclares(candidate, identifier.name));
    if (param) return param.type === 'Identifier' ? param : null;
  }
  return null;
}

/**
 * The upstream list method a same-file interface or alias declares to answer with entries of type `entryType`:
 * `listResources(): Promise<{ resources: ProxyResource[] }>` or `listTools(): Promise<ProxyTool[]>`, as a method or a
 * function-typed property. Null when none does.
 */
function listMethodAnswering(entryType: string, from: Node): { node: TSESTree.Node; source: string; label: string } | null {
  const program = rootOf(from);
  if (program.type !== 'Program') return null;
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'TSInterfaceDeclaration' && declaration?.type !== 'TSTypeAliasDeclaration') continue;
    for (const member of sameFileMembers(declaration, declaration.id.name)) {
      const source = member.type === 'TSMethodSignature' || member.type === 'TSPropertySignature' ? propertyKeyName(member) : null;
      if (source === null || source === 'readResource') continue;
      const listed = LIST_SOURCES.get(source);
      if (!listed) continue;
      const returned = member.type === 'TSMethodSignature' ? member.returnType?.typeAnnotation : functionTypeReturn(member);
      const answered = returned ? promisedListEntry(returned, listed.list) : null;
      if (answered?.type === 'TSTypeReference' && answered.typeName.type === 'Identifier' && answered.typeName.name === entryType)
        return { node: member, source, label: `${declaration.id.name}.${source}(…)` };
    }
  }
  return null;
}

/** The return type of a property typed as a function (`listTools: () => Promise<Tool[]>`); null otherwise. */
function functionTypeReturn(member: TSESTree.TypeElement): TSESTree.TypeNode | null {
  const type = member.type === 'TSPropertySignature' ? member.typeAnnotation?.typeAnnotation : undefined;
  return type?.type === 'TSFunctionType' ? (type.returnType?.typeAnnotation ?? null) : null;
}

/** The entry type of `Promise<{ <list>: T[] }>` or `Promise<T[]>` (the SDK's answer, or the list itself); null otherwise. */
function promisedListEntry(type: TSESTree.TypeNode, list: string): TSESTree.TypeNode | null {
  const promised =
    type.type === 'TSTypeReference' && type.typeName.type === 'Identifier' && type.typeName.name === 'Promise'
      ? type.typeArguments?.params[0]
      : undefined;
  if (!promised) return null;
  const listType = promised.type === 'TSTypeLiteral' ? declaredMemberType(promised, list) : promised;
  return listType ? listElementType(listType) : null;
}

/**
 * `holder` holds what a registered resource's own read returned, and the literal is that registration's `resources/read`
 * answer (decocms' runtime: `server.resource(resource.name, resource.uri, meta, async (uri) => { const result = await
 * resource.read({ uri }); return { contents: [{ uri: result.uri, mimeType: result.mimeType, text: result.text }] } })`):
 * the `_meta` the resource's read gave (an MCP App's CSP) is left behind. The registration serves that resource: one of
 * its other arguments reads a field of it. A read of anything else (`storage.read(path)`) is the server's own data.
 */
function resourceReadAt(literal: TSESTree.ObjectExpression, holder: TSESTree.Identifier): EntrySource | null {
  const binding = findBinding(holder.name, holder);
  if (binding?.kind !== 'variable' || binding.declarator.id.type !== 'Identifier' || !binding.declarator.init) return null;
  const call = stripAwait(binding.declarator.init);
  const callee = call.type === 'CallExpression' ? (unwrap(call.callee) as Node) : null;
  const resource = callee?.type === 'MemberExpression' ? (unwrap(callee.object) as Node) : null;
  const fn = enclosingFunction(binding.declarator);
  if (call.type !== 'CallExpression' || resource?.type !== 'Identifier' || !fn || !isSdkResourceCallback(fn)) return null;
  if (!answeredBy(fn, literal) || usedWhole(holder.name, fn.body)) return null;
  // The resource is the one the registration is given, not a name the callback declares itself.
  const registration = fn.parent as TSESTree.CallExpression;
  const declaredInside = (declarator: TSESTree.VariableDeclarator): boolean => enclosingFunction(declarator) === fn;
  const own = findBinding(resource.name, resource);
  if (fn.params.some((param) => patternDeclares(param, resource.name)) || (own?.kind === 'variable' && declaredInside(own.declarator)))
    return null;
  const served = registration.arguments.some((argument) => {
    const read = argument === fn ? null : (unwrap(argument) as Node);
    return read?.type === 'MemberExpression' && referenceText(read.object) === resource.name;
  });
  if (!served) return null;
  const entry = LIST_SOURCES.get('readResource')!.entry;
  return {
    entry,
    source: call,
    label: calleeLabel(call, 'read'),
    sink: 'answer',
    field: null,
    table: null,
    readFrom: 'resource-read',
    ownType: true,
  };
}

/**
 * The upstream results that carry a `_meta` of their own beside the list an answer copies (MCP schema: a
 * `ReadResourceResult` beside its contents', a `GetPromptResult` beside its messages), and what messages call them.
 */
const ANSWERED_RESULTS: ReadonlyMap<string, { readonly list: string; readonly entry: string }> = new Map([
  ['readResource', { list: 'contents', entry: 'resource read result' }],
  ['getPrompt', { list: 'messages', entry: 'prompt result' }],
]);

/**
 * `{ contents: r.contents }` (or `r.contents.map(…)`) answering a `resources/read` where `r` is an upstream's
 * `readResource()` result, `{ description: r.description, messages: r.messages }` answering a `prompts/get` where `r`
 * is an upstream's `getPrompt()` result: the answer leaves the result's own `_meta` behind. A literal that spreads
 * anything or writes `_meta` decided what goes there.
 */
function droppedAnsweredResultAt(literal: TSESTree.ObjectExpression): DroppedDescriptorMeta | null {
  if (literal.properties.some((property) => property.type === 'SpreadElement' || propertyKeyName(property) === '_meta')) return null;
  for (const [source, { list, entry }] of ANSWERED_RESULTS) {
    const copied = propertyNamed(literal, list);
    const read = copied ? listReadIn(copied.value) : null;
    const holder = read ? (unwrap(read.object) as Node) : null;
    if (!read || holder?.type !== 'Identifier' || memberPropertyName(read) !== list) continue;
    const call = heldCall(holder);
    if (!call || upstreamMethodOf(call) !== source) continue;
    if (advertisedAt(literal, source) !== 'answer') return null;
    const binding = findBinding(holder.name, holder);
    const scope = binding?.kind === 'variable' ? enclosingFunction(binding.declarator) : enclosingFunction(literal);
    if (scope && usedWhole(holder.name, scope.body)) return null;
    return {
      literal,
      holder,
      fields: resultFieldsCopied(literal, holder.name),
      entry,
      source: call,
      label: calleeLabel(call, 'call'),
      sink: 'answer',
      field: null,
      table: null,
      readFrom: null,
      read: { optional: read.optional, cast: false },
    };
  }
  return null;
}

/** The properties of `literal` whose value is read off `holder` (`description: r.description`, `contents: r.contents.map(…)`). */
function resultFieldsCopied(literal: TSESTree.ObjectExpression, holder: string): string[] {
  return literal.properties.flatMap((property) => {
    const read = property.type === 'Property' ? listReadIn(property.value) : null;
    const object = read ? (unwrap(read.object) as Node) : null;
    const field = read ? memberPropertyName(read) : null;
    return object?.type === 'Identifier' && object.name === holder && field !== null ? [field] : [];
  });
}

/** The list a value is made from: `r.contents`, `r.contents ?? []`, `r.contents.map(…)`, `r.contents.filter(…).map(…)`. */
function listReadIn(value: Node): TSESTree.MemberExpression | null {
  let inner = unwrap(value) as Node;
  if (inner.type === 'LogicalExpression' && inner.operator !== '&&') inner = unwrap(inner.left) as Node;
  while (inner.type === 'CallExpression' && inner.callee.type === 'MemberExpression') inner = unwrap(inner.callee.object) as Node;
  return inner.type === 'MemberExpression' ? inner : null;
}

/**
 * `holder` is a parameter typed with an SDK descriptor type and the literal is what the function returns as one:
 * `function applyOverrides(t: Tool, o: Override): Tool { return { name: o.name ?? t.name, inputSchema: t.inputSchema } }`.
 * The types say it: a descriptor comes in, a descriptor of the same kind goes out, rebuilt without the `_meta` it had.
 */
function typedEntryAt(literal: TSESTree.ObjectExpression, holder: TSESTree.Identifier): EntrySource | null {
  const fn = functionReturning(outsideTypeWrappers(literal));
  if (!fn) return null;
  const returned = sdkDescriptorType(fn.returnType?.typeAnnotation, fn, true);
  if (returned === null) return null;
  const param = fn.params.find((candidate) => candidate.type === 'Identifier' && candidate.name === holder.name);
  if (param?.type !== 'Identifier' || !param.typeAnnotation) return null;
  if (sdkDescriptorType(param.typeAnnotation.typeAnnotation, fn, false) !== returned) return null;
  if (usedWhole(holder.name, fn.body)) return null;
  const label = `${param.name}: ${entityText(typeNameOf(param.typeAnnotation.typeAnnotation)) ?? returned}`;
  return {
    entry: LIST_SOURCES.get(DESCRIPTOR_TYPES.get(returned)!)!.entry,
    source: param,
    label,
    sink: 'typed-return',
    field: null,
    table: null,
    readFrom: null,
    ownType: false,
  };
}

function typeNameOf(type: TSESTree.TypeNode): TSESTree.EntityName | null {
  return type.type === 'TSTypeReference' ? type.typeName : null;
}

/** `Tool`, `mcp.Tool` as written. */
function entityText(name: TSESTree.EntityName | null): string | null {
  if (name?.type === 'Identifier') return name.name;
  if (name?.type !== 'TSQualifiedName') return null;
  const left = entityText(name.left);
  return left === null ? null : `${left}.${name.right.name}`;
}

/** A package of the MCP SDK (v1 `@modelcontextprotocol/sdk/types.js`, v2 `@modelcontextprotocol/server`, `client`, `core`). */
const SDK_PACKAGE = /^@modelcontextprotocol\/(?:sdk|server|client|core)(?:\/|$)/;

/**
 * The SDK descriptor type (`Tool`, `Resource`, `ResourceTemplate`) `type` names, imported from the SDK (a type of the
 * same name declared elsewhere is not the SDK's): `Tool`, `McpTool` of `import type { Tool as McpTool }`, `types.Tool`
 * of a namespace import, and as a return type `Promise<Tool>`. Null otherwise.
 */
function sdkDescriptorType(type: TSESTree.TypeNode | undefined, from: Node, promised: boolean): string | null {
  if (type?.type !== 'TSTypeReference') return null;
  const name = type.typeName;
  if (promised && name.type === 'Identifier' && name.name === 'Promise') {
    const params = type.typeArguments?.params ?? [];
    return params.length === 1 ? sdkDescriptorType(params[0], from, false) : null;
  }
  const local =
    name.type === 'Identifier' ? name.name : name.type === 'TSQualifiedName' && name.left.type === 'Identifier' ? name.left.name : null;
  if (local === null) return null;
  const imported = sdkImportOf(local, from);
  if (imported === null) return null;
  const typeName = name.type === 'Identifier' ? imported : imported === '*' && name.type === 'TSQualifiedName' ? name.right.name : null;
  return typeName !== null && DESCRIPTOR_TYPES.has(typeName) ? typeName : null;
}

/** What the module imports `local` as from the SDK: the imported name, `*` for a namespace; null when not from the SDK. */
function sdkImportOf(local: string, from: Node): string | null {
  const program = rootOf(from);
  if (program.type !== 'Program') return null;
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration' || !SDK_PACKAGE.test(statement.source.value)) continue;
    for (const specifier of statement.specifiers) {
      if (specifier.local.name !== local) continue;
      if (specifier.type === 'ImportNamespaceSpecifier') return '*';
      if (specifier.type === 'ImportSpecifier')
        return specifier.imported.type === 'Identifier' ? specifier.imported.name : String(specifier.imported.value);
    }
  }
  return null;
}
