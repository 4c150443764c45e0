/**
 * no-wholesale-meta-assign, `replacesHostObject`: a host key whose object several parties fill (MCP Apps' `ui`, the
 * OpenAI Apps SDK's `openai/widgetCSP`) written as a new object after a spread that may carry one drops that object's
 * other fields. cyanheads/mcp-ts-template fixed it in fc99f669 (`appTool()` wrote `_meta: { ...extraMeta, ui: {
 * resourceUri } }`, clobbering the caller's `extraMeta.ui.visibility`); its parent is the first invalid case.
 */
import { afterAll, describe, expect, it } from 'vitest';
import rule, { type MessageIds, type Options } from '../../rules/no-wholesale-meta-assign';
import type { InvalidTestCase, ValidTestCase } from '@typescript-eslint/rule-tester';
import { makeTempDir, removeTempDirs, writeFiles, writeManifest } from '../cli/run-bin';
import { verifyInProject } from './verify-in-project';
import { createRuleTester, OTHER_FILE } from './rule-tester';

const ruleTester = createRuleTester();

const valid: ValidTestCase<Options>[] = [
  {
    name: "cyanheads fc99f669 (the fix): the caller's ui fields are spread into the new ui",
    code: [
      "import { tool } from './tool';",
      'export function appTool(name: string, options: { resourceUri: string; extraMeta?: Record<string, unknown> }) {',
      '  const { resourceUri, extraMeta, ...rest } = options;',
      '  const { ui: extraUi, ...extraMetaRest } = extraMeta ?? {};',
      '  return tool(name, {',
      '    ...rest,',
      '    _meta: {',
      '      ...extraMetaRest,',
      "      ui: { ...(typeof extraUi === 'object' && extraUi !== null ? (extraUi as Record<string, unknown>) : {}), resourceUri },",
      "      'ui/resourceUri': resourceUri,",
      '    },',
      '  });',
      '}',
    ].join('\n'),
  },
  {
    name: 'the rest of a destructuring that took ui out cannot carry one',
    code: [
      'export function appTool(server, extraMeta, resourceUri) {',
      '  const { ui: _ignored, ...others } = extraMeta;',
      "  server.registerTool('show', { _meta: { ...others, ui: { resourceUri } } }, async () => ({ content: [] }));",
      '}',
    ].join('\n'),
  },
  {
    name: 'a same-file literal without ui, spread whole or under a condition, carries none',
    code: [
      "const BASE = { 'openai/widgetDomain': 'https://example.com' };",
      'export function register(server, uri, accessible) {',
      "  server.registerTool('show', {",
      "    _meta: { ...BASE, ...(accessible && { 'openai/widgetAccessible': true }), ui: { resourceUri: uri } },",
      '  }, async () => ({ content: [] }));',
      '}',
    ].join('\n'),
  },
  {
    name: 'a same-file helper whose returned literals have no ui',
    code: [
      "function baseMeta() { return { 'openai/widgetDomain': 'https://example.com' }; }",
      'export function register(server, uri) {',
      "  server.registerTool('show', { _meta: { ...baseMeta(), ui: { resourceUri: uri } } }, async () => ({ content: [] }));",
      '}',
    ].join('\n'),
  },
  {
    // Spreads that reach themselves (two consts, a recursive helper): a literal met again adds no key.
    name: 'spreads that reach themselves set no ui: followed once, not forever',
    code: [
      'const a = { ...b };',
      'const b = { ...a };',
      'function loop() { return { ...loop() }; }',
      'export function register(server, uri) {',
      "  server.registerTool('a', { _meta: { ...a, ui: { resourceUri: uri } } }, async () => ({ content: [] }));",
      "  server.registerTool('b', { _meta: { ...loop(), ui: { resourceUri: uri } } }, async () => ({ content: [] }));",
      '}',
    ].join('\n'),
  },
  {
    name: 'a parameter whose written type has no ui',
    code: [
      'interface Extra { title: string }',
      'export function register(server: { registerTool: Function }, extra: Extra, uri: string) {',
      "  server.registerTool('show', { _meta: { ...extra, ui: { resourceUri: uri } } }, async () => ({ content: [] }));",
      '}',
    ].join('\n'),
  },
  {
    name: 'on a tool descriptor, a new ui that sets every field a tool reads (resourceUri, visibility) drops none that matters',
    code: [
      'export function register(server, extra, uri) {',
      "  server.registerTool('show', { _meta: { ...extra, ui: { resourceUri: uri, visibility: ['model', 'app'] } } }, async () => ({ content: [] }));",
      '}',
    ].join('\n'),
  },
  {
    // graffiticode's mcp-server toolsForClient (a public MCP Apps server): the tools are written in the same file, and
    // none of their `_meta` has a `ui`, so the `ui` the map adds drops nothing.
    name: "the items of a map over a const array of this file's tools: their _meta has no ui",
    code: [
      "const createItemTool = { name: 'create_item', inputSchema: { type: 'object' }, _meta: { 'openai/resultCanProduceWidget': true } } as const;",
      "const getSpecTool = { name: 'get_spec', inputSchema: { type: 'object' } } as const;",
      'const tools = [createItemTool, getSpecTool] as unknown as Array<{ name: string; _meta?: Record<string, unknown> }>;',
      'export function toolsForClient(uiUri: string) {',
      '  return tools.map((t) => {',
      '    const meta = (t as { _meta?: Record<string, unknown> })._meta;',
      '    if (!meta) return t;',
      "    return { ...t, _meta: { ...meta, ui: { resourceUri: uiUri }, 'ui/resourceUri': uiUri } };",
      '  });',
      '}',
      'export const direct = (uiUri: string) => tools.map((t) => ({ ...t, _meta: { ...t._meta, ui: { resourceUri: uiUri } } }));',
    ].join('\n'),
  },
  {
    // Code giving an object it handles its own pointer (public MCP Apps servers: `withCardMetadata(tool)`, a planner's
    // `registerAppTool(server, name, { ...config, _meta: { ...config._meta, ui: { resourceUri } } })`): over the
    // object's own `_meta` only a `ui` known to be there counts.
    name: "a tool's own _meta of unknown content spread first, then ui: not judged",
    code: [
      'export function withWidget(server, config, uri, cb) {',
      "  server.registerTool('show', { ...config, _meta: { ...config._meta, ui: { resourceUri: uri, prefersBorder: true } } }, cb);",
      '}',
    ].join('\n'),
  },
  {
    name: "a team key has one producer (rule 1): it may write its own object over the result's _meta",
    code: 'export function attach(result, hits) {\n  result._meta = { ...result._meta, retrieval: { hits } };\n}',
  },
  {
    name: 'a ui value that is no literal, or a spread after the key, is not judged here',
    code: [
      'export function register(server, extra, uiMeta, uri) {',
      "  server.registerTool('a', { _meta: { ...extra, ui: uiMeta } }, async () => ({ content: [] }));",
      "  server.registerTool('b', { _meta: { ui: { resourceUri: uri }, ...extra } }, async () => ({ content: [] }));",
      '}',
    ].join('\n'),
  },
  {
    // apify/apify-mcp-server src/mcp/legacy_server.ts (91ee491b): related-task's one field is set, nothing is dropped.
    name: "a new object that sets every field the host defines drops none (related-task's taskId)",
    code: [
      "const RELATED_TASK_META_KEY = 'io.modelcontextprotocol/related-task';",
      'export async function payload(store, taskId) {',
      '  const result = await store.getTaskResult(taskId);',
      '  return { ...result, _meta: { ...(result._meta as Record<string, unknown>), [RELATED_TASK_META_KEY]: { taskId } } };',
      '}',
    ].join('\n'),
  },
  {
    name: "the request plane is the client's (a copy of inbound params)",
    code: 'export function forward(params, uri) {\n  return { ...params, _meta: { ...params._meta, ui: { resourceUri: uri } } };\n}',
  },
];

