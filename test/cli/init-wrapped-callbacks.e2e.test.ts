/**
 * `mcp-meta init` over a server whose tool callbacks go through a same-file wrapper that builds the tool result from
 * the callback's answer (dynatrace-mcp's `wrapToolCallback`: the answer's `_meta` copied into the `CallToolResult`):
 * the keys the callback answers with are the tool result's, registered on that plane (the manifest's default, no
 * `plane`). A wrapper that keeps only the answer's text registers none of them.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBinBuilt, makeTempDir, removeTempDirs, runBin, writeFiles } from './run-bin';

/** The wrapper's body after its call of the callback: dynatrace-mcp's, or one that drops the answer's `_meta`. */
const COPIES_META = `const _meta = typeof response === 'string' ? undefined : response._meta;
      const result: CallToolResult = { content: [{ type: 'text', text }] };
      if (_meta) {
        result._meta = _meta;
      }
      return result;`;
const DROPS_META = `return { content: [{ type: 'text', text }] };`;

const SERVER = (rest: string) => `
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

type ToolCallbackResult = string | { text: string; _meta?: Record<string, unknown> };

export function register(server: McpServer, run: (q: string) => Promise<unknown[]>): void {
  const wrapToolCallback = (name: string, cb: (args: any) => Promise<ToolCallbackResult>) => {
    return async (args: any): Promise<CallToolResult> => {
      const response = await cb(args);
      const text = typeof response === 'string' ? response : response.text;
      ${rest}
    };
  };
  server.registerTool(
    'execute_dql',
    { title: 'DQL', _meta: { ui: { resourceUri: 'ui://dql/view.html' } } },
    wrapToolCallback('execute_dql', async ({ q }) => {
      const records = await run(q);
      return { text: 'done', _meta: { records, scannedRecords: records.length } };
    }),
  );
}
`;

beforeAll(assertBinBuilt);
afterAll(removeTempDirs);

/** The keys `init` writes over the server, each with the planes it registers it on. */
function initKeys(server: string): Record<string, unknown> {
  const dir = makeTempDir();
  writeFiles(dir, { 'src/index.ts': server });
  const result = runBin(['init'], dir);
  expect(result.status).toBe(0);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'mcp-meta.registry.json'), 'utf8')) as {
    keys: Record<string, { plane?: unknown }>;
  };
  return Object.fromEntries(Object.entries(manifest.keys).map(([key, entry]) => [key, entry.plane ?? 'result']));
}

describe('mcp-meta init: a wrapped tool callback', () => {
  it("registers the keys the callback answers with on the tool result when the wrapper copies the answer's _meta", () => {
    expect(initKeys(SERVER(COPIES_META))).toEqual({ records: 'result', scannedRecords: 'result', ui: 'tool' });
  });

  it("registers none of them when the wrapper keeps only the answer's text", () => {
    expect(initKeys(SERVER(DROPS_META))).toEqual({ ui: 'tool' });
  });
});
