import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { propertyKeyName } from '../src/analysis/ast';
import { collectFieldShape } from '../src/analysis/field-sets';
import { defineMetaRuleVisitor, writesNoMeta } from '../src/analysis/meta-context';
import { metaOnPlane, type WriteOn } from '../src/analysis/planes';
import { getTypeServices } from '../src/analysis/typed/type-services';
import { keyWritesWithTypes } from '../src/analysis/typed/typed-keys';
import type { MetaKeyWrite, MetaWrite } from '../src/analysis/types';
import { catalogueEntryFor, deprecatedHostEntry, hostFieldPlanes, hostNameOf, replacementText } from '../src/registry/catalogue';
import type { HostKeyEntry } from '../src/registry/host-keys';
import { createRule } from '../src/util/create-rule';

export type Options = [];
export type MessageIds = 'deprecatedHostKey' | 'moveIntoReplacement';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * Whether the same write also sets the key's replacement (`'ui/resourceUri'` next to `ui: { resourceUri }`): the
 * compatibility form the hosts document, which keeps hosts that only read the old key working.
 */
function writesReplacementToo(write: MetaWrite, entry: HostKeyEntry): boolean {
  const replacement = entry.replacement;
  if (replacement?.key === undefined) return false;
  return write.keys.some((sibling) => {
    if (sibling.name !== replacement.key) return false;
    if (replacement.field === undefined) return true;
    return sibling.value !== null && (collectFieldShape(sibling.value)?.fields.has(replacement.field) ?? false);
  });
}

/**
 * The edit that writes the replacement instead, only where it is safe: the replacement is a field of another host key
 * read on this plane, the old key's value is not an object the host shapes differently (`openai/widgetCSP`'s
 * snake_case fields are not `ui.csp`'s), and the old key is a property of an object literal here that sets nothing
 * else under the replacement key and spreads nothing (which could carry one). Null otherwise.
 */
function replacementFix(key: MetaKeyWrite, entry: HostKeyEntry, write: WriteOn<'manifest'>, sourceCode: Readonly<TSESLint.SourceCode>) {
  const replacement = entry.replacement;
  if (replacement?.key === undefined || replacement.field === undefined || entry.fields !== undefined || key.builtBy) return null;
  const target = catalogueEntryFor(replacement.key);
  if (target?.key !== replacement.key || target.deprecated || !target.planes.includes(write.plane)) return null;
  const fieldPlanes = hostFieldPlanes(target, replacement.field);
  if (fieldPlanes !== undefined && !fieldPlanes.includes(write.plane)) return null;
  const property = key.node.parent;
  const literal = property?.parent;
  if (property?.type !== 'Property' || property.key !== key.node || property.kind !== 'init' || property.method) return null;
  if (literal?.type !== 'ObjectExpression') return null;
  // A computed key may be anything, the replacement key included.
  const clash = (other: TSESTree.ObjectLiteralElement): boolean =>
    other.type === 'SpreadElement' || (other !== property && (other.computed || propertyKeyName(other) === replacement.key));
  if (literal.properties.some(clash)) return null;
  const name = IDENTIFIER.test(replacement.key) ? replacement.key : JSON.stringify(replacement.key);
  const field = IDENTIFIER.test(replacement.field) ? replacement.field : JSON.stringify(replacement.field);
  const text = `${name}: { ${field}: ${sourceCode.getText(property.value)} }`;
  return { target: `${replacement.key}.${replacement.field}`, fix: (fixer: TSESLint.RuleFixer) => fixer.replaceText(property, text) };
}

export default createRule<Options, MessageIds>({
  name: 'no-deprecated-meta-key',
  meta: {
    type: 'suggestion',
    docs: {
      description: 'Disallow writing a `_meta` key its host has deprecated (the host-key catalogue names the replacement)',
      recommended: 'warn',
    },
    hasSuggestions: true,
    schema: [],
    messages: {
      deprecatedHostKey: "{{where}} key '{{key}}' is deprecated by {{host}} (catalogue entry '{{id}}'). {{replacement}}{{compat}}",
      moveIntoReplacement: "Write '{{target}}' instead of '{{key}}'.",
    },
  },
  skipsFile: writesNoMeta,
  create(context) {
    const sourceCode = context.sourceCode;
    return defineMetaRuleVisitor(context, 'manifest', ({ writes }) => {
      for (const { write, key } of keyWritesWithTypes(writes, getTypeServices(context))) {
        if (key.name === null) continue;
        const entry = deprecatedHostEntry(key.name, write.plane);
        if (entry === undefined) continue;
        if (writesReplacementToo(write, entry)) continue;
        const edit = replacementFix(key, entry, write, sourceCode);
        const where = metaOnPlane(write.plane);
        context.report({
          node: key.node,
          messageId: 'deprecatedHostKey',
          data: {
            where: where.charAt(0).toUpperCase() + where.slice(1),
            key: key.name,
            host: hostNameOf(entry),
            id: entry.id,
            replacement: replacementText(entry),
            compat:
              entry.replacement?.key !== undefined
                ? ' To keep serving hosts that still read the old key, write it next to its replacement in the same `_meta`.'
                : '',
          },
          suggest: edit ? [{ messageId: 'moveIntoReplacement', data: { target: edit.target, key: key.name }, fix: edit.fix }] : [],
        });
      }
    });
  },
});
