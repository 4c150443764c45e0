import type { TSESTree } from '@typescript-eslint/utils';
import {
  appValueProblemsOf,
  widgetLinksOf,
  writesAppKeys,
  type AppValueProblem,
  type UiFieldAtTop,
  type WidgetLink,
} from '../src/analysis/apps/app-meta';
import { uiResourcesOf, type UiResource } from '../src/analysis/apps/app-resources';
import { expectedMimeTypes, matchLink, wrongMimeTypes } from '../src/analysis/apps/linkage';
import { sameServerMaybe } from '../src/analysis/apps/server-instance';
import { describeUri } from '../src/analysis/apps/uri-value';
import type { LinkVia } from '../src/analysis/apps/vocabulary';
import { builtByHint } from '../src/analysis/modules/imported-helpers';
import { defineMetaRuleVisitor, writesNoMeta } from '../src/analysis/meta-context';
import { createRule } from '../src/util/create-rule';
import { moduleResolverOf } from '../src/analysis/modules/module-resolver';
import { nearestName } from '../src/util/nearest-name';

export type Options = [];
export type MessageIds =
  | 'resourceMissing'
  | 'wrongMimeType'
  | 'contentWithoutMimeType'
  | 'contentWithoutBody'
  | 'notUiScheme'
  | 'flatDiffers'
  | 'notOrigin'
  | 'notDomain'
  | 'visibility'
  | 'visibilityNotArray'
  | 'permission'
  | 'permissionsNotObject'
  | 'uiFieldAtTop';

/** What a host does with `ui`'s field written at the top of `_meta` instead: nothing, and what follows from that. */
const UI_FIELD_AT_TOP_EFFECT: Record<UiFieldAtTop, string> = {
  resourceUri: 'the tool links no widget and renders none',
  visibility: 'the tool keeps its default visibility',
  csp: 'the widget gets no such policy, and its requests to those origins are blocked',
  permissions: "the widget's iframe is granted none of them",
  prefersBorder: 'the host draws the border by its own default',
};

/** Each value problem as a report: its message and data. */
function problemReport(problem: AppValueProblem, registryDir: string): { messageId: MessageIds; data: Record<string, string> } {
  const { messageId, data } = problemMessage(problem);
  return { messageId, data: { ...data, builtBy: builtByHint(problem.builtBy, registryDir) } };
}

function problemMessage(problem: AppValueProblem): { messageId: MessageIds; data: Record<string, string> } {
  switch (problem.kind) {
    case 'not-ui-scheme':
      return { messageId: 'notUiScheme', data: { uri: problem.uri, via: problem.via } };
    case 'flat-differs':
      return { messageId: 'flatDiffers', data: { flat: problem.flat, nested: problem.nested } };
    case 'not-origin':
      return { messageId: 'notOrigin', data: { value: problem.value, list: problem.list, why: problem.why } };
    case 'not-domain':
      return { messageId: 'notDomain', data: { value: problem.value, field: problem.field, why: problem.why } };
    case 'visibility':
      return { messageId: 'visibility', data: { value: problem.value } };
    case 'visibility-not-array':
      return { messageId: 'visibilityNotArray', data: {} };
    case 'permission':
      return {
        messageId: 'permission',
        data: { value: problem.value, near: nearHint(problem.value, ['camera', 'microphone', 'geolocation', 'clipboardWrite']) },
      };
    case 'permissions-not-object':
      return { messageId: 'permissionsNotObject', data: {} };
    case 'ui-field-at-top':
      return { messageId: 'uiFieldAtTop', data: { field: problem.field, effect: UI_FIELD_AT_TOP_EFFECT[problem.field] } };
  }
}

function nearHint(value: string, candidates: Iterable<string>): string {
  const near = nearestName(value, candidates, {
    maxDistance: (candidate) => Math.max(2, Math.floor(candidate.length / 4)),
    ignoreCase: true,
  });
  return near === null ? '' : ` Did you mean '${near}'?`;
}

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
      notUiScheme:
        "'{{uri}}' in `{{via}}` is not a `ui://` URI: hosts render widgets only from ui:// resources, so the tool shows no widget.{{builtBy}}",
      flatDiffers:
        "The flat `ui/resourceUri` ('{{flat}}') and `ui.resourceUri` ('{{nested}}') of this tool name different widgets: hosts that read the flat key render another widget than hosts that read `ui.resourceUri`.{{builtBy}}",
      notOrigin:
        "'{{value}}' in `{{list}}` is not an origin ({{why}}): hosts build the widget's Content-Security-Policy from origins (`https://host[:port]`, `https://*.example.com`), so they drop or reject it and the widget's requests to it are blocked.{{builtBy}}",
      notDomain:
        "'{{value}}' in `{{field}}` cannot be the widget's dedicated origin ({{why}}): the host cannot serve the widget from it and falls back to its default sandbox origin (or rejects the resource).{{builtBy}}",
      visibility:
        "'{{value}}' is not a `ui.visibility` value ('model' or 'app'): hosts ignore it, so the tool is not hidden from or shown to whom you meant.{{builtBy}}",
      visibilityNotArray:
        "`ui.visibility` is an array of 'model' and 'app' (`['app']`), not a string: hosts that read it as a list ignore it and the tool keeps its default visibility.{{builtBy}}",
      permission:
        "'{{value}}' is not a `ui.permissions` permission (camera, microphone, geolocation, clipboardWrite): hosts do not grant it to the widget's iframe.{{near}}{{builtBy}}",
      permissionsNotObject:
        '`ui.permissions` is an object of empty objects (`{ camera: {} }`), not a list: hosts read its keys, so the widget is granted none of these.{{builtBy}}',
      uiFieldAtTop:
        '`{{field}}` is written at the top of `_meta`, but MCP Apps hosts read it only as a field of `ui` (`ui.{{field}}`): they ignore it here, so {{effect}}. Move it into `ui`.{{builtBy}}',
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
      // A `const` of widget `_meta` spread into several descriptors is one value: reported once, where it is written;
      // another module's `const` (`'openai/widgetCSP': WIDGET_CSP`, imported) once, where this file first uses it.
      const seen = new Set<string>();
      const imports = moduleResolverOf(filename);
      for (const problem of appValueProblemsOf(writes, imports, text)) {
        const report = problemReport(problem, registry.dir);
        const where = problem.builtBy?.kind === 'const' ? `${problem.builtBy.file}#${problem.builtBy.helper}` : problem.node.range[0];
        const key = `${where}:${report.messageId}:${JSON.stringify(report.data)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        context.report({ node: problem.node, ...report });
      }
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
          scoped.some((resource) => resource.scope === link.write.functionNode)
        ) {
          const registered = scoped.map(resourceUriText);
          const elsewhere = resources.filter((resource) => !scoped.includes(resource));
          for (const uri of match.missing) {
            // A helper's link written once and called from several descriptors: one report where it is written.
            const key = `${link.node.range[0]}:resourceMissing:${uri}`;
            if (seen.has(key)) continue;
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
            seen.add(key);
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
