/**
 * A `_meta` looked up in a table of widgets (apify/apify-mcp-server `src/resources/widgets.ts`): `getWidgetConfig(uri)`
 * returns `WIDGET_REGISTRY[uri]`, each entry's `meta` is built by `createWidgetMeta()`, and the tools give
 * `_meta: { ...getWidgetConfig(WIDGET_URIS.ACTOR_RUN)?.meta }`. The keys are those of the entries' `meta`, read in the
 * same file and from an imported module (reported at the look-up, `builtBy` the helper); keys no host reads on a tool
 * descriptor (`openai/widgetCSP`, `ui.csp`) are then reported where apify writes them.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeTempDirs, writeFiles, writeManifest } from '../cli/run-bin';
import { verifyInProject } from './verify-in-project';

afterAll(removeTempDirs);

const WIDGETS = `const WIDGET_CSP = { connectDomains: ['https://api.example.com'] } as const;
export const WIDGET_URIS = { SEARCH: 'ui://widget/search.html', RUN: 'ui://widget/run.html' } as const;
function createWidgetMeta(params: { resourceUri: string; invoking: string }) {
  return {
    'openai/toolInvocation/invoking': params.invoking,
    'openai/widgetCSP': { connect_domains: ['https://api.example.com'] },
    ui: { resourceUri: params.resourceUri, csp: WIDGET_CSP },
  };
}
export const WIDGET_REGISTRY: Record<string, { uri: string; meta: ReturnType<typeof createWidgetMeta> }> = {
  [WIDGET_URIS.SEARCH]: { uri: WIDGET_URIS.SEARCH, meta: createWidgetMeta({ resourceUri: WIDGET_URIS.SEARCH, invoking: 'Searching…' }) },
  [WIDGET_URIS.RUN]: { uri: WIDGET_URIS.RUN, meta: createWidgetMeta({ resourceUri: WIDGET_URIS.RUN, invoking: 'Running…' }) },
};
export function getWidgetConfig(uri: string) {
  return WIDGET_REGISTRY[uri];
}
`;

const TOOL = `import { getWidgetConfig, WIDGET_URIS } from './widgets.js';
declare const server: { registerTool(name: string, config: object, cb: () => object): void };
server.registerTool('search', { description: 'Search.', _meta: { ...getWidgetConfig(WIDGET_URIS.SEARCH)?.meta } }, () => ({ content: [] }));
server.registerTool('run', { description: 'Run.', _meta: getWidgetConfig(WIDGET_URIS.RUN)?.meta }, () => ({ content: [] }));
`;

const MANIFEST = {
  version: 1,
  keys: {
    'openai/toolInvocation/invoking': { plane: 'tool', producers: ['src/widgets.ts'], catalogue: 'openai-apps.toolInvocation.invoking' },
    ui: { plane: ['tool', 'resource'], producers: ['src/widgets.ts'], catalogue: 'mcp-apps.ui' },
  },
};

function lint(dir: string, file: string, code: string): string[] {
  return verifyInProject(dir, file, code, ['no-unregistered-meta-key', 'no-unregistered-meta-field']).map(
    (message) => `${message.line}:${message.column} ${message.messageId} ${/'([^']+)'/.exec(message.message)?.[1] ?? ''}`,
  );
}

describe('a _meta looked up in a table of widgets', () => {
  it('an imported look-up: the entries’ keys, reported at the look-up', () => {
    const dir = makeTempDir();
    writeFiles(dir, { 'src/widgets.ts': WIDGETS, 'src/tools.ts': TOOL });
    writeManifest(dir, MANIFEST);
    expect(lint(dir, 'src/tools.ts', TOOL)).toEqual([
      '3:69 offHostPlane openai/widgetCSP',
      '3:69 hostFieldOnOtherPlane ui.csp',
      '4:58 offHostPlane openai/widgetCSP',
      '4:58 hostFieldOnOtherPlane ui.csp',
    ]);
  });

  it('the same look-up in the module that holds the table: reported where the keys are written', () => {
    const dir = makeTempDir();
    const code = `${WIDGETS}
declare const server: { registerTool(name: string, config: object, cb: () => object): void };
server.registerTool('search', { description: 'Search.', _meta: { ...getWidgetConfig(WIDGET_URIS.SEARCH)?.meta } }, () => ({ content: [] }));
`;
    writeFiles(dir, { 'src/widgets.ts': code });
    writeManifest(dir, MANIFEST);
    // The entries' `meta` is what `createWidgetMeta` returns: its literal's keys, at line 6 and 7 of the module.
    expect(lint(dir, 'src/widgets.ts', code)).toEqual(['6:5 offHostPlane openai/widgetCSP', '7:44 hostFieldOnOtherPlane ui.csp']);
  });

  it('a table whose entries are not all literals, or a property no entry has, adds no key', () => {
    const dir = makeTempDir();
    const code = `declare function load(): object;
const TABLE: Record<string, { meta: object }> = { a: { meta: { 'openai/widgetCSP': {} } }, b: load() as { meta: object } };
function lookup(uri: string) { return TABLE[uri]; }
declare const server: { registerTool(name: string, config: object, cb: () => object): void };
server.registerTool('a', { description: 'A.', _meta: { ...lookup('x')?.other } }, () => ({ content: [] }));
`;
    writeFiles(dir, { 'src/other.ts': code });
    writeManifest(dir, MANIFEST);
    expect(lint(dir, 'src/other.ts', code)).toEqual([]);
  });
});
