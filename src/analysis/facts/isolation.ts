/**
 * Producer isolation facts (MCP _meta rule 3): whether a write computes (and so can throw), and whether a `try`'s
 * `catch` lets the tool call go on with the key simply absent.
 */
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import {
  collectInSameFunction,
  containsNode,
  isFunctionNode,
  readsItsName,
  referenceText,
  rootOf,
  someInSameFunction,
  walkAll,
} from '../syntax/ast';
import { countSteps } from '../../util/cost-counter';
import { sortedHasIn } from '../syntax/offset-set';
import { isSafeCall } from './safe-calls';
import type { MetaWrite } from '../types';
import { dropsMetaInPlace } from '../value/write-kinds';

type Node = TSESTree.Node;

const COMPUTING = new Set(['NewExpression', 'AwaitExpression', 'TaggedTemplateExpression', 'YieldExpression', 'ImportExpression']);

/**
 * True when evaluating `node` runs code that can throw (not inside nested functions): a call other than the built-ins
 * of `SAFE_CALLS` (`Date.now()`, `Math.round(x)`: safe-calls.ts), `new`, `await`, a tagged template, `yield`, a dynamic
 * import, or a read of a property this file defines a getter for (`stats.total` where some class or object literal
 * here has `get total()`). Literals, names, other member reads and operators do not count (silence over noise: a
 * getter elsewhere, or `+x` of a symbol, could throw too).
 */
export function computes(node: Node | null | undefined): boolean {
  if (!node || isFunctionNode(node)) return false;
  // The file's getters, looked up at the first member read (one walk to the root per value, not one per member).
  let getters: ReadonlySet<string> | null = null;
  return someInSameFunction(node, (inner) => {
    if (inner.type === 'CallExpression') return !isSafeCall(inner);
    if (inner.type === 'MemberExpression') {
      if (inner.computed || inner.property.type !== 'Identifier') return false;
      getters ??= gettersIn(rootOf(node));
      return getters.has(inner.property.name);
    }
    return COMPUTING.has(inner.type);
  });
}

/** The names of the getters a file defines (`get total() {…}` in a class or an object literal), found once per file. */
const gettersOf = new WeakMap<Node, ReadonlySet<string>>();

function gettersIn(program: Node): ReadonlySet<string> {
  let getters = gettersOf.get(program);
  if (!getters) {
    const names = new Set<string>();
    const marks = getterMarks(program as TSESTree.Program);
    if (marks === null || marks.length > 0)
      walkAll(
        program,
        (node) => {
          if ((node.type === 'Property' || node.type === 'MethodDefinition') && node.kind === 'get' && !node.computed) {
            const name = node.key.type === 'Identifier' ? node.key.name : node.key.type === 'Literal' ? String(node.key.value) : null;
            if (name !== null) names.add(name);
          }
        },
        // Only the subtrees that hold a `get name` token pair: a getter's node holds its `get`.
        marks === null ? undefined : (node) => sortedHasIn(marks, node.range[0], node.range[1]),
      );
    gettersOf.set(program, (getters = names));
  }
  return getters;
}

/**
 * Where the file's tokens spell `get` followed by a name (`get total`, `get 'total'`): a getter whose name is static
 * is written so, and `map.get(k)`, `{ get: f }` or `get()` are not (most files that read a `Map` have no getter). Null
 * without tokens (a bare parse, the CLI): the whole file is walked then, which also links its `parent`s.
 */
function getterMarks(program: TSESTree.Program): number[] | null {
  const tokens = program.tokens;
  if (tokens === undefined || program.body.length === 0 || program.body[0].parent === undefined) return null;
  const marks: number[] = [];
  for (let index = 0; index < tokens.length - 1; index += 1) {
    const token = tokens[index];
    if (token.value !== 'get' || token.type !== 'Identifier') continue;
    const next = tokens[index + 1];
    if (next.type !== 'Punctuator') marks.push(token.range[0]);
  }
  return marks;
}

/**
 * Which writes are producers attaching to a tool result: hook calls always; emits, key writes and merges of literal
 * keys into an existing result's `_meta` (`x._meta = { ...x._meta, k: v }`, `{ ...result, _meta: { …, k: v } }`, the
 * wrapper middleware shape) whose value computes, or all of them when asked. A handler building its own fresh result
 * is not attaching to anyone else's keys. Asked only of tool-result writes (require-producer-isolation's scope is
 * `result`): descriptors and resources are not produced per call.
 */
