/**
 * fast-check generators of small TypeScript and JavaScript programs over the `_meta` shapes the analysis knows
 * (assignments, per-key writes, emits, hooks, Object.assign, deletes, re-wrapped results, aliases, hook functions,
 * merge-layer assemblies) and shapes it does not, placed in odd places (try/catch/finally, switch, labels, loops,
 * classes, generators, arrows), with comments around every statement, tabs or spaces, and non-ASCII names and keys.
 * A program is the body of one function; a batch is many programs in one file (see `batchText`).
 */
import fc from 'fast-check';

export type Language = 'ts' | 'js';

/** One generated program: statements and how they are laid out. Rendering is deterministic, so shrinking works. */
export interface Program {
  statements: Statement[];
  asyncKind: 'async' | 'async-generator' | 'generator' | 'plain' | 'arrow' | 'method';
}

export type Statement =
  { kind: 'simple'; text: string; comment: string | null } | { kind: 'block'; wrapper: Wrapper; body: Statement[]; comment: string | null };

type Wrapper = 'try-catch' | 'try-catch-throw' | 'try-finally' | 'if-else' | 'switch' | 'label' | 'for-of' | 'block' | 'try-catch-delete';

const targets = (language: Language): fc.Arbitrary<string> =>
  fc.constantFrom(
    'out',
    'res',
    'result',
    'this.result',
    'ctx.out',
    'données',
    ...(language === 'ts' ? ['out!', '(out as ToolResult)', '(res satisfies ToolResult)', '(<ToolResult>out)'] : []),
  );

/** Targets that are not plain references: a fix must parenthesize them when it spreads `._meta` of them. */
const oddSpreadSources = fc.constantFrom('(a ?? b)', '(c ? a : b)', '(await load())', '(a || b)', '(x, y)');

const keys = fc.constantFrom(
  "'retrieval'",
  'retrieval',
  '`retrieval`',
  'KEY',
  "'clé'",
  "'warnings'",
  "'brain_hot_memory'",
  "'réglage'",
  "'x-y'",
);

const values = (language: Language): fc.Arbitrary<string> =>
  fc.constantFrom(
    '1',
    'stats',
    'build(rows)',
    'await build(rows)',
    "{ returned_count: 1, hint: 'x' }",
    '{ returned_count: rows.length, degraded: [] }',
    '`t${x}`',
    "'a\\\n  b'",
    '`line\n  two`',
    'new Meta()',
    '(yield 1)',
    '{ ...base, cache: { hit: true } }',
    'données',
    ...(language === 'ts' ? ['stats as Meta', 'stats!', '<Meta>stats'] : []),
  );

/** Half the statements carry a comment (line, block, multi-line, JSDoc, non-ASCII), so every shape meets one. */
const comments = fc.oneof(
  { arbitrary: fc.constant(null), weight: 5 },
  { arbitrary: fc.constantFrom('// note', '/* note */', '/* multi\n   line */', '// é ü', '/** doc */'), weight: 5 },
);

