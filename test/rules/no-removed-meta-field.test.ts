/**
 * no-removed-meta-field (type-aware only): a registered, non-deprecated field that the emitted value's type no longer
 * has, or makes optional where the manifest requires it, is a removal (MCP _meta rule 2), reported at the emit.
 * Without type information the rule reports nothing, on the same code, and does not fail.
 */
import rule from '../../rules/no-removed-meta-field';
import { createTypedRuleTester, createUntypedRuleTester, TYPED_PRODUCER, UNTYPED_PRODUCER } from './typed-rule-tester';

const typed = createTypedRuleTester();
const untyped = createUntypedRuleTester();

const emit = (builder: string) => `import { ${builder} } from './builders';
ctx.emitResponseMeta('retrieval', ${builder}());`;

const CURRENT = emit('buildRetrieval');
const WITH_EXTRA = emit('buildExtra');
const WITHOUT_VECTOR = emit('buildWithoutVector');
const OPTIONAL_COUNT = emit('buildOptionalCount');
const RENAMED_NESTED = emit('buildRenamedCache');
const RECORD = emit('buildLoose');
const ANY = emit('buildAny');
const WARNINGS = `import { buildWarnings } from './builders';
ctx.emitResponseMeta('warnings', buildWarnings());`;

const data = (field: string, path: string, type: string) => ({ field, path, type, key: 'retrieval', registry: 'mcp-meta.registry.json' });

typed.run('no-removed-meta-field with types', rule, {
  valid: [
    { name: 'the builder type has every registered field (the deprecated one may go)', filename: TYPED_PRODUCER, code: CURRENT },
    { name: 'an added field is not a removal', filename: TYPED_PRODUCER, code: WITH_EXTRA },
    { name: 'array items with every registered field', filename: 'src/warnings.ts', code: WARNINGS },
    { name: 'an index signature: silent', filename: TYPED_PRODUCER, code: RECORD },
    { name: '`any`: silent', filename: TYPED_PRODUCER, code: ANY },
    {
      name: 'a literal is read by the syntax, not its type',
      filename: TYPED_PRODUCER,
      code: "ctx.emitResponseMeta('retrieval', { returned_count: 1 });",
    },
  ],
  invalid: [
    {
      name: 'a registered field the type no longer has',
      filename: TYPED_PRODUCER,
      code: WITHOUT_VECTOR,
      errors: [
        {
          messageId: 'removedField',
          data: data('vector_enabled', 'retrieval', 'Omit<RetrievalStats, "vector_enabled">'),
          line: 2,
          column: 35,
          endLine: 2,
          endColumn: 55,
        },
      ],
    },
    {
      name: 'a required field that became optional',
      filename: TYPED_PRODUCER,
      code: OPTIONAL_COUNT,
      errors: [{ messageId: 'optionalField', line: 2, column: 35, endLine: 2, endColumn: 55 }],
    },
    {
      name: 'a nested field renamed in the type (cache.age_ms -> cache.ageMs)',
      filename: TYPED_PRODUCER,
      code: RENAMED_NESTED,
      errors: [
        {
          messageId: 'removedField',
          data: data('age_ms', 'retrieval.cache', 'RenamedCache'),
          line: 2,
          column: 35,
          endLine: 2,
          endColumn: 54,
        },
      ],
    },
  ],
});

untyped.run('no-removed-meta-field without types: nothing to compare, nothing reported', rule, {
  valid: [CURRENT, WITH_EXTRA, WITHOUT_VECTOR, OPTIONAL_COUNT, RENAMED_NESTED, RECORD, ANY].map((code, index) => ({
    name: `untyped ${index + 1}`,
    filename: UNTYPED_PRODUCER,
    code,
  })),
  invalid: [],
});
