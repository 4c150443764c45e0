/**
 * Each rule says once which planes it acts on (`PLANE_SCOPES`, passed to `defineMetaRuleVisitor`), and the model keeps
 * every write on every plane. This test fails when a rule's plane filter is removed or bypassed: for every rule of the
 * plugin that reads the write model, one write it reports on a plane of its scope, then the same write on every plane
 * outside it, which must be silent. The planes come from declared types, an inbound name, a JSON body and a schema
 * builder; the test first checks that the analysis puts each place on the plane it stands for.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tsParser from '@typescript-eslint/parser';
import { Linter, type ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { rules } from '../../rules';
import { analyzeSource } from '../../src/analysis/analyze-source';
import { PLANE_SCOPES, type PlaneScope, type WritePlane } from '../../src/analysis/planes';
import { loadRegistry } from '../../src/registry';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-plane-scopes-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const ALL_PLANES: ReadonlyArray<'result' | 'tool' | 'resource'> = ['result', 'tool', 'resource'];
const manifestPath = path.join(root, 'mcp-meta.registry.json');
fs.writeFileSync(
  manifestPath,
  JSON.stringify({
    version: 1,
    keys: {
      owned: { producers: ['src/producer.ts'], plane: ALL_PLANES, fields: { count: { type: 'integer' } } },
    },
  }),
);
const PRODUCER = path.join(root, 'src/producer.ts');
const OTHER = path.join(root, 'src/other.ts');

/**
 * Code that writes `meta` as the `_meta` of an object on each plane, replacing what it held (so the wholesale rule
 * has something to report too): a member write on an object of a declared type or an inbound name, a re-wrapping
 * literal where only a literal reaches the plane (a JSON body, a schema).
 */
type UntypedPlane = Exclude<WritePlane, 'other'>;

/**
 * `other` is not here: only a program's types put a write there (a result-plane write whose object's type is none of
 * `resultTypes`); test/rules/result-types-other-plane.test.ts lints it typed.
 */
const WRITE_ON: Record<UntypedPlane, (meta: string) => string> = {
  result: (meta) => `declare const x: CallToolResult;\nx._meta = ${meta};`,
  tool: (meta) => `declare const x: Tool;\nx._meta = ${meta};`,
  resource: (meta) => `declare const x: Resource;\nx._meta = ${meta};`,
  prompt: (meta) => `declare const x: Prompt;\nx._meta = ${meta};`,
  request: (meta) => `declare const params: Args;\nparams._meta = ${meta};`,
  'client-result': (meta) => `declare const x: CreateMessageResult;\nx._meta = ${meta};`,
  body: (meta) => `declare const x: Thing;\nres.send({ ...x, _meta: ${meta} });`,
  schema: (meta) => `declare const x: Thing;\nz.object({ ...x, _meta: ${meta} });`,
  unknown: (meta) => `declare const thing: Thing;\nthing._meta = ${meta};`,
};

interface RuleCase {
  /** The plane the rule reports `meta` on (one of its scope's). */
  reportedOn: UntypedPlane;
  filename: string;
  meta: string;
}

/**
 * One reported write per rule that reads the write model; the rules that do not say what they read instead. Without
 * the plane filter, the writes of the first three are reported off their scope (checked by disabling it). The others
 * act only on a key registered on the write's plane (or a catalogue key on one of its host's planes), and the manifest
 * and the catalogue name the checked planes only, so they find nothing to match off them even unfiltered; their
 * silence is asserted all the same.
 */
