/**
 * A `_meta` a callback answers with, when a same-file wrapper builds the tool result from that answer
 * (dynatrace-mcp's `wrapToolCallback(name, cb)`: it awaits `cb(args)` and copies `response._meta` into the
 * `CallToolResult` it returns). The callback's `_meta` is the tool result's. Placed only when the wrapper reads the
 * answer's `_meta` and puts it into a `_meta` on the tool-result plane; a wrapper that keeps only the text, or puts
 * the answer's `_meta` elsewhere, leaves the write where it was (the `unknown` plane).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from '@typescript-eslint/rule-tester';
import { afterAll, describe, expect, it } from 'vitest';
import rule from '../../rules/no-unregistered-meta-key';
import { analyzeSource } from '../../src/analysis/analyze-source';
import { loadRegistry } from '../../src/registry';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-wrapped-callbacks-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const registryPath = path.join(root, 'mcp-meta.registry.json');
fs.writeFileSync(registryPath, JSON.stringify({ version: 1, keys: { records: { producers: ['src/*.ts'], plane: ['result'] } } }));
const filename = path.join(root, 'src/index.ts');

/** dynatrace-mcp's wrapper (src/index.ts, cut down): the answer's `_meta` through a `const` and `?:` into the result. */
const DYNATRACE_WRAPPER = `type ToolCallbackResult = string | { text: string; _meta?: Record<string, unknown> };
const wrapToolCallback = (name: string, cb: (args: any) => Promise<ToolCallbackResult>) => {
  return async (args: any, _extra?: any): Promise<CallToolResult> => {
    const response = await cb(args);
    const text = typeof response === 'string' ? response : response.text;
    const _meta = typeof response === 'string' ? undefined : response._meta;
    const result: CallToolResult = { content: [{ type: 'text', text }] };
    if (_meta) {
      result._meta = _meta;
    }
    return result;
  };
};
`;

/** A wrapper that keeps only the answer's text: the callback's `_meta` goes nowhere the code shows. */
const TEXT_ONLY_WRAPPER = `const wrapToolCallback = (name: string, cb: (args: any) => Promise<{ text: string; _meta?: object }>) => {
  return async (args: any): Promise<CallToolResult> => {
    const response = await cb(args);
    return { content: [{ type: 'text', text: response.text }] };
  };
};
`;

/** A wrapper that sends the answer's `_meta` in a JSON body, no tool result. */
const BODY_WRAPPER = `const wrapToolCallback = (name: string, cb: (args: any) => Promise<{ text: string; _meta?: object }>) => {
  return async (args: any) => {
    const response = await cb(args);
    res.send(JSON.stringify({ text: response.text, _meta: response._meta }));
  };
};
`;

/** The registration, its callback given to the wrapper, answering with `_meta: { <key>: … }` (line 2 of it). */
const REGISTRATION = (
  key: string,
) => `server.registerTool('execute_dql', { title: 'DQL' }, wrapToolCallback('execute_dql', async ({ q }) => {
  return { text: 'done', _meta: { ${key}: await run(q) } };
}));
`;

new RuleTester({ settings: { 'mcp-meta': { registry: registryPath } } }).run('no-unregistered-meta-key: wrapped callbacks', rule, {
  valid: [
    {
      filename,
      code: `${DYNATRACE_WRAPPER}${REGISTRATION('records')}`,
      name: "dynatrace-mcp's wrapToolCallback: the callback's key, registered on the tool result",
    },
    {
      filename,
      code: `${TEXT_ONLY_WRAPPER}${REGISTRATION('scannedBytes')}`,
      name: "a wrapper that keeps only the answer's text: left unplaced",
    },
    {
      filename,
      code: `${BODY_WRAPPER}${REGISTRATION('scannedBytes')}`,
      name: "a wrapper that puts the answer's `_meta` into a JSON body: left unplaced",
    },
  ],
  invalid: [
    {
      filename,
      code: `${DYNATRACE_WRAPPER}${REGISTRATION('scannedBytes')}`,
      errors: [{ messageId: 'unregisteredKey', line: 15, column: 35, endLine: 15, endColumn: 47, suggestions: [] }],
      name: "dynatrace-mcp's wrapToolCallback: an unregistered key in the callback's `_meta` is the tool result's",
    },
    {
      filename,
      code:
        'function wrap(cb: () => Promise<{ _meta?: object }>) {\n' +
        '  return async () => ({ content: [], _meta: (await cb())?._meta });\n' +
        '}\n' +
        "server.registerTool('a', {}, wrap(async () => ({ _meta: { scannedBytes: 1 } })));\n",
      errors: [{ messageId: 'unregisteredKey', line: 4, column: 59, endLine: 4, endColumn: 71, suggestions: [] }],
      name: "a function declaration reading the awaited answer's `_meta` into the result it returns",
    },
  ],
});

describe('the plane of a wrapped callback answer', () => {
  it("carries the evidence of the `_meta` the wrapper copies it into (the result's declared type)", () => {
    const loaded = loadRegistry(registryPath);
    if (!loaded.ok) throw new Error('the test manifest does not load');
    const code = `${DYNATRACE_WRAPPER}${REGISTRATION('records')}`;
    const answer = analyzeSource(code, filename, loaded.registry).writes.find((write) => write.keys.some((key) => key.name === 'records'));
    expect(answer && { plane: answer.plane, evidence: answer.evidence }).toEqual({ plane: 'result', evidence: 'type' });
  });
});
