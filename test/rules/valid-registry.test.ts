/**
 * valid-registry: a manifest that cannot be used (missing, broken JSON, wrong settings) is one problem per linted file,
 * at line 1, under this rule's id only; the five `_meta` rules stay silent on that file.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { InvalidTestCase, ValidTestCase } from '@typescript-eslint/rule-tester';
import * as tsParser from '@typescript-eslint/parser';
import { type ESLint, Linter } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { rules } from '../../rules';
import rule, { type MessageIds, type Options } from '../../rules/valid-registry';
import { makeTempProject, removeTempProject, writeFile } from '../registry/temp-project';
import { createRuleTester, EXAMPLES_DIR, OTHER_FILE, SEARCH_OP } from './rule-tester';

const ruleTester = createRuleTester();
type TesterRule<M extends string, O extends readonly unknown[]> = Parameters<typeof ruleTester.run<M, O>>[1];
const testedRule = rule as unknown as TesterRule<MessageIds, Options>;

/** A project whose manifest lost the comma after `"version": 1` (line 3, column 3 is where the parser stops). */
const BROKEN_JSON = '{\n  "version": 1\n  "keys": {}\n}\n';
const project = makeTempProject({ 'mcp-meta.registry.json': BROKEN_JSON, 'src/a.ts': '', 'src/b.ts': '' });
const brokenManifest = path.join(project, 'mcp-meta.registry.json');
afterAll(() => removeTempProject(project));

const atFileStart = { messageId: 'registryProblem', line: 1, column: 1, endLine: 1, endColumn: 1 } as const;
const PRODUCER_CODE = "export function search(ctx, out) {\n  ctx.emitResponseMeta('retrieval', {});\n  out._meta = { retrieval: {} };\n}\n";

const valid: ValidTestCase<Options>[] = [
  { name: 'a usable manifest: nothing to say, even about code with _meta findings', filename: SEARCH_OP, code: PRODUCER_CODE },
  { name: 'a file that never mentions _meta', filename: OTHER_FILE, code: 'export const x = 1;' },
  {
    name: 'discovered manifest (no settings): the nearest one above the file',
    filename: OTHER_FILE,
    code: 'x._meta.retrieval = 1;',
    settings: {},
  },
];

const invalid: InvalidTestCase<MessageIds, Options>[] = [
  {
    name: 'broken JSON: path, line:column of the syntax error, and the fix',
    filename: path.join(project, 'src/a.ts'),
    code: PRODUCER_CODE,
    settings: { 'mcp-meta': { registry: brokenManifest } },
    errors: [atFileStart],
  },
  {
    name: 'missing manifest named in settings',
    filename: OTHER_FILE,
    code: 'export const x = 1;',
    settings: { 'mcp-meta': { registry: path.join(EXAMPLES_DIR, 'no-such.registry.json') } },
    errors: [
      {
        ...atFileStart,
        data: {
          details:
            `registry manifest ${path.join(EXAMPLES_DIR, 'no-such.registry.json')}: Registry manifest not found: ` +
            `${path.join(EXAMPLES_DIR, 'no-such.registry.json')} does not exist. Fix: Create it (npx mcp-meta init) or point settings['mcp-meta'].registry at it.`,
        },
      },
    ],
  },
  {
    name: "a misspelt settings['mcp-meta'] property",
    filename: OTHER_FILE,
    code: 'x._meta.retrieval = 1;',
    settings: { 'mcp-meta': { registy: './mcp-meta.registry.json' } },
    errors: [
      {
        ...atFileStart,
        data: {
          details:
            "ESLint settings['mcp-meta'] (/registy): Unknown property 'registy' in settings['mcp-meta'] (did you mean 'registry'?). Fix: Rename 'registy' to 'registry'.",
        },
      },
    ],
  },
];

ruleTester.run('valid-registry', testedRule, { valid, invalid });

const plugin = { rules } as unknown as ESLint.Plugin;
const ALL_RULES = Object.fromEntries(Object.keys(rules).map((name) => [`mcp-meta/${name}`, 'error' as const]));

function lintWith(levels: Record<string, Linter.RuleEntry>, filename: string, cwd = project): Linter.LintMessage[] {
  const config: Linter.Config[] = [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tsParser as unknown as Linter.Parser },
      plugins: { 'mcp-meta': plugin },
      rules: levels,
    },
  ];
  return new Linter({ cwd }).verify(PRODUCER_CODE, config, filename);
}

