/**
 * A long-lived ESLint (the `Linter` an editor's server keeps) that reads 100 imported modules holds its live heap
 * within 40 MB of one that reads none: the analysis keeps each module's summary (exported keys, helper keys), never
 * its tree, and never its text: 60 imported modules of 0.9 MB, each read for one key of 13+ characters (which V8 would
 * keep as a slice of the module's whole text), hold within 10 MB (54-57 MB when the keys were slices). The summaries
 * held are bounded by their bytes (`MODULE_SUMMARY_BYTES`), which the child reports. Measured in child processes run
 * with `--expose-gc` (a full collection before each reading), with the built plugin (dist/); the assertions are bounds
 * on bytes, never on time.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, repoRoot, requireFromRepo, scratchRoot } from './helpers/e2e';

const MODULES = 100;
const BOUND_BYTES = 40 * 1024 * 1024;
/** Large modules, each read for one key: what their texts would hold is 60 x 0.9 MB. */
const LARGE_MODULES = 60;
const LARGE_BYTES = 900 * 1024;
const LARGE_BOUND_BYTES = 10 * 1024 * 1024;

/** A helper module of about 22 KB, written the way servers write them: a `_meta` helper among other exports. */
function helperModule(n: number): string {
  const filler = Array.from(
    { length: 84 },
    (_, i) => `export function describe${i}(rows: { id: string; score: number }[]) {
  const total = rows.reduce((sum, row) => sum + row.score, 0);
  return { name: 'describe${i}', count: rows.length, total, labels: rows.map((row) => ({ id: row.id, text: \`\${row.id}:${i}\` })) };
}
`,
  ).join('\n');
  return `export const KEY_${n} = 'com.example/' + 'key${n}';
export function meta${n}(ms: number) {
  return { 'com.example/stats': { returned_count: ms, hint: 'h${n}' } };
}
${filler}`;
}

/** The child: lints `server.ts` with a long-lived Linter, then reports the live heap after a full collection. */
const CHILD = `
const path = require('node:path');
const { Linter } = require(${JSON.stringify(requireFromRepo.resolve('eslint'))});
const plugin = require(${JSON.stringify(repoRoot)});
const summaries = require(${JSON.stringify(path.join(repoRoot, 'dist/src/analysis/modules/module-summary.js'))});
const parser = require(${JSON.stringify(requireFromRepo.resolve('@typescript-eslint/parser'))});
const [dir, file] = process.argv.slice(2);
const linter = new Linter({ cwd: dir });
const config = [{
  files: ['**/*.ts'],
  languageOptions: { parser },
  plugins: { 'mcp-meta': plugin },
  settings: { 'mcp-meta': { registry: path.join(dir, 'mcp-meta.registry.json') } },
  rules: Object.fromEntries(Object.keys(plugin.rules).filter((rule) => rule !== 'no-removed-meta-field').map((rule) => ['mcp-meta/' + rule, 'error'])),
}];
const code = require('node:fs').readFileSync(path.join(dir, file), 'utf8');
let messages;
// Twice, as an editor lints a file again: what the first lint read is what stays.
for (let i = 0; i < 2; i += 1) messages = linter.verify(code, config, { filename: path.join(dir, 'server.ts') });
globalThis.gc();
globalThis.gc();
process.stdout.write(JSON.stringify({
  heap: process.memoryUsage().heapUsed,
  summaryBytes: summaries.heldModuleSummaryBytes(),
  summaryBound: summaries.MODULE_SUMMARY_BYTES,
  messages: messages.map((m) => m.ruleId + ' ' + m.message),
}));
`;

let dir: string;

