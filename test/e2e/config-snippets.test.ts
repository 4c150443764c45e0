/**
 * Every config file the README and docs/*.md show (a code block whose first line is `// eslint.config.mjs`,
 * `// eslint.config.js`, `// eslint.config.ts`, `// .eslintrc.cjs` or `// .oxlintrc.json`) is written, as it stands,
 * into a temporary project and used the way the docs say: an ESM server (`"type": "module"`, TypeScript and
 * JavaScript with `import`) and a plain JavaScript server (no `"type"`, `.js` with `import` and a CommonJS `.cjs`).
 * Flat configs run with ESLint 10, the eslintrc with ESLint 8.57, `.oxlintrc.json` with oxlint; `eslint.config.ts` is
 * type-checked against ESLint's own types (`defineConfig`). Each must parse every file it covers and report the one
 * seeded problem per file, and a typed config (`projectService`, ESM and CommonJS) must really give the rules types
 * (src/typed.ts's union-typed key is two keys then, one dynamic key without): a config snippet that no longer works
 * fails here, not in a user's first lint. The `.oxlintrc.json` block is generated from the plugin; the last test
 * checks it is not stale (test/e2e/oxlint.test.ts compares its findings with ESLint's recommended config).
 *
 * The projects live in the system's temp folder (outside the repository, whose .gitignore oxlint would honour), with
 * `node_modules/eslint-plugin-mcp-meta` linked to the repository (the built dist/, as an install would give) and the
 * packages the snippets import beside it, so their imports resolve as they do for a user.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type * as TypeScript from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, repoRoot, requireFromRepo } from './helpers/e2e';

interface Snippet {
  doc: string;
  line: number;
  file: string;
  text: string;
}

const CONFIG_FILES = ['eslint.config.mjs', 'eslint.config.js', 'eslint.config.ts', '.eslintrc.cjs', '.oxlintrc.json'];

/** The config-file code blocks of the README and the top-level docs (rule docs are linted by docs-examples.test). */
function configSnippets(): Snippet[] {
  const docs = [
    'README.md',
    ...fs
      .readdirSync(path.join(repoRoot, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  const snippets: Snippet[] = [];
  for (const doc of docs) {
    const text = fs.readFileSync(path.join(repoRoot, doc), 'utf8');
    for (const match of text.matchAll(/^```(?:js|ts|jsonc|json)\n([\s\S]*?)^```$/gm)) {
      const header = /^\/\/ (\S+)\n/.exec(match[1]);
      if (header === null || !CONFIG_FILES.includes(header[1])) continue;
      snippets.push({ doc, line: text.slice(0, match.index).split('\n').length, file: header[1], text: match[1] });
    }
  }
  return snippets;
}

const MANIFEST = { version: 1, keys: { status: { producers: ['src/**'], fields: ['ok'] } } };
const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    allowJs: true,
    strict: true,
    noEmit: true,
    types: [],
  },
  include: ['src'],
};

/** Each source file writes one registered key and one that is not: exactly one problem per file it covers. */
const PROJECTS: Record<'esm' | 'plain', { packageJson: object; sources: Record<string, string> }> = {
  esm: {
    packageJson: { name: 'esm-server', private: true, type: 'module' },
    sources: {
      // Types tell the members of the union apart (two unregistered keys); without them the key is one dynamic key.
      'src/typed.ts': "export function typedOnly(k: 'example/a' | 'example/b') {\n  return { content: [], _meta: { [k]: 1 } };\n}\n",
      'src/server.ts': [
        "import { tools } from './tools.js';",
        '',
        'export function callTool(name: string) {',
        "  return { content: [{ type: 'text', text: `${name}: ${tools.length}` }], _meta: { status: { ok: true }, 'example/unregistered': 1 } };",
        '}',
        '',
      ].join('\n'),
      // The module docs/ci-and-editors.md's --cache snippet digests (keys other files import).
      'src/keys.ts':
        "export const TIMING = 'timing';\nexport const keysResult = () => ({ content: [], _meta: { 'example/unregistered': 4 } });\n",
      'src/tools.js': [
        "import { EventEmitter } from 'node:events';",
        '',
        "export const tools = ['search'];",
        'export const events = new EventEmitter();',
        'export function listTools() {',
        "  return { content: [], _meta: { 'example/unregistered': 2 } };",
        '}',
        '',
      ].join('\n'),
    },
  },
  plain: {
    packageJson: { name: 'plain-server', private: true },
    sources: {
      // Types tell the members of the union apart (two unregistered keys); without them the key is one dynamic key.
      'src/typed.ts': "export function typedOnly(k: 'example/a' | 'example/b') {\n  return { content: [], _meta: { [k]: 1 } };\n}\n",
      // The module docs/ci-and-editors.md's --cache snippet digests (keys other files import).
      'src/keys.ts':
        "export const TIMING = 'timing';\nexport const keysResult = () => ({ content: [], _meta: { 'example/unregistered': 4 } });\n",
      'src/server.js': [
        "import { EventEmitter } from 'node:events';",
        '',
        'export const events = new EventEmitter();',
        'export function callTool() {',
        "  return { content: [], _meta: { status: { ok: true }, 'example/unregistered': 1 } };",
        '}',
        '',
      ].join('\n'),
      'src/legacy.cjs': [
        "const { EventEmitter } = require('node:events');",
        '',
        'module.exports = { events: new EventEmitter(), callTool: () => ({ content: [], _meta: { "example/unregistered": 3 } }) };',
        '',
      ].join('\n'),
    },
  },
};

interface LintResult {
  filePath: string;
  messages: { ruleId: string | null; message: string; fatal?: boolean }[];
}
interface ESLintClass {
  new (options: Record<string, unknown>): { lintFiles(patterns: string[]): Promise<LintResult[]> };
}

const scratch: string[] = [];

function projectWith(kind: 'esm' | 'plain', snippet: Snippet): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `mcp-meta-snippet-${kind}-`));
  scratch.push(dir);
  const { packageJson, sources } = PROJECTS[kind];
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(packageJson, null, 2));
  fs.writeFileSync(path.join(dir, 'mcp-meta.registry.json'), JSON.stringify(MANIFEST, null, 2));
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
  for (const [file, text] of Object.entries(sources)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  fs.mkdirSync(path.join(dir, 'node_modules/@typescript-eslint'), { recursive: true });
  fs.symlinkSync(repoRoot, path.join(dir, 'node_modules/eslint-plugin-mcp-meta'), 'dir');
  for (const name of ['eslint', '@typescript-eslint/parser', '@types'])
    fs.symlinkSync(path.join(repoRoot, 'node_modules', name), path.join(dir, 'node_modules', name), 'dir');
  fs.writeFileSync(path.join(dir, snippet.file), snippet.text);
  return dir;
}

