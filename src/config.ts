import { createHash } from 'node:crypto';
import * as path from 'node:path';
import type * as TsParser from '@typescript-eslint/parser';
import plugin, { type McpMetaPlugin } from '../rules';
import { persistModulesRead } from './analysis/modules/modules-read';
import { formatRegistryProblem, hashManifestFile, listFiles, loadRegistry, REGISTRY_FILENAME } from './registry';
import { isMissingManifest } from './registry/load-registry';
import { relativeRegistryFix } from './registry/resolve-registry';
import type { McpMetaSettingsInput } from './registry/settings';
import { buildOutputIgnores } from './util/build-output';
import { installedTypescriptVersion, loadTypescriptParser, warnIfUnsupportedTypescript } from './util/typescript-support';

export type McpMetaPreset = 'recommended' | 'strict';

/** Options of `createConfig`. */
export interface CreateConfigOptions {
  /**
   * Path of `mcp-meta.registry.json` (absolute, or relative to `baseDir`); several paths for a monorepo (each file
   * uses the deepest listed manifest whose folder contains it); or `'nearest'`: each file uses the nearest
   * `mcp-meta.registry.json` above it. A file no manifest covers that never mentions `_meta` gets no problem.
   */
  registry: string | string[];
  /** Which rule set to turn on. Default `'recommended'`. */
  preset?: McpMetaPreset;
  /** Files the config applies to. Default: every JavaScript and TypeScript file. */
  files?: string[];
  /**
   * Folder a relative `registry` is resolved against: pass the config file's own folder (`import.meta.dirname` in
   * `eslint.config.mjs`, `__dirname` in CommonJS), so the path means the same whatever folder ESLint runs in (an
   * editor's ESLint server often runs in the workspace folder, a parent of the project). Default `process.cwd()`.
   */
  baseDir?: string;
  /** The earlier name of `baseDir` (same meaning); give one or the other. */
  cwd?: string;
}

/** What `createConfig` returns: one flat config object, ready to put in `eslint.config.js`. */
export interface McpMetaFlatConfig {
  name: string;
  files: string[];
  /**
   * Build output and other folders that are not the code base, as `mcp-meta init` and `check` skip them: every
   * `node_modules`, `dist` and dot-folder, and the `outDir` of `baseDir`'s tsconfig.json. So `eslint .` after a build
   * reports (and `--fix` edits) the sources only, never the compiled copies.
   */
  ignores: string[];
  plugins: { 'mcp-meta': McpMetaPlugin };
  /**
   * @typescript-eslint/parser for every file the config claims: it parses TypeScript (.ts, .tsx, .mts, .cts) and
   * JavaScript (.js, .jsx, .mjs, .cjs) alike, so no file the default `files` match fails to parse.
   */
  languageOptions: { parser: typeof TsParser };
  rules: McpMetaPlugin['configs']['recommended']['rules'];
  settings: {
    /**
     * `registry`: absolute path of the manifest (one manifest); `registries`: absolute paths of several; neither: the
     * nearest manifest above each file. `registryHash`: sha256 of the manifest's bytes ('missing' when it cannot be
     * read; with several, of their paths and hashes), folded with a digest of the modules the analysis read in earlier
     * runs (`modules-read.ts`). The rules ignore it; it is here because `eslint --cache` keys its results on the
     * config, so a changed manifest or imported key module invalidates cached results. (The type the validator reads.)
     */
    'mcp-meta': McpMetaSettingsInput & { registryHash: string };
  };
}

/** `registry: 'nearest'`: no fixed manifest, the nearest one above each linted file. */
export const NEAREST = 'nearest';
export const DEFAULT_FILES: readonly string[] = ['**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'];
const OPTION_NAMES = ['registry', 'preset', 'files', 'baseDir', 'cwd'];
const PRESETS: readonly McpMetaPreset[] = ['recommended', 'strict'];

/** Manifest versions already reported on stderr, so a config loaded twice in one process does not repeat itself. */
const reported = new Set<string>();

/**
 * Builds a flat config for a registry manifest:
 *
 * ```js
 * export default [createConfig({ registry: './mcp-meta.registry.json', baseDir: import.meta.dirname, preset: 'strict' })];
 * ```
 *
 * The path is resolved now, when the config loads, against `baseDir` (the config file's folder), and the rules get
 * the absolute path: a relative path in plain `settings` would be resolved against ESLint's working directory.
 *
 * It validates the manifest now (including globs that match no file) and prints its problems to stderr, but never
 * throws for a broken or missing manifest: the rules then report it on every linted file, and ESLint exits 1 instead
 * of crashing. Only wrong arguments throw (a TypeError naming the fix), and a parser that cannot load under the
 * installed TypeScript (an Error naming the version, the supported range and the fix).
 */
/** A config load prints at most this many manifest problems: 30,000 glob warnings would bury the lint output. */
const MAX_PRINTED_PROBLEMS = 20;

