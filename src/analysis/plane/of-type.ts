/**
 * What a declared type says about an object's plane: the SDKs' own type names (`CallToolResult`, `Tool`,
 * `ResourceContents`, `RegisteredTool`, …) are `type` evidence; a framework's descriptor types by name
 * (`ToolMetadata`, `UIResourceProps`) only `name` evidence.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { unwrap } from '../syntax/ast';
import { findBinding, parameterAnnotation } from '../syntax/bindings';
import type { PlaneDecision, WritePlane } from '../planes';
import { planeOfFrameworkType } from './of-framework';

/**
 * Declared types that fix a variable's plane (`const r: CallToolResult = …`), from the SDKs' own type names. The SDK's
 * `Registered*` objects are what `update()` writes (`registeredPrompt._meta = updates._meta` in the SDK's own code).
 */
const PLANE_OF_TYPE: ReadonlyMap<string, WritePlane> = new Map([
  ['CallToolResult', 'result'],
  // MCP_META_CHANNELS's own name for it ("ToolResult._meta").
  ['ToolResult', 'result'],
  ['CompatibilityCallToolResult', 'result'],
  ['Tool', 'tool'],
  ['ToolConfig', 'tool'],
  ['RegisteredTool', 'tool'],
  ['McpUiAppToolConfig', 'tool'],
  ['Resource', 'resource'],
  ['ResourceMetadata', 'resource'],
  ['ResourceTemplate', 'resource'],
  ['RegisteredResource', 'resource'],
  ['RegisteredResourceTemplate', 'resource'],
  ['ResourceContents', 'resource'],
  ['TextResourceContents', 'resource'],
  ['BlobResourceContents', 'resource'],
  ['McpUiAppResourceConfig', 'resource'],
  ['Prompt', 'prompt'],
  ['RegisteredPrompt', 'prompt'],
  ['GetPromptResult', 'prompt'],
  ['CreateMessageResult', 'client-result'],
  ['ElicitResult', 'client-result'],
]);

/**
 * Other frameworks' descriptor types, by name (`AppToolDefinition`, `UIResourceProps`): a type says more than a
 * variable's name, so these decide before the name fallback. Their evidence is still `name`: nothing declares what the
 * framework does with the object before the host sees it. A type `FRAMEWORK_CONVENTIONS` lists, imported from its
 * framework's package (mcp-use's `ToolDefinition`, xmcp's `ToolMetadata`), takes the plane and evidence the table
 * gives it first (`of-framework.ts`).
 */
const TOOL_TYPE_NAME = /Tool(?:Config|Configuration|Def|Definition|Descriptor|Metadata|Spec)$/;

const RESOURCE_TYPE_NAME = /Resource(?:Config|Configuration|Def|Definition|Descriptor|Metadata|Props)$/;

/** The plane a type names (`CallToolResult`, `ToolMetadata`, `ResourceContents & { _meta?: … }`), or null. */
function planeOfTypeNode(type: TSESTree.TypeNode | undefined): PlaneDecision | null {
  if (type?.type === 'TSIntersectionType') {
    for (const member of type.types) {
      const decided = planeOfTypeNode(member);
      if (decided) return decided;
    }
    return null;
  }
  if (type?.type !== 'TSTypeReference') return null;
  // A framework's descriptor type imported from its package (`FRAMEWORK_CONVENTIONS`): its plane, by type.
  const framework = planeOfFrameworkType(type);
  if (framework) return framework;
  const typeName = type.typeName;
  const name = typeName.type === 'Identifier' ? typeName.name : typeName.type === 'TSQualifiedName' ? typeName.right.name : null;
  if (name === null) return null;
  const known = PLANE_OF_TYPE.get(name);
  if (known) return { plane: known, evidence: 'type' };
  if (TOOL_TYPE_NAME.test(name)) return { plane: 'tool', evidence: 'name' };
  if (RESOURCE_TYPE_NAME.test(name)) return { plane: 'resource', evidence: 'name' };
  return null;
}

/**
 * The plane a declarator's type says: its annotation (`const r: CallToolResult`), else its initializer's assertion
 * (`const props = { … } as UIResourceProps`, `satisfies Tool`); null when neither names one.
 */
export function planeOfDeclaredType(declarator: TSESTree.VariableDeclarator): PlaneDecision | null {
  const annotated = planeOfTypeNode(declarator.id.typeAnnotation?.typeAnnotation);
  if (annotated) return annotated;
  for (let init = declarator.init; init; init = init.expression) {
    if (init.type !== 'TSAsExpression' && init.type !== 'TSSatisfiesExpression' && init.type !== 'TSTypeAssertion') return null;
    const asserted = planeOfTypeNode(init.typeAnnotation);
    if (asserted) return asserted;
  }
  return null;
}

/**
 * The plane of what a call returns, from the declared return type of the function called: a parameter typed as a
 * function (`pick: () => ToolResult`, then `pick()._meta = …`) or a function declared here; null otherwise.
 */
export function planeOfCallReturn(call: TSESTree.CallExpression): PlaneDecision | null {
  const callee = unwrap(call.callee);
  if (callee.type !== 'Identifier') return null;
  const binding = findBinding(callee.name, callee);
  if (binding?.kind === 'function') return planeOfTypeNode(binding.fn.returnType?.typeAnnotation);
  const annotation = binding?.kind === 'other' ? parameterAnnotation(callee) : null;
  return annotation?.type === 'TSFunctionType' ? planeOfTypeNode(annotation.returnType?.typeAnnotation) : null;
}

/**
 * The plane of an item of the array `identifier` names, from its declared type: a parameter or `const` annotated
 * `TextResourceContents[]`, `Array<Tool>`, or with the name of the array itself (`contents: ResourceContents`, a
 * project's alias of `ReadResourceResult['contents']`); null otherwise. What `contents.map((content) => ({ ...content,
 * _meta }))` builds is such an item (cyanheads/mcp-ts-template's `mirrorUiMetaIntoContents`).
 */
export function planeOfArrayItems(identifier: TSESTree.Identifier): PlaneDecision | null {
  const declarator = findBinding(identifier.name, identifier);
  const annotation =
    declarator?.kind === 'variable' ? declarator.declarator.id.typeAnnotation?.typeAnnotation : parameterAnnotation(identifier);
  if (!annotation) return null;
  if (annotation.type === 'TSArrayType') return planeOfTypeNode(annotation.elementType);
  if (
    annotation.type === 'TSTypeReference' &&
    annotation.typeName.type === 'Identifier' &&
    /^(?:Readonly)?Array$/.test(annotation.typeName.name)
  )
    return planeOfTypeNode(annotation.typeArguments?.params[0]);
  return planeOfTypeNode(annotation);
}

/** The plane a parameter's annotation says (`function add(toolConfig: ToolMetadata)`), or null. */
export function planeOfParameter(identifier: TSESTree.Identifier): PlaneDecision | null {
  return planeOfTypeNode(parameterAnnotation(identifier) ?? undefined);
}
