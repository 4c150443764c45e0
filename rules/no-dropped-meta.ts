import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { findBinding } from '../src/analysis/bindings';
import { defineMetaRuleVisitor } from '../src/analysis/meta-context';
import {
  mayPassThrough,
  passThroughOf,
  SERVER_INFO_META_KEY,
  type DroppedMeta,
  type ForwardedServerInfo,
  type ResultSource,
} from '../src/analysis/pass-through';
import { getTypeServices } from '../src/analysis/typed/type-services';
import { mayRelay } from '../src/analysis/pass-through-request';
import { createRule } from '../src/util/create-rule';
import { RELAY_MESSAGES, reportRelay, type RelayMessageIds } from './no-dropped-meta-relay';

export type Options = [];
export type MessageIds =
  | 'droppedMeta'
  | 'droppedMetaSlot'
  | 'forwardsServerInfo'
  | 'replacesRequestMeta'
  | 'suggestForwardMeta'
  | 'suggestForwardUpstreamMeta'
  | 'suggestDropServerInfo'
  | 'suggestMergeRequestMeta'
  | RelayMessageIds;

const ORIGIN: Readonly<Record<ResultSource['kind'], string>> = {
  'call-tool': 'the upstream server',
  handler: 'the wrapped handler',
  typed: 'its producers',
};

const SINK: Readonly<Record<DroppedMeta['sink'], string>> = {
  'tool-callback': 'the tool result returned here',
  'result-builder': 'the tool result built here',
  wrapper: 'the result this wrapper returns',
  'result-type': 'this tool result',
  slot: 'this message',
};

/** What the message calls the rebuilt result, capitalised: `The tool result given to \`toolResult(…)\``. */
function sinkText(dropped: DroppedMeta): string {
  const text = dropped.builder ? `the tool result given to \`${dropped.builder}(…)\`` : SINK[dropped.sink];
  return text.replace(/^./, (c) => c.toUpperCase());
}

function codeList(fields: readonly string[]): string {
  return fields.map((field) => `\`${field}\``).join(', ');
}

/** A name not bound where `at` is (`upstreamMeta`, `upstreamMeta2`, …), so an inserted declaration shadows nothing. */
function freeName(base: string, at: TSESTree.Node): string {
  for (let index = 1; ; index += 1) {
    const name = index === 1 ? base : `${base}${index}`;
    if (!findBinding(name, at)) return name;
  }
}

/** `[SERVER_INFO_META_KEY]` when the file imports the SDK's constant, else the key written out. */
function serverInfoKey(program: TSESTree.Program): string {
  const imported = program.body.some(
    (statement) =>
      statement.type === 'ImportDeclaration' &&
      statement.specifiers.some((specifier) => specifier.type === 'ImportSpecifier' && specifier.local.name === 'SERVER_INFO_META_KEY'),
  );
  return imported ? '[SERVER_INFO_META_KEY]' : `'${SERVER_INFO_META_KEY}'`;
}

