/**
 * What our rules ask ESLint to do per file (counts, never timings). Every listener a rule registers is
 * dispatched by ESLint for each file, and under oxlint any listener makes the AST cross to JavaScript and be walked there,
 * so no file gets a listener: the rules report from create(). The manifest is looked up (one `stat`) once per turn
 * for files that cannot write `_meta`, and for each file that may (so a same-turn edit is seen), never once per rule.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type * as ESLintModule from 'eslint';
import { Linter, type ESLint, type Rule } from 'eslint';
import * as tsParser from '@typescript-eslint/parser';
import { describe, expect, it } from 'vitest';
import { rules } from '../../rules';
import { getFileGate } from '../../src/analysis/meta-context';
import { registryCacheStats } from '../../src/registry';
import { costCount } from '../../src/util/cost-counter';
import { diskAsks, nextTurn } from '../../src/util/stat-once-per-turn';
import { requireFromRepo } from '../e2e/helpers/e2e';

const EXAMPLES_DIR = path.resolve(__dirname, '../../docs/examples');
const REGISTRY = path.join(EXAMPLES_DIR, 'mcp-meta.registry.json');
const SEARCH_OP = path.join(EXAMPLES_DIR, 'src/core/ops/search.ts');
const LIST_PAGES = path.join(EXAMPLES_DIR, 'src/core/ops/list-pages.ts');

const ORDINARY_FILE = `
export async function listPages(db, meta) {
  const pages = await db.pages();
  meta.count = pages.length;
  return { content: [{ type: 'text', text: JSON.stringify(pages) }] };
}
`;
/** Writes no `_meta`, but hands an upstream's result on: `no-dropped-meta`'s business. */
const RELAY_FILE = `
export async function forward(upstream, args) {
  const r = await upstream.callTool({ name: 'search', arguments: args });
  return { content: r.content };
}
`;
const PRODUCER_FILE = `
export async function search(ctx, out, rows) {
  ctx.emitResponseMeta('retrieval', { returned: rows.length });
  out._meta = { retrieval: {} };
}
`;

/** Every rule of `pluginRules` on, with the TypeScript parser and the manifest `registry`. */
function configOf(pluginRules: Record<string, unknown>, registry: string): Linter.Config[] {
  return [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tsParser as unknown as Linter.Parser },
      plugins: { 'mcp-meta': { rules: pluginRules } as unknown as ESLint.Plugin },
      settings: { 'mcp-meta': { registry } },
      rules: Object.fromEntries(Object.keys(pluginRules).map((name) => [`mcp-meta/${name}`, 'error' as const])),
    },
  ];
}

/** Lints `code` with every rule wrapped so that the selectors each `create()` returns are recorded. */
function listenersOf(code: string, filename: string, registry = REGISTRY) {
  const selectors = new Map<string, string[]>();
  const spied = Object.fromEntries(
    Object.entries(rules).map(([name, rule]) => {
      const original = rule as unknown as Rule.RuleModule;
      const wrapped: Rule.RuleModule = {
        meta: original.meta,
        create(context) {
          const listener = original.create(context);
          selectors.set(name, Object.keys(listener));
          return listener;
        },
      };
      return [name, wrapped];
    }),
  );
  const messages = new Linter({ cwd: EXAMPLES_DIR }).verify(code, configOf(spied, registry), filename);
  return { selectors, messages };
}

describe('listeners our rules register', () => {
  it('a file that cannot write _meta: no listener from any rule', () => {
    const { selectors, messages } = listenersOf(ORDINARY_FILE, LIST_PAGES);
    expect(messages).toEqual([]);
    expect(selectors.size).toBe(Object.keys(rules).length);
    for (const names of selectors.values()) expect(names).toEqual([]);
  });

  it('a file that may write _meta: no listener either; the rules report from create(), so oxlint never walks its AST for them', () => {
    const { selectors, messages } = listenersOf(PRODUCER_FILE, SEARCH_OP);
    expect(messages.length).toBeGreaterThan(0);
    expect(selectors.size).toBe(Object.keys(rules).length);
    for (const [name, names] of selectors) expect(names, name).toEqual([]);
  });

  it('a missing manifest: no listener; valid-registry reports the problem once, even for an ordinary file', () => {
    const { selectors, messages } = listenersOf(ORDINARY_FILE, LIST_PAGES, path.join(EXAMPLES_DIR, 'missing.registry.json'));
    for (const [name, names] of selectors) expect(names, name).toEqual([]);
    expect(messages.map((message) => `${message.ruleId} ${message.messageId}`)).toEqual(['mcp-meta/valid-registry registryProblem']);
  });
});

