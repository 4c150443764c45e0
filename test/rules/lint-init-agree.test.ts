/**
 * Lint, `init`, `add-key` and the manifest check agree (issue 23): a key one of them refuses or holds back is never
 * one the lint tells the user to register. A host key written off its host's planes (`openai/outputTemplate` or MCP
 * Apps' `ui` in a tool result) is told where it belongs, not "register it" or `add "result" to keys.ui.plane` (which
 * the manifest validation refuses for a catalogue key); a deprecated host key is left to no-deprecated-meta-key's
 * report with its replacement. Then a sweep over every catalogue key on every plane a server writes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tsParser from '@typescript-eslint/parser';
import { RuleTester } from '@typescript-eslint/rule-tester';
import { Linter, type ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { rules } from '../../rules';
import rule from '../../rules/no-unregistered-meta-key';
import { vetKey } from '../../src/cli/init/vet-keys';
import { HOST_KEY_CATALOGUE, parseRegistry, toPointer } from '../../src/registry';
import type { MetaPlane } from '../../src/registry/types';

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

/** A project whose manifest registers `keys` (and a key of its own on the tool and resource planes, so they are checked). */
function project(keys: Record<string, unknown>): { registry: string; filename: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-agree-'));
  roots.push(root);
  const manifest = { version: 1, keys: { 'com.acme/probe': { producers: ['src/*.ts'], plane: ['tool', 'resource'] }, ...keys } };
  fs.writeFileSync(path.join(root, 'mcp-meta.registry.json'), JSON.stringify(manifest));
  return { registry: path.join(root, 'mcp-meta.registry.json'), filename: path.join(root, 'src/app.ts') };
}

const WRITE: Record<MetaPlane, (meta: string) => string> = {
  result: (meta) => `server.registerTool('t', {}, async () => ({ content: [], _meta: ${meta} }));`,
  tool: (meta) => `server.registerTool('t', { description: 'd', _meta: ${meta} }, async () => ({ content: [] }));`,
  resource: (meta) => `server.registerResource('v', 'ui://w/v.html', {}, async (uri) => ({
  contents: [{ uri: uri.href, text: '<html></html>', _meta: ${meta} }],
}));`,
};

const registered = project({
  'openai/outputTemplate': { producers: ['src/*.ts'], catalogue: 'openai-apps.outputTemplate' },
  ui: { producers: ['src/*.ts'], catalogue: 'mcp-apps.ui' },
  'openai/widgetDomain': { producers: ['src/*.ts'], catalogue: 'openai-apps.widgetDomain' },
});
const SHARED_HELPER = `function widgetMeta() {
  return { 'openai/outputTemplate': 'ui://w/v.html' };
}
${WRITE.tool('widgetMeta()')}
${WRITE.result('widgetMeta()')}`;
const SHARED_CONST = `const WIDGET_META = { 'openai/outputTemplate': 'ui://w/v.html' };
${WRITE.tool('{ ...WIDGET_META }')}
${WRITE.result('{ ...WIDGET_META }')}
${WRITE.result('{ ...WIDGET_META }')}`;
/**
 * WaniWani's flows (b7d28aa's parent): the descriptor's widget keys held in a \`const\` only where the flow has a widget,
 * and spread into every result too.
 */
const HELD_WHERE_WIDGET = `function buildToolMeta(uri: string) {
  return { 'openai/outputTemplate': uri };
}
declare const widgetUri: string | undefined;
const toolMeta = widgetUri ? buildToolMeta(widgetUri) : undefined;
${WRITE.tool('toolMeta')}
${WRITE.result('{ ...(toolMeta ?? {}) }')}`;
const RESULT_ONLY_HELPER = `function widgetMeta() {
  return { 'openai/outputTemplate': 'ui://w/v.html' };
}
${WRITE.result('widgetMeta()')}`;
/**
 * ext-apps' aggregator (`examples/aggregator-server`, 5746e0b0): one helper rewrites the URIs of the keys an upstream's
 * `_meta` already holds, for its tools and its resources alike. A key rewritten only when it is there is carried over,
 * not written: it is on the resource only when the upstream put it there.
 */
