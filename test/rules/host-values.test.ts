/**
 * Host-documented value types and ranges (no-unregistered-meta-field's `wrongHostValue`): a catalogue key's value, when
 * the lint can read it (a literal, a `const` bound to one), is checked against the type, enum, maximum or length its
 * host documents, registered or not; a value it cannot read (a call, a parameter, a template with expressions for a
 * length) is silent. The message names the host, what it documents, what the value is, the behaviour at stake and the
 * source.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import rule from '../../rules/no-unregistered-meta-field';
import { HOST_KEY_CATALOGUE } from '../../src/registry/host-keys';
import { hostValueProblem, hostValueText } from '../../src/registry/catalogue';
import { RuleTester } from '@typescript-eslint/rule-tester';
import { createRuleTester } from './rule-tester';

function project(keys: Record<string, object>): { settings: Record<string, unknown>; filename: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-host-values-'));
  fs.writeFileSync(path.join(dir, 'mcp-meta.registry.json'), JSON.stringify({ version: 1, keys }));
  return { settings: { 'mcp-meta': { registry: path.join(dir, 'mcp-meta.registry.json') } }, filename: path.join(dir, 'src/app.ts') };
}

const REGISTERED = project({
  'anthropic/maxResultSizeChars': { plane: 'tool', producers: ['src/app.ts'], catalogue: 'claude-code.maxResultSizeChars' },
  'openai/visibility': { plane: 'tool', producers: ['src/app.ts'], external: true },
  'openai/toolInvocation/invoking': { plane: 'tool', producers: ['src/app.ts'], catalogue: 'openai-apps.toolInvocation.invoking' },
  'openai/closeWidget': { plane: 'result', producers: ['src/app.ts'], catalogue: 'openai-apps.closeWidget' },
});
// Modules the linted file imports values from (read from disk through their summaries, as imported key names are).
fs.mkdirSync(path.join(path.dirname(REGISTERED.filename), 'limits'), { recursive: true });
fs.writeFileSync(
  path.join(path.dirname(REGISTERED.filename), 'limits.ts'),
  [
    'export const MAX_CHARS = 1_000_000;',
    'export const SMALL = 400_000;',
    "export const VISIBILITY = 'hidden';",
    "export { LOUD as ALIASED, BIG as HUGE } from './limits/loud';",
  ].join('\n'),
);
fs.writeFileSync(
  path.join(path.dirname(REGISTERED.filename), 'limits/loud.ts'),
  'export const LOUD = -1 + 0 ? 1 : 2; export const BIG = 2e6;\n',
);
/** A manifest that registers nothing on the tool plane: the host's type holds all the same. */
const UNREGISTERED = project({ 'com.example/trace': { producers: ['src/app.ts'] } });

const TOOL = (meta: string, before = '') =>
  `${before}server.registerTool('search', { description: 'Search', _meta: ${meta} }, async () => ({ content: [] }));`;

const CLAUDE = 'https://code.claude.com/docs/en/mcp';
const OPENAI = 'https://developers.openai.com/apps-sdk/reference';
const entry = (id: string) => HOST_KEY_CATALOGUE.entries.find((candidate) => candidate.id === id)!;

function wrong(id: string, key: string, actual: string, line: number, column: number) {
  const found = entry(id);
  return {
    messageId: 'wrongHostValue' as const,
    data: {
      host: found.host === 'claude-code' ? 'Claude Code' : 'The OpenAI Apps SDK',
      key,
      expected: hostValueText(found.value!),
      actual,
      effect: found.value!.effect,
      id,
      source: found.source,
    },
    line,
    column,
  };
}

