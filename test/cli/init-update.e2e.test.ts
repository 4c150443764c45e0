import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRegistry } from '../../src/registry';
import { assertBinBuilt, makeTempDir, removeTempDirs, runBin, writeFiles } from './run-bin';

const SERVER: Record<string, string> = {
  'src/search.ts': `
export function search(rows: string[]) {
  return { content: [], _meta: { retrieval: { returned_count: rows.length, cache: { hit: true, age_ms: 0 } } } };
}
`,
  'src/errors.ts': `
export function fail(code: string) {
  return { content: [], isError: true, _meta: { warnings: { code } } };
}
`,
  'src/eval/body.ts': `
export function evalBody() {
  return { content: [], _meta: { eval_only: 1 } };
}
`,
};

/** A manifest a team has edited by hand: its own key order and layout, descriptions, deprecated marks, acceptedBreaks. */
const HAND_EDITED = `{
  "version": 1,
  "ignore": ["src/eval/**"],
  "keys": {
    "retrieval": {
      "description": "Search diagnostics (hand-written)",
      "producers": ["src/search.ts"],
      "fields": {
        "returned_count": { "description": "rows returned" },
        "hint": { "deprecated": true },
        "cache": { "fields": ["hit"] }
      }
    }
  },
  "acceptedBreaks": [{ "change": "field-removed:retrieval.old", "reason": "never read" }]
}
`;

function server(manifestText: string): string {
  const dir = makeTempDir();
  writeFiles(dir, { ...SERVER, 'mcp-meta.registry.json': manifestText });
  return dir;
}

const manifestOf = (dir: string): string => fs.readFileSync(path.join(dir, 'mcp-meta.registry.json'), 'utf8');

beforeAll(assertBinBuilt);
afterAll(removeTempDirs);

describe('mcp-meta init --update', () => {
  it('adds new keys and fields, keeps every hand edit, and prints what it added', () => {
    const dir = server(HAND_EDITED);
    const result = runBin(['init', '--update'], dir);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout.split('\n').slice(0, 3)).toEqual([
      'updated mcp-meta.registry.json: added 2 entries',
      "  added field 'retrieval.cache.age_ms'",
      "  added key 'warnings' (producers src/errors.ts)",
    ]);
    const text = manifestOf(dir);
    // The hand-written lines above the edits are untouched, acceptedBreaks and the ignore list too.
    expect(text.startsWith(HAND_EDITED.slice(0, HAND_EDITED.indexOf('        "cache"')))).toBe(true);
    expect(text.endsWith('  "acceptedBreaks": [{ "change": "field-removed:retrieval.old", "reason": "never read" }]\n}\n')).toBe(true);
    const loaded = parseRegistry(text, path.join(dir, 'mcp-meta.registry.json'));
    expect(loaded.ok && loaded.registry.manifest.keys).toEqual({
      retrieval: {
        description: 'Search diagnostics (hand-written)',
        producers: ['src/search.ts'],
        fields: { returned_count: { description: 'rows returned' }, hint: { deprecated: true }, cache: { fields: ['hit', 'age_ms'] } },
      },
      warnings: { producers: ['src/errors.ts'], type: 'object', fields: ['code'] },
    });
    // The ignored file's key is not proposed: the team said `_meta` there is another plane.
    expect(text).not.toContain('eval_only');
  });

  it('is idempotent: a second run adds nothing and leaves the file as it is', () => {
    const dir = server(HAND_EDITED);
    expect(runBin(['init', '--update'], dir).status).toBe(0);
    const once = manifestOf(dir);
    const again = runBin(['init', '--update'], dir);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('mcp-meta.registry.json already has everything the scan found: nothing added');
    expect(manifestOf(dir)).toBe(once);
  });

  it('never removes: a key and a field the code no longer writes stay', () => {
    const withGone = HAND_EDITED.replace('"hint": { "deprecated": true },', '"hint": { "deprecated": true },\n        "gone": {},').replace(
      '  "keys": {\n',
      '  "keys": {\n    "old_key": { "producers": ["src/errors.ts"], "deprecated": true },\n',
    );
    const dir = server(withGone);
    expect(runBin(['init', '--update'], dir).status).toBe(0);
    const loaded = parseRegistry(manifestOf(dir), path.join(dir, 'mcp-meta.registry.json'));
    // `old_key` stays although nothing writes it; `warnings` (src/errors.ts writes it too) is added beside it.
    expect(loaded.ok && Object.keys(loaded.registry.manifest.keys)).toEqual(['old_key', 'retrieval', 'warnings']);
    expect(loaded.ok && Object.keys(loaded.registry.manifest.keys.retrieval.fields as object)).toEqual([
      'returned_count',
      'hint',
      'gone',
      'cache',
    ]);
  });

  it('without a manifest, writes a new one as plain init does', () => {
    const dir = makeTempDir();
    writeFiles(dir, SERVER);
    const result = runBin(['init', '--update'], dir);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^wrote mcp-meta\.registry\.json: 3 keys \(eval_only, retrieval, warnings\)/);
    expect(fs.readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('leaves an invalid manifest alone and reports its problems', () => {
    const broken = HAND_EDITED.replace('"version": 1', '"version": 2');
    const dir = server(broken);
    const result = runBin(['init', '--update'], dir);
    expect(result.status).toBe(2);
    expect(result.stdout).toContain('mcp-meta.registry.json is unchanged: fix its problems first');
    expect(manifestOf(dir)).toBe(broken);
  });

  it('still refuses to overwrite without --force or --update, and rejects both together', () => {
    const dir = server(HAND_EDITED);
    const plain = runBin(['init'], dir);
    expect(plain.status).toBe(2);
    expect(plain.stderr).toContain('Pass --update to add what the scan finds to it, --force to overwrite it');
    const both = runBin(['init', '--update', '--force'], dir);
    expect(both.status).toBe(2);
    expect(both.stderr).toContain('init takes --force or --update, not both');
    expect(manifestOf(dir)).toBe(HAND_EDITED);
  });
});

describe('mcp-meta init (producers and notes)', () => {
  it('names every key a wrapper writes and prints no note about a doc when --from-doc was not given', () => {
    const dir = makeTempDir();
    writeFiles(dir, {
      'src/wrap.ts': `
export async function wrap(run: () => Promise<{ content: unknown[]; _meta?: Record<string, unknown> }>) {
  const result = await run();
  try { result._meta = { ...result._meta, timing: { ms: 1 } }; } catch {}
  try { result._meta = { ...result._meta, rate_limit: { left: 1 } }; } catch {}
  try { result._meta = { ...result._meta, trace: { id: 'x' } }; } catch {}
  return result;
}
`,
    });
    const result = runBin(['init'], dir);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('wrote mcp-meta.registry.json: 3 keys (rate_limit, timing, trace)');
    expect((JSON.parse(manifestOf(dir)) as { keys: Record<string, { producers: string[] }> }).keys.timing.producers).toEqual([
      'src/wrap.ts',
    ]);
    // Each key in its own try: nothing the rules report, so nothing to advise.
    expect(result.stdout).not.toContain('producer unit');
    expect(result.stdout).not.toMatch(/\bdoc\b/);
  });
});