function simpleStatements(language: Language): fc.Arbitrary<string> {
  const t = targets(language);
  const v = values(language);
  return fc.oneof(
    fc.tuple(t, v).map(([target, value]) => `${target}._meta = { retrieval: ${value} };`),
    fc.tuple(t, v).map(([target, value]) => `${target}._meta = {\n  // first\n  retrieval: ${value},\n  ...${target}._meta,\n};`),
    fc.tuple(t, v).map(([target, value]) => `${target}._meta = { /* note\n  */ retrieval: ${value} };`),
    fc.tuple(t, v).map(([target, value]) => `${target}._meta = { retrieval: ${value}, /* keep */ ...${target}._meta };`),
    fc.tuple(t, v).map(([target, value]) => `${target}._meta = {\n\tretrieval: ${value},\n};`),
    fc.tuple(t).map(([target]) => `${target}._meta = {};`),
    // Comments next to every token a fix edits (issue 25: a late spread after a `// comment`, an empty literal).
    fc.tuple(t, v).map(([target, value]) => `${target}._meta = { retrieval: ${value}, // c\n ...${target}._meta };`),
    fc
      .tuple(t, v)
      .map(
        ([target, value]) =>
          `${target}._meta = { /* a */ retrieval: ${value} /* b */, // c\n  /* d */ ...${target}._meta /* e */, // f\n  hint: 1 };`,
      ),
    fc.tuple(t).map(([target]) => `${target}._meta = { // nothing yet\n};`),
    fc.tuple(v).map(([value]) => `return { ...defaults, /* d */ ...result, // r\n _meta: { /* m */ retrieval: ${value} } };`),
    fc.tuple(t).map(([target]) => `if (!isRecord(${target}._meta)) ${target}._meta = {};`),
    fc
      .tuple(t, v)
      .map(
        ([target, value]) =>
          `${target}._meta = { ...${target}._meta, retrieval: ${value} }; // first\n/* then */ ${target}._meta.retrieval = await more();`,
      ),
    fc.tuple(t).map(([target]) => `let rows__N__;\n${target}._meta.retrieval = { n: (rows__N__ = await load()).length };\nuse(rows__N__);`),
    fc.tuple(t, keys, v).map(([target, key, value]) => `${target}._meta[${key}] = ${value};`),
    fc.tuple(t, v).map(([target, value]) => `${target}._meta.retrieval = ${value};`),
    fc.tuple(t, v).map(([target, value]) => `${target}._meta.retrieval.cache.tier = ${value};`),
    fc.tuple(t, v).map(([target, value]) => `${target}._meta.réglage = ${value};`),
    fc.tuple(keys, v).map(([key, value]) => `ctx.emitResponseMeta(${key}, ${value});`),
    fc.tuple(keys, v).map(([key, value]) => `ctx.emitResponseMeta?.(${key}, ${value});`),
    fc.tuple(keys, v).map(([key, value]) => `await db.commit(), ctx.emitResponseMeta(${key}, ${value});`),
    fc.tuple(keys, v).map(([key, value]) => `await Promise.all([save(row), emitResponseMeta(${key}, ${value})]);`),
    fc.tuple(t).map(([target]) => `delete ${target}._meta;`),
    fc.tuple(t).map(([target]) => `delete ${target}._meta.retrieval;`),
    fc.tuple(t, v).map(([target, value]) => `Object.assign(${target}, { _meta: { retrieval: ${value} } });`),
    fc.tuple(t, v).map(([target, value]) => `Object.assign(${target}._meta, { retrieval: ${value} });`),
    fc.tuple(t).map(([target]) => `Object.assign(${target}._meta, await opts.metaHook(req));`),
    fc.tuple(t).map(([target]) => `${target}._meta ??= {};`),
    fc.tuple(t).map(([target]) => `if (!${target}._meta) ${target}._meta = {};`),
    fc.tuple(t, v).map(([target, value]) => `const m__N__ = ${target}._meta;\nm__N__.retrieval = ${value};\ndelete m__N__.warnings;`),
    fc.tuple(t).map(([target]) => `const { _meta: meta__N__, ...rest__N__ } = ${target};`),
    fc.tuple(t).map(([target]) => `const seen__N__ = ${target}?._meta?.retrieval ?? params._meta.session_id;`),
    fc.tuple(v).map(([value]) => `const extra__N__ = await opts.metaHook(req, ${value});`),
    fc.tuple(v).map(([value]) => `const stats__N__ = ctx.emitResponseMeta('retrieval', ${value});`),
    fc.tuple(oddSpreadSources, v).map(([source, value]) => `return { ...${source}, content: [], _meta: { retrieval: ${value} } };`),
    fc.tuple(v).map(([value]) => `return { ...result, _meta: { retrieval: ${value} } };`),
    fc.tuple(v).map(([value]) => `return { content: [], _meta: { retrieval: ${value} } };`),
    fc.tuple(t).map(([target]) => `${target}._meta = { ...collected, ...hooked };`),
    fc.tuple(t).map(([target]) => `JSON.stringify({ _meta: { metric_glossary: ${target} } });`),
    fc.constant("const KEY__N__ = 'retrieval';\nout._meta[KEY__N__] = 1;"),
    fc.constant('const données__N__ = { _meta: {} };'),
    fc.constant('function getBrainHotMemoryMeta() { return { brain_hot_memory: { facts: [] } }; }'),
    fc.constant('label__N__: for (const x of xs) { if (x) continue label__N__; }'),
    fc.constant('throw new Error("stop");'),
    fc.constant('return;'),
    fc.constant(';'),
    ...(language === 'ts'
      ? [
          fc.constant('await using handle__N__ = await opts.metaHook(req);'),
          fc.constant('type Meta__N__ = { retrieval?: unknown };'),
          fc.tuple(t, v).map(([target, value]) => `(${target} as any)._meta = { retrieval: ${value} } satisfies Meta;`),
        ]
      : []),
  );
}

function statements(language: Language): fc.Arbitrary<Statement[]> {
  const simple = fc.record({ kind: fc.constant('simple' as const), text: simpleStatements(language), comment: comments });
  const { list } = fc.letrec<{ list: Statement[]; statement: Statement }>((tie) => ({
    statement: fc.oneof(
      { maxDepth: 2, depthIdentifier: 'statements', withCrossShrink: true },
      { arbitrary: simple, weight: 3 },
      {
        arbitrary: fc.record({
          kind: fc.constant('block' as const),
          wrapper: fc.constantFrom<Wrapper>(
            'try-catch',
            'try-catch-throw',
            'try-finally',
            'if-else',
            'switch',
            'label',
            'for-of',
            'block',
            'try-catch-delete',
          ),
          body: tie('list') as fc.Arbitrary<Statement[]>,
          comment: comments,
        }),
        weight: 1,
      },
    ),
    list: fc.array(tie('statement') as fc.Arbitrary<Statement>, { minLength: 1, maxLength: 2, depthIdentifier: 'statements' }),
  }));
  return list;
}

