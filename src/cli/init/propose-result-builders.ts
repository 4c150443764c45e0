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
 *
 * A function whose result literal takes its `_meta` from a parameter under another name (`respondOk(text, opts)`
 * building `{ content, structuredContent, _meta: opts?.meta }`) is proposed with that place as `meta` (`{ "argument": 1,
 * "property": "meta" }`): what a call gives there is a tool result's `_meta`, and its keys are registered and checked.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import {
  calleeName,
  functionName,
  isFunctionNode,
  memberPropertyName,
  parameterName,
  propertyKeyName,
  returnedValues,
  unwrap,
  walkAll,
} from '../../analysis/syntax/ast';
import { findBinding } from '../../analysis/syntax/bindings';
import { TOOL_RESULT_PROPERTIES } from '../../analysis/planes';
import { registrationNameOf, TOOL_REGISTRATIONS } from '../../analysis/plane/sdk-registrations';
import type { ManifestMetaOption, ManifestResultBuilder } from '../../registry';

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
  /** Function name -> the parameter place its result literal's `_meta` comes from; `conflict` when two places do. */
  readonly metaOptions: Map<string, ManifestMetaOption | 'conflict'>;
}

export function emptyResultBuilders(): ProposedResultBuilders {
  return { definitions: new Map(), returnedByCallbacks: new Map(), takesResult: new Map(), metaOptions: new Map() };
}

