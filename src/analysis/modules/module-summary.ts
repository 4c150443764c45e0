/**
 * What the analysis keeps of a module it reads from disk (an imported key `const`, an imported `_meta` helper): a
 * summary built from the module's tree while it is parsed, after which the tree is dropped. The summary holds the
 * exported strings (`export const TIMING_KEY = 'com.ex/' + 'timing'`), `as const` objects of strings, the keys each
 * exported helper builds (with a detached copy of each key's value, for the field rules), the exported functions
 * whose every return is an upstream tool result (no-dropped-meta's sources), and where re-exports lead.
 *
 * Read with the same evaluator as the linted file's consts (`constStrings`), so a commented-out `export const`, an
 * inner-scope `const` or text inside a template never count: only the module's top-level exports do. A module larger
 * than `MAX_MODULE_BYTES` is not read (its keys stay unknown, as for a package the lint cannot read).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type * as ts from 'typescript';
import type { TSESTree } from '@typescript-eslint/utils';
import { isNothing, memberPropertyName, propertyKeyName, returnedValues, unwrap, walkAll } from '../syntax/ast';
import {
  constInitializer,
  constStrings,
  findBinding,
  frozenObjectLiteral,
  functionBoundTo,
  lookupTableEntries,
  parameterReference,
  staticKey,
  type ParameterReference,
  type ImportedNames,
} from '../syntax/bindings';
import { moduleScope, returnedLiteralWrites, type ModuleScope } from '../value/meta-value';
import { literalValueOf } from '../value/literal-value';
import type { LiteralValue } from '../../registry';
import { ModuleCache } from './module-cache';
import { noteModuleRead } from './modules-read';
import { parseSource } from './parse-source';
import type { ResolverOf } from './module-resolver';
import { CALL_TOOL } from '../relay/pass-through-marks';
import { answersItself, everyReturnIsUpstream } from '../relay/upstream-calls';
import { CLIENT_REQUESTS } from '../relay/client-requests';
import { declarationMemberNames, declaresNoSlot } from '../syntax/declared-without-meta';
import type { HelperOrigin, KeySource } from '../types';

type Node = TSESTree.Node;
type Expression = TSESTree.Expression;

/** Modules above this size are not read: parsing one costs seconds to minutes, and key modules are small. */
export const MAX_MODULE_BYTES = 1024 * 1024;

/** One key an exported helper builds. */
export interface HelperKeySummary {
  readonly name: string;
  readonly source: KeySource;
  /** A detached copy of the value written to it (no parent outside itself): what the field rules read. */
  readonly value: Expression | null;
  /** Set when a helper of yet another module builds it. */
  readonly builtBy?: HelperOrigin;
}

/** An exported function whose every return is an object literal. */
export interface HelperSummary {
  /** The keys it builds when its result is a `_meta` (`_meta: statsMeta(x)`). */
  readonly keys: readonly HelperKeySummary[];
  /**
   * A detached copy of what it returns (one literal, or `?:` of each), for a call whose result is a key's value
   * (`emit('k', buildStats(x))`): the field rules and `check` read its fields. Its keys' values are parts of it.
   */
  readonly returned: Expression;
  /**
   * Its parameters it spreads into what it returns (`({ templateUri, extra = {} }) => ({ …, ...extra })`): a call's
   * argument there supplies those keys, read where the call is (`argumentSpreadKeys`).
   */
  readonly parameterSpreads: readonly ParameterReference[];
}

