/**
 * Framework conventions (`FRAMEWORK_CONVENTIONS`) in the value phase: a literal written in a framework's descriptor
 * position (`export const metadata: ToolMetadata = { _meta: { … } }`, `ToolMetadata` imported from `xmcp`) has the
 * keys the framework sends to the host, not the ones written: xmcp flattens nested objects into slash keys, so
 * `_meta: { openai: { toolInvocation: { invoking } } }` writes the key `openai/toolInvocation/invoking`.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { unwrap } from '../syntax/ast';
import { objectLiteralOf } from '../syntax/meta-syntax';
import { configFieldAt, conventionOfTypeReference } from '../plane/of-framework';
import type { FrameworkConvention } from '../plane/sdk-registrations';
import { teamFlattenKeysOf, type TeamSinks } from '../plane/team-sinks';
import type { WriteSite } from '../sites/write-site';
import type { MetaKeyWrite } from '../types';
import { metaValueShape, type MetaValueShape, type ModuleScope } from './meta-value';

type Node = TSESTree.Node;

/** What the value phase reads of a convention: the separator nested keys are joined with, the keys kept nested. */
export interface KeyFlattening {
  readonly separator: string;
  readonly nestedKeys: ReadonlySet<string>;
}

/** The flattening a type names (`ToolMetadata` imported from `xmcp`), or null (none, or a convention that keeps keys). */
function conventionOfType(type: TSESTree.TypeNode | undefined): KeyFlattening | null {
  const convention = conventionOfTypeReference(type)?.convention;
  return flatteningOf(convention);
}

function flatteningOf(convention: FrameworkConvention | undefined): KeyFlattening | null {
  return convention?.flattenKeys === undefined
    ? null
    : { separator: convention.flattenKeys, nestedKeys: convention.nestedKeys ?? new Set() };
}

/**
 * The convention governing `literal`, the object holding `_meta`: its assertion (`{ … } satisfies ToolMetadata`) or
 * the annotation of the variable it initialises (`const metadata: ToolMetadata = { … }`) names a framework's
 * descriptor type. Null for any other literal (the same nested `_meta` elsewhere stays a nested key).
 */
export function frameworkConventionOf(literal: TSESTree.ObjectExpression, sinks: TeamSinks): KeyFlattening | null {
  return conventionOfDescriptorType(literal) ?? teamConventionOf(literal, sinks);
}

/**
 * The manifest's own declaration of the same convention, for a team's registration function (`sinks.registrations`
 * with `"flattenKeys": "/"`): its config's nested `_meta`, written in place, is flattened as xmcp's is.
 */
function teamConventionOf(literal: TSESTree.ObjectExpression, sinks: TeamSinks): KeyFlattening | null {
  const separator = teamFlattenKeysOf(literal, sinks);
  return separator === null ? null : { separator, nestedKeys: new Set() };
}

function conventionOfDescriptorType(literal: TSESTree.ObjectExpression): KeyFlattening | null {
  let node: Node = literal;
  while (
    node.parent &&
    (node.parent.type === 'TSAsExpression' || node.parent.type === 'TSSatisfiesExpression' || node.parent.type === 'TSTypeAssertion')
  ) {
    const convention = conventionOfType(node.parent.typeAnnotation);
    if (convention) return convention;
    node = node.parent;
  }
  const parent = node.parent;
  if (parent?.type === 'VariableDeclarator' && parent.init === node) return conventionOfType(parent.id.typeAnnotation?.typeAnnotation);
  return null;
}

/**
 * The shape of `_meta` as the framework sends it: each key whose value is an object literal (written in place or held
 * in a `const`) becomes one key per leaf, named by the path joined with `convention.separator`, reported at the
 * leaf's own property key; the top-level keys in `nestedKeys`, and values that are no object literal (arrays,
 * calls), stay as written. A spread inside a nested object adds keys not known here, as a spread at the top does.
 */
