/**
 * CI lint: the real ESLint 10 CLI (`node node_modules/eslint/bin/eslint.js`, a child process, as `npx eslint` runs in
 * a CI job) over private copies of fixtures/example-server:
 *
 * - exit codes as ESLint documents them: 0 no errors, 1 at least one error, 2 a configuration problem or crash;
 * - `--cache` with a flat config built by `createConfig` (the manifest's hash is in `settings`): a real cache file is
 *   written and reused, and a manifest change invalidates it, so the next cached run is correct;
 * - `--concurrency 2` (ESLint 10's worker threads) reports the same findings as `--concurrency off`;
 * - bulk suppressions (`--suppress-all`, `--suppressions-location`, `--prune-suppressions`) with our rules;
 * - SARIF via `-f @microsoft/eslint-formatter-sarif`: our rule ids, each rule's docs URL as `helpUri`, locations.
 *
 * Needs `npm run build` first (`npm test` does it).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RULES,
  assertBuilt,
  byFileThenLine,
  copyOfFixture,
  docsUrl,
  findingsOf,
  parseJsonOutput,
  readManifest,
  removeCopies,
  runEslint,
  toPosix,
  writeManifest,
} from './helpers/e2e';

/** The fixture's own flat config: `eslint src --config eslint.config.js`, from the server's folder. */
const FLAT = ['src', '--config', 'eslint.config.js'];

/**
 * A flat config that builds the plugin's entry with `createConfig`, so `settings['mcp-meta'].registryHash` carries the
 * manifest's sha256 and `eslint --cache` keys its results on it. Written as the README shows it, through the
 * package's `./config` export (resolved by self-reference to dist/src/config.js).
 */
const CREATE_CONFIG_FILE = 'eslint.create-config.config.js';
const CREATE_CONFIG_SOURCE = `'use strict';
const tsParser = require('@typescript-eslint/parser');
const { createConfig } = require('eslint-plugin-mcp-meta/config');

module.exports = [
  { files: ['**/*.ts'], languageOptions: { parser: tsParser, sourceType: 'module' } },
  createConfig({ registry: './mcp-meta.registry.json', baseDir: __dirname, files: ['**/*.ts'] }),
];
`;

/** `file:line rule` of the findings; `base` is the server folder (paths are relative to it). */
const findings = (stdoutJson: ReturnType<typeof parseJsonOutput>, base: string) => findingsOf(stdoutJson, base);

let baseDir: string;
/** What `eslint src --config eslint.config.js -f json` reports on an untouched copy (single thread). */
let baseline: string[];

beforeAll(async () => {
  assertBuilt();
  baseDir = copyOfFixture('ci-base');
  const run = await runEslint(baseDir, [...FLAT, '-f', 'json', '--concurrency', 'off']);
  expect(run.code, run.stderr).toBe(1);
  baseline = findings(parseJsonOutput(run), baseDir);
});

afterAll(removeCopies);

