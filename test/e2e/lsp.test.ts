/**
 * The real editor: VS Code's ESLint language server (`vscode-eslint-language-server` from vscode-langservers-extracted)
 * driven over LSP stdio, as the ESLint extension drives it, on a copy of fixtures/example-server in a temp folder
 * whose parent is the workspace folder (a monorepo, or `eslint.workingDirectories` unset). The copy is a project of
 * its own: its node_modules links `eslint`, `@typescript-eslint/parser` and this (built) plugin, and the server finds
 * `eslint` walking up from the open file, as it does for users:
 *
 *   flat config, ESLint 10:  node_modules/eslint is the `eslint` devDependency (10.x), eslint.config.js;
 *   eslintrc, ESLint 8.57:   node_modules/eslint is the `eslint-v8` alias (8.57.1), .eslintrc.cjs only.
 *
 * One server process per configuration, never restarted: diagnostics for a violations file; code actions that offer
 * our fix and suggestions, whose edits give code that parses; the manifest edited on disk (a key registered, the JSON
 * broken, fixed again) changing the next diagnostics; a nearer manifest created while the server runs being used.
 * The time from a didChange to its diagnostics on the example server's largest file is printed, never asserted.
 *
 * Needs `npm run build` first (`npm test` does it): the projects load the built plugin.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from '@typescript-eslint/parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST, assertBuilt, docsUrl, filesUnder, fixtureDir, readManifest, repoRoot, writeManifest } from './helpers/e2e';
import { applyTextEdits, EslintLanguageServer, extensionSettings, type LspDiagnostic, MESSAGE_TYPE_ERROR } from './helpers/lsp-client';

const VIOLATIONS = 'src/violations';
const WHOLESALE = `${VIOLATIONS}/retrieval-wholesale.ts`;
const UNREGISTERED_KEY = `${VIOLATIONS}/retrieval-unregistered-key.ts`;
/** A file the test adds: it emits a key no manifest registers yet. */
const NEW_PRODUCER = 'src/ops/debug-info.ts';
const NEW_PRODUCER_TEXT = `import type { OperationContext } from '../types';

export function emitDebugInfo(ctx: OperationContext, stages: string[]): void {
  try {
    ctx.emitResponseMeta?.('debug_info', { stages });
  } catch {
    // The key degrades to absent (MCP _meta rule 3).
  }
}
`;

/** `line rule` (1-based) for each `// expect: rule` comment of a violations file: the findings it is seeded with. */
function seededFindings(file: string): string[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((text, index) => {
      const match = /\/\/ expect: (.+)$/.exec(text);
      return match ? match[1].split(',').map((rule) => `${index + 1} mcp-meta/${rule.trim()}`) : [];
    });
}

/** `line rule` (1-based) of each diagnostic, sorted like `seededFindings`. */
const findings = (diagnostics: readonly LspDiagnostic[]): string[] =>
  diagnostics.map((d) => `${d.range.start.line + 1} ${String(d.code)}`).sort((a, b) => parseInt(a, 10) - parseInt(b, 10));

/** Parses as TypeScript, like the rules' parser: throws on code that does not parse. */
function assertParses(text: string, where: string): void {
  try {
    parse(text, { ecmaVersion: 'latest', sourceType: 'module', loc: true, range: true });
  } catch (error) {
    throw new Error(`${where}: the edited code does not parse: ${String(error)}\n${text}`);
  }
}

/** The example server's largest source file (most lines): where the didChange -> diagnostics time is measured. */
function largestSourceFile(serverDir: string): string {
  const files = filesUnder(path.join(serverDir, 'src'), serverDir).filter((rel) => !rel.startsWith(VIOLATIONS));
  const lines = (rel: string) => fs.readFileSync(path.join(serverDir, rel), 'utf8').split('\n').length;
  return files.reduce((best, rel) => (lines(rel) > lines(best) ? rel : best));
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** ms from each didChange to its diagnostics, `rounds` times, after one warm-up. */
async function changeToDiagnosticsMs(server: EslintLanguageServer, file: string, rounds = 7): Promise<number[]> {
  const original = server.textOf(file);
  await server.change(file, `${original}\n`);
  await server.diagnostics(file);
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    await server.change(file, `${original}${'\n'.repeat(round % 2)}`);
    await server.diagnostics(file);
    times.push(performance.now() - start);
  }
  await server.change(file, original);
  return times;
}

