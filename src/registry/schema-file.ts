import * as fs from 'node:fs';
import * as path from 'node:path';

const SCHEMA_RELATIVE_PATH = path.join('schema', 'registry.schema.json');

/**
 * Absolute path of the shipped JSON Schema. Found by walking up from this file because the module runs both from
 * `src/registry` (tests) and from `dist/src/registry` (the package), which sit at different depths below the root.
 */
export function registrySchemaPath(): string {
  let dir = __dirname;
  for (;;) {
    const candidate = path.join(dir, SCHEMA_RELATIVE_PATH);
    if (fs.existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error(
        `eslint-plugin-mcp-meta: ${SCHEMA_RELATIVE_PATH} not found above ${__dirname}; the package is incomplete, reinstall it.`,
      );
    dir = parent;
  }
}

let cachedSchema: Record<string, unknown> | undefined;

/** The manifest's JSON Schema, read once per process (it is data shipped with the package, not user input). */
export function registrySchema(): Record<string, unknown> {
  return (cachedSchema ??= JSON.parse(fs.readFileSync(registrySchemaPath(), 'utf8')) as Record<string, unknown>);
}
