/**
 * Lints every example of docs/rules/*.md with ESLint 10's `Linter`, the rules from their TypeScript sources and the
 * docs example manifest (docs/examples/mcp-meta.registry.json). Convention for rule docs:
 * - every ```ts block under a heading containing "Incorrect" must parse and get at least one problem from the doc's
 *   rule (the doc's file name); every ```ts block under a heading containing "Correct" must get none, neither from its
 *   rule alone nor with every rule of the `recommended` preset alongside it (what a user copying it runs);
 * - a block's first line may be `// File: <path relative to docs/examples>` (the linted file, which decides its role:
 *   producer of which key, merge layer, ignored); the default is `src/core/ops/list-pages.ts` (owns no key);
 * - a line `// Options: <JSON>` sets the rule's options (an object is the first option, an array is all of them);
 * - a line `// Typed` lints the block with type information (a TypeScript program from the project service, default
 *   compiler options): the way a type-aware rule (or a rule's type-aware part) is documented;
 * - every incorrect block has a line `// Reports: <messageId>, <messageId>…`: the doc rule's messages, in order, one
 *   entry per problem, so a block that reports the wrong thing or too much fails as surely as one that reports nothing.
 * - a line `// Settings: <JSON>` replaces `settings['mcp-meta']` (a relative `registry` resolves against docs/examples).
 * Each doc must have at least one incorrect and one correct block.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Linter as LinterType } from 'eslint';
import { Linter } from 'eslint';
import * as tsParser from '@typescript-eslint/parser';
import { describe, expect, it } from 'vitest';
import plugin, { rules } from '../rules';

const ROOT = path.resolve(__dirname, '..');
const DOCS_DIR = path.join(ROOT, 'docs/rules');
const EXAMPLES_DIR = path.join(ROOT, 'docs/examples');
const REGISTRY = path.join(EXAMPLES_DIR, 'mcp-meta.registry.json');
const DEFAULT_FILE = 'src/core/ops/list-pages.ts';

type Verdict = 'incorrect' | 'correct';

interface Example {
  doc: string;
  heading: string;
  index: number;
  /** 1-based line of the block's opening fence in the doc. */
  line: number;
  verdict: Verdict | null;
  code: string;
}

function verdictOf(heading: string): Verdict | null {
  if (heading.includes('Incorrect')) return 'incorrect';
  if (heading.includes('Correct')) return 'correct';
  return null;
}

/** The ```ts blocks of a Markdown doc, each with the nearest enclosing heading that says Incorrect or Correct. */
function extractExamples(doc: string, markdown: string): Example[] {
  const lines = markdown.split('\n');
  const headings: { level: number; text: string }[] = [];
  const examples: Example[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const heading = /^(#{1,6})\s+(.*)$/.exec(lines[i]);
    if (heading) {
      const level = heading[1].length;
      while (headings.length > 0 && headings[headings.length - 1].level >= level) headings.pop();
      headings.push({ level, text: heading[2].trim() });
      continue;
    }
    const fence = /^(\s*)(`{3,}|~{3,})\s*(\w*)/.exec(lines[i]);
    if (!fence) continue;
    const marker = fence[2];
    const body: string[] = [];
    let end = i + 1;
    while (end < lines.length && !lines[end].trimStart().startsWith(marker)) body.push(lines[end++]);
    if (fence[3] === 'ts' || fence[3] === 'typescript') {
      const judged = [...headings].reverse().find((h) => verdictOf(h.text) !== null);
      examples.push({
        doc,
        heading: judged?.text ?? headings[headings.length - 1]?.text ?? '(no heading)',
        index: examples.length + 1,
        line: i + 1,
        verdict: judged ? verdictOf(judged.text) : null,
        code: body.join('\n') + '\n',
      });
    }
    i = end; // skip the block (and its closing fence): `#` lines inside code are not headings
  }
  return examples;
}

function fileOf(code: string): string {
  const first = code.split('\n', 1)[0];
  const match = /^\s*\/\/\s*File:\s*(\S+)\s*$/.exec(first);
  return path.join(EXAMPLES_DIR, match ? match[1] : DEFAULT_FILE);
}

function optionsOf(code: string): unknown[] {
  const match = /^\s*\/\/\s*Options:\s*(.+)$/m.exec(code);
  if (!match) return [];
  const parsed: unknown = JSON.parse(match[1]);
  return Array.isArray(parsed) ? parsed : [parsed];
}

/** The message ids an incorrect block says it reports, in order; null when it has no `// Reports:` line. */
function expectedReportsOf(code: string): string[] | null {
  const match = /^\s*\/\/\s*Reports:\s*(.+)$/m.exec(code);
  return match
    ? match[1]
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id.length > 0)
    : null;
}

function settingsOf(code: string): unknown {
  const match = /^\s*\/\/\s*Settings:\s*(.+)$/m.exec(code);
  return match ? JSON.parse(match[1]) : { registry: REGISTRY };
}

function isTyped(code: string): boolean {
  return /^\s*\/\/\s*Typed\s*$/m.test(code);
}

/** A program for the example's file alone (it need not exist on disk: the project service opens it with its text). */
const TYPED_PARSER_OPTIONS = {
  projectService: { allowDefaultProject: ['*.ts', 'src/*.ts', 'src/*/*.ts', 'src/*/*/*.ts'] },
  tsconfigRootDir: EXAMPLES_DIR,
};

/**
 * Lints the example with the doc's rule (its `// Options:`), and, with `alongside`, every other rule at its level
 * there: a correct example is also what a user copies into a project that runs the whole preset.
 */
function lintExample(ruleName: string, example: Example, alongside: LinterType.RulesRecord = {}): LinterType.LintMessage[] {
  const linter = new Linter({ cwd: EXAMPLES_DIR });
  const parserOptions = isTyped(example.code) ? TYPED_PARSER_OPTIONS : {};
  const config: LinterType.Config[] = [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tsParser as unknown as LinterType.Parser, parserOptions },
      plugins: { 'mcp-meta': { rules } as unknown as NonNullable<LinterType.Config['plugins']>[string] },
      settings: { 'mcp-meta': settingsOf(example.code) },
      rules: { ...alongside, [`mcp-meta/${ruleName}`]: ['error', ...optionsOf(example.code)] as LinterType.RuleEntry },
    },
  ];
  return linter.verify(example.code, config, fileOf(example.code));
}

