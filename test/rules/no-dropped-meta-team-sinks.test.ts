/**
 * no-dropped-meta with the manifest's `sinks` (test/rules/team-sinks-fixture): a callback given to a team's own tool
 * registration (`defineTool(config, cb)`, `addTool({ …, execute })`) and a literal given to a team's result builder
 * at its result argument (`toolResult({ … })`) are tool results, like a `registerTool` callback's return. Each case
 * runs without types and with a TypeScript program (test/rules/typed-fixture's), with the same findings, and the
 * same code is silent under a manifest without `sinks` (nothing says those calls make results).
 */
import path from 'node:path';
import { RuleTester } from '@typescript-eslint/rule-tester';
import type { InvalidTestCase, ValidTestCase } from '@typescript-eslint/rule-tester';
import rule, { type MessageIds, type Options } from '../../rules/no-dropped-meta';
import { TYPED_FIXTURE_DIR, TYPED_OTHER, UNTYPED_OTHER } from './typed-rule-tester';

const SINKS_FIXTURE = path.resolve(__dirname, 'team-sinks-fixture');
const settingsFor = (manifest: string) => ({ 'mcp-meta': { registry: path.join(SINKS_FIXTURE, manifest) } });
const typedParser = { parserOptions: { project: './tsconfig.json', tsconfigRootDir: TYPED_FIXTURE_DIR } };

const withSinks = new RuleTester({ settings: settingsFor('mcp-meta.registry.json') });
const withSinksTyped = new RuleTester({ languageOptions: typedParser, settings: settingsFor('mcp-meta.registry.json') });
const withoutSinks = new RuleTester({ settings: settingsFor('without-sinks.registry.json') });

const lines = (...text: string[]) => text.join('\n');
const DROP_SERVER_INFO =
  "const upstreamMeta: Record<string, unknown> = { ...r._meta };\n  delete upstreamMeta['io.modelcontextprotocol/serverInfo'];";

