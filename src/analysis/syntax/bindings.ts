/**
 * Lexical look-ups the analysis needs at a handful of write sites: what a name is bound to in the same file.
 * Walking up `parent` links is enough for the shapes we resolve (`const` keys, `const` aliases, same-file builder
 * functions), costs nothing for files without write sites, and works the same under ESLint, oxlint and the CLI
 * (which parses without a scope manager).
 */
import type { TSESTree } from '@typescript-eslint/utils';
import {
  containsNode,
  enclosingFunction,
  forEachChildNode,
  isFunctionNode,
  isLoop,
  memberPropertyName,
  outsideTypeWrappers,
  readsItsName,
  propertyKeyName,
  staticString,
  tokenOffsetsOf,
  unwrap,
} from './ast';
import { sortedHasIn } from './offset-set';
import { countCost, countSteps } from '../../util/cost-counter';

type Node = TSESTree.Node;

/**
 * Names a module imports, read from the modules that export them: the cross-module resolver (`modules/`, built per
 * file by `moduleResolverOf`), handed in by the caller, so these same-file look-ups import none of it (and no import
 * cycle runs through them). Null where the text has no path: imported names then stay unknown.
 */
export interface ImportedNames {
  /** Absolute path of the module the expressions are in: its imports resolve relative to it. */
  readonly file: string;
  /** The string the export `importedName` of the module `specifier` is bound to, or null. */
  importedString(specifier: string, importedName: string): string | null;
  /** `KEYS.timing` of an `as const` object (or `keys.TIMING` of a namespace) exported as `importedName`, or null. */
  importedMember(specifier: string, importedName: string, property: string): string | null;
  /**
   * The object or array literal the export `importedName` of the module `specifier` is a `const` of, as a detached
   * copy (no node of that module's tree, no place in this file), with that module's path; or null.
   */
  importedLiteral(specifier: string, importedName: string): { readonly file: string; readonly value: TSESTree.Expression } | null;
}

/** The node that declares `name` as seen from `from`: a VariableDeclarator, a function declaration, or `null` when
 *  it is a parameter, an import, a `catch` binding, a class, or not found (global). */
export type Binding =
  | { kind: 'variable'; declarator: TSESTree.VariableDeclarator; declarationKind: TSESTree.VariableDeclaration['kind'] }
  | { kind: 'function'; fn: TSESTree.FunctionDeclaration }
  | { kind: 'import'; source: string; imported: string }
  /** `import * as K from './keys.js'`: `K.TIMING` is the module's export `TIMING`. */
  | { kind: 'namespace'; source: string }
  | { kind: 'other' };

export function findBinding(name: string, from: Node): Binding | null {
  countCost('binding-lookups');
  let child: Node = from;
  for (let scope = from.parent; scope; child = scope, scope = scope.parent) {
    const found = bindingIn(scope, name, child);
    if (found) return found;
  }
  return null;
}

/** A name not bound where `at` is (`base`, `base2`, …), so a declaration a fix or suggestion inserts shadows nothing. */
export function unboundName(base: string, at: Node): string {
  for (let index = 1; ; index += 1) {
    const name = index === 1 ? base : `${base}${index}`;
    if (!findBinding(name, at)) return name;
  }
}

/** The type annotation of the parameter `identifier` names, or null. */
export function parameterAnnotation(identifier: TSESTree.Identifier): TSESTree.TypeNode | null {
  for (let scope: Node | undefined = identifier.parent; scope; scope = scope.parent) {
    if (!isFunctionNode(scope)) continue;
    for (const param of scope.params) {
      const id = param.type === 'AssignmentPattern' ? param.left : param;
      if (id.type === 'Identifier' && id.name === identifier.name) return id.typeAnnotation?.typeAnnotation ?? null;
    }
  }
  return null;
}

/**
 * The declarator whose object pattern ends with `...identifier` (`const { ui, ...rest } = meta` for `rest`): the
 * nearest declaration of the name in the blocks around `identifier` (a plain `const rest = …` nearer shadows an outer
 * rest: null then). `findBinding` answers `other` for destructured names.
 */
export function restDestructuringOf(
  identifier: TSESTree.Identifier,
): (TSESTree.VariableDeclarator & { id: TSESTree.ObjectPattern; parent: TSESTree.VariableDeclaration }) | null {
  for (let node: Node | undefined = identifier.parent; node; node = node.parent) {
    if (node.type !== 'BlockStatement' && node.type !== 'Program') continue;
    for (const statement of node.body) {
      if (statement.type !== 'VariableDeclaration') continue;
      for (const declarator of statement.declarations) {
        if (declarator.id.type === 'Identifier' && declarator.id.name === identifier.name) return null;
        const last = declarator.id.type === 'ObjectPattern' ? declarator.id.properties.at(-1) : undefined;
        if (last?.type === 'RestElement' && last.argument.type === 'Identifier' && last.argument.name === identifier.name)
          return declarator as TSESTree.VariableDeclarator & { id: TSESTree.ObjectPattern; parent: TSESTree.VariableDeclaration };
      }
    }
  }
  return null;
}

