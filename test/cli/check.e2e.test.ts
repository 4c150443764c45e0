import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBinBuilt, makeTempDir, removeTempDirs, REPO_ROOT, runBin, writeFiles, writeManifest } from './run-bin';

const SEARCH = `
export async function search(ctx: { emitResponseMeta?: (key: string, value: unknown) => void }, rows: Array<{ id: string }>) {
  try {
    ctx.emitResponseMeta?.('retrieval', {
      returned_count: rows.length,
      cache: { hit: true },
      ...(rows.length === 0 ? { hint: 'nothing found' } : {}),
    });
  } catch {
    // the key degrades to absent
  }
  return rows;
}
`;

const MANIFEST = {
  version: 1,
  emitters: ['emitResponseMeta'],
  keys: {
    retrieval: {
      producers: ['src/search.ts'],
      fields: { returned_count: {}, hint: {}, cache: { fields: ['hit'] } },
    },
  },
};

function project(manifest: unknown = MANIFEST, files: Record<string, string> = {}): string {
  const dir = makeTempDir();
  writeFiles(dir, { 'src/search.ts': SEARCH, ...files });
  writeManifest(dir, manifest);
  return dir;
}

interface CheckJson {
  ok: boolean;
  findings: Array<{ code: string; severity: string; message: string; file: string; line: number; column?: number }>;
}

beforeAll(assertBinBuilt);
afterAll(removeTempDirs);

