import { describe, expect, it } from 'vitest';
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
    ['a/b/c', /invalid prefix label 'a\/b'/],
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
