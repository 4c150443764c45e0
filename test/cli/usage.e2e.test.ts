import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBinBuilt, makeTempDir, removeTempDirs, REPO_ROOT, runBin } from './run-bin';

beforeAll(assertBinBuilt);
afterAll(removeTempDirs);

describe('mcp-meta usage', () => {
  it('prints help for the bin and for each verb, exit 0', () => {
    const dir = makeTempDir();
    const top = runBin(['--help'], dir);
    expect(top.status).toBe(0);
    expect(top.stdout).toMatch(/^ {2}--version, -v {3}print the version/m);
    for (const verb of ['add-key', 'check', 'diff', 'doc', 'init']) {
      expect(top.stdout).toMatch(new RegExp(`^  ${verb} `, 'm'));
      const help = runBin([verb, '--help'], dir);
      expect(help.status).toBe(0);
      expect(help.stdout).toMatch(new RegExp(`^Usage: mcp-meta ${verb}`));
      expect(help.stdout).toContain('--format text|json|github|sarif');
    }
  });

  it('exits 2 with a clear message and no stack trace on usage errors', () => {
    const dir = makeTempDir();
    const cases: Array<[string[], RegExp]> = [
      [[], /missing command/],
      [['chek'], /unknown command 'chek' \(did you mean 'check'\?\)/],
      [['check', '--bogus'], /Unknown option '--bogus'/],
      [['check', 'extra'], /unexpected argument 'extra'/],
      [['check', '--format', 'xml'], /unknown --format 'xml'/],
      [['diff', '--against'], /argument missing|requires an argument|--against/],
    ];
    for (const [args, message] of cases) {
      const result = runBin(args, dir);
      expect({ args, status: result.status }).toEqual({ args, status: 2 });
      expect(result.stderr).toMatch(message);
      expect(result.stderr).not.toMatch(/^\s+at /m);
    }
  });

  it('prints usage errors as JSON or a GitHub annotation when that format is asked for', () => {
    const dir = makeTempDir();
    const json = runBin(['check', '--format', 'json'], dir);
    expect(json.status).toBe(2);
    expect(JSON.parse(json.stdout) as unknown).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('no manifest at') as unknown },
    });
    const github = runBin(['check', '--format', 'github'], dir);
    expect(github.status).toBe(2);
    expect(github.stdout).toMatch(/^::error title=mcp-meta::no manifest at /);
  });

  it('prints the package version', () => {
    const result = runBin(['--version'], makeTempDir());
    expect(result.status).toBe(0);
    const { version } = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(result.stdout).toBe(`${version}\n`);
  });
});