export function createConfig(options: CreateConfigOptions): McpMetaFlatConfig {
  checkOptions(options);
  const { preset = 'recommended', files = [...DEFAULT_FILES] } = options;
  const baseDir = options.baseDir ?? options.cwd ?? process.cwd();
  // Relative paths guessed against the working directory get a fix that says how to anchor them.
  const guessedBase = options.baseDir === undefined && options.cwd === undefined;
  const typescriptVersion = installedTypescriptVersion(baseDir);
  // A parser that cannot load (TypeScript 7) would otherwise crash ESLint with a message about its internals.
  const loaded = loadTypescriptParser(baseDir, typescriptVersion);
  if (!loaded.ok) throw new Error(`${loaded.message}. Fix: ${loaded.fix}`);
  warnIfUnsupportedTypescript(baseDir, (line) => console.warn(line), typescriptVersion);

  const base = {
    name: `mcp-meta/${preset}`,
    files: [...files],
    ignores: buildOutputIgnores(baseDir),
    plugins: { 'mcp-meta': plugin },
    languageOptions: { parser: loaded.parser },
    rules: { ...plugin.configs[preset].rules },
  };
  const check = (given: string): { path: string; hash: string } =>
    checkManifest(path.resolve(baseDir, given), guessedBase && !path.isAbsolute(given) ? { given, baseDir } : null);
  if (options.registry === NEAREST) {
    // The rules find each file's manifest; validate the ones below baseDir now so their problems show at config load.
    const found = listFiles(baseDir).filter((file) => path.posix.basename(file) === REGISTRY_FILENAME);
    return { ...base, settings: { 'mcp-meta': { registryHash: combinedHash(found.map((file) => check(path.resolve(baseDir, file)))) } } };
  }
  if (Array.isArray(options.registry)) {
    const registries = options.registry.map((entry) => path.resolve(baseDir, entry));
    return { ...base, settings: { 'mcp-meta': { registries, registryHash: combinedHash(options.registry.map(check)) } } };
  }
  const checked = check(options.registry);
  return { ...base, settings: { 'mcp-meta': { registry: checked.path, registryHash: checked.hash } } };
}

/**
 * Validates one manifest (globs included) and prints its problems once per version; never throws. `relative` is set
 * when the path was relative and no `baseDir` was given: a missing manifest's fix then says how to anchor it.
 */
function checkManifest(registryPath: string, relative: { given: string; baseDir: string } | null): { path: string; hash: string } {
  const loaded = loadRegistry(registryPath, { checkGlobs: true });
  const registryHash = loaded.ok ? loaded.registry.hash : (hashManifestFile(registryPath) ?? 'missing');
  const problems = loaded.ok
    ? loaded.warnings
    : isMissingManifest(loaded) && relative !== null
      ? loaded.problems.map((problem) => ({ ...problem, fix: relativeRegistryFix(relative.given, relative.baseDir) }))
      : loaded.problems;
  const reportKey = `${registryPath}\u0000${registryHash}`;
  if (problems.length > 0 && !reported.has(reportKey)) {
    reported.add(reportKey);
    console.warn(
      [`eslint-plugin-mcp-meta: ${loaded.ok ? 'warnings in' : 'cannot use'} the registry manifest ${registryPath}:`]
        .concat(problems.slice(0, MAX_PRINTED_PROBLEMS).map((problem) => `  ${formatRegistryProblem(problem)}`))
        .concat(
          problems.length > MAX_PRINTED_PROBLEMS
            ? [`  … and ${problems.length - MAX_PRINTED_PROBLEMS} more (run \`npx mcp-meta check\` for the full list)`]
            : [],
        )
        .join('\n'),
    );
  }
  // The modules the analysis read under this manifest in earlier runs (a sidecar it keeps): an edit to one of them
  // changes the hash, so `eslint --cache` drops results that depended on it (ESLint keys them on the config).
  const modules = persistModulesRead(registryPath);
  const hash = modules === '' ? registryHash : createHash('sha256').update(`${registryHash}\u0000${modules}`).digest('hex');
  return { path: registryPath, hash };
}

function combinedHash(manifests: ReadonlyArray<{ path: string; hash: string }>): string {
  const hash = createHash('sha256');
  for (const manifest of manifests) hash.update(`${manifest.path}\u0000${manifest.hash}\n`);
  return hash.digest('hex');
}

function checkOptions(options: unknown): asserts options is CreateConfigOptions {
  const usage =
    "Call createConfig({ registry: './mcp-meta.registry.json' }) (or registry: ['a/mcp-meta.registry.json', 'b/mcp-meta.registry.json'], or registry: 'nearest').";
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`createConfig: options must be an object. ${usage}`);
  }
  const record = options as Record<string, unknown>;
  for (const name of Object.keys(record)) {
    if (!OPTION_NAMES.includes(name)) {
      throw new TypeError(`createConfig: unknown option '${name}'. Allowed options: ${OPTION_NAMES.join(', ')}.`);
    }
  }
  const isPath = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';
  if (Array.isArray(record.registry) ? record.registry.length === 0 || !record.registry.every(isPath) : !isPath(record.registry)) {
    throw new TypeError(
      `createConfig: 'registry' must be the path of mcp-meta.registry.json (a non-empty string), a non-empty array of them, or 'nearest'. ${usage}`,
    );
  }
  if (record.preset !== undefined && !PRESETS.includes(record.preset as McpMetaPreset)) {
    throw new TypeError(`createConfig: 'preset' must be 'recommended' or 'strict', not ${JSON.stringify(record.preset)}.`);
  }
  if (
    record.files !== undefined &&
    (!Array.isArray(record.files) || record.files.length === 0 || !record.files.every((f) => typeof f === 'string' && f !== ''))
  ) {
    throw new TypeError(`createConfig: 'files' must be a non-empty array of glob strings, e.g. ['src/**/*.ts'], or left out.`);
  }
  for (const name of ['baseDir', 'cwd']) {
    const value = record[name];
    if (value !== undefined && (typeof value !== 'string' || value === '')) {
      throw new TypeError(
        `createConfig: '${name}' must be a folder path (a non-empty string), e.g. import.meta.dirname or __dirname, or left out to use process.cwd().`,
      );
    }
  }
  if (record.baseDir !== undefined && record.cwd !== undefined) {
    throw new TypeError(`createConfig: give 'baseDir' or its earlier name 'cwd', not both.`);
  }
}
