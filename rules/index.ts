// One import per rule, in alphabetical order. eslint-doc-generator reads this map through the built plugin.
import type { TSESLint } from '@typescript-eslint/utils';

export const rules: Record<string, TSESLint.RuleModule<string, readonly unknown[]>> = {};
