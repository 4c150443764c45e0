import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { collectFieldShape, collectItemShape, type FieldShape } from '../src/analysis/value/field-sets';
import { fieldProblems } from '../src/analysis/value/field-problems';
import { hostFieldsOffPlane } from '../src/analysis/keys/host-field-planes';
import { propertyKeyName } from '../src/analysis/syntax/ast';
import { hostValueFindingOf } from '../src/analysis/keys/host-values';
import { defineMetaRuleVisitor, writesNoMeta } from '../src/analysis/meta-context';
import { typedValueType, unregisteredTypedFields } from '../src/analysis/typed/typed-field-check';
import { getTypeServices } from '../src/analysis/typed/type-services';
import { keyWritesWithTypes } from '../src/analysis/typed/typed-keys';
import { literalText, typeText } from '../src/registry';
import { hostNameAtSentenceStart, hostNameOf } from '../src/registry/catalogue';
import { fieldsHostOf } from '../src/registry/host-fields';
import { planeName } from '../src/analysis/planes';
import type { FieldMap, Registry } from '../src/registry/types';
import { manifestLabel } from '../src/analysis/keys/manifest-label';
import { builtByHint, fieldValueOf } from '../src/analysis/modules/imported-helpers';
import type { HelperOrigin, MetaKeyWrite, MetaWrite } from '../src/analysis/types';
import { createRule } from '../src/util/create-rule';
import { nearestName } from '../src/util/nearest-name';
import { renameKeyFix } from '../src/fixes/rename-key';

export type Options = [];
export type MessageIds =
  'unregisteredField' | 'unregisteredTypeField' | 'useRegisteredField' | 'wrongFieldType' | 'hostFieldOnOtherPlane' | 'wrongHostValue';

/**
 * True when `holder`, the object literal holding the property keyed by `key` (read from the field's shape: a module's
 * copy of a helper has no `parent` links), also has a property named `name`.
 */
function literalWrites(holder: TSESTree.ObjectExpression, key: TSESTree.Node, name: string): boolean {
  return holder.properties.some((other) => other.type === 'Property' && other.key !== key && propertyKeyName(other) === name);
}

