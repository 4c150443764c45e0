import { describe, expect, it } from 'vitest';
import type { RegistryManifest } from '../../src/registry/types';
import { parseFieldList, renderFieldList } from '../../src/cli/doc/field-list';
import { parseKeysTable, renderKeysTable } from '../../src/cli/doc/keys-table';
import { END_MARKER, replaceBetweenMarkers, START_MARKER } from '../../src/cli/doc/markers';
import { unifiedDiff } from '../../src/cli/doc/unified-diff';
import { CliError } from '../../src/cli/findings';

const manifest: RegistryManifest = {
  version: 1,
  keys: {
    retrieval: {
      producers: ['src/core/ops/search.ts', 'src/core/ops/query.ts'],
      description: 'Search diagnostics',
      fields: {
        returned_count: {},
        cache: { fields: ['hit', 'age_ms'] },
        degraded: { items: { fields: ['stage'] }, description: 'closed stage vocabulary, D6' },
        hint: { deprecated: true },
      },
    },
    warnings: { producers: ['src/mcp/dispatch.ts'], description: 'Unknown params | strict mode' },
    brain_hot_memory: { producers: ['src/hooks/brain-hot-memory.ts'], fields: ['facts', 'as_of'] },
  },
};

describe('renderKeysTable', () => {
  it('renders Key | Producer | Contents with description and fields, escaping pipes', () => {
    expect(renderKeysTable(manifest)).toBe(
      [
        '| Key | Producer | Contents |',
        '| --- | --- | --- |',
        '| `retrieval` | `src/core/ops/search.ts`, `src/core/ops/query.ts` | Search diagnostics — fields: returned_count, cache{hit, age_ms}, degraded[]{stage} (closed stage vocabulary, D6), hint (deprecated) |',
        '| `warnings` | `src/mcp/dispatch.ts` | Unknown params \\| strict mode |',
        '| `brain_hot_memory` | `src/hooks/brain-hot-memory.ts` | fields: facts, as_of |',
      ].join('\n'),
    );
  });
});

describe('parseKeysTable', () => {
  it('reads back what renderKeysTable writes', () => {
    const rows = parseKeysTable(`# Doc\n\n${renderKeysTable(manifest)}\n\nAfter.\n`);
    expect(rows).not.toBeNull();
    expect(rows!.map((row) => row.key)).toEqual(['retrieval', 'warnings', 'brain_hot_memory']);
    expect(rows![0].producers).toEqual(['src/core/ops/search.ts', 'src/core/ops/query.ts']);
    expect(rows![0].description).toBe('Search diagnostics');
    expect(rows![0].fields).toEqual(manifest.keys.retrieval.fields);
    expect(rows![1].description).toBe('Unknown params | strict mode');
    expect(rows![1].fields).toBeUndefined();
    expect(rows![2].fields).toEqual(['facts', 'as_of']);
  });

  it("reads the spec's tab-separated table, keeping prose producers for init to resolve", () => {
    const spec = [
      'Registered keys',
      '',
      'Key\tProducer\tContents',
      'brain_hot_memory\tserve-http metaHook (getBrainHotMemoryMeta)\tHot-memory facts relevant to the call (v0.31 eD3)',
      'retrieval\tsearch/query op handlers\treturned_count, cache, degraded[] (closed stage vocabulary, D6), hint (non-contractual prose, E1)',
      "warnings\tdispatch strict-params warn mode (WP3)\t[{code: 'unknown_param', param, suggestion?}]",
      '',
      'Inbound _meta is a separate plane.',
    ].join('\n');
    const rows = parseKeysTable(spec)!;
    expect(rows.map((row) => row.key)).toEqual(['brain_hot_memory', 'retrieval', 'warnings']);
    expect(rows[0]).toMatchObject({
      producers: [],
      producerText: 'serve-http metaHook (getBrainHotMemoryMeta)',
      description: 'Hot-memory facts relevant to the call (v0.31 eD3)',
    });
    expect(rows[0].fields).toBeUndefined();
    expect(rows[1].fields).toEqual({
      returned_count: {},
      cache: {},
      degraded: { items: {}, description: 'closed stage vocabulary, D6' },
      hint: { description: 'non-contractual prose, E1' },
    });
    expect(rows[2].description).toBe("[{code: 'unknown_param', param, suggestion?}]");
  });

  it('returns null when there is no such table', () => {
    expect(parseKeysTable('| Name | Value |\n| --- | --- |\n| a | b |\n')).toBeNull();
  });
});

describe('field lists', () => {
  it('round-trips nested, array and deprecated fields', () => {
    const fields = { a: {}, b: { fields: ['c', 'd'] }, e: { items: { fields: { f: { deprecated: true, description: 'old' } } } } };
    const text = renderFieldList(fields);
    expect(text).toBe('a, b{c, d}, e[]{f (deprecated; old)}');
    expect(parseFieldList(text)).toEqual(fields);
  });

  it('returns null for prose', () => {
    expect(parseFieldList('Hot-memory facts relevant to the call')).toBeNull();
  });
});

describe('replaceBetweenMarkers', () => {
  it('replaces only the text between the markers and is idempotent', () => {
    const doc = `# Title\n\n${START_MARKER}\nold table\n${END_MARKER}\n\nTail\n`;
    const once = replaceBetweenMarkers(doc, '| t |', 'doc.md');
    expect(once).toBe(`# Title\n\n${START_MARKER}\n\n| t |\n\n${END_MARKER}\n\nTail\n`);
    expect(replaceBetweenMarkers(once, '| t |', 'doc.md')).toBe(once);
  });

  it('is a usage error when a marker is missing or out of order', () => {
    expect(() => replaceBetweenMarkers(`${START_MARKER}\n`, 'x', 'doc.md')).toThrow(CliError);
    expect(() => replaceBetweenMarkers(`${START_MARKER}\n`, 'x', 'doc.md')).toThrow(/no <!-- mcp-meta:keys:end --> marker/);
    expect(() => replaceBetweenMarkers(`${END_MARKER}\n${START_MARKER}\n`, 'x', 'doc.md')).toThrow(/comes before/);
  });
});

describe('unifiedDiff', () => {
  it('prints a hunk with removals before additions and line numbers', () => {
    const before = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].join('\n');
    const after = ['a', 'b', 'c', 'd', 'E', 'f', 'g', 'h'].join('\n');
    expect(unifiedDiff(before, after, 'old', 'new')).toBe(
      ['--- old', '+++ new', '@@ -2,7 +2,7 @@', ' b', ' c', ' d', '-e', '+E', ' f', ' g', ' h', ''].join('\n'),
    );
  });

  it('is empty for equal texts', () => {
    expect(unifiedDiff('x\n', 'x\n', 'a', 'b')).toBe('');
  });
});
