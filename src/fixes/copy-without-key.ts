/**
 * How a suggestion writes a `_meta` without one key (no-dropped-meta's caller `_meta` without its per-hop
 * `progressToken`): a shallow copy and a `delete` of the key on the copy. Not a rest destructuring
 * (`const { progressToken: _t, ...rest } = meta`): the binding that only drops the key is reported by `no-unused-vars`
 * at its defaults (no `ignoreRestSiblings`), as `eslint:recommended` and typescript-eslint's `recommended` enable it,
 * and a suggestion must not fail the user's lint. Nor `{ ...meta, progressToken: undefined }`, which does not compile
 * under `exactOptionalPropertyTypes` against a type of the code base's own. no-dropped-meta's upstream
 * `io.modelcontextprotocol/serverInfo` is dropped the same way.
 */
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { isFunctionNode } from '../analysis/syntax/ast';
import type { InsertionPoint } from '../analysis/relay/pass-through';
import { continuesPreviousLine, leadingSemicolonOf, lineBreakOf, omitsSemicolons } from './code-style';

/**
 * The two statements that declare `copy` as `meta` without a key, `access` being how the key is read after an object
 * (`.progressToken`, `['io.modelcontextprotocol/serverInfo']`). A spread of an absent `meta` is an empty copy, so
 * `meta` needs no `?? {}`. `type`, when given, is the copy's declared type: a key no type of `meta` declares (the
 * upstream's `io.modelcontextprotocol/serverInfo`) is deleted from a `Record<string, unknown>` (TS7053 on a `{}`).
 */
export function copyWithoutKey(copy: string, meta: string, access: string, type?: string): string[] {
  return [`const ${copy}${type ? `: ${type}` : ''} = { ...${meta} };`, `delete ${copy}${access};`];
}

/**
 * `copyWithoutKey` as one expression, where no statement can go before the edit (an argument, an arrow's expression
 * body): a function given the copy deletes the key and returns it. Its parameter is named `copy` (`type`: as above);
 * `semicolons: false` for code that ends its statements without them (the `;` before the `}` is `semi: never`'s).
 */
export function copyWithoutKeyInline(
  copy: string,
  meta: string,
  access: string,
  { type, semicolons = true }: { readonly type?: string | undefined; readonly semicolons?: boolean } = {},
): string {
  return `((${copy}${type ? `: ${type}` : ''}) => { delete ${copy}${access}; return ${copy}${semicolons ? ';' : ''} })({ ...${meta} })`;
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
  // The statements share the block's line, where their `;` are needed in any style; the last one's, before the `}`, is
  // not (`semi: never` reports it).
  const end = omitsSemicolons(sourceCode, arrow) ? ' }' : '; }';
  return [
    fixer.insertTextBefore(bodyStart, `{ ${statements.join(' ')} return `),
    fixer.insertTextAfterRange([arrow.range[1], arrow.range[1]], end),
  ];
}

/**
 * `statements` declared right before the insertion point's statement, each on its own line at its indent, with the
 * file's line break, and without their `;` where the code around ends statements without one (before a statement it
 * writes as `;[a].forEach(…)`, they go before that `;`; the last keeps its own where the statement after it would
 * continue it); for the body of an `if` or loop without braces, or a `case` clause's statement, in a new block around
 * it (`if (x) { const …; return { … }; }`), so a declaration never sits where it is a syntax error or
 * `no-case-declarations`' report. A statement after other code on its line (`try { await f() }`) has them before it on
 * that line: lines of their own there would break the block's layout (`brace-style`, `indent`), and on one line the `;`
 * are needed in any style.
 */
export function declareBefore(
  fixer: TSESLint.RuleFixer,
  sourceCode: Readonly<TSESLint.SourceCode>,
  insertion: InsertionPoint,
  statements: readonly string[],
): TSESLint.RuleFix[] {
  const { statement } = insertion;
  if (insertion.wrap) return [fixer.insertTextBefore(statement, `{ ${statements.join(' ')} `), fixer.insertTextAfter(statement, ' }')];
  const omits = omitsSemicolons(sourceCode, statement);
  const anchor = (omits && leadingSemicolonOf(sourceCode, statement)) || statement;
  const indent = /^[ \t]*/.exec(sourceCode.lines[anchor.loc.start.line - 1])![0];
  if (indent.length < anchor.loc.start.column) return [fixer.insertTextBefore(anchor, statements.map((line) => `${line} `).join(''))];
  const eol = lineBreakOf(sourceCode);
  const lines = omits ? withoutSemicolons(statements, anchor === statement && continuesPreviousLine(sourceCode, statement)) : statements;
  return [fixer.insertTextBefore(anchor, lines.map((line) => `${line}${eol}${indent}`).join(''))];
}

/** `statements` without their closing `;`, the last one's kept when `keepLast`. */
function withoutSemicolons(statements: readonly string[], keepLast: boolean): string[] {
  return statements.map((line, index) => (keepLast && index === statements.length - 1 ? line : line.replace(/;$/, '')));
}
