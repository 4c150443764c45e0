#!/usr/bin/env node
// Generates a deterministic TypeScript MCP server for the e2e corpus test and the benchmark.
//
//   node scripts/generate-corpus.mjs DIR [--files N] [--seed S] [--violations V]
//
// Its `_meta` code is the rule docs' examples, each after ordinary code in a file of its own, at a path the corpus
// manifest (the docs' manifest, with the corpus's places added) gives the role its doc gives it: the correct examples
// (every one the corpus can hold, in turn, until about a fifth of the files name `_meta`) are its clean code, and with
// `violations: N` it seeds exactly N incorrect ones (spread over `SEEDABLE_RULES`) and returns them in `expected`.
// The rest is ordinary code without `_meta`. The rule list is the plugin's; what is clean or a violation is the docs'.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireAs } from './require-as.mjs';
import { seededRandom } from './seeded-random.mjs';

// ---------------------------------------------------------------------------------------------------------------
// Deterministic randomness

/**
 * @typedef {{
 *   next: () => number,
 *   uid: () => number,
 *   int: (lo: number, hi: number) => number,
 *   pick: <T>(arr: readonly T[]) => T,
 *   chance: (p: number) => boolean,
 *   subset: <T>(arr: readonly T[], min: number) => T[],
 * }} Random
 */

/** @param {number} seed @returns {Random} */
function makeRandom(seed) {
  const next = seededRandom(seed);
  let uid = 0;
  const r = {
    next,
    /** A unique number, so that generated declarations never collide within a file. */
    uid: () => (uid += 1),
    /** @type {Random['int']} */
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    /** @type {Random['pick']} */
    pick: (arr) => arr[Math.floor(next() * arr.length)],
    /** @type {Random['chance']} */
    chance: (p) => next() < p,
    /** @type {Random['subset']} */
    subset: (arr, min) => {
      const out = arr.filter(() => next() < 0.6);
      for (const item of arr) if (out.length < min && !out.includes(item)) out.push(item);
      return arr.filter((item) => out.includes(item));
    },
  };
  return r;
}

const NOUNS = [
  'page',
  'chunk',
  'entity',
  'edge',
  'note',
  'session',
  'source',
  'tag',
  'link',
  'topic',
  'author',
  'digest',
  'batch',
  'cursor',
  'index',
  'embedding',
  'vector',
  'timeline',
  'memory',
  'fact',
  'claim',
  'citation',
  'feed',
  'snapshot',
  'revision',
  'account',
  'quota',
  'token',
  'policy',
  'schedule',
  'job',
  'worker',
  'queue',
  'cache',
  'bucket',
  'shard',
  'replica',
  'ledger',
  'event',
  'signal',
  'profile',
  'folder',
  'asset',
  'thread',
  'message',
  'channel',
  'report',
];
const VERBS = [
  'load',
  'fetch',
  'resolve',
  'build',
  'merge',
  'split',
  'rank',
  'score',
  'filter',
  'normalize',
  'validate',
  'parse',
  'render',
  'encode',
  'decode',
  'collect',
  'prune',
  'refresh',
  'sync',
  'index',
  'compact',
  'expand',
  'group',
  'sort',
  'dedupe',
  'clamp',
  'format',
  'hydrate',
  'persist',
  'restore',
  'schedule',
  'dispatch',
  'retry',
  'measure',
  'trace',
];
const ADJS = [
  'active',
  'stale',
  'pending',
  'recent',
  'pinned',
  'shared',
  'hidden',
  'primary',
  'cached',
  'remote',
  'local',
  'draft',
  'archived',
  'weighted',
  'partial',
  'global',
  'scoped',
  'linked',
  'orphan',
  'hot',
  'cold',
  'warm',
  'fresh',
  'legacy',
];

/** @param {string} s */
const pascal = (s) => s.replace(/(^|[_-])([a-z])/g, (_m, _p, /** @type {string} */ c) => c.toUpperCase());
/** @param {string} s */
const camel = (s) => {
  const p = pascal(s);
  return p[0].toLowerCase() + p.slice(1);
};

// ---------------------------------------------------------------------------------------------------------------
// File writer with line tracking

class FileText {
  /** @param {string} rel */
  constructor(rel) {
    this.rel = rel;
    /** @type {string[]} */
    this.lines = [];
  }
  /** @param {...(string | number)} lines */
  add(...lines) {
    for (const l of lines) for (const part of String(l).split('\n')) this.lines.push(part);
    return this;
  }
  /** 1-based number of the next line to be added. */
  get nextLine() {
    return this.lines.length + 1;
  }
  text() {
    return `${this.lines.join('\n')}\n`;
  }
}

