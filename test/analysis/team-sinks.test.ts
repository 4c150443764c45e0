/**
 * The manifest's `sinks` in the write model: a config passed to the team's registration function is a tool
 * descriptor (or a resource), what its callback returns is a tool result, and so is a result builder's argument and
 * value, each with evidence `manifest`. Without `sinks` the same code falls back to shapes and names.
 */
import { describe, expect, it } from 'vitest';
import { writesOn } from '../../src/analysis/planes';
import { findMetaWritesInSource, parseSource } from '../../src/analysis/analyze-source';
import { findMetaWrites } from '../../src/analysis/find-meta-writes';
import { teamSinkNames } from '../../src/registry/build-registry';

const FILE = '/project/src/tools.ts';
const BASE = { emitters: new Set<string>(), hooks: new Set<string>(), hookFunctions: new Set<string>() };
const WITH_SINKS = {
  ...BASE,
  sinks: teamSinkNames({
    sinks: {
      registrations: [
        { function: 'defineTool', config: 0, callback: 1 },
        { function: 'addTool', config: 0, callback: 'execute' },
        { function: 'defineView', plane: 'resource', config: 1 },
      ],
      resultBuilders: [{ function: 'toolResult', argument: 0 }, { function: 'ok' }],
    },
  }),
};

/** `line plane evidence` of each write on a plane a manifest checks, in source order (the rest is `unknown`). */
function planes(code: string, vocabulary: typeof BASE = WITH_SINKS): string[] {
  return writesOn(findMetaWritesInSource(code, FILE, vocabulary), 'manifest').map(
    (write) => `${write.node.loc.start.line} ${write.plane} ${write.evidence}`,
  );
}

describe('team sinks from the manifest', () => {
  it("a registration's config (inline or filled in before) is a descriptor, its callback's return a result", () => {
    const code = [
      'defineTool({ name: "a", _meta: { k: 1 } }, async () => ({ data: 1, _meta: { k: 2 } }));',
      'const def = { name: "b", _meta: {} };',
      'def._meta.k = 3;',
      'defineTool(def, cb);',
      'addTool({ name: "c", _meta: { k: 4 }, execute: async () => ({ data: 1, _meta: { k: 5 } }) });',
      'addTool({ name: "d", execute() { return { data: 1, _meta: { k: 6 } }; } });',
      'defineView("ui://v", { _meta: { k: 7 } });',
    ].join('\n');
    expect(planes(code)).toEqual([
      '1 tool manifest',
      '1 result manifest',
      '2 tool manifest',
      '3 tool manifest',
      '5 tool manifest',
      '5 result manifest',
      '6 result manifest',
      '7 resource manifest',
    ]);
    // Without the manifest's word nothing places these objects (`def` was a tool result by the any-name fallback).
    expect(planes(code, BASE)).toEqual([]);
  });

  it("a result builder's argument and its value are tool results", () => {
    const code = [
      'function a(data) {',
      '  return toolResult({ data, _meta: { k: 1 } });',
      '}',
      'function b() {',
      '  const view = ok("done");',
      '  view._meta = { ...view._meta, k: 2 };',
      '  return view;',
      '}',
    ].join('\n');
    expect(planes(code)).toEqual(['2 result manifest', '6 result manifest']);
    // `view` was a tool result only by the any-name fallback: now unknown.
    expect(planes(code, BASE)).toEqual([]);
  });

  it('other positions and other functions are not sinks; the callback by position is only that position', () => {
    const code = [
      'defineTool(cfg, { _meta: { k: 1 } });',
      'defineTool(cfg, cb, { _meta: { k: 2 } });',
      'addTool({ name: "x", other: () => ({ data: 1, _meta: { k: 3 } }) });',
      'ok({ _meta: { k: 4 } });',
      'defineView("ui://v", cfg, () => ({ data: 1, _meta: { k: 5 } }));',
    ].join('\n');
    expect(planes(code)).toEqual([]);
  });

  it('one AST analysed under two manifests: each answer is the one its own sinks give, in either order', () => {
    // The plane phase memoises per declaration; the sinks are an input of those answers, so they are part of the key
    // (the CLI and an editor may analyse one tree under another manifest: `init`'s detected names, an edited manifest).
    const text = ['const def = { name: "b", _meta: {} };', 'def._meta.k = 3;', 'defineTool(def, cb);'].join('\n');
    const on = (ast: ReturnType<typeof parseSource>, vocabulary: typeof BASE): string[] =>
      writesOn(findMetaWrites({ ...ast, filename: FILE, text, vocabulary }), 'manifest').map(
        (write) => `${write.node.loc.start.line} ${write.plane} ${write.evidence}`,
      );
    const withSinksFirst = parseSource(text, FILE);
    expect(on(withSinksFirst, WITH_SINKS)).toEqual(['1 tool manifest', '2 tool manifest']);
    expect(on(withSinksFirst, BASE)).toEqual([]);
    const withoutFirst = parseSource(text, FILE);
    expect(on(withoutFirst, BASE)).toEqual([]);
    expect(on(withoutFirst, WITH_SINKS)).toEqual(['1 tool manifest', '2 tool manifest']);
  });
});
