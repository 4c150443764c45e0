import type * as Parser from '@typescript-eslint/parser';
import { Module } from 'node:module';
import * as path from 'node:path';
import semver from 'semver';
import { installedTypescriptVersion, parserOrCause, parserTypescriptVersion } from './typescript-parser';

export { installedTypescriptVersion, parserTypescriptVersion, typescriptParser } from './typescript-parser';

/**
 * The TypeScript versions the plugin runs with: those @typescript-eslint/parser 8 declares as its peer range
 * (`npm view @typescript-eslint/parser@8 peerDependencies`). Outside it, npm refuses the install (ERESOLVE) or the
 * parser runs an untested compiler; `npm i -D typescript` alone can pick a newer major than the range allows.
 */
export const SUPPORTED_TYPESCRIPT_RANGE = '>=4.8.4 <6.1';
export const SUPPORTED_TYPESCRIPT_FIX = 'npm i -D typescript@~6.0';
/** Where a TypeScript 7 project reads how it runs the plugin today (oxlint, or TypeScript 6.0 beside it for the parser). */
export const TYPESCRIPT_7_HELP = 'the "TypeScript 7" section of node_modules/eslint-plugin-mcp-meta/README.md';

/** Whether `version` is in the parser's range: pre-releases of a supported line (6.0.0-beta) are as supported as the line. */
function typescriptSupported(version: string): boolean {
  const parsed = semver.coerce(version, { includePrerelease: true });
  return parsed !== null && semver.satisfies(`${parsed.major}.${parsed.minor}.${parsed.patch}`, SUPPORTED_TYPESCRIPT_RANGE);
}

/**
 * How a user runs the verbs that parse sources (`check`, `init`, `init --update`) in a project whose own `typescript`
 * is `projectTypescript`: `npx mcp-meta`, or, where that TypeScript is one the parser cannot run with (TypeScript 7,
 * where a bare `npx mcp-meta check` exits 2), the `npm exec` form the README's "TypeScript 7" section gives, which runs
 * the plugin from npm's cache with TypeScript 6.0 beside it. No `typescript` at all (a JavaScript project): `npx`.
 */
export function parsingVerbRunner(projectTypescript: string | undefined): string {
  return projectTypescript === undefined || typescriptSupported(projectTypescript) ? 'npx mcp-meta' : TYPESCRIPT_6_RUNNER;
}

/** README "TypeScript 7": a verb that parses sources, run with TypeScript 6.0 beside the plugin (nothing installed). */
export const TYPESCRIPT_6_RUNNER = 'npm exec --yes --package=typescript@~6.0 --package=eslint-plugin-mcp-meta -- mcp-meta';

/**
 * One line saying the installed TypeScript is outside the supported range, with the fix; `undefined` when it is in
 * range, or when no `typescript` is installed where it was looked for (nothing to compare).
 */
export function unsupportedTypescriptWarning(version: string | undefined): string | undefined {
  if (version === undefined || typescriptSupported(version)) return undefined;
  return (
    `eslint-plugin-mcp-meta: TypeScript ${version} is installed, but @typescript-eslint/parser 8 (which the plugin ` +
    `parses with) supports typescript ${SUPPORTED_TYPESCRIPT_RANGE}. Fix: ${SUPPORTED_TYPESCRIPT_FIX}`
  );
}

const warned = new Set<string>();

/** Prints the warning once per process and version (a config is often loaded more than once). */
export function warnIfUnsupportedTypescript(
  fromDir: string,
  print: (line: string) => void,
  version = installedTypescriptVersion(fromDir),
): void {
  const warning = unsupportedTypescriptWarning(version);
  if (warning === undefined || warned.has(warning)) return;
  warned.add(warning);
  print(warning);
}

/**
 * The `mcp-meta` command run by `npm exec --package=typescript@~6.0 --package=eslint-plugin-mcp-meta -- mcp-meta …`
 * (README "TypeScript 7") in a project that installed the plugin: npm runs the project's own bin, and puts the
 * TypeScript 6.0 it fetched only on PATH (`~/.npm/_npx/<hash>/node_modules/.bin` first), where no `require` looks,
 * so the parser would load the project's TypeScript 7 and refuse. When the TypeScript the parser loads is outside its
 * range, a supported one in an npm exec `node_modules` whose `.bin` is on PATH is what every `require('typescript')` of this
 * process gets instead (the verbs that parse sources call this before loading the parser). Returns its version, or
 * `undefined` when nothing changed. Never in ESLint's process: only the command's.
 */
export function useTypescriptBesideCommand(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const loaded = parserTypescriptVersion();
  if (loaded === undefined || typescriptSupported(loaded)) return undefined;
  for (const entry of (env.PATH ?? '').split(path.delimiter)) {
    // npm exec's own packages only (`<npm cache>/_npx/<hash>/node_modules/.bin`): never another folder's TypeScript.
    if (path.basename(entry) !== '.bin' || path.basename(path.dirname(entry)) !== 'node_modules') continue;
    if (!entry.split(path.sep).includes('_npx')) continue;
    const root = path.dirname(path.dirname(entry));
    const version = installedTypescriptVersion(root);
    if (version === undefined || !typescriptSupported(version)) continue;
    const loader = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
    const resolve = loader._resolveFilename;
    loader._resolveFilename = function (this: unknown, request: string, parent: unknown, isMain: unknown, ...rest: unknown[]): string {
      return request === 'typescript' || request.startsWith('typescript/')
        ? resolve.call(this, request, parent, isMain, { paths: [root] })
        : resolve.call(this, request, parent, isMain, ...rest);
    };
    return version;
  }
  return undefined;
}

export type ParserLoad = { ok: true; parser: typeof Parser } | { ok: false; message: string; fix: string };

/**
 * Loads @typescript-eslint/parser (from the plugin's own folder, as the rules and the command do) and parses one line
 * with it. Under a TypeScript it cannot run with, it fails inside its dependencies or refuses (TypeScript 7, whose
 * package exports no compiler API), in words about itself; this says which TypeScript was found, the range, and what
 * to do, as the one message (the parser's own lines are not printed): the caller stops there (ESLint's config load, an
 * `mcp-meta` verb that parses sources).
 */
export function loadTypescriptParser(fromDir: string, version = installedTypescriptVersion(fromDir)): ParserLoad {
  const loaded = parserOrCause();
  if ('parser' in loaded) return { ok: true, parser: loaded.parser };
  const found = version === undefined ? 'no typescript is installed' : `TypeScript ${version} is installed`;
  return {
    ok: false,
    message:
      `eslint-plugin-mcp-meta cannot load @typescript-eslint/parser (${loaded.cause.replace(/\.$/, '')}): ${found} in ${fromDir}, ` +
      `and the parser supports typescript ${SUPPORTED_TYPESCRIPT_RANGE}`,
    fix: `${SUPPORTED_TYPESCRIPT_FIX}; a TypeScript 7 project: see ${TYPESCRIPT_7_HELP}`,
  };
}