/** @param {string} fromRel @param {string} toRel */
function relImport(fromRel, toRel) {
  let p = path.posix.relative(path.posix.dirname(fromRel), toRel).replace(/\.ts$/, '');
  if (!p.startsWith('.')) p = `./${p}`;
  return p;
}

// ---------------------------------------------------------------------------------------------------------------
// Ordinary code (most files): utilities, types, services, repositories, config

/** @param {Random} r @param {FileText} f @param {number} kind */
function ordinaryBlock(r, f, kind) {
  const noun = r.pick(NOUNS);
  let noun2 = r.pick(NOUNS);
  if (noun2 === noun) noun2 = noun === 'parent' ? 'child' : 'parent';
  const verb = r.pick(VERBS);
  const adj = r.pick(ADJS);
  const T = pascal(noun);
  const id = r.uid();
  switch (kind) {
    case 0: {
      const fields = r.subset(
        ['id', 'title', 'createdAt', 'updatedAt', 'ownerId', 'score', 'tags', 'status', 'weight', 'parentId', 'version'],
        3,
      );
      f.add(`/** A ${adj} ${noun} as stored in the ${noun2} table. */`, `export interface ${pascal(adj)}${T}${id} {`);
      for (const fl of fields) {
        const ty = {
          id: 'string',
          title: 'string',
          createdAt: 'Date',
          updatedAt: 'Date',
          ownerId: 'string | null',
          score: 'number',
          tags: 'readonly string[]',
          status: `'${adj}' | 'done' | 'failed'`,
          weight: 'number',
          parentId: 'string | undefined',
          version: 'number',
        }[fl];
        f.add(`  ${fl}${r.chance(0.2) ? '?' : ''}: ${ty};`);
      }
      f.add('}', '');
      return;
    }
    case 1: {
      f.add(
        `export function ${verb}${T}${id}(items: readonly ${T}Like[], limit = ${r.int(5, 200)}): ${T}Like[] {`,
        `  const out: ${T}Like[] = [];`,
        '  for (const item of items) {',
        `    if (item.score < ${r.int(0, 5)} || item.tags.includes('${adj}')) continue;`,
        `    out.push({ ...item, score: Math.min(1, item.score * ${(r.next() + 0.5).toFixed(2)}) });`,
        '    if (out.length >= limit) break;',
        '  }',
        `  return out.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));`,
        '}',
        '',
      );
      return;
    }
    case 2: {
      f.add(
        `export class ${pascal(adj)}${T}Service${id} {`,
        `  private readonly cache = new Map<string, ${T}Like>();`,
        `  private hits = 0;`,
        '',
        `  constructor(private readonly db: Db, private readonly log: Logger) {}`,
        '',
        `  async ${verb}(id: string): Promise<${T}Like | undefined> {`,
        '    const cached = this.cache.get(id);',
        '    if (cached) {',
        '      this.hits += 1;',
        '      return cached;',
        '    }',
        `    const rows = await this.db.query<${T}Like>(\`SELECT * FROM ${noun}s WHERE id = $1 AND status <> '${adj}'\`, [id]);`,
        '    const row = rows[0];',
        '    if (row) this.cache.set(id, row);',
        `    this.log.debug('${noun} ${verb}', { id, found: Boolean(row) });`,
        '    return row;',
        '  }',
        '',
        `  async ${r.pick(VERBS)}Many(ids: readonly string[]): Promise<${T}Like[]> {`,
        `    const found = await Promise.all(ids.map((id) => this.${verb}(id)));`,
        `    return found.filter((x): x is ${T}Like => x !== undefined);`,
        '  }',
        '',
        '  stats(): { size: number; hits: number } {',
        '    return { size: this.cache.size, hits: this.hits };',
        '  }',
        '',
        '  clear(): void {',
        '    this.cache.clear();',
        '    this.hits = 0;',
        '  }',
        '}',
        '',
      );
      return;
    }
    case 3: {
      const states = r.subset(['idle', 'running', 'paused', 'failed', 'done', 'queued', 'cancelled'], 3);
      f.add(`export type ${T}State${id} = ${states.map((s) => `'${s}'`).join(' | ')};`, '');
      f.add(`export function next${T}State${id}(state: ${T}State${id}, event: string): ${T}State${id} {`, '  switch (state) {');
      for (const s of states) {
        const target = r.pick(states);
        f.add(`    case '${s}':`, `      return event === '${r.pick(VERBS)}' ? '${target}' : state;`);
      }
      f.add('    default:', '      return state;', '  }', '}', '');
      return;
    }
    case 4: {
      f.add(
        `export const ${noun.toUpperCase()}_${adj.toUpperCase()}_DEFAULTS_${id} = {`,
        `  batchSize: ${r.int(10, 500)},`,
        `  retries: ${r.int(0, 5)},`,
        `  backoffMs: ${r.int(50, 5000)},`,
        `  label: '${adj}-${noun}',`,
        `  enabled: ${r.chance(0.5)},`,
        `  tiers: [${r
          .subset(['hot', 'warm', 'cold', 'archive'], 1)
          .map((s) => `'${s}'`)
          .join(', ')}],`,
        '} as const;',
        '',
      );
      return;
    }
    case 5: {
      f.add(
        `export async function ${verb}${T}WithRetry${id}<T>(fn: () => Promise<T>, attempts = ${r.int(2, 6)}): Promise<T> {`,
        '  let lastError: unknown;',
        '  for (let i = 0; i < attempts; i += 1) {',
        '    try {',
        '      return await fn();',
        '    } catch (err) {',
        '      lastError = err;',
        `      await new Promise((resolve) => setTimeout(resolve, ${r.int(10, 400)} * 2 ** i));`,
        '    }',
        '  }',
        `  throw new Error(\`${noun} ${verb} failed after \${attempts} attempts: \${String(lastError)}\`);`,
        '}',
        '',
      );
      return;
    }
    case 6: {
      f.add(
        `export function ${camel(noun)}Key${id}(parts: { ${noun}Id: string; ${noun2}Id?: string; scope: string }): string {`,
        `  const base = \`${noun}:\${parts.scope}:\${parts.${noun}Id}\`;`,
        `  return parts.${noun2}Id ? \`\${base}/${noun2}:\${parts.${noun2}Id}\` : base;`,
        '}',
        '',
        `export function parse${T}Key${id}(key: string): { scope: string; id: string } | null {`,
        `  const m = /^${noun}:([^:]+):([^/]+)/.exec(key);`,
        '  return m ? { scope: m[1], id: m[2] } : null;',
        '}',
        '',
      );
      return;
    }
    case 7: {
      f.add(
        `export const ${camel(adj)}${T}Sql${id} = \``,
        `  SELECT ${noun}.id, ${noun}.title, count(${noun2}.id) AS ${noun2}_count`,
        `  FROM ${noun}s ${noun}`,
        `  LEFT JOIN ${noun2}s ${noun2} ON ${noun2}.${noun}_id = ${noun}.id`,
        `  WHERE ${noun}.status = '${adj}'`,
        `  GROUP BY ${noun}.id`,
        `  ORDER BY ${noun2}_count DESC`,
        `  LIMIT ${r.int(10, 1000)}`,
        '`;',
        '',
      );
      return;
    }
    case 8: {
      f.add(
        `export function summarize${T}s${id}(items: readonly ${T}Like[]): Record<string, number> {`,
        '  const counts: Record<string, number> = {};',
        '  for (const item of items) {',
        '    for (const tag of item.tags) {',
        '      counts[tag] = (counts[tag] ?? 0) + 1;',
        '    }',
        '  }',
        '  return Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 1));',
        '}',
        '',
      );
      return;
    }
    default: {
      f.add(
        `export class ${T}Error${id} extends Error {`,
        `  readonly code = '${noun.toUpperCase()}_${verb.toUpperCase()}_FAILED';`,
        `  constructor(message: string, readonly ${camel(noun2)}Id?: string) {`,
        '    super(message);',
        `    this.name = '${T}Error';`,
        '  }',
        '}',
        '',
        `export function is${T}Error${id}(err: unknown): err is ${T}Error${id} {`,
        `  return err instanceof ${T}Error${id};`,
        '}',
        '',
      );
    }
  }
}

