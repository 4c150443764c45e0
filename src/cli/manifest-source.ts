import * as fs from 'node:fs';
import { parseTree, printParseErrorCode, type JSONPath, type ParseError } from 'jsonc-parser';
import { JsonLocator, MAX_MANIFEST_DEPTH, offsetBeyondDepth, parseRegistry, toPointer } from '../registry';
import type { RegistryManifest } from '../registry';
import { CliError } from './findings';

/**
 * The manifest as raw JSON plus its text, for the verbs that compare or render it. Deliberately lenient: `diff` must be
 * able to read a manifest from an old revision even if today's validation would reject it; the current manifest is
 * validated separately with the plugin's own `loadRegistry`.
 */
export interface ManifestSource {
  /** Absolute path (for the current manifest) or `REF:path` label (for an old revision). */
  readonly label: string;
  readonly text: string;
  /** The file began with a UTF-8 BOM (`text` has a space there instead): writers put it back. */
  readonly bom: boolean;
  readonly manifest: RegistryManifest;
  readonly locator: JsonLocator;
}

export function parseManifestSource(rawText: string, label: string): ManifestSource {
  // As in the plugin's loader: a BOM becomes a space, so offsets (and columns) are unchanged and ESLint and the CLI
  // accept the same files.
  const bom = rawText.charCodeAt(0) === 0xfeff;
  const text = bom ? ' ' + rawText.slice(1) : rawText;
  const tooDeep = offsetBeyondDepth(text);
  if (tooDeep !== -1) {
    const { line, column } = new JsonLocator(text, undefined).position(tooDeep);
    throw new CliError(`cannot read the manifest ${label}: it is nested more than ${MAX_MANIFEST_DEPTH} levels deep at ${line}:${column}`);
  }
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  if (errors.length > 0 || tree === undefined || tree.type !== 'object') {
    // The loader's words for the problem (what ESLint and the other verbs print), not jsonc-parser's error code.
    const loaded = parseRegistry(rawText, label);
    const problem = loaded.ok ? undefined : loaded.problems[0];
    if (problem !== undefined) {
      const at = problem.line === undefined ? '' : `:${problem.line}:${problem.column ?? 1}`;
      throw new CliError(`cannot read the manifest ${label}${at}: ${problem.message}`, `Fix: ${problem.fix}`);
    }
    const first = errors[0];
    const position = first === undefined ? undefined : new JsonLocator(text, undefined).position(first.offset);
    const where = position === undefined ? '' : ` at ${position.line}:${position.column}`;
    const what = first === undefined ? 'it is not a JSON object' : printParseErrorCode(first.error);
    throw new CliError(`cannot read the manifest ${label}: ${what}${where}`);
  }
  const value = JSON.parse(text) as Record<string, unknown>;
  const keys = value.keys;
  const manifest = {
    ...value,
    keys: keys !== null && typeof keys === 'object' && !Array.isArray(keys) ? keys : {},
  } as RegistryManifest;
  return { label, text, bom, manifest, locator: new JsonLocator(text, tree) };
}

export function readManifestFile(absolutePath: string): ManifestSource {
  let text: string;
  try {
    text = fs.readFileSync(absolutePath, 'utf8');
  } catch (error) {
    throw new CliError(
      `cannot read the manifest ${absolutePath}: ${describeIoError(error)}`,
      'Pass its path with --registry FILE, or create one with `npx mcp-meta init`.',
    );
  }
  return parseManifestSource(text, absolutePath);
}

export function describeIoError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'EISDIR') return 'it is a folder';
  return error instanceof Error ? error.message : String(error);
}

/**
 * Line and column of a JSON path in the manifest, at the property's name; when the path no longer exists (a removed
 * field), the nearest ancestor that does, so the finding still points somewhere useful.
 */
export function locate(source: Pick<ManifestSource, 'locator'>, jsonPath: JSONPath): { line: number; column: number } {
  return source.locator.locate(toPointer(jsonPath), true) ?? { line: 1, column: 1 };
}
