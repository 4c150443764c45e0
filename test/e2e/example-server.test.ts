/**
 * End-to-end: real ESLint 10, 9 (flat config) and 8.57 (eslintrc) lint fixtures/example-server with the BUILT plugin
 * (dist/, loaded by package name exactly as users load it). Each run must report exactly the findings listed in
 * EXPECTED_FINDINGS (nothing missing, nothing extra) and nothing outside src/violations/; a broken or missing
 * manifest must give one problem per linted file at line 1 and never crash ESLint.
 *
 * Needs `npm run build` first (`npm test` does it).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureDir, PLUGIN_RULES, presetSeverity, REGISTRY_RULE, repoRoot, requireFromRepo, RULES, scratchRoot } from './helpers/e2e';

type RuleName = (typeof RULES)[number];

/**
 * Every finding the example server must produce, as `file:line rule` (file relative to the fixture folder).
 * Written out by hand on purpose: a rule that stops finding one of these, or starts finding anything else, fails.
 * The `// expect:` comments in src/violations/ say the same; a test below keeps the two in step.
 */
const EXPECTED_FINDINGS: readonly string[] = [
  // Rule 1, replacing `_meta`: assignment (autofix), assignment through a call (suggestion), `{ ...result, _meta }`,
  // Object.assign(x, { _meta }), delete.
  'src/violations/retrieval-wholesale.ts:6 no-wholesale-meta-assign',
  'src/violations/retrieval-wholesale.ts:12 no-wholesale-meta-assign',
  'src/violations/retrieval-wholesale.ts:16 no-wholesale-meta-assign',
  'src/violations/retrieval-wholesale.ts:20 no-wholesale-meta-assign',
  'src/violations/retrieval-wholesale.ts:24 no-wholesale-meta-assign',
  // Merge layer: assembling from collected maps again after the first `_meta` write.
  'src/violations/merge-late-assembly.ts:7 no-wholesale-meta-assign',
  // Rule 1, another producer's key: by emit and by member write.
  'src/violations/retrieval-foreign-key.ts:6 no-foreign-meta-key',
  'src/violations/retrieval-foreign-key.ts:10 no-foreign-meta-key',
  // Keys the manifest lacks: a near-miss ('retreival'), a dynamic key (unverifiable), an unknown member key.
  'src/violations/retrieval-unregistered-key.ts:6 no-unregistered-meta-key',
  'src/violations/retrieval-unregistered-key.ts:11 no-unregistered-meta-key',
  'src/violations/retrieval-unregistered-key.ts:15 no-unregistered-meta-key',
  // Rule 2, renamed fields: top level, nested object (`cache`), conditional spread, array items (`facts`).
  'src/violations/retrieval-unregistered-field.ts:8 no-unregistered-meta-field',
  'src/violations/retrieval-unregistered-field.ts:12 no-unregistered-meta-field',
  'src/violations/retrieval-unregistered-field.ts:14 no-unregistered-meta-field',
  'src/violations/brain-hot-memory-fields.ts:10 no-unregistered-meta-field',
  // Rule 3: expression statement without try (autofix), declaration without try (suggestion), second producer in
  // one try, a catch that rethrows.
  'src/violations/retrieval-isolation.ts:7 require-producer-isolation',
  'src/violations/retrieval-isolation.ts:12 require-producer-isolation',
  'src/violations/retrieval-isolation.ts:20 require-producer-isolation',
  'src/violations/retrieval-isolation.ts:28 require-producer-isolation',
];

/**
 * How some seeded findings can be repaired (issue 3): `x._meta = { k: v }` with a side-effect-free `x` and a bare
 * producer statement are autofixed; the same write through a call (`pick()._meta`) and a producer in a `const`
 * declaration (wrapping it in try would put the binding out of scope) only get a suggestion.
 */
const EXPECTED_FIX_KINDS: Readonly<Record<string, 'fix' | 'suggestion'>> = {
  'src/violations/retrieval-wholesale.ts:6': 'fix',
  'src/violations/retrieval-wholesale.ts:12': 'suggestion',
  'src/violations/retrieval-isolation.ts:7': 'fix',
  'src/violations/retrieval-isolation.ts:12': 'suggestion',
};

// ---------------------------------------------------------------------------------------------------------------
// The slice of ESLint's Node API these tests use, typed locally: eslint-v8 ships no types, and the three majors'
// result objects agree on these members.

interface LintMessage {
  ruleId: string | null;
  fix?: unknown;
  suggestions?: unknown[];
  line: number;
  column: number;
  message: string;
  severity: number;
  fatal?: boolean;
}
interface LintResult {
  filePath: string;
  messages: LintMessage[];
}
interface RuleMeta {
  docs?: { url?: string };
}
interface ESLintInstance {
  lintFiles(patterns: string[]): Promise<LintResult[]>;
  calculateConfigForFile(filePath: string): Promise<{ plugins?: unknown; rules?: Record<string, unknown> }>;
  getRulesMetaForResults(results: LintResult[]): Record<string, RuleMeta>;
}
interface ESLintClass {
  new (options: Record<string, unknown>): ESLintInstance;
  readonly version: string;
}

