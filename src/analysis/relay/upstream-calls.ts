/**
 * Where an upstream server's tool result comes from (the pass-through model's `call-tool` source): `x.callTool(…)`
 * (SDK v1 `Client.callTool`, v2 `@modelcontextprotocol/client`), `x.request({ method: 'tools/call', … })` (v1 with
 * `CallToolResultSchema`, v2 without), a call of a function of the same module whose every return is one, and a call
 * of a function imported from a relative module (or a tsconfig `paths` alias) whose every return is one: the
 * imported module's summary (`module-summary.ts`) lists those functions (`ModuleSummary.upstream`), read without types.
 * A result rebuilt without its `_meta` loses every producer's key whichever module called upstream (MCP_META_CHANNELS
 * rule 3: a failure "never drops another producer's key"; a rebuild drops them all).
 */
import type { TSESTree } from '@typescript-eslint/utils';
import {
  calleeName,
  collectInSameFunction,
  isFunctionNode,
  propertyNamed,
  referenceText,
  returnedValues,
  rootOf,
  staticString,
  unwrap,
  walkAll,
} from '../syntax/ast';
import { findBinding, functionBoundTo } from '../syntax/bindings';
import { CLIENT_REQUESTS } from './client-requests';
import { CALL_TOOL } from './pass-through-marks';

type Node = TSESTree.Node;
type FunctionNode = TSESTree.FunctionDeclaration | TSESTree.FunctionExpression | TSESTree.ArrowFunctionExpression;

/** Calls followed through functions (same module, then imported) at most this deep. */
export const MAX_UPSTREAM_DEPTH = 4;

/**
 * How a function a module imports is asked whether it calls upstream: the linted file's cross-module resolver
 * (`modules/module-resolver.ts`), handed in by the caller, so this module (which a module's summary reads) imports
 * nothing of `modules/` and no import cycle closes.
 */
export interface UpstreamImports {
  importedUpstream(specifier: string, importedName: string): boolean;
  /** Whether the function the module `specifier` exports as `importedName` answers a request itself (`answersItself`). */
  importedAnswersItself(specifier: string, importedName: string): boolean;
  /** Whether the module `specifier` declares the type it exports as `importedName` without a `_meta` slot. */
  importedTypeWithoutMeta(specifier: string, importedName: string): boolean;
}

/**
 * The linted file's imports, per program: an imported function is followed only from the linted file, one module away
 * (a module's summary never follows its own imports, so two modules importing each other cannot recurse).
 */
const importsOfProgram = new WeakMap<Node, UpstreamImports>();

/** Lets calls in `program` be followed into the relative modules it imports, through the file's resolver. */
export function followImportsFrom(program: TSESTree.Program, imports: UpstreamImports): void {
  importsOfProgram.set(program, imports);
}

/** Whether the function `program` imports as `importedName` from `specifier` answers a request itself (`answersItself`). */
export function importedAnswersItself(program: TSESTree.Program, specifier: string, importedName: string): boolean {
  return importsOfProgram.get(program)?.importedAnswersItself(specifier, importedName) ?? false;
}

/** Whether the module `program` imports `importedName` from declares that type without a `_meta` slot. */
export function importedTypeWithoutMeta(program: TSESTree.Program, specifier: string, importedName: string): boolean {
  return importsOfProgram.get(program)?.importedTypeWithoutMeta(specifier, importedName) ?? false;
}

/** Strips `await`, parentheses and TypeScript wrappers. */
export function stripAwait(node: Node): Node {
  let current = unwrap(node) as Node;
  while (current.type === 'AwaitExpression') current = unwrap(current.argument) as Node;
  return current;
}

/**
 * The call an upstream tool result comes from: `x.callTool(…)` / `callTool(…)`, `x.request({ method: 'tools/call',
 * … }, CallToolResultSchema)` (SDK v1 and v2), or a call of a function of this module whose every return is one
 * (`async function fetchUpstream(name) { return client.callTool({ name }); }`), or of such a function imported from
 * another module of the code base (`import { fetchUpstream } from './upstream.js'`).
 */
export function upstreamCallOf(node: Node, depth = 0): TSESTree.CallExpression | null {
  const inner = stripAwait(node);
  if (inner.type !== 'CallExpression') return null;
  const name = calleeName(inner);
  if (name === CALL_TOOL) return inner;
  if (name === 'request' && requestMethodOf(inner.arguments[0]) === 'tools/call') return inner;
  if (depth >= MAX_UPSTREAM_DEPTH) return null;
  const callee = unwrap(inner.callee) as Node;
  if (callee.type !== 'Identifier') return null;
  const binding = findBinding(callee.name, callee);
  if (binding?.kind === 'import') {
    const imports = importsOfProgram.get(rootOf(inner));
    return imports !== undefined && imports.importedUpstream(binding.source, binding.imported) ? inner : null;
  }
  const fn = localFunction(callee);
  return fn && everyReturnIsUpstream(fn, depth + 1) ? inner : null;
}

