/**
 * Text edits that put a producer inside its own try/catch (MCP _meta rule 3), indented like the surrounding code.
 * Both produce code that parses: the statement's own text is moved unchanged, only re-indented.
 */
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { collectInSameFunction, isFunctionNode, referenceText } from '../analysis/syntax/ast';
import { metaOwner } from '../analysis/syntax/meta-syntax';
import { readIdentifiers } from '../analysis/facts/isolation';
import { keywordAfterBlockOnItsOwnLine, lineBreakOf, omitsSemicolons } from './code-style';

export const DEGRADE_COMMENT = '// A failing producer degrades to its key being absent (MCP _meta rule 3).';

/** Where a wrap's text starts and ends: one statement, or a run of adjacent ones (one producer unit). */
type Span = { readonly range: TSESTree.Range; readonly loc: TSESTree.SourceLocation };

function spanOf(statements: readonly TSESTree.Node[]): Span {
  const first = statements[0];
  const last = statements[statements.length - 1];
  return { range: [first.range[0], last.range[1]], loc: { start: first.loc.start, end: last.loc.end } };
}

function indentation(sourceCode: TSESLint.SourceCode, node: TSESTree.Node, span: Span = node): { outer: string; unit: string } | null {
  const line = sourceCode.lines[span.loc.start.line - 1];
  const outer = line.slice(0, span.loc.start.column);
  if (outer.trim() !== '') return null; // something else precedes the statement on its line: leave it alone
  const next = sourceCode.getTokenAfter(span as TSESTree.Node);
  if (next && next.loc.start.line === span.loc.end.line) return null; // ... or follows it (`emit(...); done();`)
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

/** The characters that open a token or comment a line break can be inside of: `` ` ``, `\\`, `<` (JSX) and `/*`. */
const MAY_HOLD_LINE_BREAK = /[`\\<]|\/\*/;

/**
 * Indents every line of `node`'s text after the first by `unit`, except lines that start inside a template literal,
 * a string continued with a backslash, JSX text or a block comment: those are a value or a comment, which a fix must
 * not change. Blank
 * lines stay blank. Offsets are found with one forward pass over the (few) value tokens, not a scan per line.
 */
function reindent(sourceCode: TSESLint.SourceCode, node: Span, text: string, unit: string): string {
  const offset = node.range[0];
  // A block comment spanning lines is kept verbatim too: a fix never rewrites what a comment says.
  const multiline = (item: { loc: TSESTree.SourceLocation }): boolean => item.loc.start.line !== item.loc.end.line;
  // Only a template, a string continued with a backslash, JSX or a block comment can hold a line break the text must
  // keep: text with none of their characters needs no token look-up (the token store's is a real share of a report).
  const values = !MAY_HOLD_LINE_BREAK.test(text)
    ? []
    : [
        // The token store only reads `range`: a span of statements is looked up like a node.
        ...sourceCode.getTokens(node as TSESTree.Node).filter((token) => VALUE_TOKENS.has(token.type) && multiline(token)),
        ...sourceCode.getCommentsInside(node as TSESTree.Node).filter(multiline),
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

/** The try around `body`, its `catch` after the `}` as the file writes it (`} catch {`, or on the next line). */
function tryBlock(sourceCode: TSESLint.SourceCode, body: string, outer: string, unit: string): string {
  const eol = lineBreakOf(sourceCode);
  const beforeCatch = keywordAfterBlockOnItsOwnLine(sourceCode) ? `${eol}${outer}` : ' ';
  return `try {${eol}${outer}${unit}${body}${eol}${outer}}${beforeCatch}catch {${eol}${outer}${unit}${DEGRADE_COMMENT}${eol}${outer}}`;
}

/**
 * `stmt;` -> `try { stmt; } catch { … }`; for adjacent statements (one producer writing a key in steps), one try holds
 * them all. Null when the first shares its line with code before it, or the last with code after it.
 */
export function wrapStatementFix(
  sourceCode: TSESLint.SourceCode,
  statements: readonly TSESTree.Statement[],
): TSESLint.ReportFixFunction | null {
  const span = spanOf(statements);
  const indent = indentation(sourceCode, statements[0], span);
  if (!indent) return null;
  // Comments after the last statement on its line belong to it: they move into the try with it.
  const line = span.loc.end.line;
  const trailing = sourceCode
    .getCommentsAfter(statements[statements.length - 1])
    .filter((comment) => comment.loc.start.line === line && comment.loc.end.line === line);
  const end = trailing.length > 0 ? trailing[trailing.length - 1].range[1] : span.range[1];
  const body = reindent(sourceCode, span, sourceCode.text.slice(span.range[0], end), indent.unit);
  return (fixer) => fixer.replaceTextRange([span.range[0], end], tryBlock(sourceCode, body, indent.outer, indent.unit));
}

/** The identifiers a pattern assigns: `x`, `[a, { b }]`, `{ c = 1, ...rest }`. */
function assignedNames(pattern: TSESTree.Node): TSESTree.Identifier[] {
  switch (pattern.type) {
    case 'Identifier':
      return [pattern];
    case 'ArrayPattern':
      return pattern.elements.flatMap((element) => (element ? assignedNames(element) : []));
    case 'ObjectPattern':
      return pattern.properties.flatMap((property) => assignedNames(property.type === 'Property' ? property.value : property));
    case 'AssignmentPattern':
      return assignedNames(pattern.left);
    case 'RestElement':
      return assignedNames(pattern.argument);
    default:
      return []; // a member (`x.y = …`): the object stays visible, only its property's value is at stake
  }
}

/**
 * Why wrapping `statements` in a try would change what later code sees, or null when it would not:
 * - they assign a variable that is read outside them (`{ n: (rows = await load()).length }`): after a failure the
 *   variable keeps its old value, and TypeScript no longer counts it as assigned (TS2454);
 * - they set `x._meta` itself and later code in the function reads `x._meta`: TypeScript's narrowing of an optional
 *   `_meta` to "set" stays inside the try (TS18048 on `x._meta.k = …` after it), and at run time `_meta` may be unset.
 * Such a wrap is offered as a suggestion, never applied by `--fix`.
 */
export function wrapChangesLaterCode(
  sourceCode: TSESLint.SourceCode,
  statements: readonly TSESTree.Statement[],
  metaSetOn: string | null,
): 'variable' | 'narrowing' | null {
  const [start, end] = spanOf(statements).range;
  const outside = (node: TSESTree.Node): boolean => node.range[1] <= start || node.range[0] >= end;
  const names: TSESTree.Identifier[] = [];
  for (const statement of statements) {
    // Every assignment, nested ones too (`a = (b = f())`): the predicate records and never stops the walk.
    collectInSameFunction(statement, (node) => {
      if (node.type === 'AssignmentExpression') names.push(...assignedNames(node.left));
      else if (node.type === 'UpdateExpression') names.push(...assignedNames(node.argument));
      return false;
    });
  }
  for (const name of names) {
    const variable = findVariable(sourceCode.getScope(name), name.name);
    // An undeclared name is a global some other code may read.
    if (!variable || variable.references.some((reference) => reference.isRead() && outside(reference.identifier))) return 'variable';
  }
  if (metaSetOn === null) return null;
  return (lastMetaReads(enclosingBody(statements[0])).get(metaSetOn) ?? -1) >= end ? 'narrowing' : null;
}

/**
 * The variable `name` resolves to from `scope`, walking out to the global scope (what `ASTUtils.findVariable` does;
 * written here because the plugin loads no `@typescript-eslint/utils` at run time: test/e2e/plugin-load.test.ts).
 */
function findVariable(scope: TSESLint.Scope.Scope, name: string): TSESLint.Scope.Variable | null {
  for (let current: TSESLint.Scope.Scope | null = scope; current; current = current.upper) {
    const variable = current.set.get(name);
    if (variable) return variable;
  }
  return null;
}

const lastMetaReadsByBody = new WeakMap<TSESTree.Node, Map<string, number>>();

/**
 * For each object whose `_meta` a function body reads (`x._meta`, as compared text), where the last read starts. Built
 * once per body, so asking about every unguarded producer of a long function stays linear.
 */
function lastMetaReads(body: TSESTree.Node): Map<string, number> {
  let reads = lastMetaReadsByBody.get(body);
  if (!reads) {
    const found = new Map<string, number>();
    collectInSameFunction(body, (node) => {
      const owner = node.type === 'MemberExpression' ? metaOwner(node) : null;
      const text = owner ? referenceText(owner) : null;
      if (text !== null) found.set(text, Math.max(found.get(text) ?? -1, node.range[0]));
      return false;
    });
    reads = found;
    lastMetaReadsByBody.set(body, reads);
  }
  return reads;
}

/** The body of the function holding `node`, or the program. */
function enclosingBody(node: TSESTree.Node): TSESTree.Node {
  let ancestor = node.parent;
  while (ancestor && ancestor.type !== 'Program' && !isFunctionNode(ancestor)) ancestor = ancestor.parent;
  if (!ancestor || ancestor.type === 'Program') return ancestor ?? node;
  return isFunctionNode(ancestor) ? ancestor.body : ancestor;
}
/** A type's text, parenthesized where `| undefined` would otherwise bind inside it (`() => T`, `A extends B ? C : D`). */
function typeText(sourceCode: TSESLint.SourceCode, type: TSESTree.TypeNode): string {
  const text = sourceCode.getText(type);
  const loose = type.type === 'TSFunctionType' || type.type === 'TSConstructorType' || type.type === 'TSConditionalType';
  return loose ? `(${text})` : text;
}

/**
 * `const x = E;` -> `let x: T | undefined;\ntry { x = E; } catch { … }`: the name stays in scope for the code after
 * it; without the `;` in code that ends its statements without them. Only for a single `const`/`let` of a plain
 * identifier with an initializer; null otherwise.
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
  // Without `;` where the code around ends its statements without one.
  const end = omitsSemicolons(sourceCode, declaration) ? '' : ';';
  const assignment = `${name} = ${reindent(sourceCode, declarator.init, sourceCode.getText(declarator.init), indent.unit)}${end}`;
  const eol = lineBreakOf(sourceCode);
  const text = `let ${name}${annotation ? `: ${annotation}` : ''}${end}${eol}${indent.outer}${tryBlock(sourceCode, assignment, indent.outer, indent.unit)}`;
  return (fixer) => fixer.replaceText(declaration, text);
}

/**
 * `const v = f();\ntry { …uses v… }` -> `try {\n  const v = f();\n  …uses v… }`: moves declarations that stand right
 * before a try into its block, so the try catches their failure too. Null when anything but whitespace separates them
 * from the try, when they share a line with other code, or when the block declares a name they read. The caller makes
 * sure only the try's block (and the moved declarations) read their names, so the block declares none of those.
 */
export function moveIntoTryFix(
  sourceCode: TSESLint.SourceCode,
  declarations: readonly TSESTree.VariableDeclaration[],
  tryStatement: TSESTree.TryStatement,
): TSESLint.ReportFixFunction | null {
  const span = spanOf(declarations);
  const indent = indentation(sourceCode, declarations[0], span);
  if (!indent || sourceCode.text.slice(span.range[1], tryStatement.range[0]).trim() !== '') return null;
  // A name the moved code reads must mean the same inside the block: `try { const id = …` would shadow `check(id)`.
  const blockScope = sourceCode.scopeManager?.acquire(tryStatement.block);
  if (!blockScope || declarations.some((declaration) => readIdentifiers(declaration).some((name) => blockScope.set.has(name.name)))) {
    return null;
  }
  // The block's first statement on a line of its own gives the indentation inside the try.
  const [first] = tryStatement.block.body;
  if (!first || first.loc.start.line === tryStatement.block.loc.start.line) return null;
  const inner = sourceCode.lines[first.loc.start.line - 1].slice(0, first.loc.start.column);
  if (inner.trim() !== '' || !inner.startsWith(indent.outer) || inner === indent.outer) return null;
  const text = reindent(sourceCode, span, sourceCode.text.slice(span.range[0], span.range[1]), inner.slice(indent.outer.length));
  const open = tryStatement.block.range[0] + 1;
  return (fixer) => [
    fixer.removeRange([span.range[0], tryStatement.range[0]]),
    fixer.insertTextAfterRange([open - 1, open], `${lineBreakOf(sourceCode)}${inner}${text}`),
  ];
}
