/**
 * The manifest matrix: broken, odd and hostile manifests, each linted by real ESLint (every rule on, two files) and
 * checked by the real `mcp-meta check`. A broken manifest is one problem per linted file that names the manifest's
 * path, the place (line:column) and the fix; ESLint reports it as an error (its CLI exits 1), nothing crashes, hangs
 * or is written, and `mcp-meta check` exits 2 with the same words. The manifest is data: never required or evaluated.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type * as ESLintModule from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, makeTempDir, removeTempDirs, runBin, writeFiles } from '../cli/run-bin';
import { assertBuilt, ESLINT_10_BIN, requireFromRepo } from '../e2e/helpers/e2e';
import { type ReadyRunner, unreadableRunner } from './unprivileged';

/** The rule that reports a manifest problem. Another rule may take this over: only this line would change. */
function isManifestProblem(message: ESLintModule.Linter.LintMessage): boolean {
  return message.ruleId?.startsWith('mcp-meta/') === true && message.message.startsWith('mcp-meta cannot check this file:');
}

const MANIFEST_FILE = 'mcp-meta.registry.json';
const SOURCES = {
  'src/search.ts':
    "export function search(ctx, out) {\n  ctx.emitResponseMeta('retrieval', { returned_count: 1 });\n  out._meta.retrieval = { returned_count: 2 };\n}\n",
  'src/other.ts': 'export function other(out) {\n  out._meta = { other: 1 };\n}\n',
};
const VALID = {
  version: 1,
  emitters: ['emitResponseMeta'],
  keys: { retrieval: { producers: ['src/search.ts'], fields: ['returned_count'] } },
};
const valid = (patch: (m: Record<string, unknown>) => void = () => undefined): string => {
  const manifest = structuredClone(VALID) as unknown as Record<string, unknown>;
  patch(manifest);
  return JSON.stringify(manifest, null, 2) + '\n';
};
const keysOf = (m: Record<string, unknown>): Record<string, Record<string, unknown>> => m.keys as Record<string, Record<string, unknown>>;

interface BrokenCase {
  name: string;
  /** Writes the manifest (or what stands in its place) into the project folder. */
  make: (dir: string) => void;
  /** Words the problem must contain, in ESLint's message and in the CLI's output. */
  words: string | RegExp;
  /** `line:column` of the problem in the manifest, when it has one. */
  place?: string;
  /** Run the two tools so that they cannot read a mode-000 file (which root reads anyway): `unprivileged.ts`. */
  unprivileged?: boolean;
}

const writeManifestText = (text: string | Buffer) => (dir: string) => fs.writeFileSync(path.join(dir, MANIFEST_FILE), text);
/** `count` keys whose descriptions are `descriptionLength` characters: 1,000 × 10,000 is a 10 MB manifest. */
const BIG_KEYS = (count: number, descriptionLength = 10_000): Record<string, unknown> =>
  Object.fromEntries(
    Array.from({ length: count }, (_, i) => [
      `key_${i}`,
      { producers: ['src/search.ts'], description: 'x'.repeat(descriptionLength), fields: ['a', 'b', 'c'] },
    ]),
  );