export function isProducerWrite(write: MetaWrite, requireForAll: boolean): boolean {
  switch (write.kind) {
    case 'meta-assign':
    case 'object-assign-meta':
    case 'meta-literal':
      if (write.target === null || write.keys.length === 0) return false;
      // A key an imported helper builds is computed by the call here (`...timingMeta(t)`), which can throw.
      return requireForAll || write.keys.some((key) => computes(key.builtBy ? key.node : key.value));
    case 'hook-call':
      return true;
    case 'emit':
      return requireForAll || computes(write.keys[0]?.value);
    case 'key-assign':
      if (requireForAll) return true;
      // `x._meta.k = v`, `alias.k = v`, deeper `x._meta.k.f = v`: what is assigned; `Object.assign(x._meta, …)`: its sources.
      if (write.node.type === 'AssignmentExpression') return computes(write.node.right);
      return write.node.type === 'CallExpression' && write.node.arguments.slice(1).some((source) => computes(source));
    default:
      return false;
  }
}

export type CatchVerdict = 'continues' | 'no-catch' | 'throws' | 'returns' | 'drops-meta';

/**
 * Whether a `try`'s catch lets the call go on: it must exist, and neither throw, nor return, nor delete or replace
 * `_meta` (checked against the file's writes, so aliases and wrappers count too). Built once per file: the writes
 * that drop `_meta` are found once (sorted by offset, as `writes` is), each catch is judged once, and a look-up is a
 * binary search, so a file with thousands of producers, each in its own try, costs linear time, not producers × writes.
 */
export function catchVerdicts(writes: readonly MetaWrite[]): (tryStatement: TSESTree.TryStatement) => CatchVerdict {
  // Found at the first catch judged: most files' producers have no try.
  let dropStarts: number[] | null = null;
  const verdicts = new Map<TSESTree.TryStatement, CatchVerdict>();
  return (tryStatement) => {
    let verdict = verdicts.get(tryStatement);
    if (verdict === undefined) {
      if (dropStarts === null) {
        countSteps(writes.length);
        dropStarts = writes.filter(dropsMetaInPlace).map((write) => write.node.range[0]);
      }
      verdict = judgeCatch(tryStatement, dropStarts);
      verdicts.set(tryStatement, verdict);
    }
    return verdict;
  };
}

function judgeCatch(tryStatement: TSESTree.TryStatement, dropStarts: readonly number[]): CatchVerdict {
  const handler = tryStatement.handler;
  if (!handler) return 'no-catch';
  const [start, end] = handler.body.range;
  // A write that starts inside the catch body ends inside it too (the AST nests).
  if (sortedHasIn(dropStarts, start, end)) return 'drops-meta';
  return exitKind(tryStatement, handler.body) ?? 'continues';
}

function exitKind(tryStatement: TSESTree.TryStatement, body: Node): 'throws' | 'returns' | null {
  const exits = collectInSameFunction(
    body,
    (node): node is TSESTree.ThrowStatement | TSESTree.ReturnStatement => node.type === 'ThrowStatement' || node.type === 'ReturnStatement',
  );
  if (exits.some((exit) => exit.type === 'ThrowStatement')) return 'throws';
  const ending = functionEndAfter(tryStatement);
  return exits.some((exit) => exit.type === 'ReturnStatement' && !returnsWhatTheEndDoes(exit, ending)) ? 'returns' : null;
}

/**
 * What the function does after `tryStatement` when that is nothing but its end: `undefined` when it falls off the end,
 * the final `return` when only that follows (through enclosing blocks and `if`s); `null` when other code follows.
 */
function functionEndAfter(tryStatement: TSESTree.TryStatement): TSESTree.ReturnStatement | undefined | null {
  let node: Node = tryStatement;
  for (let parent = node.parent; parent; node = parent, parent = parent.parent) {
    if (parent.type === 'IfStatement') continue;
    if (parent.type !== 'BlockStatement') return null;
    const after = parent.body.slice(parent.body.indexOf(node as TSESTree.Statement) + 1);
    // A `return` right after ends the function there: what follows the enclosing statements never runs on this path.
    if (after.length === 1 && after[0].type === 'ReturnStatement') return after[0];
    if (after.length > 0) return null;
    if (parent.parent && isFunctionNode(parent.parent)) return undefined;
  }
  return null;
}

/**
 * A catch's `return x` drops no key when nothing but the function's end follows the try and that end returns the same
 * `x` (or nothing follows at all): the result goes out without this producer's key, which is the degradation rule 3
 * asks for (`try { r._meta = { ...r._meta, k: v } } catch { return r } return r`).
 */
function returnsWhatTheEndDoes(exit: TSESTree.ReturnStatement, ending: TSESTree.ReturnStatement | undefined | null): boolean {
  if (ending === null) return false;
  if (ending === undefined) return true;
  if (exit.argument === null || ending.argument === null) return exit.argument === ending.argument;
  const text = referenceText(exit.argument);
  return text !== null && text === referenceText(ending.argument);
}

