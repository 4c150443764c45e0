import { describe, expect, it } from 'vitest';
import { formattingOf, inlineJson, setJsonValue } from '../../src/cli/manifest-write';

describe('manifest edits (jsonc-parser modify + applyEdits)', () => {
  it('keeps a one-line container on one line', () => {
    const text = '{\n  "keys": { "a": { "producers": ["src/a.ts"], "fields": {} } }\n}\n';
    expect(setJsonValue(text, ['keys', 'a', 'producers', -1], 'src/b.ts')).toBe(
      '{\n  "keys": { "a": { "producers": ["src/a.ts", "src/b.ts"], "fields": {} } }\n}\n',
    );
    expect(setJsonValue(text, ['keys', 'a', 'fields', 'n'], { description: 'x' })).toBe(
      '{\n  "keys": { "a": { "producers": ["src/a.ts"], "fields": { "n": { "description": "x" } } } }\n}\n',
    );
  });

  it("lays a multi-line addition out in the file's indentation and line endings, leaving earlier lines alone", () => {
    const text = '{\r\n    "version": 1,\r\n    "keys": {\r\n        "a": {}\r\n    }\r\n}\r\n';
    expect(setJsonValue(text, ['keys', 'b'], { producers: ['x.ts'] })).toBe(
      '{\r\n    "version": 1,\r\n    "keys": {\r\n        "a": {},\r\n        "b": {\r\n            "producers": [\r\n                "x.ts"\r\n            ]\r\n        }\r\n    }\r\n}\r\n',
    );
  });

  it('reads the formatting a file uses', () => {
    expect(formattingOf('{\n\t"a": 1\n}')).toMatchObject({ insertSpaces: false, eol: '\n', insertFinalNewline: false });
    expect(formattingOf('{\n   "a": 1\n}\n')).toMatchObject({ insertSpaces: true, tabSize: 3, insertFinalNewline: true });
    expect(inlineJson({ a: ['b', 'c'], d: {}, e: 'x, y' })).toBe('{ "a": ["b", "c"], "d": {}, "e": "x, y" }');
  });
});
