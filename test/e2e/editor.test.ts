/**
 * Editors: the VS Code ESLint extension keeps one ESLint process (and one `ESLint` instance per working folder) alive
 * for the whole session, and lints the open file with `lintText` on every keystroke. These tests do the same with
 * real ESLint 10 (flat, the fixture's eslint.config.js) and real ESLint 8.57 (eslintrc, the fixture's .eslintrc.cjs)
 * over a private copy of fixtures/example-server, and edit the manifest between lints:
 *
 *   add a key        -> the "unregistered key" finding for it disappears
 *   remove a producer -> that file's write becomes a "foreign key" finding
 *   break the JSON    -> one problem at line 1 naming the manifest's path and the place of the error
 *   fix it again      -> back to the original findings
 *
 * all without a new `ESLint` instance. Then it proves what noticing costs: with an unchanged manifest, linting N files
 * is N stats and no read or parse (the registry module's counters, not timings).
 *
 * Needs `npm run build` first (`npm test` does it).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextTurn } from '../../src/util/stat-once-per-turn';
import {
  MANIFEST,
  assertBuilt,
  copyOfFixture,
  filesUnder,
  findingsOf,
  lineOf,
  readManifest,
  removeCopies,
  requireFromRepo,
  writeManifest,
  type JsonMessage,
} from './helpers/e2e';

interface LintResult {
  filePath: string;
  messages: JsonMessage[];
}
interface ESLintInstance {
  lintText(code: string, options: { filePath: string }): Promise<LintResult[]>;
  lintFiles(patterns: string[]): Promise<LintResult[]>;
}
interface ESLintClass {
  new (options: Record<string, unknown>): ESLintInstance;
  readonly version: string;
}
interface RegistryModule {
  registryCacheStats(): { stats: number; reads: number; parses: number };
  resetRegistryCache(): void;
}

/** A file that writes a key no manifest registers yet (written into the copy, linted as an open editor buffer). */
const NEW_PRODUCER = 'src/ops/debug-info.ts';
const NEW_PRODUCER_TEXT = `import type { OperationContext } from '../types';

export function emitDebugInfo(ctx: OperationContext, stages: string[]): void {
  try {
    ctx.emitResponseMeta?.('debug_info', { stages });
  } catch {
    // The key degrades to absent (MCP _meta rule 3).
  }
}
`;
/** A registered producer whose producer entry the test removes. */
const SEARCH_OP = 'src/core/ops/search.ts';

interface Major {
  name: string;
  pkg: 'eslint' | 'eslint-v8';
  major: number;
  /** One instance, as the editor extension holds it for a workspace folder. */
  create(ESLint: ESLintClass, serverDir: string): ESLintInstance;
}

const MAJORS: Major[] = [
  {
    name: 'ESLint 10, flat config (eslint.config.js)',
    pkg: 'eslint',
    major: 10,
    create: (ESLint, serverDir) => new ESLint({ cwd: serverDir, overrideConfigFile: path.join(serverDir, 'eslint.config.js') }),
  },
  {
    name: 'ESLint 8.57, eslintrc (.eslintrc.cjs)',
    pkg: 'eslint-v8',
    major: 8,
    create: (ESLint, serverDir) => new ESLint({ cwd: serverDir, useEslintrc: true }),
  },
];

let registry: RegistryModule;

beforeAll(() => {
  assertBuilt();
  // The same module instance the plugin uses: ESLint loads the plugin through Node's require (package
  // self-reference -> dist/src/index.js), and this resolves to the same dist/src/registry/index.js.
  registry = requireFromRepo('./dist/src/registry') as RegistryModule;
});

afterAll(removeCopies);

