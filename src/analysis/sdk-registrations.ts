/**
 * The SDK (v1 `@modelcontextprotocol/sdk`, v2 `@modelcontextprotocol/server`) and MCP Apps (`@modelcontextprotocol/ext-apps`)
 * registration calls: the one list the plane analysis, `no-dropped-meta`'s sinks and `init`'s proposals read.
 *
 * `registerTool`, `registerResource` and `registerPrompt` take their config name-first (`registerTool(name, config,
 * cb)`, SDK v1 and v2) or config-first (`registerTool({ name, _meta, … }, cb)`, as frameworks wrap them); `tool`,
 * `resource`, `prompt` (SDK v1's older forms) never take it first and have no fixed positions (optional arguments
 * come between); MCP Apps' `registerAppTool(server, name, config, cb)` and `registerAppResource(server, name, uri,
 * config, cb)` take the server first.
 */
export interface SdkRegistration {
  /** The plane of the config's `_meta` (a tool callback's return is a tool result). */
  readonly plane: 'tool' | 'resource' | 'prompt';
  /** The config may come first (`registerTool({ name, _meta }, cb)`). */
  readonly configFirst: boolean;
  /** The config's and the callback's positions in the name-first form, where they are fixed. */
  readonly config?: number;
  readonly callback?: number;
}

export const SDK_REGISTRATIONS: ReadonlyMap<string, SdkRegistration> = new Map<string, SdkRegistration>([
  ['registerTool', { plane: 'tool', configFirst: true, config: 1, callback: 2 }],
  ['registerResource', { plane: 'resource', configFirst: true, config: 2 }],
  ['registerPrompt', { plane: 'prompt', configFirst: true }],
  ['tool', { plane: 'tool', configFirst: false }],
  ['resource', { plane: 'resource', configFirst: false }],
  ['prompt', { plane: 'prompt', configFirst: false }],
  ['registerAppTool', { plane: 'tool', configFirst: false, config: 2, callback: 3 }],
  ['registerAppResource', { plane: 'resource', configFirst: false, config: 3 }],
]);

/** The registrations whose last argument is a tool callback (its return is a tool result). */
export const TOOL_REGISTRATIONS: ReadonlySet<string> = new Set(
  [...SDK_REGISTRATIONS].filter(([, registration]) => registration.plane === 'tool').map(([name]) => name),
);
