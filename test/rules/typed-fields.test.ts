/**
 * Fields from types (no-unregistered-meta-field): a value the syntax cannot read (another module's builder, a typed
 * parameter) is read from its type with type information, recursively for nested fields and array items; `any` and
 * index signatures stay silent. Without types a builder whose every return is an object literal is read from that
 * literal (reported at the call); other values are opaque.
 */
import rule from '../../rules/no-unregistered-meta-field';
import { createTypedRuleTester, createUntypedRuleTester, TYPED_PRODUCER, UNTYPED_PRODUCER } from './typed-rule-tester';

const typed = createTypedRuleTester();
const untyped = createUntypedRuleTester();
const WARNINGS_PRODUCER = 'src/warnings.ts';

const emit = (builder: string) => `import { ${builder} } from './builders';
ctx.emitResponseMeta('retrieval', ${builder}());`;

const REGISTERED_BUILDER = emit('buildRetrieval');
const EXTRA_FIELD_BUILDER = emit('buildExtra');
const RENAMED_NESTED_BUILDER = emit('buildRenamedCache');
const RECORD_BUILDER = emit('buildLoose');
const ANY_BUILDER = emit('buildAny');
const TYPED_PARAMETER = `import type { ExtraStats } from './builders';
export function report(ctx: { emitResponseMeta(key: string, value: unknown): void }, stats: ExtraStats) {
  ctx.emitResponseMeta('retrieval', stats);
}`;
const WARNING_ITEMS = `import { buildWarnings } from './builders';
ctx.emitResponseMeta('warnings', buildWarnings());`;

const unregisteredTypeField = (
  field: string,
  type: string,
  declared: string,
  path: string,
  key: string,
  line: number,
  column: number,
  endColumn: number,
) =>
  ({
    messageId: 'unregisteredTypeField',
    data: { field, type, declared, path, key, registry: 'mcp-meta.registry.json' },
    line,
    column,
    endLine: line,
    endColumn,
  }) as const;

typed.run('no-unregistered-meta-field with types', rule, {
  valid: [
    { name: "another module's builder whose type has only registered fields", filename: TYPED_PRODUCER, code: REGISTERED_BUILDER },
    { name: 'an index signature leaves fields unchecked, silently', filename: TYPED_PRODUCER, code: RECORD_BUILDER },
    { name: '`any` leaves fields unchecked, silently', filename: TYPED_PRODUCER, code: ANY_BUILDER },
    {
      name: 'a literal stays the source of truth (its type is not asked)',
      filename: TYPED_PRODUCER,
      code: "ctx.emitResponseMeta('retrieval', { returned_count: 1 });",
    },
  ],
  invalid: [
    {
      name: "another module's builder returns a type with an unregistered field",
      filename: TYPED_PRODUCER,
      code: EXTRA_FIELD_BUILDER,
      errors: [unregisteredTypeField('rerank_ms', 'ExtraStats', 'builders.ts:16', 'retrieval', 'retrieval', 2, 35, 47)],
    },
    {
      name: 'a nested field renamed in a type (cache.age_ms -> cache.ageMs)',
      filename: TYPED_PRODUCER,
      code: RENAMED_NESTED_BUILDER,
      errors: [unregisteredTypeField('ageMs', 'RenamedCache', 'builders.ts:23', 'retrieval.cache', 'retrieval', 2, 35, 54)],
    },
    {
      name: 'a parameter with a declared type',
      filename: TYPED_PRODUCER,
      code: TYPED_PARAMETER,
      errors: [unregisteredTypeField('rerank_ms', 'ExtraStats', 'builders.ts:16', 'retrieval', 'retrieval', 3, 37, 42)],
    },
    {
      name: 'array items of a nested field',
      filename: WARNINGS_PRODUCER,
      code: WARNING_ITEMS,
      errors: [unregisteredTypeField('severity', 'Warning', 'builders.ts:44', 'warnings.items[]', 'warnings', 2, 34, 49)],
    },
  ],
});

/** Without types, a builder whose every return is an object literal is read from that literal, reported at the call. */
const unregisteredBuiltField = (field: string, builder: string, path: string, endColumn: number, nearest = '') =>
  ({
    messageId: 'unregisteredField',
    data: {
      field,
      path,
      key: 'retrieval',
      registry: 'mcp-meta.registry.json',
      hint: `${nearest} It is built by ${builder}() in 'src/builders.ts': fix it there.`,
    },
    line: 2,
    column: 35,
    endLine: 2,
    endColumn,
    suggestions: [],
  }) as const;

untyped.run('no-unregistered-meta-field without types: a builder is read from its returned literal, other values are opaque', rule, {
  valid: [REGISTERED_BUILDER, RECORD_BUILDER, ANY_BUILDER, TYPED_PARAMETER, WARNING_ITEMS].map((code, index) => ({
    name: `opaque or registered value ${index + 1}`,
    filename: UNTYPED_PRODUCER,
    code,
  })),
  invalid: [
    {
      name: "another module's builder returns a literal with an unregistered field (through a same-module spread)",
      filename: UNTYPED_PRODUCER,
      code: EXTRA_FIELD_BUILDER,
      errors: [unregisteredBuiltField('rerank_ms', 'buildExtra', 'retrieval', 47)],
    },
    {
      name: 'a nested field renamed in the literal',
      filename: UNTYPED_PRODUCER,
      code: RENAMED_NESTED_BUILDER,
      errors: [unregisteredBuiltField('ageMs', 'buildRenamedCache', 'retrieval.cache', 54, " Did you mean 'age_ms'?")],
    },
  ],
});
