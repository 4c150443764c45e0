// Self-lint (ESLint 10, flat): typescript-eslint on all our TypeScript, eslint-plugin-eslint-plugin on the rules and
// their tests. Fixtures are linted by the e2e tests with their own configs, never by this one.
import { defineConfig, globalIgnores } from 'eslint/config';
import js from '@eslint/js';
import eslintPlugin from 'eslint-plugin-eslint-plugin';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores(['dist/', '.dist-*/', 'fixtures/', 'coverage/', 'node_modules/', 'docs/', 'examples/']),
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.mts'],
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['rules/**/*.ts'],
    ...eslintPlugin.configs.recommended,
  },
  {
    files: ['test/rules/**/*.ts'],
    ...eslintPlugin.configs.tests,
  },
  {
    files: ['scripts/**/*.mjs', '*.mjs', '*.cjs', '*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        performance: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        Buffer: 'readonly',
        __dirname: 'readonly',
        require: 'readonly',
        module: 'writable',
      },
    },
  },
);
