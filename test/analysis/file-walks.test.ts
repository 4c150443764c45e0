/**
 * How often one lint walks a file from its `Program`, as a count (no timing): each per-file model walks at most once
 * and only where its own text marks are (`file-walks`), nothing walks every node of a file ESLint parsed
 * (`full-file-walks`), and a file whose text rules every model out is not walked at all. A new model with a walk of
 * its own fails here until it folds into an existing walk or joins `FILE_WALKS` with a text gate.
 */
import path from 'node:path';
import { Linter, type ESLint } from 'eslint';
import * as tsParser from '@typescript-eslint/parser';
import { describe, expect, it } from 'vitest';
import { rules } from '../../rules';
import { FILE_WALKS } from '../../src/analysis/syntax/ast';
import { costCount } from '../../src/util/cost-counter';

const EXAMPLES_DIR = path.resolve(__dirname, '../../docs/examples');
const REGISTRY = path.join(EXAMPLES_DIR, 'mcp-meta.registry.json');

const plugin = { rules } as unknown as ESLint.Plugin;
const config: Linter.Config[] = [
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tsParser as unknown as Linter.Parser },
    plugins: { 'mcp-meta': plugin },
    settings: { 'mcp-meta': { registry: REGISTRY } },
    rules: Object.fromEntries(Object.keys(rules).map((name) => [`mcp-meta/${name}`, 'error' as const])),
  },
];

/** Every model has something to look at here: writes, a relay, a copied result, a widget, a strict read, getters. */
const EVERYTHING = `
export async function search(ctx, out, rows) {
  ctx.emitResponseMeta('retrieval', { returned: rows.length });
  out._meta = { retrieval: {} };
  out._meta.retrieval = await build(rows);
  out._meta.total = stats.total;
  return out;
}
const stats = { get total() { return 1; } };
export async function relay(upstream, args, extra) {
  const r = await upstream.callTool({ name: 'search', arguments: args, _meta: { trace: 1 } });
  return normalize(r);
}
function normalize(r) {
  return { content: r.content, isError: r.isError };
}
export function register(server, upstream) {
  server.registerTool('card', { inputSchema: {}, _meta: { ui: { resourceUri: 'ui://card' } } }, async () => ({ content: [], metadata: { a: 1 } }));
  server.registerResource('card', 'ui://card', { mimeType: 'text/html;profile=mcp-app' }, async () => ({ contents: [] }));
}
export function check(result) {
  expect(result._meta.retrieval).toEqual({ returned: 1 });
}
`;

/** Names nothing any model looks for. */
const NOTHING = `
export function add(a: number, b: number): number {
  const cache = new Map<string, number>();
  cache.set('x', a + b);
  return cache.get('x') ?? 0;
}
`;

function walksOf(text: string): { fileWalks: number; fullWalks: number; messages: number } {
  const linter = new Linter({ configType: 'flat' });
  const before = { file: costCount('file-walks'), full: costCount('full-file-walks') };
  const messages = linter.verify(text, config, { filename: path.join(EXAMPLES_DIR, 'src/file-walks-case.ts') });
  expect(messages.filter((message) => message.fatal)).toEqual([]);
  return {
    fileWalks: costCount('file-walks') - before.file,
    fullWalks: costCount('full-file-walks') - before.full,
    messages: messages.length,
  };
}

describe('walks of a linted file', () => {
  it('a file every model looks at: each walks once at most, none walks every node', () => {
    const walks = walksOf(EVERYTHING);
    expect(walks.messages).toBeGreaterThan(0);
    expect(walks.fullWalks).toBe(0);
    expect(walks.fileWalks).toBeGreaterThan(1);
    expect(walks.fileWalks).toBeLessThanOrEqual(FILE_WALKS.length);
  });

  it('a second lint of the same text walks no more than the first', () => {
    expect(walksOf(EVERYTHING).fileWalks).toBe(walksOf(EVERYTHING).fileWalks);
  });

  it('a file whose text names nothing any model looks for is never walked', () => {
    expect(walksOf(NOTHING)).toEqual({ fileWalks: 0, fullWalks: 0, messages: 0 });
  });
});
