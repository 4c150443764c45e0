/**
 * `init` proposes a merge layer on the spec's dispatch evidence only (issue 23): a file that assembles `_meta` from
 * keys it collected. Here the keys come from producers the dispatch does not know, imported from other modules and
 * run in a loop: their fragments merged into one map (`Object.assign(collected, await produce(result))`, or
 * `collected = { ...collected, ...fragment }`). A wrapper that merges one known fragment, or writes its own literal
 * keys in a loop, is a producer, never a merge layer.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBinBuilt, makeTempDir, removeTempDirs, runBin, writeFiles } from './run-bin';

beforeAll(assertBinBuilt);
afterAll(removeTempDirs);

const PRODUCERS: Record<string, string> = {
  'src/producers/timing.ts': `export function timingMeta(started: number) {
  return { 'com.acme/timing': { ms: Date.now() - started } };
}
`,
  'src/producers/cache.ts': `export async function cacheMeta(result: { content: unknown[] }) {
  return { 'com.acme/cache': { hit: result.content.length > 0 } };
}
`,
};

/** A dispatch over imported producers; `merge` is the loop body that collects each producer's fragment. */
function dispatch(collect: string, body: string): string {
  return `import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { cacheMeta } from '../producers/cache.js';
import { timingMeta } from '../producers/timing.js';

type Producer = (result: CallToolResult, started: number) => Promise<Record<string, unknown>> | Record<string, unknown>;
const producers: Producer[] = [(result) => cacheMeta(result), (_, started) => timingMeta(started)];

export async function dispatch(run: () => Promise<CallToolResult>): Promise<CallToolResult> {
  const started = Date.now();
  const result = await run();
  ${collect}
  ${body}
  result._meta = { ...result._meta, ...collected };
  return result;
}
`;
}

interface Proposed {
  readonly mergeLayer?: unknown;
  readonly keys: Record<string, { producers: string[] }>;
}

function manifestOf(files: Record<string, string>): Proposed {
  const dir = makeTempDir();
  writeFiles(dir, { ...PRODUCERS, ...files });
  const result = runBin(['init'], dir);
  expect(result.stderr).toBe('');
  expect(result.status, result.stdout).toBe(0);
  return JSON.parse(fs.readFileSync(path.join(dir, 'mcp-meta.registry.json'), 'utf8')) as Proposed;
}

function mergeLayerOf(files: Record<string, string>): unknown {
  return manifestOf(files).mergeLayer;
}

describe('init: a dispatch that collects the keys of imported producers is the merge layer', () => {
  it('Object.assign of each producer’s fragment into one map, in a loop, each producer in its own try', () => {
    const code = dispatch(
      'const collected: Record<string, unknown> = {};',
      `for (const produce of producers) {
    try {
      Object.assign(collected, await produce(result, started));
    } catch {
      // a failing producer's keys are absent
    }
  }`,
    );
    expect(mergeLayerOf({ 'src/mcp/dispatch.ts': code })).toEqual(['src/mcp/dispatch.ts']);
  });

  it('the map re-spread with each fragment, in a forEach callback', () => {
    const code = dispatch(
      'let collected: Record<string, unknown> = {};',
      `const fragments = await Promise.all(producers.map((produce) => produce(result, started)));
  fragments.forEach((fragment) => {
    collected = { ...collected, ...fragment };
  });`,
    );
    expect(mergeLayerOf({ 'src/mcp/dispatch.ts': code })).toEqual(['src/mcp/dispatch.ts']);
  });

  it('Object.assign({}, result._meta, ...fragments) over the fragments of a list of producers, each called by map, and their keys', () => {
    const code = dispatch(
      'const fragments = await Promise.all(producers.map((p) => p(result, started)));',
      'result._meta = Object.assign({}, result._meta, ...fragments);',
    ).replace('  result._meta = { ...result._meta, ...collected };\n', '');
    const manifest = manifestOf({ 'src/mcp/dispatch.ts': code });
    expect(manifest.mergeLayer).toEqual(['src/mcp/dispatch.ts']);
    // The list is a `const` array: each item's producer builds its keys, registered with that producer's module.
    expect(Object.fromEntries(Object.entries(manifest.keys).map(([key, entry]) => [key, entry.producers]))).toEqual({
      'com.acme/cache': ['src/producers/cache.ts'],
      'com.acme/timing': ['src/producers/timing.ts'],
    });
  });

  it('not Object.assign over a list of known fragments, nor over a map that calls no item', () => {
    const known = dispatch(
      'const fragments = [timingMeta(started), await cacheMeta(result)];',
      'result._meta = Object.assign({}, result._meta, ...fragments);',
    ).replace('  result._meta = { ...result._meta, ...collected };\n', '');
    expect(mergeLayerOf({ 'src/mcp/dispatch.ts': known })).toBeUndefined();
    const notCalled = dispatch(
      'const fragments = await Promise.all(producers.map((p) => timingMeta(started + producers.indexOf(p))));',
      'result._meta = Object.assign({}, result._meta, ...fragments);',
    ).replace('  result._meta = { ...result._meta, ...collected };\n', '');
    expect(mergeLayerOf({ 'src/mcp/dispatch.ts': notCalled })).toBeUndefined();
  });

  it('not a wrapper that merges one known producer’s fragment (outside a loop): it is that producer’s caller', () => {
    const code = dispatch('const collected: Record<string, unknown> = {};', 'Object.assign(collected, timingMeta(started));');
    expect(mergeLayerOf({ 'src/mcp/dispatch.ts': code })).toBeUndefined();
  });

  it('not a loop that writes its own literal keys', () => {
    const code = dispatch(
      'const collected: Record<string, unknown> = {};',
      `for (const produce of producers) {
    Object.assign(collected, { calls: producers.indexOf(produce) });
  }`,
    );
    expect(mergeLayerOf({ 'src/mcp/dispatch.ts': code })).toBeUndefined();
  });
});
