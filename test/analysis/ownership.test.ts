/**
 * Ownership is attached once, in the model (src/analysis/keys/ownership.ts): every key of a file's analysis carries its
 * writer and the keys that writer produces, so the rules, `check` and `init` read it and never work it out again.
 */
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { analyzeSource, findMetaWritesInSource } from '../../src/analysis/analyze-source';
import { isOwned } from '../../src/analysis/keys/ownership';
import { loadRegistry } from '../../src/registry';
import type { Registry } from '../../src/registry/types';
import { makeTempProject, removeTempProject } from '../registry/temp-project';

let dir: string;
let registry: Registry;

beforeEach(() => {
  dir = makeTempProject({
    'src/widgets.ts': 'export function widgetMeta() { return { widget: 1 }; }\n',
    'mcp-meta.registry.json': JSON.stringify({
      version: 1,
      keys: { stats: { producers: ['src/stats.ts'] }, widget: { producers: ['src/widgets.ts'] } },
    }),
  });
  const loaded = loadRegistry(path.join(dir, 'mcp-meta.registry.json'));
  if (!loaded.ok) throw new Error('temp manifest did not load');
  registry = loaded.registry;
});
afterEach(() => removeTempProject(dir));

const CALLER = `
import { widgetMeta } from './widgets.js';
export function a(result: { _meta?: Record<string, unknown> }) { result._meta = { ...result._meta, stats: 1, other: 2 }; }
export const b = { content: [], _meta: widgetMeta() };
`;

describe('attachOwnership', () => {
  it("attaches each key's writer and whether it is one of that key's producers", () => {
    const file = path.join(dir, 'src/stats.ts');
    const keys = analyzeSource(CALLER, file, registry).writes.flatMap((write) => write.keys);
    const seen = keys.map((key) => ({ name: key.name, writer: key.ownership?.writer, owned: isOwned(key) }));
    expect(seen).toEqual([
      { name: 'stats', writer: file, owned: true },
      { name: 'other', writer: file, owned: false },
      // Built by the imported helper: its module writes the key, and that module is the key's producer.
      { name: 'widget', writer: path.join(dir, 'src/widgets.ts'), owned: true },
    ]);
  });

  it('keeps exactly the fields each key had, with its ownership and registration last (an absent builtBy stays absent)', () => {
    const file = path.join(dir, 'src/stats.ts');
    const keys = analyzeSource(CALLER, file, registry).writes.flatMap((write) => write.keys);
    expect(keys.map((key) => Object.keys(key))).toEqual([
      ['name', 'source', 'node', 'value', 'ownership', 'registration'],
      ['name', 'source', 'node', 'value', 'ownership', 'registration'],
      ['name', 'source', 'node', 'value', 'builtBy', 'ownership', 'registration'],
    ]);
  });

  it("attaches each key's registration on its write's plane, and none where the plane or the name is not known", () => {
    const file = path.join(dir, 'src/stats.ts');
    const text = `${CALLER}
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
declare const server: McpServer;
server.registerTool('t', { description: 'd', _meta: { stats: 1 } }, async () => ({ content: [] }));
export function c(thing: any, k: string) { thing._meta = { ...thing._meta, stats: 1 }; thing._meta[k] = 1; }
`;
    const writes = analyzeSource(text, file, registry).writes;
    const seen = writes.flatMap((write) => write.keys.map((key) => [write.plane, key.name, key.registration?.status ?? 'none']));
    expect(seen).toEqual([
      ['result', 'stats', 'registered'],
      ['result', 'other', 'unregistered'],
      ['result', 'widget', 'registered'],
      ['tool', 'stats', 'other-plane'],
      ['unknown', 'stats', 'none'],
      ['unknown', null, 'none'],
    ]);
  });

  it('without a manifest (init) attaches writers and no producers', () => {
    const file = path.join(dir, 'src/stats.ts');
    const keys = findMetaWritesInSource(CALLER, file, registry).flatMap((write) => write.keys);
    expect(keys.map((key) => [key.name, key.ownership?.writer, isOwned(key)])).toEqual([
      ['stats', file, false],
      ['other', file, false],
      ['widget', path.join(dir, 'src/widgets.ts'), false],
    ]);
  });
});