function describeMessages(messages: LinterType.LintMessage[]): string {
  return messages.map((m) => `${m.line}:${m.column} ${m.ruleId ?? '(fatal)'} ${m.message}`).join('\n');
}

const docs = fs
  .readdirSync(DOCS_DIR)
  .filter((name) => name.endsWith('.md'))
  .sort();

describe('docs examples', () => {
  it('every rule has a doc and every doc a rule', () => {
    expect(docs.map((name) => name.replace(/\.md$/, ''))).toEqual(Object.keys(rules).sort());
  });

  for (const docName of docs) {
    const ruleName = docName.replace(/\.md$/, '');
    const examples = extractExamples(docName, fs.readFileSync(path.join(DOCS_DIR, docName), 'utf8'));

    describe(docName, () => {
      it('has at least one incorrect and one correct example', () => {
        expect(examples.filter((e) => e.verdict === 'incorrect').length).toBeGreaterThan(0);
        expect(examples.filter((e) => e.verdict === 'correct').length).toBeGreaterThan(0);
      });

      for (const example of examples) {
        if (example.verdict === null) continue;
        it(`${example.heading} › block ${example.index} (line ${example.line})`, () => {
          const messages = lintExample(ruleName, example);
          const fatal = messages.filter((m) => m.fatal);
          expect(describeMessages(fatal), 'parse errors').toBe('');
          const own = messages.filter((m) => m.ruleId === `mcp-meta/${ruleName}`);
          if (example.verdict === 'incorrect') {
            expect(own.length, `expected a problem from ${ruleName} in:\n${example.code}`).toBeGreaterThan(0);
            const expected = expectedReportsOf(example.code);
            expect(expected, `an incorrect block needs a '// Reports: <messageId>, …' line:\n${example.code}`).not.toBeNull();
            expect(
              messages.map((m) => m.messageId ?? m.ruleId ?? '(fatal)'),
              describeMessages(messages),
            ).toEqual(expected);
          } else {
            expect(describeMessages(messages), `expected no problem in:\n${example.code}`).toBe('');
          }
        });
        if (example.verdict === 'correct') {
          it(`${example.heading} › block ${example.index} (line ${example.line}) › silent under recommended`, () => {
            const messages = lintExample(ruleName, example, plugin.configs.recommended.rules as LinterType.RulesRecord);
            expect(describeMessages(messages), `a correct example draws no problem from any recommended rule:\n${example.code}`).toBe('');
          });
        }
      }
    });
  }
});

describe('extractExamples', () => {
  it('classifies blocks by the nearest Incorrect/Correct heading, ignores other languages and # lines in code', () => {
    const markdown = [
      '# Title',
      '## Examples',
      '### ❌ Incorrect',
      '```ts',
      '# not a heading',
      'a();',
      '```',
      '#### With an option',
      '```ts',
      'b();',
      '```',
      '### ✅ Correct',
      '```json',
      '{}',
      '```',
      '```ts',
      'c();',
      '```',
      '## When not to use it',
      '```ts',
      'd();',
      '```',
    ].join('\n');
    expect(extractExamples('x.md', markdown).map((e) => [e.verdict, e.heading, e.line, e.code])).toEqual([
      ['incorrect', '❌ Incorrect', 4, '# not a heading\na();\n'],
      ['incorrect', '❌ Incorrect', 9, 'b();\n'],
      ['correct', '✅ Correct', 16, 'c();\n'],
      [null, 'When not to use it', 20, 'd();\n'],
    ]);
  });

  it('reads the File and Options lines', () => {
    expect(fileOf('// File: src/mcp/dispatch.ts\nx();\n')).toBe(path.join(EXAMPLES_DIR, 'src/mcp/dispatch.ts'));
    expect(fileOf('x();\n')).toBe(path.join(EXAMPLES_DIR, DEFAULT_FILE));
    expect(optionsOf('// Options: {"requireForAll": true}\nx();\n')).toEqual([{ requireForAll: true }]);
    expect(optionsOf('// Options: [{"a": 1}, "b"]\n')).toEqual([{ a: 1 }, 'b']);
    expect(optionsOf('x();\n')).toEqual([]);
    expect(expectedReportsOf('// File: a.ts\n// Reports: replaceMeta, deleteMeta\nx();\n')).toEqual(['replaceMeta', 'deleteMeta']);
    expect(expectedReportsOf('x();\n')).toBeNull();
  });
});
