/**
 * The manifest's `sinks`: a team's own registration functions and result builders, which the plane analysis reads as
 * it reads the SDK's (`plane/flow.ts`). `defineTool({ name, _meta }, cb)` registers a tool, so its config is a tool
 * descriptor and what `cb` returns is a tool result; `toolResult({ content, _meta })` builds a tool result, and so
 * does every call of it. A name the SDK or MCP Apps already gives a meaning (`registerTool`, `tool` …) keeps that
 * meaning: `plane/flow.ts` asks here only about calls it does not know.
 *
 * The sinks belong to the manifest of the file being analysed; `findMetaWrites` binds them to the file's AST once, so
 * the plane helpers (which see single nodes) find them from any node of that AST.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import type { TeamSinkNames } from '../../registry/types';
import { calleeName, propertyKeyName } from '../syntax/ast';
import type { PlaneDecision } from '../planes';

type Node = TSESTree.Node;

const sinksOfAst = new WeakMap<TSESTree.Program, TeamSinkNames>();

/** Binds the manifest's sinks to the AST being analysed; an AST analysed without any has none. */
export function bindTeamSinks(ast: TSESTree.Program, sinks: TeamSinkNames | undefined): void {
  if (sinks && (sinks.registrations.size > 0 || sinks.resultBuilders.size > 0)) sinksOfAst.set(ast, sinks);
  else sinksOfAst.delete(ast);
}

/** The sinks bound to the AST `node` belongs to (`bindTeamSinks`), if any. */
export function teamSinksAt(node: Node): TeamSinkNames | undefined {
  let root = node;
  while (root.parent) root = root.parent;
  return root.type === 'Program' ? sinksOfAst.get(root) : undefined;
}

/**
 * The plane of argument `index` of `call` when the manifest names the callee: a registration's config (its plane) or
 * a result builder's result argument (`result`); null otherwise.
 */
export function teamSinkOfArgument(
  call: TSESTree.CallExpression,
  index: number,
  sinks: TeamSinkNames | undefined = teamSinksAt(call),
): PlaneDecision | null {
  if (!sinks) return null;
  const name = calleeName(call) ?? '';
  const registration = sinks.registrations.get(name);
  if (registration?.config === index) return { plane: registration.plane, evidence: 'manifest' };
  if (sinks.resultBuilders.get(name) === index) return { plane: 'result', evidence: 'manifest' };
  return null;
}

/**
 * True when `fn` is the callback of a tool registration the manifest names: the argument at its `callback` position
 * (`defineTool(config, async () => …)`), or the config's property it names (`defineTool({ name, handler: … })`).
 * `sinks` defaults to those bound to `fn`'s AST; `no-dropped-meta` passes its manifest's own (it also lints files
 * the write model never walks, so nothing was bound).
 */
export function isTeamToolCallback(fn: Node, sinks: TeamSinkNames | undefined = teamSinksAt(fn)): boolean {
  const parent = fn.parent;
  if (parent?.type === 'CallExpression') {
    const callback = toolRegistration(parent, sinks)?.callback;
    return typeof callback === 'number' && parent.arguments[callback] === fn;
  }
  if (parent?.type !== 'Property' || parent.value !== fn || parent.parent.type !== 'ObjectExpression') return false;
  const config = parent.parent;
  const call = config.parent;
  if (call?.type !== 'CallExpression') return false;
  const registration = toolRegistration(call, sinks);
  return (
    registration !== undefined &&
    typeof registration.callback === 'string' &&
    call.arguments[registration.config] === config &&
    propertyKeyName(parent) === registration.callback
  );
}

/** True when `node` is a call of a result builder the manifest names: what it returns is a tool result. */
export function isTeamResultBuilderCall(node: Node): boolean {
  if (node.type !== 'CallExpression') return false;
  return teamSinksAt(node)?.resultBuilders.has(calleeName(node) ?? '') ?? false;
}

function toolRegistration(
  call: TSESTree.CallExpression,
  sinks: TeamSinkNames | undefined,
): { config: number; callback?: number | string } | undefined {
  const registration = sinks?.registrations.get(calleeName(call) ?? '');
  return registration?.plane === 'tool' ? registration : undefined;
}

/**
 * The separator a team registration flattens its config's nested `_meta` with (`"flattenKeys": "/"` in the manifest),
 * when `literal` is written in place as that registration's config argument; null otherwise.
 */
export function teamFlattenKeysOf(literal: TSESTree.ObjectExpression): string | null {
  let node: Node = literal;
  while (
    node.parent &&
    (node.parent.type === 'TSAsExpression' || node.parent.type === 'TSSatisfiesExpression' || node.parent.type === 'TSNonNullExpression')
  ) {
    node = node.parent;
  }
  const call = node.parent;
  if (call?.type !== 'CallExpression') return null;
  const registration = teamSinksAt(call)?.registrations.get(calleeName(call) ?? '');
  return registration?.flattenKeys !== undefined && call.arguments[registration.config] === node ? registration.flattenKeys : null;
}
