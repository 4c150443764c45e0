/**
 * Imports through a tsconfig's `paths` and `baseUrl` (`import { widgetMeta } from '@/utils/widget'`, the `@/*` of the
 * Next.js and Vite templates), resolved the way TypeScript resolves them, so that a key const or a helper imported
 * through an alias is read like one imported from a relative path, by the rules and by `init` alike.
 *
 * The config is the one the editor's TypeScript gives the importing file: the nearest `tsconfig.json` (else
 * `jsconfig.json`) up its folders, and for a solution-style config (`"files": []` with `references`) the referenced
 * config that includes the file. get-tsconfig parses it, as tsx does: `extends` chains (also from packages), comments,
 * trailing commas, `${configDir}`, `paths` relative to the config that sets them. A specifier the aliases map to no
 * existing file goes on to `node_modules`, as in TypeScript.
 *
 * Each config is parsed once per version and parsed again when it, or a config it extends, changes (module-cache.ts);
 * the nearest config of a folder is looked up once per event-loop turn. A config whose `extends` cannot be found keeps
 * its own options, as in TypeScript; one that cannot be read leaves its files' aliases unknown: such an import stays
 * unresolved, as it was before aliases were read.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type * as GetTsconfig from 'get-tsconfig';
import { applyEdits, modify } from 'jsonc-parser';
import { currentTurn, statOncePerTurn } from '../util/stat-once-per-turn';
import { ModuleCache } from './module-cache';

/** The file names TypeScript's editor support looks for in each folder, in its order. */
const CONFIG_NAMES = ['tsconfig.json', 'jsconfig.json'];

interface ProjectConfig {
  /** The paths an aliased specifier may stand for (extension-less, as written in `paths`); null without aliases. */
  readonly aliases: ((specifier: string) => string[]) | null;
  /** Whether the config's `files`/`include`/`exclude` take in a file (for choosing among a solution's references). */
  readonly includes: (file: string) => boolean;
  /** The configs a solution-style config refers to. */
  readonly references: readonly string[];
}

/**
 * The file an aliased import names (`@/utils/widget` -> `<root>/utils/widget.ts`), found with `findModuleFile` (the
 * relative-import lookup: `.js` for `.ts`, extension-less, `index`); null when no alias of the importing file's
 * tsconfig maps it to a file that exists.
 */
export function aliasedFile(specifier: string, fromFile: string, findModuleFile: (base: string) => string | null): string | null {
  // A package's own bare imports are packages: a project's aliases do not apply inside node_modules.
  if (fromFile.split(path.sep).includes('node_modules')) return null;
  const aliases = configFor(fromFile)?.aliases;
  if (!aliases) return null;
  let candidates: string[];
  try {
    candidates = aliases(specifier);
  } catch {
    return null;
  }
  for (const candidate of candidates) {
    const file = findModuleFile(candidate);
    if (file) return file;
  }
  return null;
}

const configs = new ModuleCache((file): ProjectConfig | null => {
  const { parseTsconfig, createPathsMatcher, createFilesMatcher } = getTsconfig();
  const reads = new Map<string, string>();
  let parsed: ReturnType<typeof parseTsconfig>;
  try {
    parsed = parseOwnOptionsIfBaseMissing(file, reads, parseTsconfig);
  } catch {
    return null;
  } finally {
    // The configs this one extends, read through this cache too, so that an edit to any of them is seen here. The
    // file list is what get-tsconfig's fs cache holds (`readFileSync:<file>:utf8`): should that change, only edits
    // to the extended configs would go unseen until the process restarts.
    for (const key of reads.keys()) {
      const read = /^readFileSync:(.+):utf8$/.exec(key)?.[1];
      if (read !== undefined && read !== file) configs.get(read);
    }
  }
  const result = { path: file, config: parsed };
  const matchesFile = createFilesMatcher(result, CASE_SENSITIVE_PATHS);
  return {
    aliases: createPathsMatcher(result),
    includes: (source) => matchesFile(source) !== undefined,
    references: (parsed.references ?? []).map((reference) => referencedConfig(path.dirname(file), reference.path)),
  };
});

/**
 * The config as get-tsconfig parses it; when that fails and the config `extends` something, the config without its
 * `extends`: TypeScript reports a base it cannot find (TS6053) and goes on with the config's own options, its `paths`
 * among them (a workspace package's config extending a shared one that is not linked yet). Still throws otherwise.
 */
function parseOwnOptionsIfBaseMissing(
  file: string,
  reads: Map<string, string>,
  parseTsconfig: typeof GetTsconfig.parseTsconfig,
): ReturnType<typeof parseTsconfig> {
  try {
    return parseTsconfig(file, reads);
  } catch (error) {
    const text = fs.readFileSync(file, 'utf8');
    const withoutBase = applyEdits(text, modify(text, ['extends'], undefined, {}));
    if (withoutBase === text) throw error;
    // get-tsconfig reads files through this cache (`readFileSync:<file>:utf8`, as in the finally above).
    reads.set(`readFileSync:${file}:utf8`, withoutBase);
    return parseTsconfig(file, reads);
  }
}

/**
 * Passed to get-tsconfig so that it never probes the file system for case sensitivity (which it does by writing a
 * file into the project): the platforms' defaults. Only the choice among a solution's references depends on it.
 */
const CASE_SENSITIVE_PATHS = process.platform !== 'darwin' && process.platform !== 'win32';

function referencedConfig(dir: string, reference: string): string {
  const target = path.resolve(dir, reference);
  return target.endsWith('.json') ? target : path.join(target, 'tsconfig.json');
}

function configFor(file: string): ProjectConfig | null {
  const nearest = nearestConfig(path.dirname(file));
  const config = nearest === null ? null : configs.get(nearest);
  if (!config || config.references.length === 0 || config.includes(file)) return config;
  for (const reference of config.references) {
    const referenced = configs.get(reference);
    if (referenced?.includes(file)) return referenced;
  }
  return config;
}

/** The nearest config file of each folder, for the current event-loop turn (the disk is looked at once per turn). */
const nearestByFolder = new Map<string, string | null>();
let nearestTurn = -1;

function nearestConfig(dir: string): string | null {
  const turn = currentTurn();
  if (turn !== nearestTurn) {
    nearestByFolder.clear();
    nearestTurn = turn;
  }
  const known = nearestByFolder.get(dir);
  if (known !== undefined) return known;
  let found: string | null = null;
  for (const name of CONFIG_NAMES) {
    const candidate = path.join(dir, name);
    if (isFile(candidate)) {
      found = candidate;
      break;
    }
  }
  const parent = path.dirname(dir);
  if (found === null && parent !== dir) found = nearestConfig(parent);
  nearestByFolder.set(dir, found);
  return found;
}

function isFile(file: string): boolean {
  try {
    return statOncePerTurn(file)?.isFile() === true;
  } catch {
    return false;
  }
}

/** Loaded at the first look-up of a bare import from a project with a tsconfig (a relative import never needs it). */
function getTsconfig(): typeof GetTsconfig {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- lazy on purpose, see above
  return require('get-tsconfig') as typeof GetTsconfig;
}
