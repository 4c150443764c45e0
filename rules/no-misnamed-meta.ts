import type { TSESTree } from '@typescript-eslint/utils';
import { defineMetaRuleVisitor, mattersOnlyWhere } from '../src/analysis/meta-context';
import { mayHaveMetaLookAlike, metaLookAlikesOf } from '../src/analysis/facts/meta-look-alikes';
import { getTypeServices, type TypeServices } from '../src/analysis/typed/type-services';
import { propertyKeyName } from '../src/analysis/syntax/ast';
import { writesKeyCleanly, type KeyWriteForm } from '../src/analysis/keys/clean-key-write';
import { createRule } from '../src/util/create-rule';

export type Options = [];

/** What the rename makes of the look-alike: the `_meta` of a literal a tool callback returns. */
const RESULT_LITERAL: KeyWriteForm = { plane: 'result', evidence: 'sink', kind: 'meta-literal' };
export type MessageIds = 'misnamedMeta' | 'renameToMeta';

export default createRule<Options, MessageIds>({
  name: 'no-misnamed-meta',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow `metadata`, `meta` or `_metadata` on a tool result where MCP clients only keep `_meta`',
      recommended: true,
    },
    hasSuggestions: true,
    schema: [],
    messages: {
      misnamedMeta:
        'This tool result carries `{{name}}`, which MCP clients do not keep: only `_meta` travels out of band with a result, so what `{{name}}` holds is lost without a word. Did you mean `_meta`?',
      renameToMeta: 'Rename `{{name}}` to `_meta`.',
    },
  },
  // Set up where the file may write `_meta` or names a look-alike as a property beside a tool registration.
  skipsFile: mattersOnlyWhere(mayHaveMetaLookAlike),
  create(context) {
    const sourceCode = context.sourceCode;
    // The write model is not read (scope `result` is only what the visitor needs): these are properties that are not
    // `_meta`, in files that may never name it, found by their own text check.
    return defineMetaRuleVisitor(
      context,
      'result',
      ({ registry, role }) => {
        if (role.ignored) return;
        const services = (): TypeServices | null => getTypeServices(context);
        const filename = context.filename ?? context.getFilename();
        // Renaming puts the literal's keys on the channel for the first time: offered only when each is a key this
        // file may write as it is written (registered on the tool result, produced here, its fields registered), so
        // the rename earns no finding of its own. Otherwise the keys are the manifest's question first.
        const renamesCleanly = (value: TSESTree.ObjectExpression): boolean =>
          value.properties.every((element) => {
            if (element.type !== 'Property' || element.computed || element.kind !== 'init') return false;
            const key = propertyKeyName(element);
            return (
              key !== null &&
              writesKeyCleanly(registry, RESULT_LITERAL, key, element.value as TSESTree.Expression, filename, services() !== null)
            );
          });
        for (const { property, name } of metaLookAlikesOf(sourceCode.ast as TSESTree.Program, sourceCode.text, services)) {
          context.report({
            node: property.key,
            messageId: 'misnamedMeta',
            data: { name },
            // Only an object literal is sure to type-check as `_meta` (a string there would not); never an autofix:
            // the data then reaches clients, which is for the author to decide.
            suggest:
              property.value.type === 'ObjectExpression' && !property.shorthand && renamesCleanly(property.value)
                ? [{ messageId: 'renameToMeta', data: { name }, fix: (fixer) => fixer.replaceText(property.key, '_meta') }]
                : [],
          });
        }
      },
      mayHaveMetaLookAlike,
    );
  },
});
