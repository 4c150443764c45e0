/**
 * `mcp-meta check` reports a host key's value of another type or range than its host documents (`host-value`) at the
 * same site and in the same words as the lint's no-unregistered-meta-field `wrongHostValue`, registered or not, and
 * says nothing of a value it cannot read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Linter } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import * as path from 'node:path';
import plugin from '../../rules';
import { assertBinBuilt, makeTempDir, removeTempDirs, runBin, writeFiles, writeManifest } from './run-bin';

const TOOLS = `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function tools(server: McpServer, size: number) {
  server.registerTool('dump', { _meta: { 'anthropic/maxResultSizeChars': 1000000 } }, async () => ({ content: [] }));
  server.registerTool('list', { _meta: { 'openai/visibility': 'hidden', 'anthropic/alwaysLoad': true } }, async () => ({ content: [] }));
  server.registerTool('read', { _meta: { 'anthropic/maxResultSizeChars': size } }, async () => ({ content: [] }));
}
`;

beforeAll(assertBinBuilt);
afterAll(removeTempDirs);

describe('check: host-value', () => {
  it('reports what the lint reports, at the same sites, in the same words', () => {
    const dir = makeTempDir();
    writeFiles(dir, { 'src/tools.ts': TOOLS });
    writeManifest(dir, {
      version: 1,
      keys: {
        'anthropic/maxResultSizeChars': { plane: 'tool', producers: ['src/tools.ts'], catalogue: 'claude-code.maxResultSizeChars' },
      },
    });
    const result = runBin(['check', '--format', 'json'], dir);
    const json = JSON.parse(result.stdout) as { findings: Array<{ code: string; message: string; line: number; column: number }> };
    const hostValues = json.findings.filter((finding) => finding.code === 'host-value');
    expect(hostValues.map((finding) => `${finding.line}:${finding.column}`)).toEqual(['3:74', '4:63']);
    expect(hostValues[0].message).toContain("Claude Code documents `_meta` key 'anthropic/maxResultSizeChars' as `number ≤ 500,000`");

    const linter = new Linter({ configType: 'flat', cwd: dir });
    const messages = linter.verify(
      TOOLS,
      [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tsParser },
          plugins: { 'mcp-meta': plugin },
          settings: { 'mcp-meta': { registry: path.join(dir, 'mcp-meta.registry.json') } },
          rules: { 'mcp-meta/no-unregistered-meta-field': 'error' },
        },
      ],
      path.join(dir, 'src/tools.ts'),
    );
    expect(messages.map((message) => `${message.line}:${message.column} ${message.message}`)).toEqual(
      hostValues.map(
        (finding) => `${finding.line}:${finding.column} ${finding.message} Write a \`${finding.message.match(/as `([^`]+)`/)![1]}\` value.`,
      ),
    );
  });
});
