/**
 * `init` proposes the manifest's `sinks.resultBuilders`: a project function that builds a tool result (it returns an
 * object literal with `content`, `structuredContent` or `isError`) and whose call tool callbacks return, two of them
 * at least (`server.registerTool(name, config, async () => textResult('done'))`; a tool's own handler is returned by
 * one). Its value then counts as a tool result
 * wherever it is held (`const r = textResult(…); r._meta = …`), and when its literal spreads a parameter
 * (`return { ...base, isError: false }`) that argument is a result too (`"argument"`). Both halves may be in different
 * files: definitions and calls are collected per file and joined at the end. A function of the code base that returns
 * no such literal itself but is given one where tool callbacks return its call (`return reply({ content, isError })`,
 * two callbacks at least) takes a tool result: it is proposed with that argument, so the literal is a tool result
 * wherever it is built (no-dropped-meta reports one rebuilt from an upstream result without its `_meta`).
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, functionName, isFunctionNode, propertyKeyName, returnArguments, unwrap, walkAll } from '../../analysis/syntax/ast';
import { findBinding } from '../../analysis/syntax/bindings';
import { TOOL_RESULT_PROPERTIES } from '../../analysis/planes';
import { TOOL_REGISTRATIONS } from '../../analysis/plane/sdk-registrations';
import type { ManifestResultBuilder } from '../../registry';

type Node = TSESTree.Node;

export interface ProposedResultBuilders {
  /** Function name -> the position of the parameter its result literal spreads (null: none); `conflict` when it differs. */
  readonly definitions: Map<string, number | null | 'conflict'>;
  /** How many SDK tool callbacks return a call of each function. */
  readonly returnedByCallbacks: Map<string, number>;
  /**
   * Function name -> the position of the `{ content, … }` literal it is given where a tool callback returns its call
   * (`return reply({ content: r.content })`); `conflict` when calls give it at different positions.
   */
  readonly takesResult: Map<string, number | 'conflict'>;
}

export function emptyResultBuilders(): ProposedResultBuilders {
  return { definitions: new Map(), returnedByCallbacks: new Map(), takesResult: new Map() };
}

/** Adds what one file defines and what its tool callbacks return. */
export function detectResultBuilders(ast: TSESTree.Program, found: ProposedResultBuilders): void {
  // Calls given a result literal, looked at once the walk has linked every node to its parent (their bindings).
  const givenResults: { name: string; call: TSESTree.CallExpression; index: number }[] = [];
  walkAll(ast, (node) => {
    if (isFunctionNode(node)) {
      const name = functionName(node);
      const spread = name === null ? undefined : resultLiteralSpread(node);
      if (name === null || spread === undefined) return;
      const known = found.definitions.get(name);
      found.definitions.set(name, known === undefined || known === spread ? spread : 'conflict');
      return;
    }
    if (node.type !== 'CallExpression' || !TOOL_REGISTRATIONS.has(calleeName(node) ?? '')) return;
    const callback = unwrap(node.arguments[node.arguments.length - 1]);
    if (!callback || !isFunctionNode(callback)) return;
    const returned = callback.body.type === 'BlockStatement' ? returnArguments(callback.body) : [callback.body];
    for (const value of returned) {
      let inner = unwrap(value);
      while (inner.type === 'AwaitExpression') inner = unwrap(inner.argument);
      if (inner.type !== 'CallExpression') continue;
      const name = calleeName(inner);
      if (name === null) continue;
      found.returnedByCallbacks.set(name, (found.returnedByCallbacks.get(name) ?? 0) + 1);
      // `reply({ content: r.content, isError })`: the function takes a tool result and the callback returns what it makes.
      const index = inner.arguments.findIndex((argument) => {
        const literal = unwrap(argument);
        return literal.type === 'ObjectExpression' && literal.properties.some(isResultProperty);
      });
      if (index >= 0) givenResults.push({ name, call: inner, index });
    }
  });
  for (const { name, call, index } of givenResults) {
    if (!isCodeBaseFunction(call.callee)) continue;
    const known = found.takesResult.get(name);
    found.takesResult.set(name, known === undefined || known === index ? index : 'conflict');
  }
}

/** The builders to propose, sorted by name; `exclude` are names `sinks.registrations` already has. */
export function proposedResultBuilders(found: ProposedResultBuilders, exclude: ReadonlySet<string>): ManifestResultBuilder[] {
  const builders: ManifestResultBuilder[] = [];
  for (const [name, spread] of found.definitions) {
    // Two callbacks at least: a tool's own handler (`async (a) => search(a)`) is returned by one, a builder by many.
    if (spread === 'conflict' || exclude.has(name) || (found.returnedByCallbacks.get(name) ?? 0) < 2) continue;
    builders.push(spread === null ? { function: name } : { function: name, argument: spread });
  }
  // A function of the code base that tool callbacks give a `{ content, … }` literal and return the call of
  // (`return reply({ content, isError })`): that argument is a tool result (a package's function is not the team's).
  for (const [name, index] of found.takesResult) {
    if (index === 'conflict' || found.definitions.has(name) || exclude.has(name)) continue;
    if ((found.returnedByCallbacks.get(name) ?? 0) < 2) continue;
    builders.push({ function: name, argument: index });
  }
  return builders.sort((a, b) => a.function.localeCompare(b.function));
}

/**
 * For a function that returns an object literal with a tool result's properties: the position of the parameter that
 * literal spreads (null when none). undefined when it returns no such literal.
 */
function resultLiteralSpread(fn: TSESTree.FunctionLike): number | null | undefined {
  if (!fn.body) return undefined;
  const returned = fn.body.type === 'BlockStatement' ? returnArguments(fn.body) : [fn.body];
  let found: number | null | undefined;
  for (const value of returned) {
    const literal = unwrap(value);
    if (literal.type !== 'ObjectExpression' || !literal.properties.some(isResultProperty)) continue;
    found ??= null;
    for (const property of literal.properties) {
      if (property.type !== 'SpreadElement') continue;
      const spread = unwrap(property.argument);
      const index = spread.type === 'Identifier' ? fn.params.findIndex((param) => paramIs(param, spread.name)) : -1;
      if (index >= 0) found = index;
    }
  }
  return found;
}

/** A callee bound to a function of this file or imported from a relative module (`./reply.js`): not a package's. */
function isCodeBaseFunction(callee: Node): boolean {
  const inner = unwrap(callee);
  if (inner.type !== 'Identifier') return false;
  const binding = findBinding(inner.name, inner);
  if (binding?.kind === 'function' || binding?.kind === 'variable') return true;
  return binding?.kind === 'import' && binding.source.startsWith('.');
}

function isResultProperty(property: TSESTree.ObjectLiteralElement): boolean {
  return property.type === 'Property' && TOOL_RESULT_PROPERTIES.has(propertyKeyName(property) ?? '');
}

function paramIs(param: Node, name: string): boolean {
  return (
    (param.type === 'Identifier' && param.name === name) ||
    (param.type === 'AssignmentPattern' && param.left.type === 'Identifier' && param.left.name === name)
  );
}