/** @param {FileText} f @param {Random} r */
function ordinaryHeader(f, r) {
  f.add(
    `import type { Db } from '${relImport(f.rel, 'src/db/client.ts')}';`,
    `import type { Logger } from '${relImport(f.rel, 'src/lib/log.ts')}';`,
    '',
    `interface Like {`,
    '  id: string;',
    '  score: number;',
    '  tags: readonly string[];',
    '}',
  );
  for (const n of NOUNS) if (r.chance(0.08)) f.add(`type ${pascal(n)}Like = Like;`);
  f.add('');
}

/** @param {Random} r @param {string} rel @param {number} targetLines */
function ordinaryFile(r, rel, targetLines) {
  const f = new FileText(rel);
  f.add(`// ${rel}: ${r.pick(ADJS)} ${r.pick(NOUNS)} ${r.pick(['helpers', 'service', 'types', 'store', 'queries'])}.`);
  ordinaryHeader(f, r);
  while (f.lines.length < targetLines) ordinaryBlock(r, f, r.int(0, 9));
  return declareLikes(f);
}

/**
 * Declares every `XLike` type the ordinary blocks of `f` use and its header does not (hoisted type aliases are fine).
 * @param {FileText} f
 */
function declareLikes(f) {
  /** @type {Set<string>} */
  const used = new Set();
  for (const l of f.lines) for (const m of l.matchAll(/\b([A-Z][a-z]+)Like\b/g)) used.add(m[1]);
  const declared = new Set(f.lines.filter((l) => /^type \w+Like = Like;$/.test(l)).map((l) => l.slice(5, l.indexOf('Like'))));
  for (const u of used) if (!declared.has(u)) f.add(`type ${u}Like = Like;`);
  return f;
}

