/**
 * Test files by their conventional names and folders (`*.test.ts`, `*.spec.tsx`, `__tests__/`, `test/`, `tests/`),
 * read on a path relative to the project's folder (the manifest's): a folder above the project named `test` says
 * nothing about its files. `init` notes keys written only there; `require-producer-isolation` asks no try of them.
 */
const TEST_FILE = /(?:^|\/)(?:__tests__|tests?)\/|\.(?:test|spec)\.[cm]?[jt]sx?$/;

/** Whether `relativePath` (posix, relative to the project's folder) names a test file. */
export function isTestFile(relativePath: string): boolean {
  return TEST_FILE.test(relativePath);
}
