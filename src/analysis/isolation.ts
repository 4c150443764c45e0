/**
 * Producer isolation facts (MCP _meta rule 3): whether a write computes (and so can throw), and whether a `try`'s
 * `catch` lets the tool call go on with the key simply absent.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { collectInSameFunction, isFunctionNode } from './ast';
import type { MetaWrite } from './types';
import { dropsMetaInPlace } from './write-kinds';

type Node = TSESTree.Node;

const COMPUTING = new Set(['CallExpression', 'NewExpression', 'AwaitExpression', 'TaggedTemplateExpression', 'YieldExpression', 'ImportExpression']);

/** True when evaluating `node` runs code that can throw: a call, `new`, `await` (not inside nested functions). */
export function computes(node: Node | null | undefined): boolean {
  if (!node || isFunctionNode(node)) return false;
  return collectInSameFunction(node, (inner) => COMPUTING.has(inner.type)).length > 0;
}

/**
 * Which writes are producers attaching to a tool result: hook calls always; emits, key writes and merges of literal
 * keys into an existing result's `_meta` (`x._meta = { ...x._meta, k: v }`, `{ ...result, _meta: { …, k: v } }`, the
 * wrapper middleware shape) whose value computes, or all of them when asked. A handler building its own fresh result
 * is not attaching to anyone else's keys, and descriptors and resources are not produced per call.
 */
export function isProducerWrite(write: MetaWrite, requireForAll: boolean): boolean {
  if (write.plane !== 'result') return false;
  switch (write.kind) {
    case 'meta-assign':
    case 'object-assign-meta':
    case 'meta-literal':
      if (write.target === null || write.keys.length === 0) return false;
      return requireForAll || write.keys.some((key) => computes(key.value));
    case 'hook-call':
      return true;
    case 'emit':
      return requireForAll || computes(write.keys[0]?.value);
    case 'key-assign':
      if (requireForAll) return true;
      // `x._meta.k = v`, `alias.k = v`, deeper `x._meta.k.f = v`: what is assigned; `Object.assign(x._meta, …)`: its sources.
      if (write.node.type === 'AssignmentExpression') return computes(write.node.right);
      return write.node.type === 'CallExpression' && write.node.arguments.slice(1).some((source) => computes(source));
    default:
      return false;
  }
}

export type CatchVerdict = 'continues' | 'no-catch' | 'throws' | 'returns' | 'drops-meta';

/**
 * Whether `tryStatement`'s catch lets the call go on: it must exist, and neither throw, nor return, nor delete or
 * replace `_meta` (checked against the file's writes, so aliases and wrappers count too).
 */
export function catchVerdict(tryStatement: TSESTree.TryStatement, writes: readonly MetaWrite[]): CatchVerdict {
  const handler = tryStatement.handler;
  if (!handler) return 'no-catch';
  const [start, end] = handler.body.range;
  if (writes.some((w) => dropsMetaInPlace(w) && w.node.range[0] >= start && w.node.range[1] <= end)) {
    return 'drops-meta';
  }
  return exitKind(handler.body) ?? 'continues';
}

function exitKind(body: Node): 'throws' | 'returns' | null {
  const [exit] = collectInSameFunction(body, (node) => node.type === 'ThrowStatement' || node.type === 'ReturnStatement');
  if (!exit) return null;
  return exit.type === 'ThrowStatement' ? 'throws' : 'returns';
}