describe('mcp-meta check', () => {
  it('exits 0 when every key and field is written and every glob matches', () => {
    const result = runBin(['check'], project());
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('mcp-meta check: no problems');
    expect(result.status).toBe(0);
  });

  it('reports a key with no write site in its producers, at its line in the manifest', () => {
    const manifest = structuredClone(MANIFEST) as { keys: Record<string, unknown> };
    manifest.keys.warnings = { producers: ['src/dispatch.ts'] };
    const dir = project(manifest, { 'src/dispatch.ts': 'export function dispatch() { return { content: [] }; }\n' });
    const result = runBin(['check', '--format', 'json'], dir);
    expect(result.status).toBe(1);
    const json = JSON.parse(result.stdout) as CheckJson;
    expect(json.findings).toEqual([expect.objectContaining({ code: 'key-not-written', file: 'mcp-meta.registry.json' })]);
    const manifestLines = fs.readFileSync(path.join(dir, 'mcp-meta.registry.json'), 'utf8').split('\n');
    expect(manifestLines[json.findings[0].line - 1]).toContain('"warnings"');
  });

  it('counts a key as written only on its registered plane', () => {
    const manifest = structuredClone(MANIFEST) as { keys: Record<string, unknown> };
    manifest.keys['com.example/card'] = { producers: ['src/card.ts'] };
    // The card key is registered for the tool result (the default) but written only on a tool descriptor.
    const card = `declare const server: { registerTool(name: string, config: object, handler: () => object): void };
server.registerTool('card', { description: 'A card.', _meta: { 'com.example/card': { title: 'x' } } }, () => ({ content: [] }));
`;
    const dir = project(manifest, { 'src/card.ts': card });
    const result = runBin(['check', '--format', 'json'], dir);
    expect(result.status).toBe(1);
    const report = JSON.parse(result.stdout) as CheckJson;
    // Not written where it is registered, and written where it is not: the lint's wrongPlane, at the write.
    expect(report.findings.map((finding) => `${finding.code} ${finding.message}`)).toEqual([
      "key-not-written key 'com.example/card' has no write site in its producers (src/card.ts)",
      "key-wrong-plane tool descriptor `_meta` key 'com.example/card' is registered in mcp-meta.registry.json for the tool result plane, but written here on a tool descriptor.",
    ]);
    // Registered for the tool plane, the same write counts.
    manifest.keys['com.example/card'] = { producers: ['src/card.ts'], plane: 'tool' };
    writeManifest(dir, manifest);
    expect(runBin(['check'], dir).status).toBe(0);
  });

  it('reports a shared `_meta` const at each use on the wrong plane, as the lint does, once per use', () => {
    // openai/openai-apps-sdk-examples' cards_against_ai server: one `toolUiMeta` const on descriptors and on results.
    // The const is right for the descriptors: each result that uses it is what is wrong (plane-report-sites.ts).
    const manifest = structuredClone(MANIFEST) as { keys: Record<string, unknown> };
    manifest.keys.ui = { producers: ['src/game.ts'], catalogue: 'mcp-apps.ui', plane: ['tool', 'resource'] };
    const game = `declare const server: { registerTool(name: string, config: object, handler: () => object): void };
const toolUiMeta = { ui: { resourceUri: 'ui://widget/game.html' } };
server.registerTool('start', { _meta: toolUiMeta }, () => ({ _meta: toolUiMeta, content: [] }));
server.registerTool('play', { _meta: toolUiMeta }, () => ({ _meta: toolUiMeta, content: [] }));
server.registerTool('judge', { _meta: toolUiMeta }, () => ({ _meta: { ...toolUiMeta }, content: [] }));
`;
    const dir = project(manifest, { 'src/game.ts': game });
    const report = JSON.parse(runBin(['check', '--format', 'json'], dir).stdout) as CheckJson;
    expect(report.findings.map((finding) => `${finding.code} ${finding.file}:${finding.line}:${finding.column}`)).toEqual([
      'key-wrong-plane src/game.ts:3:69',
      'key-wrong-plane src/game.ts:4:68',
      'key-wrong-plane src/game.ts:5:74',
    ]);
  });

  it('counts a key written through a `let` alias of `_meta` before the alias is reassigned (xmcp before 1fb77135)', () => {
    // basementstudio/xmcp's tools.ts: `openai` is written only through `toolSpecificMeta`, which holds the tool's
    // `_meta` until it is given the split copy. The key is written: no key-not-written.
    const manifest = structuredClone(MANIFEST) as { keys: Record<string, unknown> };
    manifest.keys.openai = { producers: ['src/tools.ts'], plane: 'tool' };
    const tools = `declare const server: { registerTool(name: string, config: object, handler: () => object): void };
declare function splitOpenAIMetaNested(meta: object): { toolMeta: Record<string, any> };
export function addTool(toolConfig: { name: string; _meta: Record<string, any> }, openaiWidget: boolean) {
  let toolSpecificMeta = toolConfig._meta;
  if (openaiWidget) {
    if (!toolSpecificMeta.openai) {
      toolSpecificMeta.openai = {};
    }
    toolSpecificMeta = splitOpenAIMetaNested(toolConfig._meta).toolMeta;
  }
  server.registerTool(toolConfig.name, { _meta: toolSpecificMeta }, () => ({ content: [] }));
}
`;
    const result = runBin(['check', '--format', 'json'], project(manifest, { 'src/tools.ts': tools }));
    expect((JSON.parse(result.stdout) as CheckJson).findings).toEqual([]);
    expect(result.status).toBe(0);
  });

  it('does not report a deprecated key that is no longer written', () => {
    const manifest = structuredClone(MANIFEST) as { keys: Record<string, unknown> };
    manifest.keys.legacy = { producers: ['src/legacy.ts'], deprecated: true };
    manifest.keys.warnings = { producers: ['src/dispatch.ts'] };
    const empty = 'export function dispatch() { return { content: [] }; }\n';
    const dir = project(manifest, { 'src/dispatch.ts': empty, 'src/legacy.ts': empty });
    const json = JSON.parse(runBin(['check', '--format', 'json'], dir).stdout) as CheckJson;
    // `warnings` is reported (not deprecated), `legacy` is not: proves the deprecated flag is what keeps it silent.
    expect(json.findings.map((finding) => [finding.code, finding.message.split("'")[1]])).toEqual([['key-not-written', 'warnings']]);
  });

  it('reports a registered field that no producer writes any more, nested ones too, but not deprecated ones', () => {
    const manifest = structuredClone(MANIFEST) as { keys: { retrieval: { fields: Record<string, unknown> } } };
    manifest.keys.retrieval.fields.vector_enabled = {};
    manifest.keys.retrieval.fields.old_total = { deprecated: true };
    manifest.keys.retrieval.fields.cache = { fields: ['hit', 'age_ms'] };
    const result = runBin(['check'], project(manifest));
    expect(result.status).toBe(1);
    expect(result.stdout).toContain("field 'retrieval.vector_enabled' is registered but no producer of 'retrieval' writes it any more");
    expect(result.stdout).toContain("field 'retrieval.cache.age_ms' is registered");
    expect(result.stdout).not.toContain('old_total');
    expect(result.stdout).toContain('mcp-meta check: 2 errors, 0 warnings');
  });

  it('stays silent about fields when a write cannot be read statically', () => {
    const manifest = structuredClone(MANIFEST) as { keys: { retrieval: { fields: Record<string, unknown> } } };
    manifest.keys.retrieval.fields.vector_enabled = {};
    const opaque = SEARCH.replace("...(rows.length === 0 ? { hint: 'nothing found' } : {}),", '...extra(),\n      hint: 1,').replace(
      'export async function',
      'declare function extra(): object;\nexport async function',
    );
    const result = runBin(['check'], project(manifest, { 'src/search.ts': opaque }));
    expect(result.stdout).not.toContain('vector_enabled');
    expect(result.status).toBe(0);
  });

  it("reads the fields of a value an imported function builds (`emit('k', buildRetrieval(rows))`), through a barrel", () => {
    const builder = `export function buildRetrieval(rows: unknown[]) {
  return rows.length === 0 ? { returned_count: 0, hint: 'nothing found' } : { returned_count: rows.length, cache: { hit: true } };
}
`;
    const search = `import { buildRetrieval } from './build/index.js';
export function search(ctx: { emitResponseMeta?: (key: string, value: unknown) => void }, rows: unknown[]) {
  try {
    ctx.emitResponseMeta?.('retrieval', buildRetrieval(rows));
  } catch {
    // the key degrades to absent
  }
}
`;
    const files = { 'src/search.ts': search, 'src/build/retrieval.ts': builder, 'src/build/index.ts': "export * from './retrieval.js';\n" };
    expect(runBin(['check'], project(MANIFEST, files)).status).toBe(0);
    const manifest = structuredClone(MANIFEST) as { keys: { retrieval: { fields: Record<string, unknown> } } };
    manifest.keys.retrieval.fields.vector_enabled = {};
    const result = runBin(['check', '--format', 'json'], project(manifest, files));
    expect(result.status).toBe(1);
    const json = JSON.parse(result.stdout) as CheckJson;
    expect(json.findings.map((finding) => [finding.code, finding.message.split("'")[1]])).toEqual([
      ['field-not-written', 'retrieval.vector_enabled'],
    ]);
  });

  it('reports a glob that matches no file, as a GitHub annotation too', () => {
    const manifest = { ...structuredClone(MANIFEST), mergeLayer: ['src/mcp/dispatch.ts'] };
    const dir = project(manifest);
    const text = runBin(['check'], dir);
    expect(text.status).toBe(1);
    expect(text.stdout).toContain("Glob 'src/mcp/dispatch.ts' matches no file");
    const github = runBin(['check', '--format', 'github'], dir);
    expect(github.status).toBe(1);
    expect(github.stdout).toMatch(
      /^::warning file=mcp-meta\.registry\.json,line=\d+,col=\d+,title=mcp-meta check%3A registry-problem::Glob 'src\/mcp\/dispatch\.ts' matches no file/m,
    );
  });

  it('reports an invalid manifest with its place and fix', () => {
    const result = runBin(['check'], project({ version: 1, keys: { retrieval: { producers: ['src/search.ts'], colour: 'red' } } }));
    expect(result.status).toBe(2);
    expect(result.stdout).toMatch(/mcp-meta\.registry\.json:\d+:\d+ {2}error {2}.*\[registry-problem\]/);
    expect(result.stdout).toContain('fix: ');
  });

  it('exits 2 when there is no manifest, and honours --registry', () => {
    const dir = makeTempDir();
    const missing = runBin(['check'], dir);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain(`no manifest at ${path.join(dir, 'mcp-meta.registry.json')}`);
    const elsewhere = project();
    fs.renameSync(path.join(elsewhere, 'mcp-meta.registry.json'), path.join(elsewhere, 'other.json'));
    expect(runBin(['check', '--registry', 'other.json'], elsewhere).status).toBe(0);
  });

  it('run from a subfolder, checks the nearest manifest above it (as the rules find it) instead of asking for a new one', () => {
    const dir = project();
    const result = runBin(['check', '--format', 'json'], path.join(dir, 'src'));
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, registry: '../mcp-meta.registry.json', producerFiles: 1 });
    expect(result.status).toBe(0);
    // The nearest one wins: a package's own manifest under the root one.
    writeFiles(dir, { 'src/pkg/tool.ts': 'export const tool = 1;\n' });
    writeManifest(path.join(dir, 'src/pkg'), { version: 1, keys: { other: { producers: ['tool.ts'] } } });
    const nested = runBin(['check', '--format', 'json'], path.join(dir, 'src/pkg'));
    expect(JSON.parse(nested.stdout)).toMatchObject({ registry: 'mcp-meta.registry.json' });
    expect((JSON.parse(nested.stdout) as CheckJson).findings.map((finding) => finding.code)).toEqual(['key-not-written']);
  });

  it("does not report a catalogue key's host fields as not written: only fields the manifest lists are the code's promise", () => {
    const widget = `export const descriptor = { description: 'd', inputSchema: {}, _meta: { ui: { resourceUri: 'ui://widget/a.html' } } };
export function register(server: { registerTool(name: string, config: object, cb: () => object): void }) {
  server.registerTool('show', descriptor, () => ({ content: [] }));
}
`;
    const files = { 'src/search.ts': SEARCH, 'src/widget.ts': widget };
    const catalogueOnly = {
      ...MANIFEST,
      keys: { ...MANIFEST.keys, ui: { plane: 'tool', catalogue: 'mcp-apps.ui', producers: ['src/widget.ts'] } },
    };
    const clean = runBin(['check', '--format', 'json'], project(catalogueOnly, files));
    expect((JSON.parse(clean.stdout) as CheckJson).findings).toEqual([]);
    expect(clean.status).toBe(0);
    // Fields the manifest lists itself are checked as any key's.
    const listed = {
      ...MANIFEST,
      keys: {
        ...MANIFEST.keys,
        ui: { plane: 'tool', catalogue: 'mcp-apps.ui', producers: ['src/widget.ts'], fields: ['resourceUri', 'visibility'] },
      },
    };
    const result = runBin(['check', '--format', 'json'], project(listed, files));
    expect((JSON.parse(result.stdout) as CheckJson).findings.map((finding) => [finding.code, finding.message.split(' is ')[0]])).toEqual([
      ['field-not-written', "field 'ui.visibility'"],
    ]);
  });

  it('on the example server, reports the seeded key violations the lint reports, and nothing about its manifest', () => {
    const example = path.join(REPO_ROOT, 'fixtures/example-server');
    if (!fs.existsSync(path.join(example, 'mcp-meta.registry.json'))) throw new Error('fixtures/example-server has no manifest');
    const result = runBin(['check', '--format', 'json'], example);
    const report = JSON.parse(result.stdout) as CheckJson;
    expect(report.findings.map((finding) => `${finding.code} ${finding.file}:${finding.line}`)).toEqual([
      'key-foreign src/violations/retrieval-foreign-key.ts:6',
      'key-foreign src/violations/retrieval-foreign-key.ts:10',
      'key-unregistered src/violations/retrieval-unregistered-key.ts:6',
      'key-unregistered src/violations/retrieval-unregistered-key.ts:15',
    ]);
    expect(result.status).toBe(1);
  });

  it('reports a typo the lint reports: a gate on check alone does not pass it', () => {
    const dir = project(MANIFEST, {
      'src/typo.ts': `export function typo() {\n  return { content: [], _meta: { retreival: { returned_count: 1 } } };\n}\n`,
    });
    const result = runBin(['check'], dir);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(
      "src/typo.ts:2:34  error  `_meta` key 'retreival' is not registered in mcp-meta.registry.json. Did you mean 'retrieval'?  [key-unregistered]",
    );
    expect(result.stdout).toContain(
      "fix: rename it to 'retrieval' if that key is meant; otherwise register it: npx mcp-meta add-key 'retreival' --producer src/typo.ts",
    );
  });
});
