/**
 * `mcp-meta init` proposes the manifest's `sinks.registrations` for the project's own registration functions (a
 * function whose parameter's `_meta` reaches an SDK registration's config), and scans under them: a tool config
 * passed to `addTool(server, { name, _meta, execute })` is a descriptor, its `execute` returns results. The written
 * manifest is compared whole.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRegistry } from '../../src/registry';
import * as tsParser from '@typescript-eslint/parser';
import { Linter, type ESLint } from 'eslint';
import noDroppedMeta from '../../rules/no-dropped-meta';
import { assertBinBuilt, makeTempDir, removeTempDirs, runBin, writeFiles, writeManifest } from './run-bin';

const KIT = `
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export interface ToolDef {
  name: string;
  description: string;
  _meta?: Record<string, unknown>;
  execute: (args: Record<string, unknown>) => Promise<CallToolResult>;
}

/** Config-in-one: the definition's _meta goes into the SDK config, its execute runs the call. */
export function addTool(server: McpServer, def: ToolDef): void {
  server.registerTool(def.name, { description: def.description, _meta: { ...def._meta } }, async (args) => def.execute(args));
}

/** The SDK's own shape, one argument later. */
export const defineTool = (server: McpServer, name: string, config: { description: string }, handler: () => Promise<CallToolResult>) =>
  server.registerTool(name, config, handler);

/** A resource's props forwarded as they are. */
export function defineView(server: McpServer, uri: string, props: { mimeType: string; _meta?: Record<string, unknown> }): void {
  server.registerResource(uri, uri, props, async (u) => ({ contents: [{ uri: u.href, text: '<p>view</p>' }] }));
}

