/**
 * What a written field value certainly is, read from its syntax alone: a string, number, boolean or null literal, a
 * template literal (always a string), an array or object literal, or a `const` bound to one of those, in the file or,
 * given `imports`, exported by another module (`import { MAX_CHARS } from './limits'`, `import * as L`, `L.MAX_CHARS`:
 * its summary's `literals`). Anything else (a call, a parameter, `a ? 1 : 'x'`) is `undefined`: without types the lint
 * cannot tell, and says nothing.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import type { LiteralValue } from '../../registry';
import { unwrap } from '../syntax/ast';
import { findBinding, importedLiteralOf, type ImportedNames } from '../syntax/bindings';

/** Guards against `const a = b; const b = a`. */
const MAX_DEPTH = 8;

export function literalValueOf(
  node: TSESTree.Node | null | undefined,
  imports: ImportedNames | null = null,
  depth = 0,
): LiteralValue | undefined {
  if (!node || depth > MAX_DEPTH) return undefined;
  const inner = unwrap(node);
  switch (inner.type) {
    case 'Literal':
      if (inner.value === null && !('regex' in inner)) return { kind: 'null', value: null };
      if (typeof inner.value === 'string') return { kind: 'string', value: inner.value };
      if (typeof inner.value === 'number') return { kind: 'number', value: inner.value };
      if (typeof inner.value === 'boolean') return { kind: 'boolean', value: inner.value };
      return undefined;
    case 'TemplateLiteral':
      // With expressions it is still a string, of a value not known here.
      return inner.expressions.length === 0 ? { kind: 'string', value: inner.quasis[0]?.value.cooked ?? '' } : { kind: 'string' };
    case 'UnaryExpression': {
      // `-1`; `!x` and `typeof x` are booleans and strings but their values are unknown, which enums would need.
      const argument = inner.operator === '-' ? literalValueOf(inner.argument, imports, depth + 1) : undefined;
      return argument?.kind === 'number' ? { kind: 'number', value: -Number(argument.value) } : undefined;
    }
    case 'ArrayExpression':
      return {
        kind: 'array',
        items: inner.elements.map((element) =>
          element === null || element.type === 'SpreadElement' ? undefined : literalValueOf(element, imports, depth + 1),
        ),
      };
    case 'ObjectExpression':
      return { kind: 'object' };
    case 'Identifier': {
      const binding = findBinding(inner.name, inner);
      if (binding?.kind === 'variable' && binding.declarationKind === 'const') {
        return binding.declarator.init ? literalValueOf(binding.declarator.init, imports, depth + 1) : undefined;
      }
      return binding?.kind === 'import' ? importedValueOf(inner, imports, depth) : undefined;
    }
    case 'MemberExpression':
      // `L.MAX_CHARS` of `import * as L from './limits'`: the module's export.
      return importedValueOf(inner, imports, depth);
    default:
      return undefined;
  }
}

/** What an imported `const` holds, from its module's summary (a detached copy: nothing in it is bound here). */
function importedValueOf(node: TSESTree.Node, imports: ImportedNames | null, depth: number): LiteralValue | undefined {
  const found = importedLiteralOf(node, imports);
  return found ? literalValueOf(found.value, null, depth + 1) : undefined;
}
