import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { findBinding, unboundName } from '../src/analysis/syntax/bindings';
import { defineMetaRuleVisitor, mattersOnlyWhere } from '../src/analysis/meta-context';
import {
  passThroughOf,
  SERVER_INFO_META_KEY,
  type DroppedMeta,
  type ForwardedServerInfo,
  type ResultSource,
} from '../src/analysis/relay/pass-through';
import { getTypeServices, isTypeScriptFile } from '../src/analysis/typed/type-services';
import { copyWithoutKey, copyWithoutKeyInline, declareBefore } from '../src/fixes/copy-without-key';
import { omitsSemicolons } from '../src/fixes/code-style';
import { mayDropMeta } from '../src/analysis/relay/may-drop-meta';
import { createRule } from '../src/util/create-rule';
import { RELAY_MESSAGES, reportRelay, type RelayMessageIds } from '../src/rule-parts/no-dropped-meta-relay';
import { META_READ_TYPE, metaReadText } from '../src/fixes/meta-read';

export type Options = [];
export type MessageIds =
  | 'droppedMeta'
  | 'droppedMetaSlot'
  | 'replacedMeta'
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
        '{{sink}} is rebuilt from `{{source}}` (line {{line}}) with its {{fields}} but not its `_meta`: every `_meta` key {{origin}} attached is lost on the way to the client. {{carry}}.',
      replacedMeta:
        '{{sink}} is rebuilt from `{{source}}` (line {{line}}) with its {{fields}} and a new `_meta` in place of its own: every `_meta` key {{origin}} attached is lost on the way to the client. {{carry}}.',
      droppedMetaSlot:
        '{{sink}} is built from `{{source}}` (line {{line}}) with its {{fields}} but not its `_meta`, though it has a `{{slot}}` slot: every `_meta` key {{origin}} attached is lost. {{carry}} (if the consumer should see it).',
      forwardsServerInfo:
        "`{{meta}}` from `{{source}}` (line {{line}}) carries the upstream server's `io.modelcontextprotocol/serverInfo`, so this gateway answers as the upstream server (the SDK does not stamp its own identity over one already there). Drop that key from a copy: `const upstreamMeta = { ...{{meta}} }; delete upstreamMeta[SERVER_INFO_META_KEY];`.",
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
  // A file matters only when it may rebuild a result or talk to an upstream, whether or not it writes `_meta` itself: the
  // one text check is asked before the rule sets itself up.
  skipsFile: mattersOnlyWhere(mayDropMeta),
  create(context) {
    const sourceCode = context.sourceCode;
    return defineMetaRuleVisitor(
      context,
      'result',
      ({ registry, role }) => {
        if (role.ignored) return;
        const program = sourceCode.ast as TSESTree.Program;
        const model = passThroughOf(
          program,
          sourceCode.text,
          registry,
          () => getTypeServices(context),
          isTypeScriptFile(context.filename),
          context.filename,
        );
        for (const dropped of model.dropped) reportDropped(dropped);
        for (const forwarded of model.forwardedServerInfo) reportForwarded(forwarded);
        reportRelay(context, registry.sinks);
        for (const replaced of model.replacedRequestMeta) {
          const request = sourceCode.getText(replaced.request);
          const first = replaced.value.properties[0];
          const callerMeta = replaced.cast ? `(${request} as ${META_READ_TYPE} | undefined)?._meta` : `${request}?._meta`;
          context.report({
            node: replaced.node,
            messageId: 'replacesRequestMeta',
            data: { request },
            suggest: [
              {
                messageId: 'suggestMergeRequestMeta',
                data: { request },
                fix: (fixer) =>
                  first ? fixer.insertTextBefore(first, `...${callerMeta}, `) : fixer.replaceText(replaced.value, `{ ...${callerMeta} }`),
              },
            ],
          });
        }

        function reportDropped(dropped: DroppedMeta): void {
          const slot = dropped.sink === 'slot' ? dropped.slot : '_meta';
          const upstream = dropped.source.kind === 'call-tool' && slot === '_meta';
          const meta = dropped.holder ? metaReadText(dropped.holder.name, dropped.read) : '_meta';
          const data = {
            sink: sinkText(dropped),
            source: dropped.source.label,
            line: String(dropped.source.node.loc.start.line),
            fields: codeList(dropped.fields),
            origin: ORIGIN[dropped.source.kind],
            slot,
            carry: carryText(dropped, meta, slot, upstream),
          };
          context.report({
            node: dropped.literal,
            messageId: dropped.replacedBy ? 'replacedMeta' : dropped.sink === 'slot' ? 'droppedMetaSlot' : 'droppedMeta',
            data,
            suggest: suggestionsFor(dropped, meta, slot, upstream),
          });
        }

        /** What the message tells the author to write: the suggestion's own edit, in words that name only names in scope. */
        function carryText(dropped: DroppedMeta, meta: string, slot: string, upstream: boolean): string {
          if (dropped.replacedBy) return spreadFirstText(dropped, meta, upstream);
          if (dropped.pattern) {
            // `upstreamMeta` is a name the suggestion declares: the message says where it comes from too.
            if (upstream)
              return "Destructure `_meta` with the other fields and carry it over without the upstream's `io.modelcontextprotocol/serverInfo`: `...(_meta && { _meta: upstreamMeta })`, where `const upstreamMeta = { ..._meta }; delete upstreamMeta[SERVER_INFO_META_KEY];`";
            return `Destructure \`_meta\` with the other fields and carry it over: \`...(_meta && { ${slot}: _meta })\``;
          }
          if (upstream)
            return `Carry it over without the upstream's \`io.modelcontextprotocol/serverInfo\`: \`...(${meta} && { _meta: upstreamMeta })\`, where \`const upstreamMeta = { ...${meta} }; delete upstreamMeta[SERVER_INFO_META_KEY];\``;
          return `Carry it over: \`...(${meta} && { ${slot}: ${meta} })\``;
        }

        /** `carryText` for a new `_meta` in place of the source's: spread the source's into it first. */
        function spreadFirstText(dropped: DroppedMeta, meta: string, upstream: boolean): string {
          const destructure = dropped.pattern ? 'Destructure `_meta` with the other fields and spread it first' : 'Spread it first';
          if (upstream)
            return `${destructure} without the upstream's \`io.modelcontextprotocol/serverInfo\`: \`_meta: { ...upstreamMeta, … }\`, where \`const upstreamMeta = { ...${meta} }; delete upstreamMeta[SERVER_INFO_META_KEY];\``;
          return `${destructure}: \`_meta: { ...${meta}, … }\``;
        }

        function suggestionsFor(
          dropped: DroppedMeta,
          meta: string,
          slot: string,
          upstream: boolean,
        ): TSESLint.SuggestionReportDescriptor<MessageIds>[] {
          const { literal, pattern } = dropped;
          // A destructured source gets `_meta` added to its pattern, unless that name is taken where it is declared.
          if (pattern && findBinding('_meta', pattern)) return [];
          const patternFix = (fixer: TSESLint.RuleFixer): TSESLint.RuleFix[] => {
            if (!pattern) return [];
            const last = pattern.properties[pattern.properties.length - 1];
            return last ? [fixer.insertTextAfter(last, ', _meta')] : [fixer.replaceText(pattern, '{ _meta }')];
          };
          const insertFirst = (fixer: TSESLint.RuleFixer, into: TSESTree.ObjectExpression, text: string): TSESLint.RuleFix => {
            const firstProperty = into.properties[0];
            return firstProperty ? fixer.insertTextBefore(firstProperty, `${text}, `) : fixer.replaceText(into, `{ ${text} }`);
          };
          // `value`, the source's `_meta` or what is kept of it, goes into the literal as its `slot` when there is one;
          // into a new `_meta` written in place of the source's it is spread first (the keys written there still win).
          // `readsMeta`: `value` destructures `meta`, so it is spread only when there is one.
          const carryOver = (fixer: TSESLint.RuleFixer, value: string, readsMeta: boolean): TSESLint.RuleFix => {
            if (!dropped.replacedBy) return insertFirst(fixer, literal, `...(${meta} && { ${slot}: ${value} })`);
            return insertFirst(fixer, dropped.replacedBy, readsMeta ? `...(${meta} && ${value})` : `...${value}`);
          };
          // An upstream server's `_meta` holds the upstream's identity: forward everything else (never put it back).
          if (upstream) {
            const insertion = dropped.insertion;
            const copy = unboundName('upstreamMeta', literal);
            const fix: TSESLint.ReportFixFunction = insertion
              ? (fixer) => [
                  ...patternFix(fixer),
                  ...declareBefore(fixer, sourceCode, insertion, withoutServerInfo(copy, meta)),
                  carryOver(fixer, copy, false),
                ]
              : (fixer) => [...patternFix(fixer), carryOver(fixer, withoutServerInfoInline(copy, meta, literal), true)];
            return [{ messageId: 'suggestForwardUpstreamMeta', fix }];
          }
          return [
            { messageId: 'suggestForwardMeta', data: { meta }, fix: (fixer) => [...patternFix(fixer), carryOver(fixer, meta, false)] },
          ];
        }

        /** Whether every binding of `pattern` but its rest is one the code never reads (`{ k: _k, ...rest }`). */
        function dropsIntoUnusedBindings(pattern: TSESTree.ObjectPattern, restElement: TSESTree.Node): boolean {
          const declarator = pattern.parent;
          if (declarator?.type !== 'VariableDeclarator' || pattern.properties.length < 2) return false;
          const restName =
            restElement.type === 'RestElement' && restElement.argument.type === 'Identifier' ? restElement.argument.name : null;
          const siblings = sourceCode.getDeclaredVariables(declarator).filter((variable) => variable.name !== restName);
          return siblings.length > 0 && siblings.every((variable) => variable.references.every((reference) => !reference.isRead()));
        }

        /**
         * The statements that declare `copy` as the upstream's `meta` without its `io.modelcontextprotocol/serverInfo`
         * (`copyWithoutKey`: no binding that only drops the key, which `no-unused-vars` reports at its defaults).
         */
        function withoutServerInfo(copy: string, meta: string): string[] {
          return copyWithoutKey(copy, meta, serverInfoAccess(), copyType());
        }

        /** `withoutServerInfo` as one expression, written at `at` in the code's statement style. */
        function withoutServerInfoInline(copy: string, meta: string, at: TSESTree.Node): string {
          return copyWithoutKeyInline(copy, meta, serverInfoAccess(), { type: copyType(), semicolons: !omitsSemicolons(sourceCode, at) });
        }

        /** `[SERVER_INFO_META_KEY]` where the file imports it, else the key written out. */
        function serverInfoAccess(): string {
          const key = serverInfoKey(sourceCode.ast as TSESTree.Program);
          return key.startsWith('[') ? key : `[${key}]`;
        }

        /** No type of the SDK's declares the key: TypeScript deletes it from a record. */
        function copyType(): string | undefined {
          return isTypeScriptFile(context.filename) ? 'Record<string, unknown>' : undefined;
        }

        function reportForwarded(forwarded: ForwardedServerInfo): void {
          const meta = `${forwarded.holder.name}._meta`;
          const key = serverInfoKey(sourceCode.ast as TSESTree.Program);
          const copy = unboundName('upstreamMeta', forwarded.literal);
          const { nodes, insertion, rest: pattern } = forwarded;
          // Every edit is on the AST: the `_meta` reads in value position are replaced, nothing else (another
          // holder's `other._meta`, a string that mentions `r._meta`) changes.
          let fix: TSESLint.ReportFixFunction | null = null;
          const restElement = pattern?.properties[pattern.properties.length - 1];
          if (restElement) {
            // The key joins the code's own rest destructuring only where that already drops keys into bindings it
            // never reads (its lint allows them: `ignoreRestSiblings` or an ignore pattern); elsewhere the binding
            // would be the one `no-unused-vars` reports at its defaults, and no edit is offered.
            if (dropsIntoUnusedBindings(pattern!, restElement)) {
              const patternDrop = unboundName('_upstreamServerInfo', pattern!);
              fix = (fixer) => fixer.insertTextBefore(restElement, `${key}: ${patternDrop}, `);
            }
          } else if (nodes.length > 0 && insertion) {
            const base = sourceCode.getText(nodes[0]);
            fix = (fixer) => [
              ...declareBefore(fixer, sourceCode, insertion, withoutServerInfo(copy, base)),
              ...nodes.map((node) => fixer.replaceText(node, copy)),
            ];
          } else if (nodes.length > 0) {
            fix = (fixer) => nodes.map((node) => fixer.replaceText(node, withoutServerInfoInline(copy, sourceCode.getText(node), node)));
          }
          context.report({
            node: forwarded.node,
            messageId: 'forwardsServerInfo',
            data: { meta, source: forwarded.source.label, line: String(forwarded.source.node.loc.start.line) },
            suggest: fix ? [{ messageId: 'suggestDropServerInfo', fix }] : [],
          });
        }
      },
      mayDropMeta,
    );
  },
});
