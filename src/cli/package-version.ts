import * as fs from 'node:fs';
import * as path from 'node:path';

/** The package's version, for `--version` and the SARIF tool driver. */
export function packageVersion(): string {
  // dist/src/cli/*.js and src/cli/*.ts are both three folders below the package root.
  const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}