/** `restDestructuringOf` when the declaration is a `const` (what the rest holds is then the pattern's source minus its keys). */
export function constRestDestructuring(
  identifier: TSESTree.Identifier,
): (TSESTree.VariableDeclarator & { id: TSESTree.ObjectPattern }) | null {
  const declarator = restDestructuringOf(identifier);
  return declarator?.parent.kind === 'const' ? declarator : null;
}

/** The pattern takes `key` out by name (`const { [key]: _, ...rest }` or `{ ui, ...rest }`): the rest has no `key`. */
export function patternTakesOut(pattern: TSESTree.ObjectPattern, key: string): boolean {
  return pattern.properties.some((property) => property.type === 'Property' && propertyKeyName(property) === key);
}

/** The `const`, `let` or `var` declarator `identifier` is bound to, or null. */
export function declaratorOf(identifier: TSESTree.Identifier): TSESTree.VariableDeclarator | null {
  const binding = findBinding(identifier.name, identifier);
  return binding?.kind === 'variable' ? binding.declarator : null;
}

/** The initializer of a `const` binding of `identifier` (unwrapped by the caller), or null. */
export function constInitializer(identifier: TSESTree.Identifier): TSESTree.Expression | null {
  const binding = findBinding(identifier.name, identifier);
  if (binding?.kind !== 'variable' || binding.declarationKind !== 'const') return null;
  return binding.declarator.init ?? null;
}

/**
 * A value given to a `let` or `var` after its declaration, at `node`: the assigned expression (`x = v`, also `??=` and
 * `||=`, which may keep the old value, itself another value the variable held), or null when the variable is given
 * no single expression (`[a, b] = pair`, `n += 1`, `for (a of list)`).
 */
export interface Reassignment {
  readonly node: Node;
  readonly value: TSESTree.Expression | null;
}

/** Each declarator's reassignments (its scope is walked once). */
const reassignmentsByDeclarator = new WeakMap<TSESTree.VariableDeclarator, readonly Reassignment[] | null>();

/**
 * Every reassignment of the variable a `let`/`var` declarator names, in the block it is declared in (nested functions
 * included), in source order. Null for a loop's own variable (`for (let x of list)`: each item is its value).
 */
export function reassignmentsOf(declarator: TSESTree.VariableDeclarator): readonly Reassignment[] | null {
  const known = reassignmentsByDeclarator.get(declarator);
  if (known !== undefined) return known;
  const scope = declarator.parent?.parent;
  const id = declarator.id;
  let found: Reassignment[] | null = null;
  if (scope && id.type === 'Identifier' && scope.type !== 'ForOfStatement' && scope.type !== 'ForInStatement') {
    const reassignments: Reassignment[] = [];
    const isThisVariable = (node: Node): boolean =>
      node.type === 'Identifier' && node.name === id.name && declaratorOf(node) === declarator;
    // Only the subtrees where a token spells the name can reassign it.
    const uses = tokenOffsetsOf(declarator, id.name);
    const visit = (node: Node): void => {
      if (uses && !sortedHasIn(uses, node.range[0], node.range[1])) return;
      if (node.type === 'AssignmentExpression') {
        const left = unwrap(node.left);
        if (isThisVariable(left)) {
          const single = node.operator === '=' || node.operator === '??=' || node.operator === '||=';
          reassignments.push({ node, value: single ? node.right : null });
        } else if (left.type !== 'MemberExpression' && patternDeclares(left, id.name)) {
          // `[m, n] = pair`, `({ m } = o)`: this variable when the name is bound to it here.
          const binding = findBinding(id.name, node);
          if (binding?.kind === 'variable' && binding.declarator === declarator) reassignments.push({ node, value: null });
        }
      } else if (node.type === 'UpdateExpression' && isThisVariable(unwrap(node.argument))) {
        reassignments.push({ node, value: null });
      } else if ((node.type === 'ForOfStatement' || node.type === 'ForInStatement') && isThisVariable(node.left)) {
        reassignments.push({ node, value: null });
      }
      forEachChildNode(node, visit);
    };
    visit(scope);
    found = reassignments;
  }
  reassignmentsByDeclarator.set(declarator, found);
  return found;
}

/**
 * Every read of the variable `declarator` names (`const response = …`), in the block it is declared in (nested
 * functions included): the identifiers bound to it, its declaration's own name left out. Empty for a destructuring.
 */
