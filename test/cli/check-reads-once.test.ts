/**
 * `mcp-meta check` reads each source file once: its key checks and its MCP Apps linkage read the same parse and
 * analysis (`src/cli/source-read.ts`), with and without `--typed`. Counted with the parse counter (`source-parses`),
 * over a project whose widget links and resources are in several files, one of which only registers a resource (it
 * cannot write `_meta`, so only the linkage needs its AST) and one of which is parsed by nobody.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkVerb } from '../../src/cli/verbs/check';
import { costCount } from '../../src/util/cost-counter';
import { makeTempDir, removeTempDirs, REPO_ROOT, writeFiles, writeManifest } from './run-bin';

const FILES = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: { target: 'ES2022', module: 'Node16', moduleResolution: 'Node16', strict: true, noEmit: true },
    include: ['src'],
  }),
  // Two links, each to a resource another file registers; and a key the key checks read.
  'src/tools.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function tools(server: McpServer) {
  server.registerTool('show', { _meta: { ui: { resourceUri: 'ui://w/view.html' }, 'com.example/category': 'view' } }, async () => ({ content: [] }));
  server.registerTool('chart', { _meta: { ui: { resourceUri: 'ui://w/chart.html' } } }, async () => ({ content: [] }));
}
`,
  // Registers a resource and writes no _meta: only the linkage needs it parsed.
  'src/resources.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function resources(server: McpServer, html: string) {
  server.registerResource('view', 'ui://w/view.html', {}, async () => ({
    contents: [{ uri: 'ui://w/view.html', mimeType: 'text/html;profile=mcp-app', text: html }],
  }));
}
`,
  // A link and the resource it links, in one file.
  'src/chart.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function chart(server: McpServer, html: string) {
  server.registerTool('trend', { _meta: { ui: { resourceUri: 'ui://w/chart.html' } } }, async () => ({ content: [] }));
  server.registerResource('chart', 'ui://w/chart.html', {}, async () => ({
    contents: [{ uri: 'ui://w/chart.html', mimeType: 'text/html;profile=mcp-app', text: html }],
  }));
}
`,
  // Nothing a check reads: never parsed.
  'src/plain.ts': 'export const answer = 42;\n',
};

afterAll(removeTempDirs);

describe('check parses each file once', () => {
  it.each([
    ['without types', {}],
    ['with --typed', { typed: true }],
  ])('%s: one parse per file that may write _meta or register a resource, shared by the key checks and the linkage', (_, values) => {
    const dir = makeTempDir();
    writeFiles(dir, FILES);
    // The program reads the SDK's declarations, as a real project's does.
    fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'junction');
    writeManifest(dir, {
      version: 1,
      keys: {
        ui: { producers: ['src/tools.ts', 'src/chart.ts'], catalogue: 'mcp-apps.ui', plane: 'tool' },
        'com.example/category': { producers: ['src/tools.ts'], plane: 'tool' },
      },
    });
    const before = costCount('source-parses');
    const report = checkVerb.run(values, [], dir);
    expect(costCount('source-parses') - before).toBe(3);
    expect(report.findings).toEqual([]);
    expect(report.notes).toContain('matched 3 widget links against 2 ui:// resources');
  });
});
