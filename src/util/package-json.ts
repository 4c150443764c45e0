import fs from 'node:fs';
import path from 'node:path';

/**
 * The plugin's own package.json (name and version), read at run time so what the plugin reports always matches the
 * installed package. Found by walking up from this file: it runs from `src/util/` (tests) and `dist/src/util/`
 * (the build, which has no package.json of its own).
 */
export function readPackageJson(): { name: string; version: string } {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'package.json');
    if (fs.existsSync(candidate)) return JSON.parse(fs.readFileSync(candidate, 'utf8')) as { name: string; version: string };
    if (path.dirname(dir) === dir) throw new Error(`eslint-plugin-mcp-meta: package.json not found above ${__dirname}`);
  }
}
