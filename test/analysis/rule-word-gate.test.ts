/**
 * The gate's one text check for every rule (`mentionsRuleWord` in src/analysis/meta-context.ts): a file it calls
 * quiet is skipped by every rule without their own checks, so it must never call quiet a text that one of those checks
 * would let through. Checked on every source file of the fixtures and on generated texts built from the words the
 * checks look for; each case fails when a word is missing from the gate's list.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mentionsRuleWord } from '../../src/analysis/meta-context';
import { mayWriteMeta } from '../../src/analysis/sites/mention-index';
import { mayDropMeta, MAY_DROP_META_WORDS } from '../../src/analysis/relay/may-drop-meta';
import { mayHaveMetaLookAlike, META_LOOK_ALIKES } from '../../src/analysis/facts/meta-look-alikes';
import { parseRegistry } from '../../src/registry';
import type { Registry } from '../../src/registry/types';

const REPO = path.resolve(__dirname, '../..');

function registryWith(names: { emitters?: string[]; hooks?: string[]; hookFunctions?: string[] }): Registry {
  const manifest = { version: 1, keys: { timing: { producers: ['src/**'] } }, ...names };
  const result = parseRegistry(JSON.stringify(manifest), path.join(REPO, 'mcp-meta.registry.json'));
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.registry;
}

// `$emit` starts with no word character: the gate's word-start anchor cannot hold before it.
const REGISTRY = registryWith({ emitters: ['emitResponseMeta', '$emit'], hooks: ['attachTiming'], hookFunctions: ['buildTraceFragment'] });

/** What the gate lets a rule skip: every check it stands in for must say no. */
function checksSayNothing(text: string): boolean {
  return !mayWriteMeta(text, REGISTRY) && !mayDropMeta(text) && !mayHaveMetaLookAlike(text);
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(?:[cm]?[jt]sx?)$/.test(file) && !file.includes('node_modules'))
    .map((file) => path.join(dir, file));
}

describe('mentionsRuleWord', () => {
  it('never calls quiet a fixture file that a rule check would let through', () => {
    const files = sourceFiles(path.join(REPO, 'fixtures'));
    expect(files.length).toBeGreaterThan(20);
    let quiet = 0;
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      if (mentionsRuleWord(text, REGISTRY)) continue;
      quiet += 1;
      expect(checksSayNothing(text), file).toBe(true);
    }
    // Some fixture files are quiet (helpers, types), so the loop above asserted something.
    expect(quiet).toBeGreaterThan(0);
  });

  it('never calls quiet a generated text that a rule check would let through', () => {
    const words = [
      '_meta',
      'meta',
      ...META_LOOK_ALIKES,
      ...MAY_DROP_META_WORDS,
      ...REGISTRY.emitters,
      ...REGISTRY.hooks,
      ...REGISTRY.hookFunctions,
      'registerTool',
      'CallToolResult',
      'server.tool',
      'r',
      'x',
    ];
    const glue = [
      '.',
      ': ',
      ', ',
      ' ',
      '{ ',
      ' }',
      '(',
      ')',
      '= ',
      "'",
      '[',
      ']',
      ';\n',
      'const ',
      'return ',
      'await ',
      '$',
      'é',
      '_',
      'x',
    ];
    const fragment = fc.oneof(fc.constantFrom(...words), fc.constantFrom(...glue));
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 24 }), (parts) => {
        const text = parts.join('');
        return mentionsRuleWord(text, REGISTRY) || checksSayNothing(text);
      }),
      { numRuns: 4000, seed: 20261206 },
    );
  });

  it('is quiet on a file naming none of the words, and not on each word alone', () => {
    expect(mentionsRuleWord('export const sum = (a: number, b: number) => a + b;\n', REGISTRY)).toBe(false);
    for (const word of [
      '_meta',
      'metadata',
      'content',
      'isError',
      'callTool',
      'tools/call',
      'mcpReq',
      'Tool',
      'emitResponseMeta',
      'attachTiming',
      'buildTraceFragment',
    ]) {
      expect(mentionsRuleWord(`x(${word})`, REGISTRY), word).toBe(true);
    }
  });
});
