/**
 * The pass-through marks found by `indexOf` (src/analysis/relay/pass-through-marks.ts) are exactly the ones the `MARKS`
 * regexes define: the same answer from `mayPassThrough`, the same offsets from `PassThroughMarks.of`, on real code
 * (the installed MCP SDKs, this project's sources and fixtures) and on adversarial strings built from the characters
 * and words the regexes look at. The regexes below are the ones the text check and the marks were before.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MARKS, mayPassThrough, PassThroughMarks } from '../../src/analysis/relay/pass-through-marks';
import { costCount } from '../../src/util/cost-counter';
import { sourceFiles } from './source-files';
import { tokenStrings } from './token-strings';

const FIELD_NAME = /\b(?:content|structuredContent|isError)\b/;
const ANY_MARK = new RegExp(`${MARKS.fieldRead}|${MARKS.fieldDestructured}`);
const FIELD_READ = new RegExp(MARKS.fieldRead, 'g');
const FIELD_DESTRUCTURED = new RegExp(MARKS.fieldDestructured);
const FIELD_WORD = new RegExp(MARKS.fieldWord, 'g');
const META_LITERAL = new RegExp(MARKS.metaLiteral);
const META = new RegExp(MARKS.meta, 'g');

/** The marks' offsets as the regexes found them (one scan per kind), sorted and deduplicated. */
function regexMarks(text: string): number[] {
  const offsets = [...text.matchAll(FIELD_READ)].map((match) => match.index);
  if (FIELD_DESTRUCTURED.test(text)) offsets.push(...[...text.matchAll(FIELD_WORD)].map((match) => match.index));
  if (META_LITERAL.test(text)) offsets.push(...[...text.matchAll(META)].map((match) => match.index));
  return [...new Set(offsets)].sort((a, b) => a - b);
}

/** The offsets `marks` holds, read back through `hasIn` one character at a time. */
function heldOffsets(marks: PassThroughMarks | null, length: number): number[] {
  if (!marks) return [];
  const held: number[] = [];
  for (let offset = 0; offset < length; offset += 1) if (marks.hasIn(offset, offset + 1)) held.push(offset);
  return held;
}

/** How the indexOf answers differ from the regexes' on `text`, or null when they do not. */
function differenceFromRegexes(text: string): string | null {
  if (mayPassThrough(text) !== (FIELD_NAME.test(text) && ANY_MARK.test(text))) return `mayPassThrough ${JSON.stringify(text)}`;
  const expected = regexMarks(text);
  const marks = PassThroughMarks.of(text);
  if ((marks === null) !== (expected.length === 0)) return `marks null ${JSON.stringify(text)}`;
  const held = heldOffsets(marks, text.length);
  if (held.join() !== expected.join()) return `marks ${JSON.stringify(text)}: ${held.join()} for ${expected.join()}`;
  return null;
}

function expectSameAsRegexes(texts: Iterable<string>): void {
  const differences: string[] = [];
  for (const text of texts) {
    const difference = differenceFromRegexes(text);
    if (difference && differences.length < 10) differences.push(difference);
  }
  expect(differences).toEqual([]);
}

