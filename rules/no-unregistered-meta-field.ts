import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { collectFieldShape, collectItemShape, type FieldShape } from '../src/analysis/field-sets';
import { propertyKeyName } from '../src/analysis/ast';
import { keyWritesOf } from '../src/analysis/key-writes';
import { defineMetaRuleVisitor } from '../src/analysis/meta-context';
import type { FieldMap } from '../src/registry/types';
import { createRule } from '../src/util/create-rule';
import { nearestName } from '../src/util/nearest-name';
import { renameKeyFix } from '../src/util/rename-key';

export type Options = [];
export type MessageIds = 'unregisteredField' | 'useRegisteredField';

/** True when the object literal holding the property keyed by `key` also has a property named `name`. */
function literalWrites(key: TSESTree.Node, name: string): boolean {
  const property = key.parent;
  const literal = property?.parent;
  if (property?.type !== 'Property' || literal?.type !== 'ObjectExpression') return false;
  return literal.properties.some((other) => other.type === 'Property' && other !== property && propertyKeyName(other) === name);
}

export default createRule<Options, MessageIds>({
  name: 'no-unregistered-meta-field',
  meta: {
    type: 'problem',
    docs: {
      description: "Disallow writing fields into a `_meta` key that the registry does not list for it (fields are additive-forever)",
      recommended: true,
    },
    hasSuggestions: true,
    schema: [],
    messages: {
      unregisteredField:
        "Field '{{field}}' is not registered for `_meta` key '{{path}}'.{{hint}} Fields are additive-forever (MCP _meta rule 2): add it to keys.{{key}} fields in {{registry}}; never rename or remove a registered one.",
      useRegisteredField: "Write the registered field '{{field}}' instead.",
    },
  },
  create(context) {
    return defineMetaRuleVisitor(context, ({ registry, writes }) => {
      const registryName = registry.path.split(/[\\/]/).pop() ?? registry.path;

      /** Reports the fields of `shape` missing from `allowed`, then checks nested objects and arrays the same way. */
      function checkShape(shape: FieldShape, allowed: FieldMap, key: string, path: string): void {
        for (const [field, occurrences] of shape.fields) {
          const spec = allowed.get(field);
          if (!spec) {
            const nearest = nearestName(field, allowed.keys(), { maxDistance: 2, matchPrefixes: true });
            for (const occurrence of occurrences) reportField(occurrence.node, field, nearest, key, path);
            continue;
          }
          for (const { value } of occurrences) {
            if (spec.fields) {
              const nested = collectFieldShape(value);
              if (nested) checkShape(nested, spec.fields, key, `${path}.${field}`);
            }
            if (spec.items) {
              const items = collectItemShape(value);
              if (items) checkShape(items, spec.items, key, `${path}.${field}[]`);
            }
          }
        }
      }

      function reportField(node: TSESTree.Node, field: string, nearest: string | null, key: string, path: string): void {
        // Renaming onto a field the same literal already writes would make a duplicate key: no suggestion then.
        const fix = nearest && !literalWrites(node, nearest) ? renameKeyFix(node, nearest) : null;
        const suggest: TSESLint.SuggestionReportDescriptor<MessageIds>[] =
          nearest && fix ? [{ messageId: 'useRegisteredField', data: { field: nearest }, fix }] : [];
        context.report({
          node,
          messageId: 'unregisteredField',
          data: { field, path, key, registry: registryName, hint: nearest ? ` Did you mean '${nearest}'?` : '' },
          suggest,
        });
      }

      for (const { key } of keyWritesOf(writes)) {
        const spec = key.name === null ? undefined : registry.keys.get(key.name);
        if (!spec?.fields || !key.value || key.name === null) continue;
        // A key whose value is an array of objects (`warnings: [{ code, param }]`) lists its items' fields.
        const shape = collectFieldShape(key.value) ?? collectItemShape(key.value);
        if (shape) checkShape(shape, spec.fields, key.name, key.name);
      }
    });
  },
});