export interface ModuleSummary {
  /** Exported name -> the string it holds. */
  readonly strings: ReadonlyMap<string, string>;
  /** Exported name -> the string properties of an `as const` object (or of a default-exported object literal). */
  readonly objects: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** Exported name -> a function whose every return is an object literal: its keys and what it returns. */
  readonly helpers: ReadonlyMap<string, HelperSummary>;
  /**
   * Exported name -> a detached copy of the object or array literal a `const` holds (`export const WIDGET_CSP = {
   * connect_domains: HOSTS }`, its module's consts inlined): a value written once and given as a `_meta` field in
   * other modules (a widget's CSP lists), read where it is given (`importedLiteralOf`). For a `const` of a number,
   * string, boolean or null (`export const MAX_CHARS = 400_000`), a literal of that value (host values).
   */
  readonly literals: ReadonlyMap<string, Expression>;
  /**
   * Exported names of functions whose every return is an upstream server's tool result (`return client.callTool(…)`,
   * see `everyReturnIsUpstream`): a call of one is a tool result received (no-dropped-meta).
   */
  readonly upstream: ReadonlySet<string>;
  /**
   * Exported names of functions named as an MCP client's request methods (`callTool`, `getPrompt`, …) that answer the
   * request themselves (`answersItself`): a server's own implementation, given a call's fields one by one by its
   * handler, never a wrapper around an upstream (no-dropped-meta).
   */
  readonly answering: ReadonlySet<string>;
  /**
   * Exported names of interfaces and type literal aliases with named members only, none `_meta`
   * (`export interface McpToolDescriptor { name; inputSchema }`): a list method declared to return them re-advertises
   * nothing in MCP's shape (no-dropped-meta).
   */
  readonly metaLessTypes: ReadonlySet<string>;
  /**
   * Exported name -> the member names of an interface or type alias that lists them all (`declaredMemberNames`): what
   * an object declared with it is (mcp-apps-kit's `UIResourceMetaResult`: `mimeType`, `_meta`; no tool result).
   */
  readonly typeMembers: ReadonlyMap<string, readonly string[]>;
  /** `export { a as b } from './x'` (or an imported name exported again): exported name -> where it is defined. */
  readonly reexports: ReadonlyMap<string, { readonly source: string; readonly imported: string }>;
  /** `export * from './x'`, in order. */
  readonly stars: readonly string[];
  /** `export * as keys from './x'` (or `import * as keys from './x'; export { keys }`): exported name -> the module. */
  readonly namespaces: ReadonlyMap<string, string>;
  /** About how many bytes the summary holds (its strings and detached nodes): what the cache's byte bound counts. */
  readonly bytes: number;
}

/**
 * The summaries held are bounded by their bytes too: a summary of a module of many helpers weighs ~160 KB (100 such
 * modules of 22 KB: 16 MB estimated, 20 MB of live heap measured), so 512 of them could hold ~100 MB.
 */
export const MODULE_SUMMARY_BYTES = 32 * 1024 * 1024;

// Every module read is noted for `eslint --cache` (modules-read.ts).
// Read through the resolver of each caller (`moduleSummary`): a summary does not depend on which, as resolvers hold no state.
const summaries = new ModuleCache<ModuleSummary>(() => null, {
  maxBytes: MODULE_SUMMARY_BYTES,
  weigh: (summary) => summary.bytes,
  onUse: noteModuleRead,
});

/** The summary of `file`, or null when it is missing, too large or does not parse. */
export function moduleSummary(file: string, resolverOf: ResolverOf): ModuleSummary | null {
  return summaries.get(file, (read) => readSummary(read, resolverOf));
}

/** How many modules' summaries are held (tests prove the bound). */
export function heldModuleSummaries(): number {
  return summaries.size;
}

/** How many bytes the held summaries hold, as estimated (tests prove the bound). */
export function heldModuleSummaryBytes(): number {
  return summaries.bytes;
}

function readSummary(file: string, resolverOf: ResolverOf): ModuleSummary | null {
  let program: TSESTree.Program;
  let callsUpstream: boolean;
  try {
    if (fs.statSync(file).size > MAX_MODULE_BYTES) return null;
    const text = fs.readFileSync(file, 'utf8');
    callsUpstream = mayCallUpstream(text);
    // An installed package's file: only its top-level string constants and re-exports matter (no helper is followed
    // into a package), read with TypeScript's own parser (much faster on a large declaration file than a parse to ESTree).
    if (file.includes(`${path.sep}node_modules${path.sep}`)) return packageSummary(text, file);
    program = parseSource(text, file).ast;
  } catch {
    return null;
  }
  // Bindings (`const KEY = 'k'`, a `const` literal a helper returns) are found through `parent` links.
  walkAll(program, () => undefined);
  return summarise(program, moduleScope(resolverOf(file)), callsUpstream);
}

/** The MCP client's request methods (`callTool`, `getPrompt`, …): an exported function of such a name may be a wrapper's. */
const CLIENT_METHODS: ReadonlySet<string> = new Set([...CLIENT_REQUESTS.values()].map((request) => request.client));

/** Whether a module's text may call an upstream tool (`callTool`, `'tools/call'`): only then are its functions' returns looked at. */
function mayCallUpstream(text: string): boolean {
  return text.includes(CALL_TOOL) || text.includes('tools/call');
}

