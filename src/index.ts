import plugin from '../rules';

// The plugin object lives in rules/index.ts. `export =` so that `require('eslint-plugin-mcp-meta')` (ESLint 8
// eslintrc) returns the plugin object itself; the ESM entry (dist/src/index.mjs) default-exports the same object.
export = plugin;