export const BROKEN_CASES: BrokenCase[] = [
  { name: 'an empty file', make: writeManifestText(''), words: 'JSON syntax error: Value expected', place: '1:1' },
  { name: 'whitespace only', make: writeManifestText('  \n\n'), words: 'JSON syntax error', place: '3:1' },
  {
    name: 'a BOM before invalid JSON keeps its columns',
    make: writeManifestText('\ufeff{ "version": 1, }'),
    words: 'JSON syntax error',
    place: '1:18',
  },
  {
    name: 'invalid JSON names line and column',
    make: writeManifestText('{\n  "version": 1,\n  "keys": {\n    "retrieval" 1\n  }\n}\n'),
    words: "':' expected",
    place: '4:17',
  },
  {
    name: 'a comment',
    make: writeManifestText('{\n  // keys\n  "version": 1, "keys": {}\n}\n'),
    words: 'Comments are not allowed in JSON',
    place: '2:3',
  },
  { name: 'a trailing comma', make: writeManifestText('{ "version": 1, "keys": {}, }'), words: 'Remove a trailing comma', place: '1:29' },
  {
    name: 'a duplicated JSON key',
    make: writeManifestText('{ "version": 1, "keys": {}, "keys": {} }'),
    words: "Property 'keys' appears twice",
    place: '1:29',
  },
  {
    name: 'a manifest that is JavaScript is never evaluated',
    make: writeManifestText("require('fs').writeFileSync('pwned.txt', 'x'); module.exports = {};\n"),
    words: 'JSON syntax error',
    place: '1:1',
  },
  { name: 'a top-level array', make: writeManifestText('[]'), words: 'must be an object', place: '1:1' },
  {
    name: 'version is a string',
    make: writeManifestText(valid((m) => (m.version = '1'))),
    words: 'Unsupported manifest version "1"',
    place: '2:14',
  },
  { name: 'keys is an array', make: writeManifestText(valid((m) => (m.keys = []))), words: "'/keys' must be an object", place: '6:11' },
  {
    name: 'emitters is a string',
    make: writeManifestText(valid((m) => (m.emitters = 'emitResponseMeta'))),
    words: "'/emitters' must be an array",
    place: '3:15',
  },
  {
    name: 'producers is a string',
    make: writeManifestText(valid((m) => (keysOf(m).retrieval.producers = 'src/search.ts'))),
    words: "'/keys/retrieval/producers' must be an array",
    place: '8:20',
  },
  {
    name: 'fields is a number',
    make: writeManifestText(valid((m) => (keysOf(m).retrieval.fields = 3))),
    words: "'/keys/retrieval/fields'",
    place: '11:17',
  },
  {
    name: 'description is a number',
    make: writeManifestText(valid((m) => (keysOf(m).retrieval.description = 3))),
    words: "'/keys/retrieval/description' must be a string",
    place: '14:22',
  },
  {
    name: 'acceptedBreaks items lack a reason',
    make: writeManifestText(valid((m) => (m.acceptedBreaks = [{ change: 'key-removed:x' }]))),
    words: "is missing the required property 'reason'",
    place: '17:5',
  },
  {
    name: 'an unknown top-level property',
    make: writeManifestText(valid((m) => (m.emiters = []))),
    words: "Unknown property 'emiters' in the manifest (did you mean 'emitters'?)",
    place: '16:3',
  },
  {
    name: 'an unknown property in a key',
    make: writeManifestText(valid((m) => (keysOf(m).retrieval.colour = 'red'))),
    words: "Unknown property 'colour'",
    place: '14:7',
  },
  {
    name: 'a key with no producers',
    make: writeManifestText(valid((m) => delete keysOf(m).retrieval.producers)),
    words: "Key 'retrieval' has no producers",
    place: '7:5',
  },
  {
    name: 'a misspelt plane',
    make: writeManifestText(valid((m) => (keysOf(m).retrieval.plane = 'tools'))),
    words: "did you mean 'tool'",
    place: '14:16',
  },
  {
    name: 'a ../ glob',
    make: writeManifestText(valid((m) => (keysOf(m).retrieval.producers = ['../outside/search.ts']))),
    words: 'points outside the manifest',
    place: '9:9',
  },
  {
    name: 'an absolute glob',
    make: writeManifestText(valid((m) => (m.ignore = ['/etc/passwd']))),
    words: 'points outside the manifest',
    place: '17:5',
  },
  {
    name: "'__proto__' as a key name",
    make: writeManifestText('{ "version": 1, "keys": { "__proto__": { "producers": ["src/search.ts"] } } }'),
    words: "Key name '__proto__'",
    place: '1:27',
  },
  {
    name: 'an invalid MCP key name',
    make: writeManifestText(valid((m) => (keysOf(m)['-bad-'] = { producers: ['src/x.ts'] }))),
    words: "Key name '-bad-'",
    place: '15:5',
  },
  {
    name: 'nesting 5,000 levels deep',
    make: writeManifestText(
      '{ "version": 1, "keys": { "k": { "producers": ["src/search.ts"], "fields": ' +
        '{ "f": { "fields": '.repeat(2500) +
        '[]' +
        ' } }'.repeat(2500) +
        ' } } }',
    ),
    words: 'nested more than 100 levels deep',
    place: '1:995',
  },
  {
    name: 'a directory instead of a file',
    make: (dir) => fs.mkdirSync(path.join(dir, MANIFEST_FILE)),
    words: 'is a directory, not a JSON file',
  },
  {
    name: 'a FIFO instead of a file (never read, never a hang)',
    make: (dir) => spawnSync('mkfifo', [path.join(dir, MANIFEST_FILE)]),
    words: 'is a special file, not a JSON file',
  },
  {
    name: 'a symlink loop',
    make: (dir) => fs.symlinkSync(MANIFEST_FILE, path.join(dir, MANIFEST_FILE)),
    words: /ELOOP|too many (levels of )?symbolic links/i,
  },
  {
    name: 'an unreadable file',
    make: (dir) => {
      writeManifestText(valid())(dir);
      fs.chmodSync(path.join(dir, MANIFEST_FILE), 0o000);
    },
    words: 'permission denied',
    unprivileged: true,
  },
  {
    name: 'a 10 MB manifest with an error on its last line',
    make: (dir) => {
      const text = JSON.stringify({ version: 1, keys: BIG_KEYS(1_000) }, null, 1).replace(/\n}$/, ',\n "extra": 1,\n}');
      fs.writeFileSync(path.join(dir, MANIFEST_FILE), text);
    },
    words: 'Remove a trailing comma',
  },
];

