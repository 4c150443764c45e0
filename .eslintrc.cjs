// eslintrc config as an ESLint 8.57 user would write it (ESLint 9/10 ignore this file; they read eslint.config.*).
// It lints only the example server's sources; the plugin's own code is linted by eslint.config.* (flat).
// The manifest is not named: the rules find fixtures/example-server/mcp-meta.registry.json by walking up.
'use strict';

module.exports = {
  root: true,
  ignorePatterns: [
    '/*',
    '!/fixtures/',
    '/fixtures/*',
    '!/fixtures/example-server/',
    '/fixtures/example-server/*',
    '!/fixtures/example-server/src/',
  ],
  extends: ['plugin:mcp-meta/legacy-recommended'],
  overrides: [
    {
      files: ['*.ts'],
      parser: '@typescript-eslint/parser',
      parserOptions: { ecmaVersion: 2022, sourceType: 'module' },
    },
  ],
};
