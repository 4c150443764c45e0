/**
 * Type-aware mode costs type lookups only where the syntax gave up (a counter, not a timing): written-out keys and
 * values never ask the checker, one unresolved key and one opaque value ask once each however many rules look at
 * them, and a lint without a program asks nothing and reports what it always did.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Linter, type ESLint } from 'eslint';
import * as tsParser from '@typescript-eslint/parser';
import { describe, expect, it } from 'vitest';
import { rules } from '../../rules';
import { costCount } from '../../src/util/cost-counter';

const FIXTURE = path.resolve(__dirname, '../rules/typed-fixture');
const plugin = { rules } as unknown as ESLint.Plugin;

/**
 * A fresh copy of the typed fixture with `code` as its producer file on disk too: each typed lint gets its own
 * program whose files agree with what is linted (a program reused across texts of one file re-resolves imports
 * lazily, which made the lookup count depend on timing).
 */
function fixtureWith(code: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-typed-'));
  fs.cpSync(FIXTURE, dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'src/search.ts'), code);
  return dir;
}

function configFor(typed: boolean, root: string, registry = 'mcp-meta.registry.json'): Linter.Config[] {
  return [
    {
      files: ['**/*.ts'],
      languageOptions: {
        parser: tsParser as unknown as Linter.Parser,
        parserOptions: typed ? { project: './tsconfig.json', tsconfigRootDir: root } : {},
      },
      plugins: { 'mcp-meta': plugin },
      settings: { 'mcp-meta': { registry: path.join(root, registry) } },
      rules: Object.fromEntries(Object.keys(rules).map((name) => [`mcp-meta/${name}`, 'error' as const])),
    },
  ];
}

function lintCounting(code: string, typed: boolean, registry?: string) {
  const dir = fixtureWith(code);
  try {
    const before = costCount('type-lookups');
    const messages = new Linter({ cwd: dir }).verify(code, configFor(typed, dir, registry), path.join(dir, 'src/search.ts'));
    return { lookups: costCount('type-lookups') - before, messages: messages.map((m) => m.messageId ?? m.message) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const WRITTEN_OUT = `export function search(ctx: { emitResponseMeta(k: string, v: unknown): void }) {
  try {
    ctx.emitResponseMeta('retrieval', { returned_count: 1, vector_enabled: true, cache: { hit: true, age_ms: 2 } });
  } catch {}
}`;

const UNRESOLVED = `import { buildExtra } from './builders';
import type { OwnedKey } from './keys';
export function search(ctx: { emitResponseMeta(k: string, v: unknown): void }, key: Extract<OwnedKey, 'retrieval'>) {
  try {
    ctx.emitResponseMeta(key, buildExtra());
  } catch {}
}`;

describe('type lookups sit behind the syntactic checks', () => {
  it('written-out keys and values never ask the checker, with types or without', () => {
    expect(lintCounting(WRITTEN_OUT, true)).toEqual({ lookups: 0, messages: [] });
    expect(lintCounting(WRITTEN_OUT, false)).toEqual({ lookups: 0, messages: [] });
  });

  it('an unresolved key and an opaque value are asked once each, however many rules read them', () => {
    expect(lintCounting(UNRESOLVED, true)).toEqual({ lookups: 2, messages: ['unregisteredTypeField'] });
  });

  it('without a program the same code asks nothing and gets the untyped answer', () => {
    expect(lintCounting(UNRESOLVED, false)).toEqual({ lookups: 0, messages: ['unverifiableKey'] });
  });
});

const EMIT_ONLY = `export function search(ctx: { emitResponseMeta(k: string, v: unknown): void }) {
  try {
    ctx.emitResponseMeta('retrieval', { hits: 1 });
  } catch {}
}`;

/** Named like a result, so the syntax takes it for one and asks its type (which says it is none). */
const CACHE_ENTRY = `import type { CacheEntry } from './results';
export function remember(result: CacheEntry) {
  result._meta = { stray_key: 1 };
}`;

describe('resultTypes asks types only about the objects of writes the syntax found', () => {
  it('a file whose writes have no object (emits) asks nothing', () => {
    expect(lintCounting(EMIT_ONLY, true, 'result-types.registry.json')).toEqual({ lookups: 0, messages: [] });
  });

  it("one write's object is asked about once, however many rules read the writes, and the write is dropped", () => {
    expect(lintCounting(CACHE_ENTRY, true, 'result-types.registry.json')).toEqual({ lookups: 1, messages: [] });
    expect(lintCounting(CACHE_ENTRY, false, 'result-types.registry.json')).toEqual({
      lookups: 0,
      messages: ['replaceMeta', 'unregisteredKey'],
    });
  });
});
