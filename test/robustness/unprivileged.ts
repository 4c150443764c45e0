/**
 * Runs `node` so that a file whose mode is 000 cannot be read, for the tests of an unreadable manifest, from any
 * folder the repository is cloned into. Root reads any file (CAP_DAC_OVERRIDE), so as root the child runs:
 *
 * 1. as root without CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH (`setpriv --bounding-set`): it still reaches the
 *    repository's own files in a private folder (mode 700, as `mktemp -d` makes, or a private home), which it owns;
 * 2. else as the unprivileged user 65534 (nobody), when that user can reach the files the run needs (a clone in a
 *    private folder is out of its reach: "Cannot find module …/eslint/bin/eslint.js");
 * 3. else not at all: the caller skips the case and says why.
 *
 * A normal user needs none of this: the file is unreadable to them already. Each way is probed once (a child that must
 * fail to read a mode-000 file and must read every needed file) before it is used.
 */
import { spawnSync, type SpawnSyncOptionsWithStringEncoding, type SpawnSyncReturns } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export type UnreadableRunner =
  | {
      /** `node <args>` in a process that cannot read a mode-000 file. */
      readonly run: (args: readonly string[], options: SpawnSyncOptionsWithStringEncoding) => SpawnSyncReturns<string>;
      readonly how: string;
    }
  | { readonly run: null; readonly why: string };

/** A runner that found a way. */
export type ReadyRunner = Extract<UnreadableRunner, { readonly how: string }>;

type Way = { how: string; command: string; prefix: string[]; user: { uid?: number; gid?: number } };

const SETPRIV: Way = {
  how: 'as root without CAP_DAC_OVERRIDE (setpriv)',
  command: 'setpriv',
  prefix: ['--bounding-set', '-dac_override,-dac_read_search', process.execPath],
  user: {},
};
const NOBODY: Way = { how: 'as the unprivileged user 65534', command: process.execPath, prefix: [], user: { uid: 65534, gid: 65534 } };
const SELF: Way = { how: 'as the current (non-root) user', command: process.execPath, prefix: [], user: {} };

/** Exits 0 when the first path cannot be read (EACCES) and every other path can. */
const PROBE = `
const fs = require('node:fs');
const [unreadable, ...needed] = process.argv.slice(1);
try { fs.readFileSync(unreadable); process.exit(3); } catch (error) { if (error.code !== 'EACCES') process.exit(4); }
for (const file of needed) fs.accessSync(file, fs.constants.R_OK);
`;

const memo = new Map<string, UnreadableRunner>();

/**
 * A way to run `node` that cannot read a mode-000 file but can read each of `needed` (the tools it runs and what they
 * load); `scratch` is a folder every candidate user can reach, for the probe file.
 */
export function unreadableRunner(scratch: string, needed: readonly string[]): UnreadableRunner {
  const key = needed.join('\0');
  const known = memo.get(key);
  if (known) return known;
  const root = process.getuid?.() === 0;
  const probeDir = fs.mkdtempSync(path.join(scratch, 'unreadable-probe-'));
  fs.chmodSync(probeDir, 0o755);
  const probe = path.join(probeDir, 'probe.json');
  fs.writeFileSync(probe, '{}');
  fs.chmodSync(probe, 0o000);
  let runner: UnreadableRunner | undefined;
  try {
    for (const way of root ? [SETPRIV, NOBODY] : [SELF]) {
      const result = spawnSync(way.command, [...way.prefix, '-e', PROBE, probe, ...needed], {
        encoding: 'utf8',
        timeout: 60_000,
        ...way.user,
      });
      if (result.status === 0) {
        runner = {
          how: way.how,
          run: (args, options) => spawnSync(way.command, [...way.prefix, ...args], { ...options, ...way.user }),
        };
        break;
      }
    }
  } finally {
    fs.rmSync(probeDir, { recursive: true, force: true });
  }
  runner ??= {
    run: null,
    why:
      'running as root, and neither root without CAP_DAC_OVERRIDE (setpriv missing or not permitted) nor the unprivileged ' +
      `user 65534 (who cannot reach ${needed[0]}: the clone is in a private folder) can be made unable to read the manifest`,
  };
  memo.set(key, runner);
  return runner;
}
