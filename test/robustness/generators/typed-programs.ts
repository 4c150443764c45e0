/**
 * Generated TypeScript modules that compile (strict, against the real SDK v1 `CallToolResult`), made of the `_meta`
 * shapes the autofixes edit: re-wraps (`{ ...result, _meta }`, `{ ...defaults, ...result, _meta }`),
 * `Object.assign(x, { _meta })`, replacing and late-spreading writes, a producer writing one key in steps, a producer
 * that assigns a variable read later, a write whose narrowing later code relies on, a value computed by a declaration
 * before the write or before its try (and one read later too), emits and guarded resets. Objects
 * are typed with `_meta` (the SDK's type, an interface of the server's) and without (a plain `{ content }` type), and a
 * comment may sit next to every token a fix edits (`/* cN *\/` or `// cN` and a line break), so the oracle sees
 * whether a fix keeps it and still parses. Deterministic for a seed: `generateModule(random, index)`.
 */

const PREAMBLE = `import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

interface Plain {
  content: Array<{ type: 'text'; text: string }>;
}
interface WithMeta {
  content: Array<{ type: 'text'; text: string }>;
  _meta?: { [key: string]: unknown };
}
interface Ctx {
  emitResponseMeta(key: string, value: unknown): void;
}
declare function compute(): Promise<number>;
declare function load(): Promise<number[]>;
declare function isRecord(value: unknown): value is Record<string, unknown>;
`;

/** Types whose objects may be re-wrapped or assigned to; `WITH_META` also declare `_meta`, so code may write it. */
const ANY_RESULT = ['CallToolResult', 'Plain', 'WithMeta'];
const WITH_META = ['CallToolResult', 'WithMeta'];

/**
 * Templates: `$T` a type, `$N` the snippet's number, `~` a place where a comment may go (between tokens only, never
 * after `return`, where a line break would end the statement).
 */
const TEMPLATES: { types: readonly string[]; text: string }[] = [
  { types: ANY_RESULT, text: 'export function rewrap$N(result: $T) {\n  return {~ ...result,~ _meta: {~ retrieval: 1~ }~ };~\n}' },
  {
    types: ANY_RESULT,
    text: 'export function layered$N(defaults: Plain, result: $T) {\n  return { ...defaults,~ ...result,~ _meta: {~ retrieval: 2 }~ };\n}',
  },
  { types: ANY_RESULT, text: 'export function assign$N(out: $T) {\n  ~Object.assign(out,~ { _meta: {~ retrieval: 3~ }~ });~\n}' },
  { types: WITH_META, text: 'export function replace$N(out: $T) {\n  ~out._meta = {~ retrieval: 4~ };~\n}' },
  { types: WITH_META, text: 'export function late$N(out: $T) {\n  out._meta = {~ retrieval: 5,~ ...out._meta~ };~\n}' },
  {
    types: WITH_META,
    text: 'export function lateKeys$N(out: $T) {\n  out._meta = {~ retrieval: 6,~ ...out._meta,~ hint: 7~ };~\n}',
  },
  {
    types: WITH_META,
    text: 'export async function steps$N(out: $T) {\n  out._meta = { ...out._meta,~ retrieval: { n: await compute() } };~\n  ~out._meta.retrieval = await compute();~\n}',
  },
  {
    types: WITH_META,
    text: 'export async function rows$N(out: $T) {\n  let rows: number[];\n  out._meta = { ...out._meta,~ retrieval: { n: (rows = await load()).length } };~\n  return rows;\n}',
  },
  {
    types: WITH_META,
    text: 'export async function narrow$N(out: $T) {\n  ~out._meta = { ...out._meta, retrieval: await compute() };~\n  return out._meta.retrieval;\n}',
  },
  { types: ['Ctx'], text: "export async function emit$N(ctx: $T) {\n  ~ctx.emitResponseMeta('retrieval',~ await compute());~\n}" },
  { types: WITH_META, text: 'export function guard$N(out: $T) {\n  if (!isRecord(out._meta))~ out._meta = {~ };~\n}' },
  {
    types: WITH_META,
    text: 'export async function earlier$N(out: $T) {\n  const n = await compute();~\n  out._meta = { ...out._meta,~ retrieval: { n } };~\n  return out;\n}',
  },
  {
    types: WITH_META,
    text: 'export async function before$N(out: $T) {\n  const n = await~ compute();\n  try {\n    out._meta = { ...out._meta,~ retrieval: { n } };~\n  } catch {}\n  return out;\n}',
  },
  {
    types: WITH_META,
    text: 'export async function shared$N(out: $T) {\n  const n = await compute();~\n  out._meta = { ...out._meta,~ retrieval: { n } };~\n  return n;\n}',
  },
  {
    types: WITH_META,
    text: 'export async function hoist$N(out: $T, hook: (r: $T) => Promise<Record<string, unknown>>) {\n  const fragment = await hook(out);~\n  return fragment;\n}',
  },
];

/** Every template's name, for a tally of what a corpus covered. */
export const TEMPLATE_COUNT = TEMPLATES.length;

/**
 * One module: the preamble and `snippets` templates, each with a type and comments drawn from `random`. Comment
 * texts are unique in the module (`c1`, `c2`, …), so a lost one is named.
 */
export function generateModule(random: () => number, snippets: number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  let comment = 0;
  const parts = [PREAMBLE];
  for (let n = 0; n < snippets; n += 1) {
    const template = pick(TEMPLATES);
    const text = template.text
      .replaceAll('$T', pick(template.types))
      .replaceAll('$N', String(n))
      .replace(/~/g, () => {
        const roll = random();
        if (roll < 0.55) return '';
        comment += 1;
        return roll < 0.8 ? ` /* c${comment} */` : ` // c${comment}\n`;
      });
    parts.push(text);
  }
  return `${parts.join('\n\n')}\n`;
}
