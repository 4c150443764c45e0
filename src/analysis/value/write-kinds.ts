/**
 * What a write does to `_meta`, in one place. Every consumer (the rules, the isolation check, `mcp-meta check` and
 * `init`) asks these functions instead of listing write kinds itself, so "replaces", "deletes" and "assembles from
 * collected keys" mean the same thing everywhere.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { unwrap } from '../syntax/ast';
import type { MetaWrite } from '../types';

/**
 * The write drops whatever `_meta` held: `x._meta = {…}`, `delete x._meta`, `Object.assign(x, { _meta })`, a re-wrapped
 * `{ ...result, _meta: {…} }`, unless the new value spreads the same `_meta` first. Spec rule 1: "The dispatch layer
 * merges per top-level key — never wholesale _meta assignment."
 */
export function replacesMeta(write: MetaWrite): boolean {
  return write.replaces;
}

/**
 * Like `replacesMeta`, but only writes that change an existing object's `_meta` in place: a new result literal
 * re-wrapping another leaves the other object's `_meta` as it was.
 */
export function dropsMetaInPlace(write: MetaWrite): boolean {
  return write.replaces && write.kind !== 'meta-literal';
}

/** `delete x._meta` or `delete x._meta.k`: takes something away rather than writing a value. */
export function isDelete(write: MetaWrite): boolean {
  return write.kind === 'meta-delete' || write.kind === 'key-delete';
}

/** The write puts values under keys (every write but a delete): what "a key / field is still written" counts. */
export function writesValues(write: MetaWrite): boolean {
  return !isDelete(write);
}

/**
 * `out._meta = { ...collected, ...other }` (or the same value through `Object.assign(out, { _meta })` or a result
 * literal, or `out._meta = Object.assign({}, out._meta, ...fragments)`): the merge layer's assembly shape, spreads
 * only and no literal keys.
 */
export function isAssemblyFromCollected(write: MetaWrite): boolean {
  const value = write.metaValue;
  if (write.kind === 'meta-delete') return false;
  // The Object.assign merge over its own `_meta` (`mergesSelf`): no source is a literal with keys of its own.
  if (value?.type === 'CallExpression')
    return write.mergesSelf && write.spreads.length > 0 && value.arguments.every((argument) => !hasOwnKeys(argument));
  return (
    value?.type === 'ObjectExpression' &&
    value.properties.length > 0 &&
    value.properties.every((property) => property.type === 'SpreadElement')
  );
}

function hasOwnKeys(argument: TSESTree.CallExpressionArgument): boolean {
  const inner = argument.type === 'SpreadElement' ? null : unwrap(argument);
  return inner?.type === 'ObjectExpression' && inner.properties.some((property) => property.type !== 'SpreadElement');
}

/**
 * `const out = { content }; out._meta = fragment`: the creation of a fresh result's `_meta` from a fragment whose keys
 * are not written here (a hook's, a collected map, a call's), not the merge layer's documented assembly of spreads.
 * Outside the merge layer that is creation and drops nothing; in it the spec's rule 1 holds ("The dispatch layer ...
 * merges per top-level key — never wholesale _meta assignment"): a producer that comes to write before it loses its keys.
 */
export function createsFromFragment(write: MetaWrite): boolean {
  if (write.kind !== 'meta-init' || write.creates !== 'fresh' || write.metaValue === null) return false;
  return write.metaValue.type !== 'ObjectExpression' && !isAssemblyFromCollected(write) && write.keys.length === 0;
}