export function readsOfVariable(declarator: TSESTree.VariableDeclarator): TSESTree.Identifier[] {
  const scope = declarator.parent?.parent;
  const id = declarator.id;
  if (!scope || id.type !== 'Identifier') return [];
  return (
    readsInScope({ id, scope, isIt: (binding) => binding?.kind === 'variable' && binding.declarator === declarator }, () => true) ?? []
  );
}

/**
 * The values a variable may hold where `reference` reads it: a `const`'s initializer; a `let`'s (or `var`'s)
 * initializer and each value given to it that may come first: earlier in the same function, later in a loop or a
 * function around both (the next pass or call reads it), or in another function (which may run at any time). A `let`
 * declared without a value adds none (read before any assignment, it is `undefined`). Null for what is no variable or
 * a loop's variable, and when a reassignment that may come first is no single expression.
 */
export function valuesReaching(reference: TSESTree.Identifier): TSESTree.Expression[] | null {
  const binding = findBinding(reference.name, reference);
  if (binding?.kind !== 'variable') return null;
  const { declarator } = binding;
  const values = declarator.init ? [declarator.init] : [];
  if (binding.declarationKind === 'const') return values;
  const reassignments = reassignmentsOf(declarator);
  if (!reassignments) return null;
  for (const { node, value } of reassignments) {
    if (!mayComeFirst(node, reference, declarator)) continue;
    if (value === null) return null;
    values.push(value);
  }
  return values;
}

/** Whether `assignment` may run before `reference` is read (see `valuesReaching`). */
function mayComeFirst(assignment: Node, reference: Node, declarator: TSESTree.VariableDeclarator): boolean {
  if (enclosingFunction(assignment) !== enclosingFunction(reference) || assignment.range[0] < reference.range[0]) return true;
  // Later in the text, it comes first on the next pass of a loop around both, or the next call of a function around
  // both (`items.forEach((item) => { m.k = item; m = other; })`), inside the variable's scope.
  for (let up = reference.parent; up && !containsNode(up, declarator); up = up.parent) {
    if ((isLoop(up) || isFunctionNode(up)) && containsNode(up, assignment)) return true;
  }
  return false;
}

/**
 * The string a key expression stands for, and how it was found: written out (`'k'`), a template without expressions,
 * or a `const` (see `constStrings`). Null when it is not known statically or may be one of several strings.
 */
export function staticKey(
  expression: Node,
  imports: ImportedNames | null,
): { name: string; source: 'literal' | 'template' | 'const' } | null {
  const keys = staticKeys(expression, imports);
  return keys?.names.length === 1 ? { name: keys.names[0], source: keys.source } : null;
}

/**
 * Every string a key expression may stand for: one for a literal, several for `const key = cond ? 'a' : 'b'` (a write
 * per member, as the typed mode does for a union type). Null when some branch is not known statically.
 */
export function staticKeys(
  expression: Node,
  imports: ImportedNames | null,
): { names: string[]; source: 'literal' | 'template' | 'const' } | null {
  const inner = unwrap(expression);
  const direct = staticString(inner);
  if (direct !== null) return { names: [direct], source: inner.type === 'TemplateLiteral' ? 'template' : 'literal' };
  const names = constStrings(inner, imports);
  return names === null ? null : { names, source: 'const' };
}

/** Guards against `const a = b; const b = a` and cross products of unions. */
const MAX_CONST_DEPTH = 8;
const MAX_UNION = 16;

/**
 * The strings an expression certainly evaluates to, read without types: string (and number) literals, templates and
 * `+` concatenations of known parts, `?:` of known branches (each is possible), `const` bindings of those, consts
 * imported from a relative module (read from its tree, the same way), `K.NAME` of a namespace import, and
 * `KEYS.name` of an `as const` (or `Object.freeze`d) object of strings, same-file or imported. Null otherwise.
 * `imports` reads the module's imported names (relative to the module the expression is in), and none is followed
 * when it is null (text without a path). A parameter, not module state: nothing leaks from one analysis into another.
 */
