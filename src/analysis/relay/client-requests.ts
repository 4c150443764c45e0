/**
 * The MCP requests a proxy sends an upstream server, declared once: for each request method, the SDK client method that
 * sends it (v1 `Client` and v2 `@modelcontextprotocol/client` name them alike), the schema a server registers its
 * handler with (SDK v1; v2 takes the method string), and what the relay analysis follows through it. Read by the tool
 * results' sources (`pass-through.ts`: a `tools/call` handler), the relay walk (`pass-through-request.ts`) and the
 * relay words (`file-words.ts`).
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, referenceText, staticString, unwrap } from '../syntax/ast';

export interface ClientRequest {
  /** The SDK client method that sends it: `getPrompt` for `prompts/get`. */
  readonly client: string;
  /** The SDK schema its handler is registered with: `GetPromptRequestSchema`. */
  readonly schema: string;
  /** An upstream's answer to it may be advertised again (descriptors listed, contents read, a prompt got). */
  readonly readvertised: boolean;
  /**
   * A proxy forwards it one for one, so it must carry the caller's request `_meta` (the SDK client's methods whose
   * params take `_meta`). A list is not: a gateway answers it from many upstreams' lists, its own pages and caches,
   * so its list calls are its own requests.
   */
  readonly forwarded: boolean;
  /**
   * The client method's name is MCP's own (`getPrompt`), so a file that can forward the request names it, and a call
   * of it in any function that handles a caller's request sends it. `complete` is an LLM client's word too: it counts
   * only in a `completion/complete` handler, and a file is told by its handler's schema or method instead.
   */
  readonly callIsMcpWord: boolean;
}

export const CLIENT_REQUESTS: ReadonlyMap<string, ClientRequest> = new Map<string, ClientRequest>([
  ['tools/call', clientRequest('callTool', 'CallToolRequestSchema', { forwarded: true })],
  ['tools/list', clientRequest('listTools', 'ListToolsRequestSchema', { readvertised: true })],
  ['resources/list', clientRequest('listResources', 'ListResourcesRequestSchema', { readvertised: true })],
  ['resources/templates/list', clientRequest('listResourceTemplates', 'ListResourceTemplatesRequestSchema', { readvertised: true })],
  ['resources/read', clientRequest('readResource', 'ReadResourceRequestSchema', { readvertised: true, forwarded: true })],
  ['resources/subscribe', clientRequest('subscribeResource', 'SubscribeRequestSchema', { forwarded: true })],
  ['resources/unsubscribe', clientRequest('unsubscribeResource', 'UnsubscribeRequestSchema', { forwarded: true })],
  ['prompts/list', clientRequest('listPrompts', 'ListPromptsRequestSchema', { readvertised: true })],
  ['prompts/get', clientRequest('getPrompt', 'GetPromptRequestSchema', { readvertised: true, forwarded: true })],
  ['completion/complete', clientRequest('complete', 'CompleteRequestSchema', { forwarded: true, callIsMcpWord: false })],
]);

/** A request's entry; it is neither advertised again nor forwarded, and its call is an MCP word, unless told. */
function clientRequest(
  client: string,
  schema: string,
  { readvertised = false, forwarded = false, callIsMcpWord = true }: Partial<Omit<ClientRequest, 'client' | 'schema'>>,
): ClientRequest {
  return { client, schema, readvertised, forwarded, callIsMcpWord };
}

/** The request methods by the client method that sends each: `getPrompt` -> `prompts/get`. */
const METHOD_OF_CLIENT_CALL: ReadonlyMap<string, string> = new Map([...CLIENT_REQUESTS].map(([method, { client }]) => [client, method]));

/** The request method a client call sends (`getPrompt` -> `prompts/get`), or null for a name that sends none. */
export function methodOfClientCall(name: string | null): string | null {
  return name === null ? null : (METHOD_OF_CLIENT_CALL.get(name) ?? null);
}

/** `ListToolsRequestSchema` and `types.ListToolsRequestSchema` of a namespace import, each to its method. */
const SCHEMA_NAME = /(?:^|\.)(\w+)$/;
const METHOD_OF_SCHEMA: ReadonlyMap<string, string> = new Map([...CLIENT_REQUESTS].map(([method, { schema }]) => [schema, method]));

/**
 * The method a `setRequestHandler(ListToolsRequestSchema | 'tools/list', …)` call handles, of `CLIENT_REQUESTS`; null
 * for another (`'logging/setLevel'`, a schema of the code base's own).
 */
export function requestMethodOfHandler(call: TSESTree.CallExpression): string | null {
  const first = unwrap(call.arguments[0]);
  const literal = staticString(first);
  if (literal !== null) return CLIENT_REQUESTS.has(literal) ? literal : null;
  const schema = SCHEMA_NAME.exec(referenceText(first) ?? '')?.[1];
  return schema === undefined ? null : (METHOD_OF_SCHEMA.get(schema) ?? null);
}

/** Whether `call` is `setRequestHandler(…, fn)` with `fn` its handler. */
export function isRequestHandlerCall(call: TSESTree.Node | undefined, fn: TSESTree.Node): call is TSESTree.CallExpression {
  return call?.type === 'CallExpression' && calleeName(call) === 'setRequestHandler' && call.arguments[1] === fn;
}
