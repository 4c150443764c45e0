/**
 * What a user gets from `npm install eslint-plugin-mcp-meta`: the packed tarball installed into a fresh project
 * outside this repository (no self-reference, no workspace link), then used the three ways the README shows:
 * `require`, `import` (and the `/config` subpath), ESLint linting the example server with the installed plugin, and
 * the `mcp-meta` bin through `npx`. Dependencies come from npm's cache (`npm ci` filled it), so it needs no network.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, fixtureDir, repoRoot } from './helpers/e2e';

let project: string;

function run(command: string, args: readonly string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  assertBuilt();
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-consumer-'));
  const packed = execFileSync('npm', ['pack', '--pack-destination', project, '--silent'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  const tarball = path.join(project, packed.split('\n').pop() ?? '');
  fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, version: '1.0.0' }));
  // --engine-strict: every dependency must accept the Node versions `engines` promises (this runs on the oldest CI
  // Node, 20); a dependency that wants a newer Node makes npm refuse, as it does for users who set engine-strict.
  const install = run(
    'npm',
    ['install', tarball, 'eslint@10', '--engine-strict', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'],
    project,
  );
  if (install.status !== 0) throw new Error(`npm install of the packed plugin failed:\n${install.stderr}`);
  fs.cpSync(path.join(fixtureDir, 'src'), path.join(project, 'server', 'src'), { recursive: true });
  fs.copyFileSync(path.join(fixtureDir, 'mcp-meta.registry.json'), path.join(project, 'server', 'mcp-meta.registry.json'));
}, 300_000);

afterAll(() => {
  if (project) fs.rmSync(project, { recursive: true, force: true });
});

describe('the packed package, installed in a fresh project', () => {
  it('ships the built plugin, the schema and the docs, and no sources or tests', () => {
    const installed = path.join(project, 'node_modules', 'eslint-plugin-mcp-meta');
    expect(fs.existsSync(path.join(installed, 'dist/src/index.js'))).toBe(true);
    expect(fs.existsSync(path.join(installed, 'dist/src/index.mjs'))).toBe(true);
    expect(fs.existsSync(path.join(installed, 'dist/src/index.d.ts'))).toBe(true);
    expect(fs.existsSync(path.join(installed, 'schema/registry.schema.json'))).toBe(true);
    expect(fs.existsSync(path.join(installed, 'docs/rules/no-foreign-meta-key.md'))).toBe(true);
    expect(fs.existsSync(path.join(installed, 'test'))).toBe(false);
    expect(fs.existsSync(path.join(installed, 'src'))).toBe(false);
  });

  it('require and import give the same plugin object; createConfig comes from /config', () => {
    const script = [
      "const cjs = require('eslint-plugin-mcp-meta');",
      "const { createConfig } = require('eslint-plugin-mcp-meta/config');",
      "import('eslint-plugin-mcp-meta').then(async (esm) => {",
      "  const config = await import('eslint-plugin-mcp-meta/config');",
      '  console.log(JSON.stringify({',
      '    same: esm.default === cjs, meta: cjs.meta, rules: Object.keys(cjs.rules).sort(),',
      '    configs: Object.keys(cjs.configs).sort(), createConfig: typeof createConfig, esmCreateConfig: typeof config.createConfig,',
      '  }));',
      '});',
    ].join('\n');
    const result = run(process.execPath, ['-e', script], project);
    expect(result.stderr).toBe('');
    const out = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(out).toMatchObject({
      same: true,
      meta: { name: 'eslint-plugin-mcp-meta', namespace: 'mcp-meta' },
      configs: ['legacy-recommended', 'legacy-strict', 'recommended', 'strict'],
      createConfig: 'function',
      esmCreateConfig: 'function',
    });
    // Every rule of the sources, each with its docs page.
    const ruleDocs = fs.readdirSync(path.join(repoRoot, 'docs/rules')).filter((name) => name.endsWith('.md'));
    expect(out.rules).toEqual(ruleDocs.map((name) => name.slice(0, -'.md'.length)).sort());
    expect(out.rules).toContain('valid-registry');
    expect(out.rules).toContain('no-removed-meta-field');
  });

  it('ESLint lints with the installed plugin through createConfig: the seeded violations, nothing else', () => {
    fs.writeFileSync(
      path.join(project, 'eslint.config.js'),
      [
        "const tsParser = require('@typescript-eslint/parser');",
        "const { createConfig } = require('eslint-plugin-mcp-meta/config');",
        'module.exports = [',
        "  { files: ['**/*.ts'], languageOptions: { parser: tsParser } },",
        "  createConfig({ registry: './server/mcp-meta.registry.json', files: ['**/*.ts'] }),",
        '];',
      ].join('\n'),
    );
    const result = run(process.execPath, [path.join(project, 'node_modules/eslint/bin/eslint.js'), 'server/src', '-f', 'json'], project);
    expect(result.status).toBe(1);
    const files = JSON.parse(result.stdout) as { filePath: string; messages: { ruleId: string | null }[] }[];
    const findings = files.flatMap((file) =>
      file.messages.map((message) => ({ file: path.relative(project, file.filePath), rule: message.ruleId })),
    );
    expect(findings).toHaveLength(19);
    expect(findings.every((finding) => finding.file.startsWith('server/src/violations/'))).toBe(true);
    expect(new Set(findings.map((finding) => finding.rule)).size).toBe(5);
  });

  it('`npx mcp-meta` runs the installed bin: --help, and check on the example server', () => {
    const help = run('npx', ['--no-install', 'mcp-meta', '--help'], project);
    expect(help.status).toBe(0);
    for (const verb of ['check', 'diff', 'doc', 'init']) expect(help.stdout).toContain(verb);
    const check = run(
      'npx',
      ['--no-install', 'mcp-meta', 'check', '--registry', 'server/mcp-meta.registry.json', '--format', 'json'],
      project,
    );
    expect(check.stderr).toBe('');
    // The manifest matches the code; the seeded violations the lint's key rules report are check's findings too.
    expect(check.status).toBe(1);
    const report = JSON.parse(check.stdout) as { verb: string; findings: Array<{ code: string; file?: string }> };
    expect(report.verb).toBe('check');
    expect(report.findings.map((finding) => finding.code).sort()).toEqual([
      'key-foreign',
      'key-foreign',
      'key-unregistered',
      'key-unregistered',
    ]);
    expect(report.findings.every((finding) => finding.file?.startsWith('server/src/violations/'))).toBe(true);
  });
});
