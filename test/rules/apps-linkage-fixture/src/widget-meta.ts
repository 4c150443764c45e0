/** Helpers that build a tool's widget `_meta` in another module, as real servers do (Vercel's ChatGPT template). */
export interface ContentWidget {
  readonly templateUri: string;
  readonly invoking: string;
}

export function widgetMeta(widget: ContentWidget) {
  return {
    'openai/outputTemplate': widget.templateUri,
    'openai/toolInvocation/invoking': widget.invoking,
  } as const;
}

export function appMeta(uri: string) {
  return { ui: { resourceUri: uri } };
}

export const fixedMeta = () => ({ ui: { resourceUri: 'ui://w/fixed.html' } });

export function cspMeta() {
  return { ui: { csp: { connectDomains: ['https://api.example.com/v1'] } } };
}

/** A helper that takes the widget's permissions from its caller: what is wrong in them is written at the call. */
export function permissionsMeta(permissions: Record<string, object> | string[]) {
  return { ui: { permissions } };
}

/**
 * Dexter-DAO/dexter-mcp's `createWidgetMeta`: the ChatGPT keys it writes, and the caller's `extra` spread in (where its
 * tools put their MCP Apps `ui.resourceUri`), in a `const` it fills in before returning it.
 */
export function createWidgetMeta({ templateUri, invoking, extra = {} }: { templateUri: string; invoking?: string; extra?: object }) {
  const meta: Record<string, unknown> = { 'openai/outputTemplate': templateUri, ...extra };
  if (invoking) meta['openai/toolInvocation/invoking'] = invoking;
  return meta;
}

/** The rest of a destructured parameter spread in: every key of the argument but `templateUri`. */
export function restMeta({ templateUri, ...rest }: { templateUri: string; [key: string]: unknown }) {
  return { 'openai/outputTemplate': templateUri, ...rest };
}

/** A tool descriptor built from its caller's config, `_meta` and all: the registration gets the argument's `_meta`. */
export const defineTool = ({ title, ...rest }: { title: string; [key: string]: unknown }) => ({ title, annotations: {}, ...rest });
