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

/** The message `valid-registry` reports when the manifest that applies to a file cannot be used. */
export const REGISTRY_PROBLEM_MESSAGE = 'mcp-meta cannot check this file: {{details}}';

const states = new WeakMap<object, MetaFileState>();
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
 * The visitor every `_meta` rule returns: runs `onAnalysis` with the file's write model. When the manifest cannot be
 * used there is no model, and the rule stays silent: the manifest problem is `valid-registry`'s, reported once per
 * file under its own rule id (so an editor's quick fixes and docs link point at the manifest, not at a `_meta` rule).
 */
export function defineMetaRuleVisitor<MessageIds extends string>(
  context: Readonly<TSESLint.RuleContext<MessageIds, readonly unknown[]>>,
  onAnalysis: (analysis: MetaFileAnalysis) => void,
): TSESLint.RuleListener {
  return {
    Program() {
      const state = getMetaFileState(context);
      if (state.status === 'ok') onAnalysis(state.analysis);
    },
  };
}

/** The one-line text of the problem that keeps a file from being checked (path, place, fix), or null. */
export function registryProblemDetails(state: MetaFileState): string | null {
  return state.status === 'registry-error' ? formatRegistryProblem(state.problem) : null;
}
