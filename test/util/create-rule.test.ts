/** `createRule`'s defaults merge: what a rule's `create` sees as options for each user setting. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { TSESLint } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import { createRule } from '../../src/util/create-rule';

type Options = [{ requireForAll?: boolean; autofix?: boolean }];

/** Runs the rule's `create` with `userOptions` and returns the options it received. */
function optionsSeen(userOptions: readonly unknown[], defaults: Options = [{ requireForAll: false, autofix: true }]): unknown {
  let seen: unknown;
  const rule = createRule<Options, 'x'>({
    name: 'probe',
    meta: { type: 'problem', docs: { description: 'probe' }, messages: { x: 'x' }, schema: [{ type: 'object' }], defaultOptions: defaults },
    create(_context, options) {
      seen = options;
      return {};
    },
  });
  rule.create({ options: userOptions } as unknown as TSESLint.RuleContext<'x', Options>);
  return seen;
}

describe('createRule defaults', () => {
  it('uses the defaults when the user gives nothing', () => {
    expect(optionsSeen([])).toEqual([{ requireForAll: false, autofix: true }]);
  });

  it('merges a partial option object over the defaults, key by key', () => {
    expect(optionsSeen([{ requireForAll: true }])).toEqual([{ requireForAll: true, autofix: true }]);
    expect(optionsSeen([{ autofix: false }])).toEqual([{ requireForAll: false, autofix: false }]);
  });

  it('never changes the defaults themselves (each file starts from the same defaults)', () => {
    const defaults: Options = [{ requireForAll: false, autofix: true }];
    optionsSeen([{ requireForAll: true }], defaults);
    expect(defaults).toEqual([{ requireForAll: false, autofix: true }]);
  });

  it('passes user options through when the rule has no defaults', () => {
    expect(optionsSeen([{ a: 1 }], [] as unknown as Options)).toEqual([{ a: 1 }]);
  });

  it('sets the docs URL from the rule name', () => {
    const rule = createRule<[], 'x'>({
      name: 'probe',
      meta: { type: 'problem', docs: { description: 'd' }, messages: { x: 'x' }, schema: [] },
      create: () => ({}),
    });
    // The published version's own page: the docs ship in the package, so this URL exists for every release.
    const { version } = JSON.parse(fs.readFileSync(path.join(__dirname, '../../package.json'), 'utf8')) as { version: string };
    expect(rule.meta.docs?.url).toBe(`https://unpkg.com/eslint-plugin-mcp-meta@${version}/docs/rules/probe.md`);
  });
});
