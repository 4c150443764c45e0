/**
 * The plugin object's one home: the rule map, the presets built from each rule's `meta.docs`, and the package's name
 * and version. `src/index.ts` (the package entry) and `src/config.ts` (`createConfig`) only re-export it, so the
 * dependency order is entries -> rules -> src/{analysis,registry,util}; nothing under those imports rules/.
 */
import type { TSESLint } from '@typescript-eslint/utils';
import { FOLDER_IGNORES } from '../src/util/build-output';
import { readPackageJson } from '../src/util/package-json';
// One import per rule, in alphabetical order. eslint-doc-generator reads this map through the built plugin.
import noDeprecatedMetaKey from './no-deprecated-meta-key';
import noDroppedMeta from './no-dropped-meta';
import noForeignMetaKey from './no-foreign-meta-key';
import noMisnamedMeta from './no-misnamed-meta';
import noRemovedMetaField from './no-removed-meta-field';
import noUnregisteredMetaField from './no-unregistered-meta-field';
import noUnregisteredMetaKey from './no-unregistered-meta-key';
import noWholesaleMetaAssign from './no-wholesale-meta-assign';
import requireProducerIsolation from './require-producer-isolation';
import tolerateUnknownMetaFields from './tolerate-unknown-meta-fields';
import validAppLinkage from './valid-app-linkage';
import validRegistry from './valid-registry';

export type AnyRule = TSESLint.RuleModule<string, readonly unknown[]>;

export const rules: Record<string, AnyRule> = {
  'no-deprecated-meta-key': noDeprecatedMetaKey,
  'no-dropped-meta': noDroppedMeta,
  'no-foreign-meta-key': noForeignMetaKey,
  'no-misnamed-meta': noMisnamedMeta,
  'no-removed-meta-field': noRemovedMetaField,
  'no-unregistered-meta-field': noUnregisteredMetaField,
  'no-unregistered-meta-key': noUnregisteredMetaKey,
  'no-wholesale-meta-assign': noWholesaleMetaAssign,
  'require-producer-isolation': requireProducerIsolation,
  'tolerate-unknown-meta-fields': tolerateUnknownMetaFields,
  'valid-app-linkage': validAppLinkage,
  'valid-registry': validRegistry,
};
const { name, version } = readPackageJson();

export const PLUGIN_NAMESPACE = 'mcp-meta';

export type RuleEntry = 'error' | 'warn' | 'off' | ['error' | 'warn', ...unknown[]];
export type RuleLevels = Record<string, RuleEntry>;

/** What `strict` adds on top of `recommended`: producers need a try even when their value cannot throw. */
const STRICT_OPTIONS: Record<string, unknown[]> = {
  'require-producer-isolation': [{ requireForAll: true }],
};

/**
 * Rules and levels of each preset, from each rule's `meta.docs` (`recommended` / `strict`): an error, except a rule
 * whose `recommended` is `'warn'`, which `recommended` turns on as a warning (`strict` as an error).
 */
function presetRules(preset: 'recommended' | 'strict'): RuleLevels {
  const levels: RuleLevels = {};
  for (const [ruleName, rule] of Object.entries(rules)) {
    const docs = rule.meta.docs as { recommended?: boolean | 'warn'; strict?: boolean } | undefined;
    if (!docs?.recommended && !(preset === 'strict' && docs?.strict)) continue;
    const strictOptions = preset === 'strict' ? STRICT_OPTIONS[ruleName] : undefined;
    const level = preset === 'recommended' && docs?.recommended === 'warn' ? 'warn' : 'error';
    levels[`${PLUGIN_NAMESPACE}/${ruleName}`] = strictOptions ? [level, ...strictOptions] : level;
  }
  return levels;
}

/** A preset for flat config. `plugins` holds this plugin itself (typed as such, so ESLint's `defineConfig` accepts it). */
interface FlatConfig {
  name: string;
  /**
   * Build output, dependencies and dot-folders (`dist`, `node_modules`, `.next`...): the preset's rules skip them, as
   * `mcp-meta init` and `check` do, so `eslint .` after a build reports (and `--fix` edits) the sources only. Not a
   * global ignore: other configs still lint those files. A tsconfig `outDir` of another name is `createConfig`'s.
   */
  ignores: string[];
  plugins: Record<string, McpMetaPlugin>;
  rules: RuleLevels;
}
interface LegacyConfig {
  plugins: string[];
  rules: RuleLevels;
}

/**
 * A rule as the plugin's public type shows it: a shape both ESLint's own config types (`defineConfig` from
 * `eslint/config`) and typescript-eslint's accept. The rules are written against typescript-eslint's `RuleContext`,
 * which ESLint's types describe differently, so the public type takes the context ESLint passes as it comes.
 */
export interface PluginRule {
  meta?: object;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- ESLint's and typescript-eslint's contexts differ; see above
  create(context: any): any;
}

export interface McpMetaPlugin {
  meta: { name: string; version: string; namespace: string };
  rules: Record<string, PluginRule>;
  configs: {
    recommended: FlatConfig;
    strict: FlatConfig;
    'legacy-recommended': LegacyConfig;
    'legacy-strict': LegacyConfig;
  };
}

const plugin: McpMetaPlugin = {
  meta: { name, version, namespace: PLUGIN_NAMESPACE },
  rules,
  configs: {} as McpMetaPlugin['configs'],
};

// Flat configs hold the plugin object itself; the eslintrc forms name it, and ESLint 8 resolves it by package name.
// The legacy (eslintrc) forms are unchanged: eslintrc says what to skip with its own `ignorePatterns`.
plugin.configs.recommended = {
  name: 'mcp-meta/recommended',
  ignores: [...FOLDER_IGNORES],
  plugins: { [PLUGIN_NAMESPACE]: plugin },
  rules: presetRules('recommended'),
};
plugin.configs.strict = {
  name: 'mcp-meta/strict',
  ignores: [...FOLDER_IGNORES],
  plugins: { [PLUGIN_NAMESPACE]: plugin },
  rules: presetRules('strict'),
};
plugin.configs['legacy-recommended'] = { plugins: [PLUGIN_NAMESPACE], rules: presetRules('recommended') };
plugin.configs['legacy-strict'] = { plugins: [PLUGIN_NAMESPACE], rules: presetRules('strict') };

export default plugin;