interface Major {
  /** Test title. */
  name: string;
  /** The npm package (or alias) that provides this major. */
  pkg: 'eslint' | 'eslint-v9' | 'eslint-v8';
  major: number;
  flat: boolean;
  /** An ESLint instance that lints `serverDir` the way a user of this major would, run from the repository root. */
  create(serverDir: string): ESLintInstance;
  /** What to pass to lintFiles. */
  patterns(serverDir: string): string[];
}

function eslintClass(pkg: Major['pkg']): ESLintClass {
  return (requireFromRepo(pkg) as { ESLint: ESLintClass }).ESLint;
}

const flatMajor = (pkg: 'eslint' | 'eslint-v9', major: number): Major => ({
  name: `ESLint ${major} (flat, fixtures/example-server/eslint.config.js)`,
  pkg,
  major,
  flat: true,
  // What `eslint fixtures/example-server/src --config fixtures/example-server/eslint.config.js` does from the root.
  create: (serverDir) => new (eslintClass(pkg))({ cwd: repoRoot, overrideConfigFile: path.join(serverDir, 'eslint.config.js') }),
  patterns: (serverDir) => [path.join(serverDir, 'src')],
});

const MAJORS: readonly Major[] = [
  flatMajor('eslint', 10),
  flatMajor('eslint-v9', 9),
  {
    name: 'ESLint 8.57 (eslintrc, fixtures/example-server/.eslintrc.cjs)',
    pkg: 'eslint-v8',
    major: 8,
    flat: false,
    // ESLint 8 finds the fixture's .eslintrc.cjs walking up from each file; `root: true` stops it there.
    create: () => new (eslintClass('eslint-v8'))({ cwd: repoRoot, useEslintrc: true }),
    patterns: (serverDir) => [path.join(serverDir, 'src')],
  },
];

// ---------------------------------------------------------------------------------------------------------------

function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}

/** `file:line rule` for every message, file relative to `serverDir`; parse errors show up with rule `null`. */
function findingsOf(results: readonly LintResult[], serverDir: string): string[] {
  return results
    .flatMap((result) =>
      result.messages.map((m) => `${toPosix(path.relative(serverDir, result.filePath))}:${m.line} ${m.ruleId ?? 'null(fatal)'}`),
    )
    .sort(byFileThenLine);
}

function byFileThenLine(a: string, b: string): number {
  const [fileA, restA] = a.split(':');
  const [fileB, restB] = b.split(':');
  if (fileA !== fileB) return fileA < fileB ? -1 : 1;
  const lineDiff = parseInt(restA, 10) - parseInt(restB, 10);
  return lineDiff !== 0 ? lineDiff : a < b ? -1 : a > b ? 1 : 0;
}

function expectedSorted(): string[] {
  return EXPECTED_FINDINGS.map((f) => f.replace(/ (?=[a-z-]+$)/, ' mcp-meta/')).sort(byFileThenLine);
}

/** All .ts files under `dir`, relative to `base`, sorted. */
function tsFilesUnder(dir: string, base: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...tsFilesUnder(full, base));
    else if (entry.name.endsWith('.ts')) out.push(toPosix(path.relative(base, full)));
  }
  return out.sort();
}

/** For each finding listed in EXPECTED_FIX_KINDS: whether ESLint got an autofix or only suggestions. */
function fixKinds(results: readonly LintResult[], serverDir: string): Record<string, string> {
  const kinds: Record<string, string> = {};
  for (const result of results) {
    for (const m of result.messages) {
      const at = `${toPosix(path.relative(serverDir, result.filePath))}:${m.line}`;
      if (!(at in EXPECTED_FIX_KINDS)) continue;
      kinds[at] = m.fix ? 'fix' : (m.suggestions?.length ?? 0) > 0 ? 'suggestion' : 'none';
    }
  }
  return kinds;
}

function lintedFiles(results: readonly LintResult[], serverDir: string): string[] {
  return results.map((r) => toPosix(path.relative(serverDir, r.filePath))).sort();
}

/** Normalises a rule setting from either config system (`'error'`, `2`, `['error', opts]`, `[2]`) to 0/1/2. */
function severityOf(setting: unknown): number {
  const level: unknown = Array.isArray(setting) ? setting[0] : setting;
  if (typeof level === 'number') return level;
  return ({ off: 0, warn: 1, error: 2 } as Record<string, number>)[String(level)] ?? -1;
}

let scratchDirs: string[] = [];

