import type { TSESTree } from '@typescript-eslint/utils';
import { widgetLinksOf, writesAppKeys, type WidgetLink } from '../src/analysis/apps/app-meta';
import { APP_VALUE_MESSAGES, appValueReportsOf, nearHint, type AppValueMessageId } from '../src/analysis/apps/app-value-reports';
import { uiResourcesOf, type UiResource } from '../src/analysis/apps/app-resources';
import { expectedMimeTypes, matchLink, wrongMimeTypes } from '../src/analysis/apps/linkage';
import { sameServerMaybe } from '../src/analysis/apps/server-instance';
import { describeUri } from '../src/analysis/apps/uri-value';
import type { LinkVia } from '../src/analysis/apps/vocabulary';
import { builtByHint } from '../src/analysis/modules/imported-helpers';
import { defineMetaRuleVisitor, writesNoMeta } from '../src/analysis/meta-context';
import { createRule } from '../src/util/create-rule';
import { moduleResolverOf } from '../src/analysis/modules/module-resolver';

export type Options = [];
export type MessageIds = 'resourceMissing' | 'wrongMimeType' | 'contentWithoutMimeType' | 'contentWithoutBody' | AppValueMessageId;

/** When another server of this file serves the URI: which one (the tool is not registered on it). */
function otherServerHint(link: WidgetLink, uri: string, elsewhere: readonly UiResource[]): string | null {
  const match = matchLink({ ...link, uri: { kind: 'known', values: [uri] } }, elsewhere);
  if (match.kind !== 'matched') return null;
  const server = match.resources[0].server;
  return ` '${uri}' is registered on another server${server ? ` (\`${server.split('@')[0]}\`)` : ''}, not the one this tool is registered on.`;
}

function resourceUriText(resource: UiResource): string {
  return describeUri(resource.uri);
}

export default createRule<Options, MessageIds>({
  name: 'valid-app-linkage',
  meta: {
    type: 'problem',
    docs: {
      description:
        'Require MCP Apps / ChatGPT widget links to reach a registered `ui://` resource of a MIME type its host renders, and widget CSP, visibility, permissions and domain values hosts accept',
      recommended: 'warn',
    },
    schema: [],
    messages: {
      resourceMissing:
        "The widget '{{uri}}' that `{{via}}` links is not a resource this file registers ({{registered}}): the host's resources/read of it fails and the tool renders no widget.{{near}} (`mcp-meta check` matches links and resources across files.){{builtBy}}",
      wrongMimeType:
        "The widget resource '{{uri}}' declares MIME type '{{value}}'{{linkedBy}}: {{hosts}} render only {{expected}}, so the widget never renders.",
      contentWithoutMimeType:
        "A content item of the widget resource '{{uri}}' has no `mimeType`: MCP Apps requires {{expected}} on what resources/read returns, and a host that checks it does not render the widget.",
      contentWithoutBody:
        "A content item of the widget resource '{{uri}}' has neither `text` nor `blob`: resources/read returns no HTML, so the host has nothing to render.",
      // The widget values a host cannot use: their words are `check`'s `app-value` findings too.
      ...APP_VALUE_MESSAGES,
    },
  },
  skipsFile: writesNoMeta,
  create(context) {
    const sourceCode = context.sourceCode;
    return defineMetaRuleVisitor(context, 'manifest', ({ writes, filename, registry }) => {
      // Most files that write `_meta` write no widget key and name no ui:// URI: one name test per key and one text
      // search. A file that names one may register a widget whose key it writes through a name not known here
      // (`[RESOURCE_URI_META_KEY]` imported from a build output): its resources' MIME types are still read.
      const text = sourceCode.text;
      if (!writesAppKeys(writes) && !text.includes('ui://')) return;
      // The widget values a host cannot use, each once (`appValueReportsOf`, which `check` reports from too).
      const imports = moduleResolverOf(filename);
      for (const { problem, messageId, data } of appValueReportsOf(writes, imports, text, registry.dir)) {
        context.report({ node: problem.node, messageId, data });
      }
      // A helper's link written once and called from several descriptors: one `resourceMissing` where it is written.
      const missingReported = new Set<string>();
      const resources = uiResourcesOf(sourceCode.ast, imports, text);
      const links = widgetLinksOf(writes, imports, text);
      const viasOf = new Map<UiResource, Set<LinkVia>>();
      for (const link of links) {
        // Two servers created in one file (or factory) each serve their own resources: a tool on one links only those.
        const own = resources.filter((resource) => sameServerMaybe(link.server, resource.server));
        const scoped = own.length > 0 ? own : resources;
        const match = matchLink(link, scoped);
        if (match.kind === 'matched') {
          for (const resource of match.resources) viasOf.set(resource, (viasOf.get(resource) ?? new Set()).add(link.via));
        } else if (
          match.kind === 'missing' &&
          match.missing.every((value) => value.startsWith('ui://')) &&
          // Only where the same function registers resources too (a server's setup): a file of separate snippets, or
          // one that registers the tools in one function and the resources in another, is `check`'s to match.
          scoped.some((resource) => resource.scope === link.scope)
        ) {
          const registered = scoped.map(resourceUriText);
          const elsewhere = resources.filter((resource) => !scoped.includes(resource));
          for (const uri of match.missing) {
            const key = `${link.node.range[0]}:${uri}`;
            if (missingReported.has(key)) continue;
            const near =
              otherServerHint(link, uri, elsewhere) ??
              nearHint(
                uri,
                scoped.flatMap((resource) => (resource.uri.kind === 'known' ? resource.uri.values : [])),
              );
            // A server handed to this function is shared with the modules it is handed to: a URI none of its own
            // resources is near may be another module's widget on it, which `check` matches across files. A near
            // miss of its own is a typo wherever the others are.
            if (link.serverIsParameter && near === '') continue;
            missingReported.add(key);
            context.report({
              node: link.node,
              messageId: 'resourceMissing',
              data: {
                uri,
                via: link.via,
                registered: `it registers '${registered.join("', '")}'`,
                near,
                builtBy: builtByHint(link.builtBy, registry.dir),
              },
            });
          }
        }
      }
      const reported = new Set<TSESTree.Node>();
      for (const resource of resources) {
        const vias = viasOf.get(resource);
        const expected = expectedMimeTypes(vias ?? new Set());
        for (const wrong of wrongMimeTypes(resource, expected)) {
          if (reported.has(wrong.node)) continue;
          reported.add(wrong.node);
          const mcpOnly = expected.length === 1;
          context.report({
            node: wrong.node,
            messageId: 'wrongMimeType',
            data: {
              uri: resourceUriText(resource),
              value: wrong.value,
              linkedBy: vias ? ` and is linked by \`${[...vias].join('`, `')}\`` : '',
              hosts: mcpOnly ? 'MCP Apps hosts' : 'MCP Apps hosts and ChatGPT',
              expected: expected.map((mime) => `'${mime}'`).join(' or '),
            },
          });
        }
        // Whoever links it (in this file or another), a ui:// resource whose content has no body never renders.
        for (const item of resource.contentsWithoutBody) {
          if (reported.has(item)) continue;
          reported.add(item);
          context.report({ node: item, messageId: 'contentWithoutBody', data: { uri: resourceUriText(resource) } });
        }
        if (vias) {
          for (const item of resource.contentsWithoutMime) {
            if (reported.has(item)) continue;
            reported.add(item);
            context.report({
              node: item,
              messageId: 'contentWithoutMimeType',
              data: { uri: resourceUriText(resource), expected: expected.map((mime) => `'${mime}'`).join(' or ') },
            });
          }
        }
      }
    });
  },
});
