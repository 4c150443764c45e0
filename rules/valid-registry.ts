import { getFileGate, REGISTRY_PROBLEM_MESSAGE, registryProblemDetails } from '../src/analysis/meta-context';
import { createRule } from '../src/util/create-rule';

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
    // The same per-file gate the `_meta` rules read (one manifest look-up per file). A usable manifest: no listener.
    const gate = getFileGate(context);
    if (gate.status === 'ok') return {};
    const details = registryProblemDetails(gate.state);
    if (details === null) return {};
    return {
      Program() {
        context.report({ loc: FILE_START, messageId: 'registryProblem', data: { details } });
      },
    };
  },
});