describe.concurrent('exit codes (https://eslint.org/docs/latest/use/command-line-interface#exit-codes)', () => {
  it('1 when there are findings: the seeded violations, every rule, nothing outside src/violations/', () => {
    expect(baseline.length).toBeGreaterThanOrEqual(RULES.length);
    expect(baseline.filter((f) => !f.startsWith('src/violations/'))).toEqual([]);
    expect(new Set(baseline.map((f) => f.split(' ')[1]))).toEqual(new Set(RULES.map((r) => `mcp-meta/${r}`)));
  });

  it('0 on a clean tree (the server without its violations folder)', async () => {
    const run = await runEslint(baseDir, [...FLAT, '--ignore-pattern', 'src/violations/']);
    expect(run.stdout).toBe('');
    expect(run.code, run.stderr).toBe(0);
  });

  it('2 on a configuration problem: a missing config file, or wrong options for one of our rules', async () => {
    const missing = await runEslint(baseDir, ['src', '--config', 'no-such.config.js']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no-such.config.js');

    fs.writeFileSync(
      path.join(baseDir, 'eslint.bad-options.config.js'),
      `'use strict';
const base = require('./eslint.config.js');
module.exports = [...base, { files: ['**/*.ts'], rules: { 'mcp-meta/no-foreign-meta-key': ['error', { bogus: true }] } }];
`,
    );
    const badOptions = await runEslint(baseDir, ['src', '--config', 'eslint.bad-options.config.js']);
    expect(badOptions.code).toBe(2);
    expect(badOptions.stderr).toContain('mcp-meta/no-foreign-meta-key');
  });

  it('1, not 2, on a broken manifest: a lint problem at line 1 of every file, never a crash', async () => {
    const serverDir = copyOfFixture('ci-broken-manifest');
    const manifestPath = path.join(serverDir, 'mcp-meta.registry.json');
    fs.writeFileSync(manifestPath, fs.readFileSync(manifestPath, 'utf8').replace('"version": 1,', '"version": 1'));
    const run = await runEslint(serverDir, [...FLAT, '-f', 'json']);
    expect(run.code, run.stderr).toBe(1);
    const results = parseJsonOutput(run);
    expect(results.length).toBeGreaterThan(5);
    for (const result of results) {
      expect(result.messages.map((m) => [m.line, m.fatal ?? false, m.ruleId])).toEqual([[1, false, 'mcp-meta/valid-registry']]);
      expect(result.messages[0].message).toContain(manifestPath);
    }
  });
});

describe.concurrent('--concurrency (ESLint 10 worker threads)', () => {
  it('`--concurrency 2` reports exactly the findings of `--concurrency off`', async () => {
    const run = await runEslint(baseDir, [...FLAT, '-f', 'json', '--concurrency', '2']);
    expect(run.code, run.stderr).toBe(1);
    expect(findings(parseJsonOutput(run), baseDir)).toEqual(baseline);
  });
});

describe.concurrent('--cache with createConfig (the manifest hash in settings)', () => {
  it('writes and reuses a real cache file, and a manifest change invalidates it', async () => {
    const serverDir = copyOfFixture('ci-cache');
    fs.writeFileSync(path.join(serverDir, CREATE_CONFIG_FILE), CREATE_CONFIG_SOURCE);
    const cacheLocation = path.join(path.dirname(serverDir), 'cache', '.eslintcache');
    fs.mkdirSync(path.dirname(cacheLocation));
    const args = ['src', '--config', CREATE_CONFIG_FILE, '--cache', '--cache-location', cacheLocation, '-f', 'json'];
    // ESLint's own debug lines say, per file, whether the cached result was used.
    const env = { DEBUG: 'eslint:eslint-helpers,eslint:lint-result-cache' };
    const skipped = (stderr: string) => (stderr.match(/Skipping file since it hasn't changed/g) ?? []).length;
    const invalidated = (stderr: string) => (stderr.match(/Cache entry not found or no longer valid/g) ?? []).length;

    // The finding the manifest change will make go away: `returned:` is not a registered field of `retrieval`.
    const renamedField = baseline.find(
      (f) => f.startsWith('src/violations/retrieval-unregistered-field.ts:') && f.endsWith('no-unregistered-meta-field'),
    );
    expect(renamedField, 'the fixture has a renamed-field finding in retrieval-unregistered-field.ts').toBeDefined();

    // 1. Cold cache: every file is linted, the cache file is written, findings as without --cache.
    const first = await runEslint(serverDir, args, env);
    expect(first.code, first.stderr).toBe(1);
    const results = parseJsonOutput(first);
    const fileCount = results.length;
    expect(findings(results, serverDir)).toEqual(baseline);
    expect(fs.existsSync(cacheLocation), 'cache file written').toBe(true);
    expect(skipped(first.stderr)).toBe(0);

    // 2. Nothing changed: every file's result comes from the cache file, and it is the same.
    const second = await runEslint(serverDir, args, env);
    expect(second.code).toBe(1);
    expect(skipped(second.stderr)).toBe(fileCount);
    expect(findings(parseJsonOutput(second), serverDir)).toEqual(baseline);

    // 3. Register the field (no source file changes): the config's hash changes, every cached entry is invalid,
    //    and the finding is gone.
    const manifest = readManifest(serverDir);
    const fields = manifest.keys.retrieval.fields as Record<string, unknown>;
    fields.returned = { description: 'Registered while the cache is warm.' };
    writeManifest(serverDir, manifest);
    const third = await runEslint(serverDir, args, env);
    expect(third.code).toBe(1);
    expect(skipped(third.stderr)).toBe(0);
    expect(invalidated(third.stderr)).toBe(fileCount);
    const afterChange = findings(parseJsonOutput(third), serverDir);
    const text = fs.readFileSync(path.join(serverDir, 'src/violations/retrieval-unregistered-field.ts'), 'utf8').split('\n');
    // Only the finding on the `returned:` line goes away.
    const gone = baseline.filter((f) => !afterChange.includes(f));
    expect(gone).toHaveLength(1);
    expect(text[Number(/:(\d+) /.exec(gone[0])![1]) - 1]).toMatch(/^\s*returned:/);
    expect(afterChange).toEqual(baseline.filter((f) => f !== gone[0]));
  });
});

describe.concurrent('bulk suppressions (https://eslint.org/docs/latest/use/suppressions)', () => {
  it('--suppress-all records the existing findings; new ones still fail; fixed ones must be pruned', async () => {
    const serverDir = copyOfFixture('ci-suppressions');
    const suppressionsFile = '.mcp-meta-suppressions.json';
    const args = [...FLAT, '--suppressions-location', suppressionsFile, '-f', 'json'];

    // 1. Suppress everything that is there today: exit 0, and the file counts our findings per file and rule.
    const suppress = await runEslint(serverDir, [...args, '--suppress-all']);
    expect(suppress.code, suppress.stderr).toBe(0);
    const recorded = JSON.parse(fs.readFileSync(path.join(serverDir, suppressionsFile), 'utf8')) as Record<
      string,
      Record<string, { count: number }>
    >;
    const expectedCounts: Record<string, Record<string, { count: number }>> = {};
    for (const finding of baseline) {
      const [, file, rule] = /^(.*):\d+ (.*)$/.exec(finding)!;
      expectedCounts[file] ??= {};
      expectedCounts[file][rule] ??= { count: 0 };
      expectedCounts[file][rule].count++;
    }
    expect(recorded).toEqual(expectedCounts);

    // 2. New violations: a new file replacing `_meta`, and one more foreign-key write in a file whose foreign-key
    //    findings are suppressed (ESLint then reports all of that rule's findings in that file: the count grew).
    const newFile = 'src/violations/retrieval-new-wholesale.ts';
    fs.writeFileSync(
      path.join(serverDir, newFile),
      `import type { ToolResult } from '../types';

export function attachAgain(result: ToolResult, retrieval: unknown): void {
  result._meta = { retrieval };
}
`,
    );
    const foreignFile = 'src/violations/retrieval-foreign-key.ts';
    const foreignBefore = fs.readFileSync(path.join(serverDir, foreignFile), 'utf8');
    fs.writeFileSync(
      path.join(serverDir, foreignFile),
      `${foreignBefore}
export function writeAnotherForeignKey(result: AssembledToolResult, facts: unknown[]): void {
  result._meta.brain_hot_memory = { facts };
}
`,
    );
    // Lint again: the suppressed findings no longer fail the build, the new ones do.
    const failing = await runEslint(serverDir, args);
    expect(failing.code, failing.stderr).toBe(1);
    const reported = findings(parseJsonOutput(failing), serverDir);
    const foreignCount = expectedCounts[foreignFile]['mcp-meta/no-foreign-meta-key'].count;
    expect(reported).toEqual(
      [
        `${newFile}:4 mcp-meta/no-wholesale-meta-assign`,
        ...baseline.filter((f) => f.startsWith(`${foreignFile}:`) && f.endsWith('no-foreign-meta-key')),
        `${foreignFile}:${foreignBefore.split('\n').length + 2} mcp-meta/no-foreign-meta-key`,
      ].sort(byFileThenLine),
    );
    expect(reported.filter((f) => f.startsWith(`${foreignFile}:`))).toHaveLength(foreignCount + 1);

    // 3. Undo the new violations and fix a suppressed one (drop the late second assembly of `_meta` in the merge
    //    layer): the stale suppression fails the run (2) until `--prune-suppressions` removes it.
    fs.rmSync(path.join(serverDir, newFile));
    fs.writeFileSync(path.join(serverDir, foreignFile), foreignBefore);
    const fixedFile = 'src/violations/merge-late-assembly.ts';
    expect(recorded[fixedFile]).toEqual({ 'mcp-meta/no-wholesale-meta-assign': { count: 1 } });
    const fixedText = fs.readFileSync(path.join(serverDir, fixedFile), 'utf8');
    const lateLine = baseline.find((f) => f.startsWith(`${fixedFile}:`))!.split(/[: ]/)[1];
    fs.writeFileSync(
      path.join(serverDir, fixedFile),
      fixedText
        .split('\n')
        .filter((_line, index) => index + 1 !== Number(lateLine))
        .join('\n'),
    );
    const stale = await runEslint(serverDir, args);
    expect(stale.code).toBe(2);
    expect(stale.stderr).toContain('--prune-suppressions');

    const prune = await runEslint(serverDir, [...args, '--prune-suppressions']);
    expect(prune.code, prune.stderr).toBe(0);
    const pruned = JSON.parse(fs.readFileSync(path.join(serverDir, suppressionsFile), 'utf8')) as Record<string, unknown>;
    const { [fixedFile]: _removed, ...rest } = expectedCounts;
    expect(pruned).toEqual(rest);
  });
});

interface SarifLog {
  version: string;
  runs: {
    tool: { driver: { name: string; rules: { id: string; helpUri?: string; shortDescription?: { text: string } }[] } };
    results: {
      ruleId: string;
      level: string;
      message: { text: string };
      locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn: number } } }[];
    }[];
  }[];
}