export function constStrings(expression: Node, imports: ImportedNames | null, depth = 0): string[] | null {
  if (depth > MAX_CONST_DEPTH) return null;
  const inner = unwrap(expression);
  const direct = staticString(inner);
  if (direct !== null) return [direct];
  switch (inner.type) {
    case 'Literal':
      return typeof inner.value === 'number' ? [String(inner.value)] : null;
    case 'TemplateLiteral': {
      let results: string[] | null = [inner.quasis[0]?.value.cooked ?? ''];
      inner.expressions.forEach((part, index) => {
        results = concat(concat(results, constStrings(part, imports, depth + 1)), [inner.quasis[index + 1]?.value.cooked ?? '']);
      });
      return results;
    }
    case 'BinaryExpression':
      return inner.operator === '+'
        ? concat(constStrings(inner.left, imports, depth + 1), constStrings(inner.right, imports, depth + 1))
        : null;
    case 'ConditionalExpression': {
      const consequent = constStrings(inner.consequent, imports, depth + 1);
      const alternate = constStrings(inner.alternate, imports, depth + 1);
      return consequent && alternate ? unique([...consequent, ...alternate]) : null;
    }
    case 'Identifier': {
      const binding = findBinding(inner.name, inner);
      if (binding?.kind === 'import') return importedStrings(binding.source, binding.imported, null, imports);
      if (binding?.kind !== 'variable' || binding.declarationKind !== 'const') return null;
      if (!binding.declarator.init) return loopStrings(inner, imports, depth);
      return constStrings(binding.declarator.init, imports, depth + 1);
    }
    case 'MemberExpression':
      return memberStrings(inner, imports, depth);
    default:
      return null;
  }
}

/**
 * `for (const key of KEYS)` over a `const` array of strings (`['a', 'b']`, `as const`, or written in place, or a part of
 * one, `loopRowValues`): the loop variable is each of them (issue 26 §2: keys from a loop over a const array of
 * literals are known keys).
 */
function loopStrings(reference: TSESTree.Identifier, imports: ImportedNames | null, depth: number): string[] | null {
  const rows = loopRowValues(reference, imports);
  if (rows === null || rows.length === 0) return null;
  const names: string[] = [];
  for (const row of rows) {
    const strings = constStrings(row, imports, depth + 1);
    if (strings === null) return null;
    names.push(...strings);
  }
  return unique(names);
}

/** How many rows of a `const` table a loop over it is read for: a table of widgets or keys is written out by hand. */
const MAX_TABLE_ROWS = 64;

/** Calls that give some of an array's rows, in its order: a loop over one runs over rows of the array. */
const ROW_SUBSETS: ReadonlySet<string> = new Set(['filter', 'slice']);

/**
 * What a `for…of` loop's `const` variable holds in its turns over a same-file `const` array literal, as the nodes
 * written in the array: `entry` of `for (const entry of ENTRIES)` is each row, `uri` of `for (const [name, uri] of
 * WIDGETS)` each row's second item, `templateUri` of `for (const { templateUri } of WIDGETS)` each row's
 * `templateUri` (Apps SDK servers register one widget resource per row of such a table). The loop may run over a part
 * of the table (`ENTRIES.filter(…)`, `.slice(…)`, a `?:` of those, a `const` holding one): each turn is still one of
 * its rows. Null when `reference` is bound otherwise, or a row does not spell the value out (a spread, a hole, a row
 * of another shape).
 */
export function loopRowValues(reference: TSESTree.Identifier, imports: ImportedNames | null): TSESTree.Node[] | null {
  const loop = loopDeclaring(reference);
  const rows = loop ? tableRows(loop.right, 0) : null;
  if (!loop || !rows) return null;
  const pattern = (loop.left as TSESTree.VariableDeclaration).declarations[0].id;
  const values: TSESTree.Node[] = [];
  for (const row of rows) {
    const value = rowValue(pattern, reference.name, row, imports);
    if (value === null) return null;
    values.push(value);
  }
  return values;
}

/** The `for (const … of …)` whose variable `reference` (in its body) reads, or null. */
function loopDeclaring(reference: TSESTree.Identifier): TSESTree.ForOfStatement | null {
  let child: Node = reference;
  for (let scope: Node | undefined = reference.parent; scope; child = scope, scope = scope.parent) {
    if (!bindingIn(scope, reference.name, child)) continue;
    if (scope.type !== 'ForOfStatement' || child !== scope.body) return null;
    return scope.left.type === 'VariableDeclaration' && scope.left.kind === 'const' ? scope : null;
  }
  return null;
}

/** The rows of a same-file `const` array literal an iterable runs over (or over a part of), or null. */
function tableRows(iterable: Node, depth: number): Node[] | null {
  if (depth > MAX_CONST_DEPTH) return null;
  const inner = unwrap(iterable);
  switch (inner.type) {
    case 'ArrayExpression':
      return inner.elements.length <= MAX_TABLE_ROWS && inner.elements.every((row) => row !== null && row.type !== 'SpreadElement')
        ? (inner.elements as Node[])
        : null;
    case 'Identifier': {
      const init = constInitializer(inner);
      return init ? tableRows(init, depth + 1) : null;
    }
    case 'ConditionalExpression': {
      const consequent = tableRows(inner.consequent, depth + 1);
      const alternate = tableRows(inner.alternate, depth + 1);
      return consequent && alternate ? [...new Set([...consequent, ...alternate])] : null;
    }
    case 'CallExpression': {
      const callee = unwrap(inner.callee);
      return callee.type === 'MemberExpression' && ROW_SUBSETS.has(memberPropertyName(callee) ?? '')
        ? tableRows(callee.object, depth + 1)
        : null;
    }
    default:
      return null;
  }
}

