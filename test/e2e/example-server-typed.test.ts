/**
 * End-to-end, type-aware: real ESLint 10 (flat config) lints fixtures/example-server with the BUILT plugin twice, as
 * the fixture's eslint.config.js has it and with a TypeScript program (typescript-eslint's `projectService: true`
 * and `tsconfigRootDir`), and asserts both finding sets exactly. The server has a value built in another module
 * (`toWarnings` in mcp/strict-params.ts, emitted by the dispatch layer; `RetrievalStore.legacySummary()`) and a key
 * held in a const exported from another module (`RETRIEVAL_KEY`); the clean code stays clean both ways, and the
 * typed run adds exactly the findings marked `// expect with types:` in src/violations/.
 *
 * Needs `npm run build` first (`npm test` does it).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, filesUnder, fixtureDir, repoRoot, requireFromRepo, toPosix } from './helpers/e2e';

interface LintMessage {
  ruleId: string | null;
  line: number;
  column: number;
  message: string;
  fix?: unknown;
}
interface LintResult {
  filePath: string;
  messages: LintMessage[];
}
interface ESLintClass {
  new (options: Record<string, unknown>): { lintFiles(patterns: string[]): Promise<LintResult[]> };
}

/** The findings without types: the 19 problems (4 fixable) `npm run example` prints, as `file:line:column rule`. */
const UNTYPED: readonly string[] = [
  'src/violations/brain-hot-memory-fields.ts:10:9 no-unregistered-meta-field',
  'src/violations/merge-late-assembly.ts:7:3 no-wholesale-meta-assign',
  'src/violations/retrieval-foreign-key.ts:6:26 no-foreign-meta-key',
  'src/violations/retrieval-foreign-key.ts:10:16 no-foreign-meta-key',
  'src/violations/retrieval-isolation.ts:7:3 require-producer-isolation',
  'src/violations/retrieval-isolation.ts:12:26 require-producer-isolation',
  'src/violations/retrieval-isolation.ts:20:5 require-producer-isolation',
  'src/violations/retrieval-isolation.ts:28:5 require-producer-isolation',
  'src/violations/retrieval-unregistered-field.ts:8:7 no-unregistered-meta-field',
  'src/violations/retrieval-unregistered-field.ts:12:27 no-unregistered-meta-field',
  'src/violations/retrieval-unregistered-field.ts:14:20 no-unregistered-meta-field',
  'src/violations/retrieval-unregistered-key.ts:6:26 no-unregistered-meta-key',
  'src/violations/retrieval-unregistered-key.ts:11:26 no-unregistered-meta-key',
  'src/violations/retrieval-unregistered-key.ts:15:16 no-unregistered-meta-key',
  'src/violations/retrieval-wholesale.ts:6:3 no-wholesale-meta-assign',
  'src/violations/retrieval-wholesale.ts:12:3 no-wholesale-meta-assign',
  'src/violations/retrieval-wholesale.ts:16:23 no-wholesale-meta-assign',
  'src/violations/retrieval-wholesale.ts:20:10 no-wholesale-meta-assign',
  'src/violations/retrieval-wholesale.ts:24:3 no-wholesale-meta-assign',
];

/** What the program adds: the legacy summary's type renames `returned_count` to `returned` (rule 2). */
const TYPED_ONLY: readonly string[] = [
  'src/violations/retrieval-legacy-summary.ts:10:43 no-removed-meta-field',
  'src/violations/retrieval-legacy-summary.ts:10:43 no-unregistered-meta-field',
];

const TYPED_ONLY_MESSAGES: readonly string[] = [
  "Field 'returned_count' is registered for `_meta` key 'retrieval', but LegacySearchSummary, the type written here, no longer has it.",
  "Field 'returned' of type LegacySearchSummary (declared at retrieval.ts:42) is written into `_meta` key 'retrieval' but is not registered for it.",
];

function eslint(typed: boolean) {
  const { ESLint } = requireFromRepo('eslint') as { ESLint: ESLintClass };
  return new ESLint({
    cwd: repoRoot,
    overrideConfigFile: path.join(fixtureDir, 'eslint.config.js'),
    ...(typed
      ? {
          overrideConfig: { files: ['**/*.ts'], languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: fixtureDir } } },
        }
      : {}),
  });
}

function findingsOf(results: readonly LintResult[]): string[] {
  return results
    .flatMap((result) =>
      result.messages.map(
        (m) => `${toPosix(path.relative(fixtureDir, result.filePath))}:${m.line}:${m.column} ${m.ruleId ?? 'null(fatal)'}`,
      ),
    )
    .map((finding) => finding.replace(' mcp-meta/', ' '))
    .sort();
}

beforeAll(assertBuilt);

describe('the example server with and without a TypeScript program (ESLint 10, projectService)', () => {
  // Without types the re-wrap and Object.assign merges are suggestions (`result._meta` may be TS2339); with types
  // ToolResult has `_meta`, so they are fixes again (issue 25).
  it('without types: exactly the 19 seeded findings, 2 of them fixable', async () => {
    const results = await eslint(false).lintFiles([path.join(fixtureDir, 'src')]);
    expect(results.map((result) => toPosix(path.relative(fixtureDir, result.filePath))).sort()).toEqual(
      filesUnder(path.join(fixtureDir, 'src'), fixtureDir),
    );
    expect(findingsOf(results)).toEqual([...UNTYPED].sort());
    expect(results.flatMap((result) => result.messages).filter((m) => m.fix !== undefined)).toHaveLength(2);
  });

  it('with projectService: the same 19 plus exactly what the types show, nothing outside src/violations/', async () => {
    const results = await eslint(true).lintFiles([path.join(fixtureDir, 'src')]);
    expect(findingsOf(results)).toEqual([...UNTYPED, ...TYPED_ONLY].sort());
    expect(results.flatMap((result) => result.messages).filter((m) => m.fix !== undefined)).toHaveLength(4);
    const typedMessages = results
      .flatMap((result) => result.messages)
      .filter((m) => m.ruleId === 'mcp-meta/no-removed-meta-field' || m.message.includes('LegacySearchSummary'))
      .map((m) => m.message)
      .sort();
    expect(typedMessages).toHaveLength(TYPED_ONLY_MESSAGES.length);
    for (const text of TYPED_ONLY_MESSAGES) expect(typedMessages.filter((message) => message.startsWith(text))).toHaveLength(1);
  });

  it('the typed-only list matches the `// expect with types:` comments in src/violations/', () => {
    const fromComments: string[] = [];
    for (const rel of filesUnder(path.join(fixtureDir, 'src/violations'), fixtureDir)) {
      fs.readFileSync(path.join(fixtureDir, rel), 'utf8')
        .split('\n')
        .forEach((text, index) => {
          const match = /\/\/ expect with types: (.+)$/.exec(text);
          if (!match) return;
          for (const rule of match[1].split(',').map((r) => r.trim())) fromComments.push(`${rel}:${index + 1} ${rule}`);
        });
    }
    expect(fromComments.sort()).toEqual(TYPED_ONLY.map((finding) => finding.replace(/:\d+ /, ' ')).sort());
  });
});
