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
 * Each config is parsed once per version (its `extends` chain once, however deep) and parsed again when it, or a
 * config it extends, changes, or when a base it could not find appears (module-cache.ts); the nearest config of a
 * folder is looked up once per event-loop turn. A base in `extends` that cannot be found is left out and the others
 * kept, as in TypeScript; a config that cannot be read leaves its files' aliases unknown: such an import stays
 * unresolved, as it was before aliases were read.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type * as GetTsconfig from 'get-tsconfig';
import { applyEdits, modify, parse } from 'jsonc-parser';
import { countCost } from '../../util/cost-counter';
import { currentTurn, statOncePerTurn } from '../../util/stat-once-per-turn';
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
  const reads = new TsconfigReads();
  let parsed: ReturnType<typeof parseTsconfig>;
  try {
    parsed = parseKeepingFoundBases(file, reads, parseTsconfig);
  } catch {
    return null;
  } finally {
    // The configs this one extends, and the bases it looked for and did not find, are dependencies of this value: an
    // edit to one, or a base that appears (npm links the shared config), is seen here. Only their versions are taken:
    // parsing each base again as a project config of its own made an `extends` chain cost its depth squared.
    for (const dependency of reads.dependencies()) if (dependency !== file) configs.dependOn(dependency);
  }
  const result = { path: file, config: parsed };
  const matchesFile = createFilesMatcher(result, CASE_SENSITIVE_PATHS);
  let aliases: ProjectConfig['aliases'];
  try {
    aliases = createPathsMatcher(result);
  } catch {
    // `paths` get-tsconfig refuses ("Non-relative paths are not allowed when 'baseUrl' is not set", TS5090): none.
    aliases = null;
  }
  return {
    aliases,
    includes: (source) => matchesFile(source) !== undefined,
    references: (parsed.references ?? []).map((reference) => referencedConfig(path.dirname(file), reference.path)),
  };
});

/**
 * get-tsconfig's file-system cache for one config's parse (it reads through it: `readFileSync:<file>:utf8`,
 * `existsSync:<path>`), which tells which configs were read and which bases were looked for and not found, and counts
 * the config files read (`tsconfig-reads`).
 */
class TsconfigReads extends Map<string, string> {
  // Typed as get-tsconfig types its cache; it also keeps booleans there (`existsSync:` answers).
  override set(key: string, value: string): this {
    if (key.startsWith('readFileSync:') && !this.has(key)) countCost('tsconfig-reads');
    return super.set(key, value);
  }

  /** The config files read (the config and its bases). */
  files(): string[] {
    const files: string[] = [];
    for (const key of this.keys()) {
      const read = /^readFileSync:(.+):utf8$/.exec(key)?.[1];
      if (read !== undefined) files.push(read);
    }
    return files;
  }

  /** The config files read, and the paths looked for that did not exist. */
  dependencies(): string[] {
    const missing: string[] = [];
    for (const [key, value] of this)
      if (key.startsWith('existsSync:') && (value as unknown) === false) missing.push(key.slice('existsSync:'.length));
    return [...this.files(), ...missing];
  }

  /** The text get-tsconfig reads for `file` from now on. */
  setText(file: string, text: string): void {
    super.set(`readFileSync:${file}:utf8`, text);
  }

  text(file: string): string | undefined {
    return this.get(`readFileSync:${file}:utf8`);
  }
}

/** At most this many missing bases are left out of one config's chain before it counts as unreadable. */
const MAX_MISSING_BASES = 16;

/**
 * The config as get-tsconfig parses it, each base that cannot be found left out of the `extends` that names it, the
 * others kept: TypeScript reports a base it cannot find (TS5083 for a list's entry, TS6053 for a package) and goes on
 * with the bases it found and the config's own options (`extends: ['./tsconfig.base.json', './missing.json']` keeps the
 * base's `paths`; a workspace package's config extending a shared one that is not linked yet keeps its own). Still
 * throws for anything else (a circular chain, a config that is not there).
 */
function parseKeepingFoundBases(
  file: string,
  reads: TsconfigReads,
  parseTsconfig: typeof GetTsconfig.parseTsconfig,
): ReturnType<typeof parseTsconfig> {
  for (let dropped = 0; ; dropped += 1) {
    try {
      return parseTsconfig(file, reads);
    } catch (error) {
      // get-tsconfig's words for a base it cannot resolve: "File '<specifier as written>' not found."
      const specifier = error instanceof Error ? /^File '(.+)' not found\.$/.exec(error.message)?.[1] : undefined;
      if (specifier === undefined || dropped >= MAX_MISSING_BASES || !leaveOutBase(specifier, file, reads)) throw error;
    }
  }
}

/**
 * Leaves `specifier` out of the `extends` of each config read so far that names it and where it is missing; false
 * when none does (the error was about something else).
 */
function leaveOutBase(specifier: string, file: string, reads: TsconfigReads): boolean {
  let left = false;
  for (const config of new Set([file, ...reads.files()])) {
    const text = reads.text(config) ?? fs.readFileSync(config, 'utf8');
    const bases: unknown = (parse(text, [], { allowTrailingComma: true }) as { extends?: unknown } | undefined)?.extends;
    const list = Array.isArray(bases) ? bases : [bases];
    // A relative base that exists next to this config is not the missing one (the same words in another folder).
    const here =
      specifier.startsWith('.') && ['', '.json'].some((suffix) => isFile(path.resolve(path.dirname(config), specifier + suffix)));
    if (here) continue;
    const kept = list.filter((base) => base !== specifier);
    if (kept.length === list.length) continue;
    // The whole list is written again: jsonc-parser's removal of one array element can leave a stray quote.
    const edited = applyEdits(text, modify(text, ['extends'], Array.isArray(bases) && kept.length > 0 ? kept : undefined, {}));
    if (edited === text) continue;
    reads.setText(config, edited);
    left = true;
  }
  return left;
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
