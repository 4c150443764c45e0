import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, functionName, isFunctionNode, returnArguments, staticString, unwrap, walkAll } from '../../analysis/ast';

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
}

export function emptyVocabulary(): DetectedVocabulary {
  return { emitters: new Set(), hooks: new Set(), hookFunctions: new Set(), functionFiles: new Map() };
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

/** Adds what one file's AST reveals to `vocabulary`. */
export function detectVocabulary(ast: TSESTree.Program, file: string, vocabulary: DetectedVocabulary): void {
  walkAll(ast, (node) => {
    if (node.type === 'CallExpression') {
      const name = calleeName(node);
      if (name === null) return;
      if (EMITTER_NAME.test(name) && node.arguments.length >= 2 && staticString(node.arguments[0]) !== null) vocabulary.emitters.add(name);
      if (HOOK_NAME.test(name)) vocabulary.hooks.add(name);
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
