/**
 * The `--cache` sidecar (src/analysis/modules/modules-read.ts) under concurrent writers: ESLint's workers (`--concurrency`)
 * and parallel `eslint --cache` processes each add the modules they read and flush the sidecar in every event-loop
 * turn. Six child processes, started together behind a barrier, each note their own modules one turn at a time; the
 * sidecar must list every module of every child at the end (a read, merge and rename without a lock lost the last
 * flush of a writer another overwrote). Uses the built plugin (dist/); nothing is timed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, repoRoot, scratchRoot } from './helpers/e2e';

const CHILDREN = 6;
const MODULES_PER_CHILD = 12;

/** A child: waits for the barrier, then notes one module per turn under the manifest and exits (flushing at exit). */
const CHILD = `
const fs = require('node:fs');
const path = require('node:path');
const modules = require(${JSON.stringify(path.join(repoRoot, 'dist/src/analysis/modules/modules-read.js'))});
const [dir, id, count] = process.argv.slice(2);
const registry = path.join(dir, 'mcp-meta.registry.json');
modules.persistModulesRead(registry);
fs.writeFileSync(path.join(dir, 'ready-' + id), '');
const pause = new Int32Array(new SharedArrayBuffer(4));
while (!fs.existsSync(path.join(dir, 'go'))) Atomics.wait(pause, 0, 0, 2);
(async () => {
  for (let n = 0; n < Number(count); n += 1) {
    modules.noteModuleRead(path.join(dir, 'src', 'm-' + id + '-' + n + '.ts'));
    modules.recordModulesRead(registry);
    await new Promise((resolve) => setImmediate(resolve));
  }
})();
`;

let dir: string;

beforeAll(() => {
  assertBuilt();
  fs.mkdirSync(scratchRoot, { recursive: true });
  dir = fs.mkdtempSync(path.join(scratchRoot, 'sidecar-concurrency-'));
  fs.writeFileSync(path.join(dir, 'package.json'), '{ "name": "sidecar-concurrency", "private": true }\n');
  fs.writeFileSync(path.join(dir, 'mcp-meta.registry.json'), '{ "version": 1, "keys": {} }\n');
  fs.writeFileSync(path.join(dir, 'child.cjs'), CHILD);
  fs.mkdirSync(path.join(dir, 'src'));
  // Two more writers, of one module each, for the stale-lock cases.
  for (let id = 0; id < CHILDREN + 2; id += 1) {
    for (let n = 0; n < MODULES_PER_CHILD; n += 1) {
      fs.writeFileSync(path.join(dir, 'src', `m-${id}-${n}.ts`), `export const KEY = 'com.example/m-${id}-${n}';\n`);
    }
  }
});

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

function run(id: number, modules = MODULES_PER_CHILD): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(dir, 'child.cjs'), dir, String(id), String(modules)], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`child ${id} exited ${code}: ${stderr}`))));
  });
}

async function barrierFor(ids: number[]): Promise<void> {
  while (ids.some((id) => !fs.existsSync(path.join(dir, `ready-${id}`)))) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  fs.writeFileSync(path.join(dir, 'go'), '');
}

const barrier = () => barrierFor(Array.from({ length: CHILDREN }, (_, id) => id));

const sidecarDir = () => path.join(dir, 'node_modules/.cache/eslint-plugin-mcp-meta');

function listed(): string[] {
  const sidecar = path.join(
    sidecarDir(),
    `modules-${createHash('sha256').update(path.join(dir, 'mcp-meta.registry.json')).digest('hex').slice(0, 16)}.json`,
  );
  return Object.keys((JSON.parse(fs.readFileSync(sidecar, 'utf8')) as { modules: object }).modules);
}

describe('the --cache sidecar under concurrent writers', () => {
  it(`lists every module of ${CHILDREN} processes flushing together, none lost`, async () => {
    const children = Array.from({ length: CHILDREN }, (_, id) => run(id));
    await barrier();
    await Promise.all(children);
    const sidecars = fs.readdirSync(sidecarDir()).filter((name) => name.endsWith('.json'));
    expect(sidecars).toHaveLength(1);
    const expected = Array.from({ length: CHILDREN }, (_, id) =>
      Array.from({ length: MODULES_PER_CHILD }, (__, n) => `src/m-${id}-${n}.ts`),
    ).flat();
    expect(expected.filter((module) => !listed().includes(module))).toEqual([]);
    expect(listed()).toHaveLength(expected.length);
    // No lock or temporary file is left behind.
    expect(fs.readdirSync(sidecarDir())).toEqual(sidecars);
  });

  it('removes a lock left by a writer that is gone (its pid not running), and one older than the stale age', async () => {
    const [sidecar] = fs.readdirSync(sidecarDir()).filter((name) => name.endsWith('.json'));
    const lock = path.join(sidecarDir(), `${sidecar}.lock`);
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    fs.writeFileSync(lock, `${gone.stdout}\n`);
    fs.rmSync(path.join(dir, 'go'));
    const first = run(CHILDREN, 1);
    await barrierFor([CHILDREN]);
    await first;
    expect(listed()).toContain(`src/m-${CHILDREN}-0.ts`);
    expect(fs.existsSync(lock)).toBe(false);

    // A lock whose pid was never written (its writer died right after creating it), a minute old.
    fs.writeFileSync(lock, '');
    const minuteAgo = new Date(Date.now() - 60_000);
    fs.utimesSync(lock, minuteAgo, minuteAgo);
    fs.rmSync(path.join(dir, 'go'));
    const second = run(CHILDREN + 1, 1);
    await barrierFor([CHILDREN + 1]);
    await second;
    expect(listed()).toContain(`src/m-${CHILDREN + 1}-0.ts`);
    expect(fs.existsSync(lock)).toBe(false);
  });
});
