/**
 * The relay half of `no-dropped-meta` (not a rule of its own): its messages and reports for what a proxy loses on the
 * way upstream (the caller's request `_meta`), reads from where SDK v2 never leaves a key, and descriptors or resource
 * contents re-advertised without their `_meta`. The findings are `relayOf`'s (src/analysis/relay/pass-through-request.ts);
 * `no-dropped-meta` spreads `RELAY_MESSAGES` into its messages and calls `reportRelay` once per file.
 */
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { isTypeScriptFile } from '../analysis/typed/type-services';
import { unboundName } from '../analysis/syntax/bindings';
import { metaReadText } from '../fixes/meta-read';
import { copyWithoutKey, declareBefore, expressionBodiedArrow, intoBlockBody } from '../fixes/copy-without-key';
import {
  relayOf,
  type DroppedCallerMeta,
  type DroppedDescriptorMeta,
  type LiftedEnvelopeRead,
} from '../analysis/relay/pass-through-request';
import type { TeamSinkNames } from '../registry/types';

export type RelayMessageIds =
  | 'droppedCallerMeta'
  | 'pickedCallerMeta'
  | 'ownTokenCallerMeta'
  | 'positionalCallerMeta'
  | 'liftedEnvelopeKey'
  | 'droppedDescriptorMeta'
  | 'droppedReadMeta'
  | 'rebuiltDescriptorMeta'
  | 'keptDescriptorMeta'
  | 'storedDescriptorMeta'
  | 'suggestForwardCallerMeta'
  | 'suggestSpreadCallerMeta'
  | 'suggestReadEnvelope'
  | 'suggestForwardDescriptorMeta'
  | 'suggestForwardReadMeta';

export const RELAY_MESSAGES: Record<RelayMessageIds, string> = {
  droppedCallerMeta:
    "`{{label}}` calls upstream without the caller's request `_meta` (`{{callerMeta}}`): the keys the caller set (trace context, client keys) never reach the upstream server. Forward them without the per-hop `progressToken`: `const callerMeta = { ...{{callerMeta}} }`, `delete callerMeta.progressToken` and `_meta: callerMeta`.",
  pickedCallerMeta:
    "The `_meta` sent upstream by `{{label}}` keeps only {{keys}} of the caller's request `_meta` (`{{callerMeta}}`): every other key the caller set (trace context, client keys) is dropped. Spread it first: `_meta: { ...{{callerMeta}}, … }`, or filter visibly (a rest destructuring) if dropping them is intended.",
  ownTokenCallerMeta:
    "The `_meta` sent upstream by `{{label}}` holds only a progress token of its own, none of the caller's request `_meta` (`{{callerMeta}}`): every key the caller set (trace context, client keys) is dropped. Spread them in first; the token written after them still replaces the caller's per-hop one: `_meta: { ...{{callerMeta}}, progressToken: … }`.",
  keptDescriptorMeta:
    "This {{entry}}, kept in `this.{{field}}` from `{{label}}` (line {{line}}), is advertised again with its {{fields}} but not its `_meta`: the keys the upstream set on it (MCP Apps `ui`, `openai/outputTemplate`, a resource's CSP and permissions) never reach the client. Keep the upstream's `_meta` in what `this.{{field}}` holds and carry it over here.",
  storedDescriptorMeta:
    "This {{entry}} from `{{label}}` (line {{line}}) is stored in `{{table}}` with its {{fields}} but not its `_meta`, and the `{{method}}` handler (line {{handlerLine}}) advertises it again from there: the keys the upstream set on it (MCP Apps `ui`, `openai/outputTemplate`, a resource's CSP and permissions) never reach the client. Carry it over: `...({{meta}} && { _meta: {{meta}} })`.",
  positionalCallerMeta:
    "`{{label}}` is given the call's fields one by one, and none of them is the caller's request `_meta` (`{{callerMeta}}`) or holds it: the keys the caller set (trace context, client keys) never reach the upstream server. Pass them to the wrapper (without the per-hop `progressToken`) and send them as the upstream request's `_meta`.",
  liftedEnvelopeKey:
    'SDK v2 lifts `{{key}}` out of the request `_meta` before the handler runs, so `{{read}}` is always `undefined`. Read it from `{{request}}.envelope`.',
  droppedDescriptorMeta:
    "This {{entry}} from `{{label}}` (line {{line}}) is advertised again with its {{fields}} but not its `_meta`: the keys the upstream set on it (MCP Apps `ui`, `openai/outputTemplate`, a resource's CSP and permissions) never reach the client. Carry it over: `...({{meta}} && { _meta: {{meta}} })`.",
  droppedReadMeta:
    'This resource contents item is built from {{from}} (line {{line}}) with its {{fields}} but not its `_meta`: the keys the resource carries there (MCP Apps `ui` CSP and permissions, `openai/widgetCSP`) never reach the client that reads it. Carry it over: `...({{meta}} && { _meta: {{meta}} })`.',
  rebuiltDescriptorMeta:
    "This {{entry}} is rebuilt from `{{label}}` (line {{line}}) with its {{fields}} but not its `_meta`, and returned as the descriptor: wherever it is advertised, the keys the upstream set on it (MCP Apps `ui`, `openai/outputTemplate`, a resource's CSP and permissions) never reach the client. Carry it over: `...({{meta}} && { _meta: {{meta}} })`.",
  suggestForwardCallerMeta: "Forward the caller's request `_meta` upstream, without its per-hop `progressToken`.",
  suggestSpreadCallerMeta: "Spread the caller's request `_meta` first (the keys written here still win).",
  suggestReadEnvelope: 'Read it from `{{request}}.envelope`.',
  suggestForwardDescriptorMeta: "Carry the upstream's `{{meta}}` over.",
  suggestForwardReadMeta: 'Carry `{{meta}}` over into the contents item.',
};

