/**
 * Producer isolation facts (MCP _meta rule 3): whether a write computes (and so can throw), and whether a `try`'s
 * `catch` lets the tool call go on with the key simply absent.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { collectInSameFunction, isFunctionNode } from './ast';
import { countSteps } from './cost-counter';
import type { MetaWrite } from './types';
import { dropsMetaInPlace } from './write-kinds';

type Node = TSESTree.Node;

const COMPUTING = new Set([
  'CallExpression',
  'NewExpression',
  'AwaitExpression',
  'TaggedTemplateExpression',
  'YieldExpression',
  'ImportExpression',
]);

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
      // A key an imported helper builds is computed by the call here (`...timingMeta(t)`), which can throw.
      return requireForAll || write.keys.some((key) => computes(key.builtBy ? key.node : key.value));
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
 * Whether a `try`'s catch lets the call go on: it must exist, and neither throw, nor return, nor delete or replace
 * `_meta` (checked against the file's writes, so aliases and wrappers count too). Built once per file: the writes
 * that drop `_meta` are found once (sorted by offset, as `writes` is), each catch is judged once, and a look-up is a
 * binary search, so a file with thousands of producers, each in its own try, costs linear time, not producers × writes.
 */
export function catchVerdicts(writes: readonly MetaWrite[]): (tryStatement: TSESTree.TryStatement) => CatchVerdict {
  countSteps(writes.length);
  const dropStarts = writes.filter(dropsMetaInPlace).map((write) => write.node.range[0]);
  const verdicts = new Map<TSESTree.TryStatement, CatchVerdict>();
  return (tryStatement) => {
    let verdict = verdicts.get(tryStatement);
    if (verdict === undefined) {
      verdict = judgeCatch(tryStatement, dropStarts);
      verdicts.set(tryStatement, verdict);
    }
    return verdict;
  };
}

function judgeCatch(tryStatement: TSESTree.TryStatement, dropStarts: readonly number[]): CatchVerdict {
  const handler = tryStatement.handler;
  if (!handler) return 'no-catch';
  const [start, end] = handler.body.range;
  // A write that starts inside the catch body ends inside it too (the AST nests).
  let low = 0;
  let high = dropStarts.length;
  while (low < high) {
    countSteps(1);
    const middle = (low + high) >>> 1;
    if (dropStarts[middle] < start) low = middle + 1;
    else high = middle;
  }
  if (low < dropStarts.length && dropStarts[low] < end) return 'drops-meta';
  return exitKind(handler.body) ?? 'continues';
}

function exitKind(body: Node): 'throws' | 'returns' | null {
  const [exit] = collectInSameFunction(body, (node) => node.type === 'ThrowStatement' || node.type === 'ReturnStatement');
  if (!exit) return null;
  return exit.type === 'ThrowStatement' ? 'throws' : 'returns';
}
