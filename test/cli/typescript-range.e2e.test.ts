import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { assertBinBuilt, removeTempDirs, makeTempDir, runBin, REPO_ROOT } from './run-bin';
import { TYPESCRIPT_6_RUNNER } from '../../src/util/typescript-support';

beforeAll(assertBinBuilt);
afterEach(removeTempDirs);

function projectWithTypescript(version: string | undefined): string {
  const dir = makeTempDir();
  fs.writeFileSync(path.join(dir, 'mcp-meta.registry.json'), JSON.stringify({ version: 1, keys: { a: { producers: ['a.ts'] } } }));
  fs.writeFileSync(path.join(dir, 'a.ts'), 'export const r = { content: [], _meta: { a: 1 } };\n');
  if (version !== undefined) {
    fs.mkdirSync(path.join(dir, 'node_modules/typescript'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'node_modules/typescript/package.json'), JSON.stringify({ name: 'typescript', version }));
  }
  return dir;
}

describe('mcp-meta and the installed TypeScript', () => {
  // The warning is about the TypeScript the plugin's parser loads (unsupportedTypescriptWarning's words are tested in
  // test/config-monorepo.test.ts). Here the project holds TypeScript 7 but the bin's parser loads the
  // repository's own TypeScript, as `npm exec --package=typescript@~6.0 --package=eslint-plugin-mcp-meta -- mcp-meta
  // init` does in a TypeScript 7 project (README "TypeScript 7"): it parses, so a warning would be wrong.
  it('says nothing about a project TypeScript 7 that the parser never loads, and the verb works', () => {
    const result = runBin(['check'], projectWithTypescript('7.0.0'));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('does not warn about TypeScript in a verb that reads only the manifest (add-key)', () => {
    const dir = projectWithTypescript('7.0.0');
    const result = runBin(['add-key', 'com.example/b', '--producer', 'a.ts'], dir);
    expect(result.stderr).not.toContain('TypeScript');
    expect(result.status).toBe(0);
  });

  it.each([['5.9.3'], [undefined]])('says nothing with typescript %s', (version) => {
    const result = runBin(['check'], projectWithTypescript(version));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  /** A project with a tool result writing one key and no manifest, its own `typescript` at `version`. */
  function unmanifested(version: string | undefined): string {
    const dir = projectWithTypescript(version);
    fs.rmSync(path.join(dir, 'mcp-meta.registry.json'));
    return dir;
  }

  // Under the project's TypeScript 7 a bare `npx mcp-meta check` exits 2 (the parser cannot load it), so `init` (run, as
  // the README says, through `npm exec` with TypeScript 6.0 beside it, which this bin's own TypeScript stands in for)
  // names the next command in the form that works there; elsewhere `npx mcp-meta check`.
  it.each([
    ['7.0.0', `\`${TYPESCRIPT_6_RUNNER} check\``],
    ['7.1.0-dev.20261201', `\`${TYPESCRIPT_6_RUNNER} check\``],
    ['5.9.3', '`npx mcp-meta check`'],
    [undefined, '`npx mcp-meta check`'],
  ])('init under the project typescript %s ends with %s', (version, command) => {
    const dir = unmanifested(version);
    const result = runBin(['init'], dir);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`review it, then run ${command}`);
    // init --update names the same command.
    fs.writeFileSync(path.join(dir, 'b.ts'), 'export const s = { content: [], _meta: { b: 1 } };\n');
    const update = runBin(['init', '--update'], dir);
    expect(update.stdout).toContain(`review the additions, then run ${command}`);
  });

  /**
   * TypeScript 7 as the parser loads it in a project that installed it (npm with an `overrides` entry, README
   * "TypeScript 7", second way): the package as 7.0 ships it, whose entry exports only `version` and `versionMajorMinor`,
   * written into the project as the tests above write its package.json, and resolved for every `require('typescript')`
   * of the bin's process (a `--require` hook stands in for the plugin installed beside it, whose parser would find it).
   */
  function underTypescript7(dir: string): NodeJS.ProcessEnv {
    const ts7 = path.join(dir, 'node_modules/typescript');
    fs.mkdirSync(path.join(ts7, 'lib'), { recursive: true });
    fs.writeFileSync(
      path.join(ts7, 'package.json'),
      JSON.stringify({
        name: 'typescript',
        version: '7.0.2',
        type: 'module',
        exports: { './package.json': './package.json', '.': './lib/version.cjs' },
      }),
    );
    fs.writeFileSync(path.join(ts7, 'lib/version.cjs'), "module.exports = { version: '7.0.2', versionMajorMinor: '7.0' };\n");
    const hook = path.join(dir, 'typescript-7-hook.cjs');
    fs.writeFileSync(
      hook,
      [
        "const Module = require('node:module');",
        'const resolve = Module._resolveFilename;',
        `const files = { typescript: ${JSON.stringify(path.join(ts7, 'lib/version.cjs'))}, 'typescript/package.json': ${JSON.stringify(path.join(ts7, 'package.json'))} };`,
        // Where Node looks from a module (the parser's folder): not a resolution given its own `paths`.
        'Module._resolveFilename = function (request, parent, isMain, options) {',
        '  return Object.hasOwn(files, request) && options?.paths === undefined ? files[request] : resolve.call(this, request, parent, isMain, options);',
        '};',
      ].join('\n'),
    );
    return { NODE_OPTIONS: `--require ${hook}` };
  }

  // typescript-eslint's parser prints three lines of its own to stderr before it throws under TypeScript 7 ("typescript-
  // eslint does not support TS 7.0. …"): the bin says the same with the way out, so theirs would only come first and
  // bury it. Ours is the one answer, and the first line.
  it.each([['check'], ['init']])("%s under the parser's TypeScript 7 exits 2 with one message, the plugin's", (verb) => {
    const dir = projectWithTypescript(undefined);
    const result = runBin([verb], dir, underTypescript7(dir));
    expect(result.status).toBe(2);
    // Two lines, the message and its fix; nothing of the parser's ("Please see https://devblogs.microsoft.com/…").
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^mcp-meta: eslint-plugin-mcp-meta cannot load @typescript-eslint\/parser \(typescript-eslint does not support TS 7\.0\): /,
    );
    expect(lines[1]).toMatch(/^Fix: npm i -D typescript@~6\.0; a TypeScript 7 project: see /);
    expect(result.stderr).toContain('TypeScript 7.0.2 is installed');
    expect(result.stderr).toContain(`supports typescript >=4.8.4 <6.1`);
    expect(result.stderr).toContain('"TypeScript 7" section');
    expect(result.stdout).toBe('');
  });

  // README "TypeScript 7", oxlint's way: `npm exec --package=typescript@~6.0 --package=eslint-plugin-mcp-meta -- mcp-meta
  // init` in a project that installed the plugin runs the project's bin, with the TypeScript 6.0 npm fetched only on
  // PATH (`~/.npm/_npx/<hash>/node_modules/.bin` first). The verbs that parse sources load that one.
  it.each([['init'], ['check']])('%s run the way npm exec runs it loads the TypeScript 6.0 npm put beside it', (verb) => {
    const dir = projectWithTypescript(undefined);
    if (verb === 'init') fs.rmSync(path.join(dir, 'mcp-meta.registry.json'));
    const env = underTypescript7(dir);
    const npx = path.join(dir, 'npm-cache/_npx/0123456789abcdef/node_modules');
    fs.mkdirSync(path.join(npx, '.bin'), { recursive: true });
    fs.symlinkSync(path.join(REPO_ROOT, 'node_modules/typescript'), path.join(npx, 'typescript'));
    const result = runBin([verb], dir, { ...env, PATH: `${path.join(npx, '.bin')}${path.delimiter}${process.env.PATH ?? ''}` });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    if (verb === 'init') {
      expect(fs.existsSync(path.join(dir, 'mcp-meta.registry.json'))).toBe(true);
      // The project's own TypeScript is still 7: the next command is named in the form that works there.
      expect(result.stdout).toContain(`review it, then run \`${TYPESCRIPT_6_RUNNER} check\``);
    } else expect(result.stdout).toContain('no problems');
    // Without it on PATH, the same process refuses, saying why.
    expect(runBin([verb], dir, env).status).toBe(2);
  });

  it("the npm exec form is the README's, word for word", () => {
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`${TYPESCRIPT_6_RUNNER} init`);
  });
});
