import { getFileGate, REGISTRY_PROBLEM_MESSAGE, registryProblemDetails } from '../src/analysis/meta-context';
import { createRule, NO_LISTENERS } from '../src/util/create-rule';

export type Options = [];
export type MessageIds = 'registryProblem';

/** Line 1, column 0 to 0: the problem is about the manifest, not about any code in the file. */
const FILE_START = { start: { line: 1, column: 0 }, end: { line: 1, column: 0 } } as const;

export default createRule<Options, MessageIds>({
  name: 'valid-registry',
  meta: {
    type: 'problem',
    docs: {
      description: 'Require a usable registry manifest (`mcp-meta.registry.json`) for every linted file',
      recommended: true,
    },
    schema: [],
    messages: { registryProblem: REGISTRY_PROBLEM_MESSAGE },
  },
  create(context) {
    // The same per-file gate the `_meta` rules read. Reported from create(), like the `_meta` rules (see
    // defineMetaRuleVisitor): no listener, so oxlint never hands this file's AST to JavaScript for it.
    const gate = getFileGate(context);
    const details = gate.status === 'ok' ? null : registryProblemDetails(gate.state);
    if (details !== null) context.report({ loc: FILE_START, messageId: 'registryProblem', data: { details } });
    return NO_LISTENERS;
  },
});
