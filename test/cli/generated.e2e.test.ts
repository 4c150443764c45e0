/**
 * `mcp-meta types` and `mcp-meta schema` as real processes: the example server's committed outputs are current (the
 * check CI runs), `--check` on a stale or missing file exits 1 with a diff and the fixing command, writing is
 * idempotent, and an invalid manifest writes nothing.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBinBuilt, makeTempDir, REPO_ROOT, removeTempDirs, runBin, writeFiles, writeManifest } from './run-bin';

const EXAMPLE_SERVER = path.join(REPO_ROOT, 'fixtures/example-server');

const MANIFEST = {
  version: 1,
  emitters: ['emitResponseMeta'],
  keys: {
    retrieval: {
      producers: ['src/search.ts'],
      type: 'object',
      fields: { returned_count: { type: 'integer' }, hint: { type: 'string', optional: true }, legacy: { deprecated: true } },
    },
    'com.example/trace': { producers: ['src/trace.ts'] },
  },
};

function project(manifest: unknown = MANIFEST): string {
  const dir = makeTempDir();
  writeFiles(dir, { 'src/search.ts': 'export {};\n', 'src/trace.ts': 'export {};\n' });
  writeManifest(dir, manifest);
  return dir;
}

beforeAll(assertBinBuilt);
afterAll(removeTempDirs);

describe("the example server's generated types and schema", () => {
  it.each([
    ['types', 'generated/mcp-meta.ts'],
    ['schema', 'generated/mcp-meta.schema.json'],
  ])('%s --check passes on the committed %s', (verb, file) => {
    const result = runBin([verb, '--out', file, '--check'], EXAMPLE_SERVER);
    expect(result.stdout).toContain(`${file} is up to date`);
    expect(result.status).toBe(0);
  });
});

describe.each([
  ['types', 'meta.ts', 'the TypeScript types of _meta', 'types-stale'],
  ['schema', 'meta.schema.json', 'the JSON Schema of _meta', 'schema-stale'],
])('mcp-meta %s', (verb, file, what, code) => {
  it('writes the file, then says it is up to date, and --check passes; the output does not depend on the cwd', () => {
    const dir = project();
    const first = runBin([verb, '--out', `out/${file}`], dir);
    expect(first.stdout).toContain(`wrote ${what} to out/${file}`);
    expect(first.status).toBe(0);
    const written = fs.readFileSync(path.join(dir, 'out', file), 'utf8');
    const second = runBin([verb, '--out', `out/${file}`], dir);
    expect(second.stdout).toContain('already up to date');
    expect(runBin([verb, '--out', `out/${file}`, '--check'], dir).status).toBe(0);
    // From another folder, with --registry: the same bytes (paths in the file are relative to the manifest).
    const fromOut = runBin([verb, '--out', file, '--registry', '../mcp-meta.registry.json', '--check'], path.join(dir, 'out'));
    expect(fromOut.status).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'out', file), 'utf8')).toBe(written);
  });

  it('--check on a stale file prints a diff, names the fixing command, exits 1 and writes nothing', () => {
    const dir = project();
    expect(runBin([verb, '--out', file], dir).status).toBe(0);
    const before = fs.readFileSync(path.join(dir, file), 'utf8');
    const changed = structuredClone(MANIFEST);
    (changed.keys.retrieval.fields as Record<string, unknown>).vector_enabled = { type: 'boolean' };
    writeManifest(dir, changed);
    const result = runBin([verb, '--out', file, '--check'], dir);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(`Please run \`npx mcp-meta ${verb} --out ${file}\``);
    expect(result.stdout).toContain(`--- ${file} (current)`);
    expect(result.stdout).toMatch(/^\+.*vector_enabled/m);
    expect(result.stdout).toContain(`  error  ${file} (${what}) is out of date with mcp-meta.registry.json  [${code}]`);
    expect(result.stdout).toMatch(new RegExp(`^${file.replace(/\./g, '\\.')}:\\d+ {2}error`, 'm'));
    expect(fs.readFileSync(path.join(dir, file), 'utf8')).toBe(before);

    const json = JSON.parse(runBin([verb, '--out', file, '--check', '--format', 'json'], dir).stdout) as {
      findings: Array<{ code: string }>;
    };
    expect(json.findings.map((finding) => finding.code)).toEqual([code]);
  });

  it('--check on a missing file exits 1 and says how to create it', () => {
    const dir = project();
    const result = runBin([verb, '--out', file, '--check'], dir);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(`Please run \`npx mcp-meta ${verb} --out ${file}\`. ${file} does not exist.`);
    expect(fs.existsSync(path.join(dir, file))).toBe(false);
  });

  it('an invalid manifest is reported with its place and nothing is written', () => {
    const dir = project({ ...MANIFEST, keys: { retrieval: { producers: ['src/search.ts'], fields: { n: { type: 'int' } } } } });
    const result = runBin([verb, '--out', file], dir);
    expect(result.status).toBe(2);
    expect(result.stdout).toMatch(/mcp-meta\.registry\.json:\d+:\d+ {2}error/);
    expect(result.stdout).toContain('/keys/retrieval/fields/n/type');
    expect(fs.existsSync(path.join(dir, file))).toBe(false);
  });

  it('without --out is a usage error (exit 2)', () => {
    const result = runBin([verb], project());
    expect(result.status).toBe(2);
    expect(result.stderr + result.stdout).toContain(`${verb} needs --out FILE`);
  });
});

describe('what mcp-meta types generates', () => {
  it('quotes key names that are not identifiers, marks deprecated fields, leaves unlisted fields open', () => {
    const dir = project();
    expect(runBin(['types', '--out', 'meta.ts'], dir).status).toBe(0);
    const text = fs.readFileSync(path.join(dir, 'meta.ts'), 'utf8');
    expect(text).toContain('  "com.example/trace": unknown;');
    expect(text).toContain(
      '    returned_count: number;\n    hint?: string;\n    /** @deprecated */\n    legacy?: unknown;\n    [extra: string]: unknown;\n  };',
    );
    expect(text).toContain('export type McpMetaEmit = <K extends McpMetaKey>(key: K, value: McpMetaRegistry[K]) => void;');
    expect(text).toContain('export type McpMetaFragment = Partial<McpMetaRegistry>;');
  });
});

