/**
 * `init --update` applies all its additions in one pass over the manifest's text: 250 keys into a 10,000-key manifest
 * took 344 s when every addition re-parsed the whole file. Measured by what it does (parses of the text), never by
 * wall time.
 */
import type * as JsoncParser from 'jsonc-parser';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as UpdateManifest from '../../src/cli/init/update-manifest';
import type { RegistryManifest } from '../../src/registry/types';

vi.mock('jsonc-parser', async (importOriginal) => {
  const original = await importOriginal<typeof jsonc>();
  return { ...original, parseTree: vi.fn(original.parseTree), modify: vi.fn(original.modify) };
});

// Imported after a module reset: under `vitest --no-isolate` (`npm run test:unit`) an earlier test file may have
// loaded update-manifest with the real jsonc-parser, and the count below must see the calls it makes.
let jsonc: typeof JsoncParser;
let mergeIntoManifest: typeof UpdateManifest.mergeIntoManifest;
beforeAll(async () => {
  vi.resetModules();
  jsonc = await import('jsonc-parser');
  ({ mergeIntoManifest } = await import('../../src/cli/init/update-manifest.js'));
});

function bigManifest(size: number): { text: string; manifest: RegistryManifest } {
  const keys: RegistryManifest['keys'] = {};
  for (let i = 0; i < size; i++) keys[`com.example/k${i}`] = { producers: [`src/f${i}.ts`], fields: ['a'] };
  const manifest: RegistryManifest = { version: 1, keys };
  return { text: JSON.stringify(manifest, null, 2) + '\n', manifest };
}

describe('mergeIntoManifest', () => {
  it('parses the manifest once however many additions it makes, and inserts every one', () => {
    const { text, manifest } = bigManifest(2000);
    const found: RegistryManifest = { version: 1, keys: {}, emitters: ['emitMeta', 'emitMore'] };
    for (let i = 0; i < 250; i++) found.keys[`com.example/new${i}`] = { producers: [`src/n${i}.ts`] };
    for (let i = 0; i < 40; i++) found.keys[`com.example/k${i}`] = { producers: [`src/x${i}.ts`], fields: ['a', 'b'] };
    vi.mocked(jsonc.parseTree).mockClear();
    vi.mocked(jsonc.modify).mockClear();

    const update = mergeIntoManifest(text, manifest, found, new Set());

    expect(vi.mocked(jsonc.parseTree)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(jsonc.modify)).not.toHaveBeenCalled();
    expect(update.added).toHaveLength(1 + 1 + 250 + 40 + 40);
    const merged = JSON.parse(update.text) as RegistryManifest;
    expect(merged.emitters).toEqual(['emitMeta', 'emitMore']);
    expect(Object.keys(merged.keys)).toHaveLength(2250);
    expect(merged.keys['com.example/new249']).toEqual({ producers: ['src/n249.ts'] });
    expect(merged.keys['com.example/k39']).toEqual({ producers: ['src/f39.ts', 'src/x39.ts'], fields: ['a', 'b'] });
    // Laid out like the file: each new key on its own lines in its indentation, the keys before them untouched.
    // The keys no addition is about keep their text (k40 to the last old key), and k39 gained one producer line.
    const untouched = text.slice(text.indexOf('    "com.example/k40"'), text.indexOf('\n  }\n}'));
    expect(update.text).toContain(untouched + ',\n    "com.example/new0"');
    expect(update.text).toContain('"com.example/k39": {\n      "producers": [\n        "src/f39.ts",\n        "src/x39.ts"\n      ],');
    expect(update.text).toContain('    },\n    "com.example/new0": {\n      "producers": [\n        "src/n0.ts"\n      ]\n    },\n');
    expect(
      update.text.endsWith(
        '    "com.example/new249": {\n      "producers": [\n        "src/n249.ts"\n      ]\n    }\n  },\n  "emitters": [\n    "emitMeta",\n    "emitMore"\n  ]\n}\n',
      ),
    ).toBe(true);
  });

  it('adds to one-line and empty containers the way one addition at a time did', () => {
    const text = '{\n  "version": 1,\n  "emitters": [],\n  "keys": {\n    "a": { "producers": ["src/a.ts"], "fields": {} }\n  }\n}\n';
    const manifest = JSON.parse(text) as RegistryManifest;
    const found: RegistryManifest = {
      version: 1,
      emitters: ['emitA', 'emitB'],
      keys: { a: { producers: ['src/a.ts', 'src/b.ts', 'src/c.ts'], fields: { n: {}, m: { type: 'number' } } } },
    };
    expect(mergeIntoManifest(text, manifest, found, new Set()).text).toBe(
      '{\n  "version": 1,\n  "emitters": ["emitA", "emitB"],\n  "keys": {\n' +
        '    "a": { "producers": ["src/a.ts", "src/b.ts", "src/c.ts"], "fields": { "n": {}, "m": { "type": "number" } } }\n  }\n}\n',
    );
  });
});

