/**
 * What a written field value certainly is, read from its syntax alone: a string, number, boolean or null literal, a
 * template literal (always a string), an array or object literal, or a `const` bound to one of those. Anything else
 * (a call, a parameter, `a ? 1 : 'x'`) is `undefined`: without types the lint cannot tell, and says nothing.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import type { LiteralValue } from '../../registry';
import { unwrap } from '../syntax/ast';
import { constInitializer } from '../syntax/bindings';

/** Guards against `const a = b; const b = a`. */
const MAX_DEPTH = 8;

export function literalValueOf(node: TSESTree.Node | null | undefined, depth = 0): LiteralValue | undefined {
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
      const argument = inner.operator === '-' ? literalValueOf(inner.argument, depth + 1) : undefined;
      return argument?.kind === 'number' ? { kind: 'number', value: -Number(argument.value) } : undefined;
    }
    case 'ArrayExpression':
      return {
        kind: 'array',
        items: inner.elements.map((element) =>
          element === null || element.type === 'SpreadElement' ? undefined : literalValueOf(element, depth + 1),
        ),
      };
    case 'ObjectExpression':
      return { kind: 'object' };
    case 'Identifier': {
      const init = constInitializer(inner);
      return init ? literalValueOf(init, depth + 1) : undefined;
    }
    default:
      return undefined;
  }
}