function logLibFile() {
  const f = new FileText('src/lib/log.ts');
  f.add(
    'export interface Logger {',
    '  debug(message: string, data?: unknown): void;',
    '  warn(message: string, data?: unknown): void;',
    '}',
    '',
    'export function consoleLogger(prefix: string): Logger {',
    '  return {',
    "    debug: (message, data) => console.debug(`[${prefix}] ${message}`, data ?? ''),",
    "    warn: (message, data) => console.warn(`[${prefix}] ${message}`, data ?? ''),",
    '  };',
    '}',
  );
  return f;
}

function dbClientFile() {
  const f = new FileText('src/db/client.ts');
  f.add(
    'export interface Db {',
    '  query<T>(sql: string, params?: unknown[]): Promise<T[]>;',
    '}',
    '',
    'export function memoryDb(): Db {',
    '  return { query: async () => [] };',
    '}',
  );
  return f;
}

// ---------------------------------------------------------------------------------------------------------------
// The rule docs' examples (docs/rules/<rule>.md, each linted by test/docs-examples.test.ts): the correct ones are the
// corpus's clean `_meta` shapes, the incorrect ones its seeded violations. Each is written after ordinary code as a
// file of its own, at a path the corpus manifest (the docs' one, placed) gives the role its doc gives it. The corpus
// holds no second opinion of what clean code or a violation is: the verdict is the doc's, a human's.

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOCS_EXAMPLES = path.join(REPO, 'docs/examples');
const DOCS_DEFAULT_FILE = 'src/core/ops/list-pages.ts';

/**
 * The rules violations are seeded for, in the order they are spread over. Not the rule list: that is the plugin's
 * (`loadPlugin` checks these names against the built plugin and takes the namespace from it).
 */
const SEEDABLE_RULES = [
  'no-wholesale-meta-assign',
  'no-foreign-meta-key',
  'require-producer-isolation',
  'no-unregistered-meta-key',
  'no-unregistered-meta-field',
];

/**
 * Where an example of the file `// File:` names (relative to docs/examples, whose manifest gives it its role) goes in
 * the corpus, and the glob the corpus manifest adds wherever the docs' manifest names that file: so the corpus path
 * has the doc file's role (a producer of its keys, the merge layer, ignored, or a file owning no key).
 * @type {Record<string, { at: (name: string) => string, glob: string }>}
 */
const CORPUS_PLACE_OF_DOC_FILE = {
  // A producer of 'retrieval' (and, for search, of the tool-plane and catalogue keys).
  'src/core/ops/search.ts': { at: (name) => `src/core/ops/search/${name}.ts`, glob: 'src/core/ops/search/*.ts' },
  'src/core/ops/query.ts': { at: (name) => `src/core/ops/query/${name}.ts`, glob: 'src/core/ops/query/*.ts' },
  // The merge layer (and the producer of 'warnings').
  'src/mcp/dispatch.ts': { at: (name) => `src/mcp/dispatch-${name}.ts`, glob: 'src/mcp/dispatch-*.ts' },
  // The hook function producing 'brain_hot_memory'.
  'src/hooks/brain-hot-memory.ts': {
    at: (name) => `src/hooks/brain-hot-memory-${name}.ts`,
    glob: 'src/hooks/brain-hot-memory-*.ts',
  },
  // An eval command (the docs' `ignore` glob, src/commands/eval-*.ts, already covers it).
  'src/commands/eval-report.ts': { at: (name) => `src/commands/eval-report-${name}.ts`, glob: 'src/commands/eval-*.ts' },
  // The docs' default file, which owns no key (its siblings query.ts and page-meta.ts are written as the docs have them).
  [DOCS_DEFAULT_FILE]: { at: (name) => `src/core/ops/${name}.ts`, glob: 'src/core/ops/*.ts' },
};

