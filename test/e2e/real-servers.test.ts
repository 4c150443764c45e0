/**
 * The plugin on real MCP server shapes (issue: "the rest of the field"): fixtures/sdk-server (official SDK,
 * registerTool handlers, a wrapper middleware, resources), fixtures/apps-widget-server (OpenAI Apps SDK / MCP Apps
 * widget server with host-defined keys), fixtures/js-server (plain .js/.mjs/.cjs/.jsx), fixtures/sdk-v2-server (SDK v2
 * server and client 2.4), fixtures/mcp-apps-server (ext-apps 2.0) and fixtures/framework-package (a createServer-style
 * wrapper registering user tools config-first and re-wrapping their results) and fixtures/proxy-server (an SDK v2
 * gateway forwarding to an upstream client: no-dropped-meta) and fixtures/relay-proxy (an SDK v2 proxy relaying the
 * caller's request `_meta`, re-advertising the upstream's descriptors, calling upstream through another module). Each fixture's `src/violations/README.md` lists the exact findings (file:line:col and rule);
 * everything else in `src/` is clean. Linted with real ESLint 10 and 9 (the fixture's own flat config; the v2, MCP
 * Apps, framework and proxy fixtures also with a TypeScript program) and ESLint 8.57 (eslintrc, the same rules).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ESLint as ESLint10 } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, repoRoot, requireFromRepo, toPosix } from './helpers/e2e';

const FIXTURES = [
  'sdk-server',
  'apps-widget-server',
  'js-server',
  'sdk-v2-server',
  'mcp-apps-server',
  'framework-package',
  'proxy-server',
  'relay-proxy',
] as const;
/** The fixtures written in TypeScript with a tsconfig: also linted with a program, which must not change the list. */
const TYPED_FIXTURES = ['sdk-v2-server', 'mcp-apps-server', 'framework-package', 'proxy-server', 'relay-proxy'] as const;
const README_ROW = /^\| ([\w.-]+):(\d+):(\d+) \| ([a-z-]+) \|/;

/** `violations/<file>:<line>:<col> <rule>` for each row of the fixture's violations README. */
function expectedFindings(fixture: string): string[] {
  const readme = fs.readFileSync(path.join(repoRoot, 'fixtures', fixture, 'src/violations/README.md'), 'utf8');
  return readme
    .split('\n')
    .map((line) => README_ROW.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => `src/violations/${match[1]}:${match[2]}:${match[3]} mcp-meta/${match[4]}`)
    .sort();
}

interface Result {
  filePath: string;
  messages: ReadonlyArray<{ line: number; column: number; ruleId: string | null; message: string }>;
}

function findings(results: readonly Result[], fixtureDir: string): string[] {
  return results
    .flatMap((result) =>
      result.messages.map(
        (m) => `${toPosix(path.relative(fixtureDir, result.filePath))}:${m.line}:${m.column} ${m.ruleId ?? `(fatal) ${m.message}`}`,
      ),
    )
    .sort();
}

beforeAll(assertBuilt);

describe.each(FIXTURES)('%s', (fixture) => {
  const fixtureDir = path.join(repoRoot, 'fixtures', fixture);
  const expected = expectedFindings(fixture);

  it('lists its seeded findings (the README is not empty)', () => {
    expect(expected.length).toBeGreaterThanOrEqual(5);
  });

  it("ESLint 10 with the fixture's flat config reports exactly the seeded findings", async () => {
    const { ESLint } = requireFromRepo('eslint') as { ESLint: typeof ESLint10 };
    const eslint = new ESLint({ cwd: fixtureDir, overrideConfigFile: path.join(fixtureDir, 'eslint.config.js') });
    const results = await eslint.lintFiles(['src']);
    expect(findings(results, fixtureDir)).toEqual(expected);
  });

  it("ESLint 9 with the fixture's flat config reports the same findings", async () => {
    const { ESLint } = requireFromRepo('eslint-v9') as { ESLint: typeof ESLint10 };
    const eslint = new ESLint({ cwd: fixtureDir, overrideConfigFile: path.join(fixtureDir, 'eslint.config.js') });
    const results = await eslint.lintFiles(['src']);
    expect(findings(results, fixtureDir)).toEqual(expected);
  });

  it('ESLint 8.57 with eslintrc reports the same findings', async () => {
    const { ESLint } = requireFromRepo('eslint-v8') as {
      ESLint: new (options: object) => { lintFiles(patterns: string[]): Promise<Result[]> };
    };
    const tsParser = requireFromRepo.resolve('@typescript-eslint/parser');
    const eslint = new ESLint({
      cwd: fixtureDir,
      useEslintrc: false,
      resolvePluginsRelativeTo: repoRoot,
      extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
      overrideConfig: {
        root: true,
        plugins: ['mcp-meta'],
        extends: ['plugin:mcp-meta/legacy-recommended'],
        parserOptions: { ecmaVersion: 'latest', sourceType: 'module', ecmaFeatures: { jsx: true } },
        settings: { 'mcp-meta': { registry: path.join(fixtureDir, 'mcp-meta.registry.json') } },
        overrides: [
          { files: ['*.ts', '*.tsx', '*.mts', '*.cts'], parser: tsParser },
          { files: ['*.cjs'], parserOptions: { sourceType: 'script' } },
        ],
      },
    });
    const results = await eslint.lintFiles(['src']);
    expect(findings(results, fixtureDir)).toEqual(expected);
  });
});

describe.each(TYPED_FIXTURES)('%s, type-aware', (fixture) => {
  const fixtureDir = path.join(repoRoot, 'fixtures', fixture);

  it('ESLint 10 with a TypeScript program (projectService) reports the same findings', async () => {
    const { ESLint } = requireFromRepo('eslint') as { ESLint: typeof ESLint10 };
    const eslint = new ESLint({
      cwd: fixtureDir,
      overrideConfigFile: path.join(fixtureDir, 'eslint.config.js'),
      overrideConfig: {
        files: ['**/*.{ts,tsx,mts,cts}'],
        languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: fixtureDir } },
      },
    });
    const results = await eslint.lintFiles(['src']);
    expect(findings(results, fixtureDir)).toEqual(expectedFindings(fixture));
  });
});
