/**
 * What an object literal's own properties say it is: `{ content, _meta }` is a tool result (and so is a CreateTaskResult,
 * `{ task, _meta }`), `{ uri, text }` or `{ uriTemplate, name }` a resource.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { propertyKeyName } from '../syntax/ast';
import { TOOL_RESULT_PROPERTIES, type WritePlane } from '../planes';

/** What an object literal's own properties say it is, or null. */
export function planeOfShape(literal: TSESTree.ObjectExpression): WritePlane | null {
  const names = new Set<string>();
  for (const property of literal.properties) if (property.type === 'Property') names.add(propertyKeyName(property) ?? '');
  // A client's answer to a server (sampling `{ role, content, model }`, elicitation `{ action, content }`) has
  // `content` too; it is not a tool result.
  if ((names.has('role') && names.has('model')) || (names.has('action') && !names.has('isError') && !names.has('structuredContent'))) {
    return 'client-result';
  }
  for (const name of TOOL_RESULT_PROPERTIES) if (names.has(name)) return 'result';
  if (isCreateTaskResult(literal, names)) return 'result';
  if (names.has('inputSchema')) return 'tool';
  if (names.has('uri') && (names.has('text') || names.has('blob') || names.has('mimeType') || names.has('name'))) return 'resource';
  // A resources/templates/list entry (the SDK's ResourceTemplate): a resource descriptor whose URI is a template.
  if (names.has('uriTemplate') && (names.has('mimeType') || names.has('name'))) return 'resource';
  if (names.has('messages') || names.has('argsSchema')) return 'prompt';
  return null;
}

/**
 * A CreateTaskResult (MCP 2025-11-25 tasks): `{ task, _meta }` and nothing else, what a task-augmented `tools/call` is
 * answered with instead of a CallToolResult. The catalogue reads its `_meta` as a tool result's (`model-immediate-
 * response` is defined there, on a CreateTaskResult). An object with a `task` and more (`{ task: 'reindex', status }`)
 * says nothing.
 */
function isCreateTaskResult(literal: TSESTree.ObjectExpression, names: ReadonlySet<string>): boolean {
  return names.size === 2 && names.has('task') && names.has('_meta') && literal.properties.length === 2;
}
