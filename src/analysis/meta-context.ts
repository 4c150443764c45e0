/**
 * The bridge between ESLint (or oxlint) and the write analysis: resolves the manifest that applies to the linted
 * file, classifies the file, and finds its `_meta` writes, once per AST. Every rule asks here; the first one to ask
 * pays, the others get the cached model (like eslint-plugin-regexp's `defineRegexpVisitor`).
 */
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { formatRegistryProblem, resolveRegistryForFile } from '../registry';
import { analyzeFile } from './analyze-file';
import type { MetaFileAnalysis, MetaFileState } from './types';

type AnyRuleContext = Readonly<TSESLint.RuleContext<string, readonly unknown[]>>;

/** Lets each rule declare the message used when the manifest cannot be used. */
export const REGISTRY_PROBLEM_MESSAGE = 'mcp-meta cannot check this file: {{details}}';
/** Spread into each rule's `meta.messages`; reported by `defineMetaRuleVisitor`. */
export const registryProblemMessages = { registryProblem: REGISTRY_PROBLEM_MESSAGE } as const;

const states = new WeakMap<object, MetaFileState>();
const registryProblemReported = new WeakSet<object>();
let analysisBuilds = 0;

/** How many times a file's analysis was built in this process (tests prove it is once per file, not once per rule). */
export function analysisBuildCount(): number {
  return analysisBuilds;
}

function sourceCodeOf(context: AnyRuleContext): TSESLint.SourceCode {
  // ESLint 8.40+ and oxlint expose `sourceCode`; the getter is the older spelling.
  return context.sourceCode ?? context.getSourceCode();
}

export function getMetaFileState(context: AnyRuleContext): MetaFileState {
  const sourceCode = sourceCodeOf(context);
  const ast = sourceCode.ast;
  const cached = states.get(ast);
  if (cached) return cached;

  const filename = context.filename ?? context.getFilename();
  const cwd = context.cwd ?? context.getCwd?.() ?? process.cwd();
  const resolved = resolveRegistryForFile(filename, context.settings, cwd);
  let state: MetaFileState;
  if (!resolved.ok && resolved.uncovered === true && !sourceCode.text.includes('_meta')) {
    state = { status: 'uncovered' };
  } else if (!resolved.ok) {
    state = { status: 'registry-error', problem: resolved.problem, registryPath: resolved.registryPath };
  } else {
    analysisBuilds += 1;
    const parsed = () => ({ ast: sourceCode.ast as TSESTree.Program, visitorKeys: sourceCode.visitorKeys ?? {} });
    state = { status: 'ok', analysis: analyzeFile(filename, resolved.registry, sourceCode.text, parsed) };
  }
  states.set(ast, state);
  return state;
}

/**
 * The visitor every rule returns: runs `onAnalysis` with the file's write model, or reports the manifest problem
 * once per file (by whichever of our rules runs first), at line 1, so a broken manifest is a lint problem, never a
 * crash, and never five copies of the same problem.
 */
export function defineMetaRuleVisitor<MessageIds extends string>(
  context: Readonly<TSESLint.RuleContext<MessageIds | 'registryProblem', readonly unknown[]>>,
  onAnalysis: (analysis: MetaFileAnalysis) => void,
): TSESLint.RuleListener {
  return {
    Program() {
      const state = getMetaFileState(context);
      if (state.status === 'ok') {
        onAnalysis(state.analysis);
        return;
      }
      if (state.status === 'uncovered') return;
      const ast = sourceCodeOf(context).ast;
      if (registryProblemReported.has(ast)) return;
      registryProblemReported.add(ast);
      context.report({
        loc: { start: { line: 1, column: 0 }, end: { line: 1, column: 0 } },
        messageId: 'registryProblem',
        data: { details: formatRegistryProblem(state.problem) },
      });
    },
  };
}