describe('rules set up per file', () => {
  /** How many of our rules ran their own `create()` (past `createRule`'s `skipsFile`) while `code` was linted. */
  function setUpsFor(code: string, filename: string, registry = REGISTRY): number {
    const before = costCount('rule-set-ups');
    listenersOf(code, filename, registry);
    return costCount('rule-set-ups') - before;
  }

  it('a file that cannot write _meta sets up valid-registry only: no-dropped-meta asks its text check first', () => {
    expect(setUpsFor(ORDINARY_FILE, LIST_PAGES)).toBe(1);
  });

  it('one that cannot write _meta but talks to an upstream sets up no-dropped-meta too', () => {
    expect(setUpsFor(RELAY_FILE, LIST_PAGES)).toBe(2);
  });

  /** The rules whose every finding needs words of their own (`mattersOnlyWhere`), and a line that gives each its words. */
  const OWN_WORDS: ReadonlyArray<readonly [string, string]> = [
    ['no-dropped-meta', RELAY_FILE],
    ['no-misnamed-meta', "\nserver.registerTool('t', {}, async () => ({ content: [], metadata: { a: 1 } }));\n"],
    ['tolerate-unknown-meta-fields', '\nexpect(result._meta).toStrictEqual({ retrieval: {} });\n'],
  ];

  it('a file that may write _meta sets up every rule but those whose words it does not have', () => {
    expect(setUpsFor(PRODUCER_FILE, SEARCH_OP)).toBe(Object.keys(rules).length - OWN_WORDS.length);
  });

  it.each(OWN_WORDS)("a file that may write _meta sets up %s where its text has that rule's words", (name, words) => {
    const only = { [name]: rules[name as keyof typeof rules] };
    const setUps = (code: string): number => {
      const before = costCount('rule-set-ups');
      new Linter({ cwd: EXAMPLES_DIR }).verify(code, configOf(only, REGISTRY), SEARCH_OP);
      return costCount('rule-set-ups') - before;
    };
    expect(setUps(PRODUCER_FILE)).toBe(0);
    expect(setUps(`${PRODUCER_FILE}${words}`)).toBe(1);
  });

  it('a file that may write _meta and has the words of each sets up every rule', () => {
    const everything = PRODUCER_FILE + OWN_WORDS.map(([, words]) => words).join('');
    expect(setUpsFor(everything, SEARCH_OP)).toBe(Object.keys(rules).length);
  });

  it('a file that writes _meta under a manifest that cannot be used sets up valid-registry only (which reports it)', () => {
    expect(setUpsFor(PRODUCER_FILE, SEARCH_OP, path.join(EXAMPLES_DIR, 'missing.registry.json'))).toBe(1);
  });
});