/** `file -> rule ids` of a lint, relative to the project; parse errors and "no config" warnings show as their text. */
function findingsOf(dir: string, results: readonly LintResult[]): Record<string, string[]> {
  return Object.fromEntries(
    results.map((result) => [
      path.relative(dir, result.filePath),
      result.messages.map((message) => (message.ruleId === null || message.fatal ? `error: ${message.message}` : message.ruleId)),
    ]),
  );
}

/**
 * The files a snippet's config covers: all sources, or only TypeScript when it limits `files` to it. A config that
 * gives the parser a program (`projectService`) reads the union-typed key of src/typed.ts member by member.
 */
function expectedFindings(kind: 'esm' | 'plain', snippet: Snippet): Record<string, string[]> {
  const onlyTs = /files: \['\*\*\/\*\.ts'\]/.test(snippet.text);
  const typed = snippet.text.includes('projectService');
  return Object.fromEntries(
    Object.keys(PROJECTS[kind].sources).map((file) => {
      const covered = !onlyTs || file.endsWith('.ts');
      const count = !covered ? 0 : file === 'src/typed.ts' && typed ? 2 : 1;
      return [file, Array.from({ length: count }, () => 'mcp-meta/no-unregistered-meta-key')];
    }),
  );
}

async function lintWithEslint10(dir: string): Promise<Record<string, string[]>> {
  const { ESLint } = requireFromRepo('eslint') as { ESLint: ESLintClass };
  return findingsOf(dir, await new ESLint({ cwd: dir }).lintFiles(['src']));
}

