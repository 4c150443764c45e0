/**
 * Keys from types (no-unregistered-meta-key, no-foreign-meta-key): a key the syntax cannot resolve, whose type is a
 * string literal or a union of them, is checked member by member with types; without types the same code gets
 * today's answer (unverifiable, or nothing for no-foreign-meta-key). A key typed `string` stays unverifiable.
 */
import unregisteredKey from '../../rules/no-unregistered-meta-key';
import foreignKey from '../../rules/no-foreign-meta-key';
import {
  createTypedRuleTester,
  createUntypedRuleTester,
  TYPED_OTHER,
  TYPED_PRODUCER,
  UNTYPED_OTHER,
  UNTYPED_PRODUCER,
} from './typed-rule-tester';

const typed = createTypedRuleTester();
const untyped = createUntypedRuleTester();

const IMPORTED_CONST = `import { RETRIEVAL_KEY } from './keys';
ctx.emitResponseMeta(RETRIEVAL_KEY, stats);`;
const IMPORTED_TYPO = `import * as keys from './keys';
ctx.emitResponseMeta(keys.TYPO_KEY, stats);`;
const UNION_PARAM = `import type { OwnedKey } from './keys';
export function put(out: { _meta: Record<string, unknown> }, key: OwnedKey, value: unknown) {
  out._meta[key] = value;
}`;
const ENUM_MEMBERS = `import { MetaKey } from './keys';
ctx.emitResponseMeta(MetaKey.Retrieval, stats);
ctx.emitResponseMeta(MetaKey.Stray, stats);`;
const KEYOF_PARAM = `import type { RetrievalStats } from './builders';
type Meta = { retrieval: RetrievalStats; stray_key: number };
export function put<K extends keyof Meta>(ctx: { emitResponseMeta(k: string, v: unknown): void }, key: K, v: Meta[K]) {
  ctx.emitResponseMeta(key, v);
}`;
const STRING_KEY = `import { anyKeyName } from './keys';
ctx.emitResponseMeta(anyKeyName(), stats);`;

typed.run('no-unregistered-meta-key with types', unregisteredKey, {
  valid: [
    { name: 'an imported const naming a registered key', filename: TYPED_PRODUCER, code: IMPORTED_CONST },
    { name: 'a parameter typed as a union of registered keys', filename: TYPED_PRODUCER, code: UNION_PARAM },
  ],
  invalid: [
    {
      name: 'a namespace-imported const with a typo: reported, with the hint but no fix (the literal is elsewhere)',
      filename: TYPED_PRODUCER,
      code: IMPORTED_TYPO,
      errors: [{ messageId: 'unregisteredKey', line: 2, column: 22, endLine: 2, endColumn: 35, suggestions: [] }],
    },
    {
      name: 'enum members: each checked, the unregistered one reported',
      filename: TYPED_PRODUCER,
      code: ENUM_MEMBERS,
      errors: [{ messageId: 'unregisteredKey', line: 3, column: 22, endLine: 3, endColumn: 35, suggestions: [] }],
    },
    {
      name: 'a `K extends keyof` parameter: every member of the key union is checked',
      filename: TYPED_PRODUCER,
      code: KEYOF_PARAM,
      errors: [{ messageId: 'unregisteredKey', line: 4, column: 24, endLine: 4, endColumn: 27, suggestions: [] }],
    },
    {
      name: 'a key typed string stays not known statically',
      filename: TYPED_PRODUCER,
      code: STRING_KEY,
      errors: [{ messageId: 'unverifiableKey', line: 2, column: 22, endLine: 2, endColumn: 34 }],
    },
  ],
});

untyped.run("no-unregistered-meta-key without types: the same code, today's answers", unregisteredKey, {
  valid: [{ name: 'an imported const (the syntax follows a named import of a const)', filename: UNTYPED_PRODUCER, code: IMPORTED_CONST }],
  invalid: [
    {
      name: 'a namespace-imported const with a typo: reported as with types (the syntax follows `K.NAME`, #22)',
      filename: UNTYPED_PRODUCER,
      code: IMPORTED_TYPO,
      errors: [{ messageId: 'unregisteredKey', line: 2, column: 22, endLine: 2, endColumn: 35, suggestions: [] }],
    },
    {
      name: 'a union-typed parameter',
      filename: UNTYPED_PRODUCER,
      code: UNION_PARAM,
      errors: [{ messageId: 'unverifiableKey', line: 3, column: 13 }],
    },
    {
      name: 'enum members',
      filename: UNTYPED_PRODUCER,
      code: ENUM_MEMBERS,
      errors: [
        { messageId: 'unverifiableKey', line: 2, column: 22 },
        { messageId: 'unverifiableKey', line: 3, column: 22 },
      ],
    },
    {
      name: 'a keyof parameter',
      filename: UNTYPED_PRODUCER,
      code: KEYOF_PARAM,
      errors: [{ messageId: 'unverifiableKey', line: 4, column: 24 }],
    },
    {
      name: 'a string-typed key',
      filename: UNTYPED_PRODUCER,
      code: STRING_KEY,
      errors: [{ messageId: 'unverifiableKey', line: 2, column: 22 }],
    },
  ],
});

/** The full message data of a foreign write in the fixture (every key has one producer). */
const foreign = (key: string, file: string, line: number, column: number, endColumn: number) =>
  ({
    messageId: 'foreignKey',
    data: {
      where: '`_meta`',
      key,
      producers: key === 'retrieval' ? "'src/search.ts'" : "'src/warnings.ts'",
      file,
      registry: 'mcp-meta.registry.json',
    },
    line,
    column,
    endLine: line,
    endColumn,
  }) as const;

const FOREIGN_WRITES = `${IMPORTED_CONST}\n${UNION_PARAM}`;

typed.run('no-foreign-meta-key with types', foreignKey, {
  valid: [{ name: 'the producer writes its key through an imported const', filename: TYPED_PRODUCER, code: IMPORTED_CONST }],
  invalid: [
    {
      name: "the producer of 'retrieval' writes through a union-typed parameter that also names 'warnings'",
      filename: TYPED_PRODUCER,
      code: UNION_PARAM,
      errors: [foreign('warnings', 'src/search.ts', 3, 13, 16)],
    },
    {
      name: 'a file that produces no key writes keys named by an imported const and a union: each member judged',
      filename: TYPED_OTHER,
      code: FOREIGN_WRITES,
      errors: [
        foreign('retrieval', 'src/other.ts', 2, 22, 35),
        foreign('retrieval', 'src/other.ts', 5, 13, 16),
        foreign('warnings', 'src/other.ts', 5, 13, 16),
      ],
    },
  ],
});

untyped.run('no-foreign-meta-key without types: only the syntactically known key is judged', foreignKey, {
  valid: [{ name: 'the union-typed parameter', filename: UNTYPED_PRODUCER, code: UNION_PARAM }],
  invalid: [
    {
      name: 'the same foreign writes',
      filename: UNTYPED_OTHER,
      code: FOREIGN_WRITES,
      errors: [foreign('retrieval', 'src/other.ts', 2, 22, 35)],
    },
  ],
});
