import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { assertBinBuilt, removeTempDirs, makeTempDir, runBin } from './run-bin';

beforeAll(assertBinBuilt);
afterEach(removeTempDirs);

function projectWithTypescript(version: string | undefined): string {
  const dir = makeTempDir();
  fs.writeFileSync(path.join(dir, 'mcp-meta.registry.json'), JSON.stringify({ version: 1, keys: { a: { producers: ['a.ts'] } } }));
  fs.writeFileSync(path.join(dir, 'a.ts'), 'export const r = { content: [], _meta: { a: 1 } };\n');
  if (version !== undefined) {
    fs.mkdirSync(path.join(dir, 'node_modules/typescript'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'node_modules/typescript/package.json'), JSON.stringify({ name: 'typescript', version }));
  }
  return dir;
}

describe('mcp-meta and the installed TypeScript', () => {
  // The warning is about the TypeScript the plugin's parser loads (unsupportedTypescriptWarning's words are tested in
  // test/config-monorepo.test.ts). Here the project holds TypeScript 7 but the bin's parser loads the
  // repository's own TypeScript, as `npm exec --package=typescript@~6.0 --package=eslint-plugin-mcp-meta -- mcp-meta
  // init` does in a TypeScript 7 project (README "TypeScript 7"): it parses, so a warning would be wrong.
  it('says nothing about a project TypeScript 7 that the parser never loads, and the verb works', () => {
    const result = runBin(['check'], projectWithTypescript('7.0.0'));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('does not warn about TypeScript in a verb that reads only the manifest (add-key)', () => {
    const dir = projectWithTypescript('7.0.0');
    const result = runBin(['add-key', 'com.example/b', '--producer', 'a.ts'], dir);
    expect(result.stderr).not.toContain('TypeScript');
    expect(result.status).toBe(0);
  });

  it.each([['5.9.3'], [undefined]])('says nothing with typescript %s', (version) => {
    const result = runBin(['check'], projectWithTypescript(version));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
