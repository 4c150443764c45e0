// tsc emits CommonJS (ESLint 8's eslintrc loads plugins with require). This writes the thin ESM entry that the
// package's "import" condition serves, re-exporting the same plugin object so both module systems share one instance.
import { writeFileSync, chmodSync, existsSync } from 'node:fs';

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
// The mcp-meta bin must be executable when installed from a packed tarball.
const bin = new URL('../dist/src/cli/main.js', import.meta.url);
if (existsSync(bin)) chmodSync(bin, 0o755);