/** What the loop's pattern binds `name` to in one row: the row, one of its items, or one of its properties. */
function rowValue(pattern: Node, name: string, row: Node, imports: ImportedNames | null): Node | null {
  if (pattern.type === 'Identifier') return pattern.name === name ? row : null;
  const literal = unwrap(row);
  if (pattern.type === 'ArrayPattern' && literal.type === 'ArrayExpression') {
    const index = pattern.elements.findIndex((element) => element?.type === 'Identifier' && element.name === name);
    const items = literal.elements.slice(0, index + 1);
    return index >= 0 && items.every((item) => item?.type !== 'SpreadElement') ? (literal.elements[index] ?? null) : null;
  }
  if (pattern.type === 'ObjectPattern' && literal.type === 'ObjectExpression') {
    const property = pattern.properties.find(
      (candidate): candidate is TSESTree.Property =>
        candidate.type === 'Property' && candidate.value.type === 'Identifier' && candidate.value.name === name,
    );
    const key = property ? propertyKeyName(property) : null;
    return key === null ? null : ownPropertyValue(literal, key, imports);
  }
  return null;
}

/** `K.TIMING` (namespace import), `KEYS.timing` (an `as const` object, here or imported). */
function memberStrings(member: TSESTree.MemberExpression, imports: ImportedNames | null, depth: number): string[] | null {
  const object = unwrap(member.object);
  const property = memberPropertyName(member) ?? (member.computed ? singleString(member.property, imports, depth) : null);
  if (object.type !== 'Identifier' || property === null) return null;
  const binding = findBinding(object.name, object);
  if (binding?.kind === 'namespace') return importedStrings(binding.source, property, null, imports);
  if (binding?.kind === 'import') return importedStrings(binding.source, binding.imported, property, imports);
  if (binding?.kind !== 'variable' || binding.declarationKind !== 'const' || !binding.declarator.init) return null;
  const literal = frozenObjectLiteral(binding.declarator.init);
  const value = literal ? ownPropertyValue(literal, property, imports) : null;
  return value ? constStrings(value, imports, depth + 1) : null;
}

function singleString(expression: Node, imports: ImportedNames | null, depth: number): string | null {
  const strings = constStrings(expression, imports, depth + 1);
  return strings?.length === 1 ? strings[0] : null;
}

/**
 * The object literal of `{ … } as const` or `Object.freeze({ … })`: its properties cannot be reassigned (a plain
 * object's can, and its type says `string`), so they are the strings written there.
 */
export function frozenObjectLiteral(init: Node): TSESTree.ObjectExpression | null {
  let node: Node = init;
  if (node.type === 'TSSatisfiesExpression') node = node.expression;
  if (
    node.type === 'TSAsExpression' &&
    node.typeAnnotation.type === 'TSTypeReference' &&
    node.typeAnnotation.typeName.type === 'Identifier' &&
    node.typeAnnotation.typeName.name === 'const'
  ) {
    const inner = unwrap(node.expression);
    return inner.type === 'ObjectExpression' ? inner : null;
  }
  if (node.type === 'CallExpression' && node.arguments.length === 1) {
    const callee = unwrap(node.callee);
    const argument = unwrap(node.arguments[0]);
    const isFreeze =
      callee.type === 'MemberExpression' &&
      !callee.computed &&
      callee.object.type === 'Identifier' &&
      callee.object.name === 'Object' &&
      callee.property.type === 'Identifier' &&
      callee.property.name === 'freeze';
    return isFreeze && argument.type === 'ObjectExpression' ? argument : null;
  }
  return null;
}

/**
 * The values a look-up in a same-file `const` table may give: `WIDGET_REGISTRY[uri]` (every entry, for a key not
 * known statically), `WIDGETS['search']` or `WIDGETS.search` (that entry). The table is an object literal held by a
 * `const` (annotated, `as const`, `satisfies` or frozen) without spreads; null for anything else, so a caller that
 * needs every value known gets no partial answer. apify-mcp-server's `getWidgetConfig(uri)` returns
 * `WIDGET_REGISTRY[uri]`, whose entries' `meta` is each widget's `_meta`.
 */
