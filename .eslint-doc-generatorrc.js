/** eslint-doc-generator: README rule table and rule doc headers, checked by `npm test` (`docs:check`). */
/** @type {import('eslint-doc-generator').GenerateOptions} */
module.exports = {
  ignoreConfig: ['legacy-recommended', 'legacy-strict'],
  configEmoji: [['strict', '🔒']],
  ruleDocTitleFormat: 'desc-parens-name',
  ruleDocSectionInclude: ['Rule details', 'Examples', 'When not to use it'],
  // 💭 requires type information; ❌ deprecated (shown once a rule sets meta.deprecated).
  ruleListColumns: [
    'name',
    'description',
    'configsError',
    'configsWarn',
    'fixable',
    'hasSuggestions',
    'options',
    'requiresTypeChecking',
    'deprecated',
  ],
};