interface Setup {
  name: string;
  /** The package linked as the project's node_modules/eslint. */
  eslintPackage: 'eslint' | 'eslint-v8';
  /** Leaves one kind of config in the copy (and what goes with it). */
  prepare(serverDir: string): void;
  /** The config for the baseline project (the parser only, none of our rules). */
  baselineConfig: { file: string; text: string };
}

/** What a project that installed ESLint, the parser and this plugin has in node_modules (links to this repo's). */
function linkNodeModules(projectDir: string, eslintPackage: Setup['eslintPackage']): void {
  const links: [string, string][] = [
    ['eslint', path.join(repoRoot, 'node_modules', eslintPackage)],
    ['@typescript-eslint/parser', path.join(repoRoot, 'node_modules/@typescript-eslint/parser')],
    ['eslint-plugin-mcp-meta', repoRoot],
  ];
  for (const [name, target] of links) {
    const link = path.join(projectDir, 'node_modules', name);
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(target, link, 'dir');
  }
}

/** Flat config in the copy: the example's own config for the server, plus discovery for a package of its own. */
const FLAT_CONFIG = `'use strict';
const tsParser = require('@typescript-eslint/parser');
const mcpMeta = require('eslint-plugin-mcp-meta');
const { createConfig } = require('eslint-plugin-mcp-meta/config');

module.exports = [
  { files: ['**/*.ts'], languageOptions: { parser: tsParser, sourceType: 'module' } },
  // The server's sources: the manifest next to this file, resolved against this file's folder when the config loads.
  createConfig({ registry: './${MANIFEST}', baseDir: __dirname, files: ['src/**/*.ts'] }),
  // packages/*: no registry setting, so each file uses the nearest manifest above it.
  { ...mcpMeta.configs.recommended, files: ['packages/**/*.ts'] },
];
`;

/** A package of the monorepo that emits its own key; its own manifest is created while the server runs. */
const PACKAGE_FILE = 'packages/weather/src/forecast.ts';
const PACKAGE_TEXT = `export function forecast(ctx: { emitResponseMeta?: (key: string, value: unknown) => void }, days: number): void {
  try {
    ctx.emitResponseMeta?.('weather', { days });
  } catch {
    // The key degrades to absent (MCP _meta rule 3).
  }
}
`;
const PACKAGE_MANIFEST = {
  version: 1,
  emitters: ['emitResponseMeta'],
  keys: { weather: { producers: ['src/forecast.ts'], description: 'Forecast provenance', fields: ['days'] } },
};

const SETUPS: Setup[] = [
  {
    name: 'flat config, ESLint 10',
    eslintPackage: 'eslint',
    prepare(serverDir) {
      fs.writeFileSync(path.join(serverDir, 'eslint.config.js'), FLAT_CONFIG);
      fs.rmSync(path.join(serverDir, '.eslintrc.cjs'));
      fs.mkdirSync(path.join(serverDir, path.dirname(PACKAGE_FILE)), { recursive: true });
      fs.writeFileSync(path.join(serverDir, PACKAGE_FILE), PACKAGE_TEXT);
    },
    baselineConfig: {
      file: 'eslint.config.js',
      text: "module.exports = [{ files: ['**/*.ts'], languageOptions: { parser: require('@typescript-eslint/parser'), sourceType: 'module' } }];\n",
    },
  },
  {
    name: 'eslintrc, ESLint 8.57',
    eslintPackage: 'eslint-v8',
    prepare(serverDir) {
      // An eslintrc-only project: the example's .eslintrc.cjs (registry: path.join(__dirname, ...)).
      fs.rmSync(path.join(serverDir, 'eslint.config.js'));
    },
    baselineConfig: {
      file: '.eslintrc.cjs',
      text: "module.exports = { root: true, overrides: [{ files: ['*.ts'], parser: '@typescript-eslint/parser', parserOptions: { ecmaVersion: 2022, sourceType: 'module' } }] };\n",
    },
  },
];

