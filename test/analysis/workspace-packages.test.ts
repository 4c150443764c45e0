/**
 * Key constants of a workspace package (npm, pnpm and yarn workspaces link each package into the `node_modules` of
 * those that depend on it): the link is followed to the package's real folder, as TypeScript does (`preserveSymlinks`
 * off), so its modules are read under its own tsconfig, whose `paths` lead to a sibling package's sources (the MCP
 * TypeScript SDK's `@modelcontextprotocol/core-internal` re-exports `SERVER_INFO_META_KEY` from
 * `@modelcontextprotocol/core/internal` this way), and `eslint --cache` lists them among the modules it watches.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findMetaWritesInSource } from '../../src/analysis/analyze-source';
import { resolveExport } from '../../src/analysis/modules/imported-consts';
import { moduleResolverOf } from '../../src/analysis/modules/module-resolver';
import { persistModulesRead, recordModulesRead } from '../../src/analysis/modules/modules-read';
import { nextTurn } from '../../src/util/stat-once-per-turn';
import { tempProjectsPerTest } from '../registry/temp-project';

const VOCABULARY = { emitters: new Set(['emit']), hooks: new Set<string>(), hookFunctions: new Set<string>() };
const project = tempProjectsPerTest();

/**
 * A workspace as `pnpm install` leaves it: the app depends on `@acme/keys`, which re-exports its key from
 * `@acme/base/internal` through its tsconfig `paths` into the linked `@acme/base`'s sources (neither package is built:
 * their `exports` name `dist` files that do not exist, as in a fresh checkout). The shared `@acme/tsconfig` that
 * `keys` extends is not linked: TypeScript goes on with the config's own options.
 */
function workspace(): string {
  const root = project({
    'package.json': JSON.stringify({ name: 'app', dependencies: { '@acme/keys': 'workspace:*' } }),
    'packages/keys/package.json': JSON.stringify({
      name: '@acme/keys',
      exports: { '.': { types: './src/index.ts', import: './dist/index.mjs' } },
    }),
    'packages/keys/tsconfig.json': JSON.stringify({
      extends: '@acme/tsconfig',
      compilerOptions: { paths: { '@acme/base/internal': ['./node_modules/@acme/base/src/internal.ts'] } },
    }),
    'packages/keys/src/index.ts': "export * from './constants';\n",
    'packages/keys/src/constants.ts': "export { SERVER_INFO_KEY } from '@acme/base/internal';\n",
    'packages/base/package.json': JSON.stringify({
      name: '@acme/base',
      exports: { './internal': { import: { types: './dist/internal.d.mts', default: './dist/internal.mjs' } } },
    }),
    'packages/base/src/internal.ts': "export * from './constants';\n",
    'packages/base/src/constants.ts': "export const SERVER_INFO_KEY = 'io.acme/serverInfo';\n",
  });
  link(root, 'node_modules/@acme/keys', 'packages/keys');
  link(root, 'packages/keys/node_modules/@acme/base', 'packages/base');
  return root;
}

function link(root: string, from: string, to: string): void {
  fs.mkdirSync(path.dirname(path.join(root, from)), { recursive: true });
  fs.symlinkSync(path.relative(path.dirname(path.join(root, from)), path.join(root, to)), path.join(root, from), 'dir');
}

const CODE = "import { SERVER_INFO_KEY } from '@acme/keys';\nemit(SERVER_INFO_KEY, 1);";

describe('key constants of workspace packages linked into node_modules', () => {
  it('follows the link to the real folder, and the package tsconfig paths (a missing base config kept aside) from there', () => {
    const root = workspace();
    const keys = findMetaWritesInSource(CODE, path.join(root, 'src/server.ts'), VOCABULARY).flatMap((write) =>
      write.keys.map((key) => `${key.name ?? '?'} ${key.source}`),
    );
    expect(keys).toEqual(['io.acme/serverInfo const']);
    const found = resolveExport(
      '@acme/keys',
      'SERVER_INFO_KEY',
      path.join(root, 'src/server.ts'),
      (summary, name) => summary.strings.get(name),
      moduleResolverOf,
    );
    expect(found).toEqual({ file: path.join(root, 'packages/base/src/constants.ts'), value: 'io.acme/serverInfo' });
  });

  it("lists the workspace package's modules, at their real paths, in the `--cache` sidecar", async () => {
    const root = workspace();
    const registry = path.join(root, 'mcp-meta.registry.json');
    persistModulesRead(registry);
    findMetaWritesInSource(CODE, path.join(root, 'src/server.ts'), VOCABULARY);
    recordModulesRead(registry);
    await nextTurn();
    const [sidecar] = fs.readdirSync(path.join(root, 'node_modules/.cache/eslint-plugin-mcp-meta'));
    const listed = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/.cache/eslint-plugin-mcp-meta', sidecar!), 'utf8')) as {
      modules: Record<string, string>;
    };
    expect(Object.keys(listed.modules)).toEqual([
      'packages/base/src/constants.ts',
      'packages/base/src/internal.ts',
      'packages/keys/src/constants.ts',
      'packages/keys/src/index.ts',
    ]);
  });
});
