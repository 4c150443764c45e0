import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { parseRegistry } from '../../src/registry';
import { ISSUE_2_EXAMPLE, manifestWithKeys, problemsOf, registryOf } from './temp-project';

const FILE = '/project/mcp-meta.registry.json';

describe('parseRegistry: the manifest of issue 2', () => {
  const registry = registryOf(parseRegistry(ISSUE_2_EXAMPLE, FILE));

  it('builds sets, keys and normalised fields', () => {
    expect(registry.path).toBe(FILE);
    expect(registry.dir).toBe('/project');
    expect([...registry.emitters]).toEqual(['emitResponseMeta']);
    expect([...registry.hooks]).toEqual(['metaHook']);
    expect([...registry.hookFunctions]).toEqual(['getHotMemoryMeta']);
    const retrieval = registry.keys.get('retrieval');
    expect(retrieval?.producers).toEqual(['src/core/ops/search.ts']);
    expect(retrieval?.description).toBe('Search diagnostics');
    expect([...(retrieval?.fields?.keys() ?? [])]).toEqual(['returned_count', 'retrieved_count', 'degraded', 'hint']);
    expect(retrieval?.fields?.get('hint')).toEqual({ name: 'hint', deprecated: false });
  });

  it('hashes the bytes with sha256', () => {
    expect(registry.hash).toBe(createHash('sha256').update(ISSUE_2_EXAMPLE).digest('hex'));
    expect(registryOf(parseRegistry(ISSUE_2_EXAMPLE + ' ', FILE)).hash).not.toBe(registry.hash);
  });

  it('classifies files by the globs, relative to the manifest folder', () => {
    expect(registry.classifyFile('/project/src/core/ops/search.ts')).toEqual({
      ignored: false,
      mergeLayer: false,
      ownedKeys: ['retrieval'],
      test: false,
    });
    expect(registry.classifyFile('/project/src/mcp/dispatch.ts')).toEqual({ ignored: false, mergeLayer: true, ownedKeys: [], test: false });
    expect(registry.classifyFile('/project/src/commands/eval-recall.ts')).toEqual({
      ignored: true,
      mergeLayer: false,
      ownedKeys: [],
      test: false,
    });
    expect(registry.classifyFile('/project/src/other.ts')).toEqual({ ignored: false, mergeLayer: false, ownedKeys: [], test: false });
    // Same relative path, but outside the manifest's folder: matches nothing.
    expect(registry.classifyFile('/elsewhere/src/core/ops/search.ts').ownedKeys).toEqual([]);
    expect(registry.classifyFile('/src/core/ops/search.ts').ownedKeys).toEqual([]);
    // A test file by its name, or by a folder under the manifest's folder.
    expect(registry.classifyFile('/project/src/core/ops/search.test.ts').test).toBe(true);
    expect(registry.classifyFile('/project/test/dispatch.ts').test).toBe(true);
    expect(registry.classifyFile('/project/src/other.ts').test).toBe(false);
  });

  it('memoises the role of each file', () => {
    const first = registry.classifyFile('/project/src/core/ops/search.ts');
    expect(registry.classifyFile('/project/src/core/ops/search.ts')).toBe(first);
  });
});

describe('parseRegistry: globs and fields', () => {
  it('matches dot-folders and treats a leading ./ as the folder itself', () => {
    const registry = registryOf(parseRegistry(manifestWithKeys({ a: { producers: ['./.server/**/*.ts'] } }), FILE));
    expect(registry.classifyFile('/project/.server/x/a.ts').ownedKeys).toEqual(['a']);
  });

  it('normalises nested field specs (object fields, array items, deprecated)', () => {
    const text = manifestWithKeys({
      retrieval: {
        producers: ['src/search.ts'],
        fields: {
          cache: { fields: ['hit', 'age_ms'] },
          degraded: { items: { fields: { stage: {}, reason: { deprecated: true } } } },
          hint: { description: 'prose', deprecated: true },
        },
      },
      warnings: { producers: ['src/dispatch.ts'], deprecated: true },
    });
    const registry = registryOf(parseRegistry(text, FILE));
    const fields = registry.keys.get('retrieval')?.fields;
    expect([...(fields?.get('cache')?.fields?.keys() ?? [])]).toEqual(['hit', 'age_ms']);
    expect(fields?.get('cache')?.items).toBeUndefined();
    const items = fields?.get('degraded')?.items;
    expect(items?.get('stage')).toEqual({ name: 'stage', deprecated: false });
    expect(items?.get('reason')).toEqual({ name: 'reason', deprecated: true });
    expect(fields?.get('hint')?.deprecated).toBe(true);
    // No "fields": unchecked, not "no fields allowed".
    expect(registry.keys.get('warnings')?.fields).toBeUndefined();
    expect(registry.keys.get('warnings')?.deprecated).toBe(true);
  });
});

