/**
 * Where a report that a key is on the wrong plane goes: `no-unregistered-meta-key`'s `wrongPlane` and `offHostPlane`,
 * and `check`'s `key-wrong-plane`, from this one answer. Most keys are reported where they are written. A key written
 * once in a same-file helper or `const` that writes on several planes use (OpenAI's Apps SDK examples:
 * `widgetDescriptorMeta(widget)` as a tool descriptor's `_meta` and as its resource entries') is reported at each use on
 * the wrong plane instead: that use is what is wrong, and removing the key where it is written would break the right one.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { containsNode, unwrap } from '../syntax/ast';
import { constInitializer, functionBoundTo } from '../syntax/bindings';
import type { MetaKeyWrite, MetaWrite } from '../types';

/** For the writes of one file (one rule scope's list): the nodes a plane report about `key` of `write` goes at. */
export function planeReportSites(writes: readonly MetaWrite[]): (write: MetaWrite, key: MetaKeyWrite) => readonly TSESTree.Node[] {
  let usesOfKey: Map<TSESTree.Node, MetaWrite[]> | null = null;
  return (write, key) => {
    // An imported helper's key is already reported at its call here; a key written in the value is that value's.
    if (key.builtBy || write.metaValue === null || containsNode(write.metaValue, key.node)) return [key.node];
    usesOfKey ??= writesByKeyNode(writes);
    const uses = usesOfKey.get(key.node) ?? [];
    if (uses.every((use) => use.plane === write.plane)) return [key.node];
    return uses.filter((use) => use.plane === write.plane).map((use) => useSite(use, key.node));
  };
}

function writesByKeyNode(writes: readonly MetaWrite[]): Map<TSESTree.Node, MetaWrite[]> {
  const byNode = new Map<TSESTree.Node, MetaWrite[]>();
  for (const write of writes) {
    for (const key of write.keys) {
      const uses = byNode.get(key.node);
      if (uses === undefined) byNode.set(key.node, [write]);
      else if (!uses.includes(write)) uses.push(write);
    }
  }
  return byNode;
}

/** The part of `write`'s value that brings the key at `keyNode`: the spread of the `const` or helper, else the value. */
function useSite(write: MetaWrite, keyNode: TSESTree.Node): TSESTree.Node {
  const value = write.metaValue ?? write.node;
  if (value.type !== 'ObjectExpression') return value;
  for (const property of value.properties) {
    if (property.type !== 'SpreadElement') continue;
    const argument = unwrap(property.argument);
    const source =
      argument.type === 'Identifier'
        ? constInitializer(argument)
        : argument.type === 'CallExpression' && argument.callee.type === 'Identifier'
          ? functionBoundTo(argument.callee)
          : null;
    if (source && containsNode(source, keyNode)) return property.argument;
  }
  return value;
}
