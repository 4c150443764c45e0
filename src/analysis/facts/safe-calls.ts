/**
 * The calls that cannot make a producer fail (MCP _meta rule 3: "a failing producer degrades to its key being
 * absent"): standard built-ins that throw for no argument the code passes them, or only where an operator on the same
 * argument would (`Math.round(x)` converts `x` as `+x` does). Rule 3's try is for producers that can fail; a value built
 * only from these, literals, names, member reads and operators needs none. One table, read by `computes`
 * (`isolation.ts`); docs/rules/require-producer-isolation.md shows it.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { findBinding } from '../syntax/bindings';

type Node = TSESTree.Node;

export interface SafeCall {
  /** The callee as written against the global (`Date.now`); `Math.*` is every member of `Math`. */
  readonly callee: string;
  /** Why it cannot throw, for the docs and the reader. */
  readonly why: string;
}

const NO_ARGUMENT = 'takes no argument and returns a number; it has no failure mode';
const LIKE_AN_OPERATOR =
  'converts its arguments to numbers as arithmetic does: it throws only where `+x` would (a symbol, a BigInt, an object whose `valueOf` throws), and arithmetic is not counted as computing either';
const NO_CONVERSION = 'only looks at its argument (no conversion, no getter, no iteration): no argument makes it throw';

export const SAFE_CALLS: readonly SafeCall[] = [
  { callee: 'Date.now', why: NO_ARGUMENT },
  { callee: 'performance.now', why: NO_ARGUMENT },
  { callee: 'crypto.randomUUID', why: 'takes no argument; in Node and in secure browser contexts it always returns a string' },
  { callee: 'Math.*', why: LIKE_AN_OPERATOR },
  { callee: 'Number.isFinite', why: NO_CONVERSION },
  { callee: 'Number.isInteger', why: NO_CONVERSION },
  { callee: 'Number.isNaN', why: NO_CONVERSION },
  { callee: 'Number.isSafeInteger', why: NO_CONVERSION },
  { callee: 'Array.isArray', why: NO_CONVERSION },
  { callee: 'Boolean', why: 'truthiness: no conversion can throw' },
  { callee: 'Number', why: LIKE_AN_OPERATOR },
  {
    callee: 'String',
    why: 'converts as a template literal does, and a symbol too (`String(sym)` does not throw where `${sym}` would): only an object whose `toString` throws makes it fail',
  },
];

/**
 * Not in the table, on purpose: `Object.keys` / `values` / `entries` (throw on `undefined` or `null`, the value a
 * producer most often meets when a field is absent; `values` and `entries` also run getters), `JSON.stringify`
 * (throws on a cycle or a BigInt), `new Date(…)` and every `new` (a constructor is code), any method of a value
 * (`rows.map(…)` runs callbacks), and `Date.now` or `Math` when the file binds the name to something else.
 */
const EXACT = new Set(SAFE_CALLS.filter((entry) => !entry.callee.endsWith('.*')).map((entry) => entry.callee));
const ANY_MEMBER = new Set(SAFE_CALLS.filter((entry) => entry.callee.endsWith('.*')).map((entry) => entry.callee.slice(0, -2)));

/**
 * Modules whose imports are the same built-ins: `import { randomUUID } from 'node:crypto'` is `crypto.randomUUID`,
 * `import crypto from 'crypto'` (or `* as crypto`) is `crypto`, `import { performance } from 'node:perf_hooks'` is
 * `performance`. The value is what the module's namespace stands for ('' when its exports are globals themselves).
 */
const BUILT_IN_MODULES: Readonly<Record<string, string>> = {
  crypto: 'crypto',
  'node:crypto': 'crypto',
  perf_hooks: '',
  'node:perf_hooks': '',
};

/** `a.b.c` of a callee made of names only (`Date.now`, `Math.round`), or null. */
function dottedName(callee: Node): string[] | null {
  if (callee.type === 'Identifier') return [callee.name];
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return null;
  const object = dottedName(callee.object);
  return object ? [...object, callee.property.name] : null;
}

/** The callee's name against the globals: its root is a global, or an import of a built-in module. Null otherwise. */
function globalName(segments: readonly string[], at: Node): string | null {
  const [root, ...rest] = segments;
  const binding = findBinding(root, at);
  if (binding === null) return segments.join('.');
  // `const crypto = require('node:crypto')` is the namespace import of CommonJS.
  const required = binding.kind === 'variable' && binding.declarationKind === 'const' ? requiredModule(binding.declarator.init) : null;
  if (required !== null) return builtInName(required, 'namespace', rest);
  if (binding.kind === 'namespace') return builtInName(binding.source, 'namespace', rest);
  if (binding.kind === 'import') return builtInName(binding.source, binding.imported === 'default' ? 'namespace' : binding.imported, rest);
  return null;
}

/** `require('m')` with a string: 'm'; null otherwise. */
function requiredModule(init: TSESTree.Expression | null): string | null {
  if (init?.type !== 'CallExpression' || init.callee.type !== 'Identifier' || init.callee.name !== 'require') return null;
  const [argument] = init.arguments;
  return init.arguments.length === 1 && argument.type === 'Literal' && typeof argument.value === 'string' ? argument.value : null;
}

/** The global name of `imported` (or the namespace) of a built-in module, then `rest`; null for other modules. */
function builtInName(source: string, imported: string, rest: readonly string[]): string | null {
  const namespace = BUILT_IN_MODULES[source];
  if (namespace === undefined) return null;
  return [...(namespace === '' ? [] : [namespace]), ...(imported === 'namespace' ? [] : [imported]), ...rest].join('.');
}

/** True when `call` is one of `SAFE_CALLS` (its arguments are judged on their own). */
export function isSafeCall(call: TSESTree.CallExpression): boolean {
  const callee = call.callee.type === 'ChainExpression' ? call.callee.expression : call.callee;
  const segments = dottedName(callee);
  if (segments === null || segments.length > 3) return false;
  const name = globalName(segments, call);
  if (name === null) return false;
  if (EXACT.has(name)) return true;
  const dot = name.lastIndexOf('.');
  return dot > 0 && ANY_MEMBER.has(name.slice(0, dot));
}
