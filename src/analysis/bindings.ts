/**
 * Lexical look-ups the analysis needs at a handful of write sites: what a name is bound to in the same file.
 * Walking up `parent` links is enough for the shapes we resolve (`const` keys, `const` aliases, same-file builder
 * functions), costs nothing for files without write sites, and works the same under ESLint, oxlint and the CLI
 * (which parses without a scope manager).
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { isFunctionNode, staticString, unwrap } from './ast';
import { countSteps } from './cost-counter';
import { resolveImportedString } from './imported-consts';

type Node = TSESTree.Node;

/** The node that declares `name` as seen from `from`: a VariableDeclarator, a function declaration, or `null` when
 *  it is a parameter, an import, a `catch` binding, a class, or not found (global). */
export type Binding =
  | { kind: 'variable'; declarator: TSESTree.VariableDeclarator; declarationKind: TSESTree.VariableDeclaration['kind'] }
  | { kind: 'function'; fn: TSESTree.FunctionDeclaration }
  | { kind: 'import'; source: string; imported: string }
  | { kind: 'other' };

/**
 * The file being analysed, while `findMetaWrites` runs: imported `const` keys are resolved relative to it. Set and
 * cleared around one synchronous walk, so it never leaks into another file's analysis.
 */
let currentFile: string | null = null;

export function withCurrentFile<T>(file: string | null, run: () => T): T {
  const previous = currentFile;
  currentFile = file;
  try {
    return run();
  } finally {
    currentFile = previous;
  }
}

/** The file `findMetaWrites` is analysing (absolute), or null outside a walk or for text without a path. */
export function currentAnalysedFile(): string | null {
  return currentFile;
}

export function findBinding(name: string, from: Node): Binding | null {
  let child: Node = from;
  for (let scope = from.parent; scope; child = scope, scope = scope.parent) {
    const found = bindingIn(scope, name, child);
    if (found) return found;
  }
  return null;
}

/** The initializer of a `const` binding of `identifier` (unwrapped by the caller), or null. */
export function constInitializer(identifier: TSESTree.Identifier): TSESTree.Expression | null {
  const binding = findBinding(identifier.name, identifier);
  if (binding?.kind !== 'variable' || binding.declarationKind !== 'const') return null;
  return binding.declarator.init ?? null;
}

/**
 * The string a key expression stands for, and how it was found: written out (`'k'`), a template without expressions,
 * or an identifier bound to a `const` string. Null when it is not known statically.
 */
export function staticKey(expression: Node): { name: string; source: 'literal' | 'template' | 'const' } | null {
  const inner = unwrap(expression);
  const direct = staticString(inner);
  if (direct !== null) return { name: direct, source: inner.type === 'TemplateLiteral' ? 'template' : 'literal' };
  if (inner.type !== 'Identifier') return null;
  const binding = findBinding(inner.name, inner);
  if (binding?.kind === 'import') {
    const imported = currentFile === null ? null : resolveImportedString(binding.source, binding.imported, currentFile);
    return imported === null ? null : { name: imported, source: 'const' };
  }
  const init = binding?.kind === 'variable' && binding.declarationKind === 'const' ? binding.declarator.init : null;
  const resolved = init ? staticString(init) : null;
  return resolved === null ? null : { name: resolved, source: 'const' };
}

/** A same-file function that `identifier` names: a function declaration or a `const` bound to a function. */
export function functionBoundTo(identifier: TSESTree.Identifier): TSESTree.FunctionLike | null {
  const binding = findBinding(identifier.name, identifier);
  if (binding?.kind === 'function') return binding.fn;
  if (binding?.kind === 'variable' && binding.declarationKind === 'const') {
    const init = binding.declarator.init;
    if (init && (init.type === 'ArrowFunctionExpression' || init.type === 'FunctionExpression')) return init;
  }
  return null;
}

function bindingIn(scope: Node, name: string, child: Node): Binding | null {
  switch (scope.type) {
    case 'Program':
    case 'BlockStatement':
    case 'StaticBlock':
      return bindingInStatements(scope.body, name);
    case 'SwitchCase':
      return bindingInStatements(scope.consequent, name);
    case 'ForStatement':
      return scope.init?.type === 'VariableDeclaration' ? bindingInDeclaration(scope.init, name) : null;
    case 'ForInStatement':
    case 'ForOfStatement':
      return scope.left.type === 'VariableDeclaration' ? bindingInDeclaration(scope.left, name) : null;
    case 'CatchClause':
      return scope.param && patternDeclares(scope.param, name) ? { kind: 'other' } : null;
    default:
      if (isFunctionNode(scope)) {
        if (scope.params.some((param) => patternDeclares(param, name))) return { kind: 'other' };
        // A named function expression binds its own name inside itself.
        if (scope.type === 'FunctionExpression' && scope.id?.name === name && child !== scope.id) return { kind: 'other' };
      }
      return null;
  }
}

