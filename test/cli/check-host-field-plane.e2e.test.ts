/**
 * `mcp-meta check` reports a registered host key's field written on a plane where its host does not read it
 * (`host-field-plane`: MCP Apps' `ui.csp` on a tool descriptor, mapbox/mcp-server's RenderMapTool) at the same sites and
 * in the same words as the lint's no-unregistered-meta-field `hostFieldOnOtherPlane`, and nothing for the fields read
 * where they are written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBinBuilt, makeTempDir, removeTempDirs, runBin, writeFiles, writeManifest } from './run-bin';
import { verifyInProject } from '../rules/verify-in-project';

const WIDGET = `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function widget(server: McpServer, html: string) {
  server.registerTool('map', { _meta: { ui: { resourceUri: 'ui://map', csp: { connectDomains: ['https://api.example.com'] } } } }, async () => ({ content: [] }));
  server.registerResource('map', 'ui://map', { _meta: { ui: { prefersBorder: true, visibility: ['app'] } } }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/html;profile=mcp-app', text: html }],
  }));
}
`;

beforeAll(assertBinBuilt);
afterAll(removeTempDirs);

describe('check: host-field-plane', () => {
  it('reports what the lint reports, at the same sites, in the same words', () => {
    const dir = makeTempDir();
    writeFiles(dir, { 'src/widget.ts': WIDGET });
    writeManifest(dir, {
      version: 1,
      keys: { ui: { plane: ['tool', 'resource'], producers: ['src/widget.ts'], catalogue: 'mcp-apps.ui' } },
    });
    const result = runBin(['check', '--format', 'json'], dir);
    const json = JSON.parse(result.stdout) as { findings: Array<{ code: string; message: string; line: number; column: number }> };
    const found = json.findings.filter((finding) => finding.code === 'host-field-plane');
    // `ui.csp` on the tool (read on the resource), `ui.visibility` on the resource (read on the tool).
    expect(found.map((finding) => `${finding.line}:${finding.column} ${finding.message.match(/^Field '([^']+)'/)?.[1]}`)).toEqual([
      '3:72 ui.csp',
      '4:84 ui.visibility',
    ]);
    expect(result.status).toBe(1);

    const messages = verifyInProject(dir, 'src/widget.ts', WIDGET, ['no-unregistered-meta-field']);
    const reportedHere = messages.filter((message) => message.messageId === 'hostFieldOnOtherPlane');
    expect(reportedHere.map((message) => `${message.line}:${message.column} ${message.message}`)).toEqual(
      found.map(
        (finding) =>
          `${finding.line}:${finding.column} ${finding.message} Move it to the ${finding.message.match(/belongs on the (.+?) `_meta`/)![1]}'s \`_meta\`.`,
      ),
    );
  });
});