/** A private copy of the example server, for tests that break its manifest. */
function copyOfFixture(): string {
  fs.mkdirSync(scratchRoot, { recursive: true });
  const dir = fs.mkdtempSync(path.join(scratchRoot, 'e2e-example-server-'));
  scratchDirs.push(dir);
  const serverDir = path.join(dir, 'example-server');
  fs.cpSync(fixtureDir, serverDir, { recursive: true });
  return serverDir;
}

beforeAll(() => {
  const entry = path.join(repoRoot, 'dist/src/index.js');
  if (!fs.existsSync(entry)) {
    throw new Error(`${entry} is missing: these e2e tests lint with the built plugin. Run \`npm run build\` first (npm test does).`);
  }
});

afterAll(() => {
  for (const dir of scratchDirs) fs.rmSync(dir, { recursive: true, force: true });
  scratchDirs = [];
});

// ---------------------------------------------------------------------------------------------------------------

describe('the expected findings list', () => {
  it('matches the `// expect:` comments in src/violations/ (so line numbers cannot drift silently)', () => {
    const fromComments: string[] = [];
    const violationsDir = path.join(fixtureDir, 'src/violations');
    for (const rel of tsFilesUnder(violationsDir, fixtureDir)) {
      const lines = fs.readFileSync(path.join(fixtureDir, rel), 'utf8').split('\n');
      lines.forEach((text, index) => {
        const match = /\/\/ expect: (.+)$/.exec(text);
        if (!match) return;
        for (const rule of match[1].split(',').map((r) => r.trim())) fromComments.push(`${rel}:${index + 1} ${rule}`);
      });
    }
    expect(fromComments.sort(byFileThenLine)).toEqual([...EXPECTED_FINDINGS].sort(byFileThenLine));
  });

  it('covers every rule at least once', () => {
    const covered = new Set(EXPECTED_FINDINGS.map((f) => f.split(' ')[1] as RuleName));
    expect([...covered].sort()).toEqual([...RULES].sort());
  });
});

/** What the tests read of the plugin object; declared loosely so that a wrong shape fails an assertion, not tsc. */
interface PluginShape {
  meta: unknown;
  rules: Record<string, unknown>;
  configs: Record<string, { plugins: Record<string, unknown> | string[]; rules: Record<string, unknown> }>;
}

describe('the plugin object (require and import of the built package)', () => {
  it('has meta, every rule with a docs page and the four configs', async () => {
    const required = requireFromRepo('eslint-plugin-mcp-meta') as PluginShape;
    const imported = ((await import('eslint-plugin-mcp-meta')) as unknown as { default: PluginShape }).default;
    const pkg = requireFromRepo('./package.json') as { name: string; version: string };

    for (const plugin of [required, imported]) {
      expect(plugin.meta).toEqual({ name: pkg.name, version: pkg.version, namespace: 'mcp-meta' });
      expect(Object.keys(plugin.rules).sort()).toEqual([...PLUGIN_RULES].sort());
      expect(Object.keys(plugin.configs).sort()).toEqual(['legacy-recommended', 'legacy-strict', 'recommended', 'strict']);
      for (const preset of ['recommended', 'strict'] as const) {
        const flat = plugin.configs[preset];
        const legacy = plugin.configs[`legacy-${preset}`];
        // Flat configs carry the plugin object itself; eslintrc configs name it for ESLint 8 to resolve.
        expect((flat.plugins as Record<string, unknown>)['mcp-meta']).toBe(required);
        expect(legacy.plugins).toEqual(['mcp-meta']);
        for (const rule of PLUGIN_RULES) {
          expect(severityOf(flat.rules[`mcp-meta/${rule}`]), `${preset}: mcp-meta/${rule}`).toBe(presetSeverity(rule, preset));
          expect(severityOf(legacy.rules[`mcp-meta/${rule}`]), `legacy-${preset}: mcp-meta/${rule}`).toBe(presetSeverity(rule, preset));
        }
      }
    }
    // The ESM entry re-exports the same object, so a project mixing require and import registers one plugin.
    expect(imported).toBe(required);
  });
});

