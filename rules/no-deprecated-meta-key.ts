import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { propertyKeyName } from '../src/analysis/syntax/ast';
import { collectFieldShape } from '../src/analysis/value/field-sets';
import { defineMetaRuleVisitor, writesNoMeta } from '../src/analysis/meta-context';
import { metaOnPlane, type WriteOn } from '../src/analysis/planes';
import { getTypeServices } from '../src/analysis/typed/type-services';
import { keyWritesWithTypes } from '../src/analysis/typed/typed-keys';
import type { MetaKeyWrite, MetaWrite } from '../src/analysis/types';
import { writesValues } from '../src/analysis/value/write-kinds';
import { catalogueEntryFor, deprecatedHostEntry, hostFieldPlanes, hostNameOf, replacementText } from '../src/registry/catalogue';
import type { HostKeyEntry } from '../src/registry/host-keys';
import { createRule } from '../src/util/create-rule';

export type Options = [];
export type MessageIds = 'deprecatedHostKey' | 'moveIntoReplacement';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * Whether the same `_meta` also gets the key's replacement (`'ui/resourceUri'` next to `ui: { resourceUri }`): the
 * compatibility form the hosts document, which keeps hosts that only read the old key working. The same `_meta` is the
 * write itself, or another write of the same object's `_meta` in the same function (`config._meta['ui/resourceUri'] =
 * u; config._meta.ui = { resourceUri: u }`): two member writes of one config are the same form, written in steps.
 */
function writesReplacementToo(write: MetaWrite, entry: HostKeyEntry, writes: readonly MetaWrite[]): boolean {
  const replacement = entry.replacement;
  if (replacement?.key === undefined) return false;
  const setsReplacement = (sibling: MetaKeyWrite): boolean => {
    if (sibling.name !== replacement.key) return false;
    if (replacement.field === undefined) return true;
    return sibling.value !== null && (collectFieldShape(sibling.value)?.fields.has(replacement.field) ?? false);
  };
  if (write.keys.some(setsReplacement)) return true;
  if (write.targetText === null) return false;
  return writes.some(
    (other) =>
      other !== write &&
      other.targetText === write.targetText &&
      other.functionNode === write.functionNode &&
      other.plane === write.plane &&
      writesValues(other) &&
      other.keys.some(setsReplacement),
  );
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
  // Only the key is rewritten: everything after it (comments, the colon, the value with its parentheses) is kept as
  // written, so a comment survives and `(log(), uri)` stays one parenthesized value, never two properties.
  const keyEnd = property.computed ? sourceCode.getTokenAfter(key.node, (token) => token.value === ']')!.range[1] : key.node.range[1];
  const rest = sourceCode.text.slice(keyEnd, property.range[1]);
  const text = `${name}: { ${field}${rest} }`;
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
    return defineMetaRuleVisitor(context, 'manifest', ({ registry, writes }) => {
      for (const { write, key } of keyWritesWithTypes(writes, getTypeServices(context), registry)) {
        if (key.name === null) continue;
        const entry = deprecatedHostEntry(key.name, write.plane);
        if (entry === undefined) continue;
        if (writesReplacementToo(write, entry, writes)) continue;
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
