// Builds into a fresh folder, then swaps it in for dist/: a deleted source never lingers in dist/, and a build running
// while tests read dist/ (parallel test files, editors) never leaves them with a half-empty folder.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireAs } from './require-as.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const staging = join(root, `.dist-${process.pid}`);
const retired = join(root, `.dist-old-${process.pid}`);
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

try {
  execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json'), '--outDir', staging], { stdio: 'inherit' });
  // tsc emits CommonJS (ESLint 8's eslintrc loads plugins with require). The "import" condition gets a thin ESM entry
  // re-exporting the same plugin object, so both module systems share one instance.
  writeFileSync(
    join(staging, 'src', 'index.mjs'),
    "import plugin from './index.js';\nexport default plugin;\nexport const { meta, rules, configs } = plugin;\n",
  );
  // The manifest's JSON Schema validator, precompiled with ajv (see src/registry/schema-compile.ts for why).
  /** @type {typeof import('../src/registry/schema-compile.js')} */
  const schemaCompile = requireAs(createRequire(import.meta.url), join(staging, 'src', 'registry', 'schema-compile.js'));
  writeFileSync(join(staging, 'src', 'registry', schemaCompile.PRECOMPILED_VALIDATOR_FILE), schemaCompile.registryValidatorSource());
  // The mcp-meta bin must be executable when installed from a packed tarball.
  const bin = join(staging, 'src', 'cli', 'main.js');
  if (existsSync(bin)) chmodSync(bin, 0o755);
  const dist = join(root, 'dist');
  if (existsSync(dist)) renameSync(dist, retired);
  renameSync(staging, dist);
} finally {
  rmSync(staging, { recursive: true, force: true });
  rmSync(retired, { recursive: true, force: true });
}
