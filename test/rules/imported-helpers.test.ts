/**
 * Helpers imported from another module whose returned literal is a `_meta` value (`_meta: statsMeta(3)`): the keys
 * are read from the helper's module (test/rules/helper-fixture) without types, and the module that builds them is
 * their writer. The same cases run with type information (the fixture's tsconfig) and without: types add nothing
 * here and, above all, are never asked about a node of another module.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from '@typescript-eslint/rule-tester';
import * as tsParser from '@typescript-eslint/parser';
import { Linter, type ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { rules } from '../../rules';
import foreignKey from '../../rules/no-foreign-meta-key';
import removedField from '../../rules/no-removed-meta-field';
import unregisteredField from '../../rules/no-unregistered-meta-field';
import unregisteredKey from '../../rules/no-unregistered-meta-key';
import isolation from '../../rules/require-producer-isolation';
import { costCount } from '../../src/util/cost-counter';

const FIXTURE = path.resolve(__dirname, 'helper-fixture');
const settings = { 'mcp-meta': { registry: path.join(FIXTURE, 'mcp-meta.registry.json') } };
const typed = new RuleTester({ languageOptions: { parserOptions: { project: './tsconfig.json', tsconfigRootDir: FIXTURE } }, settings });
const untyped = new RuleTester({ settings });

/** Each tester by how it names the linted file: the typed one relative to the fixture, the untyped one absolute. */
const TESTERS = [
  { name: 'with types', tester: typed, file: (relative: string) => relative },
  { name: 'without types', tester: untyped, file: (relative: string) => path.join(FIXTURE, relative) },
] as const;

const OWN_HELPER = `import { statsMeta } from './stats-meta.js';
export const result = { content: [], _meta: statsMeta(3) };`;
const BARREL_DESCRIPTOR = `import { cardMeta } from './index.js';
declare const server: { registerTool(name: string, config: object, handler: () => object): void };
server.registerTool('show_card', { description: 'Show a card.', _meta: cardMeta('pizza') }, () => ({ content: [] }));`;
const TYPED_VALUE = `import { statsFrom } from './stats-meta.js';
export const result = { content: [], _meta: statsFrom({ returned_count: 1 }) };`;
const OPAQUE = `import { opaqueMeta, MetaBuilder } from './opaque.js';
export const a = { content: [], _meta: opaqueMeta(1) };
export const b = { content: [], _meta: new MetaBuilder().build() };`;
const FOREIGN_HELPER = `import { timingMeta } from './foreign-meta.js';
export const result = { content: [], _meta: timingMeta(12) };`;
const TYPO_HELPER = `import { typoMeta } from './stats-meta.js';
export function wrap(result: { content: unknown[]; _meta?: object }) {
  return { ...result, _meta: { ...result._meta, ...typoMeta() } };
}`;
const TYPO_ADDED_HELPER = `import { typoAddedMeta } from './stats-meta.js';
export const result = { content: [], _meta: typoAddedMeta(3, true) };`;
const PRODUCER_LIST = `import { statsMeta, typoMeta } from './stats-meta.js';
export async function dispatch(result: { content: unknown[]; _meta?: Record<string, unknown> }) {
  const producers = [statsMeta, () => typoMeta()];
  const fragments = await Promise.all(producers.map((produce) => produce(1)));
  result._meta = Object.assign({}, result._meta, ...fragments);
  return result;
}`;
// agentic's gateway (apps/gateway/src/lib/durable-mcp-server.ts): in a `finally`, the result's `_meta` is given to a
// helper that merges its own key into it and returns the whole.
const MERGING_HELPER = `import { withStatsMeta } from './stats-meta.js';
declare function audit(result: object): void;
export async function callTool(run: () => Promise<{ content: unknown[]; _meta?: Record<string, unknown> }>) {
  const result = await run();
  try {
    audit(result);
  } finally {
    result._meta = withStatsMeta(result.content.length, result._meta);
  }
  return result;
}`;
const EXTRA_FIELD = `import { extraFieldMeta as metaOf } from './stats-meta.js';
export const result = { content: [], _meta: metaOf(3) };`;
const WRONG_TYPE = `import { wrongTypeMeta } from './stats-meta.js';
export const result = { content: [], _meta: wrongTypeMeta() };`;
const BUILT_VALUE = `import { timingValue } from './timing-value.js';
declare function emit(key: string, value: unknown): void;
emit('timing', timingValue(3));
export const result = { content: [], _meta: { timing: timingValue(4) } };`;
const BUILT_VALUE_EXTRA = `import { timingWithSeconds } from './timing-value.js';
export const result = { content: [], _meta: { timing: timingWithSeconds(12) } };`;
const EMITTED_BUILT_VALUE = `import { timingOrNothing as timingOf } from './timing-value.js';
declare function emit(key: string, value: unknown): void;
emit('timing', timingOf(undefined));`;