describe.each(MAJORS)('$name', (major) => {
  it(`is really ESLint ${major.major}`, () => {
    // Guards against an alias silently resolving to another major (the point of this suite is three majors).
    expect(Number(eslintClass(major.pkg).version.split('.')[0])).toBe(major.major);
  });

  it('loads the plugin with every rule at its recommended level', async () => {
    const eslint = major.create(fixtureDir);
    const config = await eslint.calculateConfigForFile(path.join(fixtureDir, 'src/mcp/dispatch.ts'));
    if (major.flat) {
      const plugin = (config.plugins as Record<string, { meta?: { namespace?: string }; rules?: object }>)['mcp-meta'];
      expect(plugin?.meta?.namespace).toBe('mcp-meta');
      expect(Object.keys(plugin?.rules ?? {}).sort()).toEqual([...PLUGIN_RULES].sort());
    } else {
      expect(config.plugins).toContain('mcp-meta');
    }
    // The fixture's configs extend `recommended`.
    for (const rule of PLUGIN_RULES)
      expect(severityOf(config.rules?.[`mcp-meta/${rule}`]), `mcp-meta/${rule}`).toBe(presetSeverity(rule, 'recommended'));
  });

  it('reports exactly the expected findings, and none outside src/violations/', async () => {
    const eslint = major.create(fixtureDir);
    const results = await eslint.lintFiles(major.patterns(fixtureDir));

    // Every source file was linted (ignored files like the eval command still count: they must be silent).
    expect(lintedFiles(results, fixtureDir)).toEqual(tsFilesUnder(path.join(fixtureDir, 'src'), fixtureDir));
    const findings = findingsOf(results, fixtureDir);
    expect(
      findings.filter((f) => !f.startsWith('src/violations/')),
      'findings outside src/violations/',
    ).toEqual([]);
    expect(findings).toEqual(expectedSorted());
    // Autofix where the issue promises one, a suggestion only where a fix could change behaviour.
    expect(fixKinds(results, fixtureDir)).toEqual(EXPECTED_FIX_KINDS);
    // Each rule's metadata reaches ESLint with a docs URL (editors and SARIF link to it).
    const meta = eslint.getRulesMetaForResults(results);
    for (const rule of RULES) expect(meta[`mcp-meta/${rule}`]?.docs?.url, `docs url of mcp-meta/${rule}`).toMatch(/^https:\/\//);
  });

  it.each([
    {
      case: 'bad JSON',
      // Dropping the comma after `"version": 1` makes the next entry (line 4, column 3) a syntax error.
      breakManifest: (manifestPath: string) =>
        fs.writeFileSync(manifestPath, fs.readFileSync(manifestPath, 'utf8').replace('"version": 1,', '"version": 1')),
      place: ':4:3',
    },
    {
      case: 'missing manifest',
      breakManifest: (manifestPath: string) => fs.rmSync(manifestPath),
      place: '',
    },
  ])('with a $case: one problem per linted file at line 1 naming the manifest, the place and the fix', async ({ breakManifest, place }) => {
    const serverDir = copyOfFixture();
    const manifestPath = path.join(serverDir, 'mcp-meta.registry.json');
    breakManifest(manifestPath);

    const results = await major.create(serverDir).lintFiles(major.patterns(serverDir));

    expect(lintedFiles(results, serverDir)).toEqual(tsFilesUnder(path.join(serverDir, 'src'), serverDir));
    for (const result of results) {
      const where = toPosix(path.relative(serverDir, result.filePath));
      expect(result.messages, where).toHaveLength(1);
      const [problem] = result.messages;
      expect(problem.fatal, `${where}: a crash or parse error instead of a lint problem`).toBeFalsy();
      expect(problem.ruleId, where).toBe(`mcp-meta/${REGISTRY_RULE}`);
      expect(problem.severity, where).toBe(2);
      expect(problem.line, where).toBe(1);
      expect(problem.message, where).toContain(`${manifestPath}${place}`);
      expect(problem.message, where).toMatch(/Fix: \S/);
    }
  });
});

describe('ESLint 8.57 through the repository-root .eslintrc.cjs', () => {
  const ESLint8 = () => eslintClass('eslint-v8');

  it('`eslint .` from the root lints only fixtures/example-server/src and reports exactly the expected findings', async () => {
    // The root config's ignorePatterns leave only the example server's sources; the server's own .eslintrc.cjs
    // (root: true) then configures them.
    const eslint = new (ESLint8())({ cwd: repoRoot, useEslintrc: true });
    const results = await eslint.lintFiles(['.']);
    expect(lintedFiles(results, fixtureDir)).toEqual(tsFilesUnder(path.join(fixtureDir, 'src'), fixtureDir));
    expect(findingsOf(results, fixtureDir)).toEqual(expectedSorted());
  });

  it('`eslint --no-eslintrc --config .eslintrc.cjs .` (root config alone, manifest found by discovery) gives the same findings', async () => {
    // Only the root config applies here: it names no manifest, so the rules must discover
    // fixtures/example-server/mcp-meta.registry.json by walking up from each file.
    const eslint = new (ESLint8())({ cwd: repoRoot, useEslintrc: false, overrideConfigFile: path.join(repoRoot, '.eslintrc.cjs') });
    const results = await eslint.lintFiles(['.']);
    expect(lintedFiles(results, fixtureDir)).toEqual(tsFilesUnder(path.join(fixtureDir, 'src'), fixtureDir));
    expect(findingsOf(results, fixtureDir)).toEqual(expectedSorted());
  });
});