const invalid: InvalidTestCase<MessageIds, Options>[] = [
  {
    name: "defineTool's callback (a registration the manifest names) rebuilds upstream.callTool's result",
    code: lines(
      "defineTool({ name: 'search' }, async (args) => {",
      "  const r = await upstream.callTool({ name: 'search', arguments: args });",
      '  return { content: r.content, isError: r.isError };',
      '});',
    ),
    errors: [
      {
        messageId: 'droppedMeta',
        data: {
          sink: 'The tool result returned here',
          source: 'upstream.callTool(…)',
          line: '2',
          fields: '`content`, `isError`',
          origin: 'the upstream server',
          slot: '_meta',
          carry:
            "Carry it over without the upstream's `io.modelcontextprotocol/serverInfo`: `...(r._meta && { _meta: upstreamMeta })`, where `const upstreamMeta = { ...r._meta }; delete upstreamMeta[SERVER_INFO_META_KEY];`",
        },
        line: 3,
        column: 10,
        endLine: 3,
        endColumn: 52,
        suggestions: [
          {
            messageId: 'suggestForwardUpstreamMeta',
            output: lines(
              "defineTool({ name: 'search' }, async (args) => {",
              "  const r = await upstream.callTool({ name: 'search', arguments: args });",
              `  ${DROP_SERVER_INFO}`,
              '  return { ...(r._meta && { _meta: upstreamMeta }), content: r.content, isError: r.isError };',
              '});',
            ),
          },
        ],
      },
    ],
  },
  {
    name: "addTool's execute property (the callback named by the manifest), destructured result",
    code: lines(
      "addTool({ name: 'search', execute: async (args) => {",
      "  const { content, isError } = await upstream.callTool({ name: 'search', arguments: args });",
      '  return { content, isError };',
      '} });',
    ),
    errors: [
      {
        messageId: 'droppedMeta',
        line: 3,
        column: 10,
        endLine: 3,
        endColumn: 30,
        suggestions: [
          {
            messageId: 'suggestForwardUpstreamMeta',
            output: lines(
              "addTool({ name: 'search', execute: async (args) => {",
              "  const { content, isError, _meta } = await upstream.callTool({ name: 'search', arguments: args });",
              '  const upstreamMeta: Record<string, unknown> = { ..._meta };',
              "  delete upstreamMeta['io.modelcontextprotocol/serverInfo'];",
              '  return { ...(_meta && { _meta: upstreamMeta }), content, isError };',
              '} });',
            ),
          },
        ],
      },
    ],
  },
  {
    name: "a wrapper hands the handler's rebuilt result to toolResult (a result builder, argument 0)",
    code: lines(
      'export function withAudit(handler) {',
      '  return async (args, extra) => {',
      '    const result = await handler(args, extra);',
      '    audit(args);',
      '    return toolResult({ content: result.content, isError: result.isError });',
      '  };',
      '}',
    ),
    errors: [
      {
        messageId: 'droppedMeta',
        data: {
          sink: 'The tool result given to `toolResult(…)`',
          source: 'handler(…)',
          line: '3',
          fields: '`content`, `isError`',
          origin: 'the wrapped handler',
          slot: '_meta',
          carry: 'Carry it over: `...(result._meta && { _meta: result._meta })`',
        },
        line: 5,
        column: 23,
        endLine: 5,
        endColumn: 75,
        suggestions: [
          {
            messageId: 'suggestForwardMeta',
            output: lines(
              'export function withAudit(handler) {',
              '  return async (args, extra) => {',
              '    const result = await handler(args, extra);',
              '    audit(args);',
              '    return toolResult({ ...(result._meta && { _meta: result._meta }), content: result.content, isError: result.isError });',
              '  };',
              '}',
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'a builder call in an arrow body over callTool(…).then: the suggestion drops serverInfo inline',
    code: "defineTool({ name: 'search' }, (args) => upstream.callTool({ name: 'search', arguments: args }).then((r) => toolResult({ content: r.content })));",
    errors: [
      {
        messageId: 'droppedMeta',
        line: 1,
        column: 120,
        endLine: 1,
        endColumn: 142,
        suggestions: [
          {
            messageId: 'suggestForwardUpstreamMeta',
            output:
              "defineTool({ name: 'search' }, (args) => upstream.callTool({ name: 'search', arguments: args }).then((r) => toolResult({ ...(r._meta && { _meta: ((upstreamMeta: Record<string, unknown>) => { delete upstreamMeta['io.modelcontextprotocol/serverInfo']; return upstreamMeta; })({ ...r._meta }) }), content: r.content })));",
          },
        ],
      },
    ],
  },
];

const valid: ValidTestCase<Options>[] = [
  {
    name: "defineTool's callback carries _meta over",
    code: lines(
      "defineTool({ name: 'search' }, async (args) => {",
      "  const r = await upstream.callTool({ name: 'search', arguments: args });",
      '  return { content: r.content, ...(r._meta && { _meta: r._meta }) };',
      '});',
    ),
  },
  {
    name: 'toolResult given the whole result spread',
    code: 'export const relay = async (args) => {\n  const r = await upstream.callTool({ name: "x", arguments: args });\n  return toolResult({ ...r, isError: false });\n};',
  },
  {
    name: 'ok is a result builder without a result argument: the literal given to it is not a result',
    code: 'export const relay = async (args) => {\n  const r = await upstream.callTool({ name: "x", arguments: args });\n  return ok({ content: r.content });\n};',
  },
  {
    name: "toolResult's other argument is not its result argument",
    code: 'export const relay = async (args) => {\n  const r = await upstream.callTool({ name: "x", arguments: args });\n  return toolResult(args, { content: r.content });\n};',
  },
  {
    name: 'defineView is a resource registration: its config is not a tool result',
    code: 'export const relay = async (args) => {\n  const r = await upstream.callTool({ name: "x", arguments: args });\n  defineView("ui://v", { content: r.content });\n};',
  },
  {
    name: 'a defineTool argument that is not its callback',
    code: "defineTool({ name: 'search' }, cb, async () => {\n  const r = await upstream.callTool({ name: 'search' });\n  return { content: r.content };\n});",
  },
];

const at = <T extends { filename?: string }>(filename: string, tests: T[]): T[] => tests.map((test) => ({ filename, ...test }));

withSinks.run('no-dropped-meta: the team sinks the manifest names (without types)', rule, {
  valid: at(UNTYPED_OTHER, valid),
  invalid: at(UNTYPED_OTHER, invalid),
});

withSinksTyped.run('no-dropped-meta: the team sinks the manifest names (with types)', rule, {
  valid: at(TYPED_OTHER, valid),
  invalid: at(TYPED_OTHER, invalid),
});

withoutSinks.run('no-dropped-meta: the same code under a manifest without sinks', rule, {
  valid: [...valid, ...invalid.map(({ name, code }): ValidTestCase<Options> => ({ name, code }))].map((test) => ({
    ...test,
    filename: UNTYPED_OTHER,
  })),
  invalid: [],
});
