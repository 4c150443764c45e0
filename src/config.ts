import * as path from 'node:path';
import plugin, { type McpMetaPlugin } from './plugin';
import { formatRegistryProblem, hashManifestFile, loadRegistry } from './registry';

export type McpMetaPreset = 'recommended' | 'strict';

/** Options of `createConfig`. */
export interface CreateConfigOptions {
  /** Path of `mcp-meta.registry.json`: absolute, or relative to `cwd`. */
  registry: string;
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
/** A config load prints at most this many manifest problems: 30,000 glob warnings would bury the lint output. */
const MAX_PRINTED_PROBLEMS = 20;

export function createConfig(options: CreateConfigOptions): McpMetaFlatConfig {
  checkOptions(options);
  const { preset = 'recommended', files = [...DEFAULT_FILES], cwd = process.cwd() } = options;
  const registryPath = path.resolve(cwd, options.registry);

  const loaded = loadRegistry(registryPath, { checkGlobs: true });
  const registryHash = loaded.ok ? loaded.registry.hash : (hashManifestFile(registryPath) ?? 'missing');
  const problems = loaded.ok ? loaded.warnings : loaded.problems;
  const reportKey = `${registryPath}\u0000${registryHash}`;
  if (problems.length > 0 && !reported.has(reportKey)) {
    reported.add(reportKey);
    console.warn(
      [`eslint-plugin-mcp-meta: ${loaded.ok ? 'warnings in' : 'cannot use'} the registry manifest ${registryPath}:`]
        .concat(problems.slice(0, MAX_PRINTED_PROBLEMS).map((problem) => `  ${formatRegistryProblem(problem)}`))
        .concat(problems.length > MAX_PRINTED_PROBLEMS ? [`  … and ${problems.length - MAX_PRINTED_PROBLEMS} more (run \`npx mcp-meta check\` for the full list)`] : [])
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
  if (record.cwd !== undefined && (typeof record.cwd !== 'string' || record.cwd === '')) {
    throw new TypeError(`createConfig: 'cwd' must be a folder path (a non-empty string), or left out to use process.cwd().`);
  }
}
