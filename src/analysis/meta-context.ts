/**
 * The bridge between ESLint (or oxlint) and the write analysis: resolves the manifest that applies to the linted
 * file and runs the cheap text check once per file (in the rules' `create()`), then classifies the file and finds its
 * `_meta` writes once per AST. Every rule asks here; the first one to ask pays, the others get the cached model (like
 * eslint-plugin-regexp's `defineRegexpVisitor`).
 */
import * as path from 'node:path';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { formatRegistryProblem, isRegistryCurrent, resolveRegistryForFile, type ResolvedRegistry } from '../registry';
import type { ManifestFreshness } from '../registry/resolve-registry';
import { readMcpMetaSettings } from '../registry/settings';
import type { Registry } from '../registry/types';
import { countCost } from '../util/cost-counter';
import { NO_LISTENERS } from '../util/create-rule';
import { currentTurn, diskAsks, lookAgainThisTurn } from '../util/stat-once-per-turn';
import { analyzeFile } from './analyze-file';
import { mayWriteMeta } from './sites/mention-index';
import { recordModulesRead } from './modules/modules-read';
import { writesOn, type PlaneScope, type WriteOn } from './planes';
import { typesOfRuleContext } from './typed/result-writes';
import type { MetaFileAnalysis, MetaFileState } from './types';

type AnyRuleContext = Readonly<TSESLint.RuleContext<string, readonly unknown[]>>;

/** The message `valid-registry` reports when the manifest that applies to a file cannot be used. */
export const REGISTRY_PROBLEM_MESSAGE = 'mcp-meta cannot check this file: {{details}}';

/**
 * What the linted file is, worked out once per file before any listener is registered: the manifest that applies
 * (one registry lookup, with its `stat`, per file rather than per rule) and whether the cheap text check says the file
 * may write `_meta` at all. Keyed by `context.sourceCode`, which is one object per linted file in ESLint (oxlint keeps
 * one object for every file but resets `WeakMap` entries keyed by it after each file); the text and filename are
 * compared too, so a host that reused the object without that reset still never sees another file's entry.
 */
export type FileGate =
  | { readonly status: 'not-checked'; readonly state: MetaFileState }
  | { readonly status: 'ok'; readonly registry: Registry; readonly mayWrite: boolean };

interface GateEntry {
  readonly text: string;
  readonly filename: string;
  readonly gate: FileGate;
}

const gates = new WeakMap<object, GateEntry>();
const states = new WeakMap<object, MetaFileState>();

/**
 * A usable manifest for the current event-loop turn, per settings object (ESLint hands every file of a config the same
 * one) and, unless the settings name the manifest, per folder. Why: right after a file's parse the look-up costs many
 * times what it costs in a loop (its code and data are cold), a large share of what a file that cannot write `_meta`
 * costs, and within a turn every such file gets the same answer (the disk is looked at once per turn anyway).
 * Problems are not kept: some name the linted file.
 */
const usableThisTurn = new WeakMap<object, { readonly turn: number; readonly byScope: Map<string, ResolvedRegistry> }>();

/** This turn's memo of usable manifests for `settings`, and the file's scope in it; null for settings that are no object. */
function memoOf(filename: string, settings: unknown, cwd: string): { byScope: Map<string, ResolvedRegistry>; scope: string } | null {
  if (settings === null || typeof settings !== 'object') return null;
  const turn = currentTurn();
  let memo = usableThisTurn.get(settings);
  if (memo === undefined || memo.turn !== turn) {
    memo = { turn, byScope: new Map() };
    usableThisTurn.set(settings, memo);
  }
  // A manifest named in the settings is the same for every file; a discovered or listed one depends on the folder.
  const read = readMcpMetaSettings(settings);
  const scope = read.ok && read.settings.registry !== undefined ? cwd : `${cwd}\0${path.dirname(filename)}`;
  return { byScope: memo.byScope, scope };
}

/**
 * The manifest as it is on disk now (`statNow`), for a file that may write `_meta` (a script that writes the manifest
 * and lints right after, in the same turn, must see its edit); the rest of the turn's files get this answer.
 */
function resolveRegistryNow(filename: string, settings: unknown, cwd: string, memo: ReturnType<typeof memoOf>): ResolvedRegistry {
  const resolved = resolveForGate(filename, settings, cwd, 'now');
  if (memo) {
    if (resolved.ok) memo.byScope.set(memo.scope, resolved);
    else memo.byScope.delete(memo.scope);
  }
  return resolved;
}

function resolveForGate(filename: string, settings: unknown, cwd: string, freshness: ManifestFreshness): ResolvedRegistry {
  countCost('registry-resolutions');
  return resolveRegistryForFile(filename, settings, cwd, freshness);
}