describe('parseRegistry: JSON syntax', () => {
  it('reports a trailing comma once, with 1-based line and column', () => {
    const text = '{\n  "version": 1,\n  "keys": {},\n}\n';
    const problems = problemsOf(parseRegistry(text, FILE));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ severity: 'error', file: FILE, line: 4, column: 1 });
    expect(problems[0].message).toMatch(/JSON syntax error/);
    expect(problems[0].fix).toMatch(/trailing comma/);
  });

  it('rejects comments (strict JSON)', () => {
    const problems = problemsOf(parseRegistry('{\n  // keys\n  "version": 1, "keys": {}\n}', FILE));
    expect(problems[0]).toMatchObject({ line: 2, column: 3 });
    expect(problems[0].message).toMatch(/Comments are not allowed/);
  });

  it('rejects single quotes and empty text', () => {
    expect(problemsOf(parseRegistry("{'version': 1}", FILE))[0]).toMatchObject({ line: 1, column: 2 });
    expect(problemsOf(parseRegistry('', FILE))[0].message).toMatch(/Value expected/);
  });

  it('accepts a UTF-8 BOM', () => {
    expect(parseRegistry('\uFEFF' + ISSUE_2_EXAMPLE, FILE).ok).toBe(true);
  });
});

describe('parseRegistry: schema', () => {
  it('names unknown properties with a JSON pointer, their line/column and the nearest known name', () => {
    const text = '{\n  "version": 1,\n  "emiters": ["emit"],\n  "keys": {\n    "a": { "producer": ["src/a.ts"] }\n  }\n}';
    const problems = problemsOf(parseRegistry(text, FILE));
    const emitters = problems.find((p) => p.pointer === '/emiters');
    expect(emitters).toMatchObject({ line: 3, column: 3 });
    expect(emitters?.message).toContain("did you mean 'emitters'?");
    expect(emitters?.fix).toContain("Rename 'emiters' to 'emitters'");
    const producer = problems.find((p) => p.pointer === '/keys/a/producer');
    expect(producer).toMatchObject({ line: 5, column: 12 });
    expect(producer?.message).toContain("did you mean 'producers'?");
  });

  it('does not suggest a name for something that is no typo', () => {
    const problems = problemsOf(parseRegistry('{"version":1,"keys":{},"zzzzzzzzzzzz":1}', FILE));
    expect(problems[0].message).not.toContain('did you mean');
    expect(problems[0].fix).toBe("Remove 'zzzzzzzzzzzz'.");
  });

  it('reports a key without producers (missing or empty)', () => {
    const text = '{\n  "version": 1,\n  "keys": {\n    "a": {},\n    "b": { "producers": [] }\n  }\n}';
    const problems = problemsOf(parseRegistry(text, FILE));
    expect(problems.find((p) => p.pointer === '/keys/a')).toMatchObject({ line: 4, column: 5, message: "Key 'a' has no producers." });
    const empty = problems.find((p) => p.pointer === '/keys/b/producers');
    expect(empty).toMatchObject({ line: 5, column: 25 });
    expect(empty?.message).toMatch(/no producers/);
    expect(empty?.fix).toMatch(/rule 1/);
  });

  it('reports wrong types, the version, and missing required properties', () => {
    const text = '{\n  "version": 2,\n  "emitters": "emit",\n  "keys": { "a": { "producers": ["x"], "fields": 7 } }\n}';
    const problems = problemsOf(parseRegistry(text, FILE));
    expect(problems.find((p) => p.pointer === '/version')).toMatchObject({ line: 2, column: 14, fix: 'Set "version": 1.' });
    expect(problems.find((p) => p.pointer === '/emitters')).toMatchObject({
      line: 3,
      message: "'/emitters' must be an array, not a string.",
    });
    expect(problems.find((p) => p.pointer === '/keys/a/fields')?.message).toMatch(/array of field names or an object/);
    const missing = problemsOf(parseRegistry('{"version": 1}', FILE));
    expect(missing[0]).toMatchObject({ pointer: '', line: 1, column: 1 });
    expect(missing[0].message).toContain("'keys'");
  });

  it('reports duplicate list entries and bad nested field specs', () => {
    const text = manifestWithKeys({
      a: { producers: ['src/a.ts', 'src/a.ts'], fields: { x: { items: { fields: ['p'], extra: true } } } },
    });
    const problems = problemsOf(parseRegistry(text, FILE));
    expect(problems.find((p) => p.pointer === '/keys/a/producers/1')?.message).toContain('"src/a.ts" twice');
    expect(problems.find((p) => p.pointer === '/keys/a/fields/x/items/extra')?.message).toContain("Unknown property 'extra'");
  });

  it('checks acceptedBreaks entries', () => {
    const ok = manifestWithKeys({ a: { producers: ['a.ts'] } }, { acceptedBreaks: [{ change: 'a.x removed', reason: 'never shipped' }] });
    expect(parseRegistry(ok, FILE).ok).toBe(true);
    const bad = manifestWithKeys({ a: { producers: ['a.ts'] } }, { acceptedBreaks: [{ change: 'a.x removed' }] });
    expect(problemsOf(parseRegistry(bad, FILE))[0]).toMatchObject({ pointer: '/acceptedBreaks/0' });
  });
});