/**
 * The docs' modules that examples import (`./query.js`, `./page-meta.js`): written into the corpus at the same paths,
 * where the docs' manifest (kept in the corpus one) gives them the same role.
 */
const DOCS_MODULES = ['src/core/ops/query.ts', 'src/core/ops/page-meta.ts'];

/**
 * Correct examples the corpus leaves out, and why: each is clean for its own rule (docs-examples.test lints it with that
 * rule alone, under the docs' manifest) but, in the role its doc gives its file, breaks another rule of the plugin, and
 * the corpus runs them all together. Context mismatches of the docs (the example is correct only for its rule), not
 * false alarms: each other rule's report follows that rule's own doc. Each entry names its example by its doc and a
 * line of its code; an entry that names no example, or more than one, stops the generator. None today: docs-examples.test
 * also lints every correct example with all recommended rules, so a doc can no longer hold one.
 * @type {{ doc: string, line: string, why: string }[]}
 */
const CORRECT_EXAMPLES_LEFT_OUT = [];

/**
 * Fields the correct examples write that the docs' manifest does not register; the corpus manifest adds them, so that
 * it is a superset of what the examples need without giving any file another role. None today: docs-examples.test
 * lints every correct example with all recommended rules under the docs' manifest.
 * @type {Record<string, Record<string, object>>}
 */
const FIELDS_THE_EXAMPLES_ADD = {};

/**
 * @typedef {{
 *   doc: string, line: number, code: string, docFile: string, reports: string[],
 *   typed: boolean, options: boolean, settings: boolean,
 * }} DocExample
 */
/** @typedef {{ meta: { namespace: string }, rules: Record<string, unknown>, configs: Record<string, unknown> }} Plugin */
/** @typedef {{ file: string, line: number, ruleId: string }} Expected */

/** @returns {Plugin} the built plugin (dist/), whose rules the seeds are for and whose findings place them */
function loadPlugin() {
  /** @type {Plugin} */
  let plugin;
  try {
    plugin = requireAs(createRequire(import.meta.url), '../dist/src/index.js');
  } catch (err) {
    throw new Error(`seeding violations needs the built plugin (npm run build): ${/** @type {Error} */ (err).message}`);
  }
  const unknown = SEEDABLE_RULES.filter((name) => !Object.hasOwn(plugin.rules, name));
  if (unknown.length > 0) throw new Error(`the generator seeds rules the plugin does not have: ${unknown.join(', ')}`);
  return plugin;
}

/**
 * The ```ts blocks of a rule doc under a heading that says `verdict` ("Incorrect" or "Correct"), with the doc's
 * conventions (`// File:`, `// Reports:`, `// Typed`, `// Options:`, `// Settings:`) read as test/docs-examples.test.ts
 * reads them. In the doc's order.
 * @param {string} doc @param {'Incorrect' | 'Correct'} verdict @returns {DocExample[]}
 */
