/**
 * A manifest hook function's fragment (`hookFunctions`) goes where this file's calls of it put it, by the same plane
 * rules as any other write: given to a registration's config it is a tool descriptor's `_meta`. The tool result stays
 * the manifest's answer when no call says otherwise with more than a name (issue 26 §4: `hookFunctionDepth` used to
 * make every hook function's return a tool result).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from '@typescript-eslint/rule-tester';
import { afterAll, describe, expect, it } from 'vitest';
import rule from '../../rules/no-unregistered-meta-key';
import { analyzeSource } from '../../src/analysis/analyze-source';
import { loadRegistry } from '../../src/registry';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-hook-functions-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const registryPath = path.join(root, 'mcp-meta.registry.json');
fs.writeFileSync(
  registryPath,
  JSON.stringify({
    version: 1,
    hookFunctions: ['getToolMeta', 'getStatsMeta'],
    keys: {
      'com.acme/category': { producers: ['src/*.ts'], plane: ['tool'] },
      stats: { producers: ['src/*.ts'] },
    },
  }),
);
const filename = path.join(root, 'src/tools.ts');

const TOOL_META = "function getToolMeta() {\n  return { 'com.acme/category': 'search' };\n}\n";

new RuleTester({ settings: { 'mcp-meta': { registry: registryPath } } }).run('no-unregistered-meta-key: hook function fragments', rule, {
  valid: [
    {
      filename,
      code: `${TOOL_META}server.registerTool('t', { description: 'd', _meta: getToolMeta() }, cb);`,
      name: "a hook function's fragment given to a registration's config is a tool descriptor's",
    },
    {
      filename,
      code: `${TOOL_META}async function main() {\n  server.registerTool('t', { description: 'd', _meta: { ...(await getToolMeta()) } }, cb);\n}`,
      name: 'spread into the config of a registration, awaited',
    },
    {
      filename,
      code: `${TOOL_META}const config = { description: 'd', _meta: {} };\nObject.assign(config._meta, getToolMeta());\nserver.registerTool('t', config, cb);`,
      name: 'merged into a config registered later',
    },
    {
      filename,
      code: 'function getStatsMeta() {\n  return { stats: 1 };\n}',
      name: 'no call in the file: a tool result, on the manifest word',
    },
    {
      filename,
      code: "function getStatsMeta() {\n  return { stats: 1 };\n}\nserver.registerTool('t', {}, async () => ({ content: [], _meta: getStatsMeta() }));",
      name: 'returned in a tool result: a tool result',
    },
  ],
  invalid: [
    {
      filename,
      code: "function getToolMeta() {\n  return { 'com.acme/other': 1 };\n}\nserver.registerTool('t', { description: 'd', _meta: getToolMeta() }, cb);",
      errors: [{ messageId: 'unregisteredKey', line: 2, column: 12, endLine: 2, endColumn: 28 }],
      name: 'a key the fragment writes on the tool descriptor is checked there',
    },
    {
      filename,
      code: TOOL_META,
      errors: [{ messageId: 'wrongPlane', line: 2, column: 12, endLine: 2, endColumn: 31 }],
      name: 'no call says otherwise: the fragment is a tool result, where the tool key is on the wrong plane',
    },
    {
      filename,
      code: `${TOOL_META}toolConfig._meta = getToolMeta();`,
      errors: [{ messageId: 'wrongPlane', line: 2, column: 12, endLine: 2, endColumn: 31 }],
      name: 'a name alone (`toolConfig`) does not outweigh the manifest',
    },
    {
      filename,
      code: `${TOOL_META}server.registerTool('t', { description: 'd', _meta: getToolMeta() }, async () => ({ content: [], _meta: getToolMeta() }));`,
      errors: [{ messageId: 'wrongPlane', line: 2, column: 12, endLine: 2, endColumn: 31 }],
      name: 'calls that disagree (a descriptor and a result): the manifest word',
    },
  ],
});

describe('the plane of a hook function fragment', () => {
  it('carries the evidence of the call that places it', () => {
    const loaded = loadRegistry(registryPath);
    if (!loaded.ok) throw new Error('the test manifest does not load');
    const code = `${TOOL_META}server.registerTool('t', { description: 'd', _meta: getToolMeta() }, cb);`;
    const fragment = analyzeSource(code, filename, loaded.registry).writes.find((write) => write.kind === 'hook-return');
    expect(fragment && { plane: fragment.plane, evidence: fragment.evidence }).toEqual({ plane: 'tool', evidence: 'sink' });
  });
});
