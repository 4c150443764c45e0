/**
 * Which server a registration is made on, where the code says so: the `McpServer` (or low-level `Server`) a `const`
 * of this file holds from `new …(…)`. A file (or a factory function) that creates two servers registers each one's tools
 * and resources on its own `const`; a registration on anything else (a parameter, `this.server`, an imported server) is
 * on a server not known here, which may be any of them. Read from the registration call, no walk.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { isFunctionNode, parameterName, unwrap } from '../syntax/ast';
import { findBinding } from '../syntax/bindings';
import { registrationNameOf, SDK_REGISTRATIONS } from '../plane/sdk-registrations';

/** The server a registration call is made on: the declaring `const` (its name and where it is), or null when not known. */
export function serverInstanceOf(call: TSESTree.CallExpression): string | null {
  const server = serverNameOf(call);
  if (!server) return null;
  const binding = findBinding(server.name, server);
  if (binding?.kind !== 'variable' || binding.declarationKind !== 'const' || !binding.declarator.init) return null;
  // Only a new object is certainly one server of its own: `const server = getServer()` may return a shared one.
  const init = unwrap(binding.declarator.init);
  const created = init.type === 'AwaitExpression' ? unwrap(init.argument) : init;
  return created.type === 'NewExpression' ? `${server.name}@${binding.declarator.range[0]}` : null;
}

/** The server argument (`registerAppTool(server, …)`) or receiver (`server.registerTool(…)`) of a call, as a name. */
function serverNameOf(call: TSESTree.CallExpression): TSESTree.Identifier | null {
  const registration = SDK_REGISTRATIONS.get(registrationNameOf(call) ?? '');
  const callee = unwrap(call.callee);
  const receiver =
    registration?.server !== undefined
      ? call.arguments[registration.server]
      : callee.type === 'MemberExpression'
        ? callee.object
        : undefined;
  if (!receiver || receiver.type === 'SpreadElement') return null;
  const server = unwrap(receiver);
  return server.type === 'Identifier' ? server : null;
}

/**
 * Whether a registration is made on a parameter of `fn`, the function it is written in (`export function
 * registerCaseTools(server: McpServer) { registerAppTool(server, …) }`): a server created elsewhere and handed to this
 * module, on which the other modules it is handed to register their tools and resources too. Read from the call and
 * the function's parameter list, no walk.
 */
export function registeredOnParameter(call: TSESTree.CallExpression, fn: TSESTree.Node): boolean {
  const server = serverNameOf(call);
  if (!server || !isFunctionNode(fn)) return false;
  return fn.params.some((param) => parameterName(param) === server.name);
}

/**
 * The registration call whose config argument holds `metaNode` (the `_meta` property of `registerTool(name, { _meta
 * })`), or null when the config is not written in the call.
 */
export function registrationCallOf(metaNode: TSESTree.Node): TSESTree.CallExpression | null {
  const config = metaNode.parent;
  const call = config?.type === 'ObjectExpression' ? config.parent : null;
  return call?.type === 'CallExpression' && call.arguments.includes(config as TSESTree.ObjectExpression) ? call : null;
}

/** Whether a link on server `a` may reach a resource on server `b`: the same `const`, or either not known. */
export function sameServerMaybe(a: string | null, b: string | null): boolean {
  return a === null || b === null || a === b;
}
