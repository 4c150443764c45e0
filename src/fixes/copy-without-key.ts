/**
 * How a suggestion writes a `_meta` without one key (no-dropped-meta's caller `_meta` without its per-hop
 * `progressToken`): a shallow copy and a `delete` of the key on the copy. Not a rest destructuring
 * (`const { progressToken: _t, ...rest } = meta`): the binding that only drops the key is reported by `no-unused-vars`
 * at its defaults (no `ignoreRestSiblings`), as `eslint:recommended` and typescript-eslint's `recommended` enable it,
 * and a suggestion must not fail the user's lint. Nor `{ ...meta, progressToken: undefined }`, which does not compile
 * under `exactOptionalPropertyTypes` against a type of the code base's own. A key no type of the copy declares (the
 * upstream's `io.modelcontextprotocol/serverInfo` on a `{}`) is TS7053 here: that suggestion still destructures.
 */
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { isFunctionNode } from '../analysis/syntax/ast';

/**
 * The two statements that declare `copy` as `meta` without a key, `access` being how the key is read after an object
 * (`.progressToken`). A spread of an absent
 * `meta` is an empty copy, so `meta` needs no `?? {}`.
 */
export function copyWithoutKey(copy: string, meta: string, access: string): string[] {
  return [`const ${copy} = { ...${meta} };`, `delete ${copy}${access};`];
}

/**
 * For an edit made in an arrow's expression body, where no statement can go before it: the arrow whose expression
 * body holds `node`, whose body the suggestion turns into a block (`=> { …; return <body>; }`). Null when the nearest
 * function is not such an arrow.
 */
export function expressionBodiedArrow(node: TSESTree.Node): TSESTree.ArrowFunctionExpression | null {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (!isFunctionNode(parent)) continue;
    return parent.type === 'ArrowFunctionExpression' && parent.expression ? parent : null;
  }
  return null;
}

/** `statements` put first in `arrow`'s new block body, its expression (parentheses and all) returned after them. */
export function intoBlockBody(
  fixer: TSESLint.RuleFixer,
  sourceCode: Readonly<TSESLint.SourceCode>,
  arrow: TSESTree.ArrowFunctionExpression,
  statements: readonly string[],
): TSESLint.RuleFix[] {
  const arrowToken = sourceCode.getTokenBefore(arrow.body, { filter: (token) => token.value === '=>' })!;
  const bodyStart = sourceCode.getTokenAfter(arrowToken)!;
  return [
    fixer.insertTextBefore(bodyStart, `{ ${statements.join(' ')} return `),
    fixer.insertTextAfterRange([arrow.range[1], arrow.range[1]], '; }'),
  ];
}
