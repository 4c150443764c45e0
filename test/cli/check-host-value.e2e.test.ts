/**
 * `mcp-meta check` reports a host key's value of another type or range than its host documents (`host-value`) at the
 * same site and in the same words as the lint's no-unregistered-meta-field `wrongHostValue`, registered or not, and
 * says nothing of a value it cannot read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import * as fs from 'node:fs';
import tsParser from '@typescript-eslint/parser';
import * as path from 'node:path';
import plugin from '../../rules';
import { assertBinBuilt, makeTempDir, removeTempDirs, REPO_ROOT, runBin, writeFiles, writeManifest } from './run-bin';
import { verifyInProject } from '../rules/verify-in-project';

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

    const messages = verifyInProject(dir, 'src/tools.ts', TOOLS, ['no-unregistered-meta-field']);
    expect(messages.map((message) => `${message.line}:${message.column} ${message.message}`)).toEqual(
      hostValues.map(
        (finding) => `${finding.line}:${finding.column} ${finding.message} Write a \`${finding.message.match(/as `([^`]+)`/)![1]}\` value.`,
      ),
    );
  });

  // A value imported from another module is read through its summary, as an imported key name is; with types, a value
  // whose type lists its values (a parameter typed `100_000 | 600_000`) is read from it. check and the lint, untyped and
  // typed, agree site for site.
  it('reads an imported const, and with types a literal type, as the lint does', async () => {
    const dir = makeTempDir();
    fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    writeFiles(dir, {
      'tsconfig.json': JSON.stringify({
        compilerOptions: { strict: true, target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', types: [], noEmit: true },
        include: ['src'],
      }),
      'src/limits.ts': 'export const MAX_CHARS = 1_000_000;\nexport const FINE = 200_000;\n',
      'src/tools.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { MAX_CHARS, FINE } from './limits.js';
export function tools(server: McpServer, size: 100_000 | 600_000, any: number) {
  server.registerTool('dump', { _meta: { 'anthropic/maxResultSizeChars': MAX_CHARS } }, async () => ({ content: [] }));
  server.registerTool('read', { _meta: { 'anthropic/maxResultSizeChars': size } }, async () => ({ content: [] }));
  server.registerTool('list', { _meta: { 'anthropic/maxResultSizeChars': FINE } }, async () => ({ content: [] }));
  server.registerTool('find', { _meta: { 'anthropic/maxResultSizeChars': any } }, async () => ({ content: [] }));
}
`,
    });
    writeManifest(dir, {
      version: 1,
      keys: {
        'anthropic/maxResultSizeChars': { plane: 'tool', producers: ['src/tools.ts'], catalogue: 'claude-code.maxResultSizeChars' },
      },
    });
    const checked = (args: string[]): string[] =>
      (
        JSON.parse(runBin(['check', ...args, '--format', 'json'], dir).stdout) as {
          findings: Array<{ code: string; message: string; line: number; column: number }>;
        }
      ).findings
        .filter((finding) => finding.code === 'host-value')
        .map((finding) => `${finding.line}:${finding.column} ${finding.message.match(/this value is ([^:]+):/)?.[1] ?? finding.message}`);
    const linted = async (typed: boolean): Promise<string[]> => {
      const eslint = new ESLint({
        cwd: dir,
        overrideConfigFile: true,
        overrideConfig: [
          {
            files: ['**/*.ts'],
            languageOptions: {
              parser: tsParser,
              ...(typed ? { parserOptions: { project: './tsconfig.json', tsconfigRootDir: dir } } : {}),
            },
            plugins: { 'mcp-meta': plugin as unknown as ESLint.Plugin },
            settings: { 'mcp-meta': { registry: path.join(dir, 'mcp-meta.registry.json') } },
            rules: { 'mcp-meta/no-unregistered-meta-field': 'error' },
          },
        ],
      });
      const [result] = await eslint.lintFiles(['src/tools.ts']);
      return result.messages.map(
        (message) => `${message.line}:${message.column} ${message.message.match(/this value is ([^:]+):/)?.[1] ?? message.message}`,
      );
    };
    const untyped = checked([]);
    expect(untyped).toEqual(['4:74 the number 1000000 (`MAX_CHARS`, written in ./limits.ts)']);
    expect(await linted(false)).toEqual(untyped);
    const typed = checked(['--typed']);
    expect(typed).toEqual(['4:74 the number 1000000 (`MAX_CHARS`, written in ./limits.ts)', '5:74 the number 600000']);
    expect(await linted(true)).toEqual(typed);
  });
});
