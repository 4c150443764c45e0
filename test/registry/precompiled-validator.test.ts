/**
 * The built package validates manifests with a validator precompiled at build time (src/registry/schema-compile.ts):
 * it must answer exactly what compiling the shipped schema answers, for valid, broken and generated manifests. That the
 * built plugin uses it (ajv's compiler is never loaded) is checked in test/e2e/plugin-load.test.ts.
 */
import path from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileRegistryValidator, loadPrecompiledValidator } from '../../src/registry/schema-compile';
import { assertBuilt } from '../e2e/helpers/e2e';

const REPO = path.resolve(__dirname, '../..');
const DIST_REGISTRY = path.join(REPO, 'dist/src/registry');

function precompiled(): ValidateFunction {
  assertBuilt();
  const validate = loadPrecompiledValidator(DIST_REGISTRY);
  if (!validate) throw new Error(`${DIST_REGISTRY} has no precompiled validator: run \`npm run build\` (npm test does).`);
  return validate;
}

/** What a validation answered, as plain data (the schema objects in verbose errors compared by value). */
function answer(validate: ValidateFunction, data: unknown): unknown {
  const ok = validate(data);
  return { ok, errors: JSON.parse(JSON.stringify((validate.errors ?? []) as ErrorObject[])) as unknown };
}

const VALID = {
  version: 1,
  emitters: ['emitResponseMeta'],
  hooks: ['attachTrace'],
  keys: {
    retrieval: { producers: ['src/search.ts'], fields: ['returned_count', 'hint'] },
    trace: { producers: ['src/trace.ts'], fields: { id: { type: 'string' }, spans: { items: { fields: ['name'] } } } },
    'openai/outputTemplate': { producers: ['src/widget.ts'], catalogue: 'openai-apps' },
  },
};

/** Broken in the ways users break manifests: each is a different ajv keyword or path. */
const BROKEN: unknown[] = [
  {},
  [],
  null,
  'manifest',
  { version: 2, keys: {} },
  { version: 1 },
  { version: 1, keys: [] },
  { version: 1, keys: {}, emiters: ['emit'] },
  { version: 1, keys: { retrieval: {} } },
  { version: 1, keys: { retrieval: { producers: [] } } },
  { version: 1, keys: { retrieval: { producers: ['a.ts', 'a.ts'] } } },
  { version: 1, keys: { retrieval: { producers: ['a.ts'], fields: 'count' } } },
  { version: 1, keys: { retrieval: { producers: ['a.ts'], fields: { count: { type: 'int' } } } } },
  { version: 1, keys: { 'Bad Key!': { producers: ['a.ts'] } } },
  { version: 1, keys: { retrieval: { producers: [''], fields: [1, 2] } } },
];

describe('the precompiled manifest validator', () => {
  const compiled = compileRegistryValidator();

  it('answers what the compiled schema answers for a valid manifest and for each broken one', () => {
    const validate = precompiled();
    expect(answer(validate, VALID)).toEqual({ ok: true, errors: [] });
    for (const data of BROKEN) expect(answer(validate, data), JSON.stringify(data)).toEqual(answer(compiled, data));
    // The broken ones are broken (the comparison above would also hold if both accepted everything).
    for (const data of BROKEN) expect(compiled(data), JSON.stringify(data)).toBe(false);
  });

  it('answers what the compiled schema answers for generated manifests', () => {
    const validate = precompiled();
    const field = fc.oneof(
      fc.string(),
      fc.record({ type: fc.constantFrom('string', 'number', 'int', 'boolean', 'object') }, { requiredKeys: [] }),
    );
    const key = fc.record(
      {
        producers: fc.array(fc.constantFrom('src/a.ts', 'src/b/**/*.ts', '', 'src/a.ts'), { maxLength: 3 }),
        fields: fc.oneof(
          fc.array(fc.string({ maxLength: 8 }), { maxLength: 4 }),
          fc.dictionary(fc.string({ maxLength: 8 }), field, { maxKeys: 3 }),
          fc.anything(),
        ),
        description: fc.oneof(fc.string(), fc.integer()),
        catalogue: fc.constantFrom('openai-apps', 'mcp-apps', 'nope'),
      },
      { requiredKeys: [] },
    );
    const manifest = fc.record(
      {
        version: fc.oneof(fc.constant(1), fc.integer(), fc.string()),
        keys: fc.oneof(
          fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('retrieval', 'openai/outputTemplate')), key, { maxKeys: 4 }),
          fc.anything(),
        ),
        emitters: fc.array(fc.string({ maxLength: 12 }), { maxLength: 3 }),
        hooks: fc.anything(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(manifest, fc.anything()), (data) => {
        expect(answer(validate, data)).toEqual(answer(compiled, data));
      }),
      { numRuns: 500 },
    );
  });
});