function summarise(program: TSESTree.Program, scope: ModuleScope, callsUpstream: boolean): ModuleSummary {
  const upstream = new Set<string>();
  const answering = new Set<string>();
  const metaLessTypes = new Set<string>();
  const typeMembers = new Map<string, readonly string[]>();
  const strings = new Map<string, string>();
  const objects = new Map<string, ReadonlyMap<string, string>>();
  const helpers = new Map<string, HelperSummary>();
  const literals = new Map<string, Expression>();
  const reexports = new Map<string, { source: string; imported: string }>();
  const stars: string[] = [];
  const namespaces = new Map<string, string>();
  const budget = { nodes: MAX_DETACHED_NODES };
  // Its own bound: a large exported table (data, not `_meta`) takes nothing from the helpers' copies.
  const literalBudget = { nodes: MAX_DETACHED_NODES };

  const exportValue = (exported: string, value: Node | null | undefined, anyObject: boolean): void => {
    if (!value) return;
    const inner = unwrap(value);
    if (inner.type === 'ArrowFunctionExpression' || inner.type === 'FunctionExpression' || inner.type === 'FunctionDeclaration') {
      if (callsUpstream && everyReturnIsUpstream(inner)) upstream.add(exported);
      if (CLIENT_METHODS.has(exported) && answersItself(inner)) answering.add(exported);
      const helper = helperSummary(inner, budget, scope);
      if (helper) helpers.set(exported, helper);
      return;
    }
    const names = constStrings(value, scope.modules);
    if (names?.length === 1) strings.set(exported, names[0]);
    const literal = frozenObjectLiteral(value) ?? (anyObject && inner.type === 'ObjectExpression' ? inner : null);
    if (literal) objects.set(exported, objectStrings(literal, scope.modules));
    if (inner.type === 'ObjectExpression' || inner.type === 'ArrayExpression') {
      literals.set(exported, detach(inner, literalBudget, scope.modules, null, -1));
    } else {
      // A number, string, boolean or null the `const` certainly holds (`export const MAX_CHARS = 400_000`, through
      // consts here or imported): a host key's value written in another module (the host-value check).
      const scalar = scalarLiteral(literalValueOf(value, scope.modules));
      if (scalar) literals.set(exported, scalar);
    }
  };

  /** An exported module-level name: what it is bound to. */
  const exportLocal = (exported: string, local: string, at: Node): void => {
    const binding = findBinding(local, at);
    if (binding?.kind === 'import') reexports.set(exported, { source: binding.source, imported: binding.imported });
    else if (binding?.kind === 'namespace') namespaces.set(exported, binding.source);
    else if (binding?.kind === 'function') exportValue(exported, binding.fn as unknown as Expression, false);
    else if (binding?.kind === 'variable' && binding.declarationKind === 'const') {
      exportValue(exported, binding.declarator.init ?? declaredLiteral(binding.declarator), false);
    }
  };

  for (const statement of program.body) {
    if (statement.type === 'ExportAllDeclaration') {
      if (statement.exportKind === 'type') continue;
      if (statement.exported === null) stars.push(statement.source.value);
      else namespaces.set(nameOf(statement.exported), statement.source.value);
      continue;
    }
    if (statement.type === 'ExportDefaultDeclaration') {
      const declaration = statement.declaration;
      if (declaration.type === 'FunctionDeclaration') {
        if (callsUpstream && everyReturnIsUpstream(declaration)) upstream.add('default');
        const helper = helperSummary(declaration, budget, scope);
        if (helper) helpers.set('default', helper);
      } else if (declaration.type === 'Identifier') exportLocal('default', declaration.name, statement);
      else exportValue('default', declaration, true);
      continue;
    }
    if (statement.type !== 'ExportNamedDeclaration') continue;
    const declaration = statement.declaration;
    if (
      (declaration?.type === 'TSInterfaceDeclaration' || declaration?.type === 'TSTypeAliasDeclaration') &&
      declaresNoSlot(declaration, '_meta')
    )
      metaLessTypes.add(declaration.id.name);
    if (declaration?.type === 'TSInterfaceDeclaration' || declaration?.type === 'TSTypeAliasDeclaration') {
      const members = declarationMemberNames(declaration);
      if (members) typeMembers.set(declaration.id.name, members);
    }
    // `export type { … }` exports no value (`export declare const` is typed `exportKind: 'type'` too, and is one).
    if (statement.exportKind === 'type' && declaration?.type !== 'VariableDeclaration') continue;
    if (statement.source) {
      for (const specifier of statement.specifiers) {
        if (specifier.exportKind !== 'type')
          reexports.set(nameOf(specifier.exported), { source: statement.source.value, imported: nameOf(specifier.local) });
      }
    } else if (declaration?.type === 'FunctionDeclaration' && declaration.id) {
      exportLocal(declaration.id.name, declaration.id.name, statement);
    } else if (declaration?.type === 'VariableDeclaration' && declaration.kind === 'const') {
      for (const declarator of declaration.declarations) {
        if (declarator.id.type === 'Identifier') exportValue(declarator.id.name, declarator.init ?? declaredLiteral(declarator), false);
      }
    } else if (!declaration) {
      for (const specifier of statement.specifiers) {
        if (specifier.exportKind !== 'type') exportLocal(nameOf(specifier.exported), nameOf(specifier.local), statement);
      }
    }
  }
  return detachedSummary({
    strings,
    objects,
    helpers,
    literals,
    upstream,
    answering,
    metaLessTypes,
    typeMembers,
    reexports,
    stars,
    namespaces,
  });
}

