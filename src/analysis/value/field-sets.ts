/**
 * The fields a value writes into a `_meta` key, read statically: object literals, `const`s bound to them,
 * conditional and nested spreads, same-file builder functions, arrays of objects (literal or `rows.map(r => ({...}))`).
 * Whatever cannot be read makes the shape `open`: unknown fields may exist there, and nothing is reported about them.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { isFunctionNode, isNothing, memberPropertyName, propertyKeyName, returnArguments, unwrap } from '../syntax/ast';
import { constInitializer, functionBoundTo, staticKey } from '../syntax/bindings';

type Node = TSESTree.Node;
type Expression = TSESTree.Expression;

export interface FieldOccurrence {
  /** Where the field is written (the property key, or the shorthand identifier). */
  readonly node: Node;
  /** Its value, unwrapped; null for a method or a computed getter. */
  readonly value: Expression | null;
  /** The object literal it is a property of (a module's copy has no `parent` links to ask). */
  readonly holder: TSESTree.ObjectExpression;
}

export interface FieldShape {
  /** Field name -> every place it is written (branches of a conditional write the same field twice). */
  readonly fields: ReadonlyMap<string, readonly FieldOccurrence[]>;
  /** True when part of the value could not be read: more fields may be written than `fields` lists. */
  readonly open: boolean;
}

/** Guards against `const a = { ...b }; const b = { ...a }` and recursive builders. */
const MAX_DEPTH = 8;

/** The object shape of `value`, or null when `value` is not statically an object (a number, an opaque call...). */
export function collectFieldShape(value: Node | null | undefined): FieldShape | null {
  if (!value) return null;
  const builder = new ShapeBuilder();
  return builder.addObject(value as Expression, 0) ? builder.shape() : null;
}

/**
 * The shape of each item of an array value: array literals of objects, `.map(r => ({...}))` (also after
 * `.filter(...)`/`.slice(...)`), a `const` bound to either, or `[...a, ...b]`. Null when unknown.
 */
export function collectItemShape(value: Node | null | undefined): FieldShape | null {
  if (!value) return null;
  const builder = new ShapeBuilder();
  return builder.addItems(value as Expression, 0) ? builder.shape() : null;
}

class ShapeBuilder {
  private readonly fields = new Map<string, FieldOccurrence[]>();
  private open = false;

  shape(): FieldShape {
    return { fields: this.fields, open: this.open };
  }

  /** Adds the fields of an object-valued expression; false when it is not (statically) an object at all. */
  addObject(expression: Expression, depth: number): boolean {
    if (depth > MAX_DEPTH) return this.markOpen();
    const inner = unwrap(expression) as Expression;
    switch (inner.type) {
      case 'ObjectExpression':
        for (const property of inner.properties) this.addProperty(property, inner, depth);
        return true;
      case 'Identifier': {
        const init = constInitializer(inner);
        return init ? this.addObject(init, depth + 1) : false;
      }
      case 'ConditionalExpression': {
        const consequent = this.addObjectOrEmpty(inner.consequent, depth + 1);
        const alternate = this.addObjectOrEmpty(inner.alternate, depth + 1);
        return consequent || alternate;
      }
      case 'LogicalExpression':
        // `a ?? {}` / `c && { f }`: the object side(s) contribute fields.
        return this.addObjectOrEmpty(inner.right, depth + 1) || this.addObjectOrEmpty(inner.left, depth + 1);
      case 'AwaitExpression':
        return this.addObject(inner.argument, depth + 1);
      case 'CallExpression':
        return this.addBuilderResult(inner, depth);
      default:
        return false;
    }
  }

  addItems(expression: Expression, depth: number): boolean {
    if (depth > MAX_DEPTH) return this.markOpen();
    const inner = unwrap(expression) as Expression;
    switch (inner.type) {
      case 'ArrayExpression': {
        for (const element of inner.elements) {
          if (!element) continue;
          if (element.type === 'SpreadElement') {
            if (!this.addItems(element.argument, depth + 1)) this.markOpen();
          } else if (!this.addObject(element, depth + 1)) {
            this.markOpen();
          }
        }
        return true;
      }
      case 'Identifier': {
        const init = constInitializer(inner);
        return init ? this.addItems(init, depth + 1) : false;
      }
      case 'ConditionalExpression':
        return this.addItems(inner.consequent, depth + 1) || this.addItems(inner.alternate, depth + 1);
      case 'CallExpression':
        return this.addMappedItems(inner, depth);
      default:
        return false;
    }
  }

  /** `rows.map(r => ({ ... }))`, `rows.filter(f).map(function (r) { return {...}; })`. */
  private addMappedItems(call: TSESTree.CallExpression, depth: number): boolean {
    const callee = unwrap(call.callee);
    if (callee.type !== 'MemberExpression') return false;
    const method = memberPropertyName(callee);
    if (method === 'filter' || method === 'slice' || method === 'concat' || method === 'sort' || method === 'reverse') {
      return this.addItems(callee.object, depth + 1);
    }
    if (method !== 'map' && method !== 'flatMap') return false;
    const mapper = call.arguments[0] ? unwrap(call.arguments[0]) : null;
    if (!mapper || !isFunctionNode(mapper)) return false;
    return this.addFunctionReturns(mapper, depth);
  }

  private addBuilderResult(call: TSESTree.CallExpression, depth: number): boolean {
    const callee = unwrap(call.callee);
    if (callee.type !== 'Identifier') return false;
    const fn = functionBoundTo(callee);
    return fn ? this.addFunctionReturns(fn, depth) : false;
  }

  /** Every `return` of a same-file function (not of functions nested in it), or its expression body. */
  private addFunctionReturns(fn: TSESTree.FunctionLike, depth: number): boolean {
    if (!fn.body) return false;
    if (fn.body.type !== 'BlockStatement') return this.addObject(fn.body, depth + 1);
    let any = false;
    for (const argument of returnArguments(fn.body)) {
      if (this.addObjectOrEmpty(argument, depth + 1)) any = true;
      else this.markOpen();
    }
    return any;
  }

  /** Like addObject, but `{}`-likes (`null`, `undefined`, `false`) add nothing and are fine. */
  private addObjectOrEmpty(expression: Expression, depth: number): boolean {
    const inner = unwrap(expression) as Expression;
    if (isNothing(inner)) return false;
    if (!this.addObject(inner, depth)) this.markOpen();
    return true;
  }

  private addProperty(property: TSESTree.ObjectLiteralElement, holder: TSESTree.ObjectExpression, depth: number): void {
    if (property.type === 'SpreadElement') {
      const argument = unwrap(property.argument) as Expression;
      if (!isNothing(argument) && !this.addObject(argument, depth + 1)) this.markOpen();
      return;
    }
    const name = property.computed ? (staticKey(property.key, null)?.name ?? null) : propertyKeyName(property);
    if (name === null) {
      this.markOpen();
      return;
    }
    const value = property.kind === 'init' && !property.method ? (unwrap(property.value) as Expression) : null;
    const occurrences = this.fields.get(name) ?? [];
    occurrences.push({ node: property.key, value, holder });
    this.fields.set(name, occurrences);
  }

  private markOpen(): boolean {
    this.open = true;
    return true;
  }
}