let scratch: string;
beforeAll(() => {
  assertBuilt();
  scratch = makeTempDir('mcp-meta-matrix-');
  fs.chmodSync(scratch, 0o755);
});
afterAll(removeTempDirs);

function project(make: (dir: string) => void): string {
  const dir = fs.mkdtempSync(path.join(scratch, 'case-'));
  fs.chmodSync(dir, 0o755);
  writeFiles(dir, SOURCES);
  make(dir);
  return dir;
}

/** Every file below `dir` with its size and mtime: what "nothing is written" compares. */
function snapshot(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const stat = fs.lstatSync(file);
    out.push(`${path.relative(dir, file)} ${stat.size} ${stat.mtimeMs}`);
  }
  return out.sort();
}

const ESLINT_CONFIG = (registry: string): string => `
const tsParser = require(${JSON.stringify(requireFromRepo.resolve('@typescript-eslint/parser'))});
const plugin = require(${JSON.stringify(requireFromRepo.resolve('eslint-plugin-mcp-meta'))});
module.exports = [
  { files: ['**/*.ts'], languageOptions: { parser: tsParser } },
  { ...plugin.configs.strict, files: ['**/*.ts'], settings: { 'mcp-meta': { registry: ${JSON.stringify(registry)} } } },
];
`;

/** What the tools run for an unreadable manifest load: they must be readable by the process that cannot read it. */
const UNPRIVILEGED_NEEDS = (): string[] => [
  ESLINT_10_BIN,
  BIN,
  requireFromRepo.resolve('@typescript-eslint/parser'),
  requireFromRepo.resolve('eslint-plugin-mcp-meta'),
];

/** Lints the two sources with the real ESLint CLI (run by `runner`, which cannot read a mode-000 file). */
function lintWithEslintCli(
  dir: string,
  runner: ReadyRunner,
): { status: number | null; results: ESLintModule.ESLint.LintResult[]; stderr: string } {
  const config = path.join(dir, 'eslint.config.cjs');
  fs.writeFileSync(config, ESLINT_CONFIG(path.join(dir, MANIFEST_FILE)));
  const result = runner.run([ESLINT_10_BIN, '--config', config, '--format', 'json', 'src/search.ts', 'src/other.ts'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 60_000,
  });
  fs.rmSync(config);
  return {
    status: result.status,
    results: result.stdout ? (JSON.parse(result.stdout) as ESLintModule.ESLint.LintResult[]) : [],
    stderr: result.stderr,
  };
}

async function lintInProcess(dir: string): Promise<ESLintModule.ESLint.LintResult[]> {
  const { ESLint } = requireFromRepo('eslint') as typeof ESLintModule;
  const tsParser = requireFromRepo('@typescript-eslint/parser') as unknown;
  const plugin = requireFromRepo('eslint-plugin-mcp-meta') as { configs: { strict: object } };
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts'], languageOptions: { parser: tsParser } },
      { ...plugin.configs.strict, files: ['**/*.ts'], settings: { 'mcp-meta': { registry: path.join(dir, MANIFEST_FILE) } } },
    ],
  });
  return eslint.lintFiles(['src/search.ts', 'src/other.ts']);
}