describe('a broken manifest is reported once per file, under valid-registry only', () => {
  it('has every rule (one docs page each), valid-registry among them', () => {
    const docs = fs.readdirSync(path.resolve(__dirname, '../../docs/rules')).filter((name) => name.endsWith('.md'));
    expect(Object.keys(ALL_RULES)).toHaveLength(docs.length);
    expect(ALL_RULES).toHaveProperty(['mcp-meta/valid-registry']);
  });

  it('all rules on: exactly one problem per file, line 1, naming path, place and fix', () => {
    for (const file of ['src/a.ts', 'src/b.ts']) {
      const messages = lintWith(ALL_RULES, path.join(project, file));
      expect(messages.map((m) => [m.ruleId, m.line, m.column, m.severity])).toEqual([['mcp-meta/valid-registry', 1, 1, 2]]);
      expect(messages[0].message).toContain(`registry manifest ${brokenManifest}:3:3`);
      expect(messages[0].message).toMatch(/Fix: /);
    }
  });

  it('valid-registry off: the _meta rules stay silent on that file (no findings against a manifest that cannot be read)', () => {
    const levels = { ...ALL_RULES, 'mcp-meta/valid-registry': 'off' as const };
    expect(lintWith(levels, path.join(project, 'src/a.ts'))).toEqual([]);
    // The same levels on the same code under a usable manifest do report: silence above is the manifest's doing.
    expect(lintWith(levels, path.join(EXAMPLES_DIR, 'src/core/ops/list-pages.ts'), EXAMPLES_DIR).length).toBeGreaterThan(0);
  });

  it('once the manifest is fixed, the _meta rules report again and valid-registry is quiet', () => {
    const fixed = makeTempProject({ 'mcp-meta.registry.json': '{ "version": 1, "emitters": ["emitResponseMeta"], "keys": {} }\n' });
    try {
      const messages = lintWith(ALL_RULES, writeFile(fixed, 'src/a.ts', PRODUCER_CODE), fixed);
      const ruleIds = new Set(messages.map((m) => m.ruleId));
      expect(ruleIds.has('mcp-meta/valid-registry')).toBe(false);
      expect(ruleIds.has('mcp-meta/no-unregistered-meta-key')).toBe(true);
      expect(fs.existsSync(path.join(fixed, 'mcp-meta.registry.json'))).toBe(true);
    } finally {
      removeTempProject(fixed);
    }
  });
});

describe('one long-lived Linter (an editor) sees a manifest broken and then fixed in the same event-loop turn', () => {
  const GOOD = '{ "version": 1, "emitters": ["emitResponseMeta"], "keys": {} }\n';
  const QUIET_CODE = 'export const x = 1;\n';

  it.each([
    ['named in the settings', true],
    ['discovered', false],
  ])('manifest %s: the break is seen at once, and so is the fix, by a file that cannot write and one that may', (_, named) => {
    const dir = makeTempProject({ 'mcp-meta.registry.json': GOOD });
    const manifest = path.join(dir, 'mcp-meta.registry.json');
    try {
      const linter = new Linter({ cwd: dir });
      const config: Linter.Config[] = [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tsParser as unknown as Linter.Parser },
          plugins: { 'mcp-meta': plugin },
          rules: ALL_RULES,
          ...(named ? { settings: { 'mcp-meta': { registry: manifest } } } : {}),
        },
      ];
      const lint = (code: string, name: string) => new Set(linter.verify(code, config, path.join(dir, name)).map((m) => m.ruleId));
      // All in one synchronous stretch: the lints an editor's server runs right after a save, before any other turn.
      const before = [lint(QUIET_CODE, 'src/quiet.ts'), lint(PRODUCER_CODE, 'src/a.ts')];
      fs.writeFileSync(manifest, BROKEN_JSON);
      const broken = [lint(QUIET_CODE, 'src/quiet.ts'), lint(PRODUCER_CODE, 'src/a.ts')];
      fs.writeFileSync(manifest, GOOD);
      const fixed = [lint(QUIET_CODE, 'src/quiet.ts'), lint(PRODUCER_CODE, 'src/a.ts')];
      const reportsRegistry = (ids: Set<string | null>[]) => ids.map((set) => set.has('mcp-meta/valid-registry'));
      // A file that cannot write `_meta` keeps the turn's usable manifest (one look at the disk per turn, by design);
      // one that may write looks now and sees the break. A manifest known broken is looked at now by every file, so
      // the first lint after the fix, whichever file it is, sees the fix.
      expect([reportsRegistry(before), reportsRegistry(broken), reportsRegistry(fixed)]).toEqual([
        [false, false],
        [false, true],
        [false, false],
      ]);
      expect(fixed[1].has('mcp-meta/no-unregistered-meta-key')).toBe(true);
    } finally {
      removeTempProject(dir);
    }
  });
});
