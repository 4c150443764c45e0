/**
 * RuleTesters for type-aware cases: test/rules/typed-fixture is a small TypeScript project (its own tsconfig and
 * manifest) whose modules hold keys and builders; each case lints src/search.ts (a producer of every key) or
 * src/other.ts (a producer of none) with its code in place of the file's text. `typed` gives the parser the program
 * (`parserOptions.project`), `untyped` does not: the same cases run through both prove that types only add findings
 * where the syntax could not see, and that without a program nothing changes.
 */
import path from 'node:path';
import { RuleTester } from '@typescript-eslint/rule-tester';

export const TYPED_FIXTURE_DIR = path.resolve(__dirname, 'typed-fixture');
const REGISTRY = path.join(TYPED_FIXTURE_DIR, 'mcp-meta.registry.json');
/** The typed tester joins a case's filename to `tsconfigRootDir`: typed cases name files relative to the fixture. */
export const TYPED_PRODUCER = 'src/search.ts';
export const TYPED_OTHER = 'src/other.ts';
/** The untyped tester takes the filename as given: the same files, absolute. */
export const UNTYPED_PRODUCER = path.join(TYPED_FIXTURE_DIR, TYPED_PRODUCER);
export const UNTYPED_OTHER = path.join(TYPED_FIXTURE_DIR, TYPED_OTHER);

const settings = { 'mcp-meta': { registry: REGISTRY } };

export function createTypedRuleTester(): RuleTester {
  return new RuleTester({
    languageOptions: { parserOptions: { project: './tsconfig.json', tsconfigRootDir: TYPED_FIXTURE_DIR } },
    settings,
  });
}

export function createUntypedRuleTester(): RuleTester {
  return new RuleTester({ settings });
}
