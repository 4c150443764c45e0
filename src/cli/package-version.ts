import { readPackageJson } from '../util/package-json';

/** The package's version, for `--version` and the SARIF tool driver (one reading of package.json: `readPackageJson`). */
export function packageVersion(): string {
  return readPackageJson().version;
}
