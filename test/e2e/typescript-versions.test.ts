/**
 * A user's project on today's npm, by the README's words: the packed plugin installed from the registry's dependency
 * tree (npm's cache first) into an ESM server (`"type": "module"`, the example server's sources), next to each
 * TypeScript a project may have. TypeScript 5.9 and 6.0 (the tested range) lint untyped and typed with
 * `eslint.config.mjs`; TypeScript 7, whose package has no compiler API for @typescript-eslint/parser, makes npm refuse
 * the install naming the supported range, and the README's two TypeScript 7 paths work: TypeScript 6.0 kept for the
 * parser with 7 beside it under an npm alias, and oxlint (which needs no `typescript`). Where the parser cannot load,
 * ESLint and `mcp-meta` stop with a message naming the installed TypeScript and the range, never a crash or "no problems".
 */
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, fixtureDir, PLUGIN_RULES, repoRoot } from './helpers/e2e';

let scratch: string;
let tarball: string;

/** The example server's seeded findings (README "Try it"): 19 without type information, 21 with it. */
const UNTYPED_FINDINGS = 19;
const TYPED_FINDINGS = 21;

/** The README's flat config (eslint.config.mjs, ESM), and its type-aware form. */
const UNTYPED_CONFIG = [
  "import { createConfig } from 'eslint-plugin-mcp-meta/config';",
  '',
  "export default [createConfig({ registry: './mcp-meta.registry.json', baseDir: import.meta.dirname })];",
].join('\n');
const TYPED_CONFIG = [
  "import { createConfig } from 'eslint-plugin-mcp-meta/config';",
  '',
  'export default [',
  "  createConfig({ registry: './mcp-meta.registry.json', baseDir: import.meta.dirname }),",
  '  {',
  '    languageOptions: {',
  "      parserOptions: { projectService: { allowDefaultProject: ['*.mjs'] }, tsconfigRootDir: import.meta.dirname },",
  '    },',
  '  },',
  '];',
].join('\n');

function run(command: string, args: readonly string[], cwd: string) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
    env: { ...process.env, npm_config_update_notifier: 'false', MCP_META_DEBUG: '' },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const NPM_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'];

/**
 * The tsconfig of an ESM server whose imports have no extensions (the example server's), as bundler-built servers
 * write them: TypeScript 5.9, 6.0 and 7 all type-check it.
 */
const ESM_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2022'],
    module: 'ESNext',
    moduleResolution: 'Bundler',
    types: [],
    strict: true,
    noEmit: true,
  },
  include: ['src'],
};

/** A fresh ESM server project: the example server's sources and manifest, an ESM tsconfig, and `package.json` extras. */
function serverProject(label: string, extra: Record<string, unknown> = {}): string {
  const dir = fs.mkdtempSync(path.join(scratch, `${label}-`));
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'server', private: true, version: '1.0.0', type: 'module', ...extra }, null, 2),
  );
  fs.cpSync(path.join(fixtureDir, 'src'), path.join(dir, 'src'), { recursive: true });
  fs.copyFileSync(path.join(fixtureDir, 'mcp-meta.registry.json'), path.join(dir, 'mcp-meta.registry.json'));
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(ESM_TSCONFIG, null, 2));
  return dir;
}

function npmInstall(dir: string, packages: readonly string[]) {
  return run('npm', ['install', '--save-dev', ...packages, ...NPM_FLAGS], dir);
}

function installed(dir: string, packages: readonly string[]): void {
  const result = npmInstall(dir, packages);
  if (result.status !== 0) throw new Error(`npm install ${packages.join(' ')} failed:\n${result.stderr}`);
}

/** `npx eslint .` with `config` as eslint.config.mjs; the findings as `file rule` lines, plus ESLint's exit status. */
function eslint(dir: string, config: string) {
  fs.writeFileSync(path.join(dir, 'eslint.config.mjs'), config);
  const result = run(process.execPath, [path.join(dir, 'node_modules/eslint/bin/eslint.js'), '.', '-f', 'json'], dir);
  let files: { filePath: string; messages: { ruleId: string | null; message: string }[] }[] = [];
  try {
    files = JSON.parse(result.stdout) as typeof files;
  } catch {
    return { status: result.status, findings: [] as string[], stderr: result.stderr };
  }
  const findings = files.flatMap((file) => file.messages.map((m) => `${path.relative(dir, file.filePath)} ${m.ruleId ?? m.message}`));
  return { status: result.status, findings, stderr: result.stderr };
}

