import * as path from 'node:path';
import { listFiles } from '../registry';

/** Extensions the write analysis reads (the parser handles TypeScript, JavaScript and JSX). */
const SOURCE_FILE = /\.(?:[cm]?[jt]s|[jt]sx)$/;

/**
 * Absolute paths of the source files under `dir`, skipping node_modules, dist and dot-folders (the same walk the
 * registry's glob check uses, so `check` and `init` see exactly the files the manifest's globs can match).
 */
export function listSourceFiles(dir: string): string[] {
  return listFiles(dir)
    .filter((file) => SOURCE_FILE.test(file) && !/\.d\.[cm]?ts$/.test(file))
    .map((file) => path.join(dir, file));
}
