/**
 * The example server's generated types (fixtures/example-server/generated/mcp-meta.ts) compiled with the real `tsc`
 * under strict, exactOptionalPropertyTypes and isolatedDeclarations, with a producer and a consumer written against
 * them: both compile, and a wrong key or a wrong field type on either side fails the compile at its line.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir, REPO_ROOT, removeTempDirs, writeFiles } from './run-bin';

const GENERATED = path.join(REPO_ROOT, 'fixtures/example-server/generated/mcp-meta.ts');
const TSC = path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc');

const TSCONFIG = JSON.stringify({
  compilerOptions: {
    target: 'ES2022',
    module: 'Node16',
    moduleResolution: 'Node16',
    lib: ['ES2022'],
    types: [],
    strict: true,
    exactOptionalPropertyTypes: true,
    isolatedDeclarations: true,
    declaration: true,
    emitDeclarationOnly: true,
    outDir: 'out',
    noUnusedLocals: true,
  },
  include: ['*.ts'],
});

/** Emits `retrieval` and `warnings` through the generated emitter type; a hook returns a fragment. */
const PRODUCER = `import type { McpMetaEmit, McpMetaFragment, McpMetaRegistry } from './mcp-meta';

export function emitSearchMeta(emit: McpMetaEmit, hits: readonly string[], fresh: boolean): void {
  emit('retrieval', {
    returned_count: hits.length,
    retrieved_count: 10,
    vector_enabled: true,
    expansion_applied: false,
    cache: { hit: fresh, tier: 'memory' },
    degraded: ['rerank'],
    ...(hits.length === 0 ? { hint: 'Try broader terms.' } : {}),
  });
  emit('warnings', [{ code: 'unknown_param', param: 'limt', suggestion: 'limit' }]);
}

export function hotMemoryFragment(count: number): McpMetaFragment {
  const value: McpMetaRegistry['brain_hot_memory'] = {
    facts: [{ id: 'f1', text: 'remember', salience: 0.9 }],
    fact_count: count,
    as_of: '2026-12-03T00:00:00.000Z',
  };
  return { brain_hot_memory: value };
}
`;

/** Reads `_meta` through the generated fragment type, tolerating fields it does not know. */
const CONSUMER = `import type { McpMetaFragment } from './mcp-meta';

export function summarize(meta: McpMetaFragment): string {
  const retrieval = meta.retrieval;
  if (retrieval === undefined) return 'no diagnostics';
  const degraded: string = retrieval.degraded.join(', ');
  const cacheAge: number | undefined = retrieval.cache?.age_ms;
  const unknownField: unknown = retrieval['added_later'];
  const firstWarning: string | undefined = meta.warnings?.[0]?.param;
  return \`\${retrieval.returned_count} of \${retrieval.retrieved_count} \${degraded} \${String(cacheAge)} \${String(unknownField)} \${firstWarning ?? ''}\`;
}
`;

afterAll(removeTempDirs);

function compile(files: Record<string, string>): { status: number | null; output: string } {
  const dir = makeTempDir('mcp-meta-types-');
  fs.copyFileSync(GENERATED, path.join(dir, 'mcp-meta.ts'));
  writeFiles(dir, { 'tsconfig.json': TSCONFIG, ...files });
  const result = spawnSync(process.execPath, [TSC, '-p', dir, '--pretty', 'false'], { cwd: dir, encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

function lineOf(source: string, text: string): number {
  const index = source.indexOf(text);
  expect(index, text).toBeGreaterThanOrEqual(0);
  return source.slice(0, index).split('\n').length;
}

describe('generated TypeScript types under strict, exactOptionalPropertyTypes and isolatedDeclarations', () => {
  it('the generated module, a producer and a consumer compile', () => {
    const { status, output } = compile({ 'producer.ts': PRODUCER, 'consumer.ts': CONSUMER });
    expect(output).toBe('');
    expect(status).toBe(0);
  });

  it.each([
    ['producer: a wrong key', 'producer.ts', PRODUCER.replace("emit('warnings',", "emit('warning',"), "emit('warning',"],
    [
      'producer: a wrong field type',
      'producer.ts',
      PRODUCER.replace('retrieved_count: 10,', "retrieved_count: '10',"),
      "retrieved_count: '10',",
    ],
    [
      'producer: an enum value that is not registered',
      'producer.ts',
      PRODUCER.replace("degraded: ['rerank']", "degraded: ['rerunk']"),
      "degraded: ['rerunk']",
    ],
    ['producer: a required field left out', 'producer.ts', PRODUCER.replace('    fact_count: count,\n', ''), 'const value:'],
    ['consumer: a wrong key', 'consumer.ts', CONSUMER.replace('meta.retrieval;', 'meta.retreival;'), 'meta.retreival;'],
    [
      'consumer: a wrong field type',
      'consumer.ts',
      CONSUMER.replace('const degraded: string = retrieval.degraded.join', 'const degraded: number = retrieval.degraded.join'),
      'const degraded: number',
    ],
  ])('%s fails tsc at its line', (_name, file, source, marker) => {
    const files = { 'producer.ts': PRODUCER, 'consumer.ts': CONSUMER, [file]: source };
    const { status, output } = compile(files);
    expect(status).not.toBe(0);
    expect(output).toMatch(new RegExp(`^${file.replace('.', '\\.')}\\(${lineOf(source, marker)},\\d+\\): error TS\\d+`, 'm'));
  });
});
