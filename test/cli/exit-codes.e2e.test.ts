/**
 * The exit-code table of docs/cli.md is the program's: each row's situation is set up here, its command runs with the
 * built bin, and the exit status must be the table's. A row the test does not know, or a situation it knows that the
 * table lost, fails too, so the table and the program cannot drift apart. A broken manifest is reported in the
 * loader's words (the ones ESLint and every verb print), never in the JSON parser's codes (`CommaExpected at 4:3`).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBinBuilt, makeTempDir, removeTempDirs, REPO_ROOT, runBin, writeFiles, writeManifest } from './run-bin';

beforeAll(assertBinBuilt);
afterEach(removeTempDirs);

interface Row {
  situation: string;
  commands: string[][];
  exit: number;
}

function tableRows(): Row[] {
  const text = fs.readFileSync(path.join(REPO_ROOT, 'docs/cli.md'), 'utf8');
  const start = text.indexOf('<!-- exit codes: the test reads this table -->');
  expect(start).toBeGreaterThan(-1);
  const lines = text.slice(start).split('\n').slice(1);
  const rows: Row[] = [];
  for (const line of lines.slice(2)) {
    if (!line.startsWith('|')) break;
    const [situation, command, exit] = line
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((cell) => cell.trim());
    const commands = [...command.matchAll(/`([^`]+)`/g)].map((match) => match[1].split(' '));
    rows.push({ situation, commands, exit: Number(exit) });
  }
  return rows;
}

const WRITES_A = 'export function call() {\n  return { content: [], _meta: { a: { ok: true } } };\n}\n';
/** Valid JSON up to line 4, where a comma is missing (the shape of a hand edit gone wrong). */
const BROKEN_MANIFEST =
  '{\n  "version": 1,\n  "keys": {\n    "a": { "producers": ["src/a.ts"] }\n    "b": { "producers": ["src/a.ts"] }\n  }\n}\n';

/** Each situation of the table, set up in a fresh folder. */
const SITUATIONS: Record<string, (dir: string) => void> = {
  'manifest matches the code': (dir) => {
    writeFiles(dir, { 'src/a.ts': WRITES_A });
    writeManifest(dir, { version: 1, keys: { a: { producers: ['src/a.ts'] } } });
  },
  'a registered key is written by no producer': (dir) => {
    writeFiles(dir, { 'src/a.ts': 'export const nothing = 1;\n' });
    writeManifest(dir, { version: 1, keys: { a: { producers: ['src/a.ts'] } } });
  },
  'manifest is not valid JSON': (dir) => {
    writeFiles(dir, { 'src/a.ts': WRITES_A, 'mcp-meta.registry.json': BROKEN_MANIFEST, 'README.md': '# Server\n' });
  },
  'no manifest': (dir) => writeFiles(dir, { 'src/a.ts': WRITES_A }),
  'the key is registered already': (dir) => {
    writeFiles(dir, { 'src/a.ts': WRITES_A });
    writeManifest(dir, { version: 1, keys: { a: { producers: ['src/a.ts'] } } });
  },
  'the loader rejects the new key': (dir) => {
    writeFiles(dir, { 'src/a.ts': WRITES_A });
    writeManifest(dir, { version: 1, keys: { a: { producers: ['src/a.ts'] } } });
  },
  'a manifest exists, no `--update` or `--force`': (dir) => {
    writeFiles(dir, { 'src/a.ts': WRITES_A });
    writeManifest(dir, { version: 1, keys: { a: { producers: ['src/a.ts'] } } });
  },
  'the types file is missing': (dir) => {
    writeFiles(dir, { 'src/a.ts': WRITES_A });
    writeManifest(dir, { version: 1, keys: { a: { producers: ['src/a.ts'] } } });
  },
  'a source file that writes `_meta` cannot be parsed (a `source-unreadable` warning)': (dir) =>
    writeFiles(dir, { 'src/a.ts': 'export function call( {\n  return { content: [], _meta: { a: 1 } };\n}\n' }),
  'unknown option': (dir) => writeManifest(dir, { version: 1, keys: {} }),
  'unknown command': (dir) => writeManifest(dir, { version: 1, keys: {} }),
};

/** Rows proven elsewhere, by the test named. */
const TESTED_ELSEWHERE: Record<string, string> = {
  'the installed TypeScript cannot run the parser (TypeScript 7)': 'test/e2e/typescript-versions.test.ts',
};

describe('the exit-code table of docs/cli.md', () => {
  const rows = tableRows();

  it('lists every situation this test sets up, and only those (or ones tested elsewhere)', () => {
    expect([...new Set(rows.map((row) => row.situation))].sort()).toEqual(
      [...new Set([...Object.keys(SITUATIONS), ...Object.keys(TESTED_ELSEWHERE)])].sort(),
    );
    for (const name of Object.values(TESTED_ELSEWHERE)) expect(fs.existsSync(path.join(REPO_ROOT, name)), name).toBe(true);
  });

  it.each(rows.filter((row) => SITUATIONS[row.situation] !== undefined).flatMap((row) => row.commands.map((args) => ({ ...row, args }))))(
    '$situation: mcp-meta $args exits $exit',
    ({ situation, args, exit }) => {
      const dir = makeTempDir();
      SITUATIONS[situation](dir);
      const result = runBin(args, dir);
      expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(exit);
      if (situation === 'manifest is not valid JSON') {
        // The loader's words for it, with the place and the fix, as ESLint and `check` print them.
        expect(`${result.stdout}${result.stderr}`).toContain("JSON syntax error: ',' expected.");
        expect(`${result.stdout}${result.stderr}`).toContain("Add the missing ',' between the two entries.");
        expect(`${result.stdout}${result.stderr}`).not.toContain('CommaExpected');
      }
    },
  );
});
