import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  DISCOVERY_RECHECK_MS,
  REGISTRY_FILENAME,
  formatRegistryProblem,
  registryCacheStats,
  resetRegistryCache,
  resetRegistryDiscovery,
  resolveRegistryForFile,
} from '../../src/registry';
import type { ResolvedRegistry } from '../../src/registry';
import { nextTurn } from '../../src/util/stat-once-per-turn';
import { ISSUE_2_EXAMPLE, makeTempProject, manifestWithKeys, removeTempProject, writeFile } from './temp-project';

let dir: string;

beforeEach(() => {
  resetRegistryCache();
  resetRegistryDiscovery();
  dir = makeTempProject({ 'src/core/ops/search.ts': '', 'packages/api/src/a.ts': '' });
});
afterEach(() => {
  vi.useRealTimers();
  removeTempProject(dir);
});

function registryPathOf(resolved: ResolvedRegistry): string {
  if (!resolved.ok) throw new Error(formatRegistryProblem(resolved.problem));
  return resolved.registry.path;
}

describe('resolveRegistryForFile: explicit settings', () => {
  it('uses an absolute registry path', () => {
    const manifest = writeFile(dir, 'config/m.json', ISSUE_2_EXAMPLE);
    const resolved = resolveRegistryForFile(path.join(dir, 'src/core/ops/search.ts'), { 'mcp-meta': { registry: manifest } }, '/');
    expect(registryPathOf(resolved)).toBe(manifest);
  });

  it('resolves a relative registry path against cwd, not against the file', () => {
    const manifest = writeFile(dir, 'config/m.json', ISSUE_2_EXAMPLE);
    const settings = { 'mcp-meta': { registry: 'config/m.json', registryHash: 'abc' } };
    expect(registryPathOf(resolveRegistryForFile(path.join(dir, 'packages/api/src/a.ts'), settings, dir))).toBe(manifest);
  });

  it('reports a missing explicit manifest with its absolute path and the fix', () => {
    const missing = path.join(dir, 'nope.json');
    const resolved = resolveRegistryForFile(path.join(dir, 'src/a.ts'), { 'mcp-meta': { registry: missing } }, dir);
    expect(resolved.ok).toBe(false);
    if (resolved.ok) return;
    expect(resolved.registryPath).toBe(missing);
    expect(formatRegistryProblem(resolved.problem)).toBe(
      `registry manifest ${missing}: Registry manifest not found: ${missing} does not exist. ` +
        "Fix: Create it (npx mcp-meta init) or point settings['mcp-meta'].registry at it.",
    );
  });

  it('a missing relative manifest: says it was resolved against the working directory and how to anchor it', () => {
    const resolved = resolveRegistryForFile(path.join(dir, 'src/a.ts'), { 'mcp-meta': { registry: 'nope.json' } }, dir);
    if (resolved.ok) throw new Error('expected a problem');
    expect(resolved.registryPath).toBe(path.join(dir, 'nope.json'));
    expect(resolved.problem.message).toBe(`Registry manifest not found: ${path.join(dir, 'nope.json')} does not exist.`);
    expect(resolved.problem.fix).toBe(
      `'nope.json' is relative, so it was resolved against ESLint's working directory ${dir} (under oxlint: the folder ` +
        'oxlint runs in), which in an editor may be the workspace folder rather than your project. If the manifest does not ' +
        'exist yet, create it: npx mcp-meta init (on TypeScript 7, see the "TypeScript 7" section of the plugin\'s README). ' +
        "If it is elsewhere: in ESLint, make the path absolute from the config file's folder, " +
        "createConfig({ registry: 'nope.json', baseDir: import.meta.dirname }) (or __dirname) in eslint.config.*, " +
        "or registry: path.join(__dirname, 'nope.json') in .eslintrc.cjs; in oxlint, run it in the folder the path is " +
        'relative to, or write the path absolute in .oxlintrc.json.',
    );
  });

  it('passes on every manifest problem, the first error first', () => {
    writeFile(dir, REGISTRY_FILENAME, '{\n  "version": 1,\n  "keys": { "a": {} },\n  "emiters": []\n}');
    const resolved = resolveRegistryForFile(path.join(dir, 'src/a.ts'), {}, dir);
    if (resolved.ok) throw new Error('expected a problem');
    expect(resolved.problems.map((p) => p.pointer)).toEqual(['/keys/a', '/emiters']);
    expect(resolved.problem).toBe(resolved.problems[0]);
    expect(formatRegistryProblem(resolved.problem)).toBe(
      `registry manifest ${path.join(dir, REGISTRY_FILENAME)}:3:13 (/keys/a): Key 'a' has no producers. ` +
        `Fix: Add "producers": ["path/to/the-one-file.ts"] to key 'a': every key has exactly one producer (MCP_META_CHANNELS rule 1).`,
    );
  });
});

