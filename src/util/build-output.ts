/**
 * Which folders are not the code base: installed packages, build output and dot-folders (`.git`, `.cache`). One
 * answer for `init` and `check` (their file walk, `listFiles`) and the lint (`createConfig`'s `ignores`), so `eslint .`
 * after a build lints, and `--fix` edits, the files `init` registered keys from, never the compiled copies in `dist/`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'jsonc-parser';

/** Folders skipped wherever they are: dependencies and the usual build output. Dot-folders are skipped too. */
export const SKIPPED_FOLDER_NAMES: readonly string[] = ['node_modules', 'dist'];

export function isSkippedFolderName(name: string): boolean {
  return SKIPPED_FOLDER_NAMES.includes(name) || name.startsWith('.');
}

/**
 * The `compilerOptions.outDir` of `dir/tsconfig.json`, posix and relative to `dir`, when it is a folder inside `dir`
 * (`build`, `lib/out`): where tsc writes its build output. Read from that file only (an `outDir` set in an `extends`
 * base is not followed); undefined when there is none or the file cannot be read.
 */
export function tsconfigOutDir(dir: string): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dir, 'tsconfig.json'), 'utf8');
  } catch {
    return undefined;
  }
  const config = parse(text, [], { allowTrailingComma: true }) as { compilerOptions?: { outDir?: unknown } } | undefined;
  const outDir = config?.compilerOptions?.outDir;
  if (typeof outDir !== 'string' || outDir.trim() === '') return undefined;
  const relative = path.relative(dir, path.resolve(dir, outDir)).split(path.sep).join('/');
  // `.` or a folder outside: the sources are there too, so nothing is skipped for it.
  if (relative === '' || relative === '..' || relative.startsWith('../') || path.isAbsolute(relative)) return undefined;
  return relative;
}

/**
 * The folders skipped wherever they are, as ESLint `ignores` patterns: every `node_modules`, `dist` and dot-folder.
 * What the flat presets (`configs.recommended`, `configs.strict`) carry: a preset object is built before any config
 * file is read, so it cannot know a tsconfig's `outDir` (`createConfig` adds it, from its `baseDir`).
 */
export const FOLDER_IGNORES: readonly string[] = [...SKIPPED_FOLDER_NAMES.map((name) => `**/${name}/**`), '**/.*/**'];

/**
 * The same folders as ESLint `ignores` patterns, relative to `baseDir` (the config file's folder): every
 * `node_modules`, `dist` and dot-folder, and the tsconfig's `outDir`.
 */
export function buildOutputIgnores(baseDir: string): string[] {
  const outDir = tsconfigOutDir(baseDir);
  return [...FOLDER_IGNORES, ...(outDir === undefined ? [] : [`${outDir}/**`])];
}
