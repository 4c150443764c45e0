// One import per rule, in alphabetical order. eslint-doc-generator reads this map through the built plugin.
import type { TSESLint } from '@typescript-eslint/utils';
import noForeignMetaKey from './no-foreign-meta-key';
import noUnregisteredMetaField from './no-unregistered-meta-field';
import noUnregisteredMetaKey from './no-unregistered-meta-key';
import noWholesaleMetaAssign from './no-wholesale-meta-assign';
import requireProducerIsolation from './require-producer-isolation';
import validRegistry from './valid-registry';

export const rules: Record<string, TSESLint.RuleModule<string, readonly unknown[]>> = {
  'no-foreign-meta-key': noForeignMetaKey,
  'no-unregistered-meta-field': noUnregisteredMetaField,
  'no-unregistered-meta-key': noUnregisteredMetaKey,
  'no-wholesale-meta-assign': noWholesaleMetaAssign,
  'require-producer-isolation': requireProducerIsolation,
  'valid-registry': validRegistry,
};
