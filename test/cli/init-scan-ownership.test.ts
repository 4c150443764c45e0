/**
 * `init` registers each key under the writer the write model attached (`MetaKeyWrite.ownership`, ownership.ts), the
 * same answer `no-foreign-meta-key` and `check` read: it never works out who writes a key itself.
 */
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { analyzeSource } from '../../src/analysis/analyze-source';
import type { MetaFileAnalysis } from '../../src/analysis/types';
import { emptyScan, scanWrites } from '../../src/cli/init/scan-writes';
import { loadRegistry } from '../../src/registry';
import { makeTempProject, removeTempProject } from '../registry/temp-project';

let dir: string | undefined;
afterEach(() => {
  if (dir) removeTempProject(dir);
  dir = undefined;
});

const CALLER = `
import { widgetMeta } from './widgets.js';
export const a = { content: [], _meta: { stats: 1 } };
export const b = { content: [], _meta: widgetMeta() };
`;

function analysisOfCaller(): { analysis: MetaFileAnalysis; caller: string; widgets: string } {
  dir = makeTempProject({
    'src/widgets.ts': 'export function widgetMeta() { return { widget: 1 }; }\n',
    'mcp-meta.registry.json': JSON.stringify({ version: 1, keys: {} }),
  });
  const loaded = loadRegistry(path.join(dir, 'mcp-meta.registry.json'));
  if (!loaded.ok) throw new Error('temp manifest did not load');
  const caller = path.join(dir, 'src/tools.ts');
  return { analysis: analyzeSource(CALLER, caller, loaded.registry), caller, widgets: path.join(dir, 'src/widgets.ts') };
}

function producersOf(analysis: MetaFileAnalysis): Record<string, string[]> {
  const scan = emptyScan();
  scanWrites(analysis, scan, CALLER);
  return Object.fromEntries([...scan.keys].map(([key, scanned]) => [key, [...scanned.files.keys()]]));
}

describe("init's producers are the model's writers", () => {
  it("registers a key an imported helper builds under the helper's module, a key written here under this file", () => {
    const { analysis, caller, widgets } = analysisOfCaller();
    expect(producersOf(analysis)).toEqual({ stats: [caller], widget: [widgets] });
  });

  it('follows the writer the model attached, whatever the write looks like', () => {
    const { analysis, widgets } = analysisOfCaller();
    // The model's answer, not a shape init reads: were the analysis to name another writer for `stats` (no helper,
    // no builtBy), init registers that one.
    const elsewhere = path.join(path.dirname(widgets), 'shared-meta.ts');
    const retold: MetaFileAnalysis = {
      ...analysis,
      writes: analysis.writes.map((write) => ({
        ...write,
        keys: write.keys.map((key) =>
          key.name === 'stats' && key.ownership ? { ...key, ownership: { ...key.ownership, writer: elsewhere } } : key,
        ),
      })),
    };
    expect(producersOf(retold)).toEqual({ stats: [elsewhere], widget: [widgets] });
  });
});

describe('keys a helper sets on the local it returns', () => {
  it('registers them with the module that builds them, imported or in this file', () => {
    dir = makeTempProject({
      'src/ui-meta.ts': `export function toolUiMeta(template: string, accessible: boolean) {
  const meta: Record<string, unknown> = { 'openai/outputTemplate': template };
  if (accessible) meta['openai/widgetAccessible'] = true;
  return meta;
}
`,
      'mcp-meta.registry.json': JSON.stringify({ version: 1, keys: {} }),
    });
    const loaded = loadRegistry(path.join(dir, 'mcp-meta.registry.json'));
    if (!loaded.ok) throw new Error('temp manifest did not load');
    const caller = path.join(dir, 'src/server.ts');
    const code = `import { toolUiMeta } from './ui-meta.js';
function localMeta(hits: number) {
  const meta: Record<string, unknown> = {};
  meta.stats = hits;
  return meta;
}
export const a = { content: [], _meta: toolUiMeta('ui://widget/a.html', true) };
export const b = { content: [], _meta: localMeta(1) };
`;
    const uiMeta = path.join(dir, 'src/ui-meta.ts');
    expect(producersOf(analyzeSource(code, caller, loaded.registry))).toEqual({
      'openai/outputTemplate': [uiMeta],
      'openai/widgetAccessible': [uiMeta],
      stats: [caller],
    });
  });
});

describe('init notes the files that write a key on a _meta nothing places', () => {
  it("keeps them apart from the producers: a tool definition registered from another module (oak's *_TOOL_DEF)", () => {
    dir = makeTempProject({ 'mcp-meta.registry.json': JSON.stringify({ version: 1, keys: {} }) });
    const loaded = loadRegistry(path.join(dir, 'mcp-meta.registry.json'));
    if (!loaded.ok) throw new Error('temp manifest did not load');
    const definition = path.join(dir, 'src/search/tool-definition.ts');
    const code = "export const SEARCH_TOOL_DEF = { title: 'Search', _meta: { securitySchemes: [{ type: 'noauth' }] } } as const;\n";
    const scan = emptyScan();
    scanWrites(analyzeSource(code, definition, loaded.registry), scan, code);
    expect([...scan.keys.keys()]).toEqual([]);
    expect(Object.fromEntries([...scan.unplaced].map(([key, files]) => [key, [...files]]))).toEqual({ securitySchemes: [definition] });
  });
});
