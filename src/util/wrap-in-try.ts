/**
 * Text edits that put a producer inside its own try/catch (MCP _meta rule 3), indented like the surrounding code.
 * Both produce code that parses: the statement's own text is moved unchanged, only re-indented.
 */
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';

export const DEGRADE_COMMENT = '// A failing producer degrades to its key being absent (MCP _meta rule 3).';

function indentation(sourceCode: TSESLint.SourceCode, node: TSESTree.Node): { outer: string; unit: string } | null {
  const line = sourceCode.lines[node.loc.start.line - 1];
  const outer = line.slice(0, node.loc.start.column);
  if (outer.trim() !== '') return null; // something else precedes the statement on its line: leave it alone
  const next = sourceCode.getTokenAfter(node);
  if (next && next.loc.start.line === node.loc.end.line) return null; // ... or follows it (`emit(...); done();`)
  return { outer, unit: indentUnit(sourceCode, node, outer) };
}

/** The file's own indentation step: the statement's indentation beyond its enclosing block's line; else 2 spaces or a tab. */
function indentUnit(sourceCode: TSESLint.SourceCode, node: TSESTree.Node, outer: string): string {
  const parent = node.parent;
  if (parent && parent.type !== 'Program') {
    const parentIndent = /^[ \t]*/.exec(sourceCode.lines[parent.loc.start.line - 1])![0];
    if (outer.length > parentIndent.length && outer.startsWith(parentIndent)) return outer.slice(parentIndent.length);
  }
  return outer.includes('\t') ? '\t' : '  ';
}

/** Tokens whose text is a value: a newline inside them (a template, a `'a\\<newline>b'` string, JSX text) is data. */
const VALUE_TOKENS = new Set(['Template', 'String', 'JSXText']);

/**
 * Indents every line of `node`'s text after the first by `unit`, except lines that start inside a template literal,
 * a string continued with a backslash, JSX text or a block comment: those are a value or a comment, which a fix must
 * not change. Blank
 * lines stay blank. Offsets are found with one forward pass over the (few) value tokens, not a scan per line.
 */
function reindent(sourceCode: TSESLint.SourceCode, node: TSESTree.Node, text: string, unit: string): string {
  const offset = node.range[0];
  // A block comment spanning lines is kept verbatim too: a fix never rewrites what a comment says.
  const multiline = (item: { loc: TSESTree.SourceLocation }): boolean => item.loc.start.line !== item.loc.end.line;
  const values = [
    ...sourceCode.getTokens(node).filter((token) => VALUE_TOKENS.has(token.type) && multiline(token)),
    ...sourceCode.getCommentsInside(node).filter(multiline),
  ]
    .map((item) => item.range)
    .sort((a, b) => a[0] - b[0]);
  let next = 0;
  return text.replace(/(\r\n|\r|\n)(?![\r\n]|$)/g, (newline: string, _group: string, index: number) => {
    const at = offset + index;
    while (next < values.length && values[next][1] <= at) next += 1;
    const inValue = next < values.length && at >= values[next][0] && at < values[next][1];
    return inValue ? newline : `${newline}${unit}`;
  });
}

/** The file's own line break: a fix must not put LF lines into a CRLF file. */
export function lineBreakOf(sourceCode: TSESLint.SourceCode): string {
  const match = /\r\n|\r|\n/.exec(sourceCode.text);
  return match ? match[0] : '\n';
}

function tryBlock(body: string, outer: string, unit: string, eol: string): string {
  return `try {${eol}${outer}${unit}${body}${eol}${outer}} catch {${eol}${outer}${unit}${DEGRADE_COMMENT}${eol}${outer}}`;
}

/** `stmt;` -> `try { stmt; } catch { … }`. Null when the statement shares its line with other code. */
export function wrapStatementFix(sourceCode: TSESLint.SourceCode, statement: TSESTree.Statement): TSESLint.ReportFixFunction | null {
  const indent = indentation(sourceCode, statement);
  if (!indent) return null;
  // Comments after the statement on its line belong to it: they move into the try with it.
  const line = statement.loc.end.line;
  const trailing = sourceCode
    .getCommentsAfter(statement)
    .filter((comment) => comment.loc.start.line === line && comment.loc.end.line === line);
  const end = trailing.length > 0 ? trailing[trailing.length - 1].range[1] : statement.range[1];
  const body = reindent(sourceCode, statement, sourceCode.text.slice(statement.range[0], end), indent.unit);
  return (fixer) => fixer.replaceTextRange([statement.range[0], end], tryBlock(body, indent.outer, indent.unit, lineBreakOf(sourceCode)));
}

/** A type's text, parenthesized where `| undefined` would otherwise bind inside it (`() => T`, `A extends B ? C : D`). */
function typeText(sourceCode: TSESLint.SourceCode, type: TSESTree.TypeNode): string {
  const text = sourceCode.getText(type);
  const loose = type.type === 'TSFunctionType' || type.type === 'TSConstructorType' || type.type === 'TSConditionalType';
  return loose ? `(${text})` : text;
}

/**
 * `const x = E;` -> `let x: T | undefined;\ntry { x = E; } catch { … }`: the name stays in scope for the code after
 * it. Only for a single `const`/`let` of a plain identifier with an initializer; null otherwise.
 */
export function hoistDeclarationFix(
  sourceCode: TSESLint.SourceCode,
  declaration: TSESTree.VariableDeclaration,
): TSESLint.ReportFixFunction | null {
  const indent = indentation(sourceCode, declaration);
  const [declarator] = declaration.declarations;
  // Only `const`/`let`: `var` is function-scoped already, and `using`/`await using` would lose their disposal as `let`.
  if (
    !indent ||
    declaration.declarations.length !== 1 ||
    (declaration.kind !== 'const' && declaration.kind !== 'let') ||
    declaration.declare
  )
    return null;
  if (declarator.id.type !== 'Identifier' || !declarator.init) return null;
  const annotation = declarator.id.typeAnnotation
    ? `${typeText(sourceCode, declarator.id.typeAnnotation.typeAnnotation)} | undefined`
    : null;
  const name = declarator.id.name;
  // Offsets in `init`'s text line up with the source from `init`'s start, after the `name = ` prefix.
  const assignment = `${name} = ${reindent(sourceCode, declarator.init, sourceCode.getText(declarator.init), indent.unit)};`;
  const eol = lineBreakOf(sourceCode);
  const text = `let ${name}${annotation ? `: ${annotation}` : ''};${eol}${indent.outer}${tryBlock(assignment, indent.outer, indent.unit, eol)}`;
  return (fixer) => fixer.replaceText(declaration, text);
}