function sourceCodeOf(context: AnyRuleContext): TSESLint.SourceCode {
  // ESLint 8.40+ and oxlint expose `sourceCode`; the getter is the older spelling.
  return context.sourceCode ?? context.getSourceCode();
}

function filenameOf(context: AnyRuleContext): string {
  return context.filename ?? context.getFilename();
}

/** ESLint's working folder (an editor's: the workspace folder); a host without one lints from the process's. */
export function cwdOf(context: AnyRuleContext): string {
  return context.cwd ?? context.getCwd?.() ?? process.cwd();
}

/** The file's gate, computed by the first of our rules whose `create()` runs for the file. Never touches the AST. */
export function getFileGate(context: AnyRuleContext): FileGate {
  const sourceCode = sourceCodeOf(context);
  const text = sourceCode.text;
  const filename = filenameOf(context);
  const cached = gates.get(sourceCode);
  if (cached && cached.text === text && cached.filename === filename) return cached.gate;

  const cwd = cwdOf(context);
  const memo = memoOf(filename, context.settings, cwd);
  let resolved = memo?.byScope.get(memo.scope);
  let lookedNow = false;
  if (!resolved) {
    const asked = diskAsks();
    resolved = resolveForGate(filename, context.settings, cwd, 'turn');
    if (memo && resolved.ok) memo.byScope.set(memo.scope, resolved);
    lookedNow = diskAsks() > asked;
  }
  // Files that cannot write `_meta` (most of a code base) reuse the turn's look at the manifest (`statOncePerTurn`);
  // a file that may write looks at it now unless this very look-up just did (one `stat`), so a manifest written and
  // linted right after, in the same turn, is seen. The files after it in the turn get its answer.
  let mayWrite = resolved.ok && mayWriteMeta(text, resolved.registry);
  // Most such looks find the manifest as it was: one `stat` answers that (`isRegistryCurrent`) without a resolution.
  if (mayWrite && !lookedNow && !(resolved.ok && isRegistryCurrent(resolved.registry))) {
    const looked: ResolvedRegistry = resolveRegistryNow(filename, context.settings, cwd, memo);
    // The text check is asked again only when the look found another manifest (an edit in this same turn).
    if (looked.ok && resolved.ok && looked.registry !== resolved.registry) mayWrite = mayWriteMeta(text, looked.registry);
    resolved = looked;
  }
  let gate: FileGate;
  if (!resolved.ok && resolved.uncovered === true && !text.includes('_meta')) {
    // No manifest covers the file and it never mentions `_meta` (a monorepo package without one): nothing to say.
    gate = { status: 'not-checked', state: { status: 'uncovered' } };
  } else if (!resolved.ok) {
    gate = { status: 'not-checked', state: { status: 'registry-error', problem: resolved.problem, registryPath: resolved.registryPath } };
  } else {
    gate = { status: 'ok', registry: resolved.registry, mayWrite };
  }
  gates.set(sourceCode, { text, filename, gate });
  return gate;
}

/**
 * `createRule`'s `skipsFile` for a rule that acts only on `_meta` writes: true when the file's gate says none can be
 * there (the manifest cannot be used, whose problem is `valid-registry`'s, or the text check rules the file out). The
 * same answer `defineMetaRuleVisitor` reaches, asked before the rule sets itself up.
 */
export function writesNoMeta(context: AnyRuleContext): boolean {
  const gate = getFileGate(context);
  return gate.status !== 'ok' || !gate.mayWrite;
}

/**
 * `skipsFile` for a rule whose every finding needs what its own text check (`mayMatter`) looks for: the rule skips every
 * file that check rules out, and every file whose manifest cannot be used; with `writesMeta`, every file the write check
 * rules out too. Why: most files that write `_meta` are producers with nothing such a rule looks for (no received
 * result or upstream call for `no-dropped-meta`, no look-alike property for `no-misnamed-meta`, no strict schema or exact
 * assertion for `tolerate-unknown-meta-fields`), and each rule set up there cost a first touch of its code and a text
 * check of its own for nothing. Without `writesMeta`, for a rule about code that need not name `_meta` itself.
 */
export function mattersOnlyWhere(
  mayMatter: (text: string, registry: Registry) => boolean,
  { writesMeta = false }: { readonly writesMeta?: boolean } = {},
): (context: AnyRuleContext) => boolean {
  return (context) => {
    const gate = getFileGate(context);
    return gate.status !== 'ok' || (writesMeta && !gate.mayWrite) || !mayMatter(sourceCodeOf(context).text, gate.registry);
  };
}

