import type { TSESTree } from '@typescript-eslint/utils';
import type { FileRole, KeySpec, MetaPlane, Registry, RegistryProblem } from '../registry/types';
import type { PlaneEvidence, WritePlane } from './planes';
import type { HostObjectOverSpread } from './value/host-object-over-spread';

/**
 * The `_meta` write-site model: every place a file writes the out-of-band channel of a tool result, found once per
 * file (see `findMetaWrites`) and shared by every rule. Rules are short filters over `MetaWrite[]`.
 */
export type MetaWriteKind =
  /** `x._meta = E` (also `x['_meta']`, `x!._meta`, `(x as R)._meta`). */
  | 'meta-assign'
  /**
   * Creates a missing `_meta`, never replaces one: `x._meta ??= {}`, `x._meta ||= {}`, `x._meta = x._meta ?? {}`,
   * `if (!x._meta) x._meta = …` (also `=== undefined`, `== null`).
   */
  | 'meta-init'
  /** `delete x._meta`. */
  | 'meta-delete'
  /** `Object.assign(x, { _meta: E })`. */
  | 'object-assign-meta'
  /**
   * An object literal carrying `_meta` on a checked plane: a tool result (`{ content, _meta: E }`, `{ ...result,
   * _meta: E }`), a tool descriptor (`registerTool(name, { inputSchema, _meta })`) or a resource (`{ uri, text, _meta }`).
   */
  | 'meta-literal'
  /** `x._meta.k = v`, `x._meta['k'] = v`, `alias.k = v`, and each key of `Object.assign(x._meta, { k: v })`. */
  | 'key-assign'
  /** `delete x._meta.k`, `delete alias.k`. */
  | 'key-delete'
  /** A manifest emitter call: `ctx.emitResponseMeta?.('k', v)`, `emit('k', v)`. */
  | 'emit'
  /** A manifest hook call: `opts.metaHook(...)`; returns a `_meta` fragment whose keys are not known here. */
  | 'hook-call'
  /** A returned object literal of a manifest `hookFunctions` function; each top-level property is a key. */
  | 'hook-return';

/** How a top-level key name was found. */
export type KeySource =
  /** `'k'`, `k:` or `._meta.k` written out. */
  | 'literal'
  /** An identifier bound to a `const` string in scope. */
  | 'const'
  /** A template literal without expressions. */
  | 'template'
  /** A computed key or argument that is not statically known (`name` is null). */
  | 'dynamic'
  /** A key expression whose type is a string literal or a union of them (type-aware mode; one write per member). */
  | 'type';

/** One top-level key written by a write site. */
export interface MetaKeyWrite {
  /** The key, or `null` when it cannot be resolved statically. */
  readonly name: string | null;
  readonly source: KeySource;
  /** Where to report about the key (the property key, the member property, or the emitter's first argument). */
  readonly node: TSESTree.Node;
  /** The value written to the key, with TypeScript wrappers removed; `null` for deletes. */
  readonly value: TSESTree.Expression | null;
  /**
   * Set when the key is built by a helper imported from another module (`_meta: widgetMeta(w)`): that module writes
   * the key (the spec's unit is the module that builds it). `node` is then the call here, and `value` a node of the
   * helper module's AST: read it, never report at it, never ask this file's type checker about it.
   */
  readonly builtBy?: HelperOrigin;
  /**
   * Set when the value is what a function imported from another module returns (`emit('k', buildStats(x))`): the key
   * is written here (so no `builtBy`), its fields there. Read a key's fields through `fieldValueOf`.
   */
  readonly builtValue?: BuiltValue;
  /**
   * Set when a framework convention (`FRAMEWORK_CONVENTIONS`) flattened nested literals into this key: the path before
   * the leaf (`openai/toolInvocation` for `openai/toolInvocation/invoking`) and the separator. `node` is then the
   * leaf's own property key, so a rename can change the last segment only.
   */
  readonly flattened?: { readonly prefix: string; readonly separator: string };
  /**
   * Set when a framework writes the key from its own config fields (`FRAMEWORK_CONVENTIONS`' `fields`: mcp-use's
   * `visibility: 'app'` is the tool's `ui.visibility: ['app']`): the framework and the config fields (`view.csp`).
   * `node` is then the config's property and `value` an object built of the fields' own values (reports about a value
   * land on it in the code; the nodes only the framework's shape adds are `isFrameworkWritten`, and nothing renames
   * them).
   */
  readonly writtenBy?: FrameworkWriter;
  /**
   * Set for a host key whose object several parties fill (`ui`), written as a new object over an earlier spread of the
   * same literal that may carry it (`{ ...extraMeta, ui: { resourceUri } }`): that spread, and the host's fields this
   * object drops (`value/host-object-over-spread.ts`). `no-wholesale-meta-assign` reports it.
   */
  readonly overSpread?: HostObjectOverSpread;
  /**
   * Who writes the key and which keys that writer produces, attached once per file by the analysis (`ownership.ts`);
   * absent only for writes found without a file name. Read it through `isOwned`; never work it out again.
   */
  readonly ownership?: KeyOwnership;
  /**
   * What the manifest says about this key on its write's plane (registered there, registered on other planes, not
   * registered), attached with `ownership` by the analysis' key phase, after the type-aware phase has placed the
   * write; a name read from the key's type gets it where that name is read (`withTypedKeyNames`). Absent for a key
   * whose name is not known, a write on a plane the manifest does not register keys on, or a write found without a
   * manifest. Rules and `check` read it; none looks the key up again.
   */
  readonly registration?: KeyRegistration;
}

