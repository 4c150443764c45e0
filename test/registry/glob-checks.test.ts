import { describe, expect, it } from 'vitest';
import * as path from 'node:path';
import { parseRegistry } from '../../src/registry';
import { ISSUE_2_EXAMPLE, ISSUE_2_SOURCES, manifestWithKeys, tempProjectsPerTest } from './temp-project';

const project = tempProjectsPerTest();

describe('parseRegistry with checkGlobs', () => {
  it('has no warnings when every glob matches a file', () => {
    const dir = project(ISSUE_2_SOURCES);
    const result = parseRegistry(ISSUE_2_EXAMPLE, path.join(dir, 'mcp-meta.registry.json'), { checkGlobs: true });
    expect(result).toMatchObject({ ok: true, warnings: [] });
  });

  it('warns, with pointer and line, about globs that match no file', () => {
    const dir = project({ 'src/mcp/dispatch.ts': '' });
    const file = path.join(dir, 'mcp-meta.registry.json');
    const result = parseRegistry(ISSUE_2_EXAMPLE, file, { checkGlobs: true });
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.warnings.map((w) => [w.severity, w.pointer, w.line])).toEqual([
      ['warning', '/ignore/0', 8],
      ['warning', '/keys/retrieval/producers/0', 11],
    ]);
    expect(result.warnings[1].message).toBe(
      `Glob 'src/core/ops/search.ts' matches no file under ${dir} (node_modules, dist and dot-folders are not searched).`,
    );
    expect(result.warnings[1].file).toBe(file);
  });

  it('does not look at globs without checkGlobs', () => {
    const dir = project({});
    expect(parseRegistry(ISSUE_2_EXAMPLE, path.join(dir, 'mcp-meta.registry.json'))).toMatchObject({ ok: true, warnings: [] });
  });

  it('skips node_modules, dist and dot-folders', () => {
    const dir = project({ 'node_modules/x/a.ts': '', 'dist/b.ts': '', '.cache/c.ts': '', 'src/d.ts': '' });
    const text = manifestWithKeys({
      a: { producers: ['**/a.ts'] },
      b: { producers: ['**/b.ts'] },
      c: { producers: ['**/c.ts'] },
      d: { producers: ['**/d.ts'] },
    });
    const result = parseRegistry(text, path.join(dir, 'mcp-meta.registry.json'), { checkGlobs: true });
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.warnings.map((w) => w.pointer)).toEqual(['/keys/a/producers/0', '/keys/b/producers/0', '/keys/c/producers/0']);
  });

  it('accepts a real file that the globs of two keys both match', () => {
    const dir = project({ 'src/ops/search.ts': '', 'src/ops/list.ts': '' });
    const text = manifestWithKeys({ retrieval: { producers: ['src/ops/search.ts'] }, listing: { producers: ['src/ops/*.ts'] } });
    const result = parseRegistry(text, path.join(dir, 'mcp-meta.registry.json'), { checkGlobs: true });
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.warnings).toEqual([]);
    expect(result.registry.classifyFile(path.join(dir, 'src/ops/search.ts')).ownedKeys).toEqual(['retrieval', 'listing']);
  });
});