function nameOf(node: TSESTree.Identifier | TSESTree.StringLiteral): string {
  return node.type === 'Identifier' ? node.name : node.value;
}

/** `export declare const KEY: "com.ex/timing";` (a declaration file): the string literal type is the value. */
function declaredLiteral(declarator: TSESTree.VariableDeclarator): Node | null {
  const annotation = declarator.id.typeAnnotation?.typeAnnotation;
  return annotation?.type === 'TSLiteralType' && annotation.literal.type === 'Literal' ? annotation.literal : null;
}

function objectStrings(literal: TSESTree.ObjectExpression, imports: ImportedNames | null): Map<string, string> {
  const strings = new Map<string, string>();
  for (const property of literal.properties) {
    // A spread may hold anything: the object's strings are then not all known, and none is taken.
    if (property.type === 'SpreadElement') return new Map();
    if (property.kind !== 'init' || property.method) continue;
    const name = property.computed ? (staticKey(property.key, imports)?.name ?? null) : nameOf(property.key as TSESTree.Identifier);
    const value = constStrings(property.value, imports);
    if (name !== null && value?.length === 1) strings.set(name, value[0]);
  }
  return strings;
}

/** Detached copies of a module's helper values are bounded: a helper returning a huge literal keeps only its keys. */
const MAX_DETACHED_NODES = 5_000;
/** Nested `const`s and same-module builders are inlined this deep into a detached value. */
const MAX_INLINE_DEPTH = 6;

/**
 * The keys a helper builds and what it returns, when every return is an object literal (through `?:`, `&&`, `await`
 * or a `const`, with the keys set on that `const` before the return: `returnedLiteralWrites`); null otherwise. Keys another module's helper builds keep that module (`builtBy`); unknown keys are
 * left out (a dynamic key there cannot be fixed at the call). Each literal is detached once: a key written as one of
 * its properties takes that property's detached value (no second copy).
 */
function helperSummary(fn: TSESTree.FunctionLike, budget: { nodes: number }, scope: ModuleScope): HelperSummary | null {
  const literals = returnedLiterals(fn);
  if (literals === null) return null;
  const keys: HelperKeySummary[] = [];
  const returned: Expression[] = [];
  const parameterSpreads: ParameterReference[] = [];
  for (const literal of literals) {
    // The literal itself does not count towards the inlining depth: its values are inlined as deep as before.
    const detached = detach(literal, budget, scope.modules, fn, -1);
    returned.push(detached);
    const ownValues = new Map<Node, Expression>();
    if (detached.type === 'ObjectExpression') {
      literal.properties.forEach((property, index) => {
        const copy = detached.properties[index];
        if (property.type === 'Property' && copy?.type === 'Property') ownValues.set(property.key, copy.value as Expression);
      });
    }
    const written = returnedLiteralWrites(fn, literal, scope);
    parameterSpreads.push(...written.parameterSpreads.map(detachedReference));
    for (const key of written.keys) {
      if (key.name === null) continue;
      // A key from yet another module's helper already carries a detached value.
      const value =
        key.builtBy || key.value === null ? key.value : (ownValues.get(key.node) ?? detach(key.value, budget, scope.modules, fn));
      keys.push({ name: key.name, source: key.source, value, ...(key.builtBy ? { builtBy: key.builtBy } : {}) });
    }
  }
  return { keys, returned: branches(returned), parameterSpreads };
}

