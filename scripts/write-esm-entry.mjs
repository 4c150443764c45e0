// tsc emits CommonJS (ESLint 8's eslintrc loads plugins with require). This writes the thin ESM entry that the
// package's "import" condition serves, re-exporting the same plugin object so both module systems share one instance.
import { writeFileSync, chmodSync } from 'node:fs';

const entry = new URL('../dist/src/index.mjs', import.meta.url);
writeFileSync(
  entry,
  [
    "import plugin from './index.js';",
    'export default plugin;',
    'export const { meta, rules, configs } = plugin;',
    '',
  ].join('\n'),
);
chmodSync(new URL('../dist/src/cli/main.js', import.meta.url), 0o755);
