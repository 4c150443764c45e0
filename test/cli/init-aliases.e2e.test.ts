/**
 * `init` and the lint over a server whose tools import their widget helper and key constant through a tsconfig
 * `paths` alias (`@/utils/widget`, set in an extended base config), as the Next.js and Vite templates write them
 * (issue 23: R-montekaka/recurrent-chatgpt-app-demo lost five `openai/*` keys to such an alias). A tsconfig that does
 * not parse or extends a missing file leaves the aliases unknown: no crash, the keys are simply not seen.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintSourcesOf, RECOMMENDED_FLAT_CONFIG, repoRoot, runNode, TSC_BIN } from '../e2e/helpers/e2e';
import { assertBinBuilt, makeTempDir, readManifestText, removeTempDirs, runBin } from './run-bin';

const FIXTURE = path.join(__dirname, 'fixtures/alias-server');
const copies: string[] = [];

beforeAll(assertBinBuilt);
afterAll(() => {
  removeTempDirs();
  for (const dir of copies) fs.rmSync(dir, { recursive: true, force: true });
});

/** A copy two levels below the repository, as the fixtures sit, so the config's `../../dist` resolves. */
function lintableCopy(name: string): string {
  const dir = path.join(repoRoot, 'tmp', `${name}-${process.pid}`);
  copies.push(dir);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(FIXTURE, dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'eslint.config.js'), RECOMMENDED_FLAT_CONFIG);
  return dir;
}

describe('init over a server that imports through a tsconfig paths alias', () => {
  it('type-checks against the real SDK (the alias resolves for tsc)', async () => {
    const run = await runNode(TSC_BIN, ['--noEmit', '-p', path.relative(repoRoot, FIXTURE)], { cwd: repoRoot });
    expect(run.stdout + run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  it("registers the aliased helper's host keys and the aliased key const, with the helper's module as producer", () => {
    const dir = makeTempDir();
    fs.cpSync(FIXTURE, dir, { recursive: true });
    const result = runBin(['init'], dir);
    expect(result.stderr).toBe('');
    expect(result.status, result.stdout).toBe(0);
    expect(readManifestText(dir)).toBe(fs.readFileSync(path.join(__dirname, 'init-expected/alias-server.json'), 'utf8'));
    expect(result.stdout).toContain(
      'widgetMeta() in src/utils/widget.ts returns the tool descriptor `_meta` of src/tools/pizza.ts: its keys (openai/outputTemplate, openai/toolInvocation/invoked, openai/toolInvocation/invoking, openai/widgetAccessible) are registered with src/utils/widget.ts',
    );
  });

  it('lints clean under the manifest init wrote, and the lint sees the aliased keys (recommended config)', async () => {
    const dir = lintableCopy('alias-server-init');
    const result = runBin(['init'], dir);
    expect(result.status, result.stdout).toBe(0);
    expect(await lintSourcesOf(dir)).toEqual([]);
    // The lint reads the same helper: a key the manifest no longer lists is reported at the aliased call.
    const manifest = JSON.parse(readManifestText(dir)) as { keys: Record<string, unknown> };
    delete manifest.keys['openai/widgetAccessible'];
    delete manifest.keys['com.acme/timing'];
    fs.writeFileSync(path.join(dir, 'mcp-meta.registry.json'), JSON.stringify(manifest, null, 2));
    expect(await lintSourcesOf(dir)).toEqual([
      "src/tools/pizza.ts:21:14 mcp-meta/no-unregistered-meta-key tool descriptor `_meta` key 'openai/widgetAccessible' is not registered in mcp-meta.registry.json. It is built by widgetMeta() in 'src/utils/widget.ts': fix it there. Adding a key: register it with one producer, additive-forever (MCP _meta conventions).",
      "src/tools/pizza.ts:29:19 mcp-meta/no-unregistered-meta-key `_meta` key 'com.acme/timing' is not registered in mcp-meta.registry.json. Adding a key: register it with one producer, additive-forever (MCP _meta conventions).",
    ]);
  });

  it.each([
    ['does not parse', (dir: string) => fs.writeFileSync(path.join(dir, 'tsconfig.base.json'), '{ "compilerOptions": { "paths": {')],
    ['extends a missing file', (dir: string) => fs.rmSync(path.join(dir, 'tsconfig.base.json'))],
  ])('a tsconfig that %s leaves the aliases unknown: no crash, the aliased keys are not seen', (_, breakConfig) => {
    const dir = makeTempDir();
    fs.cpSync(FIXTURE, dir, { recursive: true });
    breakConfig(dir);
    const result = runBin(['init'], dir);
    expect(result.stderr).toBe('');
    expect(result.status, result.stdout).toBe(0);
    expect(result.stdout).toContain('wrote mcp-meta.registry.json: 0 keys (none)');
  });
});