export function programArbitrary(language: Language): fc.Arbitrary<Program> {
  return fc.record({
    statements: statements(language),
    asyncKind: fc.constantFrom<Program['asyncKind']>('async', 'async-generator', 'generator', 'plain', 'arrow', 'method'),
  });
}

function indentLines(text: string, indent: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? line : indent + line))
    .join('\n');
}

/** Fresh numbers for declared names and labels, so two programs never redeclare one (a syntax error in JS). */
let counter = 0;
const fresh = (): number => ++counter;

function renderStatement(statement: Statement, indent: string, unit: string): string {
  const comment = statement.comment === null ? '' : `${indentLines(statement.comment, indent)}\n`;
  if (statement.kind === 'simple') {
    const n = fresh();
    return `${comment}${indentLines(statement.text.replace(/\t/g, unit).replace(/__N__/g, String(n)), indent)}`;
  }
  const inner = (body: Statement[]): string => body.map((s) => renderStatement(s, indent + unit, unit)).join('\n');
  const body = inner(statement.body);
  const open = (head: string) => `${comment}${indent}${head} {\n${body}${body ? '\n' : ''}${indent}}`;
  switch (statement.wrapper) {
    case 'try-catch':
      return `${open('try')} catch (error) {\n${indent}${unit}log(error);\n${indent}}`;
    case 'try-catch-throw':
      return `${open('try')} catch {\n${indent}${unit}throw new Error('x');\n${indent}}`;
    case 'try-catch-delete':
      return `${open('try')} catch {\n${indent}${unit}delete out._meta;\n${indent}}`;
    case 'try-finally':
      return `${open('try')} finally {\n${indent}${unit}done();\n${indent}}`;
    case 'if-else':
      return `${open('if (flag)')} else {\n${indent}${unit}other();\n${indent}}`;
    case 'switch':
      return `${comment}${indent}switch (kind) {\n${indent}${unit}case 1: {\n${statement.body.map((s) => renderStatement(s, indent + unit + unit, unit)).join('\n')}\n${indent}${unit}${unit}break;\n${indent}${unit}}\n${indent}${unit}default:\n${indent}${unit}${unit}break;\n${indent}}`;
    case 'label':
      return open(`outer${fresh()}:`);
    case 'for-of':
      return open('for (const row of rows)');
    case 'block':
      return open('');
  }
}

/** The program as one function (or class method) named `p<index>`, indented with `unit`. */
export function renderProgram(program: Program, index: number, unit: string): string {
  const body = program.statements.map((s) => renderStatement(s, unit, unit)).join('\n');
  const inner = body === '' ? '' : `${body}\n`;
  switch (program.asyncKind) {
    case 'async':
      return `export async function p${index}(ctx, out, res, result, opts, req, rows, db) {\n${inner.replace(/\(yield 1\)/g, '1')}}`;
    case 'async-generator':
      return `async function* p${index}(ctx, out, res, result, opts, req, rows, db) {\n${inner}}`;
    case 'generator':
      return `function* p${index}(ctx, out, res, result, opts, req, rows) {\n${inner.replace(/await /g, '')}}`;
    case 'plain':
      return `function p${index}(ctx, out, res, result, opts, req, rows) {\n${inner.replace(/await /g, '').replace(/\(yield 1\)/g, '1')}}`;
    case 'arrow':
      return `const p${index} = async (ctx, out, res, result, opts, req, rows, db) => {\n${inner.replace(/\(yield 1\)/g, '1')}};`;
    case 'method':
      return `class P${index} {\n${unit}async run(ctx, out, res, opts, req, rows, db) {\n${indentLines(inner.replace(/\(yield 1\)/g, '1'), unit)}${unit}}\n}`;
  }
}

/** Several programs in one file: the unit of one lint (cheaper than one lint per program). */
export interface Batch {
  programs: Program[];
  language: Language;
  crlf: boolean;
  tabs: boolean;
}

export function batchArbitrary(size: number): fc.Arbitrary<Batch> {
  return fc.constantFrom<Language>('ts', 'js').chain((language) =>
    fc.record({
      programs: fc.array(programArbitrary(language), { minLength: size, maxLength: size }),
      language: fc.constant(language),
      crlf: fc.boolean(),
      tabs: fc.boolean(),
    }),
  );
}

export function batchText(batch: Pick<Batch, 'language' | 'crlf' | 'tabs'>, programs: readonly Program[]): string {
  const unit = batch.tabs ? '\t' : '  ';
  counter = 0;
  const text =
    "const KEY = 'retrieval';\n\n" +
    programs.map((program, index) => `// program ${index}\n${renderProgram(program, index, unit)}`).join('\n\n') +
    '\n';
  // `await using` needs a module; the TypeScript programs are modules already (they `export`).
  const withJsFixes = batch.language === 'js' ? text.replace(/\bexport /g, '') : text;
  return batch.crlf ? withJsFixes.replace(/\n/g, '\r\n') : withJsFixes;
}
