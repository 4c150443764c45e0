import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRegistry } from '../../src/registry';
import { setJsonValue } from '../../src/cli/manifest-write';
import { lintSourcesOf, RECOMMENDED_FLAT_CONFIG, repoRoot } from '../e2e/helpers/e2e';
import { assertBinBuilt, initGitRepo, makeTempDir, removeTempDirs, runBin, writeFiles } from './run-bin';

/** Hand-formatted on purpose (4-space indent, one-line arrays, a description, a deprecated key, acceptedBreaks). */
const MANIFEST_TEXT = `{
    "version": 1,
    "keys": {
        "retrieval": {
            "description": "Search diagnostics",
            "producers": ["src/search.ts"],
            "fields": ["returned_count"]
        },
        "legacy": { "producers": ["src/legacy.ts"], "deprecated": true }
    },
    "acceptedBreaks": [{ "change": "key-removed:old", "reason": "never shipped" }]
}
`;

function project(): string {
  const dir = makeTempDir();
  initGitRepo(dir);
  writeFiles(dir, {
    'mcp-meta.registry.json': MANIFEST_TEXT,
    'src/search.ts': 'export const r = { content: [], _meta: { retrieval: { returned_count: 1 } } };\n',
    'src/legacy.ts': 'export {};\n',
    'src/wrap.ts': 'export const w = { content: [], _meta: { timing: { ms: 1 } } };\n',
    'src/other.ts': 'export {};\n',
  });
  return dir;
}

const manifestOf = (dir: string): string => fs.readFileSync(path.join(dir, 'mcp-meta.registry.json'), 'utf8');

beforeAll(assertBinBuilt);
const copies: string[] = [];
afterAll(() => {
  removeTempDirs();
  for (const dir of copies) fs.rmSync(dir, { recursive: true, force: true });
});

