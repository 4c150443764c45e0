import { describe, expect, it } from 'vitest';
import type { VerbReport } from '../../src/cli/findings';
import { escapeData, escapeProperty, formatGithub, formatJson, formatText } from '../../src/cli/format-report';

const report: VerbReport = {
  verb: 'check',
  notes: ['checked 1 key'],
  findings: [
    {
      severity: 'error',
      code: 'field-not-written',
      message: "field 'a.b' 100% gone\nsecond line",
      file: '/repo/mcp-meta.registry.json',
      line: 4,
      column: 7,
      fix: 'mark it deprecated',
    },
  ],
};

describe('output formats', () => {
  it('escapes workflow command data and properties', () => {
    expect(escapeData('50%\r\nx')).toBe('50%25%0D%0Ax');
    expect(escapeProperty('a:b,c')).toBe('a%3Ab%2Cc');
  });

  it('prints GitHub annotations with file, line, col and title', () => {
    expect(formatGithub(report, '/repo')).toBe(
      [
        '::notice title=mcp-meta check::checked 1 key',
        "::error file=mcp-meta.registry.json,line=4,col=7,title=mcp-meta check%3A field-not-written::field 'a.b' 100%25 gone%0Asecond line%0AFix: mark it deprecated",
        '',
      ].join('\n'),
    );
  });

  it('prints JSON with paths relative to the working directory', () => {
    const parsed = JSON.parse(formatJson(report, '/repo')) as { ok: boolean; findings: Array<{ file: string; line: number }> };
    expect(parsed.ok).toBe(false);
    expect(parsed.findings[0]).toMatchObject({ file: 'mcp-meta.registry.json', line: 4, code: 'field-not-written' });
  });

  it('prints text with location, code, fix and a summary', () => {
    const text = formatText(report, '/repo');
    expect(text).toContain("mcp-meta.registry.json:4:7  error  field 'a.b' 100% gone");
    expect(text).toContain('    fix: mark it deprecated');
    expect(text.trimEnd().split('\n').at(-1)).toBe('mcp-meta check: 1 error, 0 warnings');
  });
});
