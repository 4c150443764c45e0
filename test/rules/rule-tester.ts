/**
 * The RuleTester every rule test uses: @typescript-eslint/parser, and the docs example manifest
 * (docs/examples/mcp-meta.registry.json) given through settings, as users do. `file()` names a linted file relative to
 * that manifest's folder, which decides the file's role (producer of which key, merge layer, ignored).
 *
 * Its `run` also checks that a fix is final across rules: for every invalid case with an `output` (and every
 * suggestion with one), the output linted with the whole recommended preset (the case's rule with the case's options)
 * has no finding the code did not have. A rule's own RuleTester only sees that rule, so a fix that earns another rule's
 * finding, or its own in another form (a wrap reported as a shared try), passes there unseen.
 */
import path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { RuleTester, type InvalidTestCase, type RunTests } from '@typescript-eslint/rule-tester';
import type { RuleModule } from '@typescript-eslint/utils/ts-eslint';
import { Linter } from 'eslint';
import plugin from '../../rules';

export const EXAMPLES_DIR = path.resolve(__dirname, '../../docs/examples');
export const EXAMPLES_REGISTRY = path.join(EXAMPLES_DIR, 'mcp-meta.registry.json');

/** Absolute path of a file in the examples project: `file('src/core/ops/search.ts')`. */
export function file(relative: string): string {
  return path.join(EXAMPLES_DIR, relative);
}

export const SEARCH_OP = file('src/core/ops/search.ts');
export const DISPATCH = file('src/mcp/dispatch.ts');
export const HOT_MEMORY_HOOK = file('src/hooks/brain-hot-memory.ts');
export const EVAL_COMMAND = file('src/commands/eval-report.ts');
export const OTHER_FILE = file('src/core/ops/list-pages.ts');

const SETTINGS = { 'mcp-meta': { registry: EXAMPLES_REGISTRY } };

export function createRuleTester(): RuleTester {
  return new FixesAreFinalRuleTester({ settings: SETTINGS });
}

// `**/*` alone matches no file in flat config: a file is linted only when a pattern naming its extension matches it.
const SOURCE_FILES = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts', '**/*.js', '**/*.jsx', '**/*.mjs', '**/*.cjs'];

/** A finding as the invariant compares it: positions move when a fix edits the text, rule and message do not. */
const findingKey = (message: Linter.LintMessage): string => `${message.ruleId ?? 'parser'}/${message.messageId ?? message.message}`;

/**
 * The findings `output` has beyond those of `code` (as `rule/messageId` at line:column), linted with the recommended
 * preset and `ruleName` set to `options` (the case's own options), with the case's settings over the tester's.
 */
export function newFindings(
  code: string,
  output: string,
  {
    filename,
    ruleName,
    options = [],
    settings,
  }: { filename: string; ruleName: string; options?: readonly unknown[]; settings: Record<string, unknown> },
): string[] {
  const linter = new Linter({ configType: 'flat', cwd: path.dirname(filename) });
  const config: Linter.Config[] = [
    {
      files: SOURCE_FILES,
      languageOptions: { parser: tsParser },
      ...(plugin.configs.recommended as Linter.Config),
      settings,
    },
    { files: SOURCE_FILES, rules: { [`mcp-meta/${ruleName}`]: ['error', ...options] } },
  ];
  const original = linter.verify(code, config, { filename });
  // A parse error or a file no config matches would make every comparison pass: the invariant must see real findings.
  const unlinted = original.find((message) => message.ruleId === null);
  if (unlinted) throw new Error(`the code is not linted (${unlinted.message}):\n${code}`);
  return findingsAdded(original, linter.verify(output, config, { filename }));
}

/**
 * The findings of `after` beyond those of `before`, counted per rule and message (as `rule/messageId at line:column`).
 * Positions are not compared (a fix moves code); a finding of a rule and message the code had fewer of is new.
 */
export function findingsAdded(before: readonly Linter.LintMessage[], after: readonly Linter.LintMessage[]): string[] {
  const left = new Map<string, number>();
  for (const message of before) left.set(findingKey(message), (left.get(findingKey(message)) ?? 0) + 1);
  const added: string[] = [];
  for (const message of after) {
    const key = findingKey(message);
    const count = left.get(key) ?? 0;
    if (count > 0) left.set(key, count - 1);
    else added.push(`${key} at ${message.line}:${message.column}: ${message.message}`);
  }
  return added;
}

/** Each output of an invalid case: the fix's (the last pass's when it is a list), then each suggestion's. */
function outputsOf(test: InvalidTestCase<string, readonly unknown[]>): { label: string; output: string }[] {
  const outputs: { label: string; output: string }[] = [];
  const fixed = Array.isArray(test.output) ? test.output[test.output.length - 1] : test.output;
  if (typeof fixed === 'string' && fixed !== test.code) outputs.push({ label: 'fix', output: fixed });
  for (const error of test.errors)
    for (const suggestion of error.suggestions ?? [])
      if (typeof suggestion.output === 'string') outputs.push({ label: `suggestion ${suggestion.messageId}`, output: suggestion.output });
  return outputs;
}

/** A RuleTester whose `run` also checks that no fix or suggestion creates a finding (see above). */
export class FixesAreFinalRuleTester extends RuleTester {
  readonly #settings: Record<string, unknown>;

  constructor(config: { settings: Record<string, unknown> }) {
    super(config);
    this.#settings = config.settings;
  }

  override run<MessageIds extends string, Options extends readonly unknown[]>(
    ruleName: string,
    rule: RuleModule<MessageIds, Options>,
    tests: RunTests<MessageIds, Options>,
  ): void {
    super.run(ruleName, rule, tests);
    // The name in the plugin (a run's name may say more: 'no-wholesale-meta-assign (fix regressions)').
    const pluginName = Object.entries(plugin.rules).find(([, candidate]) => (candidate as unknown) === rule)?.[0];
    if (pluginName === undefined) return;
    const checked = tests.invalid.flatMap((test) =>
      outputsOf(test as InvalidTestCase<string, readonly unknown[]>).map((output) => ({ test, ...output })),
    );
    if (checked.length === 0) return;
    RuleTester.describe(`${ruleName}: no fix or suggestion creates a finding (recommended preset)`, () => {
      for (const { test, label, output } of checked) {
        RuleTester.it(`${label}: ${test.name ?? test.code}`, () => {
          const added = newFindings(test.code, output, {
            filename: test.filename ?? 'file.ts',
            ruleName: pluginName,
            options: test.options ?? [],
            settings: { ...this.#settings, ...test.settings },
          });
          if (added.length > 0) throw new Error(`the ${label} output has new findings:\n${added.join('\n')}\n--- output\n${output}`);
        });
      }
    });
  }
}