const invalid: InvalidTestCase<MessageIds, Options>[] = [
  {
    name: "cyanheads fc99f669's parent: the caller's extraMeta.ui (visibility, csp) is replaced",
    code: [
      "import { tool } from './tool';",
      'export function appTool(name: string, options: { resourceUri: string; extraMeta?: Record<string, unknown> }) {',
      '  const { resourceUri, extraMeta, ...rest } = options;',
      '  return tool(name, {',
      '    ...rest,',
      '    _meta: {',
      '      ...extraMeta,',
      '      ui: { resourceUri },',
      "      'ui/resourceUri': resourceUri,",
      '    },',
      '  });',
      '}',
    ].join('\n'),
    errors: [
      {
        messageId: 'replacesHostObject',
        line: 8,
        column: 7,
        endLine: 8,
        endColumn: 9,
        data: { key: 'ui', spread: 'extraMeta', member: 'extraMeta.ui', fields: 'visibility', host: 'MCP Apps' },
      },
    ],
  },
  {
    name: "a same-file literal that sets ui, spread before a new ui on a resource: the fields a resource's ui holds",
    code: [
      'const BASE = { ui: { prefersBorder: true } };',
      'export function register(server, html) {',
      "  server.registerResource('widget', 'ui://widget', { _meta: { ...BASE, ui: { csp: { connectDomains: [] } } } }, async (uri) => ({",
      "    contents: [{ uri: uri.href, mimeType: 'text/html;profile=mcp-app', text: html }],",
      '  }));',
      '}',
    ].join('\n'),
    errors: [
      {
        messageId: 'replacesHostObject',
        line: 3,
        column: 72,
        data: { key: 'ui', spread: 'BASE', member: 'BASE.ui', fields: 'domain, permissions, prefersBorder', host: 'MCP Apps' },
      },
    ],
  },
  {
    name: 'the items of a map over a const array of tools, one of which sets ui (its visibility is dropped)',
    code: [
      "const a = { name: 'a', inputSchema: { type: 'object' }, _meta: { ui: { visibility: ['app'] } } };",
      "const b = { name: 'b', inputSchema: { type: 'object' } };",
      'const tools = [a, b];',
      'export const listed = (uiUri) => tools.map((t) => ({ ...t, _meta: { ...t._meta, ui: { resourceUri: uiUri } } }));',
    ].join('\n'),
    errors: [{ messageId: 'replacesHostObject', line: 4, column: 81 }],
  },
  {
    name: 'a same-file helper that returns ui, and a call of another module, may carry one',
    code: [
      "import { widgetMeta } from 'widget-kit';",
      "function baseMeta() { return { ui: { csp: { connectDomains: ['https://api.example.com'] } } }; }",
      'export function register(server, uri) {',
      "  server.registerTool('a', { _meta: { ...baseMeta(), ui: { resourceUri: uri } } }, async () => ({ content: [] }));",
      "  server.registerTool('b', { _meta: { ...widgetMeta(uri), ui: { resourceUri: uri } } }, async () => ({ content: [] }));",
      '}',
    ].join('\n'),
    errors: [
      {
        messageId: 'replacesHostObject',
        line: 4,
        column: 54,
        data: { key: 'ui', spread: 'baseMeta()', member: '<its ui>', fields: 'visibility', host: 'MCP Apps' },
      },
      {
        messageId: 'replacesHostObject',
        line: 5,
        column: 59,
        data: { key: 'ui', spread: 'widgetMeta(uri)', member: '<its ui>', fields: 'visibility', host: 'MCP Apps' },
      },
    ],
  },
  {
    name: "the OpenAI Apps SDK's widget CSP over a resource's own _meta, held in a const first",
    code: [
      'export function register(server, html, resourceMeta) {',
      "  const meta = { ...resourceMeta, 'openai/widgetCSP': { connect_domains: ['https://api.example.com'] } };",
      "  server.registerResource('widget', 'ui://widget', {}, async (uri) => ({ contents: [{ uri: uri.href, text: html, _meta: meta }] }));",
      '}',
    ].join('\n'),
    errors: [
      {
        messageId: 'replacesHostObject',
        line: 2,
        column: 35,
        data: {
          key: 'openai/widgetCSP',
          spread: 'resourceMeta',
          member: 'resourceMeta["openai/widgetCSP"]',
          fields: 'resource_domains, frame_domains, redirect_domains',
          host: 'the OpenAI Apps SDK',
        },
      },
    ],
  },
];