async function lintWithEslint8(dir: string): Promise<Record<string, string[]>> {
  const { ESLint } = requireFromRepo('eslint-v8') as { ESLint: ESLintClass };
  return findingsOf(
    dir,
    await new ESLint({ cwd: dir, useEslintrc: true }).lintFiles(
      Object.keys(PROJECTS.esm.sources)
        .concat(Object.keys(PROJECTS.plain.sources))
        .filter((file) => fs.existsSync(path.join(dir, file))),
    ),
  );
}

function lintWithOxlint(dir: string): Record<string, string[]> {
  // --no-ignore: the project sits in the repository's git-ignored tmp/, which oxlint would otherwise skip.
  const result = spawnSync(path.join(repoRoot, 'node_modules/.bin/oxlint'), ['-c', '.oxlintrc.json', '-f', 'json', '--no-ignore', 'src'], {
    cwd: dir,
    encoding: 'utf8',
  });
  const diagnostics = (JSON.parse(result.stdout) as { diagnostics: { code?: string; filename: string }[] }).diagnostics;
  const findings: Record<string, string[]> = {};
  for (const diagnostic of diagnostics) {
    (findings[diagnostic.filename] ??= []).push((diagnostic.code ?? '').replace(/^mcp-meta\((.*)\)$/, 'mcp-meta/$1'));
  }
  return findings;
}

/** Type-checks `eslint.config.ts` in-process against the installed `eslint` types and the built plugin's. */
function typeErrors(dir: string): string[] {
  const ts = requireFromRepo('typescript') as typeof TypeScript;
  const program = ts.createProgram([path.join(dir, 'eslint.config.ts')], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
    // The snippet's own types against the declarations, not the declarations' internals (and a fraction of the time).
    skipLibCheck: true,
    types: ['node'],
  });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

const snippets = configSnippets();

beforeAll(assertBuilt);
afterAll(() => {
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

describe('config snippets in the README and docs', () => {
  it('finds the config files the docs show', () => {
    const found = new Set(snippets.map((snippet) => snippet.file));
    expect([...found].sort()).toEqual([...CONFIG_FILES].sort());
    expect(snippets.filter((snippet) => snippet.doc === 'README.md').length).toBeGreaterThanOrEqual(6);
  });

  it('the .oxlintrc.json block of README.md and docs/oxlint.md is the one the plugin generates', () => {
    const result = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/oxlint-config-doc.mjs'), '--check'], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  const cases = snippets.flatMap((snippet) =>
    (['esm', 'plain'] as const)
      // A CommonJS eslint.config.js is for a project without "type": "module", as the README says; eslint.config.ts
      // (import.meta.dirname) for an ESM one.
      .filter(
        (kind) => !(snippet.file === 'eslint.config.js' && kind === 'esm') && !(snippet.file === 'eslint.config.ts' && kind === 'plain'),
      )
      .map((kind) => ({ name: `${snippet.doc}:${snippet.line} ${snippet.file} in the ${kind} server`, snippet, kind })),
  );

  it.each(cases)('$name', async ({ snippet, kind }) => {
    const dir = projectWith(kind, snippet);
    if (snippet.file === 'eslint.config.ts') {
      expect(typeErrors(dir)).toEqual([]);
      return;
    }
    const findings =
      snippet.file === '.eslintrc.cjs'
        ? await lintWithEslint8(dir)
        : snippet.file === '.oxlintrc.json'
          ? lintWithOxlint(dir)
          : await lintWithEslint10(dir);
    const expected = expectedFindings(kind, snippet);
    // oxlint lists only files with findings.
    if (snippet.file === '.oxlintrc.json') for (const file of Object.keys(expected)) if (expected[file].length === 0) delete expected[file];
    expect(findings).toEqual(expected);
  });
});
