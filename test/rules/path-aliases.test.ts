/**
 * The rules over imports through a tsconfig `paths` alias (`@/lib/keys`, `@/utils/widget`) in a temp project: a key
 * const and a helper's keys are read as from a relative import, and a tsconfig that does not parse leaves the alias
 * unknown (the key is then not statically known, as before aliases were read), never a crash.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { RuleTester } from '@typescript-eslint/rule-tester';
import { afterAll } from 'vitest';
import unregisteredKey from '../../rules/no-unregistered-meta-key';

function project(tsconfig: string): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-alias-rules-')));
  const files: Record<string, string> = {
    'tsconfig.json': tsconfig,
    'src/lib/keys.ts': "export const TIMING_KEY = 'com.acme/timing';\nexport const TYPO_KEY = 'com.acme/timng';\n",
    // A key module's namespace exported again, as a barrel's `keys` (the key is read as `keys.TIMING_KEY`).
    'src/lib/index.ts': "export * as keys from './keys';\n",
    'src/lib/more.ts': "import * as more from './keys';\nexport { more };\n",
    'src/utils/widget.ts':
      "export function widgetMeta(uri: string) {\n  return { 'openai/outputTemplate': uri, 'com.acme/widgt': true };\n}\n",
    'mcp-meta.registry.json': JSON.stringify({
      version: 1,
      keys: {
        'com.acme/timing': { producers: ['src/tools/*.ts'] },
        'com.acme/widget': { producers: ['src/utils/widget.ts'], plane: 'tool' },
        'openai/outputTemplate': { producers: ['src/utils/widget.ts'], catalogue: 'openai-apps.outputTemplate' },
      },
    }),
  };
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

const aliased = project('{ "compilerOptions": { "paths": { "@/*": ["./src/*"] } } }');
const broken = project('{ "compilerOptions": { "paths": { "@/*": [');
afterAll(() => {
  for (const root of [aliased, broken]) fs.rmSync(root, { recursive: true, force: true });
});

const tester = (root: string) => new RuleTester({ settings: { 'mcp-meta': { registry: path.join(root, 'mcp-meta.registry.json') } } });

const KEY_CONST = `import { TIMING_KEY } from '@/lib/keys';
export const result = { content: [], _meta: { [TIMING_KEY]: { ms: 3 } } };`;
const TYPO_CONST = `import { TYPO_KEY } from '@/lib/keys';
export const result = { content: [], _meta: { [TYPO_KEY]: { ms: 3 } } };`;
const NAMESPACE_KEY = `import { keys } from '@/lib';
export const result = { content: [], _meta: { [keys.TIMING_KEY]: { ms: 3 } } };`;
const typoThroughNamespace = (code: string) => ({
  code,
  filename: path.join(aliased, 'src/tools/a.ts'),
  errors: [
    {
      messageId: 'unregisteredKey' as const,
      line: 2,
      column: 48,
      endLine: 2,
      endColumn: 61,
      data: { where: '`_meta`', key: 'com.acme/timng', registry: 'mcp-meta.registry.json', hint: " Did you mean 'com.acme/timing'?" },
      suggestions: [],
    },
  ],
});
const HELPER = `import { widgetMeta } from '@/utils/widget';
declare const server: { registerTool(name: string, config: object, handler: () => object): void };
server.registerTool('pizza', { description: 'Pizza.', _meta: widgetMeta('ui://pizza.html') }, () => ({ content: [] }));`;

tester(aliased).run('no-unregistered-meta-key through a tsconfig paths alias', unregisteredKey, {
  valid: [
    { name: 'a registered key const imported through the alias', code: KEY_CONST, filename: path.join(aliased, 'src/tools/a.ts') },
    { name: 'a registered key read off a namespace exported again', code: NAMESPACE_KEY, filename: path.join(aliased, 'src/tools/a.ts') },
  ],
  invalid: [
    {
      name: "a key's typo read off `export * as keys from` is reported by its value",
      ...typoThroughNamespace(`import { keys } from '@/lib';
export const result = { content: [], _meta: { [keys.TYPO_KEY]: { ms: 3 } } };`),
    },
    {
      name: "a key's typo read off `import * as more …; export { more }` is reported by its value",
      ...typoThroughNamespace(`import { more } from '../lib/more';
export const result = { content: [], _meta: { [more.TYPO_KEY]: { ms: 3 } } };`),
    },
    {
      name: "an aliased key const's typo is reported by its value",
      code: TYPO_CONST,
      filename: path.join(aliased, 'src/tools/a.ts'),
      errors: [
        {
          messageId: 'unregisteredKey',
          line: 2,
          column: 48,
          endLine: 2,
          endColumn: 56,
          data: { where: '`_meta`', key: 'com.acme/timng', registry: 'mcp-meta.registry.json', hint: " Did you mean 'com.acme/timing'?" },
          suggestions: [],
        },
      ],
    },
    {
      name: "an aliased helper's typo is reported at the call, fixed in the helper's module",
      code: HELPER,
      filename: path.join(aliased, 'src/tools/a.ts'),
      errors: [
        {
          messageId: 'unregisteredKey',
          line: 3,
          column: 62,
          endLine: 3,
          endColumn: 91,
          data: {
            where: 'tool descriptor `_meta`',
            key: 'com.acme/widgt',
            registry: 'mcp-meta.registry.json',
            hint: " Did you mean 'com.acme/widget'? It is built by widgetMeta() in 'src/utils/widget.ts': fix it there.",
          },
          suggestions: [],
        },
      ],
    },
  ],
});

tester(broken).run('no-unregistered-meta-key under a tsconfig that does not parse', unregisteredKey, {
  // The helper is not followed: its keys stay unknown, as for any helper the analysis cannot read.
  valid: [{ code: HELPER, filename: path.join(broken, 'src/tools/a.ts') }],
  invalid: [
    {
      name: 'the aliased key const is not known statically',
      code: KEY_CONST,
      filename: path.join(broken, 'src/tools/a.ts'),
      errors: [{ messageId: 'unverifiableKey', line: 2, column: 48, endLine: 2, endColumn: 58 }],
    },
  ],
});