beforeAll(() => {
  assertBuilt();
  fs.mkdirSync(scratchRoot, { recursive: true });
  dir = fs.mkdtempSync(path.join(scratchRoot, 'module-memory-'));
  fs.writeFileSync(path.join(dir, 'child.cjs'), CHILD);
  fs.writeFileSync(
    path.join(dir, 'mcp-meta.registry.json'),
    JSON.stringify({
      version: 1,
      keys: {
        'com.example/stats': {
          producers: Array.from({ length: MODULES }, (_, n) => `helpers/meta-${n}.ts`),
          fields: { returned_count: { type: 'integer' } },
        },
      },
    }),
  );
  fs.mkdirSync(path.join(dir, 'helpers'));
  const imports: string[] = [];
  const uses: string[] = [];
  for (let n = 0; n < MODULES; n += 1) {
    fs.writeFileSync(path.join(dir, `helpers/meta-${n}.ts`), helperModule(n));
    imports.push(`import { meta${n}, KEY_${n} } from './helpers/meta-${n}.js';`);
    uses.push(`export const r${n} = { content: [], _meta: meta${n}(${n}) };\nemitMeta(KEY_${n}, ${n});`);
  }
  const body = 'declare function emitMeta(key: string, value: unknown): void;\n';
  fs.writeFileSync(path.join(dir, 'reads-modules.ts'), `${imports.join('\n')}\n${body}${uses.join('\n')}\n`);
  // The same file without the imports: the calls stay unknown, no module is read.
  const local = Array.from(
    { length: MODULES },
    (_, n) => `declare function meta${n}(ms: number): object;\ndeclare const KEY_${n}: string;`,
  );
  fs.writeFileSync(path.join(dir, 'reads-none.ts'), `${local.join('\n')}\n${body}${uses.join('\n')}\n`);

  // 60 modules of 0.9 MB (a generated table after the key, here a comment: cheap to parse), one key each.
  fs.mkdirSync(path.join(dir, 'large'));
  const filler = `/*\n${'generated table row: 0123456789 abcdefghij\n'.repeat(Math.ceil(LARGE_BYTES / 40))}*/\n`;
  const largeImports: string[] = [];
  const largeUses: string[] = [];
  for (let n = 0; n < LARGE_MODULES; n += 1) {
    fs.writeFileSync(
      path.join(dir, `large/keys-${n}.ts`),
      `export const LARGE_${n} = 'com.example/unregistered-large-key-${n}';\n${filler}`,
    );
    largeImports.push(`import { LARGE_${n} } from './large/keys-${n}.js';`);
    largeUses.push(`export const l${n} = { content: [], _meta: { [LARGE_${n}]: ${n} } };`);
  }
  fs.writeFileSync(path.join(dir, 'reads-large.ts'), `${largeImports.join('\n')}\n${largeUses.join('\n')}\n`);
  const largeLocal = Array.from({ length: LARGE_MODULES }, (_, n) => `declare const LARGE_${n}: string;`);
  fs.writeFileSync(path.join(dir, 'reads-large-none.ts'), `${largeLocal.join('\n')}\n${largeUses.join('\n')}\n`);
});

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

interface ChildReport {
  heap: number;
  summaryBytes: number;
  summaryBound: number;
  messages: string[];
}

function liveHeap(file: string): Promise<ChildReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', path.join(dir, 'child.cjs'), dir, file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(stdout) as ChildReport) : reject(new Error(`child exited ${code}: ${stderr}`)),
    );
  });
}

describe('memory of a long-lived ESLint that reads imported modules', () => {
  it('holds the live heap within 40 MB of a run that reads none, 100 modules of ~22 KB', async () => {
    expect(fs.statSync(path.join(dir, 'helpers/meta-0.ts')).size).toBeGreaterThan(20_000);
    const none = await liveHeap('reads-none.ts');
    const reads = await liveHeap('reads-modules.ts');
    // The modules were read: each helper's unregistered field `hint` is reported at its call, once per module.
    const hints = (run: { messages: string[] }) => run.messages.filter((message) => message.includes("Field 'hint'")).length;
    expect([hints(none), hints(reads)]).toEqual([0, MODULES]);
    expect(reads.heap - none.heap).toBeLessThan(BOUND_BYTES);
    expect(reads.summaryBytes).toBeGreaterThan(0);
    expect(reads.summaryBytes).toBeLessThanOrEqual(reads.summaryBound);
  }, 240_000);

  it('keeps no module text alive through its keys: 60 modules of 0.9 MB, one 13+ character key each, within 10 MB', async () => {
    expect(fs.statSync(path.join(dir, 'large/keys-0.ts')).size).toBeGreaterThan(LARGE_BYTES);
    const none = await liveHeap('reads-large-none.ts');
    const reads = await liveHeap('reads-large.ts');
    // The keys were read: each is reported as not in the manifest, by its value.
    const unregistered = (run: ChildReport) => run.messages.filter((message) => message.includes('unregistered-large-key-')).length;
    expect([unregistered(none), unregistered(reads)]).toEqual([0, LARGE_MODULES]);
    expect(reads.heap - none.heap).toBeLessThan(LARGE_BOUND_BYTES);
    expect(reads.summaryBytes).toBeLessThanOrEqual(reads.summaryBound);
  }, 240_000);
});
