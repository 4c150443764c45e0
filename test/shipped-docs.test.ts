/**
 * The docs the package ships (package.json `files`: README.md, CHANGELOG.md, docs/**) read correctly from
 * node_modules and from a registry's file view: every relative link points at a file the package ships, and no doc
 * states how many rules or verbs there are (a count goes stale with the next rule; the README's rule table and
 * `mcp-meta --help` list them from the code).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');
const shipped: string[] = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { files: string[] }).files;

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return markdownFiles(rel);
    return entry.name.endsWith('.md') ? [rel] : [];
  });
}

const shippedDocs = ['README.md', 'CHANGELOG.md', ...markdownFiles('docs')];

/** `true` when `rel` (a path from the package root) is inside one of the `files` entries and exists. */
function isShipped(rel: string): boolean {
  const normalized = path.posix.normalize(rel);
  return shipped.some((entry) => normalized === entry || normalized.startsWith(`${entry}/`)) && fs.existsSync(path.join(root, normalized));
}

describe('the shipped docs', () => {
  it('are all in the package', () => {
    for (const doc of shippedDocs) expect(isShipped(doc), doc).toBe(true);
  });

  it('link only to files the package ships', () => {
    const broken: string[] = [];
    for (const doc of shippedDocs) {
      const text = fs.readFileSync(path.join(root, doc), 'utf8');
      for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = match[1];
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
        const rel = path.posix.join(path.posix.dirname(doc), target.split('#')[0]);
        if (!isShipped(rel)) broken.push(`${doc}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('state no count of rules or verbs', () => {
    const counts: string[] = [];
    for (const doc of shippedDocs) {
      const lines = fs.readFileSync(path.join(root, doc), 'utf8').split('\n');
      lines.forEach((line, index) => {
        if (/\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d+) (?:`_meta` )?(?:rules|verbs)\b/i.test(line))
          counts.push(`${doc}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(counts).toEqual([]);
  });
});
