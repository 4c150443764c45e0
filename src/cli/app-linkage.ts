/**
 * `mcp-meta check`'s MCP Apps part: the widget links of every tool descriptor in the project (`ui.resourceUri`, the
 * flat `ui/resourceUri`, `openai/outputTemplate`) matched against every `ui://` resource the project registers, in
 * whatever files each is written: a link no resource serves (`app-resource-missing`) and a resource whose MIME type
 * the hosts of its links do not render (`app-mime-type`; unlinked, one no host renders), each naming both places.
 * What cannot be matched statically (a URI built from a value not known here) is said in a note, never guessed. And
 * each file's widget values a host cannot use (`app-value`: CSP origins, visibility, permissions, domain, links that
 * are no ui:// URI), the rule's reports word for word. The same analysis as the rule (`src/analysis/apps/`), over the
 * writes as `check`'s one read of each file placed them (`source-read.ts`: by types under `check --typed`, as a typed
 * lint places them); the lint sees one file, this sees them all.
 */
import * as path from 'node:path';
import type { TSESTree } from '@typescript-eslint/utils';
import { unplacedWidgetLinksOf, widgetLinksOf, type WidgetLink } from '../analysis/apps/app-meta';
import { appValueMessageText, appValueReportsOf, fillPlaceholders, type AppValueMessageId } from '../analysis/apps/app-value-reports';
import { uiResourcesOf, type UiResource } from '../analysis/apps/app-resources';
import { expectedMimeTypes, matchLink, wrongMimeTypes } from '../analysis/apps/linkage';
import { sameServerMaybe } from '../analysis/apps/server-instance';
import { describeUri, isCertainlyUi } from '../analysis/apps/uri-value';
import type { LinkVia } from '../analysis/apps/vocabulary';
import type { MetaWrite } from '../analysis/types';
import { mayWriteMeta } from '../analysis/sites/mention-index';
import type { Registry } from '../registry';
import { nearestName } from '../util/nearest-name';
import { nearestPackageFolder } from '../util/nearest-package';
import type { Finding } from './findings';
import { moduleResolverOf } from '../analysis/modules/module-resolver';
import { builtByWords } from '../analysis/modules/imported-helpers';
import { displayPath } from './format-report';
import type { SourceRead } from './source-read';