for (const { name, tester, file } of TESTERS) {
  const handler = file('src/handler.ts');
  const other = file('src/other.ts');
  const valid = (code: string, filename = other) => ({ code, filename });
  const withTypes = tester === typed;

  tester.run(`no-foreign-meta-key, imported helpers ${name}`, foreignKey, {
    valid: [
      // The helper's module owns `retrieval`: the call in a file that owns nothing is no foreign producer.
      { name: 'a helper whose module owns its key', ...valid(OWN_HELPER) },
      { name: 'a descriptor helper through a barrel', ...valid(BARREL_DESCRIPTOR) },
      { name: 'a helper that is no function returning literals stays unknown', ...valid(OPAQUE) },
      // The call site owns `timing`: it may use a shared builder for its own key.
      { name: "a helper building the caller's own key", ...valid(FOREIGN_HELPER, handler) },
    ],
    invalid: [
      {
        name: 'a helper whose module does not own its key, called from a file that does not either',
        code: FOREIGN_HELPER,
        filename: other,
        errors: [
          {
            messageId: 'foreignKey',
            line: 2,
            column: 45,
            endLine: 2,
            endColumn: 59,
            data: {
              where: '`_meta`',
              key: 'timing',
              producers: "'src/handler.ts'",
              file: 'src/foreign-meta.ts',
              registry: 'mcp-meta.registry.json',
            },
          },
        ],
      },
    ],
  });

  tester.run(`no-unregistered-meta-key, imported helpers ${name}`, unregisteredKey, {
    valid: [valid(OWN_HELPER), valid(BARREL_DESCRIPTOR), valid(TYPED_VALUE), valid(FOREIGN_HELPER)],
    invalid: [
      {
        name: "a helper's typo, spread into a merge: reported at the call, fixed in the helper's module (no suggestion here)",
        code: TYPO_HELPER,
        filename: other,
        errors: [
          {
            messageId: 'unregisteredKey',
            line: 3,
            column: 52,
            endLine: 3,
            endColumn: 62,
            data: {
              where: '`_meta`',
              key: 'retreival',
              registry: 'mcp-meta.registry.json',
              hint: " Did you mean 'retrieval'? It is built by typoMeta() in 'src/stats-meta.ts': fix it there.",
            },
            suggestions: [],
          },
        ],
      },
      {
        name: "a helper's typo set on the local it returns, before the return: reported at the call, fixed there",
        code: TYPO_ADDED_HELPER,
        filename: other,
        errors: [
          {
            messageId: 'unregisteredKey',
            line: 2,
            column: 45,
            endLine: 2,
            endColumn: 67,
            data: {
              where: '`_meta`',
              key: 'retreival',
              registry: 'mcp-meta.registry.json',
              hint: " Did you mean 'retrieval'? It is built by typoAddedMeta() in 'src/stats-meta.ts': fix it there.",
            },
            suggestions: [],
          },
        ],
      },
      {
        name: "a typo of a producer in a const list whose fragments are merged: reported at the list's item, fixed there",
        code: PRODUCER_LIST,
        filename: other,
        errors: [
          {
            messageId: 'unregisteredKey',
            line: 3,
            column: 33,
            endLine: 3,
            endColumn: 49,
            data: {
              where: '`_meta`',
              key: 'retreival',
              registry: 'mcp-meta.registry.json',
              hint: " Did you mean 'retrieval'? It is built by typoMeta() in 'src/stats-meta.ts': fix it there.",
            },
            suggestions: [],
          },
        ],
      },
    ],
  });

  tester.run(`no-unregistered-meta-field, imported helpers ${name}`, unregisteredField, {
    valid: [valid(OWN_HELPER), valid(BARREL_DESCRIPTOR), valid(TYPED_VALUE), valid(BUILT_VALUE, handler)],
    invalid: [
      // With types the call's type is read instead (the function's contract): the same field, at the same place.
      {
        name: "a field of a key's value that an imported function returns: reported at its call",
        code: BUILT_VALUE_EXTRA,
        filename: handler,
        errors: [
          withTypes
            ? { messageId: 'unregisteredTypeField', line: 2, column: 55, endLine: 2, endColumn: 76 }
            : {
                messageId: 'unregisteredField',
                line: 2,
                column: 55,
                endLine: 2,
                endColumn: 76,
                data: {
                  field: 'seconds',
                  path: 'timing',
                  key: 'timing',
                  registry: 'mcp-meta.registry.json',
                  hint: " It is built by timingWithSeconds() in 'src/timing-value.ts': fix it there.",
                },
                suggestions: [],
              },
        ],
      },
      {
        name: 'an emitted value from a (renamed) imported function: a field of one of its returns, at the call',
        code: EMITTED_BUILT_VALUE,
        filename: handler,
        errors: [
          withTypes
            ? { messageId: 'unregisteredTypeField', line: 3, column: 16, endLine: 3, endColumn: 35 }
            : {
                messageId: 'unregisteredField',
                line: 3,
                column: 16,
                endLine: 3,
                endColumn: 35,
                data: {
                  field: 'skipped',
                  path: 'timing',
                  key: 'timing',
                  registry: 'mcp-meta.registry.json',
                  hint: " It is built by timingOf() in 'src/timing-value.ts': fix it there.",
                },
                suggestions: [],
              },
        ],
      },
      {
        name: "a field the helper's literal adds: reported at the (renamed) import's call",
        code: EXTRA_FIELD,
        filename: other,
        errors: [
          {
            messageId: 'unregisteredField',
            line: 2,
            column: 45,
            endLine: 2,
            endColumn: 54,
            data: {
              field: 'rerank_ms',
              path: 'retrieval',
              key: 'retrieval',
              registry: 'mcp-meta.registry.json',
              hint: " It is built by metaOf() in 'src/stats-meta.ts': fix it there.",
            },
            suggestions: [],
          },
        ],
      },
      {
        name: "a field literal of the wrong type in the helper's module: reported at the call",
        code: WRONG_TYPE,
        filename: other,
        errors: [{ messageId: 'wrongFieldType', line: 2, column: 45, endLine: 2, endColumn: 60 }],
      },
    ],
  });

  // The helper's value for `retrieval` is a parameter of its module (`statsFrom(stats)`): with types, nothing asks the
  // checker about that node (it belongs to another file's AST).
  tester.run(`no-removed-meta-field, imported helpers ${name}`, removedField, {
    valid: [valid(TYPED_VALUE), valid(OWN_HELPER), valid(EXTRA_FIELD)],
    invalid: [],
  });

  tester.run(`require-producer-isolation, imported helpers ${name}`, isolation, {
    valid: [valid(OWN_HELPER)],
    invalid: [
      {
        name: "a wrapper merging a helper's keys into a handler's result is a producer that can throw",
        code: TYPO_HELPER,
        filename: other,
        errors: [{ messageId: 'unguardedProducer', line: 3, column: 23, endLine: 3, endColumn: 64, suggestions: [] }],
      },
      {
        name: "a helper given the result's own `_meta` still writes its key there: the call in a `finally` is an unguarded producer",
        code: MERGING_HELPER,
        filename: other,
        output: MERGING_HELPER.replace(
          '    result._meta = withStatsMeta(result.content.length, result._meta);\n',
          [
            '    try {',
            '      result._meta = withStatsMeta(result.content.length, result._meta);',
            '    } catch {',
            '      // A failing producer degrades to its key being absent (MCP _meta rule 3).',
            '    }',
            '',
          ].join('\n'),
        ),
        errors: [{ messageId: 'unguardedProducer', line: 8, column: 5, endLine: 8, endColumn: 70 }],
      },
    ],
  });
}