/** The static `method` of a JSON-RPC request literal (`{ method: 'tools/call', … }`), or null. */
export function requestMethodOf(argument: Node | null | undefined): string | null {
  const request = argument ? (unwrap(argument) as Node) : null;
  if (request?.type !== 'ObjectExpression') return null;
  const method = propertyNamed(request, 'method');
  return method ? staticString(method.value) : null;
}

/** What messages call an upstream call (`upstream.callTool(…)`); `fallback` names a callee with no text of its own. */
export function calleeLabel(call: TSESTree.CallExpression, fallback: string = CALL_TOOL): string {
  return `${referenceText(unwrap(call.callee)) ?? calleeName(call) ?? fallback}(…)`;
}

/** The function of this module a callee names: `function f() {}` or `const f = (…) => …` (`functionBoundTo`). */
export function localFunction(callee: Node): FunctionNode | null {
  const inner = unwrap(callee) as Node;
  const fn = inner.type === 'Identifier' ? functionBoundTo(inner) : null;
  return fn && isFunctionNode(fn) ? fn : null;
}

const upstreamFunctions = new WeakMap<FunctionNode, boolean>();

/**
 * Every value `fn` returns is an upstream result (an upstream call, or a `const` holding one); it returns at least
 * once. A function that may return something else (a cached value, a literal of its own) is no source.
 */
export function everyReturnIsUpstream(fn: FunctionNode, depth = 0): boolean {
  const known = upstreamFunctions.get(fn);
  if (known !== undefined) return known;
  // A recursive function is asked again while it is being answered: no, until the answer is known.
  upstreamFunctions.set(fn, false);
  const values: (Node | null)[] =
    fn.body.type === 'BlockStatement'
      ? collectInSameFunction(fn.body, (node): node is TSESTree.ReturnStatement => node.type === 'ReturnStatement').map(
          (statement) => statement.argument,
        )
      : [fn.body];
  const upstream =
    values.length > 0 &&
    values.every((value) => {
      if (!value) return false;
      if (upstreamCallOf(value, depth)) return true;
      const inner = stripAwait(value);
      if (inner.type !== 'Identifier') return false;
      const binding = findBinding(inner.name, inner);
      return (
        binding?.kind === 'variable' &&
        binding.declarationKind === 'const' &&
        !!binding.declarator.init &&
        upstreamCallOf(binding.declarator.init, depth) !== null
      );
    });
  upstreamFunctions.set(fn, upstream);
  return upstream;
}

/** Calls by which a function sends a request of its own: an MCP client's method (`callTool`, `request`, `getPrompt`, …) or `fetch`. */
const SENDING_CALLS: ReadonlySet<string> = new Set([...[...CLIENT_REQUESTS.values()].map((request) => request.client), 'request', 'fetch']);

/**
 * Whether `fn` answers a request itself, as a server's own implementation does, rather than forwarding it upstream: it
 * returns at least once, no value it returns is what a call gave (`return handler(args)`, `const r = await
 * forward(…); return r`), and it sends no request: it is synchronous (it cannot wait for an upstream's answer), or no
 * call in it is an MCP client's method, `fetch` or a function whose every return is an upstream result. MCPJam's
 * mcp-check fixture (`function callTool(name, args) { switch (name) { case 'echo': return { result: … } } }`) and
 * antvis/mcp-server-chart's `callTool(name, args)` in its own module (it validates, renders a chart and returns `{
 * content, _meta }`) are such: a `tools/call` handler giving them the call's fields one by one drops no caller's
 * `_meta` on the way to an upstream, there is none.
 */
export function answersItself(fn: FunctionNode): boolean {
  if (fn.generator) return false;
  const returned = returnedValues(fn);
  if (returned.length === 0 || returned.some((value) => isCallValue(stripAwait(value)))) return false;
  if (!fn.async) return true;
  // Its callbacks too: `Promise.all(servers.map((s) => s.client.callTool(…)))` sends.
  let sends = false;
  walkAll(fn.body, (node) => (sends ||= node.type === 'CallExpression' && sendsRequest(node)));
  return !sends;
}

/**
 * A call, a `const` holding one (`const out = await forward(…)`), or a member of either (`return res.data` after
 * `const res = await http.post(…)`: what a wrapper over another client answers with).
 */
function isCallValue(value: Node): boolean {
  while (value.type === 'MemberExpression') value = stripAwait(value.object);
  if (value.type === 'CallExpression') return true;
  if (value.type !== 'Identifier') return false;
  const binding = findBinding(value.name, value);
  return binding?.kind === 'variable' && !!binding.declarator.init && stripAwait(binding.declarator.init).type === 'CallExpression';
}

function sendsRequest(call: TSESTree.CallExpression): boolean {
  return SENDING_CALLS.has(calleeName(call) ?? '') || upstreamCallOf(call) !== null;
}
