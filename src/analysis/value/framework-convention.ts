/**
 * Framework conventions (`FRAMEWORK_CONVENTIONS`) in the value phase: a literal written in a framework's descriptor
 * position (`export const metadata: ToolMetadata = { _meta: { … } }`, `ToolMetadata` imported from `xmcp`) has the
 * keys the framework sends to the host, not the ones written: xmcp flattens nested objects into slash keys, so
 * `_meta: { openai: { toolInvocation: { invoking } } }` writes the key `openai/toolInvocation/invoking`.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { unwrap } from '../syntax/ast';
import { objectLiteralOf } from '../syntax/meta-syntax';
import { FRAMEWORK_CONVENTIONS, type FrameworkConvention } from '../plane/sdk-registrations';
import { teamFlattenKeysOf } from '../plane/team-sinks';
import type { MetaKeyWrite } from '../types';
import { metaValueShape, type MetaValueShape, type ModuleScope } from './meta-value';

type Node = TSESTree.Node;

/** The module-level import of `local` (value or type-only): its package and imported name, or null. */
function importOf(local: string, from: Node): { source: string; imported: string } | null {
  let program: Node = from;
  while (program.parent) program = program.parent;
  if (program.type !== 'Program') return null;
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration') continue;
    for (const specifier of statement.specifiers) {
      if (specifier.local.name !== local) continue;
      const source = statement.source.value;
      if (specifier.type === 'ImportSpecifier') {
        const imported = specifier.imported.type === 'Identifier' ? specifier.imported.name : String(specifier.imported.value);
        return { source, imported };
      }
      return { source, imported: specifier.type === 'ImportDefaultSpecifier' ? 'default' : '*' };
    }
  }
  return null;
}

/** The framework convention a type names (`ToolMetadata` or `xmcp.ToolMetadata`, imported from `xmcp`), or null. */
function conventionOfType(type: TSESTree.TypeNode | undefined): FrameworkConvention | null {
  if (type?.type !== 'TSTypeReference') return null;
  const name = type.typeName;
  let source: string | null = null;
  let imported: string | null = null;
  if (name.type === 'Identifier') {
    const found = importOf(name.name, name);
    source = found?.source ?? null;
    imported = found?.imported ?? null;
  } else if (name.type === 'TSQualifiedName' && name.left.type === 'Identifier') {
    const found = importOf(name.left.name, name);
    source = found?.imported === '*' ? found.source : null;
    imported = name.right.name;
  }
  if (source === null || imported === null) return null;
  return FRAMEWORK_CONVENTIONS.find((each) => each.packages.includes(source) && each.types.has(imported)) ?? null;
}

/**
 * The convention governing `literal`, the object holding `_meta`: its assertion (`{ … } satisfies ToolMetadata`) or
 * the annotation of the variable it initialises (`const metadata: ToolMetadata = { … }`) names a framework's
 * descriptor type. Null for any other literal (the same nested `_meta` elsewhere stays a nested key).
 */
export function frameworkConventionOf(literal: TSESTree.ObjectExpression): FrameworkConvention | null {
  return conventionOfDescriptorType(literal) ?? teamConventionOf(literal);
}

/**
 * The manifest's own declaration of the same convention, for a team's registration function (`sinks.registrations`
 * with `"flattenKeys": "/"`): its config's nested `_meta`, written in place, is flattened as xmcp's is.
 */
function teamConventionOf(literal: TSESTree.ObjectExpression): FrameworkConvention | null {
  const separator = teamFlattenKeysOf(literal);
  return separator === null
    ? null
    : { framework: 'manifest sinks', packages: [], types: new Map(), flattenKeys: separator, nestedKeys: new Set() };
}

function conventionOfDescriptorType(literal: TSESTree.ObjectExpression): FrameworkConvention | null {
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
 * in a `const`) becomes one key per leaf, named by the path joined with `convention.flattenKeys`, reported at the
 * leaf's own property key; the top-level keys in `nestedKeys`, and values that are no object literal (arrays,
 * calls), stay as written. A spread inside a nested object adds keys not known here, as a spread at the top does.
 */
export function flattenedShape(shape: MetaValueShape, convention: FrameworkConvention, scope: ModuleScope): MetaValueShape {
  const keys: MetaKeyWrite[] = [];
  const spreads = [...shape.spreads];
  const flatten = (key: MetaKeyWrite, prefix: string | null, depth: number): void => {
    const name = prefix === null || key.name === null ? key.name : `${prefix}${convention.flattenKeys}${key.name}`;
    const nested =
      key.value && !key.builtBy && depth < MAX_FLATTEN_DEPTH ? objectLiteralOf(unwrap(key.value) as TSESTree.Expression) : null;
    if (name === null || !nested || (prefix === null && convention.nestedKeys.has(name))) {
      keys.push(prefix === null ? key : { ...key, name, flattened: { prefix, separator: convention.flattenKeys } });
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
