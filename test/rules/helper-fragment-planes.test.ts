/**
 * An object a same-file helper returns for its callers to spread (`const uiMeta = (uri) => enabled ? { _meta: { ui: {
 * resourceUri: uri } } } : {}`, nutrition-mcp's six `registerTool('log_meal', { title, …, ...uiMeta(uri) }, cb)`): its
 * `_meta` goes where every call spreads it, as a literal spread under a condition is its host's. Placed only when each
 * use of the helper is a call spread into an object the flow places (a registration's config, a tool callback's
 * result), all on one plane; a helper other modules may call, one used any other way, or calls that disagree leave the
 * write where it was (the `unknown` plane).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from '@typescript-eslint/rule-tester';
import { afterAll, describe, expect, it } from 'vitest';
import rule from '../../rules/no-unregistered-meta-key';
import { analyzeSource } from '../../src/analysis/analyze-source';
import { loadRegistry } from '../../src/registry';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-helper-fragments-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const registryPath = path.join(root, 'mcp-meta.registry.json');
fs.writeFileSync(
  registryPath,
  JSON.stringify({
    version: 1,
    keys: {
      'com.acme/category': { producers: ['src/*.ts'], plane: ['tool'] },
      stats: { producers: ['src/*.ts'] },
      // On neither plane a call may put the fragment on: a write placed on either is reported, one left unplaced is not.
      'com.acme/view': { producers: ['src/*.ts'], plane: ['resource'] },
    },
  }),
);
const filename = path.join(root, 'src/tools.ts');

/** A helper that returns `{ _meta: { <key>: … } }` when enabled, and nothing to spread otherwise. */
const HELPER = (key: string) => `const metaOf = (value: string) => (enabled ? { _meta: { '${key}': value } } : {});\n`;
const CONFIG = (name: string) => `server.registerTool('${name}', { title: '${name}', ...metaOf('${name}') }, cb);\n`;

new RuleTester({ settings: { 'mcp-meta': { registry: registryPath } } }).run('no-unregistered-meta-key: helper fragments', rule, {
  valid: [
    {
      filename,
      code: `${HELPER('com.acme/category')}${CONFIG('a')}${CONFIG('b')}`,
      name: 'spread into registration configs only: a tool descriptor key, registered there',
    },
    {
      filename,
      code: `${HELPER('com.acme/view')}server.registerTool('a', { title: 'a', ...metaOf('a') }, async () => ({ content: [], ...metaOf('r') }));\n`,
      name: 'calls that disagree (a descriptor and a tool result): left unplaced',
    },
    {
      filename,
      code: `${HELPER('com.acme/view')}${CONFIG('a')}register(metaOf);\n`,
      name: 'a helper also used as a value: not every use is seen, left unplaced',
    },
    {
      filename,
      code: `export ${HELPER('com.acme/view')}${CONFIG('a')}`,
      name: 'an exported helper: other modules may spread it elsewhere, left unplaced',
    },
    {
      filename,
      code: `${HELPER('com.acme/view')}const extra = { ...metaOf('a') };\n`,
      name: 'spread into an object nothing places: left unplaced',
    },
  ],
  invalid: [
    {
      filename,
      code: `${HELPER('stats')}${CONFIG('a')}${CONFIG('b')}`,
      errors: [{ messageId: 'wrongPlane', line: 1, column: 57, endLine: 1, endColumn: 64 }],
      name: "nutrition-mcp's uiMeta: a fragment spread into registration configs is a tool descriptor's `_meta`",
    },
    {
      filename,
      code:
        'function metaOf(value: string) {\n  if (!enabled) return {};\n  return { _meta: { stats: value } };\n}\n' +
        `async function main() {\n  server.registerTool('a', { title: 'a', ...(await metaOf('a')) }, cb);\n}\n`,
      errors: [{ messageId: 'wrongPlane', line: 3, column: 21, endLine: 3, endColumn: 26 }],
      name: 'a function declaration, its call awaited in the spread',
    },
    {
      filename,
      code: `${HELPER('com.acme/category')}server.registerTool('a', {}, async () => ({ content: [], ...metaOf('a') }));\n`,
      errors: [{ messageId: 'wrongPlane', line: 1, column: 57, endLine: 1, endColumn: 76 }],
      name: "spread into what a tool callback returns: a tool result's `_meta`",
    },
  ],
});

describe('the plane of a helper fragment', () => {
  it('carries the evidence of the registration its calls are spread into', () => {
    const loaded = loadRegistry(registryPath);
    if (!loaded.ok) throw new Error('the test manifest does not load');
    const code = `${HELPER('com.acme/category')}${CONFIG('a')}${CONFIG('b')}`;
    const [fragment] = analyzeSource(code, filename, loaded.registry).writes;
    expect(fragment && { plane: fragment.plane, evidence: fragment.evidence }).toEqual({ plane: 'tool', evidence: 'sink' });
  });
});