describe('mcp-meta add-key', () => {
  it('inserts only the new key, keeping the rest of the text byte for byte, and says what it registered', () => {
    const dir = project();
    const result = runBin(['add-key', 'timing', '--producer', 'src/wrap.ts', '--field', 'ms', '--description', 'Handler timing'], dir);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("registered key 'timing' (producers src/wrap.ts; fields ms) in mcp-meta.registry.json");
    const text = manifestOf(dir);
    // Everything up to the end of the last existing key is unchanged, its one-line layout included; the new key
    // follows in the file's own indentation.
    const legacyEnd = MANIFEST_TEXT.indexOf('"deprecated": true }') + '"deprecated": true }'.length;
    expect(text.slice(0, legacyEnd + 2)).toBe(MANIFEST_TEXT.slice(0, legacyEnd) + ',\n');
    expect(text).toContain(
      '        "timing": {\n            "producers": [\n                "src/wrap.ts"\n            ],\n            "description": "Handler timing",',
    );
    expect(text.endsWith('    "acceptedBreaks": [{ "change": "key-removed:old", "reason": "never shipped" }]\n}\n')).toBe(true);
    const loaded = parseRegistry(text, path.join(dir, 'mcp-meta.registry.json'));
    expect(loaded.ok && [...loaded.registry.keys.keys()]).toEqual(['retrieval', 'legacy', 'timing']);
    expect(loaded.ok && loaded.registry.manifest.keys.legacy.deprecated).toBe(true);
    // Atomic: no temp file is left beside the manifest.
    expect(fs.readdirSync(dir).filter((name) => name.includes('.tmp'))).toEqual([]);
  });

  it('refuses a key that exists (exit 1, file untouched) unless --update-producers, which only adds', () => {
    const dir = project();
    const refused = runBin(['add-key', 'retrieval', '--producer', 'src/other.ts'], dir);
    expect(refused.status).toBe(1);
    expect(refused.stdout).toContain(
      "mcp-meta.registry.json:4:9  error  key 'retrieval' is already registered in mcp-meta.registry.json  [key-exists]",
    );
    expect(manifestOf(dir)).toBe(MANIFEST_TEXT);

    const updated = runBin(
      [
        'add-key',
        'retrieval',
        '--producer',
        'src/other.ts',
        '--producer',
        'src/search.ts',
        '--field',
        'returned_count',
        '--field',
        'hint',
        '--update-producers',
      ],
      dir,
    );
    expect(updated.status).toBe(0);
    expect(updated.stdout).toContain("updated key 'retrieval': producer src/other.ts, field retrieval.hint in mcp-meta.registry.json");
    const loaded = parseRegistry(manifestOf(dir), path.join(dir, 'mcp-meta.registry.json'));
    expect(loaded.ok && loaded.registry.manifest.keys.retrieval).toEqual({
      description: 'Search diagnostics',
      producers: ['src/search.ts', 'src/other.ts'],
      fields: ['returned_count', 'hint'],
    });

    const again = runBin(['add-key', 'retrieval', '--producer', 'src/other.ts', '--update-producers'], dir);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('already lists these producers and fields');
  });

  it("writes nothing when the plugin's loader rejects the result, and reports its problem and fix", () => {
    const dir = project();
    const result = runBin(['add-key', 'bad key!', '--producer', 'src/wrap.ts', '--format', 'json'], dir);
    expect(result.status).toBe(2);
    const json = JSON.parse(result.stdout) as {
      findings: Array<{ code: string; message: string; line?: number; fix: string }>;
      notes: string[];
    };
    expect(json.findings).toEqual([
      {
        severity: 'error',
        code: 'registry-problem',
        message: expect.stringContaining("Key name 'bad key!'") as string,
        file: 'mcp-meta.registry.json',
        fix: "Rename the key, e.g. 'bad_key'.",
      },
    ]);
    expect(json.notes).toEqual(["mcp-meta.registry.json is unchanged: the plugin's manifest validation rejects the result"]);
    expect(manifestOf(dir)).toBe(MANIFEST_TEXT);
  });

  it.each([
    ['io.modelcontextprotocol/serverInfo', "is written by the server's MCP SDK on every response"],
    ['progressToken', 'is a key MCP defines for request _meta, which the other side writes'],
    ['traceparent', 'is a key MCP defines for request _meta'],
  ])('refuses %s, a key the lint never asks to register, with the same reason the lint gives', (key, reason) => {
    const dir = project();
    const result = runBin(['add-key', key, '--producer', 'src/wrap.ts', '--format', 'json'], dir);
    expect(result.status).toBe(2);
    const json = JSON.parse(result.stdout) as { findings: Array<{ message: string; fix: string }> };
    expect(json.findings).toHaveLength(1);
    expect(json.findings[0].message).toContain(reason);
    expect(json.findings[0].fix).toMatch(new RegExp(`^Remove key '${key}' from the manifest\\. `));
    expect(manifestOf(dir)).toBe(MANIFEST_TEXT);
  });

  it("--plane: writes what the loader accepts for that plane, or refuses with the loader's reason", () => {
    const dir = project();
    const result = runBin(['add-key', 'widget', '--producer', 'src/wrap.ts', '--plane', 'tool'], dir);
    const expectedText = setJsonValue(MANIFEST_TEXT, ['keys', 'widget'], { producers: ['src/wrap.ts'], plane: 'tool' });
    const accepted = parseRegistry(expectedText, path.join(dir, 'mcp-meta.registry.json')).ok;
    expect({ status: result.status, text: manifestOf(dir) }).toEqual(
      accepted ? { status: 0, text: expectedText } : { status: 1, text: MANIFEST_TEXT },
    );
  });

  it("registers a host's key as init does: with its catalogue entry and the host's planes, so descriptor code lints clean", async () => {
    // Two levels below the repository, as the fixtures sit, so the lint config's `../../dist` resolves.
    const dir = path.join(repoRoot, 'tmp', `add-key-catalogue-${process.pid}`);
    fs.rmSync(dir, { recursive: true, force: true });
    copies.push(dir);
    writeFiles(dir, {
      'mcp-meta.registry.json': '{ "version": 1, "keys": {} }\n',
      'eslint.config.js': RECOMMENDED_FLAT_CONFIG,
      'src/tool.ts': `
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'cards', version: '1.0.0' });
server.registerTool(
  'show',
  { description: 'Shows a card', _meta: { 'openai/outputTemplate': 'ui://widget/card.html' } },
  async () => ({ content: [{ type: 'text' as const, text: 'shown' }] }),
);
`,
    });
    const result = runBin(['add-key', 'openai/outputTemplate', '--producer', 'src/tool.ts'], dir);
    expect(result.status, result.stdout).toBe(0);
    expect(result.stdout).toContain(
      "registered key 'openai/outputTemplate' (producers src/tool.ts; catalogue openai-apps.outputTemplate; plane tool)",
    );
    expect((JSON.parse(manifestOf(dir)) as { keys: unknown }).keys).toEqual({
      'openai/outputTemplate': { producers: ['src/tool.ts'], catalogue: 'openai-apps.outputTemplate', plane: 'tool' },
    });
    expect(await lintSourcesOf(dir)).toEqual([]);
    // A plane the host does not define the key on is the loader's refusal, as in a hand-written manifest.
    const offPlane = runBin(['add-key', 'openai/widgetAccessible', '--producer', 'src/tool.ts', '--plane', 'result'], dir);
    expect(offPlane.status).toBe(2);
    expect(offPlane.stdout).toContain('is declared on the result plane, but the OpenAI Apps SDK defines it on tool');
  });

  it('registers a deprecated host key the loader only warns about, and reports the warning (exit 1, not 2)', () => {
    const dir = project();
    const result = runBin(['add-key', 'ui/resourceUri', '--producer', 'src/wrap.ts', '--plane', 'tool', '--format', 'json'], dir);
    expect(result.status).toBe(1);
    const json = JSON.parse(result.stdout) as { findings: Array<{ severity: string; code: string; message: string; line?: number }> };
    expect(json.findings.map((finding) => `${finding.severity} ${finding.code} ${finding.message}`)).toEqual([
      expect.stringMatching(/^warning registry-problem Key 'ui\/resourceUri' is deprecated by MCP Apps/),
    ]);
    const manifest = JSON.parse(manifestOf(dir)) as { keys: Record<string, unknown> };
    expect(manifest.keys['ui/resourceUri']).toEqual({
      producers: ['src/wrap.ts'],
      catalogue: 'mcp-apps.ui-resourceUri',
      plane: 'tool',
    });
    // The finding's line is the key's, in the file as written.
    expect(manifestOf(dir).split('\n')[(json.findings[0].line ?? 0) - 1]).toContain('ui/resourceUri');
  });

  // OpenAI: "Apps SDK support is here to stay—we have no plans to deprecate it" (catalogue version 4).
  it('registers an OpenAI compatibility key (openai/widgetCSP) with no warning (exit 0)', () => {
    const dir = project();
    const result = runBin(['add-key', 'openai/widgetCSP', '--producer', 'src/wrap.ts', '--plane', 'resource'], dir);
    expect(result.status, result.stdout).toBe(0);
    const manifest = JSON.parse(manifestOf(dir)) as { keys: Record<string, unknown> };
    expect(manifest.keys['openai/widgetCSP']).toEqual({
      producers: ['src/wrap.ts'],
      catalogue: 'openai-apps.widgetCSP',
      plane: 'resource',
    });
  });

  it('exits 2 on usage errors: no key, no producer, a producer that is not a file, an unknown plane', () => {
    const dir = project();
    const cases: Array<[string[], RegExp]> = [
      [['add-key', '--producer', 'src/wrap.ts'], /add-key needs the KEY/],
      [['add-key', 'timing'], /at least one --producer/],
      [['add-key', 'timing', '--producer', 'src/nope.ts'], /producer 'src\/nope.ts' is not a file/],
      [['add-key', 'timing', '--producer', '../elsewhere.ts'], /outside the manifest's folder/],
      [['add-key', 'timing', '--producer', 'src/wrap.ts', '--plane', 'prompt'], /unknown --plane 'prompt'/],
      [['add-key', 'timing', '--producer', 'src/wrap.ts', '--registry', 'none.json'], /no manifest at/],
    ];
    for (const [args, message] of cases) {
      const result = runBin(args, dir);
      expect({ args, status: result.status }).toEqual({ args, status: 2 });
      expect(result.stderr).toMatch(message);
    }
    expect(manifestOf(dir)).toBe(MANIFEST_TEXT);
  });

  it('follows a symlinked manifest inside the repository, and never one that leads out of it', () => {
    const inside = project();
    fs.renameSync(path.join(inside, 'mcp-meta.registry.json'), path.join(inside, 'real.registry.json'));
    fs.symlinkSync('real.registry.json', path.join(inside, 'mcp-meta.registry.json'));
    expect(runBin(['add-key', 'timing', '--producer', 'src/wrap.ts'], inside).status).toBe(0);
    expect(fs.lstatSync(path.join(inside, 'mcp-meta.registry.json')).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(path.join(inside, 'real.registry.json'), 'utf8')).toContain('"timing"');

    const outsideDir = makeTempDir();
    fs.writeFileSync(path.join(outsideDir, 'shared.registry.json'), MANIFEST_TEXT);
    const repo = project();
    fs.rmSync(path.join(repo, 'mcp-meta.registry.json'));
    fs.symlinkSync(path.join(outsideDir, 'shared.registry.json'), path.join(repo, 'mcp-meta.registry.json'));
    const refused = runBin(['add-key', 'timing', '--producer', 'src/wrap.ts'], repo);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/refusing to write .*mcp-meta\.registry\.json: it is a symlink to .*shared\.registry\.json, outside /);
    expect(fs.readFileSync(path.join(outsideDir, 'shared.registry.json'), 'utf8')).toBe(MANIFEST_TEXT);
  });
});
