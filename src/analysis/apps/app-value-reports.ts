/**
 * The widget values of a file a host cannot use (`appValueProblemsOf`), as reports: each once, with its message id,
 * words and data. `valid-app-linkage` reports them in one file and `mcp-meta check` reports the same list for every
 * file as `app-value` (src/cli/app-linkage.ts), so a CI gate on `check` passes none the lint reports and the two never
 * word one differently.
 */
import type { ImportedNames } from '../syntax/bindings';
import { builtByHint } from '../modules/imported-helpers';
import type { MetaWrite } from '../types';
import { nearestName } from '../../util/nearest-name';
import { appValueProblemsOf, type AppValueProblem, type UiFieldAtTop } from './app-meta';
import { UI_PERMISSIONS } from './vocabulary';

export type AppValueMessageId =
  | 'notUiScheme'
  | 'flatDiffers'
  | 'notOrigin'
  | 'notDomain'
  | 'visibility'
  | 'visibilityNotArray'
  | 'permission'
  | 'permissionsNotObject'
  | 'uiFieldAtTop';

/** Each message's words (ESLint's `{{name}}` placeholders): the rule's `meta.messages`, and `check`'s finding text. */
export const APP_VALUE_MESSAGES: Readonly<Record<AppValueMessageId, string>> = {
  notUiScheme:
    "'{{uri}}' in `{{via}}` is not a `ui://` URI: hosts render widgets only from ui:// resources, so the tool shows no widget.{{builtBy}}",
  flatDiffers:
    "The flat `ui/resourceUri` ('{{flat}}') and `ui.resourceUri` ('{{nested}}') of this tool name different widgets: hosts that read the flat key render another widget than hosts that read `ui.resourceUri`.{{builtBy}}",
  notOrigin:
    "'{{value}}' in `{{list}}` is not an origin ({{why}}): hosts build the widget's Content-Security-Policy from origins (`https://host[:port]`, `https://*.example.com`), so they drop or reject it and the widget's requests to it are blocked.{{builtBy}}",
  notDomain:
    "'{{value}}' in `{{field}}` cannot be the widget's dedicated origin ({{why}}): the host cannot serve the widget from it and falls back to its default sandbox origin (or rejects the resource).{{builtBy}}",
  visibility:
    "'{{value}}' is not a `ui.visibility` value ('model' or 'app'): hosts ignore it, so the tool is not hidden from or shown to whom you meant.{{builtBy}}",
  visibilityNotArray:
    "`ui.visibility` is an array of 'model' and 'app' (`['app']`), not a string: hosts that read it as a list ignore it and the tool keeps its default visibility.{{builtBy}}",
  permission:
    "'{{value}}' is not a `ui.permissions` permission (camera, microphone, geolocation, clipboardWrite): hosts do not grant it to the widget's iframe.{{near}}{{builtBy}}",
  permissionsNotObject:
    '`ui.permissions` is an object of empty objects (`{ camera: {} }`), not a list: hosts read its keys, so the widget is granted none of these.{{builtBy}}',
  uiFieldAtTop:
    '`{{field}}` is written at the top of `_meta`, but MCP Apps hosts read it only as a field of `ui` (`ui.{{field}}`): they ignore it here, so {{effect}}. Move it into `ui`.{{builtBy}}',
};

/** What a host does with `ui`'s field written at the top of `_meta` instead: nothing, and what follows from that. */
const UI_FIELD_AT_TOP_EFFECT: Record<UiFieldAtTop, string> = {
  resourceUri: 'the tool links no widget and renders none',
  visibility: 'the tool keeps its default visibility',
  csp: 'the widget gets no such policy, and its requests to those origins are blocked',
  permissions: "the widget's iframe is granted none of them",
  prefersBorder: 'the host draws the border by its own default',
};

/** One value problem as the lint reports it: where, its message id and data. */
export interface AppValueReport {
  readonly problem: AppValueProblem;
  readonly messageId: AppValueMessageId;
  readonly data: Readonly<Record<string, string>>;
}

/**
 * The file's value problems as reports, each once: a `const` of widget `_meta` spread into several descriptors is one
 * value, reported where it is written; another module's `const` (`'openai/widgetCSP': WIDGET_CSP`, imported) once,
 * where this file first uses it. `registryDir` is where the message names a helper's module from.
 */
export function appValueReportsOf(
  writes: readonly MetaWrite[],
  imports: ImportedNames | null,
  text: string,
  registryDir: string,
): AppValueReport[] {
  const seen = new Set<string>();
  const reports: AppValueReport[] = [];
  for (const problem of appValueProblemsOf(writes, imports, text)) {
    const { messageId, data } = problemMessage(problem);
    const report = { problem, messageId, data: { ...data, builtBy: builtByHint(problem.builtBy, registryDir) } };
    const where = problem.builtBy?.kind === 'const' ? `${problem.builtBy.file}#${problem.builtBy.helper}` : problem.node.range[0];
    const key = `${where}:${messageId}:${JSON.stringify(report.data)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    reports.push(report);
  }
  return reports;
}

/** A report's words, as the lint prints them. */
export function appValueMessageText(report: AppValueReport): string {
  return fillPlaceholders(APP_VALUE_MESSAGES[report.messageId], report.data);
}

/** `template`'s `{{name}}` placeholders filled from `data` as ESLint fills a message's (a name without data stays). */
export function fillPlaceholders(template: string, data: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{([^{}]+?)\}\}/g, (placeholder, name: string) => data[name.trim()] ?? placeholder);
}

function problemMessage(problem: AppValueProblem): { messageId: AppValueMessageId; data: Record<string, string> } {
  switch (problem.kind) {
    case 'not-ui-scheme':
      return { messageId: 'notUiScheme', data: { uri: problem.uri, via: problem.via } };
    case 'flat-differs':
      return { messageId: 'flatDiffers', data: { flat: problem.flat, nested: problem.nested } };
    case 'not-origin':
      return { messageId: 'notOrigin', data: { value: problem.value, list: problem.list, why: problem.why } };
    case 'not-domain':
      return { messageId: 'notDomain', data: { value: problem.value, field: problem.field, why: problem.why } };
    case 'visibility':
      return { messageId: 'visibility', data: { value: problem.value } };
    case 'visibility-not-array':
      return { messageId: 'visibilityNotArray', data: {} };
    case 'permission':
      return { messageId: 'permission', data: { value: problem.value, near: nearHint(problem.value, UI_PERMISSIONS) } };
    case 'permissions-not-object':
      return { messageId: 'permissionsNotObject', data: {} };
    case 'ui-field-at-top':
      return { messageId: 'uiFieldAtTop', data: { field: problem.field, effect: UI_FIELD_AT_TOP_EFFECT[problem.field] } };
  }
}

/** " Did you mean '…'?" for a value near one of `candidates` (a permission, a registered widget URI), or ''. */
export function nearHint(value: string, candidates: Iterable<string>): string {
  const near = nearestName(value, candidates, {
    maxDistance: (candidate) => Math.max(2, Math.floor(candidate.length / 4)),
    ignoreCase: true,
  });
  return near === null ? '' : ` Did you mean '${near}'?`;
}
