import type { ESLintUtils, TSESLint } from '@typescript-eslint/utils';
import { countCost } from './cost-counter';
import { readPackageJson } from './package-json';

const { name: packageName, version: packageVersion } = readPackageJson();

/**
 * Every rule's docs URL, used by ESLint, editors and the SARIF formatter: the rule's page as the installed version
 * published it (the docs ship in the package, and unpkg serves any file of any published version), so the link
 * always describes the rule the user runs and never a branch that has moved on.
 */
export function ruleDocsUrl(name: string): string {
  return shippedDocUrl(`docs/rules/${name}.md`);
}

/** A file the package ships (`docs/cli.md`), as the installed version published it. */
export function shippedDocUrl(file: string): string {
  return `https://unpkg.com/${packageName}@${packageVersion}/${file}`;
}

export interface McpMetaRuleDocs {
  description: string;
  /**
   * Which configs enable the rule (for eslint-doc-generator and our own configs). `'warn'`: a warning in
   * `recommended`, an error in `strict`.
   */
  recommended?: boolean | 'warn';
  strict?: boolean;
  /** The rule reports nothing without type information (eslint-doc-generator marks it 💭). */
  requiresTypeChecking?: boolean;
}

/**
 * Each option object of `defaults`, overridden by what the user set. Our options are flat objects of booleans, so a
 * shallow merge is enough; `ESLintUtils.RuleCreator` deep-clones the defaults with `structuredClone` for every rule
 * on every file, which was a measurable part of the plugin's per-file cost.
 */
function withDefaults<Options extends readonly unknown[]>(defaults: Options, user: readonly unknown[]): Options {
  if (defaults.length === 0) return user as unknown as Options;
  // ESLint 9+ has merged `meta.defaultOptions` already, and hands an option the user did not set as the default object
  // itself: nothing to merge, which is every rule of every file in the usual config.
  if (user.length === defaults.length && defaults.every((fallback, index) => user[index] === fallback)) return defaults;
  return defaults.map((fallback, index) => {
    const given = user[index];
    if (given === undefined) return fallback;
    const mergeable = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
    return mergeable(fallback) && mergeable(given) ? { ...(fallback as object), ...(given as object) } : given;
  }) as unknown as Options;
}

/**
 * What a rule's `create()` returns when it registers nothing. Frozen: a host that wrote into a rule's listener object
 * would otherwise change it for every file.
 */
export const NO_LISTENERS: TSESLint.RuleListener = Object.freeze({});

/**
 * A rule's cheap per-file check, asked before its options are merged and its own `create()` runs: true when the rule
 * has nothing to do in this file, which then costs the rule nothing more (`NO_LISTENERS`).
 */
export type SkipsFile = (context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>) => boolean;

/**
 * Same contract as `ESLintUtils.RuleCreator(ruleDocsUrl)`: the docs URL from the rule's name, defaults from
 * `meta.defaultOptions` applied before `create` sees them (ESLint 8 ignores `meta.defaultOptions`, so this is what
 * makes them hold there), with a cheaper merge (see `withDefaults`).
 */
export function createRule<Options extends readonly unknown[], MessageIds extends string>({
  name,
  meta,
  create,
  skipsFile,
}: Readonly<ESLintUtils.RuleWithMetaAndName<Options, MessageIds, McpMetaRuleDocs>> & {
  /**
   * Why: ESLint calls every enabled rule's `create()` for every file, and most files of a code base cannot write
   * `_meta`. Set up there, each `_meta` rule merged its options and built its closures only to find that out from the
   * shared gate; asked first, the rules that act only on `_meta` writes skip that set-up on those files (right after
   * a parse, where every touch of cold code counts).
   */
  readonly skipsFile?: SkipsFile;
}): TSESLint.RuleModule<MessageIds, Options, McpMetaRuleDocs> & {
  name: string;
} {
  const defaults = Object.freeze(meta.defaultOptions ?? ([] as unknown as Options)) as Options;
  return {
    name,
    meta: { ...meta, docs: { ...meta.docs, url: ruleDocsUrl(name) }, defaultOptions: defaults },
    // ESLint 8 and older tooling read the top-level copy.
    defaultOptions: defaults,
    create(context) {
      if (skipsFile?.(context)) return NO_LISTENERS;
      countCost('rule-set-ups');
      return create(context, withDefaults(defaults, context.options));
    },
  };
}
