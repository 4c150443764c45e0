import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkMetaKeyName } from '../../src/registry';

describe('checkMetaKeyName (MCP _meta key-name rules)', () => {
  it.each([
    'retrieval',
    'brain_hot_memory',
    'a',
    '7',
    'x.y-z_1',
    'com.example/retrieval',
    'com.example.mcp/x', // second label is "example": not reserved
    'mcp/x', // single label: no second label, not reserved
    'io.example-corp.a1/v2.beta',
  ])('accepts %s', (key) => {
    expect(checkMetaKeyName(key)).toBeUndefined();
  });

  it.each([
    ['io.modelcontextprotocol/x', /reserves/],
    ['dev.mcp/x', /reserves/],
    ['org.modelcontextprotocol.api/x', /reserves/],
    ['com.MCP.tools/x', /reserves/],
    ['1com.example/x', /invalid prefix label '1com'/],
    ['com.example-/x', /invalid prefix label 'example-'/],
    ['com..example/x', /invalid prefix label ''/],
    ['a/b/c', /has a '\/' inside its name 'b\/c'/],
    ['openai/toolInvocation/invoking', /has a '\/' inside its name 'toolInvocation\/invoking'/],
    ['progressToken', /MCP itself defines/],
    ['com.example/', /no name/],
    ['', /empty name/],
    ['_private', /breaks/],
    ['trailing-', /breaks/],
    ['has space', /breaks/],
    ['ünïcode', /breaks/],
  ])('rejects %s', (key, message) => {
    const issue = checkMetaKeyName(key);
    expect(issue?.message).toMatch(message);
    expect(issue?.fix).toMatch(/\S/);
  });
});

describe('checkMetaKeyName: what the fix says', () => {
  it('offers "external" for a host key with a second slash', () => {
    expect(checkMetaKeyName('openai/toolInvocation/invoking')?.fix).toBe(
      `If a host defines this key (it cannot be renamed), add "external": true (or its "catalogue" entry) to it; otherwise rename it, e.g. 'openai/toolInvocation-invoking'.`,
    );
  });

  it('checks the prefix before the name, so a bad first label is named', () => {
    expect(checkMetaKeyName('1a/b/c')?.message).toMatch(/invalid prefix label '1a'/);
  });

  it('reserves progressToken only without a prefix', () => {
    expect(checkMetaKeyName('progressToken')?.fix).toMatch(/written by the caller of a request, not registered by a server/);
    expect(checkMetaKeyName('com.example/progressToken')).toBeUndefined();
    expect(checkMetaKeyName('progresstoken')).toBeUndefined();
  });
});

describe("the schema's key-name pattern (what editors check) agrees with checkMetaKeyName", () => {
  const schema = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../schema/registry.schema.json'), 'utf8')) as {
    properties: { keys: { patternProperties: Record<string, unknown> } };
  };
  const [source] = Object.keys(schema.properties.keys.patternProperties);
  const pattern = new RegExp(source, 'u');

  it.each([
    'retrieval',
    'com.example/retrieval',
    'com.example.mcp/x',
    'mcp/x',
    'x.y-z_1',
    'io.modelcontextprotocol/x',
    'dev.mcp/x',
    'com.MCP.tools/x',
    'io.ModelContextProtocol/x',
    'openai/toolInvocation/invoking',
    'progressToken',
    'com.example/progressToken',
    'bad_',
    '1com.example/x',
    'com.example/',
    'has space',
  ])('%s', (key) => {
    expect(pattern.test(key)).toBe(checkMetaKeyName(key) === undefined);
  });
});
