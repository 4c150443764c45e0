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
    // Type-checked rules for our own TypeScript (rules, src, tests): floating promises, unsafe any, wrong awaits.
    files: ['**/*.ts', '**/*.mts'],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['vitest.config.mts'] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // TS-ESTree's `type` is a string enum; comparing it with string literals (`node.type === 'Identifier'`) is exact
      // and reads like ESTree, which is how every rule here is written.
      '@typescript-eslint/no-unsafe-enum-comparison': 'off',
      // `unwrap(node) as Expression` narrows unwrap's `T | Expression`; the rule's "pass the type argument instead"
      // would widen the parameter, which is the opposite of what the assertion says.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Layers: the package entries (src/index.ts, src/config.ts) -> rules/ -> src/{analysis,registry,util}. The CLI sits
    // beside the rules and uses the same layers. Nothing below rules/ imports it (no folder cycle).
    files: ['src/**/*.ts'],
    ignores: ['src/index.ts', 'src/config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)rules(/|$)', message: 'src/ modules sit below rules/: only the package entries import it.' }] },
      ],
    },
  },
  {
    files: ['src/registry/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(rules|analysis|cli)(/|$)',
              message: 'The registry is the bottom layer: it imports neither the analysis, the rules nor the CLI.',
            },
          ],
        },
      ],
    },
  },
  {
    // Rule plumbing sits below the analysis: the fixes that need the write model live in src/fixes/.
    files: ['src/util/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(rules|analysis|cli|fixes)(/|$)',
              message: 'src/util/ is rule plumbing below the analysis: a fix that reads the write model goes in src/fixes/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)rules(/|$)|/registry/',
              message: 'The CLI uses the registry through its public surface (src/registry/index.ts) and never the rules.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['rules/**/*.ts'],
    ...eslintPlugin.configs.recommended,
  },
  {
    // Test doubles implement async interfaces with synchronous bodies; that is what they are for.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    files: ['test/rules/**/*.ts'],
    ...eslintPlugin.configs.tests,
  },
  {
    // scripts/ are type-checked like src/ (tsconfig.scripts.json: allowJs + checkJs, strict, JSDoc types; part of
    // `npm run typecheck`) and linted with the same type-checked rules.
    files: ['scripts/**/*.mjs'],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: { parserOptions: { project: './tsconfig.scripts.json', tsconfigRootDir: import.meta.dirname } },
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