const REWRITE_HELPER = (guard: boolean) => `function prefixUri(prefix: string, uri: string): string {
  return \`ui://\${prefix}/\${uri.slice(5)}\`;
}
function rewriteMeta(prefix: string, meta: Record<string, unknown> | undefined) {
  if (!meta) return undefined;
  const result = { ...meta };
  ${guard ? "if (result['openai/outputTemplate'])\n    " : ''}result['openai/outputTemplate'] = prefixUri(prefix, result['openai/outputTemplate'] as string);
  return result;
}
server.registerTool('a/t', { description: 'd', _meta: rewriteMeta('a', tool._meta) }, async () => ({ content: [] }));
server.registerResource('a/v', 'ui://a/v.html', { _meta: rewriteMeta('a', resource._meta) }, async (uri) => ({ contents: [] }));`;
/** Where \`text\` is on line \`line\` of \`code\` (1-based): an \`offHostPlane\` report of outputTemplate off its plane (a tool result, a resource) there. */
function outputTemplateOffPlaneAt(code: string, line: number, text: string) {
  const column = code.split('\n')[line - 1].indexOf(text) + 1;
  if (column === 0) throw new Error(`'${text}' is not on line ${line}`);
  return { messageId: 'offHostPlane' as const, line, column, endLine: line, endColumn: column + text.length };
}
new RuleTester({ settings: { 'mcp-meta': { registry: registered.registry } } }).run('no-unregistered-meta-key and the catalogue', rule, {
  valid: [
    {
      filename: registered.filename,
      code: WRITE.tool("{ 'ui/resourceUri': 'ui://w/v.html' }"),
      name: 'a deprecated host key on its plane is no-deprecated-meta-key’s (init holds it back, add-key refuses it)',
    },
    {
      filename: registered.filename,
      code: WRITE.resource("{ 'openai/widgetDomain': 'https://w.example.com' }"),
      name: 'an OpenAI compatibility key on a resource (current: registered through its catalogue entry)',
    },
    {
      filename: registered.filename,
      code: WRITE.tool("{ 'ui/resourceUri': 'ui://w/v.html', ui: { resourceUri: 'ui://w/v.html' } }"),
      name: 'a deprecated key next to its replacement (the hosts’ compatibility form)',
    },
    {
      filename: registered.filename,
      code: REWRITE_HELPER(true),
      name: "a helper rewriting a key only where the `_meta` it copies holds it (ext-apps' aggregator), used for a tool and a resource: carried over, not written on the resource",
    },
  ],
  invalid: [
    {
      filename: registered.filename,
      code: SHARED_HELPER,
      errors: [outputTemplateOffPlaneAt(SHARED_HELPER, 5, 'widgetMeta()')],
      name: 'a same-file helper written once and used on a tool descriptor and in a tool result (OpenAI pizzaz): at the wrong use, not in the helper the descriptor needs',
    },
    {
      filename: registered.filename,
      code: SHARED_CONST,
      errors: [outputTemplateOffPlaneAt(SHARED_CONST, 3, 'WIDGET_META'), outputTemplateOffPlaneAt(SHARED_CONST, 4, 'WIDGET_META')],
      name: 'a const spread into a tool descriptor and into two tool results: at each wrong use, at its spread',
    },
    {
      filename: registered.filename,
      code: REWRITE_HELPER(false),
      errors: [outputTemplateOffPlaneAt(REWRITE_HELPER(false), 11, "rewriteMeta('a', resource._meta)")],
      name: 'the same rewrite without the test that the key is there: it writes the key on every resource, at the wrong use',
    },
    {
      filename: registered.filename,
      code: HELD_WHERE_WIDGET,
      errors: [outputTemplateOffPlaneAt(HELD_WHERE_WIDGET, 7, '{ ...(toolMeta ?? {}) }')],
      name: "a helper's keys held in a const only where there is a widget (c ? helper() : undefined), spread into a tool result too (WaniWani b7d28aa's parent): at the wrong use",
    },
    {
      filename: registered.filename,
      code: RESULT_ONLY_HELPER,
      errors: [outputTemplateOffPlaneAt(RESULT_ONLY_HELPER, 2, "'openai/outputTemplate'")],
      name: 'a helper used only in tool results: at the key it writes, which is wrong wherever it is used',
    },
    {
      filename: registered.filename,
      code: WRITE.result("{ 'openai/outputTemplate': 'ui://w/v.html' }"),
      errors: [
        {
          messageId: 'offHostPlane',
          line: 1,
          column: 67,
          endLine: 1,
          endColumn: 90,
          data: {
            where: '`_meta`',
            key: 'openai/outputTemplate',
            host: 'the OpenAI Apps SDK',
            id: 'openai-apps.outputTemplate',
            hostPlanes: 'tool descriptor',
            hostTargets: 'tool descriptor',
            plane: 'tool result',
          },
        },
      ],
      name: 'a catalogue key registered on its host’s plane, written in a tool result: where it belongs, not "add the plane"',
    },
    {
      filename: registered.filename,
      code: WRITE.result("{ ui: { resourceUri: 'ui://w/v.html' } }"),
      errors: [
        {
          messageId: 'offHostPlane',
          line: 1,
          column: 67,
          endLine: 1,
          endColumn: 69,
          data: {
            where: '`_meta`',
            key: 'ui',
            host: 'MCP Apps',
            id: 'mcp-apps.ui',
            hostPlanes: 'tool descriptor and resource',
            hostTargets: 'tool descriptor or resource',
            plane: 'tool result',
          },
        },
      ],
      name: 'MCP Apps’ ui in a tool result (backgammon-mcp): both of the host’s planes named',
    },
    {
      filename: registered.filename,
      code: WRITE.result("{ 'openai/widgetDescription': 'A map' }"),
      errors: [
        {
          messageId: 'offHostPlane',
          line: 1,
          column: 67,
          endLine: 1,
          endColumn: 93,
          data: {
            where: '`_meta`',
            key: 'openai/widgetDescription',
            host: 'the OpenAI Apps SDK',
            id: 'openai-apps.widgetDescription',
            hostPlanes: 'resource',
            hostTargets: 'resource',
            plane: 'tool result',
          },
        },
      ],
      name: 'an unregistered host key off its host’s plane: where it belongs, not "register it"',
    },
    {
      filename: registered.filename,
      code: WRITE.tool("{ 'com.acme/other': 1 }"),
      errors: [{ messageId: 'unregisteredKey', line: 1, column: 55, endLine: 1, endColumn: 71 }],
      name: 'an own key is still asked to be registered',
    },
  ],
});