export function flattenedShape(shape: MetaValueShape, convention: KeyFlattening, scope: ModuleScope): MetaValueShape {
  const keys: MetaKeyWrite[] = [];
  const spreads = [...shape.spreads];
  const flatten = (key: MetaKeyWrite, prefix: string | null, depth: number): void => {
    const name = prefix === null || key.name === null ? key.name : `${prefix}${convention.separator}${key.name}`;
    const nested =
      key.value && !key.builtBy && depth < MAX_FLATTEN_DEPTH ? objectLiteralOf(unwrap(key.value) as TSESTree.Expression) : null;
    if (name === null || !nested || (prefix === null && convention.nestedKeys.has(name))) {
      keys.push(prefix === null ? key : { ...key, name, flattened: { prefix, separator: convention.separator } });
      return;
    }
    const inner = metaValueShape(nested, null, scope);
    spreads.push(...inner.spreads);
    for (const each of inner.keys) flatten(each, name, depth + 1);
  };
  for (const key of shape.keys) flatten(key, null, 0);
  return { ...shape, keys, spreads };
}

/** Nested literals are flattened this deep (a literal holding itself through a `const` is not followed forever). */
const MAX_FLATTEN_DEPTH = 8;

/** The nodes `frameworkFieldKeys` builds (the framework's shape around the user's values): no fix edits them. */
const frameworkWritten = new WeakSet<Node>();

/** True for a node of a key's value that only the framework's shape adds (`ui: { … }` around `visibility`'s value). */
export function isFrameworkWritten(node: Node): boolean {
  return frameworkWritten.has(node);
}

/** A level of the key tree the fields build: each name's value, and the config property it comes from. */
type Level = Map<string, { readonly at: TSESTree.Property; value: TSESTree.Expression | Level }>;

/**
 * The keys a framework writes from a tool registration's config fields (a `framework-fields` site): each field written
 * in place lands at its path (`view.csp` -> `ui.csp`), and the keys' values are objects built around the fields' own
 * values (`{ csp: <the code's csp literal>, domain: <its domain> }`), so the field, catalogue and MCP Apps checks read
 * them as they read a `_meta` written by hand and report on the code's values. A key is reported at the config
 * property its first field is written under (`visibility`, `view`).
 */
export function frameworkFieldKeys(site: Extract<WriteSite, { form: 'framework-fields' }>): MetaKeyWrite[] {
  const root: Level = new Map();
  const sources = new Map<string, string[]>();
  for (const field of site.fields) {
    const property = configFieldAt(site.config, field.from);
    if (!property) continue;
    const written = unwrap(property.value) as TSESTree.Expression;
    const value = field.asArray ? synthetic(written, { type: 'ArrayExpression', elements: [written] }) : written;
    let level = root;
    for (const [index, name] of field.to.entries()) {
      if (index === field.to.length - 1) {
        level.set(name, { at: property, value });
        break;
      }
      let slot = level.get(name);
      if (!slot || !(slot.value instanceof Map)) {
        slot = { at: index === 0 ? configFieldAt(site.config, field.from.slice(0, 1))! : property, value: new Map() };
        level.set(name, slot);
      }
      level = slot.value as Level;
    }
    const key = field.to[0];
    sources.set(key, [...(sources.get(key) ?? []), field.from.join('.')]);
  }
  return [...root].map(([name, slot]) => ({
    name,
    source: 'literal',
    node: slot.at.key,
    value: slot.value instanceof Map ? objectOf(slot.value, slot.at) : slot.value,
    writtenBy: { framework: site.framework, fields: sources.get(name) ?? [] },
  }));
}

/** The object literal a level stands for, its property keys placed where their values come from. */
function objectOf(level: Level, at: TSESTree.Property): TSESTree.ObjectExpression {
  const object = synthetic(at, { type: 'ObjectExpression', properties: [] as TSESTree.Property[] }) as TSESTree.ObjectExpression;
  for (const [name, slot] of level) {
    const value = slot.value instanceof Map ? objectOf(slot.value, slot.at) : slot.value;
    const key = synthetic(slot.at.key, { type: 'Identifier', name, decorators: [], optional: false, typeAnnotation: undefined });
    const property = synthetic(slot.at, {
      type: 'Property',
      key,
      value,
      computed: false,
      method: false,
      shorthand: false,
      kind: 'init',
      optional: false,
    }) as unknown as TSESTree.Property;
    (key as { parent?: Node }).parent = property;
    (property as { parent?: Node }).parent = object;
    object.properties.push(property);
  }
  return object;
}

/** A node the framework's shape adds, placed (range, loc, parent) where `at` is in the code. */
function synthetic<T extends object>(at: Node, fields: T): TSESTree.Expression {
  const node = { ...fields, range: at.range, loc: at.loc, parent: at.parent } as unknown as TSESTree.Expression;
  frameworkWritten.add(node);
  return node;
}