// The comment above, as a count: a lint with types asks the checker nothing about the helper module's nodes (its
// value for `retrieval` is that module's parameter); the program does not hold them (`TypeServices.holds`). The one
// lookup is this file's own: the contextual type of its result literal, whose plane only its shape says
// (typed-planes.ts). The lint runs in a fresh copy of the fixture whose src/other.ts on disk is the linted text: with
// CI=true, typescript-eslint builds its program once from the files on disk (single-run mode), so a text that differs
// from the disk is not the program's file, nothing of it is held, and the count would be 0 for that reason alone.
describe('type lookups for an imported helper', () => {
  it('asks the checker nothing about a node of the helper module', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-helpers-'));
    try {
      fs.cpSync(FIXTURE, dir, { recursive: true });
      const file = path.join(dir, 'src/other.ts');
      fs.writeFileSync(file, TYPED_VALUE);
      const plugin = { rules } as unknown as ESLint.Plugin;
      const config: Linter.Config[] = [
        {
          files: ['**/*.ts'],
          languageOptions: {
            parser: tsParser as unknown as Linter.Parser,
            parserOptions: { project: './tsconfig.json', tsconfigRootDir: dir },
          },
          plugins: { 'mcp-meta': plugin },
          settings: { 'mcp-meta': { registry: path.join(dir, 'mcp-meta.registry.json') } },
          rules: Object.fromEntries(Object.keys(rules).map((rule) => [`mcp-meta/${rule}`, 'error' as const])),
        },
      ];
      const before = costCount('type-lookups');
      const messages = new Linter({ cwd: dir }).verify(TYPED_VALUE, config, file);
      expect(messages).toEqual([]);
      expect(costCount('type-lookups') - before).toBe(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
