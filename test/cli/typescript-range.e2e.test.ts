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
  it('prints one warning naming the supported range and the fix when typescript is out of range', () => {
    const result = runBin(['check'], projectWithTypescript('7.0.0'));
    expect(result.stderr).toBe(
      'eslint-plugin-mcp-meta: TypeScript 7.0.0 is installed, but @typescript-eslint/parser 8 (which the plugin parses with) supports typescript >=4.8.4 <6.1. Fix: npm i -D typescript@~6.0\n',
    );
    expect(result.status).toBe(0);
  });

  it.each([['5.9.3'], [undefined]])('says nothing with typescript %s', (version) => {
    const result = runBin(['check'], projectWithTypescript(version));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
