/**
 * A write site: where and in which syntactic form a file writes `_meta`, as the walk finds it (`findWriteSites`),
 * before anything is decided about it. The later phases read one site each: its plane (`decidePlane`), then what it
 * writes (`readWrittenValue`).
 */
import type { TSESTree } from '@typescript-eslint/utils';
import type { FrameworkField } from '../plane/sdk-registrations';
import type { MetaWrite } from '../types';
import type { MetaPlane } from '../../registry/types';

type Node = TSESTree.Node;
type Expression = TSESTree.Expression;

/** Where a write stands: its function, its statement (to wrap in a try), its nearest enclosing try. */
export type SiteLocation = Pick<MetaWrite, 'functionNode' | 'statement' | 'tryStatement'>;

export type WriteSite = SiteLocation &
  (
    | /** `owner._meta = value` (also `??=`, `||=`). */
      {
        readonly form: 'meta-assign';
        readonly node: TSESTree.AssignmentExpression;
        readonly owner: Expression;
        readonly value: Expression;
      } /** `delete owner._meta`. */
    | { readonly form: 'meta-delete'; readonly node: TSESTree.UnaryExpression; readonly owner: Expression } /**
     * `owner._meta.k = value`, `delete owner._meta.k` (deeper paths write key k too: `value` is then null), or the
     * same through an alias of `owner._meta` (`const m = owner._meta`, or a `let` that holds nothing else there: `alias`
     * set, confirmed after the walk by `aliasedMeta`).
     */
    | {
        readonly form: 'key-member';
        readonly kind: 'key-assign' | 'key-delete';
        readonly node: Node;
        readonly owner: Expression;
        readonly member: TSESTree.MemberExpression;
        readonly value: Expression | null;
        readonly alias: TSESTree.Identifier | null;
      } /** `Object.assign(owner._meta, ...sources)`: merges per key. */
    | {
        readonly form: 'assign-into-meta';
        readonly node: TSESTree.CallExpression;
        readonly owner: Expression;
        readonly sources: readonly TSESTree.CallExpressionArgument[];
      } /** `Object.assign(target, { _meta: value })`: one site per source literal carrying `_meta`. */
    | {
        readonly form: 'object-assign-meta';
        readonly node: TSESTree.CallExpression;
        readonly target: Expression;
        readonly value: Expression;
      } /**
     * `{ …, _meta: value }`; `host` is the literal whose `_meta` it is: the literal itself, or the one it is
     * conditionally spread into (`{ ...r, ...(cond && { _meta }) }`).
     */
    | {
        readonly form: 'meta-literal';
        readonly node: TSESTree.Property;
        readonly literal: TSESTree.ObjectExpression;
        readonly host: TSESTree.ObjectExpression;
      } /** A manifest emitter's call (`emit('k', v)`). */
    | { readonly form: 'emit'; readonly node: TSESTree.CallExpression } /**
     * A `_meta` value at a place the manifest's `sinks` name, written without naming `_meta`: what a call gives a result
     * builder's `meta` (`respondOk(text, { meta: { k: v } })`, a tool result's), or what a class extending a base class of
     * `classMembers` gives its member (`readonly meta = { ui: … }`, a tool descriptor's). `node` is where it is given (the
     * property, the argument, the field, or a literal the getter returns); `value` is what the `_meta` becomes.
     */
    | {
        readonly form: 'sink-meta';
        readonly node: Node;
        readonly value: Expression;
        readonly plane: MetaPlane;
      } /** A manifest hook's call (`opts.metaHook(…)`). */
    | {
        readonly form: 'hook-call';
        readonly node: TSESTree.CallExpression;
      } /** An object literal a manifest hook function returns (`node`: the `return`, or the literal when it is not the argument). */
    | {
        readonly form: 'hook-return';
        readonly node: Node;
        readonly literal: TSESTree.ObjectExpression;
        readonly hookFunction: Node;
        /** The calls of the hook function in this file: where its fragment goes (`_meta: getXMeta()`). */
        readonly calls: readonly TSESTree.CallExpression[];
      } /**
     * A tool registration's config fields that a framework turns into `_meta` keys on `plane` (mcp-use's `server.tool({
     * name, visibility: 'app' }, cb)`: the tool's `ui.visibility`): one site per config and plane, at the config's
     * property holding the first of them (`node`). `fields` are the framework's for that plane, written or not.
     */
    | {
        readonly form: 'framework-fields';
        readonly node: TSESTree.Property;
        readonly config: TSESTree.ObjectExpression;
        readonly plane: 'tool' | 'resource';
        readonly framework: string;
        readonly fields: readonly FrameworkField[];
      }
  );