describe.each(SETUPS)('VS Code’s ESLint server: $name', (setup) => {
  let serverDir: string;
  let workspace: string;
  let server: EslintLanguageServer;
  let originalManifest: string;
  const file = (rel: string) => path.join(serverDir, rel);

  beforeAll(async () => {
    assertBuilt();
    workspace = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-lsp-')));
    serverDir = path.join(workspace, 'example-server');
    fs.cpSync(fixtureDir, serverDir, { recursive: true });
    linkNodeModules(serverDir, setup.eslintPackage);
    fs.mkdirSync(path.dirname(path.join(serverDir, NEW_PRODUCER)), { recursive: true });
    fs.writeFileSync(path.join(serverDir, NEW_PRODUCER), NEW_PRODUCER_TEXT);
    setup.prepare(serverDir);
    originalManifest = fs.readFileSync(path.join(serverDir, MANIFEST), 'utf8');
    // The extension's defaults: no eslint.* setting at all.
    server = await EslintLanguageServer.start({ workspaceFolder: workspace, settings: extensionSettings(workspace) });
    for (const rel of [WHOLESALE, UNREGISTERED_KEY, NEW_PRODUCER]) await server.open(file(rel));
  });

  afterAll(async () => {
    await server?.stop();
    if (workspace) fs.rmSync(workspace, { recursive: true, force: true }); // removes the links, not their targets
  });

  it('lints a violations file: our rule ids at the seeded lines, each with its docs link', async () => {
    const diagnostics = await server.diagnostics(file(WHOLESALE));
    // The project's own node_modules/eslint, resolved from the file (the server logs the link's target).
    expect(server.logMessages.map((m) => m.message).filter((m) => m.startsWith('ESLint library loaded from'))).toEqual([
      `ESLint library loaded from: ${path.join(fs.realpathSync(path.join(serverDir, 'node_modules/eslint')), 'lib/api.js')}`,
    ]);
    const eslintVersion = (
      JSON.parse(fs.readFileSync(path.join(serverDir, 'node_modules/eslint/package.json'), 'utf8')) as { version: string }
    ).version;
    expect(eslintVersion).toMatch(setup.eslintPackage === 'eslint' ? /^10\./ : /^8\.57\./);
    expect(findings(diagnostics)).toEqual(seededFindings(file(WHOLESALE)));
    for (const d of diagnostics) {
      expect(d.source).toBe('eslint');
      expect(d.codeDescription?.href).toBe(docsUrl(String(d.code).slice('mcp-meta/'.length)));
    }

    expect(findings(await server.diagnostics(file(UNREGISTERED_KEY)))).toEqual(seededFindings(file(UNREGISTERED_KEY)));
  });

  it('offers our autofix as a quick fix; applying its edit gives code that parses and clears that finding', async () => {
    const [first] = await server.diagnostics(file(WHOLESALE));
    const actions = await server.codeActions(file(WHOLESALE), first);
    const titles = actions.map((a) => a.title);
    expect(titles).toContain('Fix this mcp-meta/no-wholesale-meta-assign problem');
    // The rule's own page, not another rule's (what a manifest problem under a `_meta` rule id used to link to).
    expect(titles).toContain('Show documentation for mcp-meta/no-wholesale-meta-assign');
    const fix = actions.find((a) => a.title === 'Fix this mcp-meta/no-wholesale-meta-assign problem')!;
    const edits = await server.runCommand(file(WHOLESALE), fix.command!);
    expect(edits.length).toBeGreaterThan(0);
    const fixed = applyTextEdits(server.textOf(file(WHOLESALE)), edits);
    assertParses(fixed, WHOLESALE);
    expect(fixed).toContain('result._meta = { ...result._meta, retrieval }');

    await server.change(file(WHOLESALE), fixed);
    const after = findings(await server.diagnostics(file(WHOLESALE)));
    expect(after).toEqual(
      seededFindings(file(WHOLESALE)).filter((f) => f !== `${first.range.start.line + 1} mcp-meta/no-wholesale-meta-assign`),
    );
    await server.change(file(WHOLESALE), fs.readFileSync(file(WHOLESALE), 'utf8'));
  });

  it('offers our suggestions; applying one gives code that parses', async () => {
    const diagnostics = await server.diagnostics(file(UNREGISTERED_KEY));
    const misspelt = diagnostics.find((d) => d.message.includes("'retreival'"))!;
    expect(misspelt.code).toBe('mcp-meta/no-unregistered-meta-key');
    const actions = await server.codeActions(file(UNREGISTERED_KEY), misspelt);
    const suggestion = actions.find((a) => a.command?.command === 'eslint.applySuggestion');
    expect(suggestion?.title, actions.map((a) => a.title).join('\n')).toBe(
      "Use the registered key 'retrieval'. (mcp-meta/no-unregistered-meta-key)",
    );
    const edits = await server.runCommand(file(UNREGISTERED_KEY), suggestion!.command!);
    const applied = applyTextEdits(server.textOf(file(UNREGISTERED_KEY)), edits);
    assertParses(applied, UNREGISTERED_KEY);
    expect(applied).toContain("ctx.emitResponseMeta?.('retrieval', retrieval);");
  });

  it('follows manifest edits on disk without a restart: key registered, JSON broken (one diagnostic, no popup), fixed', async () => {
    const before = await server.diagnostics(file(NEW_PRODUCER));
    expect(before.map((d) => [d.range.start.line + 1, d.code])).toEqual([[5, 'mcp-meta/no-unregistered-meta-key']]);
    expect(before[0].message).toContain("'debug_info'");

    try {
      await editManifestAndLint();
    } finally {
      fs.writeFileSync(path.join(serverDir, MANIFEST), originalManifest); // later tests need the original manifest
    }
  });

  async function editManifestAndLint(): Promise<void> {
    // 1. Register the key: the finding is gone on the next lint.
    const manifest = readManifest(serverDir);
    manifest.keys.debug_info = { producers: [NEW_PRODUCER], description: 'Stages run, for debugging' };
    writeManifest(serverDir, manifest);
    await server.change(file(NEW_PRODUCER));
    expect(await server.diagnostics(file(NEW_PRODUCER))).toEqual([]);

    // 2. Break the JSON (drop the comma after "version": 1): one diagnostic per file, under valid-registry, at line 1.
    const registered = fs.readFileSync(path.join(serverDir, MANIFEST), 'utf8');
    const lines = registered.split('\n');
    const versionLine = lines.findIndex((l) => l.includes('"version": 1,'));
    const next = lines[versionLine + 1];
    const brokenAt = `${path.join(serverDir, MANIFEST)}:${versionLine + 2}:${next.length - next.trimStart().length + 1}`;
    fs.writeFileSync(path.join(serverDir, MANIFEST), registered.replace('"version": 1,', '"version": 1'));
    for (const rel of [NEW_PRODUCER, WHOLESALE, UNREGISTERED_KEY]) {
      await server.change(file(rel));
      const broken = await server.diagnostics(file(rel));
      expect(
        broken.map((d) => [d.range.start.line, d.range.start.character, d.code, d.severity]),
        rel,
      ).toEqual([[0, 0, 'mcp-meta/valid-registry', 1]]);
      expect(broken[0].message, rel).toContain(`mcp-meta cannot check this file: registry manifest ${brokenAt}`);
      expect(broken[0].message, rel).toMatch(/ Fix: \S/);
      expect(broken[0].codeDescription?.href).toBe(docsUrl('valid-registry'));
      if (rel === NEW_PRODUCER)
        console.log(
          `[lsp e2e, ${setup.name}] broken manifest, what the editor shows:\n  ${rel}:1:1  error  ${broken[0].message}  ${String(broken[0].code)}`,
        );
    }
    // Its quick fixes are about the manifest's rule, not a `_meta` rule.
    const [problem] = await server.diagnostics(file(NEW_PRODUCER));
    expect((await server.codeActions(file(NEW_PRODUCER), problem)).map((a) => a.title)).toEqual([
      'Disable mcp-meta/valid-registry for this line',
      'Disable mcp-meta/valid-registry for the entire file',
      'Show documentation for mcp-meta/valid-registry',
    ]);
    // No error popup: nothing shown with MessageType.Error, and the server logged no failure.
    expect(server.shownMessages.filter((m) => m.type === MESSAGE_TYPE_ERROR)).toEqual([]);
    expect(server.logMessages.filter((m) => m.type === MESSAGE_TYPE_ERROR)).toEqual([]);

    // 3. Fix it again (the manifest as it was at the start): back to the original findings.
    fs.writeFileSync(path.join(serverDir, MANIFEST), originalManifest);
    for (const rel of [NEW_PRODUCER, WHOLESALE, UNREGISTERED_KEY]) {
      await server.change(file(rel));
      expect(findings(await server.diagnostics(file(rel))), rel).toEqual(
        rel === NEW_PRODUCER ? ['5 mcp-meta/no-unregistered-meta-key'] : seededFindings(file(rel)),
      );
    }
  }

  it('prints the time from didChange to diagnostics on the largest file, with and without our rules', async () => {
    const largest = largestSourceFile(serverDir);
    await server.open(file(largest));
    expect(await server.diagnostics(file(largest))).toEqual([]);
    const withRules = await changeToDiagnosticsMs(server, file(largest));

    // The same file in a sibling project whose config has the parser only: ESLint's own cost.
    const baselineDir = path.join(workspace, 'baseline');
    fs.mkdirSync(path.join(baselineDir, path.dirname(largest)), { recursive: true });
    fs.copyFileSync(file(largest), path.join(baselineDir, largest));
    linkNodeModules(baselineDir, setup.eslintPackage);
    fs.writeFileSync(path.join(baselineDir, setup.baselineConfig.file), setup.baselineConfig.text);
    const baselineFile = path.join(baselineDir, largest);
    await server.open(baselineFile);
    expect(await server.diagnostics(baselineFile)).toEqual([]);
    const withoutRules = await changeToDiagnosticsMs(server, baselineFile);

    const lineCount = fs.readFileSync(file(largest), 'utf8').split('\n').length;
    console.log(
      `[lsp e2e, ${setup.name}] didChange -> diagnostics on ${largest} (${lineCount} lines), median of ${withRules.length}: ` +
        `${median(withRules).toFixed(1)} ms with our rules, ${median(withoutRules).toFixed(1)} ms without ` +
        `(all runs with: ${withRules.map((t) => t.toFixed(1)).join(', ')}; without: ${withoutRules.map((t) => t.toFixed(1)).join(', ')})`,
    );
    expect(withRules).toHaveLength(7);
  });

  // The setting the extension deprecated in 3.0.5: it makes the server load `eslint/use-at-your-own-risk`'s FlatESLint,
  // which ESLint 10 no longer has, so nothing is linted (what users saw as "the server linted nothing").
  if (setup.eslintPackage === 'eslint')
    it('with the legacy eslint.experimental.useFlatConfig, ESLint 10 lints nothing (and says why in the log)', async () => {
      const legacy = await EslintLanguageServer.start({
        workspaceFolder: workspace,
        settings: extensionSettings(workspace, { experimentalUseFlatConfig: true }),
      });
      try {
        await legacy.open(file(WHOLESALE));
        expect(await legacy.diagnostics(file(WHOLESALE))).toEqual([]);
        expect(legacy.logMessages.filter((m) => m.type === MESSAGE_TYPE_ERROR).map((m) => m.message)).toEqual([
          expect.stringMatching(
            /^The eslint library loaded from .*\/eslint\/lib\/unsupported-api\.js doesn't export a FlatESLint class\.$/,
          ),
        ]);
      } finally {
        await legacy.stop();
      }
    });

  // Discovery (no registry setting) is what a monorepo package uses; the flat setup has one, the eslintrc one does not.
  if (setup.name.startsWith('flat'))
    it('uses a nearer manifest created while the server runs (a package’s own)', async () => {
      await server.open(file(PACKAGE_FILE));
      const before = await server.diagnostics(file(PACKAGE_FILE));
      expect(before.map((d) => d.code)).toEqual(['mcp-meta/no-unregistered-meta-key']);
      expect(before[0].message).toContain("'weather'");

      fs.writeFileSync(path.join(serverDir, 'packages/weather', MANIFEST), `${JSON.stringify(PACKAGE_MANIFEST, null, 2)}\n`);
      // Discovery looks again after DISCOVERY_RECHECK_MS (3 s): keep linting, as typing does, until it is used.
      let after = before;
      const deadline = Date.now() + 60_000;
      while (after.length > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        await server.change(file(PACKAGE_FILE));
        after = await server.diagnostics(file(PACKAGE_FILE));
      }
      expect(after).toEqual([]);
      // And it really is the package's manifest that applies now: a field it does not list is reported against it.
      await server.change(file(PACKAGE_FILE), PACKAGE_TEXT.replace('{ days }', '{ days, city: 1 }'));
      const field = await server.diagnostics(file(PACKAGE_FILE));
      expect(field.map((d) => d.code)).toEqual(['mcp-meta/no-unregistered-meta-field']);
      // The server lints from the project's folder (the monorepo root here): the message names the package's manifest.
      expect(field[0].message).toContain('add it to keys.weather fields in packages/weather/mcp-meta.registry.json;');
      expect(server.shownMessages.filter((m) => m.type === MESSAGE_TYPE_ERROR)).toEqual([]);
    });
});