/** Text that may link a widget or register a resource: a file without any of these is not parsed here. */
const MAY_MATTER = /_meta|registerAppResource|registerResource|\.resource\(|ResourceTemplate|setRequestHandler/;

interface Placed<T> {
  readonly item: T;
  readonly file: string;
}

function place(node: TSESTree.Node, file: string, cwd: string): string {
  return `${displayPath(file, cwd)}:${node.loc.start.line}:${node.loc.start.column + 1}`;
}

/**
 * The resources a link may reach: those of its own server. A server is one package (the nearest `package.json`), and
 * within a file the `const` holding a `new` server when the code registers on one (`serverInstanceOf`); a registration
 * on anything else may be on any server of its package. A link whose server registers no ui:// resource in a form
 * check reads may be served some other way: it is matched against every resource, as in a one-server project.
 */
function serverScopes(resources: ReadonlyArray<Placed<UiResource>>): (link: Placed<WidgetLink>) => ReadonlyArray<Placed<UiResource>> {
  const packages = new Map<string, string | null>();
  const packageOf = (file: string): string | null => {
    const dir = path.dirname(file);
    if (!packages.has(dir)) packages.set(dir, nearestPackageFolder(dir));
    return packages.get(dir) ?? null;
  };
  return (link) => {
    const own = resources.filter(
      (resource) =>
        packageOf(resource.file) === packageOf(link.file) &&
        (resource.file !== link.file || sameServerMaybe(link.item.server, resource.item.server)),
    );
    return own.length > 0 ? own : resources;
  };
}

/** Where another server registers `uri` (a resource outside the link's scope), or null. */
function otherServer(
  link: Placed<WidgetLink>,
  uri: string,
  resources: ReadonlyArray<Placed<UiResource>>,
  scoped: ReadonlyArray<Placed<UiResource>>,
  cwd: string,
): string | null {
  const others = resources.filter((resource) => !scoped.includes(resource));
  const match = matchLink(
    { ...link.item, uri: { kind: 'known', values: [uri] } },
    others.map((resource) => resource.item),
  );
  if (match.kind !== 'matched') return null;
  const found = others.find((resource) => resource.item === match.resources[0])!;
  return `at ${place(found.item.node, found.file, cwd)}`;
}

/** Where a link a helper of another module writes is built (the finding is at the call). */
function builtIn(link: WidgetLink, cwd: string): string {
  return link.builtBy ? ` (${builtByWords(link.builtBy)} in ${displayPath(link.builtBy.file, cwd)})` : '';
}

function at(node: TSESTree.Node): { line: number; column: number } {
  return { line: node.loc.start.line, column: node.loc.start.column + 1 };
}

/** What to do about each widget value a host cannot use (`{{name}}`: the report's data). */
const APP_VALUE_FIXES: Readonly<Record<AppValueMessageId, string>> = {
  notUiScheme: 'link the URI of a ui:// resource the server registers (registerAppResource)',
  flatDiffers: "write the same URI in both, or drop the deprecated flat 'ui/resourceUri'",
  notOrigin: 'write the origin alone: scheme://host[:port] (https://*.example.com for its subdomains)',
  notDomain: 'write a host name or an https:// origin, without path, query or wildcard',
  visibility: "keep only 'model' and 'app'",
  visibilityNotArray: "write a list: ['app'] or ['model', 'app']",
  permission: 'keep only camera, microphone, geolocation and clipboardWrite',
  permissionsNotObject: 'write an object of empty objects: { camera: {} }',
  uiFieldAtTop: 'move it into ui: `ui: { {{field}}: … }`',
};

/**
 * One file's widget values a host cannot use, as `app-value` findings: `valid-app-linkage`'s reports of them, from the
 * same list (`appValueReportsOf`) and in the same words, warnings as the rule's in the recommended preset. `writes`
 * are the file's writes on the manifest's planes, as the rule is given them.
 */
export function appValueFindings(writes: readonly MetaWrite[], file: string, text: string, registry: Registry): Finding[] {
  return appValueReportsOf(writes, moduleResolverOf(file), text, registry.dir).map((report) => ({
    severity: 'warning',
    code: 'app-value',
    message: appValueMessageText(report),
    file,
    ...at(report.problem.node),
    fix: fillPlaceholders(APP_VALUE_FIXES[report.messageId], report.data),
  }));
}

/** One file's part of the linkage: its widget links (on a tool descriptor, or on a `_meta` nothing places) and resources. */
export interface FileAppSites {
  readonly links: ReadonlyArray<Placed<WidgetLink>>;
  readonly unplaced: ReadonlyArray<Placed<WidgetLink>>;
  readonly resources: ReadonlyArray<Placed<UiResource>>;
}

/**
 * One file's widget links and `ui://` resources, from `check`'s one read of it (`SourceRead`: the writes as its
 * analysis placed them, by types under `check --typed`; its AST), or null for a file that cannot hold any. `check`
 * reads every file the manifest does not ignore.
 */
export function appSitesOf(read: SourceRead, registry: Registry): FileAppSites | null {
  const { file, text, analysis } = read;
  // A widget link may also be given where a manifest sink puts `_meta` (a subclass's `meta` field), without naming it.
  if (!MAY_MATTER.test(text) && !mayWriteMeta(text, registry)) return null;
  let ast: TSESTree.Program;
  try {
    ast = read.ast();
  } catch {
    // `check` reports a producer it cannot parse (`source-unreadable`); any other file has no say here.
    return null;
  }
  const placed = <T>(item: T): Placed<T> => ({ item, file });
  const imports = moduleResolverOf(file);
  return {
    links: widgetLinksOf(analysis.writes, imports, text).map(placed),
    unplaced: unplacedWidgetLinksOf(analysis.writes, imports, text).map(placed),
    resources: uiResourcesOf(ast, imports, text).map(placed),
  };
}

/**
 * `items` joined with `; `, each once, a repeated one followed by how many times it came (`… ×9`): a link written once
 * in a const or helper that nine tools carry is one place to look at, not nine (dexter-mcp's note listed the same
 * place up to nine times).
 */
function listedOnce(items: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts].map(([item, count]) => (count === 1 ? item : `${item} ×${count}`)).join('; ');
}

