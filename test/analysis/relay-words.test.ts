/**
 * `mayRelay` and the relay walk's marks (src/analysis/relay/pass-through-request.ts), read from the file's one scan of
 * words (file-words.ts), are what `relayMarks`, the relay words' own regex, defines: a relay word as a whole word, a descriptor type (`Tool`, `Resource`,
 * `ResourceTemplate`, `Prompt`) only as a function's return type. The same answer on real code (the installed MCP SDKs, this
 * project's sources and fixtures) and on strings built from the words, their parts and the characters around them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DESCRIPTOR_TYPES, mayRelay, relayMarks, relayMarksOf, RELAY_WORD_LIST } from '../../src/analysis/relay/pass-through-request';
import { sourceFiles } from './source-files';
import { tokenStrings } from './token-strings';

function differences(texts: Iterable<string>): string[] {
  const found: string[] = [];
  for (const text of texts) {
    const expected = relayMarks(text, true).length > 0;
    if (mayRelay(text) !== expected && found.length < 10) found.push(`${JSON.stringify(text)}: regex ${expected}`);
    const marks = relayMarks(text, false).join();
    if (relayMarksOf(text, false).join() !== marks && found.length < 10) found.push(`${JSON.stringify(text)}: regex marks ${marks}`);
  }
  return found;
}

describe('the relay words', () => {
  it('hold every SDK descriptor type the list calls name, longest first (file-words.ts writes them out)', () => {
    const types = RELAY_WORD_LIST.filter((word) => DESCRIPTOR_TYPES.has(word));
    expect(types).toEqual([...DESCRIPTOR_TYPES.keys()].sort((a, b) => b.length - a.length));
  });
});

describe('mayRelay and the relay marks from the shared scan are the relay words regex', () => {
  const root = path.resolve(__dirname, '../..');

  it('on real code: the MCP SDKs, this project, its fixtures', () => {
    const files = [
      ...sourceFiles(path.join(root, 'node_modules/@modelcontextprotocol/sdk/dist/esm'), 400),
      ...sourceFiles(path.join(root, 'node_modules/@modelcontextprotocol/client/dist'), 100),
      ...sourceFiles(path.join(root, 'src'), 400),
      ...sourceFiles(path.join(root, 'test/fixtures'), 400),
      ...sourceFiles(path.join(root, 'test/rules'), 100),
      ...sourceFiles(path.join(root, 'fixtures'), 200),
    ];
    expect(files.length).toBeGreaterThan(300);
    const texts = files.map((file) => fs.readFileSync(file, 'utf8'));
    expect(differences(texts)).toEqual([]);
    const relaying = texts.filter((text) => mayRelay(text)).length;
    // Both answers occur.
    expect(relaying).toBeGreaterThan(20);
    expect(relaying).toBeLessThan(texts.length);
  });

  it.each([
    ['', false],
    ['x.callTool()', true],
    ['x.callTools()', false],
    ['tools/call', true],
    ["'tools/callx'", false],
    ['xtools/list', false],
    ['resources/read', true],
    ['mcpReq', true],
    ['ctx.mcpRequest', false],
    ['const t: Tool = x', false],
    ['function f(): Tool {}', true],
    ['function f(): Promise<mcp.Resource> {}', true],
    ['function f(): ResourceTemplate {}', true],
    ['function f(): ResourceTemplates {}', false],
    ['registerTool(x)', false],
    ['CallToolResult', false],
    ['const r: Resource; listResourceTemplates()', true],
    ['_Tool $Tool', false],
    ['): $Tool', false],
  ])('%j: %s', (text, expected) => {
    expect(mayRelay(text)).toBe(expected);
    expect(differences([text])).toEqual([]);
  });

  it('every UTF-16 code unit around each relay word', () => {
    const texts: string[] = [];
    for (let code = 0; code <= 0xffff; code += 1) {
      const c = String.fromCharCode(code);
      for (const word of RELAY_WORD_LIST) texts.push(`${c}${word}${c}`, `)${c}: ${word}`, `x${c}${word}`);
    }
    expect(differences(texts)).toEqual([]);
  });

  it('random strings of the words, their parts and what is around them', () => {
    const tokens = [
      ...RELAY_WORD_LIST,
      'Tools',
      'tools',
      'resources',
      'call',
      'list',
      'read',
      'Template',
      'Promise<',
      '>',
      '):',
      ')',
      ':',
      '.',
      '/',
      ' ',
      '\n',
      'x',
      '_',
      '$',
      'mcp',
      'Req',
    ];
    expect(differences(tokenStrings(tokens, { maxTokens: 8, seed: 7 }))).toEqual([]);
  });
});
