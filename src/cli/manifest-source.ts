import * as fs from 'node:fs';
import { findNodeAtLocation, parseTree, printParseErrorCode, type JSONPath, type Node, type ParseError } from 'jsonc-parser';
import type { FieldMap, FieldSpec, ManifestFields, RegistryManifest } from '../registry/types';
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
  readonly manifest: RegistryManifest;
  readonly tree: Node | undefined;
}

export function parseManifestSource(text: string, label: string): ManifestSource {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  if (errors.length > 0 || tree === undefined || tree.type !== 'object') {
    const first = errors[0];
    const where = first === undefined ? '' : ` at ${lineAndColumn(text, first.offset).line}:${lineAndColumn(text, first.offset).column}`;
    const what = first === undefined ? 'it is not a JSON object' : printParseErrorCode(first.error);
    throw new CliError(`cannot read the manifest ${label}: ${what}${where}`);
  }
  const value = JSON.parse(text) as Record<string, unknown>;
  const keys = value.keys;
  const manifest = {
    ...value,
    keys: keys !== null && typeof keys === 'object' && !Array.isArray(keys) ? keys : {},
  } as RegistryManifest;
  return { label, text, manifest, tree };
}

export function readManifestFile(absolutePath: string): ManifestSource {
  let text: string;
  try {
    text = fs.readFileSync(absolutePath, 'utf8');
  } catch (error) {
    throw new CliError(`cannot read the manifest ${absolutePath}: ${describeIoError(error)}`, 'Pass its path with --registry FILE, or create one with `npx mcp-meta init`.');
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

export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Line and column of a JSON path in the manifest; when the path no longer exists (a removed field), the nearest
 * ancestor that does, so the finding still points somewhere useful.
 */
export function locate(source: ManifestSource, jsonPath: JSONPath): { line: number; column: number } {
  if (source.tree === undefined) return { line: 1, column: 1 };
  for (let length = jsonPath.length; length >= 0; length--) {
    const node = findNodeAtLocation(source.tree, jsonPath.slice(0, length));
    if (node !== undefined) {
      // Point at the property name rather than its value when there is one.
      const target = node.parent?.type === 'property' ? node.parent : node;
      return lineAndColumn(source.text, target.offset);
    }
  }
  return { line: 1, column: 1 };
}

/** `fields` as written (a list, or names mapped to nested specs) to the same normalised tree the registry builds. */
export function normalizeFields(fields: ManifestFields | undefined): FieldMap | undefined {
  if (fields === undefined || fields === null) return undefined;
  const map = new Map<string, FieldSpec>();
  if (Array.isArray(fields)) {
    for (const name of fields) if (typeof name === 'string') map.set(name, { name, deprecated: false });
    return map;
  }
  if (typeof fields !== 'object') return undefined;
  for (const [name, spec] of Object.entries(fields)) {
    const nested = spec !== null && typeof spec === 'object' ? spec : {};
    const field: FieldSpec = {
      name,
      deprecated: nested.deprecated === true,
      fields: normalizeFields(nested.fields),
      items: nested.items !== null && typeof nested.items === 'object' ? normalizeFields(nested.items.fields) : undefined,
    };
    map.set(name, field);
  }
  return map;
}
