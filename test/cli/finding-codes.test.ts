import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FINDING_CODES } from '../../src/cli/finding-codes';

const REPO_ROOT = path.resolve(__dirname, '../..');

/** The rows of the "Finding codes" table in docs/cli.md: code -> the verb section it links to. */
function documentedCodes(): Map<string, string> {
  const docs = fs.readFileSync(path.join(REPO_ROOT, 'docs/cli.md'), 'utf8');
  const section = docs.slice(docs.indexOf('### Finding codes'));
  const table = section.slice(0, section.indexOf('\n\n', section.indexOf('| Code |')));
  const rows = new Map<string, string>();
  for (const [, code, anchor] of table.matchAll(/^\| `([a-z-]+)` \| \[[a-z-]+\]\(#([a-z-]+)\) \|/gm)) rows.set(code, anchor);
  return rows;
}

describe('finding codes', () => {
  it('docs/cli.md lists every code the verbs emit, each linking to the section its SARIF helpUri names', () => {
    const documented = documentedCodes();
    expect([...documented.keys()].sort()).toEqual(Object.keys(FINDING_CODES).sort());
    for (const [code, info] of Object.entries(FINDING_CODES))
      expect({ code, anchor: documented.get(code) }).toEqual({ code, anchor: info.anchor });
  });

  it('include the codes of diff, types and schema (the table once missed six)', () => {
    for (const code of ['types-stale', 'schema-stale', 'field-type-changed', 'field-required', 'key-type-changed', 'plane-changed'])
      expect(Object.keys(FINDING_CODES)).toContain(code);
  });
});