export function getMetaFileState(context: AnyRuleContext): MetaFileState {
  const gate = getFileGate(context);
  if (gate.status === 'not-checked') return gate.state;
  const sourceCode = sourceCodeOf(context);
  const ast = sourceCode.ast;
  const cached = states.get(ast);
  if (cached) return cached;
  countCost('analysis-builds');
  const parsed = () => ({ ast: sourceCode.ast as TSESTree.Program, visitorKeys: sourceCode.visitorKeys ?? {} });
  // The ESLint class lints absolute paths; a `Linter` given a relative one (RuleTester) means it from its cwd.
  const filename = path.resolve(cwdOf(context), filenameOf(context));
  // A file that may write reads imported key and helper modules: as on disk now, even if edited in this same turn.
  if (gate.mayWrite) lookAgainThisTurn();
  // With a program, the pipeline's type-aware phase places the writes the syntax only guessed, once per AST.
  const analysis = analyzeFile(filename, gate.registry, sourceCode.text, parsed, gate.mayWrite, typesOfRuleContext(context));
  const state: MetaFileState = { status: 'ok', analysis };
  // The modules this analysis read join the manifest's list for `eslint --cache` (when createConfig asked for it).
  recordModulesRead(gate.registry.path);
  states.set(ast, state);
  return state;
}

/**
 * What every `_meta` rule's `create()` returns, after running `onAnalysis` with the file's write model there and
 * then: no listener, ever. Why in `create()`: the model comes from one walk of its own (cached per AST), so a
 * `Program` listener would only defer it, and under oxlint any listener makes oxlint walk the whole AST in JavaScript
 * as well (a large share of oxlint's time with the plugin). Every host this plugin
 * supports hands `create()` a finished AST: ESLint 8.57-10 set `parent` before calling any `create()`, and oxlint
 * deserializes the AST (parents set) when `sourceCode.ast` is first read. Reports made in `create()` are ordinary
 * reports (ESLint sorts them by place; disable comments apply). A file the text check rules out is never analysed,
 * and oxlint does not even hand its AST to JavaScript. When the manifest cannot be used there is no model, and the
 * rule stays silent: the manifest problem is `valid-registry`'s, reported once per file under its own rule id (so an
 * editor's quick fixes and docs link point at the manifest, not at a `_meta` rule).
 */
export function defineMetaRuleVisitor<MessageIds extends string, S extends PlaneScope>(
  context: Readonly<TSESLint.RuleContext<MessageIds, readonly unknown[]>>,
  /** The planes the rule acts on (`PLANE_SCOPES`): the model holds every write, the rule sees only these. */
  scope: S,
  onAnalysis: (analysis: ScopedAnalysis<S>) => void,
  /**
   * For a rule about code that never names `_meta` (`no-dropped-meta`): its own text check, asked only of files the
   * write check ruled out. Such a file's analysis has no writes and costs no walk.
   */
  mayMatter?: (text: string, registry: Registry) => boolean,
): TSESLint.RuleListener {
  const gate = getFileGate(context);
  if (gate.status !== 'ok') return NO_LISTENERS;
  if (!gate.mayWrite && !mayMatter?.(sourceCodeOf(context).text, gate.registry)) return NO_LISTENERS;
  const state = getMetaFileState(context);
  if (state.status === 'ok') onAnalysis(scopedView(state.analysis, scope));
  return NO_LISTENERS;
}

/** Each file's views, one per plane scope: the rules that share a scope (four of them act on `manifest`) share one. */
const views = new WeakMap<MetaFileAnalysis, Map<PlaneScope, ScopedAnalysis<PlaneScope>>>();

/**
 * The file's analysis with only the scope's `writes` (read-only, shared): a plain object whose `role` reads the
 * analysis's, so a lazy one stays lazy. Not `Object.create(analysis, { writes })`: that took V8's slow path for
 * property descriptors and turned every analysis into a prototype, and the view was a large part of what the first
 * rule's `create()` cost beyond the analysis in CPU profiles.
 */
function scopedView<S extends PlaneScope>(analysis: MetaFileAnalysis, scope: S): ScopedAnalysis<S> {
  let byScope = views.get(analysis);
  if (!byScope) views.set(analysis, (byScope = new Map<PlaneScope, ScopedAnalysis<PlaneScope>>()));
  let view = byScope.get(scope) as ScopedAnalysis<S> | undefined;
  if (!view) {
    view = {
      filename: analysis.filename,
      registry: analysis.registry,
      get role() {
        return analysis.role;
      },
      writes: writesOn(analysis.writes, scope),
    };
    byScope.set(scope, view);
  }
  return view;
}

/** A file's analysis as one rule sees it: only the writes on the planes it acts on. */
export type ScopedAnalysis<S extends PlaneScope> = Omit<MetaFileAnalysis, 'writes'> & { readonly writes: ReadonlyArray<WriteOn<S>> };

/** The one-line text of the problem that keeps a file from being checked (path, place, fix), or null. */
export function registryProblemDetails(state: MetaFileState): string | null {
  return state.status === 'registry-error' ? formatRegistryProblem(state.problem) : null;
}
