/**
 * Framework conventions (`FRAMEWORK_CONVENTIONS`) in the value phase: a literal written in a framework's descriptor
 * position (`export const metadata: ToolMetadata = { _meta: { … } }`, `ToolMetadata` imported from `xmcp`) has the
 * keys the framework sends to the host, not the ones written: xmcp flattens nested objects into slash keys, so
 * `_meta: { openai: { toolInvocation: { invoking } } }` writes the key `openai/toolInvocation/invoking`.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { unwrap } from '../syntax/ast';
import { objectLiteralOf } from '../syntax/meta-syntax';
import { conventionOfTypeReference } from '../plane/of-framework';
import type { FrameworkConvention } from '../plane/sdk-registrations';
import { teamFlattenKeysOf, type TeamSinks } from '../plane/team-sinks';
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