/** Every file's links matched against every file's resources (`appSitesOf` of each file `check` read). */
export function appLinkageFindings(files: readonly FileAppSites[], cwd: string): { findings: Finding[]; notes: string[] } {
  const links = files.flatMap((sites) => sites.links);
  const unplaced = files.flatMap((sites) => sites.unplaced);
  const resources = files.flatMap((sites) => sites.resources);

  const findings: Finding[] = [];
  const undecided: string[] = [];
  let matchedLinks = 0;
  const viasOf = new Map<UiResource, { vias: Set<LinkVia>; by: Placed<WidgetLink> }>();
  // A link on a `_meta` nothing shows to be a tool descriptor's (a tools/list entry built at run time): neither
  // matched nor reported, whatever its URI, since which tool (if any) carries it is decided when the list is built.
  const unplacedNote =
    unplaced.length === 0
      ? []
      : [
          `not matched statically (not reported): ${unplaced.length} widget link${unplaced.length === 1 ? '' : 's'} on a _meta nothing shows to be a tool descriptor's (built at run time, as a tools/list entry mapped from a table, or no descriptor at all): ${listedOnce(
            unplaced.map((link) => `${place(link.item.node, link.file, cwd)} (${link.item.via}: ${describeUri(link.item.uri)})`),
          )}`,
        ];
  // No resource registration in sight at all: the widgets are served some way this reading does not know (a
  // framework's builder, another package), not missing. Said in a note, never reported.
  if (resources.length === 0 && links.length > 0) {
    return {
      findings: [],
      notes: [
        `${links.length} widget link${links.length === 1 ? '' : 's'} not matched: no file registers a ui:// resource in a form check reads (registerAppResource, registerResource, a resources/list handler)`,
        ...unplacedNote,
      ],
    };
  }
  const scopeOf = serverScopes(resources);
  for (const link of links) {
    // A link that is no ui:// URI is an `app-value` finding (hosts render only ui:// resources), not a missing registration.
    if (link.item.uri.kind === 'known' && link.item.uri.values.every((value) => !value.startsWith('ui://'))) continue;
    const scoped = scopeOf(link);
    const match = matchLink(
      link.item,
      scoped.map((resource) => resource.item),
    );
    if (match.kind === 'matched') {
      matchedLinks += 1;
      for (const resource of match.resources) {
        const entry = viasOf.get(resource) ?? { vias: new Set<LinkVia>(), by: link };
        entry.vias.add(link.item.via);
        // The link a wrong MIME type is reported against is one that asks for MCP Apps' type, when one does: a ChatGPT
        // link (`openai/outputTemplate`) is content with skybridge, and naming it would send the reader to code that is right.
        if (entry.by.item.via === 'openai/outputTemplate' && link.item.via !== 'openai/outputTemplate') entry.by = link;
        viasOf.set(resource, entry);
      }
    } else if (match.kind === 'undecided') {
      undecided.push(`${place(link.item.node, link.file, cwd)} (${match.why})`);
    } else {
      for (const uri of match.missing) {
        if (!uri.startsWith('ui://')) continue;
        const other = otherServer(link, uri, resources, scoped, cwd);
        if (other) {
          findings.push({
            severity: 'error',
            code: 'app-resource-missing',
            message:
              `\`${link.item.via}\` links the widget '${uri}'${builtIn(link.item, cwd)}, which only another server registers (${other})` +
              ": the host asks this tool's server for it, its resources/read fails and the tool renders no widget",
            file: link.file,
            ...at(link.item.node),
            fix: `register '${uri}' on this tool's server too, or link a URI this server registers`,
          });
          continue;
        }
        const known = scoped.flatMap((resource) =>
          resource.item.uri.kind === 'known' ? resource.item.uri.values.map((value) => ({ value, resource })) : [],
        );
        const near = nearestName(
          uri,
          known.map((entry) => entry.value),
          { maxDistance: (candidate) => Math.max(2, Math.floor(candidate.length / 4)) },
        );
        const nearResource = known.find((entry) => entry.value === near)?.resource;
        findings.push({
          severity: 'error',
          code: 'app-resource-missing',
          message:
            `\`${link.item.via}\` links the widget '${uri}'${builtIn(link.item, cwd)}, but no file registers a resource with that URI` +
            ": the host's resources/read of it fails and the tool renders no widget" +
            (near && nearResource ? `; '${near}' is registered at ${place(nearResource.item.node, nearResource.file, cwd)}` : ''),
          file: link.file,
          ...at(link.item.node),
          fix: near ? `link '${near}', or register '${uri}'` : `register '${uri}' (registerAppResource), or link a URI that is registered`,
        });
      }
    }
  }
  const reported = new Set<TSESTree.Node>();
  for (const { item: resource, file } of resources) {
    // Linked or not, and whoever links it: a ui:// resource whose content has no body never renders.
    for (const item of resource.contentsWithoutBody) {
      if (reported.has(item)) continue;
      reported.add(item);
      findings.push({
        severity: 'error',
        code: 'app-content-empty',
        message: `a content item of the widget resource '${describeUri(resource.uri)}' has neither text nor blob: resources/read returns no HTML, so the host has nothing to render`,
        file,
        ...at(item),
        fix: 'return the HTML as text (or base64 as blob)',
      });
    }
    // A ui:// resource nothing links is still one whose type no host renders (`text/html`): the rule says so, linked
    // or not. One whose URI is not known (`skill.uri`) is not taken for a widget by its type alone (`text/markdown`).
    const linked = viasOf.get(resource);
    if (!linked && !isCertainlyUi(resource.uri)) continue;
    const expected = expectedMimeTypes(linked?.vias ?? new Set());
    const linkedAt = linked ? place(linked.by.item.node, linked.by.file, cwd) : null;
    const linkedBy = linked ? `, but \`${[...linked.vias].join('`, `')}\` links it (${linkedAt})` : '';
    const hosts = expected.length === 1 ? 'MCP Apps hosts render' : 'MCP Apps hosts and ChatGPT render';
    const wanted = expected.map((mime) => `'${mime}'`).join(' or ');
    for (const wrong of wrongMimeTypes(resource, expected)) {
      if (reported.has(wrong.node)) continue;
      reported.add(wrong.node);
      findings.push({
        severity: 'error',
        code: 'app-mime-type',
        message: `the widget resource '${describeUri(resource.uri)}' declares MIME type '${wrong.value}'${linkedBy}: ${hosts} only ${wanted}, so the widget never renders`,
        file,
        ...at(wrong.node),
        fix: `declare ${wanted} (ext-apps: RESOURCE_MIME_TYPE)`,
      });
    }
    if (!linked) continue;
    for (const item of resource.contentsWithoutMime) {
      if (reported.has(item)) continue;
      reported.add(item);
      findings.push({
        severity: 'error',
        code: 'app-mime-type',
        message: `a content item of the widget resource '${describeUri(resource.uri)}', linked at ${linkedAt}, declares no mimeType: MCP Apps requires ${wanted} on what resources/read returns, and a host that checks it does not render the widget`,
        file,
        ...at(item),
        fix: `add mimeType: ${expected[0] === 'text/html;profile=mcp-app' ? 'RESOURCE_MIME_TYPE' : `'${expected[0]}'`}`,
      });
    }
  }
  const notes = [
    ...(links.length === 0
      ? []
      : [
          // Counted as matched only where a registration was found: the others are reported or listed below.
          `matched ${matchedLinks === links.length ? '' : `${matchedLinks} of `}${links.length} widget link${links.length === 1 ? '' : 's'} against ${resources.length} ui:// resource${resources.length === 1 ? '' : 's'}`,
          ...(undecided.length > 0 ? [`not matched statically (not reported): ${listedOnce(undecided)}`] : []),
        ]),
    ...unplacedNote,
  ];
  return { findings, notes };
}