/**
 * The nodes whose evaluation is the producer's own work: the keys' values (not the `...x._meta` kept, not the target),
 * a key write's right side or `Object.assign` sources, an emit's value. Empty for hooks (always producers).
 */
function producerValueNodes(write: MetaWrite): Node[] {
  switch (write.kind) {
    case 'meta-assign':
    case 'object-assign-meta':
    case 'meta-literal':
    case 'emit':
      return write.keys.flatMap((key) => {
        const node = key.builtBy ? key.node : key.value;
        return node ? [node] : [];
      });
    case 'key-assign':
      if (write.node.type === 'AssignmentExpression') return [write.node.right];
      return write.node.type === 'CallExpression' ? write.node.arguments.slice(1) : [];
    default:
      return [];
  }
}

/** Identifiers in `root` that read a variable (not property names), outside nested functions. */
export function readIdentifiers(root: Node): TSESTree.Identifier[] {
  return collectInSameFunction(root, (node): node is TSESTree.Identifier => node.type === 'Identifier' && readsItsName(node));
}

function variableOf(sourceCode: TSESLint.SourceCode, identifier: TSESTree.Identifier): TSESLint.Scope.Variable | null {
  for (let scope: TSESLint.Scope.Scope | null = sourceCode.getScope(identifier); scope; scope = scope.upper) {
    const variable = scope.set.get(identifier.name);
    if (variable) return variable;
  }
  return null;
}

/** The nearest function around `node`, else its program: the unit a `write.functionNode` names. */
function functionOrProgramOf(node: Node): Node {
  let ancestor = node.parent;
  while (ancestor && ancestor.type !== 'Program' && !isFunctionNode(ancestor)) ancestor = ancestor.parent;
  return ancestor ?? node;
}

/**
 * The `const`/`let` declaration that gives `variable` its only value, when it stands in `write`'s function before the
 * write (`const limit = limiter.check(id);` above `r._meta = { …, k: { remaining: limit.remaining } }`); null for
 * parameters, imports, reassigned `let`s, `var`s and `using`s.
 */
function valueDeclaration(variable: TSESLint.Scope.Variable, write: MetaWrite): TSESTree.VariableDeclaration | null {
  const [definition] = variable.defs;
  if (variable.defs.length !== 1 || definition.type !== 'Variable') return null;
  const declaration = definition.parent as TSESTree.VariableDeclaration | null;
  if (!declaration || (declaration.kind !== 'const' && declaration.kind !== 'let') || declaration.declare) return null;
  if (!definition.node.init || declaration.range[1] > write.node.range[0]) return null;
  if (variable.references.some((reference) => reference.isWrite() && !reference.init)) return null;
  return functionOrProgramOf(declaration) === write.functionNode ? declaration : null;
}

/**
 * The declarations that compute a producer's value in earlier statements of its function, and only for it:
 * `const limit = limiter.check(id);` then `r._meta = { ...r._meta, k: { remaining: limit.remaining } }`. Followed
 * transitively (`const raw = f(); const limit = parse(raw);`), keeping only declarations whose names nothing else
 * reads: a value the handler also uses elsewhere (`rows` for the content too) is the tool's work, whose failure may
 * well error the call, not the producer's; `companions` are the other writes of the write's statement. In source order;
 * empty when there are none.
 */
