import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { defineMetaRuleVisitor, mattersOnlyWhere } from '../src/analysis/meta-context';
import { mayNameStrictWord, strictMetaReadsOf, type StrictMetaRead } from '../src/analysis/facts/strict-meta-reads';
import { createRule } from '../src/util/create-rule';

export type Options = [];
export type MessageIds =
  | 'exactAssertion'
  | 'strictSchema'
  | 'closedJsonSchema'
  | 'suggestToMatchObject'
  | 'suggestObjectContaining'
  | 'suggestDropStrict'
  | 'suggestObject'
  | 'suggestOpenSchema';

const RULE_2 = '(MCP _meta rule 2: fields inside a key may be added; "Consumers must tolerate unknown fields.")';

export default createRule<Options, MessageIds>({
  name: 'tolerate-unknown-meta-fields',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow exact-shape assertions and strict schemas on `_meta`: consumers must tolerate fields a producer adds',
      strict: true,
    },
    hasSuggestions: true,
    schema: [],
    messages: {
      exactAssertion: `\`{{strictness}}\` asserts the exact shape of \`{{read}}\`: the next field its producer adds fails it ${RULE_2} Assert only the fields you need: a partial match (\`toMatchObject\`, \`expect.objectContaining\`), or the fields one by one.`,
      strictSchema: `\`{{strictness}}\` rejects unknown fields in \`{{read}}\`: parsing fails on the next field its producer adds ${RULE_2} Use a schema that accepts them (\`z.object\` without \`.strict()\`, \`.passthrough()\` / \`z.looseObject\`).`,
      closedJsonSchema: `\`{{strictness}}\` in the schema of \`{{read}}\` rejects the next field its producer adds ${RULE_2} Leave unknown properties allowed.`,
      suggestToMatchObject: 'Use `toMatchObject` (a partial, recursive match).',
      suggestObjectContaining: 'Wrap the expected object in `expect.objectContaining(…)`.',
      suggestDropStrict: 'Drop `.strict()` (unknown fields are then accepted and stripped).',
      suggestObject: 'Use `z.object` (unknown fields are then accepted and stripped).',
      suggestOpenSchema: 'Allow unknown properties: `{{key}}: true`.',
    },
  },
  // A strict read names `_meta` (so the write check lets the file in) and a strict word: `strictMetaReadsOf` finds
  // nothing in a file without one, so the rule is not set up there.
  skipsFile: mattersOnlyWhere(mayNameStrictWord, { writesMeta: true }),
  create(context) {
    const sourceCode = context.sourceCode;
    // The write model is not read (scope `result` is only what the visitor needs): these are reads of `_meta`.
    return defineMetaRuleVisitor(context, 'result', ({ role }) => {
      if (role.ignored) return;
      for (const read of strictMetaReadsOf(sourceCode.ast as TSESTree.Program, sourceCode.text)) {
        const data = { read: read.read, strictness: read.strictness, key: '' };
        switch (read.kind) {
          case 'expect-equal':
          case 'deep-equal':
            context.report({ node: read.node, messageId: 'exactAssertion', data, suggest: assertionSuggestions(read) });
            break;
          case 'zod-strict':
          case 'zod-strict-object':
            context.report({ node: read.node, messageId: 'strictSchema', data, suggest: schemaSuggestions(read) });
            break;
          case 'closed-json-schema': {
            const property = read.node as TSESTree.Property;
            const key = read.strictness.replace(/: false$/, '');
            context.report({
              node: read.node,
              messageId: 'closedJsonSchema',
              data,
              suggest: [{ messageId: 'suggestOpenSchema', data: { key }, fix: (fixer) => fixer.replaceText(property.value, 'true') }],
            });
            break;
          }
        }
      }
    });

    function assertionSuggestions(read: StrictMetaRead): TSESLint.SuggestionReportDescriptor<MessageIds>[] {
      // node:assert and chai have no partial matcher every supported Node version or chai setup has: no suggestion.
      if (read.kind !== 'expect-equal' || !read.expected) return [];
      const expected = read.expected;
      const suggestions: TSESLint.SuggestionReportDescriptor<MessageIds>[] = [
        { messageId: 'suggestToMatchObject', fix: (fixer) => fixer.replaceText(read.node, 'toMatchObject') },
      ];
      // `expect.objectContaining` takes an object, not an array.
      if (expected.type === 'ObjectExpression') {
        suggestions.push({
          messageId: 'suggestObjectContaining',
          fix: (fixer) => [fixer.insertTextBefore(expected, 'expect.objectContaining('), fixer.insertTextAfter(expected, ')')],
        });
      }
      return suggestions;
    }

    function schemaSuggestions(read: StrictMetaRead): TSESLint.SuggestionReportDescriptor<MessageIds>[] {
      if (read.kind === 'zod-strict' && read.strictCall) {
        const call = read.strictCall;
        const callee = call.callee as TSESTree.MemberExpression;
        // `X.strict()` -> `X`: removes from the `.` before `strict` to the end of the call (`(X).strict()` keeps its parentheses).
        const dot = sourceCode.getTokenBefore(callee.property)!;
        return [{ messageId: 'suggestDropStrict', fix: (fixer) => fixer.removeRange([dot.range[0], call.range[1]]) }];
      }
      // Only `z.strictObject`: a bare `strictObject` imported alone has no `object` beside it in scope.
      if (read.kind === 'zod-strict-object' && read.memberCallee) {
        return [{ messageId: 'suggestObject', fix: (fixer) => fixer.replaceText(read.node, 'object') }];
      }
      return [];
    }
  },
});