/** The object literals of every return, or null when some return gives something else (the keys are then unknown). */
function returnedLiterals(fn: TSESTree.FunctionLike): TSESTree.ObjectExpression[] | null {
  if (!fn.body) return null;
  const literals: TSESTree.ObjectExpression[] = [];
  for (const expression of returnedValues(fn)) {
    const branch = literalBranches(expression, 0);
    if (branch === null) return null;
    literals.push(...branch);
  }
  return literals.length > 0 ? literals : null;
}

function literalBranches(expression: Node, depth: number): TSESTree.ObjectExpression[] | null {
  // `const a = b; const b = a;` and deep chains: unknown rather than a stack overflow.
  if (depth > MAX_INLINE_DEPTH) return null;
  const inner = unwrap(expression);
  if (inner.type === 'ObjectExpression') return [inner];
  if (isNothing(inner)) return [];
  if (inner.type === 'Identifier') {
    const init = constInitializer(inner);
    return init ? literalBranches(init, depth + 1) : null;
  }
  if (inner.type === 'AwaitExpression') return literalBranches(inner.argument, depth + 1);
  if (inner.type === 'LogicalExpression' && inner.operator === '&&') return literalBranches(inner.right, depth + 1);
  if (inner.type === 'MemberExpression') {
    // `return WIDGET_REGISTRY[uri]`: every entry of a same-module table (each must be known).
    const entries = lookupTableEntries(inner, null);
    if (entries === null) return null;
    const literals: TSESTree.ObjectExpression[] = [];
    for (const entry of entries) {
      const branch = literalBranches(entry, depth + 1);
      if (branch === null) return null;
      literals.push(...branch);
    }
    return literals;
  }
  if (inner.type === 'ConditionalExpression') {
    const consequent = literalBranches(inner.consequent, depth + 1);
    const alternate = literalBranches(inner.alternate, depth + 1);
    return consequent && alternate ? [...consequent, ...alternate] : null;
  }
  return null;
}

/**
 * What the field rules read of a value, as a small tree that holds no link into its module's tree (so that tree can
 * be dropped): object literals with their field names resolved, arrays, literals and templates, `?:` and `&&`/`??`
 * branches, a same-module builder's call replaced by what it returns, `rows.map(r => ({…}))` by an array of what the
 * callback returns, `const`s inlined. Anything else becomes an unknown identifier (the rules then say nothing of it).
 */
function detach(
  value: Node,
  budget: { nodes: number },
  imports: ImportedNames | null,
  /** The helper whose parameters reads are marked (`parameterNode`); null for a `const`'s value, which has none. */
  fn: TSESTree.FunctionLike | null,
  depth = 0,
): Expression {
  if (budget.nodes <= 0 || depth > MAX_INLINE_DEPTH) return unknownNode();
  budget.nodes -= 1;
  const inner = unwrap(value);
  const next = (node: Node): Expression => detach(node, budget, imports, fn, depth + 1);
  switch (inner.type) {
    case 'Literal':
      return 'regex' in inner || 'bigint' in inner ? unknownNode() : synthetic({ type: 'Literal', value: inner.value, raw: inner.raw });
    case 'TemplateLiteral':
      return synthetic({
        type: 'TemplateLiteral',
        quasis: inner.quasis.map((quasi) => synthetic({ type: 'TemplateElement', value: quasi.value, tail: quasi.tail })),
        expressions: inner.expressions.map((expression) => parameterNode(expression, fn) ?? unknownNode()),
      });
    case 'UnaryExpression':
      return inner.operator === '-'
        ? synthetic({ type: 'UnaryExpression', operator: '-', prefix: true, argument: next(inner.argument) })
        : unknownNode();
    case 'Identifier': {
      if (inner.name === 'undefined') return synthetic({ type: 'Identifier', name: 'undefined' });
      const init = constInitializer(inner);
      return init ? next(init) : (parameterNode(inner, fn) ?? unknownNode());
    }
    case 'MemberExpression':
      return parameterNode(inner, fn) ?? unknownNode();
    case 'AwaitExpression':
      return next(inner.argument);
    case 'ConditionalExpression':
      return synthetic({
        type: 'ConditionalExpression',
        test: unknownNode(),
        consequent: next(inner.consequent),
        alternate: next(inner.alternate),
      });
    case 'LogicalExpression':
      return synthetic({ type: 'LogicalExpression', operator: inner.operator, left: next(inner.left), right: next(inner.right) });
    case 'ArrayExpression':
      return synthetic({
        type: 'ArrayExpression',
        elements: inner.elements.map((element) =>
          element === null
            ? null
            : element.type === 'SpreadElement'
              ? synthetic({ type: 'SpreadElement', argument: next(element.argument) })
              : next(element),
        ),
      });
    case 'ObjectExpression':
      return synthetic({
        type: 'ObjectExpression',
        properties: inner.properties.map((property) => detachProperty(property, next, imports)),
      });
    case 'CallExpression':
      return detachCall(inner, next);
    default:
      return unknownNode();
  }
}