/** Adds what one file defines and what its tool callbacks return. */
export function detectResultBuilders(ast: TSESTree.Program, found: ProposedResultBuilders): void {
  // Calls given a result literal, looked at once the walk has linked every node to its parent (their bindings).
  const givenResults: { name: string; call: TSESTree.CallExpression; index: number }[] = [];
  walkAll(ast, (node) => {
    if (isFunctionNode(node)) {
      const name = functionName(node);
      if (name !== null) noteMetaOption(node, name, found.metaOptions);
      const spread = name === null ? undefined : resultLiteralSpread(node);
      if (name === null || spread === undefined) return;
      const known = found.definitions.get(name);
      found.definitions.set(name, known === undefined || known === spread ? spread : 'conflict');
      return;
    }
    if (node.type !== 'CallExpression' || !TOOL_REGISTRATIONS.has(registrationNameOf(node) ?? '')) return;
    const callback = unwrap(node.arguments[node.arguments.length - 1]);
    if (!callback || !isFunctionNode(callback)) return;
    for (const value of returnedValues(callback)) {
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
  for (const [name, meta] of found.metaOptions) {
    if (meta === 'conflict' || exclude.has(name)) continue;
    const builder = builders.find((entry) => entry.function === name);
    if (builder) builder.meta = meta;
    else builders.push({ function: name, meta });
  }
  return builders.sort((a, b) => a.function.localeCompare(b.function));
}

/**
 * `respondOk(texts, opts) { return build({ texts, structuredContent: opts?.structuredContent, _meta: opts?.meta }) }`:
 * a literal with a tool result's properties in `fn`'s own body whose `_meta` is a parameter's property (`opts.meta`,
 * `opts?.meta`, a name destructured from it) or a parameter itself. A parameter's own `_meta` is left out: a call's
 * `{ _meta: … }` is a `_meta` literal the lint reads anyway.
 */
function noteMetaOption(fn: TSESTree.FunctionLike, name: string, into: Map<string, ManifestMetaOption | 'conflict'>): void {
  if (!fn.body) return;
  walkAll(
    fn.body,
    (node) => {
      const value = resultMetaValue(node, fn);
      const option = value ? parameterPlace(unwrap(value), fn) : null;
      if (option === null || option.property === '_meta') return;
      const known = into.get(name);
      const same = known !== undefined && known !== 'conflict' && known.argument === option.argument && known.property === option.property;
      into.set(name, known === undefined || same ? option : 'conflict');
    },
    (node) => node === fn.body || !isFunctionNode(node),
  );
}

/**
 * The `_meta` value `node` gives a result literal of `fn`: `{ content, _meta: v }`, or `result._meta = v` where `result`
 * is a `const`/`let` of `fn` holding such a literal (mcp-use's `widget()`: `const result = { content }; result._meta =
 * metadata`). Null for anything else.
 */
function resultMetaValue(node: Node, fn: TSESTree.FunctionLike): Node | null {
  if (node.type === 'ObjectExpression') {
    if (!node.properties.some(isResultProperty)) return null;
    const metaProperty = node.properties.find(
      (property): property is TSESTree.Property =>
        property.type === 'Property' && !property.computed && propertyKeyName(property) === '_meta',
    );
    return metaProperty?.value ?? null;
  }
  if (node.type !== 'AssignmentExpression' || node.operator !== '=' || node.left.type !== 'MemberExpression') return null;
  if (memberPropertyName(node.left) !== '_meta') return null;
  const owner = unwrap(node.left.object);
  if (owner.type !== 'Identifier' || fn.body?.type !== 'BlockStatement') return null;
  for (const statement of fn.body.body) {
    if (statement.type !== 'VariableDeclaration') continue;
    for (const declarator of statement.declarations) {
      const init = declarator.init ? unwrap(declarator.init) : null;
      if (declarator.id.type !== 'Identifier' || declarator.id.name !== owner.name || init?.type !== 'ObjectExpression') continue;
      return init.properties.some(isResultProperty) ? node.right : null;
    }
  }
  return null;
}

/** Where `value` comes from among `fn`'s parameters: `p`, `p.x`, `p?.x`, or `x` of `{ x } = p` (a pattern or a `const`). */
function parameterPlace(value: Node, fn: TSESTree.FunctionLike): ManifestMetaOption | null {
  const params = fn.params.map(parameterName);
  if (value.type === 'MemberExpression' && !value.computed && value.property.type === 'Identifier') {
    const object = unwrap(value.object);
    const argument = object.type === 'Identifier' ? params.indexOf(object.name) : -1;
    return argument >= 0 ? { argument, property: value.property.name } : null;
  }
  if (value.type !== 'Identifier') return null;
  const argument = params.indexOf(value.name);
  if (argument >= 0) return { argument };
  // `({ meta }) => …` / `(text, { meta } = {}) => …`, or `const { meta } = opts;` in the body.
  for (const [index, param] of fn.params.entries()) {
    const pattern = param.type === 'AssignmentPattern' ? param.left : param;
    const property = pattern.type === 'ObjectPattern' ? patternPropertyOf(pattern, value.name) : null;
    if (property !== null) return { argument: index, property };
  }
  if (fn.body?.type !== 'BlockStatement') return null;
  for (const statement of fn.body.body) {
    if (statement.type !== 'VariableDeclaration') continue;
    for (const declarator of statement.declarations) {
      const source = declarator.init ? unwrap(declarator.init) : null;
      if (declarator.id.type !== 'ObjectPattern' || source?.type !== 'Identifier') continue;
      const property = patternPropertyOf(declarator.id, value.name);
      const argument = params.indexOf(source.name);
      if (property !== null && argument >= 0) return { argument, property };
    }
  }
  return null;
}

/** The property `{ meta }` or `{ meta: name }` binds `name` from, or null. */
function patternPropertyOf(pattern: TSESTree.ObjectPattern, name: string): string | null {
  for (const property of pattern.properties) {
    if (property.type !== 'Property' || property.computed) continue;
    const target = property.value.type === 'AssignmentPattern' ? property.value.left : property.value;
    if (target.type === 'Identifier' && target.name === name) return propertyKeyName(property);
  }
  return null;
}

/**
 * For a function that returns an object literal with a tool result's properties: the position of the parameter that
 * literal spreads (null when none). undefined when it returns no such literal.
 */
function resultLiteralSpread(fn: TSESTree.FunctionLike): number | null | undefined {
  if (!fn.body) return undefined;
  let found: number | null | undefined;
  for (const value of returnedValues(fn)) {
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
