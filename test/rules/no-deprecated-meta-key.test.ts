/**
 * no-deprecated-meta-key: a `_meta` key the host-key catalogue marks deprecated, written on a plane its host defines it
 * on, is reported with its replacement. Written next to its replacement in the same `_meta` (the compatibility form
 * hosts document) it is not. A suggestion moves the value into the replacement only where that edit is safe: a
 * scalar value, a literal that spreads nothing and sets nothing else under the replacement key.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import plugin from '../../rules';
import rule from '../../rules/no-deprecated-meta-key';
import { FixesAreFinalRuleTester } from './rule-tester';

const PROJECT = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-deprecated-'));
fs.writeFileSync(path.join(PROJECT, 'mcp-meta.registry.json'), JSON.stringify({ version: 1, keys: {} }));
const filename = path.join(PROJECT, 'src/app.ts');
const ruleTester = new FixesAreFinalRuleTester({ settings: { 'mcp-meta': { registry: path.join(PROJECT, 'mcp-meta.registry.json') } } });

const TOOL = (meta: string) => `server.registerTool('weather', { description: 'Weather', _meta: ${meta} }, async () => ({ content: [] }));`;
const RESOURCE = (meta: string) => `server.registerResource('view', 'ui://w/view.html', {}, async (uri) => ({
  contents: [{ uri: uri.href, text: '<html></html>', _meta: ${meta} }],
}));`;

const RESOURCE_URI_NOTE = "Write 'ui.resourceUri' instead: ext-apps 2 deprecates the flat key (RESOURCE_URI_META_KEY) for ui.resourceUri.";
const COMPAT = ' To keep serving hosts that still read the old key, write it next to its replacement in the same `_meta`.';

ruleTester.run('no-deprecated-meta-key', rule, {
  valid: [
    { filename, code: TOOL("{ ui: { resourceUri: 'ui://w/view.html' } }"), name: 'the current form' },
    {
      filename,
      code: TOOL("{ 'ui/resourceUri': 'ui://w/view.html', ui: { resourceUri: 'ui://w/view.html' } }"),
      name: 'the deprecated key next to its replacement (the compatibility form)',
    },
    {
      filename,
      code: RESOURCE("{ 'openai/widgetCSP': { connect_domains: [] }, ui: { csp: { connectDomains: [] } } }"),
      name: 'openai/widgetCSP next to ui.csp on a resource',
    },
    // OpenAI: "Apps SDK support is here to stay—we have no plans to deprecate it" (catalogue version 4).
    { filename, code: RESOURCE("{ 'openai/widgetDomain': 'https://w.example.com' }"), name: 'openai/widgetDomain is a current OpenAI key' },
    {
      filename,
      code: RESOURCE(
        "{ 'openai/widgetCSP': { connect_domains: ['https://api.example.com'], redirect_domains: ['https://pay.example.com'] } }",
      ),
      name: 'openai/widgetCSP (with redirect_domains, which ui.csp cannot express) is a current OpenAI key',
    },
    { filename, code: "const locale = extra._meta?.['webplus/i18n'];", name: 'a read of an inbound key' },
    {
      filename,
      code: "server.registerTool('t', {}, async () => ({ content: [], _meta: { 'webplus/i18n': 'en' } }));",
      name: "a deprecated key on a plane its host does not define it on is not this rule's (no-unregistered-meta-key)",
    },
    {
      filename,
      code: `const config = { description: 'Weather', _meta: {} };
config._meta['ui/resourceUri'] = 'ui://w/view.html';
config._meta.ui = { resourceUri: 'ui://w/view.html' };
server.registerTool('weather', config, async () => ({ content: [] }));`,
      name: 'the compatibility form written as two member writes of one config',
    },
    {
      filename,
      code: `const config = { description: 'Weather', _meta: {} };
config._meta.ui = { resourceUri: 'ui://w/view.html' };
config._meta['ui/resourceUri'] = 'ui://w/view.html';
server.registerTool('weather', config, async () => ({ content: [] }));`,
      name: 'the compatibility form as two member writes, the replacement first',
    },
    {
      filename,
      code: "const job = { task: 'reindex', status: 'queued', _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't1' } } };",
      name: 'an object with a task and more is no CreateTaskResult: nothing places it',
    },
  ],
  invalid: [
    {
      filename,
      code: `const config = { description: 'Weather', _meta: {} };
config._meta['ui/resourceUri'] = 'ui://w/view.html';
other._meta.ui = { resourceUri: 'ui://w/view.html' };
config._meta.ui = { visibility: ['app'] };
server.registerTool('weather', config, async () => ({ content: [] }));
server.registerTool('other', other, async () => ({ content: [] }));`,
      errors: [{ messageId: 'deprecatedHostKey', line: 2, column: 14, endLine: 2, endColumn: 30, suggestions: [] }],
      name: 'two member writes: the replacement on another object, or ui without the field, is not the compatibility form',
    },
    {
      filename,
      code: TOOL("{ 'ui/resourceUri' /* old key */ : /* the view */ 'ui://w/view.html' }"),
      errors: [
        {
          messageId: 'deprecatedHostKey',
          line: 1,
          column: 67,
          endLine: 1,
          endColumn: 83,
          suggestions: [
            {
              messageId: 'moveIntoReplacement',
              data: { target: 'ui.resourceUri', key: 'ui/resourceUri' },
              output: TOOL("{ ui: { resourceUri /* old key */ : /* the view */ 'ui://w/view.html' } }"),
            },
          ],
        },
      ],
      name: 'the suggestion keeps comments between key and value',
    },
    {
      filename,
      code: TOOL("{ 'ui/resourceUri': (log(), uri) }"),
      errors: [
        {
          messageId: 'deprecatedHostKey',
          line: 1,
          column: 67,
          endLine: 1,
          endColumn: 83,
          suggestions: [
            {
              messageId: 'moveIntoReplacement',
              data: { target: 'ui.resourceUri', key: 'ui/resourceUri' },
              output: TOOL('{ ui: { resourceUri: (log(), uri) } }'),
            },
          ],
        },
      ],
      name: 'a sequence value stays one parenthesized value (never `resourceUri: log(), uri`)',
    },
    {
      filename,
      code: TOOL("{ ['ui/resourceUri']: uri }"),
      errors: [
        {
          messageId: 'deprecatedHostKey',
          line: 1,
          column: 68,
          endLine: 1,
          endColumn: 84,
          suggestions: [
            {
              messageId: 'moveIntoReplacement',
              data: { target: 'ui.resourceUri', key: 'ui/resourceUri' },
              output: TOOL('{ ui: { resourceUri: uri } }'),
            },
          ],
        },
      ],
      name: 'a computed key: the brackets go with it',
    },
    {
      filename,
      code: TOOL("{ 'ui/resourceUri': 'ui://w/view.html' }"),
      errors: [
        {
          messageId: 'deprecatedHostKey',
          data: {
            where: 'Tool descriptor `_meta`',
            key: 'ui/resourceUri',
            host: 'MCP Apps',
            id: 'mcp-apps.ui-resourceUri',
            replacement: RESOURCE_URI_NOTE,
            compat: COMPAT,
          },
          line: 1,
          column: 67,
          endLine: 1,
          endColumn: 83,
          suggestions: [
            {
              messageId: 'moveIntoReplacement',
              data: { target: 'ui.resourceUri', key: 'ui/resourceUri' },
              output: TOOL("{ ui: { resourceUri: 'ui://w/view.html' } }"),
            },
          ],
        },
      ],
      name: 'ui/resourceUri on a tool descriptor: moved into ui',
    },
    {
      filename,
      code: "server.registerTool('t', {}, async () => ({ content: [], _meta: { 'io.modelcontextprotocol/model-immediate-response': 'Started.' } }));",
      errors: [{ messageId: 'deprecatedHostKey', line: 1, column: 67, endLine: 1, endColumn: 117, suggestions: [] }],
      name: 'io.modelcontextprotocol/model-immediate-response: gone with 2025-11-25 tasks',
    },
    {
      filename,
      code: TOOL("{ 'ui/resourceUri': 'ui://w/view.html', ui: { visibility: ['app'] } }"),
      errors: [{ messageId: 'deprecatedHostKey', line: 1, column: 67, endLine: 1, endColumn: 83, suggestions: [] }],
      name: 'ui already set without the field: no suggestion (it would duplicate ui)',
    },
    {
      filename,
      code: TOOL("{ ...base, 'ui/resourceUri': 'ui://w/view.html' }"),
      errors: [{ messageId: 'deprecatedHostKey', line: 1, column: 76, endLine: 1, endColumn: 92, suggestions: [] }],
      name: 'a spread may carry ui: no suggestion',
    },
    {
      filename,
      code: "server.registerTool('t', {}, async () => ({ content: [], _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't1' } } }));",
      errors: [
        {
          messageId: 'deprecatedHostKey',
          data: {
            where: '`_meta`',
            key: 'io.modelcontextprotocol/related-task',
            host: 'MCP',
            id: 'mcp.related-task',
            replacement:
              'MCP 2026-07-28 moved tasks out of the core protocol into the Tasks extension (io.modelcontextprotocol/tasks), where a task is the taskId of a CreateTaskResult, polled with tasks/get: no _meta key.',
            compat: '',
          },
          line: 1,
          column: 67,
          endLine: 1,
          endColumn: 105,
          suggestions: [],
        },
      ],
      name: 'a deprecated key with no replacement key (related-task on a result): message only',
    },
    {
      filename,
      // agentfront/frontmcp libs/sdk/src/tool/flows/call-tool.flow.ts: the CreateTaskResult a task-augmented tools/call
      // answers with, kept in a const and handed to the flow's own respond().
      code:
        'class CallToolFlow {\n  createTask(record: TaskRecord, taskId: string) {\n    const createTaskResult = {\n      task: toWireShape(record),\n' +
        "      _meta: {\n        'io.modelcontextprotocol/related-task': { taskId },\n      },\n    };\n" +
        '    this.respond(createTaskResult as unknown as Output);\n  }\n}',
      errors: [{ messageId: 'deprecatedHostKey', line: 6, column: 9, endLine: 6, endColumn: 47, suggestions: [] }],
      name: "a CreateTaskResult ({ task, _meta }) is a tool call's result, held in a const (frontmcp's createTaskResult)",
    },
    {
      filename,
      code: "function createTask(record: TaskRecord) {\n  return { task: toWireShape(record), _meta: { 'io.modelcontextprotocol/related-task': { taskId: record.taskId } } };\n}",
      errors: [{ messageId: 'deprecatedHostKey', line: 2, column: 48, endLine: 2, endColumn: 86, suggestions: [] }],
      name: 'a CreateTaskResult returned in place',
    },
  ],
});

describe('presets', () => {
  it('warns in recommended and errs in strict (a deprecated key still works today)', () => {
    expect(plugin.configs.recommended.rules['mcp-meta/no-deprecated-meta-key']).toBe('warn');
    expect(plugin.configs['legacy-recommended'].rules['mcp-meta/no-deprecated-meta-key']).toBe('warn');
    expect(plugin.configs.strict.rules['mcp-meta/no-deprecated-meta-key']).toBe('error');
    expect(plugin.configs['legacy-strict'].rules['mcp-meta/no-deprecated-meta-key']).toBe('error');
    // Every other rule keeps its level: an error in both.
    expect(plugin.configs.recommended.rules['mcp-meta/no-foreign-meta-key']).toBe('error');
  });
});