/** The framework that writes a key from its config fields, and those fields as dotted paths (`view.csp`). */
export interface FrameworkWriter {
  readonly framework: string;
  readonly fields: readonly string[];
}

/** What the manifest says about a key written on a plane. */
export type KeyRegistration =
  | { readonly status: 'registered'; readonly spec: KeySpec }
  | { readonly status: 'other-plane'; readonly spec: KeySpec; readonly planes: readonly MetaPlane[] }
  | { readonly status: 'unregistered' };

/** The writer of a key (rule 1's unit: the module that writes it) and the registered keys it is a producer of. */
export interface KeyOwnership {
  /** Absolute path of the file that writes the key: the analysed file, or the module of the helper that builds it. */
  readonly writer: string;
  /**
   * The keys the writer may write under the manifest: the analysed file's, and for a helper's key its module's too (a
   * caller may use a shared builder). Empty without a manifest (`init`'s scan). A set of names, not one answer, since
   * type-aware mode names a key afterwards (a key whose type is a union of literals becomes one write per member).
   */
  readonly producerOf: ReadonlySet<string>;
}

/** A key's value built by an imported function: a detached copy of what it returns, and the call that builds it. */
export interface BuiltValue {
  /** A detached copy of the returned literal(s): read it, never report at it or ask a type checker about it. */
  readonly value: TSESTree.Expression;
  /** The function and its module. */
  readonly builtBy: HelperOrigin;
  /** The call in this file (where reports about the value's fields go). */
  readonly call: TSESTree.Expression;
}

/** The imported helper that builds a key (or the imported `const` that holds a value), and its module. */
export interface HelperOrigin {
  /** The helper's name as the linted file calls it (`widgetMeta`), or the `const`'s (`WIDGET_CSP`). */
  readonly helper: string;
  /** Absolute path of the module that defines it. */
  readonly file: string;
  /** Set when it is an imported `const`'s value (an object or array literal), not what a helper returns. */
  readonly kind?: 'const';
}

export interface MetaWrite {
  readonly kind: MetaWriteKind;
  /**
   * Which `_meta` is written: a tool result's (the plane MCP_META_CHANNELS governs), a tool descriptor's, a
   * resource's, or one of the planes no manifest checks (inbound requests, JSON bodies, schemas, prompts, client
   * results) or `unknown`. Every write is kept; each rule and verb acts on its planes only (`writesOn`).
   */
  readonly plane: WritePlane;
  /**
   * Why the write is on `plane`: an SDK call it goes to (`sink`), a call it comes from (`source`), its declared
   * `type`, its literal's `shape`, or only its `name` (the fallback), or the `manifest` naming the call.
   */
  readonly evidence: PlaneEvidence;
  /** The whole write: the assignment, the call, the `delete`, the property holding `_meta`, the return argument. */
  readonly node: TSESTree.Node;
  /** The object whose `_meta` is written (`x` in `x._meta = ...`), unwrapped; `null` for emits, hooks and literals. */
  readonly target: TSESTree.Expression | null;
  /** Normalised source text of `target` (wrappers and whitespace removed), to compare targets; `null` if none. */
  readonly targetText: string | null;
  /** For `meta-assign`, `object-assign-meta`, `result-literal`: the value given to `_meta` (unwrapped). */
  readonly metaValue: TSESTree.Expression | null;
  /** True when the write drops whatever `_meta` held (a replace that does not first spread the same `_meta`). */
  readonly replaces: boolean;
  /**
   * For a `meta-init`, how it only creates `_meta`: `missing` (it runs only while `_meta` is absent: `??=`, an absence
   * test), `fresh` (the object's own function just built it from a literal without `_meta`); null for other writes.
   */
  readonly creates: 'missing' | 'fresh' | null;
  /** True when `metaValue` is an object literal whose first element spreads the same object's `_meta`. */
  readonly mergesSelf: boolean;
  /**
   * The element of `metaValue` (an object literal written in place) that spreads the same object's `_meta`, wherever
   * it stands (`{ k: v, ...x._meta }` spreads it late: old values win); null when there is none.
   */
  readonly selfSpread: TSESTree.SpreadElement | null;
  /**
   * Spread sources inside `metaValue` other than the object's own `_meta` (`...collected`, `...fragment`):
   * their keys are not known here.
   */
  readonly spreads: readonly TSESTree.Expression[];
  /** The top-level keys this write sets or deletes, when they can be listed. */
  readonly keys: readonly MetaKeyWrite[];
  /** The alias identifier through which the write happens (`m` in `const m = out._meta; m.k = v`). */
  readonly alias: TSESTree.Identifier | null;
  /** The nearest enclosing function (or the Program). */
  readonly functionNode: TSESTree.Node;
  /**
   * The statement that contains the write, directly in a block or program body of the same function; `null` when the
   * write is inside an arrow function's expression body (no statement to wrap).
   */
  readonly statement: TSESTree.Statement | null;
  /** The nearest `try` whose `block` contains the write without crossing a function boundary. */
  readonly tryStatement: TSESTree.TryStatement | null;
}

/** Everything the rules need about one linted file, computed once per AST. */
export interface MetaFileAnalysis {
  readonly filename: string;
  readonly registry: Registry;
  readonly role: FileRole;
  readonly writes: readonly MetaWrite[];
}

/** The result handed to rules: either an analysis, or the manifest problem that prevents one. */
export type MetaFileState =
  | { readonly status: 'ok'; readonly analysis: MetaFileAnalysis }
  | { readonly status: 'registry-error'; readonly problem: RegistryProblem; readonly registryPath: string | null }
  /** No manifest governs the file and it never mentions `_meta`: nothing to check, nothing to report. */
  | { readonly status: 'uncovered' };
