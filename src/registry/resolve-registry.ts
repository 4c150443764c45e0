import * as path from 'node:path';
import { countedStat, isMissingManifest, loadRegistry, MISSING_MANIFEST_FIX } from './load-registry';
import { readMcpMetaSettings } from './settings';
import type { Registry, RegistryLoadResult, RegistryProblem } from './types';

export const REGISTRY_FILENAME = 'mcp-meta.registry.json';

/**
 * How the lint path checks the manifest for edits: once per event-loop turn, not once per file (`statOncePerTurn`),
 * or `now` (`statNow`: for a file that may write `_meta`, so an edit made earlier in the same turn is seen).
 */
export type ManifestFreshness = 'turn' | 'now';

const LINT_PATH = { turn: { oncePerTurn: true }, now: { refreshTurn: true } } as const;

export type ResolvedRegistry =
  | { ok: true; registry: Registry }
  | {
      ok: false;
      /** The first error: the one a lint problem shows. */
      problem: RegistryProblem;
      /** Every problem found (the first is `problem`). */
      problems: RegistryProblem[];
      registryPath: string | null;
      /**
       * No manifest governs this file (none above it, or none of `registries` contains it). A file that never
       * mentions `_meta` then has nothing to check, and no problem is reported for it.
       */
      uncovered?: boolean;
    };

/**
 * A folder's discovery answer (a manifest, or none) is looked at again after this long, so a manifest created while an
 * editor's ESLint process runs is noticed without a restart: one created where there was none, and a nearer one (a
 * package's own manifest under the root one in a monorepo). Within the delay a lint costs no walk up the tree; after
 * it, one `stat` per folder between the file and its manifest, once for all the files of those folders.
 */
export const DISCOVERY_RECHECK_MS = 3000;

interface Discovery {
  manifest: string | null;
  checkedAt: number;
}

/** Nearest manifest per folder, re-checked after `DISCOVERY_RECHECK_MS` (sooner when the manifest disappears). */
const discoveries = new Map<string, Discovery>();

/** Forgets discovered manifests. For tests. */
export function resetRegistryDiscovery(): void {
  discoveries.clear();
}

/**
 * Which manifest applies to `filename`: `settings['mcp-meta'].registry` (absolute, or relative to `cwd`), else the
 * nearest `mcp-meta.registry.json` walking up from the file (discovery cached per folder). Settings are validated
 * (unknown properties, wrong types) with a problem that names the fix. The manifest is checked for edits once per
 * event-loop turn, or now (`freshness`). Never throws.
 */
export function resolveRegistryForFile(
  filename: string,
  settings: unknown,
  cwd: string,
  freshness: ManifestFreshness = 'turn',
): ResolvedRegistry {
  const lintPath = LINT_PATH[freshness];
  const read = readMcpMetaSettings(settings);
  if (!read.ok) return { ok: false, problem: read.problem, problems: [read.problem], registryPath: null };

  if (read.settings.registries !== undefined) {
    const registryPath = coveringManifest(
      path.resolve(cwd, filename),
      read.settings.registries.map((entry) => path.resolve(cwd, entry)),
    );
    if (registryPath === null) return notListed(path.resolve(cwd, filename), read.settings.registries);
    return fromLoad(loadRegistry(registryPath, lintPath), registryPath);
  }
  if (read.settings.registry !== undefined) {
    const registryPath = path.resolve(cwd, read.settings.registry);
    const loaded = loadRegistry(registryPath, lintPath);
    if (isMissingManifest(loaded) && !path.isAbsolute(read.settings.registry)) {
      return fromLoad(withFix(loaded, relativeRegistryFix(read.settings.registry, cwd)), registryPath);
    }
    return fromLoad(loaded, registryPath);
  }

  // ESLint passes '<input>' / '<text>' for text without a path; those resolve against cwd like any relative name.
  const startDir = path.dirname(path.resolve(cwd, filename));
  let registryPath = discover(startDir);
  if (registryPath === null) return notFound(startDir);
  let loaded = loadRegistry(registryPath, lintPath);
  if (isMissingManifest(loaded)) {
    // The manifest we found earlier is gone (moved or deleted): look again once instead of reporting a stale path.
    forget(registryPath);
    registryPath = discover(startDir);
    if (registryPath === null) return notFound(startDir);
    loaded = loadRegistry(registryPath, lintPath);
  }
  return fromLoad(loaded, registryPath);
}