function docExamples(doc, verdict) {
  const lines = readFileSync(path.join(REPO, 'docs/rules', doc), 'utf8').split('\n');
  /** @type {{ level: number, text: string }[]} */
  const headings = [];
  /** @type {DocExample[]} */
  const examples = [];
  for (let i = 0; i < lines.length; i += 1) {
    const heading = /^(#{1,6})\s+(.*)$/.exec(lines[i]);
    if (heading) {
      while (headings.length > 0 && headings[headings.length - 1].level >= heading[1].length) headings.pop();
      headings.push({ level: heading[1].length, text: heading[2].trim() });
      continue;
    }
    const fence = /^(\s*)(`{3,}|~{3,})\s*(\w*)/.exec(lines[i]);
    if (!fence) continue;
    const body = [];
    let end = i + 1;
    while (end < lines.length && !lines[end].trimStart().startsWith(fence[2])) body.push(lines[end++]);
    // As docs-examples.test: "Incorrect" first (it contains "correct", not "Correct").
    const judged = [...headings].reverse().find((h) => h.text.includes('Incorrect') || h.text.includes('Correct'));
    const judgedAs = judged?.text.includes('Incorrect') ? 'Incorrect' : judged ? 'Correct' : null;
    if ((fence[3] === 'ts' || fence[3] === 'typescript') && judgedAs === verdict) {
      const code = `${body.join('\n')}\n`;
      examples.push({
        doc,
        line: i + 1,
        code,
        docFile: /^\s*\/\/\s*File:\s*(\S+)\s*$/.exec(body[0] ?? '')?.[1] ?? DOCS_DEFAULT_FILE,
        reports: (/^\s*\/\/\s*Reports:\s*(.+)$/m.exec(code)?.[1] ?? '')
          .split(',')
          .map((id) => id.trim())
          .filter((id) => id.length > 0),
        typed: /^\s*\/\/\s*Typed\s*$/m.test(code),
        options: /^\s*\/\/\s*Options:/m.test(code),
        settings: /^\s*\/\/\s*Settings:/m.test(code),
      });
    }
    i = end;
  }
  return examples;
}

/**
 * Whether the corpus can hold `example` as its doc lints it: untyped (the corpus is linted without a program; a
 * `// Typed` example's verdict is about type information), the rules' default options (the corpus runs each rule
 * once, with none; an `// Options:` example is about an option), the docs' manifest (a `// Settings:` example names
 * another manifest), of a file the corpus has a place for.
 * @param {DocExample} example
 */
function corpusCanHold(example) {
  return !example.typed && !example.options && !example.settings && Object.hasOwn(CORPUS_PLACE_OF_DOC_FILE, example.docFile);
}

/** The example's code without the docs' conventions (`// File:`, `// Reports:`), which are not part of it. */
/** @param {DocExample} example */
function codeOf(example) {
  return example.code.replace(/^\s*\/\/\s*(File|Reports):.*\n/gm, '').replace(/\n$/, '');
}

/** The rule docs, in name order. */
function ruleDocs() {
  return readdirSync(path.join(REPO, 'docs/rules'))
    .filter((name) => name.endsWith('.md'))
    .sort();
}

/** Every correct example of every rule doc the corpus can hold, but those it leaves out, in doc and line order. */
function cleanExamples() {
  const examples = ruleDocs().flatMap((doc) => docExamples(doc, 'Correct'));
  /** @param {{ doc: string, line: string }} out @param {DocExample} example */
  const names = (out, example) => example.doc === out.doc && example.code.split('\n').includes(out.line);
  for (const out of CORRECT_EXAMPLES_LEFT_OUT) {
    const named = examples.filter((example) => names(out, example)).length;
    if (named !== 1) throw new Error(`CORRECT_EXAMPLES_LEFT_OUT: '${out.line}' names ${named} correct examples of ${out.doc}, not one`);
  }
  return examples.filter((example) => corpusCanHold(example) && !CORRECT_EXAMPLES_LEFT_OUT.some((out) => names(out, example)));
}

/**
 * The corpus manifest: the docs' one (docs/examples/mcp-meta.registry.json, the manifest every doc example is linted
 * with), each path it names joined by the glob of the corpus's place for that file.
 */
function buildManifest() {
  /** @type {{ mergeLayer?: string[], keys: Record<string, { producers?: string[], fields?: string[] | Record<string, object> }> }} */
  const docs = requireAs(createRequire(import.meta.url), path.join(DOCS_EXAMPLES, 'mcp-meta.registry.json'));
  /** @param {string[] | undefined} paths */
  const placed = (paths) =>
    paths && [...new Set(paths.flatMap((p) => (Object.hasOwn(CORPUS_PLACE_OF_DOC_FILE, p) ? [p, CORPUS_PLACE_OF_DOC_FILE[p].glob] : [p])))];
  return {
    ...docs,
    $schema: './node_modules/eslint-plugin-mcp-meta/schema/registry.schema.json',
    mergeLayer: placed(docs.mergeLayer),
    keys: Object.fromEntries(
      Object.entries(docs.keys).map(([key, entry]) => [key, { ...entry, producers: placed(entry.producers), ...fieldsOf(key, entry) }]),
    ),
  };
}

/**
 * The key's fields in the corpus manifest: the docs' ones and `FIELDS_THE_EXAMPLES_ADD`'s.
 * @param {string} key @param {{ fields?: string[] | Record<string, object> }} entry
 */
function fieldsOf(key, entry) {
  const added = FIELDS_THE_EXAMPLES_ADD[key];
  if (!added) return {};
  const docs = Array.isArray(entry.fields) ? Object.fromEntries(entry.fields.map((field) => [field, {}])) : entry.fields;
  return { fields: { ...docs, ...added } };
}

/**
 * A file of the corpus holding `example` after ordinary code (the size of an op module, ~175 lines), at its doc
 * file's place under the name `name`.
 * @param {Random} r @param {DocExample} example @param {string} name
 */
function exampleFile(r, example, name) {
  const rel = CORPUS_PLACE_OF_DOC_FILE[example.docFile].at(name);
  return ordinaryFile(r, rel, r.int(110, 230)).add('', codeOf(example));
}

/**
 * Lints `code` as the corpus file `rel` of `dir` with every rule of the plugin, as the bench does (the corpus test
 * runs a subset of them): what a seed reports there.
 * @param {string} dir @param {Plugin} plugin
 * @returns {(code: string, rel: string) => import('eslint').Linter.LintMessage[]}
 */
function corpusLinter(dir, plugin) {
  const require = createRequire(import.meta.url);
  /** @type {typeof import('eslint')} */
  const { Linter } = requireAs(require, 'eslint');
  /** @type {import('eslint').Linter.Parser} */
  const parser = requireAs(require, '@typescript-eslint/parser');
  const linter = new Linter({ cwd: dir });
  /** @type {import('eslint').Linter.Config[]} */
  const config = [
    { files: ['**/*.ts'], languageOptions: { parser, sourceType: 'module' } },
    {
      files: ['**/*.ts'],
      plugins: { [plugin.meta.namespace]: /** @type {import('eslint').ESLint.Plugin} */ (/** @type {unknown} */ (plugin)) },
      rules: Object.fromEntries(Object.keys(plugin.rules).map((name) => [`${plugin.meta.namespace}/${name}`, 'error'])),
      settings: { [plugin.meta.namespace]: { registry: path.join(dir, 'mcp-meta.registry.json') } },
    },
  ];
  return (code, rel) => linter.verify(code, config, path.join(dir, rel));
}

/**
 * `violations` seed files, spread over `SEEDABLE_RULES` in turn: for each, one of the rule's incorrect doc examples
 * the corpus can hold with one report (picked with `r`), after ordinary code, written where the corpus gives its file's
 * role. An example is seeded only where the whole plugin reports exactly what its doc says it reports (its `// Reports:`
 * line) and nothing else (some examples break a second rule too); the line is where that report is. So a seed's line
 * is the plugin's, its verdict the doc's: that every example reports what its doc says is docs-examples.test's check,
 * and the corpus's is that its clean files stay silent and the seeds report alike in a whole project.
 * @param {Random} r @param {string} dir the corpus folder, its manifest and the docs' modules written
 * @param {number} violations
 * @returns {{ files: FileText[], expected: Expected[] }}
 */
function seedFiles(r, dir, violations) {
  /** @type {FileText[]} */
  const files = [];
  /** @type {Expected[]} */
  const expected = [];
  if (violations <= 0) return { files, expected };
  const plugin = loadPlugin();
  const lint = corpusLinter(dir, plugin);
  for (const rule of SEEDABLE_RULES) {
    const ruleId = `${plugin.meta.namespace}/${rule}`;
    const reportsJustIts = (/** @type {DocExample} */ example, /** @type {string} */ rel) => {
      const messages = lint(example.code, rel);
      return messages.length === 1 && messages[0].ruleId === ruleId && messages[0].messageId === example.reports[0] ? messages[0] : null;
    };
    const examples = docExamples(`${rule}.md`, 'Incorrect').filter(
      (example) =>
        corpusCanHold(example) &&
        example.reports.length === 1 &&
        reportsJustIts(example, CORPUS_PLACE_OF_DOC_FILE[example.docFile].at('seed-probe')),
    );
    if (examples.length === 0) throw new Error(`no example of docs/rules/${rule}.md can be seeded into the corpus`);
    for (let n = SEEDABLE_RULES.indexOf(rule); n < violations; n += SEEDABLE_RULES.length) {
      const example = r.pick(examples);
      const f = exampleFile(r, example, `legacy-${rule.replace(/^no-|-meta/g, '')}-${n}`);
      const found = reportsJustIts({ ...example, code: f.text() }, f.rel);
      if (!found) throw new Error(`docs/rules/${rule}.md: an example reports otherwise in ${f.rel} than on its own`);
      files.push(f);
      expected.push({ file: f.rel, line: found.line, ruleId });
    }
  }
  return { files, expected };
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * Writes a corpus into `dir` and returns its size and the seeded violations.
 * @param {string} dir
 * @param {{ files?: number, seed?: number, violations?: number }} [options]
 * @returns {{ files: number, lines: number, expected: { file: string, line: number, ruleId: string }[], dir: string }}
 */
export function generateCorpus(dir, { files = 1000, seed = 1, violations = 0 } = {}) {
  const r = makeRandom(seed);
  /** @type {FileText[]} */
  const out = [logLibFile(), dbClientFile()];
  /** @type {Expected[]} */
  const expected = [];

  // The manifest and the docs' modules first: seeds are placed by linting them under it.
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'mcp-meta.registry.json'), `${JSON.stringify(buildManifest(), null, 2)}\n`);
  for (const rel of DOCS_MODULES) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), readFileSync(path.join(DOCS_EXAMPLES, rel), 'utf8'));
  }
  const seeds = seedFiles(r, dir, violations);
  out.push(...seeds.files);
  expected.push(...seeds.expected);

  // The clean `_meta` code: every correct example at least once, in turn, until about 21% of the files name `_meta`
  // (what a server of this size has: its op handlers, merge layers, hooks, eval commands and clients).
  const examples = cleanExamples();
  if (examples.length === 0) throw new Error('no correct example of docs/rules/*.md can be written into the corpus');
  const namesMeta = (/** @type {FileText} */ f) => f.lines.some((l) => l.includes('_meta'));
  const wanted = Math.round(files * 0.213);
  let naming = out.filter(namesMeta).length;
  for (let k = 0; k < examples.length || naming < wanted; k += 1) {
    const f = exampleFile(r, examples[k % examples.length], `${r.pick(VERBS)}-${r.pick(NOUNS)}-${k}`);
    if (namesMeta(f)) naming += 1;
    out.push(f);
  }

  const folders = [
    'src/lib',
    'src/services',
    'src/db',
    'src/types',
    'src/util',
    'src/core/model',
    'src/core/index',
    'src/jobs',
    'src/config',
  ];
  let i = 0;
  while (out.length + DOCS_MODULES.length < files) {
    const folder = r.pick(folders);
    const rel = `${folder}/${r.pick(ADJS)}-${r.pick(NOUNS)}-${i++}.ts`;
    out.push(ordinaryFile(r, rel, r.int(200, 520)));
  }

  let lines = 0;
  for (const f of out) {
    const abs = path.join(dir, f.rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, f.text());
    lines += f.lines.length;
  }
  for (const rel of DOCS_MODULES) lines += readFileSync(path.join(dir, rel), 'utf8').split('\n').length - 1;
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    `${JSON.stringify(
      {
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          lib: ['ES2023', 'DOM'],
          strict: true,
          skipLibCheck: true,
          noEmit: true,
          types: [],
        },
        include: ['src'],
      },
      null,
      2,
    )}\n`,
  );
  writeFileSync(
    path.join(dir, 'package.json'),
    `${JSON.stringify({ name: 'generated-mcp-server', private: true, type: 'module' }, null, 2)}\n`,
  );
  expected.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1));
  return { dir, files: out.length + DOCS_MODULES.length, lines, expected };
}

