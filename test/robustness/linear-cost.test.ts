/**
 * Cost linear in the input, asserted with operation counts (never wall time: the machines are noisy). The analysis'
 * indexes count their elementary steps (`analysisCostSteps`); doubling a file in each shape that used to be quadratic
 * (thousands of `_meta` aliases, producers each in their own try, `const` keys, unguarded emits, one minified line)
 * must roughly double the steps, where a quadratic path would quadruple them. The manifest's locator counts its steps
 * the same way for a 15,000- and a 30,000-key manifest whose every key has a warning. Unusual inputs (every file
 * extension, a file that does not parse, 50,000 lines, 20,000 writes) lint without a crash.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { analysisCostSteps } from '../../src/util/cost-counter';
import plugin from '../../src/index';
import { parseManifestText, withGlobChecks } from '../../src/registry/parse-registry';
import { EXAMPLES_REGISTRY, SEARCH_OP, file } from '../rules/rule-tester';

const linter = new Linter({ configType: 'flat' });
const FILES = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts', '**/*.js', '**/*.jsx', '**/*.mjs', '**/*.cjs'];
const CONFIG: Linter.Config[] = [
  { files: ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'], languageOptions: { parser: tsParser } },
  {
    files: ['**/*.js', '**/*.jsx', '**/*.mjs', '**/*.cjs'],
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module', parserOptions: { ecmaFeatures: { jsx: true } } },
  },
  { ...(plugin.configs.strict as Linter.Config), files: FILES, settings: { 'mcp-meta': { registry: EXAMPLES_REGISTRY } } },
];

function lint(code: string, filename = SEARCH_OP): { steps: number; messages: Linter.LintMessage[] } {
  const before = analysisCostSteps();
  const messages = linter.verify(code, CONFIG, { filename });
  return { steps: analysisCostSteps() - before, messages };
}

const SHAPES: Record<string, (n: number) => string> = {
  'const m = out._meta aliases': (n) =>
    Array.from({ length: n }, (_, i) => `const m${i} = out._meta;\nm${i}.retrieval = build${i}();`).join('\n'),
  'producers each in their own try': (n) =>
    `async function f(ctx, out) {\n${Array.from({ length: n }, (_, i) => `  try {\n    out._meta.retrieval = await b${i}();\n  } catch {}\n`).join('')}}\n`,
  'const keys': (n) => Array.from({ length: n }, (_, i) => `const K${i} = 'retrieval';\nout._meta[K${i}] = v${i}();`).join('\n'),
  'unguarded emits': (n) =>
    `async function f(ctx) {\n${Array.from({ length: n }, (_, i) => `  ctx.emitResponseMeta('retrieval', await b${i}());\n`).join('')}}\n`,
  'one minified line': (n) =>
    Array.from(
      { length: n },
      (_, i) => `const m${i}=out._meta;m${i}.retrieval=b${i}();try{ctx.emitResponseMeta('retrieval',await c${i}())}catch{}`,
    ).join(''),
};

describe('linear cost of the analysis', () => {
  it.each(Object.keys(SHAPES))('%s: doubling the file doubles the counted steps', (shape) => {
    const make = SHAPES[shape];
    const small = lint(make(2_000));
    const large = lint(make(4_000));
    expect(small.messages.filter((message) => message.fatal)).toEqual([]);
    expect(small.steps).toBeGreaterThan(2_000);
    const ratio = large.steps / small.steps;
    console.log(`${shape}: ${small.steps} steps at 2,000, ${large.steps} at 4,000 (x${ratio.toFixed(2)})`);
    // Linear doubles (x2, plus a log factor for the Fenwick tree); quadratic would be x4.
    expect(ratio).toBeGreaterThan(1.7);
    expect(ratio).toBeLessThan(2.6);
  });
});

describe('linear cost of locating manifest problems', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  function locatorSteps(keyCount: number): number {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-keys-'));
    dirs.push(dir);
    const keys = Object.fromEntries(
      Array.from({ length: keyCount }, (_, i) => [`key_${i}`, { producers: [`src/k${i}.ts`], fields: ['a'] }]),
    );
    const manifestPath = path.join(dir, 'mcp-meta.registry.json');
    const parsed = parseManifestText(JSON.stringify({ version: 1, keys }, null, 2), manifestPath);
    const result = withGlobChecks(parsed);
    // Every key's glob matches no file: one located warning per key.
    expect(result.ok && result.warnings.length).toBe(keyCount);
    return parsed.locator!.steps;
  }

  it('a warning per key: 30,000 keys cost twice the steps of 15,000, not four times', () => {
    const half = locatorSteps(15_000);
    const full = locatorSteps(30_000);
    console.log(`manifest locator: ${half} steps for 15,000 keys, ${full} for 30,000 (x${(full / half).toFixed(2)})`);
    expect(full / half).toBeGreaterThan(1.8);
    expect(full / half).toBeLessThan(2.2);
  });
});

describe('unusual inputs lint without a crash', () => {
  const PROGRAM =
    "export async function f(ctx, out) {\n  out._meta = { retrieval: 1 };\n  ctx.emitResponseMeta('retrieval', await build());\n}\n";

  it.each(['search.ts', 'search.tsx', 'search.mts', 'search.cts', 'search.js', 'search.jsx', 'search.mjs', 'search.cjs'])('%s', (name) => {
    const { messages } = lint(PROGRAM, file(`src/core/ops/${name}`));
    expect(messages.filter((message) => message.fatal)).toEqual([]);
    expect(messages.map((message) => message.ruleId)).toContain('mcp-meta/no-wholesale-meta-assign');
  });

  it('a file that does not parse is one parse error, not a crash', () => {
    const { messages } = lint('out._meta = { retrieval: ;\n');
    expect(messages).toHaveLength(1);
    expect(messages[0].fatal).toBe(true);
  });

  it('a 50,000-line file and a file with 20,000 _meta writes', () => {
    const lines = Array.from({ length: 50_000 }, (_, i) => (i % 10 === 0 ? `out._meta.retrieval = v${i};` : `const x${i} = ${i};`)).join(
      '\n',
    );
    const big = lint(lines);
    expect(big.messages.filter((message) => message.fatal)).toEqual([]);
    const writes = lint(Array.from({ length: 20_000 }, (_, i) => `out._meta = { retrieval: v${i} };`).join('\n'));
    expect(writes.messages.filter((message) => message.ruleId === 'mcp-meta/no-wholesale-meta-assign')).toHaveLength(20_000);
  });
});