createRuleTester().run('no-unregistered-meta-field: host value types and ranges', rule, {
  valid: [
    { name: 'a number within the documented maximum', ...REGISTERED, code: TOOL("{ 'anthropic/maxResultSizeChars': 500000 }") },
    { name: 'a documented enum value', ...REGISTERED, code: TOOL("{ 'openai/visibility': 'private' }") },
    {
      name: 'status text of 64 characters',
      ...REGISTERED,
      code: TOOL(`{ 'openai/toolInvocation/invoking': '${'x'.repeat(64)}' }`),
    },
    { name: 'a value the lint cannot read: a call', ...REGISTERED, code: TOOL("{ 'anthropic/maxResultSizeChars': limit() }") },
    {
      name: 'a value the lint cannot read: a parameter',
      ...REGISTERED,
      code: `export function register(server: any, size: number) { ${TOOL("{ 'anthropic/maxResultSizeChars': size }")} }`,
    },
    {
      name: 'a template with expressions has no known length',
      ...REGISTERED,
      code: TOOL("{ 'openai/toolInvocation/invoking': `Searching ${'$'}{'x'.repeat(100)}` }"),
    },
    {
      name: 'an unregistered key: the documented value is still fine',
      ...UNREGISTERED,
      code: TOOL("{ 'anthropic/alwaysLoad': true, 'openai/fileParams': ['attachment'] }"),
    },
    {
      name: 'a key on a plane its host does not define it on is the key rule’s report, not a value one',
      ...UNREGISTERED,
      code: `server.registerTool('t', {}, async () => ({ content: [], _meta: { 'anthropic/maxResultSizeChars': 'big' } }));`,
    },
    {
      name: 'a key the entry leaves unchecked (undocumented: openai/resultCanProduceWidget)',
      ...UNREGISTERED,
      code: TOOL("{ 'openai/resultCanProduceWidget': 'yes' }"),
    },
    {
      name: 'an imported const within the documented maximum',
      ...REGISTERED,
      code: TOOL("{ 'anthropic/maxResultSizeChars': SMALL }", "import { SMALL } from './limits';\n"),
    },
    {
      name: 'an imported const the summary cannot read (an expression, exported again) is silent',
      ...REGISTERED,
      code: TOOL("{ 'anthropic/maxResultSizeChars': ALIASED }", "import { ALIASED } from './limits';\n"),
    },
    {
      name: 'a tool result writes a documented boolean',
      ...REGISTERED,
      code: `server.registerTool('t', {}, async () => ({ content: [], _meta: { 'openai/closeWidget': true } }));`,
    },
  ],
  invalid: [
    {
      name: 'a number above the documented maximum',
      ...REGISTERED,
      code: TOOL("{ 'anthropic/maxResultSizeChars': 1_000_000 }"),
      errors: [wrong('claude-code.maxResultSizeChars', 'anthropic/maxResultSizeChars', 'the number 1000000', 1, 97)],
    },
    {
      name: 'a number as a string, through a const',
      ...REGISTERED,
      code: TOOL("{ 'anthropic/maxResultSizeChars': LIMIT }", "const LIMIT = '200000';\n"),
      errors: [wrong('claude-code.maxResultSizeChars', 'anthropic/maxResultSizeChars', 'the string "200000"', 2, 97)],
    },
    {
      name: 'a value outside the documented enum (external key)',
      ...REGISTERED,
      code: TOOL("{ 'openai/visibility': 'hidden' }"),
      errors: [wrong('openai-apps.visibility', 'openai/visibility', 'the string "hidden"', 1, 86)],
    },
    {
      name: 'status text longer than 64 characters',
      ...REGISTERED,
      code: TOOL(`{ 'openai/toolInvocation/invoking': '${'x'.repeat(65)}' }`),
      errors: [wrong('openai-apps.toolInvocation.invoking', 'openai/toolInvocation/invoking', 'a string of 65 characters', 1, 99)],
    },
    {
      name: 'unregistered host keys are checked by their exact catalogue entry',
      ...UNREGISTERED,
      code: TOOL("{ 'anthropic/alwaysLoad': 'true', 'openai/fileParams': 'attachment' }"),
      errors: [
        wrong('claude-code.alwaysLoad', 'anthropic/alwaysLoad', 'the string "true"', 1, 89),
        wrong('openai-apps.fileParams', 'openai/fileParams', 'the string "attachment"', 1, 118),
      ],
    },
    {
      name: 'a const spread into two descriptors is reported once, where it is written',
      ...REGISTERED,
      code: `const META = { 'anthropic/maxResultSizeChars': 600000 };
server.registerTool('a', { _meta: META }, async () => ({ content: [] }));
server.registerTool('b', { _meta: META }, async () => ({ content: [] }));`,
      errors: [wrong('claude-code.maxResultSizeChars', 'anthropic/maxResultSizeChars', 'the number 600000', 1, 48)],
    },
    {
      name: 'an imported const above the documented maximum',
      ...REGISTERED,
      code: TOOL("{ 'anthropic/maxResultSizeChars': MAX_CHARS }", "import { MAX_CHARS } from './limits';\n"),
      errors: [
        wrong(
          'claude-code.maxResultSizeChars',
          'anthropic/maxResultSizeChars',
          'the number 1000000 (`MAX_CHARS`, written in ./limits.ts)',
          2,
          97,
        ),
      ],
    },
    {
      name: 'an imported const of a namespace import, and one exported again from another module',
      ...REGISTERED,
      code: TOOL(
        "{ 'openai/visibility': L.VISIBILITY, 'anthropic/maxResultSizeChars': HUGE }",
        "import * as L from './limits.js';\nimport { HUGE } from './limits';\n",
      ),
      errors: [
        wrong('openai-apps.visibility', 'openai/visibility', 'the string "hidden" (`L.VISIBILITY`, written in ./limits.ts)', 3, 86),
        wrong(
          'claude-code.maxResultSizeChars',
          'anthropic/maxResultSizeChars',
          'the number 2000000 (`HUGE`, written in ./limits/loud.ts)',
          3,
          132,
        ),
      ],
    },
    {
      name: 'a tool result boolean written as a number',
      ...REGISTERED,
      code: `server.registerTool('t', {}, async () => ({ content: [], _meta: { 'openai/closeWidget': 1 } }));`,
      errors: [wrong('openai-apps.closeWidget', 'openai/closeWidget', 'the number 1', 1, 89)],
    },
  ],
});