function lintMessages(target: { registry: string; filename: string }, code: string): Linter.LintMessage[] {
  const config: Linter.Config[] = [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tsParser as unknown as Linter.Parser },
      plugins: { 'mcp-meta': { rules } as unknown as ESLint.Plugin },
      settings: { 'mcp-meta': { registry: target.registry } },
      rules: { 'mcp-meta/no-unregistered-meta-key': 'error' },
    },
  ];
  return new Linter({ cwd: path.dirname(target.registry) }).verify(code, config, target.filename);
}

/** Whether the manifest validation takes `keys` as add-key would write it: no error, no warning about the key. */
function validationTakes(name: string, key: Record<string, unknown>): boolean {
  const text = JSON.stringify({ version: 1, keys: { [name]: { producers: ['src/app.ts'], ...key } } });
  const result = parseRegistry(text, path.join(os.tmpdir(), 'mcp-meta.registry.json'));
  return result.ok && !result.warnings.some((problem) => problem.pointer?.startsWith(toPointer(['keys', name])) === true);
}

const PLANES: MetaPlane[] = ['result', 'tool', 'resource'];
const EXACT = HOST_KEY_CATALOGUE.entries.filter((entry) => entry.key !== undefined && /^[\w./-]+$/.test(entry.key));

describe('init on a host key off its host’s planes', () => {
  it('holds it back with the same advice as the lint: remove the write, or move it to the host’s plane', () => {
    expect(vetKey('openai/outputTemplate', new Set(['result', 'tool']))).toEqual([
      {
        key: 'openai/outputTemplate',
        planes: ['result'],
        reason: 'off-plane',
        message:
          "Key 'openai/outputTemplate' is written on the result plane, but the OpenAI Apps SDK defines it on tool (catalogue entry 'openai-apps.outputTemplate').",
        fix: 'Remove the write on the result plane (the host does not read it there), or move it to the tool _meta; it is registered on the planes the host defines only.',
        acceptable: false,
      },
    ]);
  });
});

describe('every catalogue key on every plane: the lint asks to register only what init and the manifest take', () => {
  const unregistered = project({});
  it('lints the probe writes (an own key is asked to be registered)', () => {
    expect(lintMessages(unregistered, WRITE.tool("{ 'com.acme/other': 1 }")).map((message) => message.messageId)).toEqual([
      'unregisteredKey',
    ]);
  });

  it.each(EXACT.flatMap((entry) => PLANES.map((plane) => [entry.key!, plane, entry.id] as const)))(
    '%s on the %s plane, unregistered',
    (key, plane, id) => {
      const ids = lintMessages(unregistered, WRITE[plane](`{ ${JSON.stringify(key)}: 1 }`)).map((message) => message.messageId);
      const held = vetKey(key, new Set([plane]));
      if (ids.includes('unregisteredKey')) {
        expect(held).toEqual([]);
        expect(validationTakes(key, { catalogue: id, plane })).toBe(true);
      }
      if (held.length > 0) expect(ids).not.toContain('unregisteredKey');
    },
  );

  it.each(EXACT.flatMap((entry) => PLANES.map((plane) => [entry.key!, plane, entry.id] as const)))(
    '%s on the %s plane, registered with its catalogue entry',
    (key, plane, id) => {
      const target = project({ [key]: { producers: ['src/*.ts'], catalogue: id } });
      const messages = lintMessages(target, WRITE[plane](`{ ${JSON.stringify(key)}: 1 }`));
      const planeAdvice = messages.find((message) => message.messageId === 'wrongPlane');
      if (planeAdvice) {
        const entry = EXACT.find((candidate) => candidate.id === id)!;
        const hostPlanes = PLANES.filter((candidate) => entry.planes.includes(candidate));
        expect(validationTakes(key, { catalogue: id, plane: [...hostPlanes, plane] })).toBe(true);
      }
      expect(messages.map((message) => message.messageId)).not.toContain('unregisteredKey');
    },
  );
});
