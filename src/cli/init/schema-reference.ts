import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { posixRelative } from '../../util/posix-relative';

/** The schema as the package exports it (package.json `exports`), so Node's resolution finds the installed copy. */
export const SCHEMA_SPECIFIER = 'eslint-plugin-mcp-meta/schema/registry.schema.json';
/** What `$schema` says when the package cannot be resolved from the manifest's folder: the unhoisted install. */
export const CONVENTIONAL_SCHEMA_REFERENCE = './node_modules/eslint-plugin-mcp-meta/schema/registry.schema.json';

export type SchemaReference = { reference: string; resolved: true } | { reference: string; resolved: false };

/**
 * The `$schema` value for a manifest in `manifestDir`: the relative path from that folder to the schema of the
 * eslint-plugin-mcp-meta that Node resolves from there. In a monorepo npm usually hoists the package to the root's
 * node_modules, where `./node_modules/...` next to a package's manifest does not exist; the path computed here
 * (`../../node_modules/...`) is the file editors can open. A relative path, not a URL: it always matches the
 * installed version and works offline. When the package cannot be resolved there (not installed yet, or run through
 * a one-off `npx`), the conventional unhoisted path is written and `resolved` is false.
 */
export function schemaReferenceFor(
  manifestDir: string,
  resolve: (specifier: string) => string = resolverFrom(manifestDir),
): SchemaReference {
  let schemaFile: string;
  try {
    schemaFile = resolve(SCHEMA_SPECIFIER);
  } catch {
    return { reference: CONVENTIONAL_SCHEMA_REFERENCE, resolved: false };
  }
  // Node resolves to real paths; relate them to the folder's real path too (a symlinked /tmp, a linked workspace).
  const folder = realFolder(manifestDir);
  const relative = posixRelative(folder, throughPackageLink(folder, schemaFile));
  if (path.isAbsolute(relative)) return { reference: CONVENTIONAL_SCHEMA_REFERENCE, resolved: false }; // another drive
  return { reference: relative.startsWith('.') ? relative : `./${relative}`, resolved: true };
}

/**
 * The schema's path through the nearest `node_modules/eslint-plugin-mcp-meta` above the manifest whose schema is the
 * resolved file. Under pnpm that folder is a link into `node_modules/.pnpm/eslint-plugin-mcp-meta@<version>/…`, the
 * real path Node resolves to; a `$schema` through the versioned folder breaks on the next upgrade, the link's path
 * survives it. With npm and yarn (node_modules) the two are the same path.
 */
function throughPackageLink(folder: string, schemaFile: string): string {
  for (let dir = folder; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', 'eslint-plugin-mcp-meta', 'schema', 'registry.schema.json');
    if (candidate === schemaFile || realFolder(candidate) === schemaFile) return candidate;
    if (path.dirname(dir) === dir) return schemaFile;
  }
}

function resolverFrom(dir: string): (specifier: string) => string {
  // createRequire needs a file path; the file need not exist, only its folder matters for the lookup.
  return createRequire(path.join(dir, 'noop.js')).resolve;
}

function realFolder(dir: string): string {
  try {
    return fs.realpathSync(dir);
  } catch {
    return dir;
  }
}