export default createRule<Options, MessageIds>({
  name: 'no-dropped-meta',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow rebuilding a received tool result without its `_meta` (proxies, gateways, wrappers, clients)',
      recommended: true,
    },
    hasSuggestions: true,
    schema: [],
    messages: {
      droppedMeta:
        '{{sink}} is rebuilt from `{{source}}` (line {{line}}) with its {{fields}} but not its `_meta`: every `_meta` key {{origin}} attached is lost on the way to the client. Carry it over: `...({{meta}} && { _meta: {{meta}} })`.',
      droppedMetaSlot:
        '{{sink}} is built from `{{source}}` (line {{line}}) with its {{fields}} but not its `_meta`, though it has a `{{slot}}` slot: every `_meta` key {{origin}} attached is lost. Carry it over if the consumer should see it: `...({{meta}} && { {{slot}}: {{meta}} })`.',
      forwardsServerInfo:
        "`{{meta}}` from `{{source}}` (line {{line}}) carries the upstream server's `io.modelcontextprotocol/serverInfo`, so this gateway answers as the upstream server (the SDK does not stamp its own identity over one already there). Drop that key: `const { [SERVER_INFO_META_KEY]: _upstreamServerInfo, ...upstreamMeta } = {{meta}} ?? {}`.",
      replacesRequestMeta:
        "`_meta: { … }` replaces the caller's `{{request}}._meta` in this outbound request: the keys the caller set (its `progressToken`, trace context) are dropped. Merge: `_meta: { ...{{request}}._meta, … }`.",
      suggestForwardMeta: 'Carry `{{meta}}` over (keys this literal writes itself still win).',
      suggestForwardUpstreamMeta:
        "Carry the upstream `_meta` over without the upstream's `io.modelcontextprotocol/serverInfo` (keys this literal writes itself still win).",
      suggestDropServerInfo: "Forward the upstream `_meta` without the upstream's `io.modelcontextprotocol/serverInfo`.",
      suggestMergeRequestMeta: "Spread the caller's `{{request}}._meta` first, so the keys written here are added to it.",
      // The caller's request `_meta` forwarded upstream, SDK v2's lifted envelope keys, descriptors re-advertised.
      ...RELAY_MESSAGES,
    },
  },
  create(context) {
    const sourceCode = context.sourceCode;
    return defineMetaRuleVisitor(
      context,
      'result',
      ({ registry, role }) => {
        if (role.ignored) return;
        const program = sourceCode.ast as TSESTree.Program;
        const model = passThroughOf(program, sourceCode.text, registry, () => getTypeServices(context));
        for (const dropped of model.dropped) reportDropped(dropped);
        for (const forwarded of model.forwardedServerInfo) reportForwarded(forwarded);
        reportRelay(context, registry.sinks);
        for (const replaced of model.replacedRequestMeta) {
          const request = sourceCode.getText(replaced.request);
          const first = replaced.value.properties[0];
          context.report({
            node: replaced.node,
            messageId: 'replacesRequestMeta',
            data: { request },
            suggest: [
              {
                messageId: 'suggestMergeRequestMeta',
                data: { request },
                fix: (fixer) =>
                  first
                    ? fixer.insertTextBefore(first, `...${request}?._meta, `)
                    : fixer.replaceText(replaced.value, `{ ...${request}?._meta }`),
              },
            ],
          });
        }

        function reportDropped(dropped: DroppedMeta): void {
          const meta = dropped.holder ? `${dropped.holder.name}._meta` : '_meta';
          const slot = dropped.sink === 'slot' ? dropped.slot : '_meta';
          const data = {
            sink: sinkText(dropped),
            source: dropped.source.label,
            line: String(dropped.source.node.loc.start.line),
            fields: codeList(dropped.fields),
            origin: ORIGIN[dropped.source.kind],
            meta,
            slot,
          };
          context.report({
            node: dropped.literal,
            messageId: dropped.sink === 'slot' ? 'droppedMetaSlot' : 'droppedMeta',
            data,
            suggest: suggestionsFor(dropped, meta, slot),
          });
        }

        function suggestionsFor(dropped: DroppedMeta, meta: string, slot: string): TSESLint.SuggestionReportDescriptor<MessageIds>[] {
          const { literal, pattern } = dropped;
          const first = literal.properties[0];
          // A destructured source gets `_meta` added to its pattern, unless that name is taken where it is declared.
          if (pattern && findBinding('_meta', pattern)) return [];
          const patternFix = (fixer: TSESLint.RuleFixer): TSESLint.RuleFix[] => {
            if (!pattern) return [];
            const last = pattern.properties[pattern.properties.length - 1];
            return last ? [fixer.insertTextAfter(last, ', _meta')] : [fixer.replaceText(pattern, '{ _meta }')];
          };
          const insertFirst = (fixer: TSESLint.RuleFixer, text: string): TSESLint.RuleFix =>
            first ? fixer.insertTextBefore(first, `${text}, `) : fixer.replaceText(literal, `{ ${text} }`);
          // An upstream server's `_meta` holds the upstream's identity: forward everything else (never put it back).
          if (dropped.source.kind === 'call-tool' && slot === '_meta') {
            const key = serverInfoKey(sourceCode.ast as TSESTree.Program);
            const statement = dropped.statement;
            const rest = freeName('upstreamMeta', literal);
            const dropName = freeName('_upstreamServerInfo', literal);
            const fix: TSESLint.ReportFixFunction = statement
              ? (fixer) => {
                  const indent = /^[ \t]*/.exec(sourceCode.lines[statement.loc.start.line - 1])![0];
                  return [
                    ...patternFix(fixer),
                    fixer.insertTextBefore(statement, `const { ${key}: ${dropName}, ...${rest} } = ${meta} ?? {};\n${indent}`),
                    insertFirst(fixer, `...(${meta} && { _meta: ${rest} })`),
                  ];
                }
              : (fixer) => [
                  ...patternFix(fixer),
                  insertFirst(fixer, `...(${meta} && { _meta: (({ ${key}: ${dropName}, ...${rest} }) => ${rest})(${meta}) })`),
                ];
            return [{ messageId: 'suggestForwardUpstreamMeta', fix }];
          }
          const spread = pattern ? `...(_meta && { ${slot}: _meta })` : `...(${meta} && { ${slot}: ${meta} })`;
          return [{ messageId: 'suggestForwardMeta', data: { meta }, fix: (fixer) => [...patternFix(fixer), insertFirst(fixer, spread)] }];
        }

        function reportForwarded(forwarded: ForwardedServerInfo): void {
          const meta = `${forwarded.holder.name}._meta`;
          const key = serverInfoKey(sourceCode.ast as TSESTree.Program);
          const statement = forwarded.statement;
          const rest = freeName('upstreamMeta', forwarded.literal);
          const dropName = freeName('_upstreamServerInfo', forwarded.literal);
          const node = forwarded.node;
          // Only `_meta: r._meta` / `_meta: { ...r._meta, … }` in a block can be rewritten in place; `...r` is left to the author.
          let fix: TSESLint.ReportFixFunction | null = null;
          if (statement && node.type === 'Property') {
            const value = node.value;
            const indent = /^[ \t]*/.exec(sourceCode.lines[statement.loc.start.line - 1])![0];
            const valueText = sourceCode.getText(value);
            const replaced = valueText.split(meta).join(rest);
            if (replaced !== valueText) {
              fix = (fixer) => [
                fixer.insertTextBefore(statement, `const { ${key}: ${dropName}, ...${rest} } = ${meta} ?? {};\n${indent}`),
                fixer.replaceText(value, replaced),
              ];
            }
          }
          context.report({
            node,
            messageId: 'forwardsServerInfo',
            data: { meta, source: forwarded.source.label, line: String(forwarded.source.node.loc.start.line) },
            suggest: fix ? [{ messageId: 'suggestDropServerInfo', fix }] : [],
          });
        }
      },
      (text) => mayPassThrough(text) || mayRelay(text),
    );
  },
});