describe('resolveRegistryForFile: settings validation', () => {
  it.each([
    [{ 'mcp-meta': 'x.json' }, '', /must be an object, not string/],
    [{ 'mcp-meta': null }, '', /must be an object, not null/],
    [{ 'mcp-meta': { registy: 'x.json' } }, '/registy', /did you mean 'registry'/],
    [{ 'mcp-meta': { rules: {} } }, '/rules', /Unknown property 'rules'/],
    [{ 'mcp-meta': { registry: 42 } }, '/registry', /must be a non-empty string/],
    [{ 'mcp-meta': { registry: '' } }, '/registry', /must be a non-empty string/],
    [{ 'mcp-meta': { registry: 'x.json', registryHash: 1 } }, '/registryHash', /must be a string/],
  ])('rejects %j', (settings, pointer, message) => {
    const resolved = resolveRegistryForFile(path.join(dir, 'src/a.ts'), settings, dir);
    if (resolved.ok) throw new Error('expected a settings problem');
    expect(resolved.problem).toMatchObject({ origin: 'settings', pointer });
    expect(resolved.problem.message).toMatch(message);
    expect(resolved.problem.fix).toMatch(/\S/);
    expect(resolved.registryPath).toBeNull();
    expect(formatRegistryProblem(resolved.problem)).toMatch(/^ESLint settings\['mcp-meta'\] \(/);
  });

  it('validates each settings object once', () => {
    writeFile(dir, REGISTRY_FILENAME, ISSUE_2_EXAMPLE);
    let reads = 0;
    const settings = {
      get 'mcp-meta'() {
        reads++;
        return { registry: REGISTRY_FILENAME };
      },
    };
    for (let i = 0; i < 3; i++) expect(resolveRegistryForFile(path.join(dir, 'src/a.ts'), settings, dir).ok).toBe(true);
    expect(reads).toBe(1);
  });
});

describe('resolveRegistryForFile: discovery', () => {
  it('finds the nearest manifest walking up from the file', () => {
    const root = writeFile(dir, REGISTRY_FILENAME, ISSUE_2_EXAMPLE);
    const nested = writeFile(dir, `packages/api/${REGISTRY_FILENAME}`, manifestWithKeys({ api: { producers: ['src/a.ts'] } }));
    expect(registryPathOf(resolveRegistryForFile(path.join(dir, 'src/core/ops/search.ts'), {}, '/'))).toBe(root);
    const resolved = resolveRegistryForFile(path.join(dir, 'packages/api/src/a.ts'), {}, '/');
    expect(registryPathOf(resolved)).toBe(nested);
    expect(resolved.ok && resolved.registry.classifyFile(path.join(dir, 'packages/api/src/a.ts')).ownedKeys).toEqual(['api']);
  });

  it('resolves a relative filename (lintText without a path) against cwd', () => {
    const root = writeFile(dir, REGISTRY_FILENAME, ISSUE_2_EXAMPLE);
    expect(registryPathOf(resolveRegistryForFile('<input>', {}, path.join(dir, 'src')))).toBe(root);
  });

  it('costs one stat per event-loop turn, not per linted file, once discovery is cached', async () => {
    writeFile(dir, REGISTRY_FILENAME, ISSUE_2_EXAMPLE);
    const files = ['src/core/ops/search.ts', 'src/core/ops/list.ts', 'src/core/x.ts'].map((f) => path.join(dir, f));
    resolveRegistryForFile(files[0], {}, dir); // warm-up: walks up from src/core/ops
    resolveRegistryForFile(files[2], {}, dir); // warm-up: src/core was cached by the first walk
    for (let turn = 0; turn < 3; turn++) {
      await nextTurn();
      const before = registryCacheStats();
      for (let round = 0; round < 3; round++) for (const file of files) expect(resolveRegistryForFile(file, {}, dir).ok).toBe(true);
      expect(registryCacheStats().stats - before.stats, `turn ${turn}`).toBe(1);
    }
    expect(registryCacheStats()).toMatchObject({ reads: 1, parses: 1 });
  });

  it('reports no manifest, then notices one created later (after the re-check delay)', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const file = path.join(dir, 'src/core/ops/search.ts');
    const resolved = resolveRegistryForFile(file, {}, dir);
    if (resolved.ok) throw new Error(`found an unexpected manifest at ${resolved.registry.path}`);
    expect(resolved.registryPath).toBeNull();
    expect(resolved.problem.message).toBe(`No ${REGISTRY_FILENAME} found in ${path.dirname(file)} or any folder above it.`);
    expect(resolved.problem.fix).toBe("Create it (npx mcp-meta init) or point settings['mcp-meta'].registry at it.");

    const manifest = writeFile(dir, REGISTRY_FILENAME, ISSUE_2_EXAMPLE);
    // Within the delay the negative answer is cached: no walk up the tree for every file.
    const statsBefore = registryCacheStats().stats;
    expect(resolveRegistryForFile(file, {}, dir).ok).toBe(false);
    expect(registryCacheStats().stats).toBe(statsBefore);

    vi.setSystemTime(Date.now() + DISCOVERY_RECHECK_MS + 1);
    expect(registryPathOf(resolveRegistryForFile(file, {}, dir))).toBe(manifest);
  });

  it('picks up a nearer manifest created after the first lint (a package under the root), at a bounded number of stats', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const root = writeFile(dir, REGISTRY_FILENAME, ISSUE_2_EXAMPLE);
    const files = ['packages/api/src/a.ts', 'packages/api/src/b.ts', 'packages/api/src/c.ts'].map((f) => path.join(dir, f));
    for (const file of files) expect(registryPathOf(resolveRegistryForFile(file, {}, dir))).toBe(root);

    const nested = writeFile(dir, `packages/api/${REGISTRY_FILENAME}`, manifestWithKeys({ api: { producers: ['src/a.ts'] } }));
    // Within the re-check delay: the cached answer, and no walk; in a new turn, one stat of the manifest (mtime, size).
    await nextTurn();
    let before = registryCacheStats().stats;
    for (const file of files) expect(registryPathOf(resolveRegistryForFile(file, {}, dir))).toBe(root);
    expect(registryCacheStats().stats - before).toBe(1);

    // After it: the first file walks packages/api/src (no manifest) and packages/api (the new one): 2 stats, plus the
    // new manifest's own stat; the other files of that folder reuse the fresh answer and this turn's stat.
    vi.setSystemTime(Date.now() + DISCOVERY_RECHECK_MS + 1);
    before = registryCacheStats().stats;
    for (const file of files) expect(registryPathOf(resolveRegistryForFile(file, {}, dir))).toBe(nested);
    expect(registryCacheStats().stats - before).toBe(2 + 1);
    const resolved = resolveRegistryForFile(files[0], {}, dir);
    expect(resolved.ok && resolved.registry.classifyFile(files[0]).ownedKeys).toEqual(['api']);

    // Deleting it falls back to the root manifest on the next turn's lint (no delay: the missing manifest triggers a
    // new walk).
    fs.rmSync(nested);
    await nextTurn();
    expect(registryPathOf(resolveRegistryForFile(files[0], {}, dir))).toBe(root);
  });

  it('re-checks a found manifest at most once per delay per folder, however many files are linted', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    writeFile(dir, REGISTRY_FILENAME, ISSUE_2_EXAMPLE);
    const files = Array.from({ length: 50 }, (_, i) => path.join(dir, `packages/api/src/f${i}.ts`));
    resolveRegistryForFile(files[0], {}, dir);
    vi.setSystemTime(Date.now() + DISCOVERY_RECHECK_MS + 1);
    await nextTurn();
    const before = registryCacheStats().stats;
    for (let round = 0; round < 4; round++) for (const file of files) expect(resolveRegistryForFile(file, {}, dir).ok).toBe(true);
    // One walk: packages/api/src, packages/api, packages, and the root (found there); one stat of the manifest this turn.
    expect(registryCacheStats().stats - before).toBe(4 + 1);
  });

  it('looks again when the discovered manifest is deleted (from the next event-loop turn)', async () => {
    writeFile(dir, `src/${REGISTRY_FILENAME}`, ISSUE_2_EXAMPLE);
    const outer = writeFile(dir, REGISTRY_FILENAME, ISSUE_2_EXAMPLE);
    const file = path.join(dir, 'src/core/ops/search.ts');
    expect(registryPathOf(resolveRegistryForFile(file, {}, dir))).toBe(path.join(dir, `src/${REGISTRY_FILENAME}`));
    fs.rmSync(path.join(dir, `src/${REGISTRY_FILENAME}`));
    await nextTurn();
    expect(registryPathOf(resolveRegistryForFile(file, {}, dir))).toBe(outer);
  });
});

describe('formatRegistryProblem', () => {
  it('shows path, line:column, pointer, message and fix on one line', () => {
    const text = formatRegistryProblem({
      severity: 'error',
      file: '/p/mcp-meta.registry.json',
      line: 4,
      column: 7,
      pointer: '/keys/a/producers/0',
      message: 'Something is\nwrong.',
      fix: 'Do this.',
    });
    expect(text).toBe('registry manifest /p/mcp-meta.registry.json:4:7 (/keys/a/producers/0): Something is wrong. Fix: Do this.');
  });

  it('marks warnings and works without a place', () => {
    expect(formatRegistryProblem({ severity: 'warning', file: '/p/m.json', message: 'M.', fix: 'F.' })).toBe(
      'registry manifest /p/m.json: warning: M. Fix: F.',
    );
  });
});