function detachProperty(property: TSESTree.ObjectLiteralElement, next: (node: Node) => Expression, imports: ImportedNames | null): Node {
  if (property.type === 'SpreadElement') return synthetic({ type: 'SpreadElement', argument: next(property.argument) });
  const name = property.computed ? (staticKey(property.key, imports)?.name ?? null) : propertyKeyName(property);
  // A field whose name is not known: the shape is open (more fields than listed may be written), as in the module.
  if (name === null) return synthetic({ type: 'SpreadElement', argument: unknownNode() });
  const written = property.kind === 'init' && !property.method;
  return synthetic({
    type: 'Property',
    kind: property.kind,
    method: property.method,
    computed: false,
    shorthand: false,
    key: synthetic({ type: 'Literal', value: name, raw: JSON.stringify(name) }),
    value: written ? next(property.value) : unknownNode(),
  });
}

function detachCall(call: TSESTree.CallExpression, next: (node: Node) => Expression): Expression {
  const callee = unwrap(call.callee);
  if (callee.type === 'Identifier') {
    // `{ stats: statsOf(x) }` with a same-module builder: what it returns (one literal, or `?:` of several).
    const fn = functionBoundTo(callee);
    const literals = fn ? returnedLiterals(fn) : null;
    return literals ? branches(literals.map(next)) : unknownNode();
  }
  if (callee.type !== 'MemberExpression') return unknownNode();
  const method = memberPropertyName(callee);
  if (method === 'filter' || method === 'slice' || method === 'concat' || method === 'sort' || method === 'reverse')
    return next(callee.object);
  const mapper = (method === 'map' || method === 'flatMap') && call.arguments[0] ? unwrap(call.arguments[0]) : null;
  if (!mapper || (mapper.type !== 'ArrowFunctionExpression' && mapper.type !== 'FunctionExpression') || !mapper.body) return unknownNode();
  // `rows.map(r => ({ … }))`: an array of what the callback returns.
  return synthetic({ type: 'ArrayExpression', elements: returnedValues(mapper).map(next) });
}

function branches(values: Expression[]): Expression {
  if (values.length === 0) return unknownNode();
  return values.reduce((alternate, consequent) => synthetic({ type: 'ConditionalExpression', test: unknownNode(), consequent, alternate }));
}

/** A literal node of what `known` certainly is, when it is a number, string, boolean or null of known value; else null. */
function scalarLiteral(known: LiteralValue | undefined): Expression | null {
  if (known === undefined || known.kind === 'array' || known.kind === 'object' || known.value === undefined) return null;
  return synthetic({ type: 'Literal', value: known.value, raw: JSON.stringify(known.value) });
}

/** Where a detached node "is": nowhere in the linted file (reports about it go to the call that uses it). */
const NOWHERE = Object.freeze({
  range: Object.freeze([0, 0]) as unknown as [number, number],
  loc: Object.freeze({ start: Object.freeze({ line: 1, column: 0 }), end: Object.freeze({ line: 1, column: 0 }) }),
});

function synthetic(fields: Record<string, unknown>): Expression {
  return { ...fields, range: NOWHERE.range, loc: NOWHERE.loc } as unknown as Expression;
}

function unknownNode(): Expression {
  return synthetic({ type: 'Identifier', name: '__unknown__' });
}

/**
 * A read of the helper's parameter (`w.templateUri` in `widgetMeta(w)`): still unknown to every reader, marked with
 * which argument and property path it is, so a caller that knows its arguments can read it (`helperParameterOf`).
 */
function parameterNode(node: Node, fn: TSESTree.FunctionLike | null): Expression | null {
  const reference = fn ? parameterReference(node, fn) : null;
  return reference ? synthetic({ type: 'Identifier', name: '__unknown__', parameter: detachedReference(reference) }) : null;
}