describe('mergeIntoManifest: sinks.registrations', () => {
  const proposed = (...names: string[]): RegistryManifest => ({
    version: 1,
    keys: {},
    sinks: { registrations: names.map((name, config) => ({ function: name, config })) },
  });

  it('adds the whole property to a manifest without sinks', () => {
    const manifest: RegistryManifest = { version: 1, keys: {} };
    const update = mergeIntoManifest(JSON.stringify(manifest, null, 2), manifest, proposed('defineTool'), new Set());
    expect((JSON.parse(update.text) as RegistryManifest).sinks).toEqual({ registrations: [{ function: 'defineTool', config: 0 }] });
    expect(update.added).toEqual(['registration function defineTool (sinks.registrations)']);
  });

  it('appends only functions the manifest does not name, keeping hand entries as written', () => {
    const manifest: RegistryManifest = {
      version: 1,
      sinks: { registrations: [{ function: 'defineTool', config: 1, callback: 'run' }], resultBuilders: [{ function: 'addView' }] },
      keys: {},
    };
    const update = mergeIntoManifest(JSON.stringify(manifest, null, 2), manifest, proposed('defineTool', 'addView', 'addTool'), new Set());
    expect((JSON.parse(update.text) as RegistryManifest).sinks).toEqual({
      registrations: [
        { function: 'defineTool', config: 1, callback: 'run' },
        { function: 'addTool', config: 2 },
      ],
      resultBuilders: [{ function: 'addView' }],
    });
    expect(update.added).toEqual(['registration function addTool (sinks.registrations)']);
  });

  it('adds the list to sinks that has only result builders', () => {
    const manifest: RegistryManifest = { version: 1, sinks: { resultBuilders: [{ function: 'ok' }] }, keys: {} };
    const update = mergeIntoManifest(JSON.stringify(manifest, null, 2), manifest, proposed('defineTool'), new Set());
    expect((JSON.parse(update.text) as RegistryManifest).sinks).toEqual({
      resultBuilders: [{ function: 'ok' }],
      registrations: [{ function: 'defineTool', config: 0 }],
    });
  });

  it('adds proposed result builders beside the registrations the manifest has', () => {
    const manifest: RegistryManifest = { version: 1, sinks: { registrations: [{ function: 'defineTool', config: 0 }] }, keys: {} };
    const found: RegistryManifest = { version: 1, keys: {}, sinks: { resultBuilders: [{ function: 'textResult', argument: 1 }] } };
    const update = mergeIntoManifest(JSON.stringify(manifest, null, 2), manifest, found, new Set());
    expect((JSON.parse(update.text) as RegistryManifest).sinks).toEqual({
      registrations: [{ function: 'defineTool', config: 0 }],
      resultBuilders: [{ function: 'textResult', argument: 1 }],
    });
    expect(update.added).toEqual(['result builder textResult (sinks.resultBuilders)']);
  });
});
