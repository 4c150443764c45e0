/**
 * The manifest's `sinks`: a team's own registration functions and result builders, which the plane analysis reads as
 * it reads the SDK's (`plane/flow.ts`). `defineTool({ name, _meta }, cb)` registers a tool, so its config is a tool
 * descriptor and what `cb` returns is a tool result; `toolResult({ content, _meta })` builds a tool result, and so
 * does every call of it. A name the SDK or MCP Apps already gives a meaning (`registerTool`, `tool` …) keeps that
 * meaning: `plane/flow.ts` asks here only about calls it does not know.
 *
 * The sinks belong to the manifest of the file being analysed: a field of the per-file context the pipeline hands its
 * phases (`FileContext` in `find-meta-writes.ts`), passed to each plane helper that may ask about a call, and to the
 * value phase for `flattenKeys`. A tree analysed under another manifest gets that manifest's sinks, never these.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import type { TeamSinkNames } from '../../registry/types';
import { calleeName, outsideTypeWrappers, propertyKeyName } from '../syntax/ast';
import type { PlaneDecision } from '../planes';

type Node = TSESTree.Node;

/** The manifest's sinks as the analysis of one file reads them: none when the manifest names none (or no manifest). */
export type TeamSinks = TeamSinkNames | undefined;

/** The sinks of a manifest, or undefined when it names none (so memos keyed by them agree on "none"). */
export function teamSinksOf(sinks: TeamSinkNames | undefined): TeamSinks {
  return sinks && (sinks.registrations.size > 0 || sinks.resultBuilders.size > 0) ? sinks : undefined;
}

/**
 * The plane of argument `index` of `call` when the manifest names the callee: a registration's config (its plane) or
 * a result builder's result argument (`result`); null otherwise.
 */
export function teamSinkOfArgument(call: TSESTree.CallExpression, index: number, sinks: TeamSinks): PlaneDecision | null {
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
 * `sinks` are the file's (the write pipeline's context; `no-dropped-meta` passes its manifest's own).
 */
export function isTeamToolCallback(fn: Node, sinks: TeamSinks): boolean {
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
export function isTeamResultBuilderCall(node: Node, sinks: TeamSinks): boolean {
  if (node.type !== 'CallExpression') return false;
  return sinks?.resultBuilders.has(calleeName(node) ?? '') ?? false;
}

function toolRegistration(call: TSESTree.CallExpression, sinks: TeamSinks): { config: number; callback?: number | string } | undefined {
  const registration = sinks?.registrations.get(calleeName(call) ?? '');
  return registration?.plane === 'tool' ? registration : undefined;
}

/**
 * The separator a team registration flattens its config's nested `_meta` with (`"flattenKeys": "/"` in the manifest),
 * when `literal` is written in place as that registration's config argument; null otherwise.
 */
export function teamFlattenKeysOf(literal: TSESTree.ObjectExpression, sinks: TeamSinks): string | null {
  const node = outsideTypeWrappers(literal);
  const call = node.parent;
  if (call?.type !== 'CallExpression') return null;
  const registration = sinks?.registrations.get(calleeName(call) ?? '');
  return registration?.flattenKeys !== undefined && call.arguments[registration.config] === node ? registration.flattenKeys : null;
}
