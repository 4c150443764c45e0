/**
 * The words a message gives as the fix must be something the user can do (issue-level finding of a new user's first
 * hour): the isolation message shows how to isolate a producer that sits inside a returned literal, and the foreign-key
 * message names the `add-key` command instead of "change keys.<key>.producers", which reads wrongly for a dotted key.
 */
import { Linter } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import { describe, expect, it } from 'vitest';
import plugin from '../../rules';
import { EXAMPLES_REGISTRY, OTHER_FILE } from './rule-tester';

function messagesOf(code: string, rule: string): string[] {
  const linter = new Linter({ configType: 'flat' });
  return linter
    .verify(
      code,
      [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tsParser as Linter.Parser },
          plugins: { 'mcp-meta': plugin as never },
          rules: { [`mcp-meta/${rule}`]: 'error' },
          settings: { 'mcp-meta': { registry: EXAMPLES_REGISTRY } },
        },
      ],
      OTHER_FILE,
    )
    .map((message) => message.message);
}

describe('fix words', () => {
  it('require-producer-isolation shows the shape for a producer inside a returned literal', () => {
    const [message] = messagesOf(
      'declare function stats(): object;\nexport function wrap(result: any) {\n  return { ...result, _meta: { ...result._meta, retrieval: stats() } };\n}\n',
      'require-producer-isolation',
    );
    expect(message).toContain('compute the value first in its own try (`let v; try { v = …; } catch { /* key absent */ }`)');
    expect(message).toContain('...(v !== undefined && { key: v })');
  });

  it('no-foreign-meta-key names the add-key command with the key, the file and --update-producers', () => {
    const [message] = messagesOf('export const r = { content: [], _meta: { retrieval: { returned_count: 1 } } };\n', 'no-foreign-meta-key');
    expect(message).toContain(
      "run `npx mcp-meta add-key 'retrieval' --producer src/core/ops/list-pages.ts --update-producers` in the folder of",
    );
    expect(message).not.toContain('change keys.');
  });
});
