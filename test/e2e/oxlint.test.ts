/**
 * End-to-end under oxlint (issue 6): oxlint loads the BUILT plugin unchanged through `jsPlugins` in a generated
 * `.oxlintrc.json` and lints fixtures/example-server; its findings (file, line, rule id) must equal ESLint 10's on the
 * same files. A small generated MCP server (scripts/generate-corpus.mjs) is linted too: oxlint must find exactly
 * the seeded violations. What differs between the two hosts is written down in docs/oxlint.md.
 *
 * Needs `npm run build` first (`npm test` does it).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(__dirname, '../..');
const fixtureDir = path.join(repoRoot, 'fixtures/example-server');
const requireFromRepo = createRequire(path.join(repoRoot, 'package.json'));
const oxlintBin = path.join(repoRoot, 'node_modules/.bin/oxlint');

interface Plugin {
  rules: Record<string, unknown>;
  configs: { recommended: { rules: Record<string, unknown> } };
}
interface OxlintDiagnostic {
  message: string;
  code?: string;
  severity: string;
  filename: string;
  labels?: { span: { line: number; column: number } }[];
}
interface Finding {
  file: string;
  line: number;
  ruleId: string;
  message: string;
}

let scratch: string;
let plugin: Plugin;
const allRules = (): Record<string, string> => Object.fromEntries(Object.keys(plugin.rules).map((name) => [`mcp-meta/${name}`, 'error']));
const key = (f: { file: string; line: number; ruleId: string }): string => `${f.file}:${f.line} ${f.ruleId}`;
const toPosix = (p: string): string => p.split(path.sep).join('/');

/** Runs oxlint over `target` with a generated config that loads the built plugin; findings relative to `baseDir`. */
function runOxlint(
  target: string,
  registry: string,
  baseDir: string,
  rules: Record<string, string> = allRules(),
): { findings: Finding[]; other: OxlintDiagnostic[]; status: number | null; stderr: string } {
  const cfgDir = fs.mkdtempSync(path.join(scratch, 'cfg-'));
  const cfgPath = path.join(cfgDir, '.oxlintrc.json');
  fs.writeFileSync(
    cfgPath,
    JSON.stringify(
      {
        // Only our rules: no built-in plugins or categories, so every diagnostic comes from mcp-meta.
        plugins: [],
        categories: { correctness: 'off' },
        jsPlugins: [requireFromRepo.resolve('eslint-plugin-mcp-meta')],
        rules,
        settings: { 'mcp-meta': { registry } },
      },
      null,
      2,
    ),
  );
  const res = spawnSync(oxlintBin, ['-c', cfgPath, '-f', 'json', target], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 1 << 26 });
  let json: { diagnostics?: OxlintDiagnostic[] } = {};
  try {
    json = JSON.parse(res.stdout) as { diagnostics?: OxlintDiagnostic[] };
  } catch {
    throw new Error(`oxlint exited ${res.status} without JSON: ${res.stderr || res.stdout}`);
  }
  const diagnostics = json.diagnostics ?? [];
  const ours = diagnostics.filter((d) => /^mcp-meta\(/.test(d.code ?? ''));
  const findings = ours.map((d) => ({
    file: toPosix(path.relative(baseDir, path.resolve(repoRoot, d.filename))),
    line: d.labels?.[0]?.span.line ?? 0,
    ruleId: (d.code ?? '').replace(/^mcp-meta\((.*)\)$/, 'mcp-meta/$1'),
    message: d.message,
  }));
  return { findings, other: diagnostics.filter((d) => !ours.includes(d)), status: res.status, stderr: res.stderr };
}

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-oxlint-'));
  plugin = requireFromRepo('eslint-plugin-mcp-meta') as Plugin;
});