function matches(text: string, words: string | RegExp): boolean {
  return typeof words === 'string' ? text.includes(words) : words.test(text);
}

function expectOneManifestProblemPerFile(results: ESLintModule.ESLint.LintResult[], dir: string, testCase: BrokenCase): void {
  expect(results.map((result) => path.relative(dir, result.filePath)).sort()).toEqual(['src/other.ts', 'src/search.ts']);
  for (const result of results) {
    expect(result.messages.filter((message) => message.fatal)).toEqual([]);
    const problems = result.messages.filter(isManifestProblem);
    expect(problems).toHaveLength(1);
    const [problem] = problems;
    expect(problem.severity).toBe(2);
    expect(problem.line).toBe(1);
    expect(problem.message).toContain(path.join(dir, MANIFEST_FILE) + (testCase.place ? `:${testCase.place}` : ''));
    expect(problem.message).toContain(' Fix: ');
    expect(matches(problem.message, testCase.words), `${problem.message}\n  should contain ${String(testCase.words)}`).toBe(true);
    // Nothing else is reported when the manifest cannot be used.
    expect(result.messages).toHaveLength(1);
  }
}

describe('manifest matrix: ESLint and mcp-meta check agree, nothing is written', () => {
  it.for(BROKEN_CASES.map((testCase) => [testCase.name, testCase] as const))('%s', async ([, testCase], context) => {
    const runner = testCase.unprivileged ? unreadableRunner(scratch, UNPRIVILEGED_NEEDS()) : null;
    if (runner?.run === null) context.skip(`cannot arrange a process that cannot read the manifest: ${runner.why}`);
    const dir = project(testCase.make);
    const before = snapshot(dir);

    if (runner?.run) {
      // Root reads any file: the real ESLint CLI runs without that power (unprivileged.ts), and its exit code is checked.
      const lint = lintWithEslintCli(dir, runner);
      expect(lint.stderr).toBe('');
      expect(lint.status).toBe(1);
      expectOneManifestProblemPerFile(lint.results, dir, testCase);
    } else {
      // In process, as an editor's ESLint server runs (fast); an error-severity problem is what makes the CLI exit 1.
      const results = await lintInProcess(dir);
      expect(results.reduce((sum, result) => sum + result.errorCount, 0)).toBe(2);
      expectOneManifestProblemPerFile(results, dir, testCase);
    }

    const cliOptions = { cwd: dir, encoding: 'utf8', timeout: 60_000, env: { ...process.env, MCP_META_DEBUG: '' } } as const;
    const cli = runner?.run ? runner.run([BIN, 'check'], cliOptions) : spawnSync(process.execPath, [BIN, 'check'], cliOptions);
    const output = cli.stdout + cli.stderr;
    expect(cli.status, output).toBe(2);
    expect(output).not.toContain('internal error');
    expect(matches(output, testCase.words), output).toBe(true);
    if (testCase.place) expect(output).toContain(`${MANIFEST_FILE}:${testCase.place}`);
    expect(output.toLowerCase()).toContain('fix');

    expect(snapshot(dir)).toEqual(before);
    expect(fs.existsSync(path.join(dir, 'pwned.txt'))).toBe(false);
  });
});

/** `code file` of each finding `mcp-meta check` reports in `dir`. */
function checkCodes(dir: string): string[] {
  const report = JSON.parse(runBin(['check', '--format', 'json'], dir).stdout) as { findings: Array<{ code: string; file?: string }> };
  return report.findings.map((finding) => `${finding.code} ${finding.file ?? ''}`);
}