export function reportRelay<MessageIds extends string>(
  context: Readonly<TSESLint.RuleContext<MessageIds | RelayMessageIds, readonly unknown[]>>,
  sinks: TeamSinkNames,
): void {
  const sourceCode = context.sourceCode;
  const model = relayOf(sourceCode.ast as TSESTree.Program, sourceCode.text, sinks, context.filename ?? context.getFilename());
  for (const dropped of model.droppedCallerMeta) reportCallerMeta(dropped);
  for (const read of model.liftedEnvelopeReads) reportEnvelopeRead(read);
  for (const dropped of model.droppedDescriptorMeta) reportDescriptor(dropped);

  function insertFirst(fixer: TSESLint.RuleFixer, literal: TSESTree.ObjectExpression, text: string): TSESLint.RuleFix {
    const first = literal.properties[0];
    return first ? fixer.insertTextBefore(first, `${text}, `) : fixer.replaceText(literal, `{ ${text} }`);
  }

  /**
   * The caller's `_meta` as an edit reads it: as the handler reads it, but off a raw request's `params`
   * (`requestParams`) guarded where they may be absent, and in TypeScript through a type that has a `_meta` (the
   * request's type is the code base's own).
   */
  function callerMetaRead(dropped: DroppedCallerMeta): string {
    const raw = dropped.requestParams;
    return raw ? metaReadText(raw.holder, { optional: raw.optional, cast: isTypeScriptFile(context.filename) }) : dropped.callerMeta;
  }

  function reportCallerMeta(dropped: DroppedCallerMeta): void {
    const { callerMeta, params } = dropped;
    if (dropped.kind === 'picked') {
      const value = dropped.meta!.value as TSESTree.ObjectExpression;
      const keys = value.properties
        .map((property) => (property.type === 'Property' ? `\`${sourceCode.getText(property.key)}\`` : null))
        .filter((key): key is string => key !== null)
        .join(', ');
      context.report({
        node: dropped.meta!,
        messageId: 'pickedCallerMeta',
        data: { label: dropped.label, callerMeta, keys },
        suggest: [{ messageId: 'suggestSpreadCallerMeta', fix: (fixer) => insertFirst(fixer, value, `...${callerMetaRead(dropped)}`) }],
      });
      return;
    }
    if (dropped.kind === 'own-token') {
      reportOwnToken(dropped);
      return;
    }
    if (dropped.kind === 'positional' || !params) {
      // The wrapper's signature is the code base's: an argument added here would not type-check, so no suggestion.
      context.report({ node: dropped.call, messageId: 'positionalCallerMeta', data: { label: dropped.label, callerMeta } });
      return;
    }
    const fix = forwardCallerMeta(dropped, params, (meta) => `_meta: ${meta}`);
    context.report({
      node: dropped.call,
      messageId: 'droppedCallerMeta',
      data: { label: dropped.label, callerMeta },
      suggest: fix ? [{ messageId: 'suggestForwardCallerMeta', fix }] : [],
    });
  }

  /**
   * The edit the forwarding suggestion makes: a copy of the caller's request `_meta` without its per-hop
   * `progressToken`, declared before the call's statement (in an arrow's expression body, which has none, the body
   * becomes a block that declares it and returns the expression), inserted first into `target` as `written(copy)`.
   */
  function forwardCallerMeta(
    dropped: DroppedCallerMeta,
    target: TSESTree.ObjectExpression,
    written: (meta: string) => string,
  ): TSESLint.ReportFixFunction | null {
    const { insertion } = dropped;
    const copy = unboundName('callerMeta', dropped.call);
    const statements = copyWithoutKey(copy, callerMetaRead(dropped), '.progressToken');
    if (insertion)
      return (fixer) => [...declareBefore(fixer, sourceCode, insertion, statements), insertFirst(fixer, target, written(copy))];
    const arrow = expressionBodiedArrow(target);
    if (!arrow) return null;
    return (fixer) => [...intoBlockBody(fixer, sourceCode, arrow, statements), insertFirst(fixer, target, written(copy))];
  }

  /**
   * A `_meta` of nothing but the hop's own progress token: the caller's `_meta` is spread in first, as the code reads
   * it, and the hop's own token written after it replaces the caller's. Nothing is declared: a binding that only drops
   * the caller's token would be reported by a `no-unused-vars` without `ignoreRestSiblings` (hatago's config).
   */
  function reportOwnToken(dropped: DroppedCallerMeta): void {
    const { callerMeta } = dropped;
    const value = dropped.meta!.value as TSESTree.ObjectExpression;
    context.report({
      node: dropped.meta!,
      messageId: 'ownTokenCallerMeta',
      data: { label: dropped.label, callerMeta },
      suggest: [{ messageId: 'suggestSpreadCallerMeta', fix: (fixer) => insertFirst(fixer, value, `...${callerMetaRead(dropped)}`) }],
    });
  }

  function reportEnvelopeRead(read: LiftedEnvelopeRead): void {
    const request = sourceCode.getText(read.request);
    const key = read.node.computed ? sourceCode.getText(read.node.property) : `'${read.key}'`;
    // The published types declare the envelope as `{}` (SDK 2.4): indexed by a key it is TS7053, so TypeScript reads it
    // through a record type.
    const envelope = isTypeScriptFile(context.filename)
      ? `(${request}.envelope as Record<string, unknown> | undefined)`
      : `${request}.envelope`;
    context.report({
      node: read.node,
      messageId: 'liftedEnvelopeKey',
      data: { key: read.key, read: sourceCode.getText(read.node), request },
      suggest: [
        { messageId: 'suggestReadEnvelope', data: { request }, fix: (fixer) => fixer.replaceText(read.node, `${envelope}?.[${key}]`) },
      ],
    });
  }

  function reportDescriptor(dropped: DroppedDescriptorMeta): void {
    const holder = dropped.holder.name;
    const meta = metaReadText(holder, dropped.read);
    const fields = dropped.fields.map((field) => `\`${field}\``).join(', ');
    const fix: TSESLint.ReportFixFunction = (fixer) => insertFirst(fixer, dropped.literal, `...(${meta} && { _meta: ${meta} })`);
    if (dropped.field !== null) {
      // The kept entries are of the code base's own type, which may declare no `_meta`: no edit here would type-check.
      context.report({
        node: dropped.literal,
        messageId: 'keptDescriptorMeta',
        data: {
          entry: dropped.entry,
          field: dropped.field,
          label: dropped.label,
          line: String(dropped.source.loc.start.line),
          fields,
        },
      });
      return;
    }
    if (dropped.table !== null) {
      // Stored rebuilt in a module-level table the list handler answers from (mcphub's `serverInfos`).
      const { name, handler, method } = dropped.table;
      context.report({
        node: dropped.literal,
        messageId: 'storedDescriptorMeta',
        data: {
          entry: dropped.entry,
          label: dropped.label,
          line: String(dropped.source.loc.start.line),
          table: name,
          fields,
          method,
          handlerLine: String(handler.loc.start.line),
          meta,
        },
        suggest: [{ messageId: 'suggestForwardDescriptorMeta', data: { meta }, fix }],
      });
      return;
    }
    if (dropped.readFrom !== null) {
      // What the contents item is built from: the listed resource, or what the resource's own read returned.
      const from =
        dropped.readFrom === 'listed-resource'
          ? `the resource \`${holder}\` listed by \`${dropped.label}\``
          : `what \`${dropped.label}\` returned`;
      context.report({
        node: dropped.literal,
        messageId: 'droppedReadMeta',
        data: { from, line: String(dropped.source.loc.start.line), fields, meta },
        suggest: [{ messageId: 'suggestForwardReadMeta', data: { meta }, fix }],
      });
      return;
    }
    context.report({
      node: dropped.literal,
      messageId: dropped.sink === 'typed-return' ? 'rebuiltDescriptorMeta' : 'droppedDescriptorMeta',
      data: {
        entry: dropped.entry,
        label: dropped.label,
        line: String(dropped.source.loc.start.line),
        fields,
        // The read the suggestion inserts (`r?._meta` where the code reads `r?.uri`), so the two never differ.
        meta,
      },
      suggest: [{ messageId: 'suggestForwardDescriptorMeta', data: { meta }, fix }],
    });
  }
}
