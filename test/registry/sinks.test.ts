/**
 * The manifest's `sinks`: a team's own registration functions and result builders. A valid list is read into the
 * registry by function name; every broken entry is a problem with its place and a fix, never a crash.
 */
import { describe, expect, it } from 'vitest';
import { parseRegistry } from '../../src/registry';
import { problemsOf, registryOf } from './temp-project';

const FILE = '/project/mcp-meta.registry.json';
const manifest = (sinks: unknown): string => JSON.stringify({ version: 1, sinks, keys: {} }, null, 2);

describe('parseRegistry: sinks', () => {
  it('reads registrations (plane defaulted to tool) and result builders by function name', () => {
    const registry = registryOf(
      parseRegistry(
        manifest({
          registrations: [
            { function: 'defineTool', config: 0, callback: 1 },
            { function: 'addTool', config: 0, callback: 'execute' },
            { function: 'defineView', plane: 'resource', config: 1 },
          ],
          resultBuilders: [{ function: 'toolResult', argument: 0 }, { function: 'ok' }],
        }),
        FILE,
      ),
    );
    expect([...registry.sinks.registrations]).toEqual([
      ['defineTool', { plane: 'tool', config: 0, callback: 1 }],
      ['addTool', { plane: 'tool', config: 0, callback: 'execute' }],
      ['defineView', { plane: 'resource', config: 1 }],
    ]);
    expect([...registry.sinks.resultBuilders]).toEqual([
      ['toolResult', 0],
      ['ok', undefined],
    ]);
  });

  it("reads a registration that flattens its config's nested _meta (flattenKeys)", () => {
    const registry = registryOf(
      parseRegistry(manifest({ registrations: [{ function: 'defineTool', config: 0, callback: 1, flattenKeys: '/' }] }), FILE),
    );
    expect([...registry.sinks.registrations]).toEqual([['defineTool', { plane: 'tool', config: 0, callback: 1, flattenKeys: '/' }]]);
  });

  it("reads where a result builder is given its result's _meta under another name (meta)", () => {
    const registry = registryOf(
      parseRegistry(
        manifest({
          resultBuilders: [
            { function: 'respondOk', meta: { argument: 1, property: 'meta' } },
            { function: 'withMeta', argument: 0, meta: { argument: 1 } },
            { function: 'ok' },
          ],
        }),
        FILE,
      ),
    );
    expect([...registry.sinks.metaOptions]).toEqual([
      ['respondOk', { argument: 1, property: 'meta' }],
      ['withMeta', { argument: 1 }],
    ]);
    expect([...registry.sinks.resultBuilders]).toEqual([
      ['respondOk', undefined],
      ['withMeta', 0],
      ['ok', undefined],
    ]);
  });

  it('reads the base class members a registration takes as _meta (plane defaulted to tool)', () => {
    const registry = registryOf(
      parseRegistry(
        manifest({
          classMembers: [
            { class: 'BaseTool', member: 'meta' },
            { class: 'ToolBase', member: 'toolMeta' },
            { class: 'BaseTool', member: 'extraMeta' },
            { class: 'ViewBase', member: 'meta', plane: 'resource' },
          ],
        }),
        FILE,
      ),
    );
    expect([...registry.sinks.classMembers].map(([name, members]) => [name, [...members]])).toEqual([
      [
        'BaseTool',
        [
          ['meta', 'tool'],
          ['extraMeta', 'tool'],
        ],
      ],
      ['ToolBase', [['toolMeta', 'tool']]],
      ['ViewBase', [['meta', 'resource']]],
    ]);
  });

  it('is empty without the property', () => {
    const registry = registryOf(parseRegistry(JSON.stringify({ version: 1, keys: {} }), FILE));
    expect(registry.sinks.registrations.size + registry.sinks.resultBuilders.size).toBe(0);
  });

  it.each([
    [
      'a registration without its config',
      { registrations: [{ function: 'defineTool' }] },
      {
        pointer: '/sinks/registrations/0',
        line: 5,
        column: 7,
        message: "'/sinks/registrations/0' does not say which argument is the config.",
      },
      '"config": its position',
    ],
    [
      'a misspelt property',
      { registrations: [{ function: 'defineTool', config: 0, callbak: 1 }] },
      { pointer: '/sinks/registrations/0/callbak', line: 8, column: 9 },
      "Rename 'callbak' to 'callback'",
    ],
    [
      'a callback that is neither a position nor a property name (one problem, not one per branch)',
      { registrations: [{ function: 'defineTool', config: 0, callback: true }] },
      {
        pointer: '/sinks/registrations/0/callback',
        line: 8,
        column: 21,
        message:
          "'/sinks/registrations/0/callback' must be the callback's argument position (0 to 9) or the name of the config property that holds it.",
      },
      '"handler" for defineTool({ name, handler })',
    ],
    [
      'a flattenKeys separator with letters in it',
      { registrations: [{ function: 'defineTool', config: 0, flattenKeys: 'slash' }] },
      {
        pointer: '/sinks/registrations/0/flattenKeys',
        line: 8,
        column: 24,
        message:
          "'/sinks/registrations/0/flattenKeys' must be the separator the function joins nested key names with: no letters, digits or spaces.",
      },
      'Write e.g. "/"',
    ],
    [
      'a negative position',
      { registrations: [{ function: 'defineTool', config: -1 }] },
      { pointer: '/sinks/registrations/0/config', line: 7, column: 19 },
      'e.g. 0 for defineTool({ name, _meta }, cb)',
    ],
    [
      'a plane that is not a registration plane',
      { registrations: [{ function: 'defineTool', config: 0, plane: 'tools' }] },
      {
        pointer: '/sinks/registrations/0/plane',
        message: `'/sinks/registrations/0/plane' is "tools" (did you mean 'tool'?); allowed: 'tool', 'resource'.`,
      },
      "Write 'tool'",
    ],
    [
      'a dotted name no call can match',
      { resultBuilders: [{ function: 'kit.toolResult' }] },
      { pointer: '/sinks/resultBuilders/0/function', line: 6, column: 21 },
      "not 'app.defineTool'",
    ],
    [
      'a function listed twice (the second entry is the one reported)',
      { registrations: [{ function: 'ok', config: 0 }], resultBuilders: [{ function: 'ok' }] },
      {
        pointer: '/sinks/resultBuilders/0/function',
        message: `'ok' is listed twice in "sinks" (first at '/sinks/registrations/0'), so its calls would be read two ways.`,
      },
      "Keep one entry for 'ok'",
    ],
    [
      "a callback at the config's own position",
      { registrations: [{ function: 'defineTool', config: 1, callback: 1 }] },
      { pointer: '/sinks/registrations/0/callback', line: 8, column: 21 },
      'e.g. 2 for defineTool(config, callback)',
    ],
    [
      'a callback on a resource registration',
      { registrations: [{ function: 'defineView', plane: 'resource', config: 0, callback: 1 }] },
      {
        pointer: '/sinks/registrations/0/callback',
        message: "'defineView' registers a resource, whose callback returns resource contents, not a tool result.",
      },
      'Remove "callback"',
    ],
    [
      "a result builder's meta without its argument",
      { resultBuilders: [{ function: 'respondOk', meta: { property: 'meta' } }] },
      {
        pointer: '/sinks/resultBuilders/0/meta',
        message: "'/sinks/resultBuilders/0/meta' does not say which argument holds the result's _meta.",
      },
      '"argument": its position',
    ],
    [
      "a result builder's meta at a position out of range",
      { resultBuilders: [{ function: 'respondOk', meta: { argument: 10, property: 'meta' } }] },
      {
        pointer: '/sinks/resultBuilders/0/meta/argument',
        message: "'/sinks/resultBuilders/0/meta/argument' must be an argument position from 0 to 9 (0 is the first argument).",
      },
      'holds the _meta value',
    ],
    [
      "a result builder's meta given as _meta itself",
      { resultBuilders: [{ function: 'respondOk', meta: { argument: 1, property: '_meta' } }] },
      {
        pointer: '/sinks/resultBuilders/0/meta/property',
        message: "'respondOk' is given its result's _meta as _meta itself, which every call's literal already shows.",
      },
      'Remove "meta" from \'respondOk\'',
    ],
    [
      'a base class written with its module',
      { classMembers: [{ class: 'kit.BaseTool', member: 'meta' }] },
      {
        pointer: '/sinks/classMembers/0/class',
        message: `'kit.BaseTool' in "sinks.classMembers" is not a JavaScript identifier, so no class can extend it.`,
      },
      "the bare class name `extends` names (e.g. 'BaseTool')",
    ],
    [
      'a member written as a read of this',
      { classMembers: [{ class: 'BaseTool', member: 'this.meta' }] },
      { pointer: '/sinks/classMembers/0/member' },
      "the bare member name (e.g. 'meta' for this.meta)",
    ],
    [
      'a class member listed twice',
      {
        classMembers: [
          { class: 'BaseTool', member: 'meta' },
          { class: 'BaseTool', member: 'meta', plane: 'resource' },
        ],
      },
      {
        pointer: '/sinks/classMembers/1/member',
        message: `'BaseTool.meta' is listed twice in "sinks.classMembers" (first at '/sinks/classMembers/0').`,
      },
      "Keep one entry for 'BaseTool.meta'",
    ],
    ['a class member without its member', { classMembers: [{ class: 'BaseTool' }] }, { pointer: '/sinks/classMembers/0' }, 'member'],
    [
      'a result builder written as a bare name',
      { resultBuilders: ['ok'] },
      { pointer: '/sinks/resultBuilders/0', message: "'/sinks/resultBuilders/0' must be an object, not a string." },
      'to an object',
    ],
  ])('%s: one problem with its place and fix', (_title, sinks, expected, fix) => {
    const problems = problemsOf(parseRegistry(manifest(sinks), FILE));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ severity: 'error', file: FILE, ...expected });
    expect(problems[0].fix).toContain(fix);
  });
});
