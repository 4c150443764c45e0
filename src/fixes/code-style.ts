/**
 * How the code around an edit writes statements, so that what a fix or suggestion adds reads like it and earns no
 * finding of the project's own style lint: its line break, and whether it ends statements with semicolons.
 */
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';

/** The file's own line break: a fix must not put LF lines into a CRLF file. */
export function lineBreakOf(sourceCode: Readonly<TSESLint.SourceCode>): string {
  const match = /\r\n|\r|\n/.exec(sourceCode.text);
  return match ? match[0] : '\n';
}

/** The statements whose end a style writes with or without its `;` (what ESLint's `semi` checks). */
const TERMINABLE = new Set<string>([
  'VariableDeclaration',
  'ExpressionStatement',
  'ReturnStatement',
  'ThrowStatement',
  'BreakStatement',
  'ContinueStatement',
  'ImportDeclaration',
  'DebuggerStatement',
]);

/**
 * Whether the code around `statement` ends its statements without semicolons (standard, neostandard: mcp-funnel's
 * `semi: never`): the terminable statements of the nearest statement list holding any, from `statement`'s own block
 * outwards, mostly end without one. A tie, or no such statement, is the semicolon style.
 */
export function omitsSemicolons(sourceCode: Readonly<TSESLint.SourceCode>, statement: TSESTree.Node): boolean {
  for (let parent = statement.parent; parent; parent = parent.parent) {
    const list = statementListOf(parent);
    if (!list) continue;
    let ended = 0;
    let open = 0;
    for (const sibling of list) {
      if (!TERMINABLE.has(sibling.type) || (sibling.type === 'VariableDeclaration' && sibling.declare)) continue;
      if (endsWithSemicolon(sourceCode, sibling)) ended += 1;
      else open += 1;
    }
    if (ended + open > 0) return open > ended;
  }
  return false;
}

/** Whether `statement` ends with a `;` on its own last line (not the `;` the code without them writes first on the next: `;[a].forEach(…)`). */
function endsWithSemicolon(sourceCode: Readonly<TSESLint.SourceCode>, statement: TSESTree.Node): boolean {
  const last = sourceCode.getLastToken(statement);
  if (last?.value !== ';') return false;
  const before = sourceCode.getTokenBefore(last);
  return !before || before.loc.end.line === last.loc.start.line;
}

function statementListOf(node: TSESTree.Node): readonly TSESTree.Node[] | null {
  if (node.type === 'Program' || node.type === 'BlockStatement' || node.type === 'StaticBlock') return node.body;
  return node.type === 'SwitchCase' ? node.consequent : null;
}

/**
 * The `;` the code without semicolons writes first on the line of a statement that would otherwise continue the one
 * before it (`;[a].forEach(…)`, `;(x)()`): what goes before that statement goes before this `;`. Null if there is none.
 */
export function leadingSemicolonOf(sourceCode: Readonly<TSESLint.SourceCode>, statement: TSESTree.Node): TSESTree.Token | null {
  const semicolon = sourceCode.getTokenBefore(statement);
  if (semicolon?.value !== ';' || semicolon.range[1] !== statement.range[0]) return null;
  const before = sourceCode.getTokenBefore(semicolon);
  return before && before.loc.end.line < semicolon.loc.start.line ? semicolon : null;
}

/**
 * Whether a line break before `statement` does not end the statement before it (`[a].forEach(…)`, `(x)()`, a template):
 * a statement inserted before it keeps its own `;` in the code without semicolons.
 */
export function continuesPreviousLine(sourceCode: Readonly<TSESLint.SourceCode>, statement: TSESTree.Node): boolean {
  const first = sourceCode.getFirstToken(statement);
  if (!first) return false;
  if (first.type === 'Template' || first.type === 'RegularExpression') return true;
  return first.type === 'Punctuator' && ['(', '[', '+', '-', '/', '<'].includes(first.value);
}

const KEYWORDS_AFTER_A_BLOCK = new Set(['catch', 'else', 'finally']);

/**
 * Whether the file writes `catch`, `else` and `finally` on the line after the `}` that closes the block before them
 * (`brace-style: stroustrup` or `allman`, mcp-funnel's), as its first such keyword after a `}` does; else `} catch {`.
 */
export function keywordAfterBlockOnItsOwnLine(sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const { tokens } = sourceCode.ast;
  for (let index = 1; index < tokens.length; index += 1) {
    const token = tokens[index];
    if (token.type !== 'Keyword' || !KEYWORDS_AFTER_A_BLOCK.has(token.value) || tokens[index - 1].value !== '}') continue;
    return tokens[index - 1].loc.end.line < token.loc.start.line;
  }
  return false;
}
