/**
 * Messages name the manifest they mean. test/rules/monorepo-fixture is a monorepo root with two packages, each with
 * its own manifest; each tester lints from another working folder (typescript-eslint's RuleTester runs its Linter in
 * `tsconfigRootDir` for a relative filename, and in the filesystem root for an absolute one), and the same writes must
 * name the manifest as seen from there: `packages/api/mcp-meta.registry.json` from the root, the file name from the
 * package, `../mcp-meta.registry.json` from below it, and the file name when the tester lints from `/`.
 */
import path from 'node:path';
import { RuleTester } from '@typescript-eslint/rule-tester';
import { describe, expect, it } from 'vitest';
import foreignKey from '../../rules/no-foreign-meta-key';
import unregisteredField from '../../rules/no-unregistered-meta-field';
import unregisteredKey from '../../rules/no-unregistered-meta-key';
import { manifestFileName } from '../../src/registry';

const ROOT = path.resolve(__dirname, 'monorepo-fixture');
const API = path.join(ROOT, 'packages/api');

/** A tester whose Linter runs in `cwd` (relative filenames are resolved against it). No settings: nearest manifest. */
const testerIn = (cwd: string) => new RuleTester({ languageOptions: { parserOptions: { tsconfigRootDir: cwd } } });

const API_OTHER = 'export const r = { content: [], _meta: { retrieval: { returned_count: 1 } } };';
const WEB_STRAY = "export const r = { content: [], _meta: { 'com.example/card': { title: 'x' }, stray: 1 } };";
const API_FIELD = 'export const r = { content: [], _meta: { retrieval: { returned: 1 } } };';

/** The three `_meta` rules' reports for the three writes above, with the manifest named `registry`. */
function casesNaming(registry: string, filenames: { apiOther: string; webCard: string; apiSearch: string }) {
  return {
    foreign: {
      filename: filenames.apiOther,
      code: API_OTHER,
      errors: [
        {
          messageId: 'foreignKey' as const,
          line: 1,
          column: 42,
          data: { where: '`_meta`', key: 'retrieval', producers: "'src/search.ts'", file: 'src/other.ts', registry },
        },
      ],
    },
    unregistered: {
      filename: filenames.webCard,
      code: WEB_STRAY,
      errors: [
        {
          messageId: 'unregisteredKey' as const,
          line: 1,
          column: 78,
          data: { where: '`_meta`', key: 'stray', registry, hint: '' },
        },
      ],
    },
    field: {
      filename: filenames.apiSearch,
      code: API_FIELD,
      errors: [
        {
          messageId: 'unregisteredField' as const,
          line: 1,
          column: 55,
          data: { field: 'returned', path: 'retrieval', key: 'retrieval', registry, hint: " Did you mean 'returned_count'?" },
          suggestions: [
            {
              messageId: 'useRegisteredField' as const,
              data: { field: 'returned_count' },
              output: API_FIELD.replace('returned:', 'returned_count:'),
            },
          ],
        },
      ],
    },
  };
}

const RELATIVE_TO_ROOT = {
  apiOther: 'packages/api/src/other.ts',
  webCard: 'packages/web/src/card.ts',
  apiSearch: 'packages/api/src/search.ts',
};

describe('from the monorepo root: the path of the package manifest', () => {
  const tester = testerIn(ROOT);
  const api = casesNaming('packages/api/mcp-meta.registry.json', RELATIVE_TO_ROOT);
  const web = casesNaming('packages/web/mcp-meta.registry.json', RELATIVE_TO_ROOT);
  tester.run('no-foreign-meta-key', foreignKey, { valid: [], invalid: [api.foreign] });
  tester.run('no-unregistered-meta-key', unregisteredKey, { valid: [], invalid: [web.unregistered] });
  tester.run('no-unregistered-meta-field', unregisteredField, { valid: [], invalid: [api.field] });
});

describe("from the package's own folder: the file name (the single-package case, as always)", () => {
  const cases = casesNaming('mcp-meta.registry.json', {
    apiOther: 'src/other.ts',
    webCard: '../web/src/card.ts',
    apiSearch: 'src/search.ts',
  });
  testerIn(API).run('no-foreign-meta-key', foreignKey, { valid: [], invalid: [cases.foreign] });
  testerIn(API).run('no-unregistered-meta-field', unregisteredField, { valid: [], invalid: [cases.field] });
});

describe('from a folder below the manifest: the path the mcp-meta command would print', () => {
  const cases = casesNaming('../mcp-meta.registry.json', { apiOther: 'other.ts', webCard: '', apiSearch: 'search.ts' });
  testerIn(path.join(API, 'src')).run('no-foreign-meta-key', foreignKey, { valid: [], invalid: [cases.foreign] });
});

describe('from the filesystem root (absolute filenames): the file name, not a path from /', () => {
  const cases = casesNaming('mcp-meta.registry.json', {
    apiOther: path.join(ROOT, RELATIVE_TO_ROOT.apiOther),
    webCard: path.join(ROOT, RELATIVE_TO_ROOT.webCard),
    apiSearch: path.join(ROOT, RELATIVE_TO_ROOT.apiSearch),
  });
  const tester = new RuleTester();
  tester.run('no-foreign-meta-key', foreignKey, { valid: [], invalid: [cases.foreign] });
  tester.run('no-unregistered-meta-key', unregisteredKey, { valid: [], invalid: [cases.unregistered] });
});

describe('manifestFileName', () => {
  const registry = { path: path.join(API, 'mcp-meta.registry.json') };
  it.each([
    ['no working folder', undefined, 'mcp-meta.registry.json'],
    ['the filesystem root', path.parse(ROOT).root, 'mcp-meta.registry.json'],
    ["the manifest's folder", API, 'mcp-meta.registry.json'],
    ['the monorepo root', ROOT, 'packages/api/mcp-meta.registry.json'],
    ['a folder below the manifest', path.join(API, 'src/tools'), '../../mcp-meta.registry.json'],
    ['a sibling package', path.join(ROOT, 'packages/web'), '../api/mcp-meta.registry.json'],
  ])('from %s', (_, from, expected) => {
    expect(manifestFileName(registry, from)).toBe(expected);
  });
});