function fromLoad(loaded: RegistryLoadResult, registryPath: string): ResolvedRegistry {
  if (loaded.ok) return { ok: true, registry: loaded.registry };
  const first = loaded.problems.find((p) => p.severity === 'error') ?? loaded.problems[0];
  return { ok: false, problem: first, problems: loaded.problems, registryPath };
}

/**
 * A relative manifest path that points nowhere: the manifest is not written yet (a first lint), or the linter's working
 * directory is not the config's folder (an editor's ESLint server runs in the workspace folder, often a parent of the
 * project). Both hosts' fixes: oxlint has no `createConfig` or `.eslintrc.cjs`, and its users read this message too.
 */
export function relativeRegistryFix(registry: string, cwd: string): string {
  return (
    `'${registry}' is relative, so it was resolved against ESLint's working directory ${cwd} (under oxlint: the folder ` +
    `oxlint runs in), which in an editor may be the workspace folder rather than your project. If the manifest does not ` +
    `exist yet, create it: npx mcp-meta init (on TypeScript 7, see the "TypeScript 7" section of the plugin's README). ` +
    `If it is elsewhere: in ESLint, make the path absolute from the config file's folder, ` +
    `createConfig({ registry: '${registry}', baseDir: import.meta.dirname }) (or __dirname) in eslint.config.*, ` +
    `or registry: path.join(__dirname, '${registry}') in .eslintrc.cjs; in oxlint, run it in the folder the path is ` +
    `relative to, or write the path absolute in .oxlintrc.json.`
  );
}

function withFix(loaded: RegistryLoadResult, fix: string): RegistryLoadResult {
  return loaded.ok ? loaded : { ok: false, problems: loaded.problems.map((problem) => ({ ...problem, fix })) };
}

function notFound(startDir: string): ResolvedRegistry {
  const problem: RegistryProblem = {
    severity: 'error',
    file: path.join(startDir, REGISTRY_FILENAME),
    message: `No ${REGISTRY_FILENAME} found in ${startDir} or any folder above it.`,
    fix: MISSING_MANIFEST_FIX,
  };
  return { ok: false, problem, problems: [problem], registryPath: null, uncovered: true };
}

/** Of several manifests, the one whose folder is the deepest that contains `filename`; `null` when none does. */
export function coveringManifest(filename: string, manifests: readonly string[]): string | null {
  let best: string | null = null;
  for (const manifest of manifests) {
    const relative = path.relative(path.dirname(manifest), filename);
    const inside = relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
    if (inside && (best === null || path.dirname(manifest).length > path.dirname(best).length)) best = manifest;
  }
  return best;
}

function notListed(filename: string, registries: readonly string[]): ResolvedRegistry {
  const problem: RegistryProblem = {
    severity: 'error',
    origin: 'settings',
    file: "settings['mcp-meta']",
    pointer: '/registries',
    message: `None of the manifests in settings['mcp-meta'].registries (${registries.join(', ')}) is in a folder that contains ${filename}.`,
    fix: `Add the manifest of this file's package to createConfig({ registry: [...] }), or leave the file out of the config's files.`,
  };
  return { ok: false, problem, problems: [problem], registryPath: null, uncovered: true };
}

function discover(startDir: string): string | null {
  const now = Date.now();
  const walked: string[] = [];
  let found: string | null = null;
  for (let dir = startDir; ;) {
    const known = discoveries.get(dir);
    if (known && now - known.checkedAt < DISCOVERY_RECHECK_MS) {
      found = known.manifest;
      break;
    }
    walked.push(dir);
    const candidate = path.join(dir, REGISTRY_FILENAME);
    if (isFile(candidate)) {
      found = candidate;
      break;
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  for (const dir of walked) discoveries.set(dir, { manifest: found, checkedAt: now });
  return found;
}

/**
 * The nearest `mcp-meta.registry.json` at or above `startDir`, walked afresh (no discovery cache): the command's
 * default manifest, found as the rules find a file's manifest when settings name none.
 */
export function nearestManifest(startDir: string): string | null {
  for (let dir = path.resolve(startDir); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, REGISTRY_FILENAME);
    if (isFile(candidate)) return candidate;
    if (path.dirname(dir) === dir) return null;
  }
}

function isFile(candidate: string): boolean {
  try {
    return countedStat(candidate)?.isFile() ?? false;
  } catch {
    return false; // unreadable folder: as good as no manifest there
  }
}

function forget(manifest: string): void {
  for (const [dir, discovery] of discoveries) if (discovery.manifest === manifest) discoveries.delete(dir);
}
