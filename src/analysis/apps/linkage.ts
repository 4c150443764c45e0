/**
 * Whether a tool's widget link reaches a resource the server registers, and whether that resource declares a MIME
 * type its hosts render. Shared by the rule (one file) and `mcp-meta check` (every file of the project).
 */
import type { WidgetLink } from './app-meta';
import type { UiResource } from './app-resources';
import { MCP_APP_MIME_TYPE, SKYBRIDGE_MIME_TYPE, type LinkVia } from './vocabulary';

export type LinkMatch =
  /** A resource is registered under the URI (or a template matching it, or built the same way). */
  | { readonly kind: 'matched'; readonly resources: readonly UiResource[] }
  /** The link is known and no resource can be it: `missing` are its values no resource serves. */
  | { readonly kind: 'missing'; readonly missing: readonly string[] }
  /** It cannot be decided statically: a side is built from values not known here. `why` says which. */
  | { readonly kind: 'undecided'; readonly why: string };

/** Whether `resource` may serve the URI `value`. `certain`: it does. */
function serves(resource: UiResource, value: string): 'yes' | 'maybe' | 'no' {
  if (resource.template) return resource.template.test(value) ? 'yes' : 'no';
  const uri = resource.uri;
  if (uri.kind === 'known') return uri.values.includes(value) ? 'yes' : 'no';
  if (uri.kind === 'pattern') return uri.pattern.test(value) ? 'maybe' : 'no';
  return 'maybe';
}

export function matchLink(link: WidgetLink, resources: readonly UiResource[]): LinkMatch {
  const uri = link.uri;
  if (uri.kind !== 'known') {
    // Built from something not known here: it matches a resource built the same way, and nothing else is sure.
    const same = resources.filter((resource) => resource.uri.kind === uri.kind && resource.uri.text === uri.text);
    return same.length > 0
      ? { kind: 'matched', resources: same }
      : { kind: 'undecided', why: `its URI is built from values not known statically: ${uri.text}` };
  }
  const matched: UiResource[] = [];
  const missing: string[] = [];
  let maybe: UiResource | null = null;
  for (const value of uri.values) {
    const answers = resources.map((resource) => serves(resource, value));
    const yes = resources.filter((_, index) => answers[index] === 'yes');
    if (yes.length > 0) matched.push(...yes);
    else if (answers.includes('maybe')) maybe ??= resources[answers.indexOf('maybe')];
    else missing.push(value);
  }
  if (missing.length > 0) return { kind: 'missing', missing };
  if (maybe && matched.length === 0) {
    const text = maybe.uri.kind === 'known' ? maybe.uri.values.join(', ') : maybe.uri.text;
    return { kind: 'undecided', why: `a resource's URI is built from values not known statically: ${text}` };
  }
  return { kind: 'matched', resources: matched };
}

/** The MIME types a resource linked through `vias` must declare for its hosts to render it. */
export function expectedMimeTypes(vias: ReadonlySet<LinkVia>): readonly string[] {
  // MCP Apps hosts read `ui.resourceUri` (and the flat key) and render only `text/html;profile=mcp-app`; ChatGPT reads
  // `openai/outputTemplate` and renders its own `text/html+skybridge` as well as the MCP Apps type.
  return vias.has('ui.resourceUri') || vias.has('ui/resourceUri') ? [MCP_APP_MIME_TYPE] : [MCP_APP_MIME_TYPE, SKYBRIDGE_MIME_TYPE];
}

/** A declared MIME type that none of `expected` is, with where it is declared; null when all are fine or unknown. */
export function wrongMimeTypes(
  resource: UiResource,
  expected: readonly string[],
): Array<{ node: UiResource['mimeTypes'][number]['node']; value: string }> {
  const wrong: Array<{ node: UiResource['mimeTypes'][number]['node']; value: string }> = [];
  for (const declared of resource.mimeTypes) {
    for (const value of declared.values ?? []) {
      if (!expected.includes(value)) wrong.push({ node: declared.node, value });
    }
  }
  return wrong;
}
