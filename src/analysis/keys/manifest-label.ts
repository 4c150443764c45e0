import type { TSESLint } from '@typescript-eslint/utils';
import { manifestFileName } from '../../registry';
import type { Registry } from '../../registry/types';
import { cwdOf } from '../meta-context';

type AnyRuleContext = Readonly<TSESLint.RuleContext<string, readonly unknown[]>>;

/** Labels per manifest (a re-read manifest is a new `Registry`, so an entry never outlives its manifest) and cwd. */
const labels = new WeakMap<Registry, Map<string, string>>();

/**
 * How the `_meta` rules' messages name the manifest that applies to the linted file: its path from ESLint's working
 * folder (see `manifestFileName`). Worked out once per manifest and working folder, not per report.
 */
export function manifestLabel(context: AnyRuleContext, registry: Registry): string {
  const cwd = cwdOf(context);
  let byCwd = labels.get(registry);
  if (!byCwd) labels.set(registry, (byCwd = new Map<string, string>()));
  let label = byCwd.get(cwd);
  if (label === undefined) byCwd.set(cwd, (label = manifestFileName(registry, cwd)));
  return label;
}