describe('parseRegistry: semantic checks', () => {
  it('enforces the MCP key-name rules with the key name as the place', () => {
    const text =
      '{\n  "version": 1,\n  "keys": {\n    "io.modelcontextprotocol/x": { "producers": ["a.ts"] },\n    "bad_": { "producers": ["b.ts"] }\n  }\n}';
    const problems = problemsOf(parseRegistry(text, FILE));
    expect(problems[0]).toMatchObject({ pointer: '/keys/io.modelcontextprotocol~1x', line: 4, column: 5 });
    expect(problems[0].message).toMatch(/reserves/);
    expect(problems[1]).toMatchObject({ pointer: '/keys/bad_', line: 5, column: 5 });
    expect(problems[1].fix).toContain("'bad'");
  });

  it('allows one file under several keys (the rules check each key has its own producer unit there)', () => {
    const text = manifestWithKeys({
      timing: { producers: ['src/with-meta.ts'] },
      rate_limit: { producers: ['src/other.ts', './src/with-meta.ts'] },
    });
    const registry = registryOf(parseRegistry(text, FILE));
    expect(registry.classifyFile('/project/src/with-meta.ts').ownedKeys).toEqual(['timing', 'rate_limit']);
  });

  it('allows a merge-layer file to own one key', () => {
    const text = manifestWithKeys({ warnings: { producers: ['src/mcp/dispatch.ts'] } }, { mergeLayer: ['src/mcp/dispatch.ts'] });
    const registry = registryOf(parseRegistry(text, FILE));
    expect(registry.classifyFile('/project/src/mcp/dispatch.ts')).toEqual({
      ignored: false,
      mergeLayer: true,
      ownedKeys: ['warnings'],
      test: false,
    });
  });

  it('rejects emitter, hook and hook-function names that are not identifiers', () => {
    const text = manifestWithKeys(
      { a: { producers: ['a.ts'] } },
      { emitters: ['ctx.emit'], hooks: ['ok', 'meta hook'], hookFunctions: ['get()'] },
    );
    const pointers = problemsOf(parseRegistry(text, FILE)).map((p) => p.pointer);
    expect(pointers).toEqual(['/emitters/0', '/hooks/1', '/hookFunctions/0']);
  });

  it('rejects globs that leave the manifest folder', () => {
    const text = manifestWithKeys({ a: { producers: ['../other/a.ts'] } }, { ignore: ['/abs/x.ts'] });
    const problems = problemsOf(parseRegistry(text, FILE));
    expect(problems.map((p) => p.pointer).sort()).toEqual(['/ignore/0', '/keys/a/producers/0']);
    expect(problems[0].message).toMatch(/outside the manifest's folder/);
  });

  it('reports a property written twice (JSON would silently drop the first)', () => {
    const text = '{\n  "version": 1,\n  "keys": {\n    "a": { "producers": ["a.ts"] },\n    "a": { "producers": ["b.ts"] }\n  }\n}';
    const problems = problemsOf(parseRegistry(text, FILE));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ pointer: '/keys/a', line: 5, column: 5 });
  });
});

describe('parseRegistry: resultTypes', () => {
  it('keeps the tool result type names, empty when absent', () => {
    const text = manifestWithKeys({ a: { producers: ['a.ts'] } }, { resultTypes: ['CallToolResult', 'ToolResult'] });
    expect(registryOf(parseRegistry(text, FILE)).resultTypes).toEqual(['CallToolResult', 'ToolResult']);
    expect(registryOf(parseRegistry(manifestWithKeys({ a: { producers: ['a.ts'] } }), FILE)).resultTypes).toEqual([]);
  });

  it('rejects a name that is not a bare type name, with the name to write instead', () => {
    const text = manifestWithKeys({ a: { producers: ['a.ts'] } }, { resultTypes: ['CallToolResult', 'sdk.ToolResult<T>'] });
    const problems = problemsOf(parseRegistry(text, FILE));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ severity: 'error', pointer: '/resultTypes/1' });
    expect(problems[0].message).toBe(`'sdk.ToolResult<T>' in "resultTypes" is not a type name, so no declaration can match it.`);
    expect(problems[0].fix).toContain("e.g. 'ToolResult'");
  });

  it('rejects a string where a list belongs, an empty list and a repeated name (with line and column)', () => {
    const asString = '{\n  "version": 1,\n  "resultTypes": "CallToolResult",\n  "keys": {}\n}';
    expect(problemsOf(parseRegistry(asString, FILE))).toEqual([
      expect.objectContaining({ pointer: '/resultTypes', line: 3, column: 18, message: "'/resultTypes' must be an array, not a string." }),
    ]);
    const empty = manifestWithKeys({ a: { producers: ['a.ts'] } }, { resultTypes: [] });
    expect(problemsOf(parseRegistry(empty, FILE)).map((p) => p.pointer)).toEqual(['/resultTypes']);
    const repeated = manifestWithKeys({ a: { producers: ['a.ts'] } }, { resultTypes: ['ToolResult', 'ToolResult'] });
    // The second of the two names is the one to remove.
    expect(problemsOf(parseRegistry(repeated, FILE)).map((p) => p.pointer)).toEqual(['/resultTypes/1']);
  });
});