export function lookupTableEntries(member: TSESTree.MemberExpression, imports: ImportedNames | null): TSESTree.Node[] | null {
  const table = unwrap(member.object);
  if (table.type !== 'Identifier') return null;
  const init = constInitializer(table);
  if (!init) return null;
  const unwrapped = unwrap(init);
  const literal = unwrapped.type === 'ObjectExpression' ? unwrapped : frozenObjectLiteral(init);
  if (!literal || literal.properties.some((property) => property.type === 'SpreadElement')) return null;
  const name = memberPropertyName(member) ?? (member.computed ? singleString(member.property, imports, 0) : null);
  if (name !== null) {
    const value = ownPropertyValue(literal, name, imports);
    return value ? [value] : null;
  }
  const values: TSESTree.Node[] = [];
  for (const property of literal.properties) {
    if (property.type !== 'Property' || property.kind !== 'init' || property.method) return null;
    values.push(property.value);
  }
  return values;
}

/** The value of the last plain `name:` property of an object literal without spreads (a spread may override it). */
export function ownPropertyValue(literal: TSESTree.ObjectExpression, name: string, imports: ImportedNames | null): TSESTree.Node | null {
  let value: TSESTree.Node | null = null;
  for (const property of literal.properties) {
    if (property.type === 'SpreadElement') return null;
    if (property.kind !== 'init' || property.method) continue;
    const key = property.computed
      ? singleString(property.key, imports, 0)
      : property.key.type === 'Identifier'
        ? property.key.name
        : String((property.key as TSESTree.Literal).value);
    if (key === name) value = property.value;
  }
  return value;
}

function importedStrings(source: string, imported: string, property: string | null, imports: ImportedNames | null): string[] | null {
  if (imports === null) return null;
  if (property === null) {
    const value = imports.importedString(source, imported);
    return value === null ? null : [value];
  }
  const value = imports.importedMember(source, imported, property);
  return value === null ? null : [value];
}

function concat(left: string[] | null, right: string[] | null): string[] | null {
  if (left === null || right === null || left.length * right.length > MAX_UNION) return null;
  return unique(left.flatMap((a) => right.map((b) => a + b)));
}

function unique(names: string[]): string[] | null {
  const distinct = [...new Set(names)];
  return distinct.length <= MAX_UNION ? distinct : null;
}

/**
 * The object or array literal an imported `const` holds: `CSP` of `import { CSP } from './csp.js'`, or `K.CSP` of
 * `import * as K`, read from the module's summary as a detached copy (see `ImportedNames.importedLiteral`), with the
 * module that defines it and the name this file reads it by. Null for anything else, or when `imports` is null.
 */
export function importedLiteralOf(
  node: Node,
  imports: ImportedNames | null,
): { readonly name: string; readonly file: string; readonly value: TSESTree.Expression } | null {
  if (imports === null) return null;
  const inner = unwrap(node);
  if (inner.type === 'Identifier') {
    const binding = findBinding(inner.name, inner);
    const found = binding?.kind === 'import' ? imports.importedLiteral(binding.source, binding.imported) : null;
    return found ? { name: inner.name, ...found } : null;
  }
  if (inner.type !== 'MemberExpression') return null;
  const object = unwrap(inner.object);
  const property = memberPropertyName(inner);
  if (object.type !== 'Identifier' || property === null) return null;
  const binding = findBinding(object.name, object);
  const found = binding?.kind === 'namespace' ? imports.importedLiteral(binding.source, property) : null;
  return found ? { name: `${object.name}.${property}`, ...found } : null;
}

/** A read of a function's parameter: which argument it is, and the property path read from it. */
export interface ParameterReference {
  readonly index: number;
  readonly path: readonly string[];
  /**
   * For the rest of a destructured parameter (`rest` of `({ uri, ...rest }) => …`): the keys the pattern takes out
   * before it, which the argument's object holds and the rest does not.
   */
  readonly without?: readonly string[];
}

/**
 * `node` read inside `fn` as one of its parameters: `w` or `w.templateUri` for `(w) => …`, `uri` for `({ uri }) => …`
 * (the property path into the argument), `rest` for `({ uri, ...rest }) => …` (the argument without `uri`), so a
 * helper's returned value can be read with a call's arguments. Null for any other expression, or when a scope between
 * `node` and `fn` declares the name again.
 */
