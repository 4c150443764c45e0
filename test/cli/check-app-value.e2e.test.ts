/**
 * `mcp-meta check` reports the widget values a host cannot use (`app-value`) that `valid-app-linkage` reports: each
 * kind of value problem seeded once, at the same sites and in the same words as the lint; a `const` spread into two
 * descriptors once, where it is written; another module's `const` where this file names it, naming the module.
 */
import * as path from 'node:path';
import { Linter } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import plugin from '../../rules';
import { APP_VALUE_MESSAGES } from '../../src/analysis/apps/app-value-reports';
import { assertBinBuilt, makeTempDir, removeTempDirs, runBin, writeFiles, writeManifest } from './run-bin';

/** One value problem a line, each kind the rule has, marked with its message id. */
const WIDGET = `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { FRAMES } from './csp.js';
const OAI = { 'openai/widgetDomain': 'gym-tracker' };
export function widget(server: McpServer, html: string) {
  server.registerTool('a', { _meta: { ui: { resourceUri: 'https://w.example/view.html' } } }, async () => ({ content: [] })); // notUiScheme
  server.registerTool('b', { _meta: { 'ui/resourceUri': 'ui://w/list.html', ui: { resourceUri: 'ui://w/view.html' } } }, async () => ({ content: [] })); // flatDiffers
  server.registerTool('c', { _meta: { ui: { resourceUri: 'ui://w/view.html', visibility: ['user'] } } }, async () => ({ content: [] })); // visibility
  server.registerTool('d', { _meta: { ui: { resourceUri: 'ui://w/view.html', visibility: 'app' } } }, async () => ({ content: [] })); // visibilityNotArray
  server.registerTool('e', { _meta: { ui: { resourceUri: 'ui://w/view.html' }, visibility: ['app'] } }, async () => ({ content: [] })); // uiFieldAtTop
  server.registerResource('view', 'ui://w/view.html', { _meta: { ...OAI } }, async () => ({
    contents: [
      {
        uri: 'ui://w/view.html',
        mimeType: 'text/html;profile=mcp-app',
        text: html,
        _meta: {
          ...OAI,
          'openai/widgetCSP': FRAMES,
          ui: {
            csp: { connectDomains: ['https://api.example.com/v1'] }, // notOrigin
            permissions: { camra: {} }, // permission
            domain: 'https://w.example/app', // notDomain
          },
        },
      },
    ],
  }));
  server.registerResource('list', 'ui://w/list.html', { _meta: { ui: { permissions: ['camera'] } } }, async () => ({ // permissionsNotObject
    contents: [{ uri: 'ui://w/list.html', mimeType: 'text/html;profile=mcp-app', text: html }],
  }));
}
`;
const CSP = `export const FRAMES = { frame_domains: ['www.youtube.com'] };
`;

interface CheckJson {
  findings: Array<{ severity: string; code: string; message: string; file: string; line: number; column: number; fix: string }>;
}

beforeAll(assertBinBuilt);
afterAll(removeTempDirs);

describe('check: app-value', () => {
  it("reports each of valid-app-linkage's value problems at the lint's sites, in the lint's words", () => {
    const dir = makeTempDir();
    writeFiles(dir, { 'src/widget.ts': WIDGET, 'src/csp.ts': CSP });
    writeManifest(dir, { version: 1, keys: {} });
    const result = runBin(['check', '--format', 'json'], dir);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(1);
    const { findings } = JSON.parse(result.stdout) as CheckJson;
    const values = findings.filter((finding) => finding.code === 'app-value');
    expect(values.map((finding) => `${finding.file}:${finding.line}:${finding.column}`)).toEqual([
      'src/widget.ts:3:38',
      'src/widget.ts:5:58',
      'src/widget.ts:6:57',
      'src/widget.ts:7:91',
      'src/widget.ts:8:90',
      'src/widget.ts:9:80',
      'src/widget.ts:18:31',
      'src/widget.ts:20:37',
      'src/widget.ts:21:28',
      'src/widget.ts:22:21',
      'src/widget.ts:28:85',
    ]);
    // Warnings, as the rule's in the recommended preset, each with what to do.
    expect(new Set(values.map((finding) => finding.severity))).toEqual(new Set(['warning']));
    expect(values.every((finding) => finding.fix.length > 0)).toBe(true);
    expect(values.find((finding) => finding.line === 9)!.fix).toBe('move it into ui: `ui: { visibility: … }`');
    // Nothing else: every link is served, and a field of `ui` written at the top of `_meta` is an `app-value`, not a
    // key to register (`key-unregistered`).
    expect(findings.filter((finding) => finding.code !== 'app-value')).toEqual([]);

    const linter = new Linter({ configType: 'flat', cwd: dir });
    const messages = linter.verify(
      WIDGET,
      [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tsParser },
          plugins: { 'mcp-meta': plugin },
          settings: { 'mcp-meta': { registry: path.join(dir, 'mcp-meta.registry.json') } },
          rules: { 'mcp-meta/valid-app-linkage': 'error' },
        },
      ],
      path.join(dir, 'src/widget.ts'),
    );
    expect(messages.filter((message) => message.ruleId !== 'mcp-meta/valid-app-linkage')).toEqual([]);
    // Every message id the rule has for a value, each seeded once.
    expect(new Set(messages.map((message) => message.messageId))).toEqual(new Set(Object.keys(APP_VALUE_MESSAGES)));
    expect(messages.map((message) => `src/widget.ts:${message.line}:${message.column} ${message.message}`)).toEqual(
      values.map((finding) => `${finding.file}:${finding.line}:${finding.column} ${finding.message}`),
    );
  });
});
