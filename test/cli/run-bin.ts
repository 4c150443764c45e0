/**
 * Runs the built `mcp-meta` bin as a real process (the way `npx mcp-meta` does) over temporary folders and git
 * repositories. The bin is the build output, so `npm run build` must have run first.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../..');
export const BIN = path.join(REPO_ROOT, 'dist/src/cli/main.js');

export function assertBinBuilt(): void {
  if (!fs.existsSync(BIN)) {
    throw new Error(`${BIN} is missing: run \`npm run build\` before the CLI tests (they run the built bin as a real process).`);
  }
}

export interface BinResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runBin(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}): BinResult {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, MCP_META_DEBUG: '', ...env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const made: string[] = [];

export function makeTempDir(prefix = 'mcp-meta-cli-'): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  made.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
}

export function writeManifest(dir: string, manifest: unknown, name = 'mcp-meta.registry.json'): void {
  writeFiles(dir, { [name]: JSON.stringify(manifest, null, 2) + '\n' });
}

function git(dir: string, args: string[]): string {
  return execFileSync('git', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The manifest `init` wrote into `dir`, as text (its exact bytes are what the tests compare). */
export function readManifestText(dir: string, name = 'mcp-meta.registry.json'): string {
  return fs.readFileSync(path.join(dir, name), 'utf8');
}
export function initGitRepo(dir: string): void {
  git(dir, ['init', '-q', '-b', 'main']);
  git(dir, ['config', 'user.email', 'cli-test@example.com']);
  git(dir, ['config', 'user.name', 'cli test']);
  git(dir, ['config', 'commit.gpgsign', 'false']);
}

export function commitAll(dir: string, message: string): void {
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', message]);
}
