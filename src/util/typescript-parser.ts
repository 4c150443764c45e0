/**
 * @typescript-eslint/parser, loaded once per process, and the TypeScript it loads. Apart from the range checks in
 * `typescript-support.ts` (which need semver) because the analysis parses imported modules with it: the plugin's own
 * load stays free of what only the command and ESLint's config load need.
 */
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import type * as Parser from '@typescript-eslint/parser';

/**
 * The version of the `typescript` package installed at or above `fromDir` (its nearest `node_modules/typescript`);
 * `undefined` when none is. Read from the disk, so what the command makes this process load instead
 * (`useTypescriptBesideCommand`) does not change which one a project has.
 */
export function installedTypescriptVersion(fromDir: string): string | undefined {
  for (let dir = path.resolve(fromDir); ; dir = path.dirname(dir)) {
    const version = versionIn(path.join(dir, 'node_modules', 'typescript', 'package.json'));
    if (version !== undefined || path.dirname(dir) === dir) return version;
  }
}

/** The `version` of a package.json, read (not required: a `require` would keep it in Node's caches); else `undefined`. */
function versionIn(packageJson: string): string | undefined {
  try {
    const version: unknown = (JSON.parse(fs.readFileSync(packageJson, 'utf8')) as { version?: unknown }).version;
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The version of the `typescript` package the plugin's own @typescript-eslint/parser loads, as Node resolves it from
 * there now; `undefined` when none resolves. Usually the project's; not when the plugin runs from elsewhere (`npm exec
 * --package=typescript@~6.0 --package=eslint-plugin-mcp-meta -- mcp-meta init` in a TypeScript 7 project), where the
 * project's TypeScript 7 is never loaded and warning about it would be wrong.
 */
export function parserTypescriptVersion(): string | undefined {
  try {
    const parser = createRequire(require.resolve('@typescript-eslint/parser'));
    return versionIn(parser.resolve('typescript/package.json'));
  } catch {
    return undefined;
  }
}

/** `7.1.0-dev.20261201` -> 7 and 1. */
function majorMinor(version: string): { major: number; minor: number } | null {
  const match = /^(\d+)\.(\d+)/.exec(version);
  return match === null ? null : { major: Number(match[1]), minor: Number(match[2]) };
}

/**
 * Why the parser cannot run with the TypeScript it would load, known before loading it, or `undefined`. From 7 on,
 * typescript-eslint's parser refuses as it loads: it prints three lines of its own to stderr ("typescript-eslint does
 * not support TS 7.0. …", links to TypeScript's blog and its tracking issue), then throws. Where the plugin says the
 * same with the way out, those lines only come first and bury it, so the parser is not loaded at all.
 */
function parserRefusal(): string | undefined {
  const version = parserTypescriptVersion();
  const parsed = version === undefined ? null : majorMinor(version);
  return parsed !== null && parsed.major >= 7 ? `typescript-eslint does not support TS ${parsed.major}.${parsed.minor}` : undefined;
}

/**
 * Runs `load` with `console.error` held: what it prints is printed after it returns, or dropped when it throws, since
 * the caller then says what went wrong itself (the cause is in its message).
 */
function holdingConsoleErrors<T>(load: () => T): T {
  const held: unknown[][] = [];
  const print = console.error;
  console.error = (...args: unknown[]): void => void held.push(args);
  let result: T;
  try {
    result = load();
  } finally {
    console.error = print;
  }
  for (const args of held) print(...args);
  return result;
}

/** One answer per process: Node forgets a module that threw while loading, and loading it again prints again. */
let parserLoaded: { parser: typeof Parser } | { cause: string } | undefined;

export function parserOrCause(): { parser: typeof Parser } | { cause: string } {
  if (parserLoaded !== undefined) return parserLoaded;
  const refusal = parserRefusal();
  if (refusal !== undefined) return (parserLoaded = { cause: refusal });
  try {
    parserLoaded = holdingConsoleErrors(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on demand: oxlint and --help never need it
      const parser = require('@typescript-eslint/parser') as typeof Parser;
      parser.parseForESLint('const probe = 1;', { filePath: 'probe.ts', range: true, loc: true });
      return { parser };
    });
  } catch (error) {
    parserLoaded = { cause: error instanceof Error ? error.message : String(error) };
  }
  return parserLoaded;
}

/**
 * @typescript-eslint/parser, for a parse outside ESLint (`parseSource`: the command, an imported module read from
 * disk); under a TypeScript it cannot run with, an Error saying so (the caller treats the module as unreadable), and
 * nothing printed by the parser, once or on every module.
 */
export function typescriptParser(): typeof Parser {
  const loaded = parserOrCause();
  if ('parser' in loaded) return loaded.parser;
  throw new Error(`@typescript-eslint/parser cannot load: ${loaded.cause}`);
}
