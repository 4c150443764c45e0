/**
 * The MCP Apps and ChatGPT Apps SDK vocabulary the linkage checks read, declared once: the `_meta` keys that link a
 * tool to its widget, the MIME types hosts render, and the values `ui.visibility`, `ui.permissions` and the CSP lists
 * may hold. Taken from `@modelcontextprotocol/ext-apps` 2.0 (`spec.types.d.ts`: `McpUiToolMeta`, `McpUiResourceMeta`,
 * `McpUiResourceCsp`, `McpUiResourcePermissions`; `RESOURCE_MIME_TYPE`, `RESOURCE_URI_META_KEY`) and the Apps SDK
 * reference (`openai/outputTemplate`, `openai/widgetCSP`, `openai/widgetDomain`, `text/html+skybridge`).
 */

/** ext-apps' `RESOURCE_MIME_TYPE`: "`mimeType` MUST be `text/html;profile=mcp-app`". */
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';
/** The MIME type of a ChatGPT Apps SDK component template (`openai/outputTemplate`). */
export const SKYBRIDGE_MIME_TYPE = 'text/html+skybridge';

/** The scheme every UI resource URI uses (ext-apps: "URI MUST start with `ui://` scheme"). */
export const UI_SCHEME = 'ui://';

/** How a tool descriptor's `_meta` names its widget. */
export type LinkVia = 'ui.resourceUri' | 'ui/resourceUri' | 'openai/outputTemplate';

/** `McpUiToolMeta.visibility`'s values (`McpUiToolVisibility`). */
export const TOOL_VISIBILITIES: ReadonlySet<string> = new Set(['model', 'app']);

/** `McpUiResourcePermissions`' members (each an empty object). */
export const UI_PERMISSIONS: ReadonlySet<string> = new Set(['camera', 'microphone', 'geolocation', 'clipboardWrite']);

/** `McpUiResourceCsp`'s origin lists. */
export const UI_CSP_LISTS: ReadonlySet<string> = new Set(['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains']);

/**
 * Scheme sources an MCP Apps host passes into the widget's policy as written: ext-apps' reference host
 * (`examples/basic-host/src/csp.ts`) joins each `ui.csp` entry into its directives unless it holds `;`, a quote or a
 * space, and allows `data:` and `blob:` for scripts, styles, images, fonts and media itself. So `'blob:'` in
 * `resourceDomains` (skybridge's capitals example) is at worst redundant, never a blocked request: not reported.
 */
export const UI_CSP_SCHEME_SOURCES: ReadonlySet<string> = new Set(['data:', 'blob:']);

/** `openai/widgetCSP`'s origin lists (snake_case; `redirect_domains` are `window.openai.openExternal`'s targets). */
export const OPENAI_CSP_LISTS: ReadonlySet<string> = new Set(['connect_domains', 'resource_domains', 'frame_domains', 'redirect_domains']);

/** The schemes a CSP origin of a widget may use (ext-apps' examples: `https://…`, `wss://…`, `ws://localhost:…`). */
const ORIGIN = /^(?:https?|wss?):\/\/(?:\*\.)?(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::(?:\d{1,5}|\*))?\/?$/;

/**
 * Why `value` is not an origin a host can put in the widget's Content-Security-Policy, or null when it is one:
 * `scheme://host[:port]` with `http`, `https`, `ws` or `wss`, a `*.` wildcard only as the host's first label (ext-apps:
 * "Wildcard subdomains supported: `https://*.example.com`") and a `*` port (`ws://localhost:*`, which ext-apps'
 * examples use for a dev server); no path, query, fragment or credentials. A lone trailing `/` passes: in a CSP
 * source `https://host/` matches every path of the origin, so the host allows what `https://host` allows (the
 * draft MCP Apps validator rejects it; public ChatGPT apps write it: jscraik/mcp-boilerplate's `https://api.mapbox.com/`).
 */
export function notAnOrigin(value: string): string | null {
  if (ORIGIN.test(value)) return null;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(value);
  if (value.trim() !== value || /\s/.test(value)) return 'it holds whitespace';
  if (value === '*' || value === "'self'" || value === "'none'") return 'it is a CSP keyword, not an origin';
  if (!scheme) return 'it has no scheme: write https://…';
  if (!/^(?:https?|wss?)$/i.test(scheme[1])) return `its scheme '${scheme[1]}:' is not http(s) or ws(s)`;
  const rest = value.slice(scheme[0].length);
  if (!rest.startsWith('//')) return 'it is not scheme://host';
  const authorityEnd = rest.slice(2).search(/[/?#]/);
  if (authorityEnd >= 0) {
    const tail = rest.slice(2 + authorityEnd);
    return tail.startsWith('?') ? 'it has a query' : tail.startsWith('#') ? 'it has a fragment' : 'it has a path';
  }
  if (rest.includes('@')) return 'it has credentials';
  return 'its host is not a host name or a `*.` subdomain wildcard';
}

/**
 * Why `value` cannot be a widget's dedicated origin (`ui.domain`, `openai/widgetDomain`), or null. ext-apps leaves
 * `ui.domain`'s format to each host (its examples are bare host names: `a904794854a047f6.claudemcpcontent.com`;
 * ChatGPT's are `https://…` origins), so both forms pass; a path, query, other scheme, wildcard or whitespace does not.
 */
export function notADomain(value: string): string | null {
  if (/^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?::\d{1,5})?$/.test(value)) return null;
  if (/^https:\/\/[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?::\d{1,5})?$/.test(value)) return null;
  // A local dev server (skybridge's dev mode sets `ui.domain` to its own `http://localhost:3000`): browsers treat
  // localhost as a secure context, as the CSP lists' `ws://localhost:*` is accepted for the same reason.
  if (/^http:\/\/(?:localhost|127\.0\.0\.1)(?::\d{1,5})?$/.test(value)) return null;
  if (/^[A-Za-z0-9-]+$/.test(value)) return 'it is a single label, not a host name: `x.claudemcpcontent.com`, `https://x.example.com`';
  const why = notAnOrigin(value);
  if (why !== null) return why;
  if (value.includes('*')) return 'a wildcard names no one origin';
  if (/^https:/i.test(value)) return null;
  return "its scheme is not 'https:'";
}