describe('manifest look-ups', () => {
  it('one stat of the manifest per event-loop turn for files that cannot write _meta, one per file that may', async () => {
    const files = [
      [PRODUCER_FILE, SEARCH_OP],
      [ORDINARY_FILE, LIST_PAGES],
      [ORDINARY_FILE, LIST_PAGES],
      [PRODUCER_FILE, SEARCH_OP],
      [ORDINARY_FILE, LIST_PAGES],
    ] as const;
    // (A Linter makes a new settings object per verify; the turn's one look at the disk is shared all the same.)
    const linter = new Linter({ cwd: EXAMPLES_DIR });
    const config = configOf(rules, REGISTRY);
    linter.verify(ORDINARY_FILE, config, LIST_PAGES); // the first load also reads and parses the manifest
    await nextTurn();
    for (let turn = 0; turn < 3; turn++) {
      const before = registryCacheStats();
      for (const [code, filename] of files) linter.verify(code, config, filename);
      const after = registryCacheStats();
      // One look for each of the two files that may write (the first is also the turn's); none for the three others.
      expect(after.stats - before.stats, `turn ${turn}`).toBe(2);
      expect(after.reads - before.reads).toBe(0);
      await nextTurn();
    }
  });

  it('a file that names _meta only inside longer names (_metadata, edge_meta) cannot write it: no look at the disk, no analysis', async () => {
    const lookalikes = 'export function tag(x) {\n  x._metadata = { edge_meta: 1 };\n  x.emitResponseMetaLater?.();\n}\n';
    const linter = new Linter({ cwd: EXAMPLES_DIR });
    const config = configOf(rules, REGISTRY);
    await nextTurn();
    linter.verify(ORDINARY_FILE, config, LIST_PAGES); // this turn's look at the manifest
    const asked = diskAsks();
    const built = costCount('analysis-builds');
    expect(linter.verify(lookalikes, config, SEARCH_OP)).toEqual([]);
    expect(diskAsks()).toBe(asked);
    expect(costCount('analysis-builds')).toBe(built);
    // With `_meta` itself the same file may write: the manifest is looked at now, and the file analysed.
    linter.verify(lookalikes.replace('x._metadata', 'x._meta'), config, SEARCH_OP);
    expect(diskAsks()).toBeGreaterThan(asked);
    expect(costCount('analysis-builds')).toBe(built + 1);
  });

  it('a manifest edited and linted right after, in the same event-loop turn, is seen by a file that may write _meta', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-same-turn-'));
    const manifest = path.join(dir, 'mcp-meta.registry.json');
    const withKeys = (keys: object) => JSON.stringify({ version: 1, emitters: ['emitResponseMeta'], keys }, null, 2);
    fs.writeFileSync(manifest, withKeys({ retrieval: { producers: ['src/search.ts'] } }));
    const linter = new Linter({ cwd: dir });
    const config = configOf(rules, manifest);
    const lint = () => linter.verify(PRODUCER_FILE, config, path.join(dir, 'src/search.ts')).map((message) => message.ruleId);
    const before = lint();
    expect(before).not.toContain('mcp-meta/no-unregistered-meta-key');
    // No await in between: the script's write and its next lint share one turn. A different size, so the edit is seen
    // by mtime-or-size whatever the file system's timestamp resolution.
    fs.writeFileSync(manifest, withKeys({ retrieval_renamed: { producers: ['src/search.ts'] } }));
    expect(lint()).toContain('mcp-meta/no-unregistered-meta-key');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('an imported key module edited and linted right after, in the same turn, is seen; a file that cannot write asks the disk nothing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-same-turn-module-'));
    fs.mkdirSync(path.join(dir, 'src'));
    const manifest = path.join(dir, 'mcp-meta.registry.json');
    fs.writeFileSync(manifest, JSON.stringify({ version: 1, keys: { timing: { producers: ['src/tool.ts'] } } }));
    const keys = path.join(dir, 'src/keys.ts');
    fs.writeFileSync(keys, "export const TIMING = 'timing';\n");
    const tool = "import { TIMING } from './keys';\nexport const result = { content: [], _meta: { [TIMING]: 1 } };\n";
    const linter = new Linter({ cwd: dir });
    const config = configOf(rules, manifest);
    const lint = (text: string, file: string) => linter.verify(text, config, path.join(dir, file)).map((message) => message.ruleId);
    await nextTurn();
    expect(lint(tool, 'src/tool.ts')).toEqual([]);
    // No await in between: the write and the next lint share one turn (a different size, whatever the mtime resolution).
    fs.writeFileSync(keys, "export const TIMING = 'timings';\n");
    expect(lint(tool, 'src/tool.ts')).toEqual(['mcp-meta/no-unregistered-meta-key']);
    // A file that cannot write `_meta`, later in the same turn: no look at the disk at all.
    const asked = diskAsks();
    expect(lint(ORDINARY_FILE, 'src/other.ts')).toEqual([]);
    expect(diskAsks()).toBe(asked);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('one long-lived ESLint instance: a key module written and linted with lintText right after sees the edit', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-same-turn-eslint-'));
    fs.mkdirSync(path.join(dir, 'src'));
    const manifest = path.join(dir, 'mcp-meta.registry.json');
    fs.writeFileSync(manifest, JSON.stringify({ version: 1, keys: { timing: { producers: ['src/tool.ts'] } } }));
    const keys = path.join(dir, 'src/keys.ts');
    fs.writeFileSync(keys, "export const TIMING = 'timing';\n");
    const tool = "import { TIMING } from './keys';\nexport const result = { content: [], _meta: { [TIMING]: 1 } };\n";
    const { ESLint: ESLintClass } = requireFromRepo('eslint') as typeof ESLintModule;
    const eslint = new ESLintClass({ cwd: dir, overrideConfigFile: true, overrideConfig: configOf(rules, manifest) });
    const lint = async () =>
      (await eslint.lintText(tool, { filePath: path.join(dir, 'src/tool.ts') })).flatMap((r) => r.messages.map((m) => m.ruleId));
    expect(await lint()).toEqual([]);
    // The write and the lintText call in one synchronous stretch, as a script or a test would do it.
    fs.writeFileSync(keys, "export const TIMING = 'timings';\n");
    expect(await lint()).toEqual(['mcp-meta/no-unregistered-meta-key']);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('resolves the manifest once per settings object and event-loop turn (per folder when discovered); a problem is never reused', async () => {
    const settings = { 'mcp-meta': { registry: REGISTRY } };
    // What ESLint hands the first rule's create() for a file: one settings object for every file of a config.
    const gateOf = (filename: string, fileSettings: object = settings) =>
      getFileGate({ sourceCode: { text: ORDINARY_FILE }, filename, settings: fileSettings, cwd: EXAMPLES_DIR } as never);
    await nextTurn();
    const before = costCount('registry-resolutions');
    const resolvedSince = () => costCount('registry-resolutions') - before;
    const otherFolder = path.join(EXAMPLES_DIR, 'src/mcp/dispatch.ts');
    // The settings name the manifest: one look-up for every file of the turn, whatever its folder.
    for (const file of [LIST_PAGES, SEARCH_OP, path.join(EXAMPLES_DIR, 'src/core/ops/other.ts'), otherFolder]) {
      expect(gateOf(file)).toMatchObject({ status: 'ok', mayWrite: false });
    }
    expect(resolvedSince()).toBe(1);
    gateOf(LIST_PAGES, { 'mcp-meta': { registry: REGISTRY } }); // another config's settings
    expect(resolvedSince()).toBe(2);
    await nextTurn();
    gateOf(LIST_PAGES);
    gateOf(SEARCH_OP);
    expect(resolvedSince()).toBe(3);

    // Discovered (no manifest in the settings): once per folder.
    const discover = {};
    for (const file of [LIST_PAGES, SEARCH_OP]) expect(gateOf(file, discover)).toMatchObject({ status: 'ok' });
    expect(resolvedSince()).toBe(4);
    gateOf(otherFolder, discover);
    expect(resolvedSince()).toBe(5);

    // A file that may write looks at the manifest now (one `stat`), and a manifest as it was needs no resolution.
    await nextTurn();
    const mayWriteGate = (filename: string) =>
      getFileGate({ sourceCode: { text: PRODUCER_FILE }, filename, settings, cwd: EXAMPLES_DIR } as never);
    expect(mayWriteGate(LIST_PAGES)).toMatchObject({ status: 'ok', mayWrite: true });
    const resolvedThen = resolvedSince();
    const askedThen = diskAsks();
    expect(mayWriteGate(SEARCH_OP)).toMatchObject({ status: 'ok', mayWrite: true });
    expect(resolvedSince()).toBe(resolvedThen);
    expect(diskAsks()).toBe(askedThen + 1);
    await nextTurn();
    const afterFileTurn = resolvedSince();

    // A manifest that cannot be used is looked up for every file: its problem may name the file.
    const missing = { 'mcp-meta': { registry: path.join(EXAMPLES_DIR, 'missing.registry.json') } };
    gateOf(LIST_PAGES, missing);
    gateOf(SEARCH_OP, missing);
    expect(resolvedSince()).toBe(afterFileTurn + 2);
  });
});

describe('reports made in create()', () => {
  const majors = [
    ['ESLint 8.57', requireFromRepo('eslint-v8') as typeof ESLintModule],
    ['ESLint 9', requireFromRepo('eslint-v9') as typeof ESLintModule],
    ['ESLint 10', requireFromRepo('eslint') as typeof ESLintModule],
  ] as const;
  const lint = (eslint: typeof ESLintModule, code: string, registry = REGISTRY) => {
    const linter = new eslint.Linter({ cwd: EXAMPLES_DIR, configType: 'flat' } as ConstructorParameters<typeof Linter>[0]);
    return linter
      .verify(code, configOf(rules, registry), SEARCH_OP)
      .map((message) => `${message.line}:${message.column} ${message.ruleId}`);
  };

  for (const [label, eslint] of majors) {
    it(`obey disable comments and come out in source order (${label})`, () => {
      const plain = lint(eslint, PRODUCER_FILE);
      expect(plain).toContain('4:3 mcp-meta/no-wholesale-meta-assign');
      expect(plain).toEqual([...plain].sort((a, b) => Number(a.split(':')[0]) - Number(b.split(':')[0])));
      const disabled = lint(
        eslint,
        PRODUCER_FILE.replace('  out._meta', '  // eslint-disable-next-line mcp-meta/no-wholesale-meta-assign\n  out._meta'),
      );
      expect(disabled.filter((message) => message.endsWith('no-wholesale-meta-assign'))).toEqual([]);
      expect(disabled.length).toBe(plain.length - plain.filter((message) => message.endsWith('no-wholesale-meta-assign')).length);
      const missing = path.join(EXAMPLES_DIR, 'missing.registry.json');
      expect(lint(eslint, ORDINARY_FILE, missing)).toEqual(['1:1 mcp-meta/valid-registry']);
      expect(lint(eslint, `/* eslint-disable mcp-meta/valid-registry */\n${ORDINARY_FILE}`, missing)).toEqual([]);
    });
  }
});