export function producerInputDeclarations(
  write: MetaWrite,
  sourceCode: TSESLint.SourceCode,
  companions: readonly MetaWrite[] = [],
): TSESTree.VariableDeclaration[] {
  const roots = producerValueNodes(write);
  if (roots.length === 0) return [];
  const targetRoot = write.targetText?.split('.')[0] ?? null;
  // `if (x._meta) Object.assign(x._meta, m); else x._meta = m;`: the other branch creating the missing `_meta` from
  // the same value is this producer's write too (issue 26 §2, create-when-missing), so its read of `m` is its own.
  const shared = companions.flatMap((companion) =>
    companion.kind === 'meta-init' && companion.targetText === write.targetText && companion.metaValue ? [companion.metaValue] : [],
  );
  const variablesOf = new Map<TSESTree.VariableDeclaration, TSESLint.Scope.Variable[]>();
  // `closure` runs again with a narrower `allowed` whenever a declaration turns out not to be the producer's own (most
  // calls on real code): the identifiers of a node, and the declaration each one reads, are the same every time, so
  // each node is walked, and each identifier looked up in its scope, once.
  const identifiersOf = new Map<Node, TSESTree.Identifier[]>();
  const readsOf = (root: Node): TSESTree.Identifier[] => {
    let identifiers = identifiersOf.get(root);
    if (!identifiers) identifiersOf.set(root, (identifiers = readIdentifiers(root)));
    return identifiers;
  };
  const declarationsOf = new Map<TSESTree.Identifier, TSESTree.VariableDeclaration | null>();
  const declarationOf = (identifier: TSESTree.Identifier): TSESTree.VariableDeclaration | null => {
    let declaration = declarationsOf.get(identifier);
    if (declaration === undefined) {
      const variable = variableOf(sourceCode, identifier);
      declaration = variable ? valueDeclaration(variable, write) : null;
      declarationsOf.set(identifier, declaration);
    }
    return declaration;
  };
  const closure = (allowed: ReadonlySet<TSESTree.VariableDeclaration> | null): Set<TSESTree.VariableDeclaration> => {
    const found = new Set<TSESTree.VariableDeclaration>();
    const pending = roots.flatMap(readsOf);
    for (let identifier = pending.pop(); identifier; identifier = pending.pop()) {
      countSteps(1);
      if (identifier.name === targetRoot) continue;
      const declaration = declarationOf(identifier);
      if (!declaration || found.has(declaration) || (allowed && !allowed.has(declaration))) continue;
      found.add(declaration);
      if (!variablesOf.has(declaration)) {
        variablesOf.set(
          declaration,
          declaration.declarations.flatMap((declarator) => sourceCode.getDeclaredVariables(declarator)),
        );
      }
      for (const declarator of declaration.declarations) if (declarator.init) pending.push(...readsOf(declarator.init));
    }
    return found;
  };
  let declarations = closure(null);
  for (;;) {
    const inside = [...roots, ...shared, ...[...declarations].flatMap((declaration) => declaration.declarations.map((d) => d.init ?? d))];
    const readOnlyHere = (reference: TSESLint.Scope.Reference): boolean =>
      !reference.isRead() || inside.some((node) => containsNode(node, reference.identifier));
    const own = new Set(
      [...declarations].filter((declaration) => variablesOf.get(declaration)!.every((variable) => variable.references.every(readOnlyHere))),
    );
    if (own.size === declarations.size) break;
    declarations = closure(own);
  }
  return [...declarations].sort((a, b) => a.range[0] - b.range[0]);
}

/**
 * What a try around the producer must hold too: its own declarations (`inputs`) standing right before `consumer` (the
 * write's statement, or the try that guards it) in the same block, from the first that computes (and so can throw).
 * Only an unbroken run counts: a declaration further up, with other code between
 * (`const startedAt = Date.now(); const result = await handler(args);`), runs where it stands on purpose (a start time
 * taken before the handler), so it is not the producer's to move. Empty when the consumer is inside an enclosing try,
 * which already catches their failure.
 */
export function computedRightBefore(
  consumer: TSESTree.Statement,
  inputs: ReadonlySet<TSESTree.VariableDeclaration>,
): TSESTree.VariableDeclaration[] {
  const block = consumer.parent;
  if (!block || (block.type !== 'BlockStatement' && block.type !== 'Program') || insideTryBlock(consumer)) return [];
  const body: readonly Node[] = block.body;
  let first = body.indexOf(consumer);
  while (first > 0 && inputs.has(body[first - 1] as TSESTree.VariableDeclaration)) first -= 1;
  const run = body.slice(first, body.indexOf(consumer)) as TSESTree.VariableDeclaration[];
  const from = run.findIndex(computesValue);
  return from < 0 ? [] : run.slice(from);
}

/**
 * True when `consumer` could have a computation right before it (`computedRightBefore` is not empty only then): in a
 * block outside any try, the unbroken run of declarations directly before it has one that computes (the run
 * `computedRightBefore` takes is part of this one). Cheap, so a rule asks it before it follows the written value into
 * its declarations (`producerInputDeclarations`), which most producers do not need.
 */
export function hasComputationRightBefore(consumer: TSESTree.Statement): boolean {
  const block = consumer.parent;
  if (!block || (block.type !== 'BlockStatement' && block.type !== 'Program')) return false;
  const body: readonly Node[] = block.body;
  const index = body.indexOf(consumer);
  if (index < 1 || body[index - 1].type !== 'VariableDeclaration' || insideTryBlock(consumer)) return false;
  for (let at = index - 1; at >= 0 && body[at].type === 'VariableDeclaration'; at -= 1) {
    if (computesValue(body[at] as TSESTree.VariableDeclaration)) return true;
  }
  return false;
}

/** True when one of the declaration's initializers computes. */
export function computesValue(declaration: TSESTree.VariableDeclaration): boolean {
  return declaration.declarations.some((declarator) => computes(declarator.init));
}

function insideTryBlock(node: Node): boolean {
  for (let child = node, parent = node.parent; parent && !isFunctionNode(parent); child = parent, parent = parent.parent) {
    if (parent.type === 'TryStatement' && parent.block === child) return true;
  }
  return false;
}