ruleTester.run('no-wholesale-meta-assign (host objects over spreads)', rule, {
  valid: valid.map((test) => ({ filename: OTHER_FILE, ...test })),
  invalid: invalid.map((test) => ({ filename: OTHER_FILE, ...test })),
});

describe('a computed key held in an imported const is read through the file’s imports', () => {
  afterAll(removeTempDirs);
  it('a conditional spread of `{ [RESOURCE_URI_META_KEY]: uri }` (imported) sets no ui: the new ui drops nothing of it', () => {
    const dir = makeTempDir();
    const code = [
      "import { RESOURCE_URI_META_KEY } from './keys';",
      'export function register(server, uri, legacy) {',
      "  server.registerTool('show', { _meta: { ...(legacy && { [RESOURCE_URI_META_KEY]: uri }), ui: { resourceUri: uri } } }, async () => ({ content: [] }));",
      "  server.registerTool('other', { _meta: { ...(legacy && { [UNKNOWN_KEY]: uri }), ui: { resourceUri: uri } } }, async () => ({ content: [] }));",
      '}',
    ].join('\n');
    writeFiles(dir, { 'src/keys.ts': "export const RESOURCE_URI_META_KEY = 'ui/resourceUri';\n", 'src/tools.ts': code });
    writeManifest(dir, { version: 1, keys: {} });
    const messages = verifyInProject(dir, 'src/tools.ts', code, ['no-wholesale-meta-assign']);
    // The second key is not known (a global): it may be `ui`, so that one is reported.
    expect(messages.map((message) => `${message.line}:${message.messageId}`)).toEqual(['4:replacesHostObject']);
  });
});
