/**
 * Pull-request autofix: `eslint --fix` (the real ESLint 10 CLI) over a private copy of fixtures/example-server with
 * its seeded violations, as an autofix workflow runs it on a pull request:
 *
 * - every file still parses (@typescript-eslint/parser) and the fixed project passes `tsc --noEmit`;
 * - a second `--fix` changes nothing (byte-identical tree);
 * - what remains is exactly the findings that had no autofix in the first run (`fix` in `--format json`).
 *
 * Needs `npm run build` first (`npm test` does it).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from '@typescript-eslint/parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TSC_BIN,
  assertBuilt,
  copyOfFixture,
  filesUnder,
  parseJsonOutput,
  removeCopies,
  runEslint,
  runNode,
  snapshotTree,
  toPosix,
  type JsonResult,
  type RunResult,
} from './helpers/e2e';

const FLAT = ['src', '--config', 'eslint.config.js', '-f', 'json'];

interface Finding {
  file: string;
  line: number;
  rule: string;
  /** The finding's source line, trimmed: how a finding is recognised after fixes above it moved it down. */
  text: string;
  fixable: boolean;
}

function findingsWithText(results: readonly JsonResult[], serverDir: string): Finding[] {
  return results.flatMap((result) => {
    const file = toPosix(path.relative(serverDir, result.filePath));
    const lines = fs.readFileSync(result.filePath, 'utf8').split('\n');
    return result.messages.map((m) => ({
      file,
      line: m.line,
      rule: m.ruleId ?? 'null(fatal)',
      text: lines[m.line - 1].trim(),
      fixable: m.fix !== undefined,
    }));
  });
}

const byText = (f: Finding) => `${f.file} ${f.rule} ${f.text}`;
const byLine = (f: Finding) => `${f.file}:${f.line} ${f.rule}`;

let originalDir: string;
let fixedDir: string;
let before: Finding[];
let firstFix: RunResult;
let original: Record<string, string>;

beforeAll(async () => {
  assertBuilt();
  // Two identical copies, linted at the same time: one keeps the original findings, the other gets fixed.
  originalDir = copyOfFixture('autofix-original');
  fixedDir = copyOfFixture('autofix-fixed');
  original = snapshotTree(fixedDir);
  const [plain, fixed] = await Promise.all([runEslint(originalDir, FLAT), runEslint(fixedDir, [...FLAT, '--fix'])]);
  expect(plain.code, plain.stderr).toBe(1);
  before = findingsWithText(parseJsonOutput(plain), originalDir);
  firstFix = fixed;
});

afterAll(removeCopies);

describe('eslint --fix over the example server (violations included)', () => {
  it('fixes something, and only files that had an autofixable finding', () => {
    expect(firstFix.code, firstFix.stderr).toBe(1); // the non-fixable findings remain
    const fixable = before.filter((f) => f.fixable);
    expect(fixable.length).toBeGreaterThan(0);
    const after = snapshotTree(fixedDir);
    const changed = Object.keys(after).filter((rel) => after[rel] !== original[rel]);
    expect(changed.sort()).toEqual([...new Set(fixable.map((f) => f.file))].sort());
    expect(Object.keys(after).sort()).toEqual(Object.keys(original).sort());
  });

  it('leaves every file parseable by @typescript-eslint/parser', () => {
    for (const rel of filesUnder(path.join(fixedDir, 'src'), fixedDir)) {
      const text = fs.readFileSync(path.join(fixedDir, rel), 'utf8');
      expect(() => parse(text, { sourceType: 'module', ecmaVersion: 'latest', range: true, loc: true, filePath: rel }), rel).not.toThrow();
    }
  });

  it('leaves a project that passes `tsc --noEmit`', async () => {
    const fixedTsc = await runNode(TSC_BIN, ['--noEmit', '-p', fixedDir], { cwd: fixedDir });
    if (fixedTsc.code !== 0) {
      // Say whether the fixture itself fails to type-check (not the fix's fault) or only the fixed copy does.
      const originalTsc = await runNode(TSC_BIN, ['--noEmit', '-p', originalDir], { cwd: originalDir });
      expect.fail(
        `tsc failed on the fixed project (exit ${fixedTsc.code}); on the unfixed copy it exits ${originalTsc.code}.\n` +
          `fixed:\n${fixedTsc.stdout}${fixedTsc.stderr}\nunfixed:\n${originalTsc.stdout}${originalTsc.stderr}`,
      );
    }
    expect(fixedTsc.code).toBe(0);
  });

  it('leaves exactly the findings that had no autofix', () => {
    const remaining = findingsWithText(parseJsonOutput(firstFix), fixedDir);
    const expected = before.filter((f) => !f.fixable);
    expect(
      remaining.every((f) => !f.fixable),
      'a remaining finding still offers a fix',
    ).toBe(true);
    // Recognised by file, rule and source line (a fix above a finding moves it down)...
    expect(remaining.map(byText).sort()).toEqual(expected.map(byText).sort());
    // ...and at the very same line in every file the fix did not touch.
    const touched = new Set(before.filter((f) => f.fixable).map((f) => f.file));
    expect(
      remaining
        .filter((f) => !touched.has(f.file))
        .map(byLine)
        .sort(),
    ).toEqual(
      expected
        .filter((f) => !touched.has(f.file))
        .map(byLine)
        .sort(),
    );
  });

  it('a second --fix changes nothing (byte-identical) and reports the same', async () => {
    const fixedOnce = snapshotTree(fixedDir);
    const second = await runEslint(fixedDir, [...FLAT, '--fix']);
    expect(second.code, second.stderr).toBe(1);
    expect(snapshotTree(fixedDir)).toEqual(fixedOnce);
    const results = parseJsonOutput(second);
    expect(results.filter((r) => r.output !== undefined).map((r) => r.filePath)).toEqual([]);
    expect(findingsWithText(results, fixedDir).map(byLine).sort()).toEqual(
      findingsWithText(parseJsonOutput(firstFix), fixedDir).map(byLine).sort(),
    );
  });
});
