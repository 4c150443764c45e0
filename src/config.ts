import { createHash } from 'node:crypto';
import * as path from 'node:path';
import * as tsParser from '@typescript-eslint/parser';
import plugin, { type McpMetaPlugin } from '../rules';
import { formatRegistryProblem, hashManifestFile, listFiles, loadRegistry, REGISTRY_FILENAME } from './registry';
import { warnIfUnsupportedTypescript } from './util/typescript-support';

export type McpMetaPreset = 'recommended' | 'strict';

/** Options of `createConfig`. */
export interface CreateConfigOptions {
  /**
   * Path of `mcp-meta.registry.json` (absolute, or relative to `cwd`); several paths for a monorepo (each file uses
   * the deepest listed manifest whose folder contains it); or `'nearest'`: each file uses the nearest
   * `mcp-meta.registry.json` above it. A file no manifest covers that never mentions `_meta` gets no problem.
   */
  registry: string | string[];
  /** Which rule set to turn on. Default `'recommended'`. */
  preset?: McpMetaPreset;
  /** Files the config applies to. Default: every JavaScript and TypeScript file. */
  files?: string[];
  /** Folder a relative `registry` is resolved against. Default `process.cwd()` (where ESLint runs). */
  cwd?: string;
}

/** What `createConfig` returns: one flat config object, ready to put in `eslint.config.js`. */
export interface McpMetaFlatConfig {
  name: string;
  files: string[];
  plugins: { 'mcp-meta': McpMetaPlugin };
  /**
   * @typescript-eslint/parser for every file the config claims: it parses TypeScript (.ts, .tsx, .mts, .cts) and
   * JavaScript (.js, .jsx, .mjs, .cjs) alike, so no file the default `files` match fails to parse.
   */
  languageOptions: { parser: typeof tsParser };
  rules: McpMetaPlugin['configs']['recommended']['rules'];
  settings: {
    'mcp-meta': {
      /** Absolute path of the manifest (one manifest). */
      registry?: string;
      /** Absolute paths of the manifests (several). Neither this nor `registry`: the nearest manifest above each file. */
      registries?: string[];
      /**
       * sha256 of the manifest's bytes ('missing' when it cannot be read; with several, of their paths and hashes).
       * The rules ignore it; it is here because `eslint --cache` keys its results on the config, so a changed
       * manifest invalidates cached results.
       */
      registryHash: string;
    };
  };
}

/** `registry: 'nearest'`: no fixed manifest, the nearest one above each linted file. */
export const NEAREST = 'nearest';
export const DEFAULT_FILES: readonly string[] = ['**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'];
const OPTION_NAMES = ['registry', 'preset', 'files', 'cwd'];
const PRESETS: readonly McpMetaPreset[] = ['recommended', 'strict'];

/** Manifest versions already reported on stderr, so a config loaded twice in one process does not repeat itself. */
const reported = new Set<string>();

/**
 * Builds a flat config for a registry manifest:
 *
 * ```js
 * export default [createConfig({ registry: './mcp-meta.registry.json', preset: 'strict' })];
 * ```
 *
 * It validates the manifest now (including globs that match no file) and prints its problems to stderr, but never
 * throws for a broken or missing manifest: the rules then report it on every linted file, and ESLint exits 1 instead
 * of crashing. Only wrong arguments throw (a TypeError naming the fix).
 */
export function createConfig(options: CreateConfigOptions): McpMetaFlatConfig {
  checkOptions(options);
  const { preset = 'recommended', files = [...DEFAULT_FILES], cwd = process.cwd() } = options;
  warnIfUnsupportedTypescript(cwd, (line) => console.warn(line));

  const base = {
    name: `mcp-meta/${preset}`,
    files: [...files],
    plugins: { 'mcp-meta': plugin },
    languageOptions: { parser: tsParser },
    rules: { ...plugin.configs[preset].rules },
  };
  if (options.registry === NEAREST) {
    // The rules find each file's manifest; validate the ones below cwd now so their problems show at config load.
    const found = listFiles(cwd).filter((file) => path.posix.basename(file) === REGISTRY_FILENAME).map((file) => path.resolve(cwd, file));
    return { ...base, settings: { 'mcp-meta': { registryHash: combinedHash(found.map(checkManifest)) } } };
  }
  if (Array.isArray(options.registry)) {
    const registries = options.registry.map((entry) => path.resolve(cwd, entry));
    return { ...base, settings: { 'mcp-meta': { registries, registryHash: combinedHash(registries.map(checkManifest)) } } };
  }
  const registryPath = path.resolve(cwd, options.registry);
  return { ...base, settings: { 'mcp-meta': { registry: registryPath, registryHash: checkManifest(registryPath).hash } } };
}

/** Validates one manifest (globs included) and prints its problems once per version; never throws. */
function checkManifest(registryPath: string): { path: string; hash: string } {
  const loaded = loadRegistry(registryPath, { checkGlobs: true });
  const registryHash = loaded.ok ? loaded.registry.hash : (hashManifestFile(registryPath) ?? 'missing');
  const problems = loaded.ok ? loaded.warnings : loaded.problems;
  const reportKey = `${registryPath}\u0000${registryHash}`;
  if (problems.length > 0 && !reported.has(reportKey)) {
    reported.add(reportKey);
    console.warn(
      [`eslint-plugin-mcp-meta: ${loaded.ok ? 'warnings in' : 'cannot use'} the registry manifest ${registryPath}:`]
        .concat(problems.map((problem) => `  ${formatRegistryProblem(problem)}`))
        .join('\n'),
    );
  }
  return { path: registryPath, hash: registryHash };
}

function combinedHash(manifests: ReadonlyArray<{ path: string; hash: string }>): string {
  const hash = createHash('sha256');
  for (const manifest of manifests) hash.update(`${manifest.path}\u0000${manifest.hash}\n`);
  return hash.digest('hex');
}

function checkOptions(options: unknown): asserts options is CreateConfigOptions {
  const usage = "Call createConfig({ registry: './mcp-meta.registry.json' }) (or registry: ['a/mcp-meta.registry.json', 'b/mcp-meta.registry.json'], or registry: 'nearest').";
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
    throw new TypeError(`createConfig: 'registry' must be the path of mcp-meta.registry.json (a non-empty string), a non-empty array of them, or 'nearest'. ${usage}`);
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
  if (record.cwd !== undefined && (typeof record.cwd !== 'string' || record.cwd === '')) {
    throw new TypeError(`createConfig: 'cwd' must be a folder path (a non-empty string), or left out to use process.cwd().`);
  }
}
