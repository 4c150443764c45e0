import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, functionName, isFunctionNode, returnArguments, staticString, unwrap, walkAll } from '../../analysis/syntax/ast';
import { detectRegistrations, emptyRegistrations, type ProposedRegistrations } from './propose-registrars';

type Node = TSESTree.Node;

/** `ctx.emitResponseMeta?.('k', v)`, `emitSearchMeta('k', v)`: an emitter is called with a literal key first. */
const EMITTER_NAME = /^emit\w*Meta$/;
/** `opts.metaHook(...)`, `runMetaHooks(...)`: calls that return a `_meta` fragment for the merge layer. */
const HOOK_NAME = /meta_?hooks?$/i;
/** `getBrainHotMemoryMeta()`: a function whose returned object literal is a `_meta` fragment (its properties are keys). */
const HOOK_FUNCTION_NAME = /^get\w*Meta$/;

/** The `emitters`, `hooks` and `hookFunctions` vocabulary `init` proposes, and where each named function is defined. */
export interface DetectedVocabulary {
  readonly emitters: Set<string>;
  readonly hooks: Set<string>;
  readonly hookFunctions: Set<string>;
  /** Function name -> absolute files that define it (to resolve a doc's "serve-http metaHook (getBrainHotMemoryMeta)"). */
  readonly functionFiles: Map<string, Set<string>>;
  /**
   * `get…Meta` names called somewhere outside a hook (`const meta = app.getToolMeta(name)` building a descriptor's
   * `_meta`): whatever their name, their object is not a result fragment for the merge layer.
   */
  readonly calledOutsideHooks: Set<string>;
  /** The project's own registration functions (`sinks.registrations`), see propose-registrars.ts. */
  readonly registrations: ProposedRegistrations;
}

export function emptyVocabulary(): DetectedVocabulary {
  return {
    emitters: new Set(),
    hooks: new Set(),
    hookFunctions: new Set(),
    functionFiles: new Map(),
    calledOutsideHooks: new Set(),
    registrations: emptyRegistrations(),
  };
}

/** True when the function returns an object literal with at least one named property (directly, not in a nested function). */
function returnsObjectLiteral(fn: TSESTree.FunctionLike): boolean {
  if (fn.type === 'ArrowFunctionExpression' && fn.expression) return isFragmentLiteral(fn.body);
  if (!fn.body) return false;
  return returnArguments(fn.body).some(isFragmentLiteral);
}

function isFragmentLiteral(node: Node | null | undefined): boolean {
  const inner = unwrap(node);
  return inner?.type === 'ObjectExpression' && inner.properties.some((property) => property.type === 'Property');
}

/** The name a binding, property or assignment gives its value, to tell a hook (`metaHook: (c) => …`) by its name. */
function nameGiven(node: Node): string | null {
  if (node.type === 'Property' || node.type === 'PropertyDefinition' || node.type === 'MethodDefinition')
    return node.key.type === 'Identifier' ? node.key.name : staticString(node.key);
  if (node.type === 'VariableDeclarator') return node.id.type === 'Identifier' ? node.id.name : null;
  if (node.type === 'AssignmentExpression') {
    const left = unwrap(node.left);
    if (left.type === 'Identifier') return left.name;
    if (left.type === 'MemberExpression' && !left.computed && left.property.type === 'Identifier') return left.property.name;
  }
  return null;
}

/**
 * True when `call` runs as (part of) a hook: inside a value named like one (`metaHook: (call) => getXMeta(call)`,
 * `const metaHook = …`, `opts.metaHook = …`), or in the arguments of a hook call (`runMetaHooks(() => getXMeta())`).
 */
function inHookContext(call: TSESTree.CallExpression): boolean {
  let child: Node = call;
  for (let node: Node | undefined = call.parent; node !== undefined; child = node, node = node.parent) {
    const name = nameGiven(node);
    if (name !== null && HOOK_NAME.test(name)) return true;
    if (node.type === 'CallExpression' && node.arguments.includes(child as TSESTree.CallExpressionArgument)) {
      const callee = calleeName(node);
      if (callee !== null && HOOK_NAME.test(callee)) return true;
    }
  }
  return false;
}

/**
 * Adds what one file's AST reveals to `vocabulary`. Once every file is read, `settleHookFunctions` drops the
 * `get…Meta` functions that some code calls outside a hook.
 */
export function detectVocabulary(ast: TSESTree.Program, file: string, vocabulary: DetectedVocabulary): void {
  detectRegistrations(ast, vocabulary.registrations);
  walkAll(ast, (node) => {
    if (node.type === 'CallExpression') {
      const name = calleeName(node);
      if (name === null) return;
      if (EMITTER_NAME.test(name) && node.arguments.length >= 2 && staticString(node.arguments[0]) !== null) vocabulary.emitters.add(name);
      if (HOOK_NAME.test(name)) vocabulary.hooks.add(name);
      if (HOOK_FUNCTION_NAME.test(name) && !inHookContext(node)) vocabulary.calledOutsideHooks.add(name);
      return;
    }
    if (isFunctionNode(node)) {
      const name = functionName(node);
      if (name === null) return;
      const files = vocabulary.functionFiles.get(name) ?? new Set<string>();
      files.add(file);
      vocabulary.functionFiles.set(name, files);
      if (HOOK_FUNCTION_NAME.test(name) && returnsObjectLiteral(node)) vocabulary.hookFunctions.add(name);
    }
  });
}

/** Drops the `get…Meta` candidates called outside a hook: only a function a hook calls (or nobody) stays one. */
export function settleHookFunctions(vocabulary: DetectedVocabulary): void {
  for (const name of vocabulary.calledOutsideHooks) vocabulary.hookFunctions.delete(name);
}