describe('pass-through marks by indexOf are the MARKS regexes', () => {
  const root = path.resolve(__dirname, '../..');
  const real = [
    ...sourceFiles(path.join(root, 'node_modules/@modelcontextprotocol/sdk/dist/esm'), 400),
    ...sourceFiles(path.join(root, 'node_modules/@modelcontextprotocol/client/dist'), 100),
    ...sourceFiles(path.join(root, 'src'), 400),
    ...sourceFiles(path.join(root, 'test/fixtures'), 400),
    ...sourceFiles(path.join(root, 'test/rules'), 100),
  ];

  it('on real code: the MCP SDKs, this project, its fixtures', () => {
    expect(real.length).toBeGreaterThan(300);
    const texts = real.map((file) => fs.readFileSync(file, 'utf8'));
    expectSameAsRegexes(texts);
    const marked = texts.filter((text) => PassThroughMarks.of(text) !== null).length;
    // Both answers occur: the comparison is not only of files without marks.
    expect(marked).toBeGreaterThan(20);
    expect(marked).toBeLessThan(real.length);
  });

  it.each([
    ['', false],
    ['content', false],
    ['r.content', true],
    ['r . \u00a0\u2028\ufeff content', true],
    ['r.\u180econtent', false],
    ['r.contents', false],
    ['r.content_', false],
    ['r.content$', true],
    ['r.xcontent', false],
    ['r.Content', false],
    ['r.structuredContent', true],
    ['r?.isError', true],
    ["r[ 'content' ]", true],
    ['r[`isError`]', true],
    ['r["content\']', false],
    ["r['content'", false],
    ["r['content' x]", false],
    ["r'content']", false],
    ['const{content}', true],
    ['xconst {content}', false],
    ['$let\n{ a: { b }, isError }', true],
    ['var { a }; content', false],
    ['const {; structuredContent }', false],
    ['constcontent', false],
    ['const content', false],
    ['const { a } = b, c = { content }', true],
    ['const { a }; let x = { content }', false],
    ['const { a } { content }', true],
    ['const { a } ; { content }', false],
    ['let{\n;isError', false],
    ['var {content', true],
    ['const \u00a0\u2028{ isError', true],
    ['xlet { content }', false],
    ['_var { content }', false],
    ['$var { content }', true],
    ['const\u180e{ content }', false],
    ['const { a }; const { b } = x; c; const { content }', true],
    ['const { a }; content; const { b }', false],
    ['const { a }; content; const { b }; isError', false],
  ])("%j: mayPassThrough is %s, and every answer is the regexes'", (text, expected) => {
    expect(mayPassThrough(text)).toBe(expected);
    expectSameAsRegexes([text]);
  });

  it.each([
    ['_meta with callTool', 'x.callTool(); const m = { _meta: r._meta };'],
    ['_meta with params only', 'f({ ...params, _meta: {} })'],
    ['_meta words and not', 'params; a_meta _meta_ $_meta _meta$ _metas _meta'],
    ['_meta without a request or callTool', 'const m = { _meta: r._meta, content: r.content };'],
    ['field words, destructured', 'const { content } = r; return { content, isError: r.isError, c: r["structuredContent"] };'],
    ['field words, not destructured', 'return { content, isError: r.isError };'],
  ])('%s: the same offsets', (_name, text) => {
    expect(PassThroughMarks.of(text)).not.toBeNull();
    expectSameAsRegexes([text]);
  });

  it('every UTF-16 code unit around a field word and a _meta', () => {
    const texts: string[] = [];
    for (let code = 0; code <= 0xffff; code += 1) {
      const c = String.fromCharCode(code);
      texts.push(
        `r.${c}content`,
        `${c}content${c}`,
        `r[${c}'isError'${c}]`,
        `r[${c}isError${c}]`,
        `const${c}{ content }`,
        `${c}let {${c}isError${c}}`,
        `params ${c}_meta${c}`,
      );
    }
    expectSameAsRegexes(texts);
  });

  it('random strings of the tokens the regexes look at', () => {
    const tokens = [
      'content',
      'structuredContent',
      'isError',
      'Content',
      'contents',
      '_meta',
      'callTool',
      'params',
      'progressToken',
      'const',
      'let',
      'var',
      '{',
      '}',
      ';',
      '.',
      '?.',
      '[',
      ']',
      "'",
      '"',
      '`',
      ' ',
      '\n',
      '\t',
      '\u00a0',
      '\u2028',
      '\ufeff',
      '\u180e',
      'x',
      '_',
      '$',
      '0',
      'é',
      '\ud83d\ude00',
    ];
    expectSameAsRegexes(tokenStrings(tokens, { maxTokens: 12, seed: 12345 }));
  });
});

describe('the marks are looked up by binary search', () => {
  it('a lookup costs steps logarithmic in the marks, not linear', () => {
    const text = Array.from({ length: 1024 }, (_, i) => `const v${i} = r.content;`).join('\n');
    const marks = PassThroughMarks.of(text)!;
    const before = costCount('analysis-steps');
    expect(marks.hasIn(text.length - 20, text.length)).toBe(true);
    expect(costCount('analysis-steps') - before).toBeLessThanOrEqual(11);
  });
});
