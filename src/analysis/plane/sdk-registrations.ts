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
  /** The server's position when it is an argument (MCP Apps' helpers); absent: the call's receiver (`server.registerTool`). */
  readonly server?: number;
}

export const SDK_REGISTRATIONS: ReadonlyMap<string, SdkRegistration> = new Map<string, SdkRegistration>([
  ['registerTool', { plane: 'tool', configFirst: true, config: 1, callback: 2 }],
  ['registerResource', { plane: 'resource', configFirst: true, config: 2 }],
  ['registerPrompt', { plane: 'prompt', configFirst: true }],
  ['tool', { plane: 'tool', configFirst: false }],
  ['resource', { plane: 'resource', configFirst: false }],
  ['prompt', { plane: 'prompt', configFirst: false }],
  ['registerAppTool', { plane: 'tool', configFirst: false, config: 2, callback: 3, server: 0 }],
  ['registerAppResource', { plane: 'resource', configFirst: false, config: 3, server: 0 }],
]);

/** The registrations whose last argument is a tool callback (its return is a tool result). */
export const TOOL_REGISTRATIONS: ReadonlySet<string> = new Set(
  [...SDK_REGISTRATIONS].filter(([, registration]) => registration.plane === 'tool').map(([name]) => name),
);

/**
 * A framework that rewrites `_meta` between what its users write and what the host receives, declared once: how a
 * write is recognised as the framework's, the plane of the object, and how its keys are rewritten. Read by the value
 * phase (`value/framework-convention.ts`), so keys, fields, the catalogue and planes all see the keys the host gets.
 */
export interface FrameworkConvention {
  /** The framework, as docs and messages name it. */
  readonly framework: string;
  /** The packages its descriptor types are imported from. */
  readonly packages: readonly string[];
  /**
   * Its descriptor types and the plane of the object they type: a literal in such a position (`export const metadata:
   * ToolMetadata = { … }`, `{ … } satisfies ToolMetadata`) with the type imported from one of `packages` is a write of
   * the framework's.
   */
  readonly types: ReadonlyMap<string, 'tool' | 'resource'>;
  /**
   * Nested object literals under `_meta` are flattened into one key per leaf, their names joined with this separator
   * (arrays and other values stay values): `_meta: { openai: { toolInvocation: { invoking } } }` is the key
   * `openai/toolInvocation/invoking`.
   */
  readonly flattenKeys: string;
  /** Top-level keys the framework reads as they are written, before it flattens the rest. */
  readonly nestedKeys: ReadonlySet<string>;
}

export const FRAMEWORK_CONVENTIONS: readonly FrameworkConvention[] = [
  {
    // xmcp (basementstudio/xmcp): file-based tools export `metadata: ToolMetadata`; `flattenMeta`
    // (runtime/utils/ui/flatten-meta.ts) flattens the tool's `_meta` recursively with '/' before `registerTool`. It
    // first splits MCP Apps' `ui` object between the tool and its resource (`splitUIMetaNested`): users write MCP
    // Apps' `ui` object, and it is judged as that. A file-based resource's `metadata: ResourceMetadata` is
    // `Object.assign`ed into the config `registerResource` gets, `_meta` as written (only the resources xmcp generates
    // for a tool's widget are flattened): not listed.
    framework: 'xmcp',
    packages: ['xmcp'],
    types: new Map([['ToolMetadata', 'tool']]),
    flattenKeys: '/',
    nestedKeys: new Set(['ui']),
  },
];