describe.concurrent('SARIF (-f @microsoft/eslint-formatter-sarif)', () => {
  it("carries our rule ids, each rule's docs URL as helpUri, and a location for every finding", async () => {
    const sarifFile = path.join(path.dirname(baseDir), 'eslint.sarif');
    const run = await runEslint(baseDir, [...FLAT, '-f', '@microsoft/eslint-formatter-sarif', '-o', sarifFile]);
    expect(run.code, run.stderr).toBe(1);
    const log = JSON.parse(fs.readFileSync(sarifFile, 'utf8')) as SarifLog;
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    const [sarifRun] = log.runs;
    expect(sarifRun.tool.driver.name).toBe('ESLint');

    const rules = sarifRun.tool.driver.rules;
    expect(rules.map((r) => r.id).sort()).toEqual(RULES.map((r) => `mcp-meta/${r}`).sort());
    for (const rule of rules) {
      expect(rule.helpUri, rule.id).toBe(docsUrl(rule.id.replace('mcp-meta/', '')));
      expect(rule.shortDescription?.text, rule.id).toBeTruthy();
    }

    // Every finding of the JSON run, at the same place, and nothing else.
    const fromSarif = sarifRun.results
      .map((result) => {
        expect(result.level).toBe('error');
        expect(result.message.text).toBeTruthy();
        expect(result.locations).toHaveLength(1);
        const { artifactLocation, region } = result.locations[0].physicalLocation;
        expect(region.startColumn).toBeGreaterThan(0);
        const file = toPosix(path.relative(baseDir, new URL(artifactLocation.uri).pathname));
        return `${file}:${region.startLine} ${result.ruleId}`;
      })
      .sort(byFileThenLine);
    expect(fromSarif).toEqual(baseline);
  });
});
