/**
 * `--format sarif` for every verb, validated against the official SARIF 2.1.0 JSON Schema (the OASIS schema as
 * Microsoft's sarif-js-sdk ships it in @microsoft/jest-sarif; draft-04, hence ajv-draft-04).
 */
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINDING_CODES } from '../../src/cli/finding-codes';
import {
  assertBinBuilt,
  commitAll,
  initGitRepo,
  makeTempDir,
  removeTempDirs,
  REPO_ROOT,
  runBin,
  writeFiles,
  writeManifest,
} from './run-bin';

const requireFromHere = createRequire(__filename);
const SARIF_SCHEMA = JSON.parse(
  fs.readFileSync(requireFromHere.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'),
) as Record<string, unknown>;
// The official schema's `language` pattern (`...{2}]?$`) is valid only as a non-unicode RegExp, as SARIF tools read it.
const ajv = new AjvDraft04({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validateSarif = ajv.compile(SARIF_SCHEMA);

interface SarifLog {
  version: string;
  runs: Array<{
    tool: { driver: { name: string; version: string; rules: Array<{ id: string; helpUri: string; shortDescription: { text: string } }> } };
    results: Array<{
      ruleId: string;
      ruleIndex: number;
      level: string;
      message: { text: string };
      locations?: Array<{
        physicalLocation: { artifactLocation: { uri: string; uriBaseId: string }; region?: { startLine: number; startColumn?: number } };
      }>;
    }>;
    invocations: Array<{ executionSuccessful: boolean; toolExecutionNotifications: Array<{ message: { text: string } }> }>;
    originalUriBaseIds: Record<string, { uri: string }>;
  }>;
}

/** Runs the bin with --format sarif and returns the log after checking it against the schema. */
function sarifOf(args: string[], cwd: string, expectedStatus: number): SarifLog {
  const result = runBin([...args, '--format', 'sarif'], cwd);
  expect({ args, status: result.status }).toEqual({ args, status: expectedStatus });
  const log = JSON.parse(result.stdout) as unknown;
  const valid = validateSarif(log);
  expect(valid ? [] : validateSarif.errors).toEqual([]);
  return log as SarifLog;
}

/** docs/cli.md as the installed version ships it: the package's own name and version, never a moving branch. */
const { name: PACKAGE_NAME, version: PACKAGE_VERSION } = JSON.parse(
  fs.readFileSync(path.join(__dirname, '../../package.json'), 'utf8'),
) as { name: string; version: string };
const CLI_DOCS = `https://unpkg.com/${PACKAGE_NAME}@${PACKAGE_VERSION}/docs/cli.md`;

beforeAll(assertBinBuilt);
afterAll(removeTempDirs);

describe('mcp-meta --format sarif', () => {
  it('check: codes are rules with a help link, findings are results located in the manifest', () => {
    const dir = makeTempDir();
    writeFiles(dir, { 'src/search.ts': 'export const r = { content: [], _meta: { retrieval: { returned_count: 1 } } };\n' });
    writeManifest(dir, { version: 1, keys: { retrieval: { producers: ['src/search.ts'], fields: ['returned_count', 'hint'] } } });
    const log = sarifOf(['check'], dir, 1);
    const [run] = log.runs;
    expect(log.version).toBe('2.1.0');
    expect(run.tool.driver.name).toBe('mcp-meta');
    expect(run.tool.driver.rules).toEqual([expect.objectContaining({ id: 'field-not-written', helpUri: `${CLI_DOCS}#check` })]);
    expect(run.results).toHaveLength(1);
    expect(run.results[0]).toMatchObject({ ruleId: 'field-not-written', ruleIndex: 0, level: 'error' });
    expect(run.results[0].message.text).toContain("field 'retrieval.hint' is registered");
    expect(run.results[0].locations?.[0].physicalLocation).toEqual({
      artifactLocation: { uri: 'mcp-meta.registry.json', uriBaseId: '%SRCROOT%', index: 0 },
      region: { startLine: 10, startColumn: 9 },
    });
    // Line 10, column 9 of the written manifest is the registered field.
    expect(fs.readFileSync(`${dir}/mcp-meta.registry.json`, 'utf8').split('\n')[9].slice(8)).toBe('"hint"');
    expect(run.originalUriBaseIds['%SRCROOT%'].uri).toBe(`file://${dir}/`);
    expect(run.invocations[0].toolExecutionNotifications.map((n) => n.message.text)).toEqual(['checked 1 keys against 1 producer files']);
  });

  it('check: a clean run is a valid log with no results', () => {
    const dir = makeTempDir();
    writeFiles(dir, { 'src/search.ts': 'export const r = { content: [], _meta: { retrieval: { returned_count: 1 } } };\n' });
    writeManifest(dir, { version: 1, keys: { retrieval: { producers: ['src/search.ts'], fields: ['returned_count'] } } });
    const log = sarifOf(['check'], dir, 0);
    expect(log.runs[0].results).toEqual([]);
    expect(log.runs[0].tool.driver.rules).toEqual([]);
  });

  it('diff: a breaking change is a result with the diff anchor', () => {
    const dir = makeTempDir();
    initGitRepo(dir);
    writeFiles(dir, { 'src/a.ts': 'export {};\n' });
    writeManifest(dir, { version: 1, keys: { alpha: { producers: ['src/a.ts'], fields: ['n', 'm'] } } });
    commitAll(dir, 'base');
    writeManifest(dir, { version: 1, keys: { alpha: { producers: ['src/a.ts'], fields: ['n'] } } });
    const [run] = sarifOf(['diff', '--against', 'HEAD'], dir, 1).runs;
    expect(run.tool.driver.rules.map((rule) => [rule.id, rule.helpUri])).toEqual([['field-removed', `${CLI_DOCS}#diff`]]);
    expect(run.results.map((result) => result.ruleId)).toEqual(['field-removed']);
  });

  it('doc: a stale table is a result located in the doc', () => {
    const dir = makeTempDir();
    writeFiles(dir, { 'src/a.ts': 'export {};\n', 'PROTOCOL.md': '# P\n\n<!-- mcp-meta:keys:start -->\n<!-- mcp-meta:keys:end -->\n' });
    writeManifest(dir, { version: 1, keys: { alpha: { producers: ['src/a.ts'] } } });
    const [run] = sarifOf(['doc', '--check', 'PROTOCOL.md'], dir, 1).runs;
    expect(run.results.map((result) => [result.ruleId, result.locations?.[0].physicalLocation.artifactLocation.uri])).toEqual([
      ['doc-stale', 'PROTOCOL.md'],
    ]);
    expect(run.tool.driver.rules[0].helpUri).toBe(`${CLI_DOCS}#doc`);
  });

  it('init and add-key: notes become notifications, a refused key is a result', () => {
    const dir = makeTempDir();
    writeFiles(dir, { 'src/a.ts': 'export const r = { content: [], _meta: { alpha: { n: 1 } } };\n' });
    const init = sarifOf(['init'], dir, 0).runs[0];
    expect(init.results).toEqual([]);
    expect(init.invocations[0].toolExecutionNotifications[0].message.text).toMatch(/^wrote mcp-meta\.registry\.json: 1 keys \(alpha\)/);
    const addKey = sarifOf(['add-key', 'alpha', '--producer', 'src/a.ts'], dir, 1).runs[0];
    expect(addKey.results.map((result) => result.ruleId)).toEqual(['key-exists']);
    expect(addKey.tool.driver.rules[0].helpUri).toBe(`${CLI_DOCS}#add-key`);
  });

  it('a usage or I/O error (exit 2) is a valid log whose invocation failed', () => {
    const log = sarifOf(['check'], makeTempDir(), 2);
    expect(log.runs[0].results).toEqual([]);
    expect(log.runs[0].invocations[0].executionSuccessful).toBe(false);
    expect(log.runs[0].invocations[0].toolExecutionNotifications[0].message.text).toMatch(/^no manifest at /);
  });

  it('the schema check itself rejects a broken log', () => {
    expect(validateSarif({ version: '2.1.0', runs: [{ results: [] }] })).toBe(false);
  });
});

describe('SARIF rule help links', () => {
  it('point at headings that exist in docs/cli.md', () => {
    const docs = fs.readFileSync(`${REPO_ROOT}/docs/cli.md`, 'utf8');
    const anchors = new Set(
      [...docs.matchAll(/^#{2,3} (.+)$/gm)].map(([, title]) =>
        title
          .toLowerCase()
          .replace(/[^\w\s-]/g, '')
          .trim()
          .replace(/\s+/g, '-'),
      ),
    );
    for (const [code, info] of Object.entries(FINDING_CODES))
      expect({ code, anchor: anchors.has(info.anchor) }).toEqual({ code, anchor: true });
  });
});