/**
 * Names declared by a statement list, indexed once per list on first look-up: every later look-up in the same block is
 * a map read, not a scan of the block (a module with 20,000 `const` keys and a write per key would otherwise cost
 * 20,000² steps). The first statement that declares a name wins, as in a scan.
 */
const statementIndexes = new WeakMap<readonly Node[], Map<string, Binding>>();

function bindingInStatements(statements: readonly Node[], name: string): Binding | null {
  let index = statementIndexes.get(statements);
  if (!index) {
    index = indexStatements(statements);
    statementIndexes.set(statements, index);
  }
  return index.get(name) ?? null;
}

function indexStatements(statements: readonly Node[]): Map<string, Binding> {
  countSteps(statements.length);
  const index = new Map<string, Binding>();
  const declare = (name: string, binding: Binding): void => {
    if (!index.has(name)) index.set(name, binding);
  };
  for (const statement of statements) {
    const declaration =
      (statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration') && statement.declaration
        ? statement.declaration
        : statement;
    if (declaration.type === 'VariableDeclaration') {
      for (const declarator of declaration.declarations) {
        if (declarator.id.type === 'Identifier')
          declare(declarator.id.name, { kind: 'variable', declarator, declarationKind: declaration.kind });
        else for (const name of patternNames(declarator.id)) declare(name, { kind: 'other' });
      }
    } else if (declaration.type === 'FunctionDeclaration' && declaration.id) {
      declare(declaration.id.name, { kind: 'function', fn: declaration });
    } else if ((declaration.type === 'ClassDeclaration' || declaration.type === 'TSEnumDeclaration') && declaration.id) {
      declare(declaration.id.name, { kind: 'other' });
    } else if (declaration.type === 'ImportDeclaration') {
      for (const specifier of declaration.specifiers) {
        // A named value import may hold a key (`import { TIMING_KEY } from './keys.js'`): resolved from its module.
        const named = specifier.type === 'ImportSpecifier' && declaration.importKind !== 'type' && specifier.importKind !== 'type';
        const imported = !named
          ? ''
          : specifier.imported.type === 'Identifier'
            ? specifier.imported.name
            : String(specifier.imported.value);
        declare(specifier.local.name, named ? { kind: 'import', source: declaration.source.value, imported } : { kind: 'other' });
      }
    }
  }
  return index;
}

/** Every name a destructuring pattern declares. */
function patternNames(pattern: Node, names: string[] = []): string[] {
  switch (pattern.type) {
    case 'Identifier':
      names.push(pattern.name);
      break;
    case 'AssignmentPattern':
      patternNames(pattern.left, names);
      break;
    case 'RestElement':
      patternNames(pattern.argument, names);
      break;
    case 'ArrayPattern':
      for (const element of pattern.elements) if (element) patternNames(element, names);
      break;
    case 'ObjectPattern':
      for (const property of pattern.properties) patternNames(property.type === 'RestElement' ? property : property.value, names);
      break;
    default:
      break;
  }
  return names;
}

function bindingInDeclaration(declaration: TSESTree.VariableDeclaration, name: string): Binding | null {
  for (const declarator of declaration.declarations) {
    if (declarator.id.type === 'Identifier' && declarator.id.name === name) {
      return { kind: 'variable', declarator, declarationKind: declaration.kind };
    }
    if (declarator.id.type !== 'Identifier' && patternDeclares(declarator.id, name)) return { kind: 'other' };
  }
  return null;
}

function patternDeclares(pattern: Node, name: string): boolean {
  switch (pattern.type) {
    case 'Identifier':
      return pattern.name === name;
    case 'AssignmentPattern':
      return patternDeclares(pattern.left, name);
    case 'RestElement':
      return patternDeclares(pattern.argument, name);
    case 'ArrayPattern':
      return pattern.elements.some((element) => element !== null && patternDeclares(element, name));
    case 'ObjectPattern':
      return pattern.properties.some((property) =>
        property.type === 'RestElement' ? patternDeclares(property, name) : patternDeclares(property.value, name),
      );
    case 'TSParameterProperty':
      return patternDeclares(pattern.parameter, name);
    default:
      return false;
  }
}