/** A copy of a parameter reference holding no array of the module's tree. */
function detachedReference(reference: ParameterReference): ParameterReference {
  const { index, path, without } = reference;
  return { index, path: [...path], ...(without ? { without: [...without] } : {}) };
}

/** The parameter a detached node reads (see `parameterNode`), or null. */
export function helperParameterOf(node: Node): ParameterReference | null {
  return (node as { parameter?: ParameterReference }).parameter ?? null;
}

/** True for a node of a detached copy (a helper module's value): it has no place in the linted file. */
export function isDetached(node: Node): boolean {
  return node.range === NOWHERE.range;
}

/**
 * The summary of a package's file (declarations or code) from its top-level statements alone: `export declare const K
 * = "k"` (or `: "k"`), `const K = 'k'` exported by a list, `export { … } from`, `export * from`, and names imported and
 * exported again (the bundled chunks of the MCP SDK v2 pass their constants on that way).
 */
function packageSummary(text: string, file: string): ModuleSummary {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- lazy: only a package's constant needs it
  const typescript = require('typescript') as typeof ts;
  const source = typescript.createSourceFile(file, text, typescript.ScriptTarget.Latest, false);
  const strings = new Map<string, string>();
  const objects = new Map<string, ReadonlyMap<string, string>>();
  const reexports = new Map<string, { source: string; imported: string }>();
  const stars: string[] = [];
  const namespaces = new Map<string, string>();
  const namespaceImports = new Map<string, string>();
  const localStrings = new Map<string, string>();
  const localObjects = new Map<string, ReadonlyMap<string, string>>();
  const imports = new Map<string, { source: string; imported: string }>();
  const exportedLists: { exported: string; local: string }[] = [];
  const isExported = (statement: ts.Statement): boolean =>
    typescript.canHaveModifiers(statement) &&
    (typescript.getModifiers(statement) ?? []).some((m) => m.kind === typescript.SyntaxKind.ExportKeyword);
  const literalText = (node: ts.Node | undefined): string | null => {
    if (!node) return null;
    if (typescript.isStringLiteral(node) || typescript.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (typescript.isLiteralTypeNode(node) && typescript.isStringLiteral(node.literal)) return node.literal.text;
    if (typescript.isAsExpression(node) || typescript.isParenthesizedExpression(node)) return literalText(node.expression);
    return null;
  };
  const typeLiteralStrings = (node: ts.TypeNode | undefined): Map<string, string> | null => {
    if (!node || !typescript.isTypeLiteralNode(node)) return null;
    const found = new Map<string, string>();
    for (const member of node.members) {
      if (!typescript.isPropertySignature(member)) continue;
      const readonly = (member.modifiers ?? []).some((m) => m.kind === typescript.SyntaxKind.ReadonlyKeyword);
      const value = readonly ? literalText(member.type) : null;
      const name = member.name;
      if (value !== null && (typescript.isIdentifier(name) || typescript.isStringLiteral(name))) found.set(name.text, value);
    }
    return found;
  };
  for (const statement of source.statements) {
    if (typescript.isImportDeclaration(statement) && typescript.isStringLiteral(statement.moduleSpecifier)) {
      const bindings = statement.importClause?.namedBindings;
      if (!statement.importClause?.isTypeOnly && bindings && typescript.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          imports.set(element.name.text, { source: statement.moduleSpecifier.text, imported: (element.propertyName ?? element.name).text });
        }
      } else if (!statement.importClause?.isTypeOnly && bindings && typescript.isNamespaceImport(bindings)) {
        namespaceImports.set(bindings.name.text, statement.moduleSpecifier.text);
      }
    } else if (typescript.isVariableStatement(statement) && statement.declarationList.flags & typescript.NodeFlags.Const) {
      for (const declaration of statement.declarationList.declarations) {
        if (!typescript.isIdentifier(declaration.name)) continue;
        const name = declaration.name.text;
        const value = literalText(declaration.initializer) ?? literalText(declaration.type);
        const object = typeLiteralStrings(declaration.type);
        if (value !== null) localStrings.set(name, value);
        if (object) localObjects.set(name, object);
        if (isExported(statement)) exportedLists.push({ exported: name, local: name });
      }
    } else if (typescript.isExportDeclaration(statement) && !statement.isTypeOnly) {
      const from =
        statement.moduleSpecifier && typescript.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : null;
      const clause = statement.exportClause;
      if (!clause) {
        if (from !== null) stars.push(from);
      } else if (typescript.isNamespaceExport(clause)) {
        if (from !== null) namespaces.set(clause.name.text, from);
      } else if (typescript.isNamedExports(clause)) {
        for (const element of clause.elements) {
          if (element.isTypeOnly) continue;
          const local = (element.propertyName ?? element.name).text;
          if (from !== null) reexports.set(element.name.text, { source: from, imported: local });
          else exportedLists.push({ exported: element.name.text, local });
        }
      }
    }
  }
  for (const { exported, local } of exportedLists) {
    const value = localStrings.get(local);
    const object = localObjects.get(local);
    const imported = imports.get(local);
    const namespace = namespaceImports.get(local);
    if (value !== undefined) strings.set(exported, value);
    else if (object) objects.set(exported, object);
    else if (imported) reexports.set(exported, imported);
    else if (namespace !== undefined) namespaces.set(exported, namespace);
  }
  return detachedSummary({
    strings,
    objects,
    helpers: new Map(),
    literals: new Map(),
    upstream: new Set(),
    answering: new Set(),
    metaLessTypes: new Set(),
    typeMembers: new Map(),
    reexports,
    stars,
    namespaces,
  });
}

