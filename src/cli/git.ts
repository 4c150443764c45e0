import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CliError } from './findings';
import { posixRelative } from '../util/posix-relative';

/**
 * Runs git without a shell (arguments are passed as they are, so `;`, `$(...)` or spaces in a ref mean nothing), and
 * every caller puts `--end-of-options` before a ref it did not write itself, so a ref from an untrusted pull request
 * (`--output=/etc/passwd`) is never read as an option.
 */
function git(args: string[], cwd: string): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
}

function stderrOf(error: unknown): string {
  const stderr = (error as { stderr?: string | Buffer } | undefined)?.stderr;
  const text = stderr === undefined ? (error instanceof Error ? error.message : String(error)) : String(stderr);
  return text.trim().split('\n')[0] ?? '';
}

/**
 * The text of `absolutePath` as it was at `ref`, via `git show REF:<path from the repository root>`. Returns `null`
 * when the revision exists but the file did not (the manifest is new: everything in it is an addition). A bad ref or
 * a folder outside any repository is a usage error (exit 2).
 */
export function readFileAtRevision(absolutePath: string, ref: string): string | null {
  const folder = path.dirname(absolutePath);
  let root: string;
  try {
    root = git(['rev-parse', '--show-toplevel'], folder).trim();
  } catch (error) {
    throw new CliError(
      `${folder} is not inside a git repository (${stderrOf(error)})`,
      'diff reads the old manifest with `git show REF:path`; run it in a git checkout.',
    );
  }
  try {
    git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], root);
  } catch {
    throw new CliError(
      `unknown git revision '${ref}'`,
      'Pass a branch, tag or commit, e.g. --against origin/main (in CI, fetch it first: actions/checkout with fetch-depth: 0).',
    );
  }
  // git wants forward slashes and a path relative to the top level; realpath both sides so symlinked temp folders agree.
  const relative = posixRelative(realpath(root), realpath(absolutePath));
  try {
    return git(['show', '--end-of-options', `${ref}:${relative}`], root);
  } catch (error) {
    const message = stderrOf(error);
    if (/does not exist|exists on disk, but not in/.test(message)) return null;
    throw new CliError(`git show ${ref}:${relative} failed: ${message}`);
  }
}

function realpath(file: string): string {
  try {
    return fs.realpathSync.native(file);
  } catch {
    // The current manifest may not exist on disk (diff against a revision after deleting it); its folder does.
    return path.join(fs.realpathSync.native(path.dirname(file)), path.basename(file));
  }
}