export function parameterReference(node: Node, fn: TSESTree.FunctionLike): ParameterReference | null {
  const path: string[] = [];
  let current: Node = unwrap(node);
  while (current.type === 'MemberExpression') {
    const name = memberPropertyName(current);
    if (name === null) return null;
    path.unshift(name);
    current = unwrap(current.object);
  }
  if (current.type !== 'Identifier') return null;
  const name = current.name;
  let child: Node = current;
  for (let scope: Node | undefined = current.parent; scope !== fn; child = scope, scope = scope.parent) {
    if (!scope || bindingIn(scope, name, child)) return null;
  }
  for (const [index, param] of fn.params.entries()) {
    const inner = param.type === 'TSParameterProperty' ? param.parameter : param;
    const bound = inner.type === 'AssignmentPattern' ? inner.left : inner;
    if (bound.type === 'Identifier' && bound.name === name) return { index, path };
    if (bound.type !== 'ObjectPattern') continue;
    for (const property of bound.properties) {
      if (property.type === 'RestElement') {
        const without = property.argument.type === 'Identifier' && property.argument.name === name ? takenOut(bound) : null;
        if (without) return { index, path, without };
        continue;
      }
      const value = property.value.type === 'AssignmentPattern' ? property.value.left : property.value;
      const key = property.computed
        ? staticString(property.key)
        : property.key.type === 'Identifier'
          ? property.key.name
          : staticString(property.key);
      if (value.type === 'Identifier' && value.name === name && key !== null) return { index, path: [key, ...path] };
    }
  }
  return null;
}

/**
 * The parameters of `fn` that `literal`, an object it returns, spreads in (`...extra`, `...opts.extra`, `...rest` of
 * `({ uri, ...rest })`): the keys each call's argument gives there are the returned object's too.
 */
export function parametersSpreadIn(literal: TSESTree.ObjectExpression, fn: TSESTree.FunctionLike): ParameterReference[] {
  return literal.properties.flatMap((property) =>
    property.type === 'SpreadElement' ? (parameterReference(property.argument, fn) ?? []) : [],
  );
}

/**
 * The keys an object pattern names before its rest (`uri` of `{ uri, ...rest }`), or null when one is computed and not
 * known (`{ [key]: _, ...rest }`): the rest may then lack any key.
 */
function takenOut(pattern: TSESTree.ObjectPattern): string[] | null {
  const keys: string[] = [];
  for (const property of pattern.properties) {
    if (property.type !== 'Property') continue;
    const key = propertyKeyName(property);
    if (key === null) return null;
    keys.push(key);
  }
  return keys;
}

/**
 * The method (`kind: 'method'`) or getter (`'get'`) of the same class that `member` reads on `this` (`this.toolMeta`,
 * `this.statsMeta(…)`): mongodb-mcp-server's ToolBase registers each tool with `_meta: this.toolMeta`. `this` is the
 * instance inside a method or a field's initializer and in the arrow functions within them; a `function` in between
 * has its own `this`, and a static member is not the instance's. Null for a computed or private name, or no such member.
 */
export function classMemberOfThis(member: TSESTree.MemberExpression, kind: 'get' | 'method'): TSESTree.FunctionLike | null {
  if (member.object.type !== 'ThisExpression') return null;
  const name = memberPropertyName(member);
  if (name === null) return null;
  let holder: TSESTree.MethodDefinition | TSESTree.PropertyDefinition | null = null;
  for (let node: Node | undefined = member.parent; node && !holder; node = node.parent) {
    if (node.type === 'ArrowFunctionExpression') continue;
    if (node.type === 'PropertyDefinition') holder = node;
    else if (isFunctionNode(node)) {
      if (node.parent?.type !== 'MethodDefinition' || node.parent.value !== node) return null;
      holder = node.parent;
    }
  }
  if (!holder || holder.static || holder.parent.type !== 'ClassBody') return null;
  for (const element of holder.parent.body) {
    if (element.type !== 'MethodDefinition' || element.static || element.computed || element.kind !== kind) continue;
    if (element.key.type === 'Identifier' && element.key.name === name) return element.value;
  }
  return null;
}

/**
 * A same-file function that `identifier` names: a function declaration or a `const` bound to a function (through
 * parentheses and type assertions: `const f = (async () => …) satisfies Handler`).
 */
export function functionBoundTo(identifier: TSESTree.Identifier): TSESTree.FunctionLike | null {
  const binding = findBinding(identifier.name, identifier);
  if (binding?.kind === 'function') return binding.fn;
  if (binding?.kind === 'variable' && binding.declarationKind === 'const' && binding.declarator.init) {
    const init = unwrap(binding.declarator.init);
    if (init.type === 'ArrowFunctionExpression' || init.type === 'FunctionExpression') return init;
  }
  return null;
}

/** Each local function's calls, answered once per function (its scope is walked once). */
const callsOfFunctions = new WeakMap<TSESTree.FunctionLike, readonly TSESTree.CallExpression[] | null>();

/**
 * Every call of a function only this block can call (a function declaration, or a `const` bound to a function, that
 * is not exported), when each use of its name is a call of it: `metaOf(uri)`, never `register(metaOf)`. Null when it is
 * used any other way (passed on, exported by name, read by a type), or other modules may call it: not every call is
 * in sight. Found in one walk of the block, of only the subtrees where a token spells the name.
 */