describe('manifest matrix: odd manifests that are fine', () => {
  it('a UTF-8 BOM: ESLint and mcp-meta read it like the same file without one', async () => {
    const dir = project(writeManifestText('\ufeff' + valid()));
    const results = await lintInProcess(dir);
    expect(results.flatMap((result) => result.messages).filter(isManifestProblem)).toEqual([]);
    expect(results.flatMap((result) => result.messages).map((message) => message.ruleId)).toContain('mcp-meta/no-wholesale-meta-assign');
    // check finds no manifest problem either: only the unregistered key of src/other.ts, which the lint reports too.
    expect(checkCodes(dir)).toEqual(['key-unregistered src/other.ts']);
  });

  it("'constructor' as a key and '__proto__' / 'constructor' as field names are ordinary names", async () => {
    const manifest = {
      version: 1,
      emitters: ['emitResponseMeta'],
      keys: { constructor: { producers: ['src/search.ts'], fields: ['__proto__', 'constructor', 'returned_count'] } },
    };
    const dir = project(writeManifestText(JSON.stringify(manifest, null, 2)));
    fs.writeFileSync(
      path.join(dir, 'src/search.ts'),
      "export function search(out) {\n  out._meta.constructor = { ['__proto__']: 1, constructor: 2, toString: 3, returned_count: 4 };\n}\n",
    );
    const results = await lintInProcess(dir);
    const messages = results.flatMap((result) => result.messages);
    expect(messages.filter(isManifestProblem)).toEqual([]);
    expect(messages.filter((message) => message.fatal)).toEqual([]);
    // Only the unregistered field is reported: the other two are registered, not looked up on Object.prototype.
    const search = results.find((result) => result.filePath.endsWith('search.ts'))!;
    // (The strict preset also asks for a try around the write.)
    expect(search.messages.map((message) => [message.ruleId, message.message.includes("'toString'")])).toEqual([
      ['mcp-meta/require-producer-isolation', false],
      ['mcp-meta/no-unregistered-meta-field', true],
    ]);
    const check = runBin(['check'], dir);
    expect(check.stdout + check.stderr).not.toContain('internal error');
    // The registered 'constructor' is written by its producer: only src/other.ts's unregistered key, as the lint says.
    expect(checkCodes(dir)).toEqual(['key-unregistered src/other.ts']);
  });

  it('a glob that matches nothing: lint is unaffected (globs are checked at config load), mcp-meta check warns (exit 1)', async () => {
    const dir = project(writeManifestText(valid((m) => (m.mergeLayer = ['src/mcp/dispatch.ts']))));
    const results = await lintInProcess(dir);
    expect(results.flatMap((result) => result.messages).filter(isManifestProblem)).toEqual([]);
    const check = runBin(['check'], dir);
    expect(check.status).toBe(1);
    expect(check.stdout).toContain("Glob 'src/mcp/dispatch.ts' matches no file");
  });

  it('a manifest that vanishes and comes back between lints in one process: a problem, then none, no restart', async () => {
    const dir = project(writeManifestText(valid()));
    const manifest = path.join(dir, MANIFEST_FILE);
    const problemsIn = (results: ESLintModule.ESLint.LintResult[]) =>
      results.map((result) => result.messages.filter(isManifestProblem).length);
    expect(problemsIn(await lintInProcess(dir))).toEqual([0, 0]);
    fs.renameSync(manifest, manifest + '.away');
    const gone = await lintInProcess(dir);
    expect(problemsIn(gone)).toEqual([1, 1]);
    expect(gone[0].messages[0].message).toContain(`Registry manifest not found: ${manifest} does not exist.`);
    fs.renameSync(manifest + '.away', manifest);
    expect(problemsIn(await lintInProcess(dir))).toEqual([0, 0]);
  });

  it('a 10 MB valid manifest is accepted by ESLint and mcp-meta', async () => {
    // One producer per key: 1,000 keys of 10 kB each, every one owned by its own (empty) file.
    const keys = Object.fromEntries(
      Object.entries(BIG_KEYS(1_000)).map(([name, spec], i) => [
        name,
        { ...(spec as object), producers: [`src/generated/k${i}.ts`], fields: undefined },
      ]),
    );
    const dir = project(writeManifestText(JSON.stringify({ ...VALID, keys: { ...VALID.keys, ...keys } }, null, 1)));
    writeFiles(
      dir,
      Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [`src/generated/k${i}.ts`, `export const k${i} = ${i};\n`])),
    );
    expect(fs.statSync(path.join(dir, MANIFEST_FILE)).size).toBeGreaterThan(10_000_000);
    const results = await lintInProcess(dir);
    expect(results.flatMap((result) => result.messages).filter(isManifestProblem)).toEqual([]);
    const check = runBin(['check'], dir);
    // Keys that no producer writes are findings of the check (exit 1), not a crash, a hang or an I/O error.
    expect(check.status).toBe(1);
    expect(check.stdout).toContain('checked 1001 keys against 1001 producer files');
    expect(check.stdout).not.toContain('registry-problem');
  });
});