/**
 * One producer file of about `lines` lines, for the bench's warm `lintText` measurement: ordinary code with the
 * correct examples of a 'retrieval' producer (src/core/ops/search.ts) between its blocks, in turn. `rel` is where it
 * belongs in a generated corpus (a 'retrieval' producer path). Beyond one round of the examples, their functions are
 * declared again (ESLint parses that; it is a file to time, not to type-check).
 * @param {{ lines?: number, seed?: number }} [options]
 * @returns {{ rel: string, text: string, lines: number }}
 */
export function generateProducerFile({ lines = 1000, seed = 1 } = {}) {
  const r = makeRandom(seed);
  const examples = cleanExamples().filter((example) => example.docFile === 'src/core/ops/search.ts');
  const f = new FileText(CORPUS_PLACE_OF_DOC_FILE['src/core/ops/search.ts'].at('bench-producer'));
  ordinaryHeader(f, r);
  for (let k = 0; f.lines.length < lines; k += 1) {
    for (let i = r.int(1, 4); i > 0; i -= 1) ordinaryBlock(r, f, r.pick([1, 3, 5, 6, 8]));
    f.add(codeOf(examples[k % examples.length]), '');
  }
  declareLikes(f);
  return { rel: f.rel, text: f.text(), lines: f.lines.length };
}

// ---------------------------------------------------------------------------------------------------------------
// CLI

/** @param {string[]} argv */
function parseArgs(argv) {
  const opts = { dir: /** @type {string | null} */ (null), files: 1000, seed: 1, violations: 10 };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--files') opts.files = Number(argv[++i]);
    else if (a === '--seed') opts.seed = Number(argv[++i]);
    else if (a === '--violations') opts.violations = Number(argv[++i]);
    else if (!a.startsWith('--')) opts.dir = a;
    else throw new Error(`unknown option ${a}`);
  }
  return opts;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const opts = parseArgs(process.argv.slice(2));
  if (!opts.dir) {
    console.error('usage: node scripts/generate-corpus.mjs DIR [--files N] [--seed S] [--violations V]');
    process.exit(2);
  }
  const res = generateCorpus(path.resolve(opts.dir), opts);
  console.log(`${res.files} files, ${res.lines} lines, ${res.expected.length} seeded violations in ${res.dir}`);
  for (const v of res.expected) console.log(`  ${v.file}:${v.line} ${v.ruleId}`);
}
