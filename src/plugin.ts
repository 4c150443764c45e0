import type { TSESLint } from '@typescript-eslint/utils';
import { rules } from '../rules';

// Read at run time so the plugin's meta.version always matches the installed package.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { name, version } = require('../../package.json') as { name: string; version: string };

export const PLUGIN_NAMESPACE = 'mcp-meta';

export type RuleEntry = 'error' | 'warn' | 'off' | ['error' | 'warn', ...unknown[]];
export type RuleLevels = Record<string, RuleEntry>;

/** What `strict` adds on top of `recommended`: producers need a try even when their value cannot throw. */
const STRICT_OPTIONS: Record<string, unknown[]> = {
  'require-producer-isolation': [{ requireForAll: true }],
};

/** Rules and levels of each preset, from each rule's `meta.docs` (`recommended` / `strict`). */
function presetRules(preset: 'recommended' | 'strict'): RuleLevels {
  const levels: RuleLevels = {};
  for (const [ruleName, rule] of Object.entries(rules)) {
    const docs = rule.meta.docs as { recommended?: boolean; strict?: boolean } | undefined;
    if (!docs?.recommended && !(preset === 'strict' && docs?.strict)) continue;
    const strictOptions = preset === 'strict' ? STRICT_OPTIONS[ruleName] : undefined;
    levels[`${PLUGIN_NAMESPACE}/${ruleName}`] = strictOptions ? ['error', ...strictOptions] : 'error';
  }
  return levels;
}

interface FlatConfig {
  name: string;
  plugins: Record<string, unknown>;
  rules: RuleLevels;
}
interface LegacyConfig {
  plugins: string[];
  rules: RuleLevels;
}

export interface McpMetaPlugin {
  meta: { name: string; version: string; namespace: string };
  rules: typeof rules;
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
plugin.configs.recommended = { name: 'mcp-meta/recommended', plugins: { [PLUGIN_NAMESPACE]: plugin }, rules: presetRules('recommended') };
plugin.configs.strict = { name: 'mcp-meta/strict', plugins: { [PLUGIN_NAMESPACE]: plugin }, rules: presetRules('strict') };
plugin.configs['legacy-recommended'] = { plugins: [PLUGIN_NAMESPACE], rules: presetRules('recommended') };
plugin.configs['legacy-strict'] = { plugins: [PLUGIN_NAMESPACE], rules: presetRules('strict') };

export type AnyRule = TSESLint.RuleModule<string, readonly unknown[]>;
export default plugin;
