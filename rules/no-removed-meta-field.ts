import { defineMetaRuleVisitor, writesNoMeta } from '../src/analysis/meta-context';
import { removedTypedFields, typedValueType } from '../src/analysis/typed/typed-field-check';
import { getTypeServices } from '../src/analysis/typed/type-services';
import { keyWritesWithTypes } from '../src/analysis/typed/typed-keys';
import { manifestLabel } from '../src/analysis/keys/manifest-label';
import { createRule } from '../src/util/create-rule';

export type Options = [];
export type MessageIds = 'removedField' | 'optionalField';

export default createRule<Options, MessageIds>({
  name: 'no-removed-meta-field',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow emitting a `_meta` value whose type lacks a registered field or makes it optional (type-aware)',
      recommended: true,
      strict: true,
      requiresTypeChecking: true,
    },
    schema: [],
    messages: {
      removedField:
        "Field '{{field}}' is registered for `_meta` key '{{path}}', but {{type}}, the type written here, no longer has it. Fields are additive-forever (MCP _meta rule 2): keep writing it, or mark keys.{{key}} field '{{field}}' \"deprecated\": true in {{registry}} once no consumer reads it.",
      optionalField:
        "Field '{{field}}' of `_meta` key '{{path}}' is registered as required, but {{type}}, the type written here, makes it optional. Consumers rely on it (MCP _meta rule 2): make it required in the type again, or mark it \"optional\": true in {{registry}} if consumers accept its absence.",
    },
  },
  skipsFile: writesNoMeta,
  create(context) {
    return defineMetaRuleVisitor(context, 'manifest', ({ registry, writes }) => {
      const registryName = manifestLabel(context, registry);
      // Without a program there is nothing to compare: this rule reports nothing (the others behave as always).
      const services = getTypeServices(context);
      if (!services) return;
      for (const { key } of keyWritesWithTypes(writes, services, registry)) {
        if (key.name === null || !key.value) continue;
        // The key phase's registration of the key on its write's plane (keys/ownership.ts).
        const registration = key.registration;
        if (registration?.status !== 'registered' || !registration.spec.fields) continue;
        const type = typedValueType(services, key.value);
        if (!type) continue;
        for (const found of removedTypedFields(services, type, registration.spec.fields, key.name)) {
          context.report({
            node: key.value,
            messageId: found.change === 'missing' ? 'removedField' : 'optionalField',
            data: { field: found.field, path: found.path, type: found.typeName, key: key.name, registry: registryName },
          });
        }
      }
    });
  },
});
