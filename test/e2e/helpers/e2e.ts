/**
 * Shared helpers for the e2e tests that drive real ESLint (Node API and CLI), real tsc and real formatters over a
 * private copy of fixtures/example-server. Nothing here mocks ESLint: it only copies files, spawns processes and
 * reads their output.
 *
 * Copies live inside the repository (the git-ignored /tmp/ folder), so that `require('eslint-plugin-mcp-meta')` in
 * their configs resolves through the package's self-reference to the built plugin in dist/, as it does for a user.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import type { ESLint as ESLint10 } from 'eslint';

export const repoRoot = path.resolve(__dirname, '../../..');
export const fixtureDir = path.join(repoRoot, 'fixtures/example-server');
export const scratchRoot = path.join(repoRoot, 'tmp');
export const requireFromRepo = createRequire(path.join(repoRoot, 'package.json'));

/** The real ESLint 10 CLI (the `eslint` devDependency), run with `node` so no shell or .bin shim is involved. */
export const ESLINT_10_BIN = path.join(repoRoot, 'node_modules/eslint/bin/eslint.js');
export const TSC_BIN = path.join(repoRoot, 'node_modules/typescript/bin/tsc');

/** The rules that report without type information (the fixtures and the corpus lint without a program). */
export const RULES = [
  'no-wholesale-meta-assign',
  'no-foreign-meta-key',
  'require-producer-isolation',
  'no-unregistered-meta-key',
  'no-unregistered-meta-field',
] as const;

/** The rule that reports a manifest that cannot be used (once per file, line 1); the five above then stay silent. */
export const REGISTRY_RULE = 'valid-registry';
/** Every rule the plugin ships, each on in every preset: one page each in docs/rules (the plugin is held to it). */
export const PLUGIN_RULES: readonly string[] = fs
  .readdirSync(path.join(repoRoot, 'docs/rules'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => name.slice(0, -'.md'.length))
  .sort();

/**
 * The severity a preset gives a rule (1 warn, 2 error, -1 absent), as its docs page's generated header says: a rule
 * that "warns in the recommended config" is a warning there and an error in `strict`; a rule whose header names only
 * `strict` is absent from `recommended`; every other rule is an error in both.
 */
export function presetSeverity(rule: string, preset: 'recommended' | 'strict'): -1 | 1 | 2 {
  const page = fs.readFileSync(path.join(repoRoot, 'docs/rules', `${rule}.md`), 'utf8');
  if (preset === 'recommended' && page.includes('This rule _warns_ in the ✅ `recommended` config')) return 1;
  // A rule only `strict` turns on is absent from `recommended` (`severityOf` reads an absent rule as -1).
  if (preset === 'recommended' && !page.includes('✅ `recommended`')) return -1;
  return 2;
}

/** Where each rule's documentation lives (the rules' `meta.docs.url`). */
const packageVersion = (JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
/** Each rule's page in the published version's files (the docs ship in the package). */
export const docsUrl = (rule: string): string => `https://unpkg.com/eslint-plugin-mcp-meta@${packageVersion}/docs/rules/${rule}.md`;

/** Throws a clear message when the plugin has not been built (these tests lint with dist/, like users do). */
export function assertBuilt(): void {
  const entry = path.join(repoRoot, 'dist/src/index.js');
  if (!fs.existsSync(entry)) {
    throw new Error(`${entry} is missing: these e2e tests lint with the built plugin. Run \`npm run build\` first (npm test does).`);
  }
}

export function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}

const scratchDirs: string[] = [];

/** A private copy of fixtures/example-server (its manifest, configs and sources); returns the copy's folder. */
export function copyOfFixture(label: string): string {
  fs.mkdirSync(scratchRoot, { recursive: true });
  const dir = fs.mkdtempSync(path.join(scratchRoot, `e2e-${label}-`));
  scratchDirs.push(dir);
  const serverDir = path.join(dir, 'example-server');
  fs.cpSync(fixtureDir, serverDir, { recursive: true });
  return serverDir;
}

/** Removes every copy made by `copyOfFixture` in this test file (call it from `afterAll`). */
export function removeCopies(): void {
  for (const dir of scratchDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** All files under `dir` with one of `extensions`, relative to `base` (POSIX separators), sorted. */
export function filesUnder(dir: string, base: string, extensions = ['.ts']): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(full, base, extensions));
    else if (extensions.some((ext) => entry.name.endsWith(ext))) out.push(toPosix(path.relative(base, full)));
  }
  return out.sort();
}

/** Every file's bytes under `dir`, keyed by relative path: to prove that a run changed nothing. */
export function snapshotTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of filesUnder(dir, dir, [''])) out[rel] = fs.readFileSync(path.join(dir, rel), 'latin1');
  return out;
}

// -------------------------------------------------------------------------------------------------------------
// Child processes