describe('types and schema, one plane per file', () => {
  // A result key of the server's own and a host's descriptor key (registered as init and add-key register it).
  const PLANES_MANIFEST = {
    version: 1,
    keys: {
      retrieval: { producers: ['src/search.ts'], type: 'object', fields: { returned_count: { type: 'integer' } } },
      'openai/outputTemplate': { producers: ['src/trace.ts'], catalogue: 'openai-apps.outputTemplate', plane: 'tool' },
    },
  };

  it("the default is a tool result's _meta: a descriptor key is left out, so McpMetaEmit refuses it as the lint does", () => {
    const dir = project(PLANES_MANIFEST);
    expect(runBin(['types', '--out', 'meta.ts'], dir).status).toBe(0);
    const types = fs.readFileSync(path.join(dir, 'meta.ts'), 'utf8');
    expect(types).toContain('`_meta` types of MCP tool results');
    expect(types).toContain('  retrieval: {');
    expect(types).not.toContain('openai/outputTemplate');
    expect(runBin(['schema', '--out', 'meta.schema.json'], dir).status).toBe(0);
    const schema = JSON.parse(fs.readFileSync(path.join(dir, 'meta.schema.json'), 'utf8')) as { title: string; properties: object };
    expect(schema.title).toBe('MCP tool result _meta');
    expect(Object.keys(schema.properties)).toEqual(['retrieval']);
    // The real tsc: a producer emitting the descriptor key on a result does not compile.
    writeFiles(dir, {
      'producer.ts': `import type { McpMetaEmit } from './meta';\ndeclare const emit: McpMetaEmit;\nemit('retrieval', { returned_count: 1 });\nemit('openai/outputTemplate', 'ui://widget/card.html');\n`,
      'tsconfig.json': JSON.stringify({
        compilerOptions: { strict: true, noEmit: true, module: 'Node16', moduleResolution: 'Node16', types: [] },
        include: ['*.ts'],
      }),
    });
    const tsc = spawnSync(process.execPath, [path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', dir, '--pretty', 'false'], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(tsc.stdout).toMatch(/^producer\.ts\(4,6\): error TS2345: Argument of type '"openai\/outputTemplate"'/m);
    expect(tsc.stdout.trim().split('\n')).toHaveLength(1);
  });

  it('--plane tool gives the descriptor keys only, and --check names the plane in its fixing command', () => {
    const dir = project(PLANES_MANIFEST);
    expect(runBin(['types', '--out', 'tool-meta.ts', '--plane', 'tool'], dir).status).toBe(0);
    const types = fs.readFileSync(path.join(dir, 'tool-meta.ts'), 'utf8');
    expect(types).toContain('`_meta` types of MCP tool descriptors');
    expect(types).toContain('  "openai/outputTemplate": unknown;');
    expect(types).toContain('Do not edit: change the manifest, then run `npx mcp-meta types --out tool-meta.ts --plane tool`.');
    expect(types).not.toContain('retrieval');
    expect(runBin(['schema', '--out', 'tool-meta.schema.json', '--plane', 'tool'], dir).status).toBe(0);
    const schema = JSON.parse(fs.readFileSync(path.join(dir, 'tool-meta.schema.json'), 'utf8')) as { title: string; properties: object };
    expect(schema.title).toBe('MCP tool descriptor _meta');
    expect(Object.keys(schema.properties)).toEqual(['openai/outputTemplate']);
    // The result plane's file checked against the tool plane is stale, and the fix says which plane.
    const check = runBin(['types', '--out', 'tool-meta.ts', '--check'], dir);
    expect(check.status).toBe(1);
    const stale = runBin(['types', '--out', 'meta.ts', '--plane', 'tool', '--check'], dir);
    expect(stale.stdout).toContain('Please run `npx mcp-meta types --out meta.ts --plane tool`.');
    const usage = runBin(['schema', '--out', 'x.json', '--plane', 'request'], dir);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("unknown --plane 'request'");
  });
});
