/**
 * Real `_meta` objects from the example server, validated against its generated JSON Schema
 * (fixtures/example-server/generated/mcp-meta.schema.json) with ajv's 2020-12 validator. The server's sources are
 * compiled with the real `tsc` and run: tools/call requests through serve-http, the dispatcher, the search and query
 * ops and the hot-memory hook, so the objects are the ones the server sends.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, REPO_ROOT, removeTempDirs } from './run-bin';

const SERVER = path.join(REPO_ROOT, 'fixtures/example-server');
const SCHEMA = path.join(SERVER, 'generated/mcp-meta.schema.json');
const TSC = path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc');

type Meta = Record<string, unknown>;
interface HttpResponse {
  status: number;
  body: string;
}
type Handle = (request: { method: string; body: string }) => Promise<HttpResponse>;

let metas: Array<{ call: string; meta: Meta }> = [];

/** Compiles the example server to CommonJS in a temp folder and answers a few tools/call requests. */
async function collectServerMeta(): Promise<Array<{ call: string; meta: Meta }>> {
  const outDir = makeTempDir('mcp-meta-example-build-');
  const build = spawnSync(process.execPath, [TSC, '-p', SERVER, '--noEmit', 'false', '--outDir', outDir], { encoding: 'utf8' });
  expect(build.stdout + build.stderr).toBe('');
  // The compiled files are CommonJS: tell Node so, whatever the folder above says.
  fs.writeFileSync(path.join(outDir, 'package.json'), '{ "type": "commonjs" }\n');
  const load = createRequire(path.join(outDir, 'index.js'));
  const { createHttpServer } = load('./serve-http.js') as { createHttpServer: (deps: unknown) => Handle };

  const hits = [
    { id: 'a', text: 'alpha', score: 0.9 },
    { id: 'b', text: 'beta', score: 0.5 },
  ];
  const handle = createHttpServer({
    store: {
      keywordSearch: async (query: string) => (query === 'nothing' ? [] : hits),
      vectorSearch: async () => {
        throw new Error('vector index down');
      },
      expand: async (query: string) => [`${query} synonyms`],
      describe: async () => ({}),
    },
    hotMemory: { factsFor: async () => [{ id: 'f1', text: 'prefers short answers', salience: 0.8 }] },
    logger: { warn: () => undefined, error: () => undefined },
    audit: () => undefined,
  });
  const calls: Array<[string, Record<string, unknown>]> = [
    ['search', { query: 'alpha', limit: 5 }],
    ['search', { query: 'nothing' }],
    ['search', { query: 'alpha', limt: 5 }],
    ['query', { question: 'what is alpha', _meta: { session_id: 's1' } }],
    ['query', { question: 'what is alpha', _meta: { session_id: 's1' } }],
  ];
  const collected: Array<{ call: string; meta: Meta }> = [];
  for (const [index, [name, args]] of calls.entries()) {
    const response = await handle({
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id: index, method: 'tools/call', params: { name, arguments: args } }),
    });
    const body = JSON.parse(response.body) as { result?: { _meta?: Meta } };
    expect(body.result?._meta, `${name} ${JSON.stringify(args)}`).toBeDefined();
    collected.push({ call: `${name} ${JSON.stringify(args)}`, meta: body.result?._meta as Meta });
  }
  return collected;
}

function validator() {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  return ajv.compile(JSON.parse(fs.readFileSync(SCHEMA, 'utf8')) as object);
}

beforeAll(async () => {
  metas = await collectServerMeta();
}, 120_000);
afterAll(removeTempDirs);

describe("the example server's _meta against its generated JSON Schema (2020-12)", () => {
  it('the calls produce every registered key and the optional parts (hint, cache, warnings)', () => {
    const keys = new Set(metas.flatMap(({ meta }) => Object.keys(meta)));
    expect([...keys].sort()).toEqual(['brain_hot_memory', 'retrieval', 'warnings']);
    const retrievals = metas.map(({ meta }) => meta.retrieval as Meta);
    expect(retrievals.some((r) => typeof r.hint === 'string')).toBe(true);
    expect(retrievals.some((r) => (r.cache as Meta | undefined)?.age_ms !== undefined)).toBe(true);
  });

  it('every real _meta object validates', () => {
    const validate = validator();
    for (const { call, meta } of metas) {
      expect(validate(meta) ? [] : validate.errors, call).toEqual([]);
    }
  });

  it('an extra unknown field and an unknown key still validate (consumers tolerate them, rule 2)', () => {
    const validate = validator();
    for (const { call, meta } of metas) {
      const extended = structuredClone(meta);
      (extended.retrieval as Meta).added_later = { anything: [1, 'two'] };
      (extended.brain_hot_memory as Meta).extra = true;
      extended['com.example/trace'] = 'abc';
      expect(validate(extended) ? [] : validate.errors, call).toEqual([]);
    }
  });

  it.each([
    ['a field of another type', (meta: Meta) => ((meta.retrieval as Meta).returned_count = '2'), '/retrieval/returned_count', 'type'],
    [
      'an integer field holding a fraction',
      (meta: Meta) => ((meta.retrieval as Meta).retrieved_count = 1.5),
      '/retrieval/retrieved_count',
      'type',
    ],
    [
      'an unregistered enum value in an array',
      (meta: Meta) => ((meta.retrieval as Meta).degraded = ['vector', 'gpu']),
      '/retrieval/degraded/1',
      'enum',
    ],
    ['a required field missing', (meta: Meta) => delete (meta.retrieval as Meta).vector_enabled, '/retrieval', 'required'],
    ['an array key given an object', (meta: Meta) => (meta.warnings = { code: 'unknown_param' }), '/warnings', 'type'],
    [
      'an item field of another type',
      (meta: Meta) => (((meta.brain_hot_memory as Meta).facts as Meta[])[0].salience = 'high'),
      '/brain_hot_memory/facts/0/salience',
      'type',
    ],
  ])('rejects %s', (_name, mutate, instancePath, keyword) => {
    const validate = validator();
    const meta = structuredClone(metas[2].meta);
    mutate(meta);
    expect(validate(meta)).toBe(false);
    expect(validate.errors?.map((error) => [error.instancePath, error.keyword])).toContainEqual([instancePath, keyword]);
  });
});