describe.each(MAJORS)('$name: one long-lived ESLint instance', (major) => {
  const ESLint = () => (requireFromRepo(major.pkg) as { ESLint: ESLintClass }).ESLint;

  it(`is really ESLint ${major.major}`, () => {
    expect(Number(ESLint().version.split('.')[0])).toBe(major.major);
  });

  it('sees every manifest edit on the next lintText, without a restart', async () => {
    const serverDir = copyOfFixture(`editor-${major.major}`);
    const manifestPath = path.join(serverDir, MANIFEST);
    fs.mkdirSync(path.join(serverDir, path.dirname(NEW_PRODUCER)), { recursive: true });
    fs.writeFileSync(path.join(serverDir, NEW_PRODUCER), NEW_PRODUCER_TEXT);
    const original = fs.readFileSync(manifestPath, 'utf8');

    const eslint = major.create(ESLint(), serverDir);
    // What the editor shows for an open file: its buffer linted under its path.
    const lint = async (rel: string): Promise<string[]> => {
      const filePath = path.join(serverDir, rel);
      const results = await eslint.lintText(fs.readFileSync(filePath, 'utf8'), { filePath });
      return findingsOf(results, serverDir);
    };
    const emitLine = lineOf(NEW_PRODUCER_TEXT, "'debug_info'");
    const searchEmitLine = lineOf(fs.readFileSync(path.join(serverDir, SEARCH_OP), 'utf8'), "emitResponseMeta?.('retrieval'");
    const violations = filesUnder(path.join(serverDir, 'src/violations'), serverDir);
    const lintViolations = async () => (await Promise.all(violations.map(lint))).flat();

    // Before: the new key is unregistered; the search op is a registered producer; the seeded findings are there.
    expect(await lint(NEW_PRODUCER)).toEqual([`${NEW_PRODUCER}:${emitLine} mcp-meta/no-unregistered-meta-key`]);
    expect(await lint(SEARCH_OP)).toEqual([]);
    const seeded = await lintViolations();
    expect(seeded.length).toBeGreaterThan(0);

    // Each edit changes the manifest's size, so the mtime-or-size check notices it even where mtimes are coarse.
    let size = fs.statSync(manifestPath).size;
    // The editor saves in its own process, and the server lints the next change in a later event-loop turn: the
    // plugin looks at the manifest once per turn, so an in-process stand-in for that lets a turn pass after the edit.
    const edit = async (write: () => void) => {
      write();
      const newSize = fs.statSync(manifestPath).size;
      expect(newSize, 'test set-up: every edit must change the size').not.toBe(size);
      size = newSize;
      await nextTurn();
    };

    // 1. Add a key: the unregistered-key finding disappears.
    await edit(() => {
      const manifest = readManifest(serverDir);
      manifest.keys.debug_info = { producers: [NEW_PRODUCER], description: 'Added while the editor runs.', fields: ['stages'] };
      writeManifest(serverDir, manifest);
    });
    expect(await lint(NEW_PRODUCER)).toEqual([]);

    // 2. Remove a producer: the search op's write of `retrieval` is now another producer's key.
    await edit(() => {
      const manifest = readManifest(serverDir);
      manifest.keys.retrieval.producers = manifest.keys.retrieval.producers.filter((glob) => glob !== SEARCH_OP);
      writeManifest(serverDir, manifest);
    });
    expect(await lint(SEARCH_OP)).toEqual([`${SEARCH_OP}:${searchEmitLine} mcp-meta/no-foreign-meta-key`]);
    expect(await lint(NEW_PRODUCER)).toEqual([]);

    // 3. Break the JSON (drop the comma after `"version": 1`): the next entry is where the parser stops.
    let brokenAt = '';
    await edit(() => {
      const text = fs.readFileSync(manifestPath, 'utf8');
      const lines = text.split('\n');
      const versionLine = lines.findIndex((l) => l.includes('"version": 1,'));
      const next = lines[versionLine + 1];
      brokenAt = `${manifestPath}:${versionLine + 2}:${next.length - next.trimStart().length + 1}`;
      fs.writeFileSync(manifestPath, text.replace('"version": 1,', '"version": 1'));
    });
    for (const rel of [NEW_PRODUCER, SEARCH_OP, violations[0]]) {
      const filePath = path.join(serverDir, rel);
      const [result] = await eslint.lintText(fs.readFileSync(filePath, 'utf8'), { filePath });
      expect(result.messages, rel).toHaveLength(1);
      const [problem] = result.messages;
      expect(problem.fatal, `${rel}: a crash instead of a lint problem`).toBeFalsy();
      expect(problem.ruleId, rel).toBe('mcp-meta/valid-registry');
      expect(problem.line, rel).toBe(1);
      expect(problem.severity, rel).toBe(2);
      expect(problem.message, rel).toContain(brokenAt);
    }

    // 4. Fix it again (the original manifest): back to the first lint's results, still the same instance.
    await edit(() => fs.writeFileSync(manifestPath, original));
    expect(await lint(NEW_PRODUCER)).toEqual([`${NEW_PRODUCER}:${emitLine} mcp-meta/no-unregistered-meta-key`]);
    expect(await lint(SEARCH_OP)).toEqual([]);
    expect(await lintViolations()).toEqual(seeded);
  });

  it('noticing costs at most one stat per file (per turn for files that cannot write _meta): read and parsed once while unchanged', async () => {
    const serverDir = copyOfFixture(`editor-stats-${major.major}`);
    const eslint = major.create(ESLint(), serverDir);
    const sources = filesUnder(path.join(serverDir, 'src'), serverDir);
    const n = sources.length;
    expect(n).toBeGreaterThan(5);

    registry.resetRegistryCache();
    // First pass over the whole tree (as `lintFiles`, e.g. a workspace-wide lint task): one read, one parse, one stat
    // per event-loop turn the pass takes for files that cannot write `_meta` (ESLint lints files as their reads
    // complete) and one per file that may (so a same-turn edit is seen): at most one per file.
    const first = await eslint.lintFiles([path.join(serverDir, 'src')]);
    expect(first.map((r) => path.relative(serverDir, r.filePath).split(path.sep).join('/')).sort()).toEqual(sources);
    const afterPass = registry.registryCacheStats();
    expect(afterPass).toMatchObject({ reads: 1, parses: 1 });
    expect(afterPass.stats).toBeGreaterThanOrEqual(1);
    expect(afterPass.stats).toBeLessThanOrEqual(n);

    // N more lints of open buffers, each in a turn of its own as in an editor, manifest unchanged: N stats, no read.
    for (const rel of sources) {
      await nextTurn();
      const filePath = path.join(serverDir, rel);
      await eslint.lintText(fs.readFileSync(filePath, 'utf8'), { filePath });
    }
    expect(registry.registryCacheStats()).toEqual({ stats: afterPass.stats + n, reads: 1, parses: 1 });

    // One edit, saved before the next lint's turn: exactly one more read and parse, however many files follow.
    const manifest = readManifest(serverDir);
    manifest.keys.retrieval.description = `${manifest.keys.retrieval.description} (edited)`;
    writeManifest(serverDir, manifest);
    await nextTurn();
    await eslint.lintFiles([path.join(serverDir, 'src')]);
    expect(registry.registryCacheStats()).toMatchObject({ reads: 2, parses: 2 });
  });
});