/** Not a registration function: the config is built with the note's id, nothing of a parameter's _meta reaches it. */
export function registerNote(server: McpServer, id: string): void {
  server.registerResource(\`note-\${id}\`, \`note://\${id}\`, { description: \`Note \${id}\` }, async (u) => ({ contents: [{ uri: u.href, text: id }] }));
}
`;

const TOOLS = `
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { addTool, defineTool, defineView } from '../kit/define.js';

export function register(server: McpServer): void {
  addTool(server, {
    name: 'search',
    description: 'Search.',
    _meta: { 'com.acme/category': 'retrieval' },
    execute: async () => ({ content: [], _meta: { 'com.acme/search': { returned: 0 } } }),
  });
  const config = { description: 'Fetch.', _meta: {} as Record<string, unknown> };
  config._meta['com.acme/category'] = 'fetch';
  defineTool(server, 'fetch', config, async () => ({ content: [] }));
  defineView(server, 'ui://acme/view', { mimeType: 'text/html', _meta: { 'com.acme/view': { border: true } } });
}
`;

beforeAll(assertBinBuilt);
afterAll(removeTempDirs);

describe('mcp-meta init: sinks', () => {
  it("proposes the project's registration functions and registers the keys written through them on their planes", () => {
    const dir = makeTempDir();
    writeFiles(dir, { 'src/kit/define.ts': KIT, 'src/tools/search.ts': TOOLS });
    const result = runBin(['init'], dir);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const file = path.join(dir, 'mcp-meta.registry.json');
    const text = fs.readFileSync(file, 'utf8');
    expect(JSON.parse(text)).toEqual({
      $schema: './node_modules/eslint-plugin-mcp-meta/schema/registry.schema.json',
      version: 1,
      sinks: {
        registrations: [
          { function: 'addTool', config: 1, callback: 'execute' },
          { function: 'defineTool', config: 2, callback: 3 },
          { function: 'defineView', plane: 'resource', config: 2 },
        ],
      },
      keys: {
        'com.acme/category': { producers: ['src/tools/search.ts'], plane: 'tool' },
        'com.acme/search': { producers: ['src/tools/search.ts'], type: 'object', fields: { returned: { type: 'number' } } },
        'com.acme/view': { producers: ['src/tools/search.ts'], plane: 'resource', type: 'object', fields: { border: { type: 'boolean' } } },
      },
    });
    expect(result.stdout).toContain(
      'addTool() forwards its parameter 1 to an SDK tool registration: proposed in "sinks.registrations" (config 1, callback "execute"); check the positions',
    );
    expect(result.stdout).toContain(
      'defineView() forwards its parameter 2 to an SDK resource registration: proposed in "sinks.registrations" (config 2); check the positions',
    );
    const loaded = parseRegistry(text, file, { checkGlobs: true });
    expect(loaded.ok ? loaded.warnings : loaded.problems).toEqual([]);
  });

  it('--update adds the registrations a manifest without sinks lacks, and the keys they reveal', () => {
    const dir = makeTempDir();
    writeFiles(dir, { 'src/kit/define.ts': KIT, 'src/tools/search.ts': TOOLS });
    const manifest = { version: 1, keys: { 'com.acme/search': { producers: ['src/tools/search.ts'], fields: ['returned'] } } };
    fs.writeFileSync(path.join(dir, 'mcp-meta.registry.json'), JSON.stringify(manifest, null, 2) + '\n');
    const result = runBin(['init', '--update'], dir);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const updated = JSON.parse(fs.readFileSync(path.join(dir, 'mcp-meta.registry.json'), 'utf8')) as typeof manifest & { sinks: unknown };
    expect(updated.sinks).toEqual({
      registrations: [
        { function: 'addTool', config: 1, callback: 'execute' },
        { function: 'defineTool', config: 2, callback: 3 },
        { function: 'defineView', plane: 'resource', config: 2 },
      ],
    });
    expect(Object.keys(updated.keys)).toEqual(['com.acme/search', 'com.acme/category', 'com.acme/view']);
    expect(result.stdout).toContain('registration function addTool (sinks.registrations)');
  });

  it('proposes a function that takes { content, … } and whose call tool callbacks return; the lint then reads its argument as a tool result', () => {
    const dir = makeTempDir();
    const proxy = `
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { reply } from './reply.js';

const upstream = new Client({ name: 'proxy', version: '1.0.0' });
export const server = new McpServer({ name: 'proxy', version: '1.0.0' });

server.registerTool('search', {}, async () => {
  const r = await upstream.callTool({ name: 'search' });
  return reply({ content: r.content, isError: r.isError });
});
server.registerTool('fetch', {}, async () => reply({ content: [{ type: 'text', text: 'fetched' }] }));
`;
    writeFiles(dir, {
      'src/reply.ts': 'export function reply(result: object) {\n  console.log(result);\n  return result;\n}\n',
      'src/proxy.ts': proxy,
    });
    const result = runBin(['init'], dir);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const text = fs.readFileSync(path.join(dir, 'mcp-meta.registry.json'), 'utf8');
    expect((JSON.parse(text) as { sinks: unknown }).sinks).toEqual({ resultBuilders: [{ function: 'reply', argument: 0 }] });
    expect(result.stdout).toContain(
      'reply() takes a tool result ({ content, … } as argument 0) and 2 tool callbacks return its call: proposed in "sinks.resultBuilders" (argument 0)',
    );
    // The lint uses the proposal: the upstream result rebuilt into reply()'s argument without its _meta is reported.
    const lint = (manifest: string): string[] => {
      const linter = new Linter({ configType: 'flat', cwd: dir });
      const messages = linter.verify(
        proxy,
        [
          {
            files: ['**/*.ts'],
            languageOptions: { parser: tsParser as unknown as Linter.Parser },
            plugins: { 'mcp-meta': { rules: { 'no-dropped-meta': noDroppedMeta } } as unknown as ESLint.Plugin },
            settings: { 'mcp-meta': { registry: manifest } },
            rules: { 'mcp-meta/no-dropped-meta': 'error' },
          },
        ],
        path.join(dir, 'src/proxy.ts'),
      );
      return messages.map((message) => `${message.line}:${message.column} ${message.messageId ?? message.message}`);
    };
    expect(lint(path.join(dir, 'mcp-meta.registry.json'))).toEqual(['11:16 droppedMeta']);
    writeManifest(dir, { version: 1, keys: {} }, 'without-sinks.registry.json');
    expect(lint(path.join(dir, 'without-sinks.registry.json'))).toEqual([]);
  });

  it("proposes a result builder given its result's _meta under another name, and registers the keys its calls give there", () => {
    const dir = makeTempDir();
    // apify-mcp-server's shape: respondOk(texts, { structuredContent, meta }) hands meta to buildMCPResponse's _meta.
    const mcp = `
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export function buildMCPResponse(options: { texts: string[]; structuredContent?: unknown; _meta?: Record<string, unknown> }): CallToolResult {
  const { texts, structuredContent, _meta } = options;
  return {
    content: texts.map((text) => ({ type: 'text' as const, text })),
    ...(structuredContent !== undefined && { structuredContent: structuredContent as Record<string, unknown> }),
    ...(_meta !== undefined && { _meta }),
  };
}

export function respondOk(texts: string | string[], opts?: { structuredContent?: unknown; meta?: Record<string, unknown> }): CallToolResult {
  return buildMCPResponse({ texts: Array.isArray(texts) ? texts : [texts], structuredContent: opts?.structuredContent, _meta: opts?.meta });
}
`;
    const tool = `
import { respondOk } from '../utils/mcp.js';

export async function getRun(id: string) {
  const run = { id, usd: 0.25 };
  return respondOk(\`Run \${id}\`, { structuredContent: run, meta: { 'com.acme/run': { usd: run.usd } } });
}
`;
    writeFiles(dir, { 'src/utils/mcp.ts': mcp, 'src/tools/get-run.ts': tool });
    const result = runBin(['init'], dir);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'mcp-meta.registry.json'), 'utf8')) as { sinks: unknown; keys: unknown };
    expect(manifest.sinks).toEqual({ resultBuilders: [{ function: 'respondOk', meta: { argument: 1, property: 'meta' } }] });
    expect(manifest.keys).toEqual({
      'com.acme/run': { producers: ['src/tools/get-run.ts'], type: 'object', fields: ['usd'] },
    });
    expect(result.stdout).toContain(
      'respondOk() puts argument 1\'s "meta" in the _meta of the tool result it builds: proposed in "sinks.resultBuilders"',
    );
    const check = runBin(['check'], dir);
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it('proposes a base class whose registration takes a member as _meta, and registers what its subclasses give; --update adds it', () => {
    const dir = makeTempDir();
    // mapbox/mcp-server's shape: BaseTool.installTo registers with `config._meta = this.meta`; subclasses set `meta`.
    const base = `
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export abstract class BaseTool {
  abstract readonly name: string;
  readonly meta?: Record<string, unknown>;

  installTo(server: McpServer) {
    const config: { description: string; _meta?: Record<string, unknown> } = { description: this.name };
    if (this.meta) config._meta = this.meta;
    return server.registerTool(this.name, config, async () => ({ content: [] }));
  }
}
`;
    // A base in between, in a file that names neither _meta nor a registration (init does not parse it).
    const mapsBase = `
import { BaseTool } from '../base-tool.js';

export abstract class MapsTool extends BaseTool {
  readonly zoom = 3;
}
`;
    const tool = `
import { MapsTool } from './maps-tool.js';

export class RenderMapTool extends MapsTool {
  readonly name = 'render_map';
  readonly meta = { 'com.acme/category': 'maps' };
}
`;
    writeFiles(dir, { 'src/base-tool.ts': base, 'src/tools/maps-tool.ts': mapsBase, 'src/tools/render-map.ts': tool });
    const sinks = {
      classMembers: [
        { class: 'BaseTool', member: 'meta' },
        { class: 'MapsTool', member: 'meta' },
      ],
    };
    /** Runs init with `args`, which must succeed, and reads the manifest it wrote. */
    const init = (args: string[]): { stdout: string; manifest: { sinks: unknown; keys: object } } => {
      const result = runBin(args, dir);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'mcp-meta.registry.json'), 'utf8')) as { sinks: unknown; keys: object };
      return { stdout: result.stdout, manifest };
    };
    const written = init(['init']);
    expect(written.manifest.sinks).toEqual(sinks);
    expect(written.manifest.keys).toEqual({ 'com.acme/category': { producers: ['src/tools/render-map.ts'], plane: 'tool' } });
    expect(written.stdout).toContain('BaseTool registers a tool with its member meta as the _meta: proposed in "sinks.classMembers"');
    expect(runBin(['check'], dir).status).toBe(0);

    // A manifest written before: --update adds the entry and the key it reveals, and says so.
    fs.writeFileSync(path.join(dir, 'mcp-meta.registry.json'), JSON.stringify({ version: 1, keys: {} }, null, 2) + '\n');
    const update = init(['init', '--update']);
    expect(update.manifest.sinks).toEqual(sinks);
    expect(Object.keys(update.manifest.keys)).toEqual(['com.acme/category']);
    expect(update.stdout).toContain('base class member BaseTool.meta (sinks.classMembers)');
  });

  it("--update scans under the manifest's own sinks: a key written only through a hand-named result builder is found", () => {
    const dir = makeTempDir();
    writeFiles(dir, {
      'src/tools.ts': `
export function toolResult(result: { data: unknown; _meta?: Record<string, unknown> }) {
  return { content: [{ type: 'text' as const, text: JSON.stringify(result.data) }], _meta: result._meta };
}
export function answer() {
  return toolResult({ data: 1, _meta: { 'com.acme/answer': { source: 'cache' } } });
}
`,
    });
    const sinks = { resultBuilders: [{ function: 'toolResult', argument: 0 }] };
    const write = (manifest: unknown): void =>
      fs.writeFileSync(path.join(dir, 'mcp-meta.registry.json'), JSON.stringify(manifest, null, 2) + '\n');
    write({ version: 1, sinks, keys: {} });
    const result = runBin(['init', '--update'], dir);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const updated = JSON.parse(fs.readFileSync(path.join(dir, 'mcp-meta.registry.json'), 'utf8')) as { sinks: unknown; keys: unknown };
    expect(updated.sinks).toEqual(sinks);
    expect(updated.keys).toEqual({
      'com.acme/answer': { producers: ['src/tools.ts'], type: 'object', fields: { source: { type: 'string' } } },
    });

    // Broken hand entries never crash the scan: the manifest's problem is reported with its place, nothing is written.
    write({ version: 1, sinks: { resultBuilders: [{ function: 'kit.toolResult' }] }, keys: {} });
    const broken = runBin(['init', '--update'], dir);
    expect(broken.stderr).toBe('');
    expect(broken.status).toBe(2);
    expect(broken.stdout).toContain('\'kit.toolResult\' in "sinks" is not a JavaScript identifier');
  });
});