const CASES: Record<string, { scope: PlaneScope; case: RuleCase } | { readsNoWrites: string }> = {
  'no-wholesale-meta-assign': { scope: 'replacement', case: { reportedOn: 'result', filename: OTHER, meta: '{ stray: 1 }' } },
  'require-producer-isolation': {
    scope: 'result',
    case: { reportedOn: 'result', filename: PRODUCER, meta: '{ ...x._meta, owned: compute() }' },
  },
  // `stray` is reported on the result; `owned`, registered on the checked planes, would be on another plane.
  'no-unregistered-meta-key': { scope: 'keyNames', case: { reportedOn: 'result', filename: PRODUCER, meta: '{ owned: 1, stray: 1 }' } },
  'no-unregistered-meta-field': { scope: 'manifest', case: { reportedOn: 'result', filename: PRODUCER, meta: '{ owned: { bogus: 1 } }' } },
  'no-deprecated-meta-key': {
    scope: 'manifest',
    case: { reportedOn: 'tool', filename: PRODUCER, meta: "{ 'ui/resourceUri': 'ui://w/v.html' }" },
  },
  'no-foreign-meta-key': { scope: 'manifest', case: { reportedOn: 'result', filename: OTHER, meta: '{ owned: { count: 1 } }' } },
  'no-removed-meta-field': {
    scope: 'manifest',
    // Without a program it reports nothing at all; its typed tests (typed-fields) cover what it reports.
    case: { reportedOn: 'result', filename: PRODUCER, meta: '{ owned: { count: 1 } }' },
  },
  'valid-app-linkage': {
    scope: 'manifest',
    case: { reportedOn: 'tool', filename: PRODUCER, meta: "{ ui: { resourceUri: 'https://example.com/view.html' } }" },
  },
  'no-dropped-meta': { readsNoWrites: 'reads the pass-through model (pass-through.ts), not the writes' },
  'no-misnamed-meta': { readsNoWrites: 'reads the look-alikes of `_meta` on tool results (meta-look-alikes.ts), not the writes' },
  'tolerate-unknown-meta-fields': { readsNoWrites: 'reads the strict reads of `_meta` (strict-meta-reads.ts), not the writes' },
  'valid-registry': { readsNoWrites: 'reports the manifest, once per file' },
};

function lint(ruleName: string, code: string, filename: string): Linter.LintMessage[] {
  const config: Linter.Config[] = [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tsParser as unknown as Linter.Parser },
      plugins: { 'mcp-meta': { rules } as unknown as ESLint.Plugin },
      settings: { 'mcp-meta': { registry: manifestPath } },
      rules: { [`mcp-meta/${ruleName}`]: 'error' },
    },
  ];
  return new Linter({ cwd: root }).verify(code, config, filename);
}

describe('each place stands on its plane', () => {
  const loaded = loadRegistry(manifestPath);
  if (!loaded.ok) throw new Error('the test manifest does not load');
  it.each(Object.keys(WRITE_ON) as UntypedPlane[])('%s', (plane) => {
    const writes = analyzeSource(WRITE_ON[plane]('{ stray: 1 }'), OTHER, loaded.registry).writes;
    expect(writes.map((write) => write.plane)).toEqual([plane]);
  });
});

describe('every rule reads its planes only', () => {
  it('every rule of the plugin is here', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(rules).sort());
  });

  for (const [ruleName, entry] of Object.entries(CASES)) {
    if ('readsNoWrites' in entry) continue;
    const { scope, case: reported } = entry;
    const inScope: readonly WritePlane[] = PLANE_SCOPES[scope];
    const outside = (Object.keys(WRITE_ON) as UntypedPlane[]).filter((plane) => !inScope.includes(plane));
    // no-removed-meta-field needs a program to report anything; its silence off scope is still asserted below.
    const needsTypes = ruleName === 'no-removed-meta-field';
    if (!needsTypes) {
      it(`${ruleName} reports the write on ${reported.reportedOn}`, () => {
        expect(inScope).toContain(reported.reportedOn);
        const messages = lint(ruleName, WRITE_ON[reported.reportedOn](reported.meta), reported.filename);
        expect(messages.map((message) => message.ruleId)).toContain(`mcp-meta/${ruleName}`);
      });
    }
    it.each(outside)(`${ruleName} (${scope}) says nothing about it on %s`, (plane) => {
      const messages = lint(ruleName, WRITE_ON[plane](reported.meta), reported.filename);
      expect(messages).toEqual([]);
    });
  }
});
