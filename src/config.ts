import * as path from 'node:path';
import plugin, { type McpMetaPlugin } from '../rules';
import { formatRegistryProblem, hashManifestFile, loadRegistry } from './registry';
import { isMissingManifest } from './registry/load-registry';
import { relativeRegistryFix } from './registry/resolve-registry';

export type McpMetaPreset = 'recommended' | 'strict';

/** Options of `createConfig`. */
export interface CreateConfigOptions {
  /** Path of `mcp-meta.registry.json`: absolute, or relative to `baseDir`. */
  registry: string;
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
  plugins: { 'mcp-meta': McpMetaPlugin };
  rules: McpMetaPlugin['configs']['recommended']['rules'];
  settings: {
    'mcp-meta': {
      /** Absolute path of the manifest. */
      registry: string;
      /**
       * sha256 of the manifest's bytes ('missing' when it cannot be read). The rules ignore it; it is here because
       * `eslint --cache` keys its results on the config, so a changed manifest invalidates cached results.
       */
      registryHash: string;
    };
  };
}

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
 * of crashing. Only wrong arguments throw (a TypeError naming the fix).
 */
export function createConfig(options: CreateConfigOptions): McpMetaFlatConfig {
  checkOptions(options);
  const { preset = 'recommended', files = [...DEFAULT_FILES] } = options;
  const baseDir = options.baseDir ?? options.cwd ?? process.cwd();
  const registryPath = path.resolve(baseDir, options.registry);

  const loaded = loadRegistry(registryPath, { checkGlobs: true });
  const registryHash = loaded.ok ? loaded.registry.hash : (hashManifestFile(registryPath) ?? 'missing');
  const guessedBase = options.baseDir === undefined && options.cwd === undefined && !path.isAbsolute(options.registry);
  const problems = loaded.ok
    ? loaded.warnings
    : isMissingManifest(loaded) && guessedBase
      ? loaded.problems.map((problem) => ({ ...problem, fix: relativeRegistryFix(options.registry, baseDir) }))
      : loaded.problems;
  const reportKey = `${registryPath}\u0000${registryHash}`;
  if (problems.length > 0 && !reported.has(reportKey)) {
    reported.add(reportKey);
    console.warn(
      [`eslint-plugin-mcp-meta: ${loaded.ok ? 'warnings in' : 'cannot use'} the registry manifest ${registryPath}:`]
        .concat(problems.map((problem) => `  ${formatRegistryProblem(problem)}`))
        .join('\n'),
    );
  }

  return {
    name: `mcp-meta/${preset}`,
    files: [...files],
    plugins: { 'mcp-meta': plugin },
    rules: { ...plugin.configs[preset].rules },
    settings: { 'mcp-meta': { registry: registryPath, registryHash } },
  };
}

function checkOptions(options: unknown): asserts options is CreateConfigOptions {
  const usage = "Call createConfig({ registry: './mcp-meta.registry.json' }).";
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`createConfig: options must be an object. ${usage}`);
  }
  const record = options as Record<string, unknown>;
  for (const name of Object.keys(record)) {
    if (!OPTION_NAMES.includes(name)) {
      throw new TypeError(`createConfig: unknown option '${name}'. Allowed options: ${OPTION_NAMES.join(', ')}.`);
    }
  }
  if (typeof record.registry !== 'string' || record.registry.trim() === '') {
    throw new TypeError(`createConfig: 'registry' must be the path of mcp-meta.registry.json (a non-empty string). ${usage}`);
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