/**
 * The summary with a flat copy of every string it keeps, and its weight. A string the parser cut out of the module's
 * text (a key, a name, a literal's `raw`) is, from 13 characters on, a V8 sliced string that keeps the whole text
 * alive, so every imported module's whole text would stay in memory. `(' ' + s).slice(1)` copies it into a flat string
 * of its own (JSON.parse(JSON.stringify(s)) copies too, but slower).
 * A concatenation (`PREFIX + 'timing'`) is a cons string that keeps its parts: the copy is flat too.
 */
function detachedSummary(summary: Omit<ModuleSummary, 'bytes'>): ModuleSummary {
  const weight = { bytes: 0 };
  const flatString = (text: string): string => {
    weight.bytes += STRING_BYTES + 2 * text.length;
    return flat(text);
  };
  const flatMap = <V>(map: ReadonlyMap<string, V>, value: (v: V) => V): Map<string, V> => {
    const copy = new Map<string, V>();
    for (const [key, v] of map) {
      weight.bytes += MAP_ENTRY_BYTES;
      copy.set(flatString(key), value(v));
    }
    return copy;
  };
  const seen = new Set<object>();
  /** Flattens a detached tree's strings in place (it is the summary's own: no other holder sees it change). */
  const flatNode = <T>(node: T): T => {
    if (typeof node === 'string') return flatString(node) as T;
    if (typeof node !== 'object' || node === null || seen.has(node) || Object.isFrozen(node)) return node;
    seen.add(node);
    const fields = node as Record<string, unknown>;
    for (const field of Object.keys(fields)) {
      weight.bytes += FIELD_BYTES;
      fields[field] = flatNode(fields[field]);
    }
    weight.bytes += OBJECT_BYTES;
    return node;
  };
  const detached = {
    strings: flatMap(summary.strings, flatString),
    objects: flatMap(summary.objects, (object) => flatMap(object, flatString)),
    helpers: flatMap(summary.helpers, (helper) => flatNode(helper)),
    literals: flatMap(summary.literals, (literal) => flatNode(literal)),
    upstream: new Set([...summary.upstream].map(flatString)),
    answering: new Set([...summary.answering].map(flatString)),
    metaLessTypes: new Set([...summary.metaLessTypes].map(flatString)),
    typeMembers: flatMap(summary.typeMembers, (members) => members.map(flatString)),
    reexports: flatMap(summary.reexports, (reexport) => ({ source: flatString(reexport.source), imported: flatString(reexport.imported) })),
    stars: summary.stars.map(flatString),
    namespaces: flatMap(summary.namespaces, flatString),
  };
  return { ...detached, bytes: weight.bytes };
}

/** A flat copy of `text`, holding nothing else alive (see `detachedSummary`). */
function flat(text: string): string {
  return (' ' + text).slice(1);
}

/** Rough V8 sizes on 64 bits, for the weight of a summary: a string's header, an object's, a field, a Map entry. */
const STRING_BYTES = 16;
const OBJECT_BYTES = 24;
const FIELD_BYTES = 8;
const MAP_ENTRY_BYTES = 32;