export default createRule<Options, MessageIds>({
  name: 'no-unregistered-meta-field',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow writing fields into a `_meta` key that the registry does not list for it (fields are additive-forever)',
      recommended: true,
    },
    hasSuggestions: true,
    schema: [],
    messages: {
      unregisteredField:
        "Field '{{field}}' is not registered for `_meta` key '{{path}}'.{{hint}} Fields are additive-forever (MCP _meta rule 2): add it to keys.{{key}} fields in {{registry}}; never rename or remove a registered one.",
      unregisteredTypeField:
        "Field '{{field}}' of type {{type}} (declared at {{declared}}) is written into `_meta` key '{{path}}' but is not registered for it. Fields are additive-forever (MCP _meta rule 2): add it to keys.{{key}} fields in {{registry}}, or leave it out of the value written here.",
      useRegisteredField: "Write the registered field '{{field}}' instead.",
      wrongFieldType:
        "Field '{{path}}' is registered as {{expected}}, but this value is {{actual}}. Consumers read it as {{expected}}: write a {{expected}} value, or widen the field's type in {{registry}} (narrowing or changing a type breaks consumers; see `mcp-meta diff`).",
      hostFieldOnOtherPlane:
        "Field '{{key}}.{{field}}' belongs on the {{planes}} `_meta`: {{host}} reads it there (catalogue entry '{{id}}'), not on the {{plane}} `_meta` where it is written here, so the host ignores it. Move it to the {{planes}}'s `_meta`.",
      wrongHostValue:
        "{{host}} documents `_meta` key '{{key}}' as `{{expected}}`, but this value is {{actual}}: {{effect}} (catalogue entry '{{id}}', {{source}}). Write a `{{expected}}` value.",
    },
  },
  skipsFile: writesNoMeta,
  create(context) {
    return defineMetaRuleVisitor(context, 'manifest', ({ registry, writes }) => {
      const registryName = manifestLabel(context, registry);
      /**
       * Where reports go when the key's value is built in another module (an imported helper's key, an imported
       * function's return): its fields are nodes of that module, so every report about them goes to the call here,
       * says where the value is built, and offers no fix.
       */
      let builtElsewhere: { readonly node: TSESTree.Node; readonly builtBy: HelperOrigin | undefined } | null = null;

      /** Reports the fields of `shape` missing from `allowed` and literals of the wrong type, nested ones too. */
      function checkShape(shape: FieldShape, allowed: FieldMap, key: string): void {
        for (const problem of fieldProblems(shape, allowed, key)) {
          if (problem.kind === 'unregistered') {
            const nearest = nearestName(problem.field, problem.allowed.keys(), { maxDistance: 2, matchPrefixes: true });
            reportField(
              problem.node,
              problem.field,
              nearest,
              key,
              problem.path,
              nearest !== null && literalWrites(problem.holder, problem.node, nearest),
            );
            continue;
          }
          context.report({
            node: builtElsewhere?.node ?? problem.value,
            messageId: 'wrongFieldType',
            data: {
              path: problem.path,
              expected: typeText(problem.spec.type!),
              actual: literalText(problem.literal),
              registry: registryName,
            },
          });
        }
      }

      /** `besideIt`: the same literal writes `nearest` too, on purpose (Chat.js sends `connect_domains` and `connectDomains`). */
      function reportField(node: TSESTree.Node, field: string, nearest: string | null, key: string, path: string, besideIt: boolean): void {
        // Renaming onto a field the same literal already writes would make a duplicate key: no suggestion then, and
        // no "did you mean".
        const fix = nearest && !builtElsewhere && !besideIt ? renameKeyFix(node, nearest) : null;
        const suggest: TSESLint.SuggestionReportDescriptor<MessageIds>[] =
          nearest && fix ? [{ messageId: 'useRegisteredField', data: { field: nearest }, fix }] : [];
        const hint =
          (nearest === null ? '' : besideIt ? ` The registered field '${nearest}' is written beside it.` : ` Did you mean '${nearest}'?`) +
          hostFieldHint(registry, key) +
          builtByHint(builtElsewhere?.builtBy, registry.dir);
        context.report({
          node: builtElsewhere?.node ?? node,
          messageId: 'unregisteredField',
          data: { field, path, key, registry: registryName, hint },
          suggest,
        });
      }

      /**
       * A host field written on a plane where the host does not read it (`ui.csp` on a tool descriptor): reported
       * with the plane it belongs to, from the analysis' one answer, which `check` reports too. No fix: moving it means
       * another write, somewhere the author has to choose.
       */
      function reportHostFieldPlanes(write: MetaWrite, key: MetaKeyWrite): void {
        for (const { entry, field, readOn, nodes } of hostFieldsOffPlane(write, key, services)) {
          for (const node of nodes) {
            context.report({
              node,
              messageId: 'hostFieldOnOtherPlane',
              data: {
                key: key.name!,
                field,
                planes: readOn.map(planeName).join(' or '),
                plane: planeName(write.plane),
                host: hostNameOf(entry),
                id: entry.id,
              },
            });
          }
        }
      }

      const services = getTypeServices(context);
      // A `const` of `_meta` spread into several descriptors is one value: reported once, where it is written.
      const hostValuesReported = new Set<TSESTree.Node>();
      for (const { write, key } of keyWritesWithTypes(writes, services, registry)) {
        // The host's documented type or range for a catalogue key's value (registered or not: the host reads it the
        // same), from the analysis' one answer, which `check` reports too.
        const hostValue = hostValueFindingOf(registry, write, key, services, context.filename);
        if (hostValue && !hostValuesReported.has(hostValue.node)) {
          hostValuesReported.add(hostValue.node);
          context.report({
            node: hostValue.node,
            messageId: 'wrongHostValue',
            data: {
              host: hostNameAtSentenceStart(hostValue.entry),
              key: key.name!,
              expected: hostValue.expected,
              actual: hostValue.actual,
              effect: hostValue.entry.value!.effect,
              id: hostValue.entry.id,
              source: hostValue.entry.source,
            },
          });
        }
        // The key phase's registration of the key on its write's plane (keys/ownership.ts).
        const spec = key.registration?.status === 'registered' ? key.registration.spec : undefined;
        if (!spec || !key.value || key.name === null) continue;
        const value = key.value;
        // A host key's catalogue entry says on which plane the host reads each field, whatever the manifest lists.
        reportHostFieldPlanes(write, key);
        if (!spec.fields) continue;
        const fieldValue = fieldValueOf(key, services !== null);
        // A key whose value is an array of objects (`warnings: [{ code, param }]`) lists its items' fields.
        const shape = collectFieldShape(fieldValue.value) ?? collectItemShape(fieldValue.value);
        builtElsewhere = fieldValue.reportAt ? { node: fieldValue.reportAt, builtBy: fieldValue.builtBy } : null;
        if (shape) checkShape(shape, spec.fields, key.name);
        builtElsewhere = null;
        // With type information, a value the syntax cannot read (another module's builder, a typed parameter) is
        // read from its type; asked only here, after the literal came up empty (never for another module's node).
        const type = shape ? null : typedValueType(services, value);
        if (!services || !type) continue;
        for (const found of unregisteredTypedFields(services, type, spec.fields, key.name)) {
          context.report({
            node: value,
            messageId: 'unregisteredTypeField',
            data: {
              field: found.field,
              type: found.typeName,
              declared: found.declaredAt ?? 'an unnamed place',
              path: found.path,
              key: key.name,
              registry: registryName,
            },
          });
        }
      }
    });
  },
});

/**
 * For a key whose fields a host fixes (a catalogue entry with `fields`, like MCP Apps' `ui`): what a field it does not
 * define means, so that registering it is a choice made knowingly (a framework's own `ui.views`, or a typo).
 */
function hostFieldHint(registry: Registry, key: string): string {
  const spec = registry.keys.get(key);
  const entry = spec === undefined ? undefined : fieldsHostOf(spec);
  if (entry === undefined) return '';
  return ` ${hostNameAtSentenceStart(entry)} defines no such field (catalogue entry '${entry.id}'): its hosts ignore it, and only code that knows it reads it.`;
}
