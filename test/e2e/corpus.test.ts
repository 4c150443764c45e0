/**
 * End-to-end, "a large real MCP server" (issue 3): a generated TypeScript MCP server of ~300 files
 * (scripts/generate-corpus.mjs: the rule docs' correct examples as its `_meta` code, each after ordinary code at a path
 * the docs' manifest, placed in the corpus, gives its doc's role, and mostly ordinary code) with 20 violations seeded
 * (the rule docs' incorrect examples), linted by a real ESLint 10 with @typescript-eslint/parser and the BUILT
 * plugin's recommended config. The findings must equal the seeded violations exactly: no crash, no false positive,
 * every seeded violation found; and a corpus without seeds gets no finding at all.
 *
 * Needs `npm run build` first (`npm test` does it).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, requireFromRepo, RULES } from './helpers/e2e';

const RULE_IDS = RULES.map((rule) => `mcp-meta/${rule}`);

interface Expected {
  file: string;
  line: number;
  ruleId: string;
}
interface Generated {
  files: number;
  lines: number;
  expected: Expected[];
}
type GenerateCorpus = (dir: string, opts: { files: number; seed: number; violations: number }) => Generated;

interface LintMessage {
  ruleId: string | null;
  line: number;
  message: string;
  fatal?: boolean;
}
interface LintResult {
  filePath: string;
  messages: LintMessage[];
}
interface ESLintLike {
  lintFiles(patterns: string[]): Promise<LintResult[]>;
}
type ESLintCtor = new (options: Record<string, unknown>) => ESLintLike;

let generateCorpus: GenerateCorpus;
const dirs: string[] = [];
let dir: string;
let generated: Generated;
let results: LintResult[];

/** Lints a generated corpus as its user would: the recommended config, every rule that reports without types on. */
async function lintCorpus(corpusDir: string): Promise<LintResult[]> {
  const { ESLint } = requireFromRepo('eslint') as { ESLint: ESLintCtor };
  const tsParser = requireFromRepo('@typescript-eslint/parser') as unknown;
  const plugin = requireFromRepo('eslint-plugin-mcp-meta') as {
    configs: { recommended: { plugins: Record<string, unknown>; rules: Record<string, unknown> } };
  };
  const eslint = new ESLint({
    cwd: corpusDir,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts'], languageOptions: { parser: tsParser, sourceType: 'module' } },
      {
        ...plugin.configs.recommended,
        files: ['**/*.ts'],
        // All five rules, whatever the preset holds: the corpus seeds violations of each.
        rules: { ...plugin.configs.recommended.rules, ...Object.fromEntries(RULE_IDS.map((id) => [id, 'error'])) },
        settings: { 'mcp-meta': { registry: path.join(corpusDir, 'mcp-meta.registry.json') } },
      },
    ],
  });
  return eslint.lintFiles(['src/**/*.ts']);
}

function newCorpusDir(): string {
  const made = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-corpus-'));
  dirs.push(made);
  return made;
}

beforeAll(async () => {
  // A non-literal specifier keeps TypeScript from asking for declarations of the .mjs script.
  const generatorUrl = pathToFileURL(path.join(repoRoot, 'scripts/generate-corpus.mjs')).href;
  ({ generateCorpus } = (await import(generatorUrl)) as { generateCorpus: GenerateCorpus });
  dir = newCorpusDir();
  generated = generateCorpus(dir, { files: 300, seed: 7, violations: 20 });
  results = await lintCorpus(dir);
});

afterAll(() => {
  for (const made of dirs) fs.rmSync(made, { recursive: true, force: true });
});

const key = (f: Expected): string => `${f.file}:${f.line} ${f.ruleId}`;

describe('generated MCP server corpus (ESLint 10, built plugin)', () => {
  it('is a realistic size and seeds violations of all five rules', () => {
    expect(generated.files).toBeGreaterThanOrEqual(300);
    expect(generated.lines).toBeGreaterThan(50_000);
    expect(generated.expected).toHaveLength(20);
    expect(new Set(generated.expected.map((e) => e.ruleId))).toEqual(new Set(RULE_IDS));
    expect(results).toHaveLength(generated.files);
  });

  it('lints every file without a crash or a parse error', () => {
    const fatal = results.flatMap((r) =>
      r.messages.filter((m) => m.fatal || m.ruleId === null).map((m) => `${path.relative(dir, r.filePath)}:${m.line} ${m.message}`),
    );
    expect(fatal).toEqual([]);
  });

  it('reports exactly the seeded violations: every one found, nothing else', () => {
    const actual = results
      .flatMap((r) =>
        r.messages.map((m) => ({
          file: path.relative(dir, r.filePath).split(path.sep).join('/'),
          line: m.line,
          ruleId: m.ruleId ?? '(none)',
          message: m.message,
        })),
      )
      .sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1));
    const expected = generated.expected.map(key).sort();
    const found = actual.map(key);
    const missing = expected.filter((e) => !found.includes(e));
    const extra = actual.filter((a) => !expected.includes(key(a))).map((a) => `${key(a)}: ${a.message}`);
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    expect(found.sort()).toEqual(expected);
  });

  it("reports nothing on a corpus without seeds: the docs' correct examples stay silent in a whole project", async () => {
    const clean = newCorpusDir();
    const { expected } = generateCorpus(clean, { files: 150, seed: 11, violations: 0 });
    expect(expected).toEqual([]);
    const found = (await lintCorpus(clean)).flatMap((r) =>
      r.messages.map((m) => `${path.relative(clean, r.filePath)}:${m.line} ${m.ruleId ?? '(fatal)'} ${m.message}`),
    );
    expect(found).toEqual([]);
  });
});