export interface RunResult {
  /** Exit code (null when killed by a signal). */
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node <script> ...args` in `cwd` and collects its output. Never rejects on a non-zero exit code. */
export function runNode(script: string, args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: options.cwd,
      // No colours (stable text), and no inherited ESLint switches from the developer's shell.
      env: { ...stripEslintEnv(process.env), FORCE_COLOR: '0', NO_COLOR: '1', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function stripEslintEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    if (/^ESLINT_/.test(name) || name === 'DEBUG' || name === 'NODE_OPTIONS' || name.startsWith('VITEST')) continue;
    out[name] = value;
  }
  return out;
}

/** Runs the real ESLint 10 CLI in `cwd`. */
export function runEslint(cwd: string, args: readonly string[], env?: NodeJS.ProcessEnv): Promise<RunResult> {
  return runNode(ESLINT_10_BIN, args, { cwd, env });
}

// -------------------------------------------------------------------------------------------------------------
// ESLint's `--format json` output

export interface JsonMessage {
  ruleId: string | null;
  /** The rule's message id (absent for a parse error or a message given as text). */
  messageId?: string;
  line: number;
  column: number;
  message: string;
  severity: number;
  fatal?: boolean;
  fix?: { range: [number, number]; text: string };
  suggestions?: unknown[];
}
export interface JsonResult {
  filePath: string;
  messages: JsonMessage[];
  errorCount: number;
  warningCount: number;
  output?: string;
  source?: string;
}

/** Parses `--format json` output, with the raw text in the error when it is not JSON. */
export function parseJsonOutput(run: RunResult): JsonResult[] {
  try {
    return JSON.parse(run.stdout) as JsonResult[];
  } catch {
    throw new Error(
      `ESLint did not print JSON (exit ${run.code}).\nstdout: ${run.stdout.slice(0, 2000)}\nstderr: ${run.stderr.slice(0, 2000)}`,
    );
  }
}

/** `file:line rule` for every message, file relative to `serverDir`; crashes and parse errors show as `null(fatal)`. */
export function findingsOf(results: readonly { filePath: string; messages: readonly JsonMessage[] }[], serverDir: string): string[] {
  return results
    .flatMap((result) =>
      result.messages.map((m) => `${toPosix(path.relative(serverDir, result.filePath))}:${m.line} ${m.ruleId ?? 'null(fatal)'}`),
    )
    .sort(byFileThenLine);
}

export function byFileThenLine(a: string, b: string): number {
  const [fileA, restA] = a.split(':');
  const [fileB, restB] = b.split(':');
  if (fileA !== fileB) return fileA < fileB ? -1 : 1;
  const lineDiff = parseInt(restA, 10) - parseInt(restB, 10);
  return lineDiff !== 0 ? lineDiff : a < b ? -1 : a > b ? 1 : 0;
}

/** The 1-based line of the first line of `text` that contains `needle` (throws if none: the fixture changed). */
export function lineOf(text: string, needle: string): number {
  const index = text.split('\n').findIndex((line) => line.includes(needle));
  if (index < 0) throw new Error(`No line contains ${JSON.stringify(needle)}: the fixture changed, update this test.`);
  return index + 1;
}

// -------------------------------------------------------------------------------------------------------------
// The manifest

export const MANIFEST = 'mcp-meta.registry.json';

export interface ManifestShape {
  keys: Record<string, { producers: string[]; description?: string; fields?: unknown }>;
  [other: string]: unknown;
}

export function readManifest(serverDir: string): ManifestShape {
  return JSON.parse(fs.readFileSync(path.join(serverDir, MANIFEST), 'utf8')) as ManifestShape;
}

export function writeManifest(serverDir: string, manifest: ManifestShape): void {
  fs.writeFileSync(path.join(serverDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
}

/**
 * The flat config a team writes, for a project made two folders below the repository (`tmp/<copy>`): the built plugin
 * by path (`npm run build` first), `recommended` over every `.ts` file, the manifest beside the config.
 */
export const RECOMMENDED_FLAT_CONFIG = `import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tsParser from '@typescript-eslint/parser';
import mcpMeta from '../../dist/src/index.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const files = ['**/*.ts'];

export default [
  { files, languageOptions: { parser: tsParser, sourceType: 'module' } },
  { ...mcpMeta.configs.recommended, files, settings: { 'mcp-meta': { registry: path.join(here, 'mcp-meta.registry.json') } } },
];
`;

/** ESLint 10's Node API over `dir/src` with `dir/eslint.config.js`: one `file:line:column rule message` per message. */
export async function lintSourcesOf(dir: string): Promise<string[]> {
  const { ESLint } = requireFromRepo('eslint') as { ESLint: typeof ESLint10 };
  const eslint = new ESLint({ cwd: dir, overrideConfigFile: path.join(dir, 'eslint.config.js') });
  const results = await eslint.lintFiles(['src']);
  return results.flatMap((result) =>
    result.messages.map((m) => `${toPosix(path.relative(dir, result.filePath))}:${m.line}:${m.column} ${m.ruleId ?? 'fatal'} ${m.message}`),
  );
}