afterAll(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

/** The `rules` of the `.oxlintrc.json` block README.md shows (generated from the plugin by scripts/oxlint-config-doc.mjs). */
function documentedOxlintRules(doc: string): Record<string, string> {
  const text = fs.readFileSync(path.join(repoRoot, doc), 'utf8');
  const block = /^```jsonc\n\/\/ \.oxlintrc\.json\n([\s\S]*?)^```$/m.exec(text);
  if (block === null) throw new Error(`${doc} shows no .oxlintrc.json block`);
  const json = block[1]
    .split('\n')
    .filter((line) => !/^\s*\/\//.test(line))
    .join('\n');
  return (JSON.parse(json) as { rules: Record<string, string> }).rules;
}

/**
 * oxlint's findings on a fixture server's `src`, checked against ESLint 10's on the same files (same keys, same words).
 * `eslintRules`: what ESLint runs (every rule by default); `oxlintRules`: what oxlint runs (the same by default).
 */
async function expectSameAsEslint(
  fixtureDir: string,
  eslintRules: Record<string, unknown> = allRules(),
  oxlintRules: Record<string, string> = allRules(),
): Promise<Finding[]> {
  const registry = path.join(fixtureDir, 'mcp-meta.registry.json');
  const ox = runOxlint(path.join(fixtureDir, 'src'), registry, fixtureDir, oxlintRules);
  expect(ox.other).toEqual([]);

  const { ESLint } = requireFromRepo('eslint') as {
    ESLint: new (o: Record<string, unknown>) => {
      lintFiles(p: string[]): Promise<{ filePath: string; messages: { ruleId: string | null; line: number; message: string }[] }[]>;
    };
  };
  // From the repository root, as oxlint runs: messages name the manifest by its path from the working folder.
  const eslint = new ESLint({
    cwd: repoRoot,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts'], languageOptions: { parser: requireFromRepo('@typescript-eslint/parser') as unknown, sourceType: 'module' } },
      { files: ['**/*.ts'], plugins: { 'mcp-meta': plugin }, rules: eslintRules, settings: { 'mcp-meta': { registry } } },
    ],
  });
  const results = await eslint.lintFiles([toPosix(path.relative(repoRoot, path.join(fixtureDir, 'src/**/*.ts')))]);
  const fromEslint = results.flatMap((r) =>
    r.messages.map((m) => ({
      file: toPosix(path.relative(fixtureDir, r.filePath)),
      line: m.line,
      ruleId: m.ruleId ?? '(fatal)',
      message: m.message,
    })),
  );

  expect(fromEslint.length).toBeGreaterThan(0);
  expect(ox.findings.map(key).sort()).toEqual(fromEslint.map(key).sort());
  // Same words too: the rules build their messages the same way under both hosts.
  const byKey = new Map(fromEslint.map((f) => [key(f), f.message]));
  for (const f of ox.findings) expect(f.message).toBe(byKey.get(key(f)));
  // Nothing outside src/violations/ (the fixture's clean part stays clean under oxlint too).
  expect(ox.findings.filter((f) => !f.file.startsWith('src/violations/'))).toEqual([]);
  return ox.findings;
}

describe('oxlint runs the plugin unchanged (jsPlugins)', () => {
  it('finds on fixtures/example-server exactly what ESLint 10 finds (file, line, rule)', async () => {
    await expectSameAsEslint(fixtureDir);
  });

  it('finds on fixtures/proxy-server (no-dropped-meta on code that never names _meta) exactly its seeded findings', async () => {
    const proxyDir = path.join(repoRoot, 'fixtures/proxy-server');
    const found = await expectSameAsEslint(proxyDir);
    const readme = fs.readFileSync(path.join(proxyDir, 'src/violations/README.md'), 'utf8');
    const seeded = [...readme.matchAll(/^\| ([\w.-]+):(\d+):\d+ \| ([a-z-]+) \|/gm)].map(
      (row) => `src/violations/${row[1]}:${row[2]} mcp-meta/${row[3]}`,
    );
    expect(seeded.length).toBeGreaterThanOrEqual(5);
    expect(found.map(key).sort()).toEqual(seeded.sort());
  });

  // The config the docs tell a user to write: the plugin's recommended rules without the one that needs types.
  it.each(['fixtures/example-server', 'fixtures/proxy-server', 'fixtures/apps-widget-server'])(
    "the documented .oxlintrc.json finds on %s what ESLint's recommended config finds",
    async (fixture) => {
      const documented = documentedOxlintRules('README.md');
      expect(documentedOxlintRules('docs/oxlint.md')).toEqual(documented);
      const recommended = plugin.configs.recommended.rules;
      // Every recommended rule but no-removed-meta-field (type information only), at the same severity.
      expect(Object.keys(documented).sort()).toEqual(
        Object.keys(recommended)
          .filter((id) => id !== 'mcp-meta/no-removed-meta-field')
          .sort(),
      );
      for (const [id, severity] of Object.entries(documented)) expect(severity).toBe(recommended[id]);
      const found = await expectSameAsEslint(path.join(repoRoot, fixture), recommended, documented);
      if (fixture !== 'fixtures/example-server') expect(found.length).toBeGreaterThan(0);
    },
  );

  it('finds exactly the seeded violations of a generated 150-file MCP server', async () => {
    const generatorUrl = pathToFileURL(path.join(repoRoot, 'scripts/generate-corpus.mjs')).href;
    const { generateCorpus } = (await import(generatorUrl)) as {
      generateCorpus: (
        dir: string,
        o: { files: number; seed: number; violations: number },
      ) => { expected: { file: string; line: number; ruleId: string }[] };
    };
    const dir = path.join(scratch, 'corpus');
    const { expected } = generateCorpus(dir, { files: 150, seed: 3, violations: 20 });
    const ox = runOxlint(path.join(dir, 'src'), path.join(dir, 'mcp-meta.registry.json'), dir);
    expect(ox.other).toEqual([]);
    expect(ox.findings.map(key).sort()).toEqual(expected.map(key).sort());
  });

  it('reports a missing manifest as a problem instead of crashing', () => {
    const ox = runOxlint(path.join(fixtureDir, 'src/core'), path.join(scratch, 'no-such-dir/mcp-meta.registry.json'), fixtureDir);
    expect(ox.stderr).not.toMatch(/panicked|TypeError|ReferenceError/);
    expect(ox.findings.length).toBeGreaterThan(0);
    for (const f of ox.findings) expect(f.line).toBe(1);
  });
});