function expectSeededFindings(findings: readonly string[], count: number): void {
  expect(findings).toHaveLength(count);
  for (const finding of findings) expect(finding).toMatch(/^src\/violations\/\S+ mcp-meta\//);
}

beforeAll(() => {
  assertBuilt();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-typescript-'));
  const packed = execFileSync('npm', ['pack', '--pack-destination', scratch, '--silent'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  tarball = path.join(scratch, packed.split('\n').pop() ?? '');
}, 300_000);

afterAll(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

describe('the tested TypeScript range', () => {
  it.each([['~5.9.3'], ['~6.0.3']])('typescript@%s: the README install, then eslint . untyped and typed', (range) => {
    const dir = serverProject('ts');
    installed(dir, ['eslint@10', tarball, `typescript@${range}`]);
    const untyped = eslint(dir, UNTYPED_CONFIG);
    expect(untyped.stderr).toBe('');
    expect(untyped.status).toBe(1);
    expectSeededFindings(untyped.findings, UNTYPED_FINDINGS);
    const typed = eslint(dir, TYPED_CONFIG);
    expect(typed.stderr).toBe('');
    expect(typed.status).toBe(1);
    expectSeededFindings(typed.findings, TYPED_FINDINGS);
  });
});

describe('a project on TypeScript 7', () => {
  it('npm refuses to install the plugin next to typescript@7, naming the supported range', () => {
    const dir = serverProject('ts7-refused');
    installed(dir, ['typescript@7']);
    const result = npmInstall(dir, ['eslint@10', tarball]);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('ERESOLVE');
    expect(result.stderr).toContain('typescript@">=4.8.4 <6.1" from eslint-plugin-mcp-meta');
  });

  it('README path 1: typescript 6.0 for the parser, TypeScript 7 beside it as typescript-7; ESLint lints untyped and typed', () => {
    const dir = serverProject('ts7-beside');
    installed(dir, ['eslint@10', tarball, 'typescript@~6.0.3', 'typescript-7@npm:typescript@^7']);
    expect(run(process.execPath, ['node_modules/typescript-7/bin/tsc', '--version'], dir).stdout).toMatch(/^Version 7\./);
    // The project still type-checks with TypeScript 7 (the example server is self-contained).
    expect(run(process.execPath, ['node_modules/typescript-7/bin/tsc', '-p', '.', '--noEmit'], dir).status).toBe(0);
    const untyped = eslint(dir, UNTYPED_CONFIG);
    expect(untyped.stderr).toBe('');
    expectSeededFindings(untyped.findings, UNTYPED_FINDINGS);
    const typed = eslint(dir, TYPED_CONFIG);
    expect(typed.stderr).toBe('');
    expectSeededFindings(typed.findings, TYPED_FINDINGS);
  });

  it('README path 2: oxlint with typescript@7 (an override lets the optional peer be 7); ESLint and mcp-meta say why they cannot run', () => {
    const dir = serverProject('ts7-oxlint', { overrides: { 'eslint-plugin-mcp-meta': { typescript: '$typescript' } } });
    installed(dir, ['typescript@7']);
    installed(dir, ['oxlint@1', 'eslint@10', tarball]);
    const rules = Object.fromEntries(
      PLUGIN_RULES.filter((rule) => rule !== 'no-removed-meta-field').map((rule) => [`mcp-meta/${rule}`, 'error']),
    );
    fs.writeFileSync(
      path.join(dir, '.oxlintrc.json'),
      JSON.stringify({ jsPlugins: ['eslint-plugin-mcp-meta'], plugins: [], categories: { correctness: 'off' }, rules }, null, 2),
    );
    const oxlint = run(process.execPath, ['node_modules/oxlint/bin/oxlint', '-c', '.oxlintrc.json', '-f', 'json', 'src'], dir);
    const diagnostics = (JSON.parse(oxlint.stdout) as { diagnostics: { code?: string; filename: string; message: string }[] }).diagnostics;
    // The documented limit of this path: imported modules are parsed with @typescript-eslint/parser, which cannot run on
    // TypeScript 7, so a key held in a `const` imported from another module is not known there (README, "TypeScript 7").
    // The example server has two such writes; everything else is exactly the seeded findings.
    const importsKey = new Set(['src/core/ops/query.ts', 'src/violations/retrieval-legacy-summary.ts']);
    const unreadImports = diagnostics.filter((diagnostic) => importsKey.has(diagnostic.filename));
    expect(unreadImports).toHaveLength(2);
    for (const diagnostic of unreadImports) expect(diagnostic.message).toContain('not known statically');
    const seeded = diagnostics.filter((diagnostic) => !unreadImports.includes(diagnostic));
    expect(seeded).toHaveLength(UNTYPED_FINDINGS);
    for (const diagnostic of seeded) {
      expect(diagnostic.code).toMatch(/^mcp-meta\(/);
      expect(diagnostic.filename).toMatch(/^src\/violations\//);
    }

    // ESLint's config load stops with the installed version, the range and the way out; no crash inside the parser.
    const lint = eslint(dir, UNTYPED_CONFIG);
    expect(lint.status).toBe(2);
    expect(lint.stderr).toContain('eslint-plugin-mcp-meta cannot load @typescript-eslint/parser');
    expect(lint.stderr).toContain('TypeScript 7.0');
    expect(lint.stderr).toContain('supports typescript >=4.8.4 <6.1');
    expect(lint.stderr).toContain('"TypeScript 7" section');

    // The verbs that parse sources exit 2 with the same words, never "no problems" or "internal error".
    for (const args of [['check'], ['init', '--force']]) {
      const cli = run(process.execPath, ['node_modules/eslint-plugin-mcp-meta/dist/src/cli/main.js', ...args], dir);
      expect(cli.status).toBe(2);
      expect(cli.stderr).toContain('mcp-meta: eslint-plugin-mcp-meta cannot load @typescript-eslint/parser');
      expect(cli.stderr).toContain('supports typescript >=4.8.4 <6.1');
      expect(cli.stderr).not.toContain('internal error');
      expect(cli.stdout).not.toContain('no problems');
    }
    // init wrote nothing: the manifest is the example server's.
    expect(fs.readFileSync(path.join(dir, 'mcp-meta.registry.json'), 'utf8')).toBe(
      fs.readFileSync(path.join(fixtureDir, 'mcp-meta.registry.json'), 'utf8'),
    );
  });
});