// With types, a value whose type lists its values (a parameter typed with literals, an enum member) is checked too:
// each member, the first the host does not document reported. A project on disk beside the manifest, whose file's
// text is the case's code (typescript-eslint builds the program from the disk).
const TYPED_CODE = `declare const server: { registerTool(name: string, config: object, cb: () => Promise<object>): void };
enum Limit { Small = 100_000, Big = 900_000 }
export function register(size: 100_000 | 600_000, visibility: 'public' | 'hidden', anySize: number, small: 100 | undefined) {
  server.registerTool('a', { _meta: { 'anthropic/maxResultSizeChars': size } }, async () => ({ content: [] }));
  server.registerTool('b', { _meta: { 'openai/visibility': visibility } }, async () => ({ content: [] }));
  server.registerTool('c', { _meta: { 'anthropic/maxResultSizeChars': Limit.Big } }, async () => ({ content: [] }));
  server.registerTool('d', { _meta: { 'anthropic/maxResultSizeChars': anySize } }, async () => ({ content: [] }));
  server.registerTool('e', { _meta: { 'anthropic/maxResultSizeChars': small } }, async () => ({ content: [] }));
  server.registerTool('f', { _meta: { 'anthropic/maxResultSizeChars': Limit.Small } }, async () => ({ content: [] }));
}
`;
const TYPED_DIR = path.dirname(path.dirname(REGISTERED.filename));
fs.writeFileSync(
  path.join(TYPED_DIR, 'tsconfig.json'),
  JSON.stringify({
    compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', types: [] },
    include: ['src'],
  }),
);
fs.writeFileSync(path.join(TYPED_DIR, 'src/typed.ts'), TYPED_CODE);

new RuleTester({
  languageOptions: { parserOptions: { project: './tsconfig.json', tsconfigRootDir: TYPED_DIR } },
  settings: REGISTERED.settings,
}).run('no-unregistered-meta-field: host values from literal types', rule, {
  valid: [],
  invalid: [
    {
      filename: 'src/typed.ts',
      code: TYPED_CODE,
      errors: [
        wrong('claude-code.maxResultSizeChars', 'anthropic/maxResultSizeChars', 'the number 600000', 4, 71),
        wrong('openai-apps.visibility', 'openai/visibility', 'the string "hidden"', 5, 60),
        wrong('claude-code.maxResultSizeChars', 'anthropic/maxResultSizeChars', 'the number 900000', 6, 71),
      ],
      name: 'a literal union, a string union and an enum member; not number, not a fitting literal or enum member',
    },
  ],
});

describe('host value rules', () => {
  it('print as the docs show them', () => {
    expect(hostValueText(entry('claude-code.maxResultSizeChars').value!)).toBe('number ≤ 500,000');
    expect(hostValueText(entry('openai-apps.toolInvocation.invoking').value!)).toBe('string of at most 64 characters');
    expect(hostValueText(entry('openai-apps.visibility').value!)).toBe("'public' | 'private'");
    expect(hostValueText(entry('openai-apps.www_authenticate').value!)).toBe('string | string[]');
  });
  it('every rule cites its entry’s source, and no entry the transport or the other side writes has one', () => {
    for (const found of HOST_KEY_CATALOGUE.entries) {
      if (found.value === undefined) continue;
      expect(found.source).toMatch(/^https:\/\//);
      expect(found.writtenBy).toBeUndefined();
      expect(found.planes.some((plane) => plane === 'result' || plane === 'tool' || plane === 'resource')).toBe(true);
    }
  });
  it('an array of strings with one number item does not fit', () => {
    expect(
      hostValueProblem(entry('mcp-ui.preferred-frame-size'), {
        kind: 'array',
        items: [
          { kind: 'number', value: 800 },
          { kind: 'string', value: '600px' },
        ],
      }),
    ).toEqual({ expected: 'string[]', actual: 'an array' });
  });
  it('names the sources the messages cite', () => {
    expect(entry('claude-code.maxResultSizeChars').source).toBe(CLAUDE);
    expect(entry('openai-apps.visibility').source).toBe(OPENAI);
  });
});