export function callsOfLocalFunction(fn: TSESTree.FunctionLike): readonly TSESTree.CallExpression[] | null {
  const known = callsOfFunctions.get(fn);
  if (known !== undefined) return known;
  const local = localBindingOf(fn);
  const calls = local ? callsInScope(local) : null;
  callsOfFunctions.set(fn, calls);
  return calls;
}

/** A function's name, the block it is declared in, and how a look-up of the name finds this very function. */
interface LocalBinding {
  readonly id: TSESTree.Identifier;
  readonly scope: Node;
  readonly isIt: (binding: Binding | null) => boolean;
}

function localBindingOf(fn: TSESTree.FunctionLike): LocalBinding | null {
  if (fn.type === 'FunctionDeclaration') {
    const scope = fn.parent;
    if (!fn.id || !scope || scope.type === 'ExportNamedDeclaration' || scope.type === 'ExportDefaultDeclaration') return null;
    return { id: fn.id, scope, isIt: (binding) => binding?.kind === 'function' && binding.fn === fn };
  }
  // `const metaOf = (uri) => …`, also through a type assertion (`const f = (async () => …) satisfies Handler`).
  const declarator = outsideTypeWrappers(fn).parent;
  if (declarator?.type !== 'VariableDeclarator' || declarator.id.type !== 'Identifier') return null;
  const declaration = declarator.parent;
  const scope = declaration?.parent;
  if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const' || !scope || scope.type === 'ExportNamedDeclaration')
    return null;
  const bound = declarator;
  return { id: declarator.id, scope, isIt: (binding) => binding?.kind === 'variable' && binding.declarator === bound };
}

function callsInScope(local: LocalBinding): TSESTree.CallExpression[] | null {
  const calls: TSESTree.CallExpression[] = [];
  const reads = readsInScope(local, (read) => {
    const parent = read.parent;
    if (parent?.type !== 'CallExpression' || parent.callee !== read) return false;
    calls.push(parent);
    return true;
  });
  return reads === null ? null : calls;
}

/**
 * The reads of a binding in its scope (`isIt`: a look-up of the name there finds it), in source order; each is given to
 * `keep`, and the first it refuses ends the walk with null. Only the subtrees where a token spells the name are entered.
 */
function readsInScope({ id, scope, isIt }: LocalBinding, keep: (read: TSESTree.Identifier) => boolean): TSESTree.Identifier[] | null {
  const reads: TSESTree.Identifier[] = [];
  let refused = false;
  const uses = tokenOffsetsOf(scope, id.name);
  const visit = (node: Node): void => {
    if (refused || (uses && !sortedHasIn(uses, node.range[0], node.range[1]))) return;
    if (node.type === 'Identifier' && node !== id && node.name === id.name && readsItsName(node) && isIt(findBinding(node.name, node))) {
      // A shorthand property (`{ _meta }`) may be one node as its key and its value: counted once.
      if (reads.at(-1) === node) return;
      if (keep(node)) reads.push(node);
      else refused = true;
      return;
    }
    forEachChildNode(node, visit);
  };
  visit(scope);
  return refused ? null : reads;
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
        // A value import may hold a key (`import { TIMING_KEY } from './keys.js'`, `import KEYS from './keys.js'`,
        // `import * as K from './keys.js'`): resolved from its module.
        const typeOnly = declaration.importKind === 'type' || (specifier.type === 'ImportSpecifier' && specifier.importKind === 'type');
        const source = declaration.source.value;
        if (typeOnly) declare(specifier.local.name, { kind: 'other' });
        else if (specifier.type === 'ImportNamespaceSpecifier') declare(specifier.local.name, { kind: 'namespace', source });
        else if (specifier.type === 'ImportDefaultSpecifier')
          declare(specifier.local.name, { kind: 'import', source, imported: 'default' });
        else {
          const imported = specifier.imported.type === 'Identifier' ? specifier.imported.name : String(specifier.imported.value);
          declare(specifier.local.name, { kind: 'import', source, imported });
        }
      }
    }
  }
  return index;
}

/**
 * The module and exported name a type is imported by in the file `from` is in (`import type { T } from './types'`,
 * `import { type T } from …`, or a value import used as a type); null when the file does not import `name`.
 */
export function importOfName(name: string, from: Node): { source: string; imported: string } | null {
  let program: Node = from;
  while (program.parent) program = program.parent;
  if (program.type !== 'Program') return null;
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration') continue;
    for (const specifier of statement.specifiers) {
      if (specifier.type !== 'ImportSpecifier' || specifier.local.name !== name) continue;
      const imported = specifier.imported.type === 'Identifier' ? specifier.imported.name : String(specifier.imported.value);
      return { source: statement.source.value, imported };
    }
  }
  return null;
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

/** True when the binding pattern (a parameter, a destructuring) declares `name`. */
export function patternDeclares(pattern: Node, name: string): boolean {
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
