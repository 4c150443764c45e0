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

/** A framework's own registration call: which argument is the config, and the plane of the config's `_meta`. */
export interface FrameworkRegistration {
  /** The config's argument position. */
  readonly config: number;
  readonly plane: 'tool' | 'resource' | 'prompt';
}

/**
 * How a framework changes where `_meta` goes or what its keys are between what its users write and what the host
 * receives, declared once. A convention applies in a file that imports one of its `packages` (a type from it, for
 * `types`; anything from it, for `registrations` and `nestedMeta`). The plane phase reads `types`, `registrations` and
 * `nestedMeta` (`plane/of-framework.ts`: evidence `type` for a type, `sink` for a registration); the value phase reads
 * `flattenKeys` (`value/framework-convention.ts`), so keys, fields, the catalogue and planes all see what the host gets.
 */
export interface FrameworkConvention {
  /** The framework, as docs and messages name it. */
  readonly framework: string;
  /** The packages it is imported from (a subpath, `mcp-use/server`, counts as its package). */
  readonly packages: readonly string[];
  /**
   * Its descriptor types and the plane of the object they type: a literal in such a position (`export const metadata:
   * ToolMetadata = { … }`, `{ … } satisfies ToolMetadata`) with the type imported from one of `packages` is on that
   * plane (evidence `type`).
   */
  readonly types: ReadonlyMap<string, 'tool' | 'resource'>;
  /**
   * Its registration calls whose config is not where the SDK's same-named call takes it (mcp-use's `server.tool({
   * name, _meta }, cb)`, where SDK v1's `tool` takes a name first): the config's `_meta` is on `plane` (evidence
   * `sink`). A tool registration's callback returns tool results already (`TOOL_REGISTRATIONS`).
   */
  readonly registrations?: ReadonlyMap<string, FrameworkRegistration>;
  /**
   * Properties of a tool registration's config whose own `_meta` the framework puts on another plane: skybridge's
   * `registerTool({ name, view: { component, _meta } }, cb)` forwards `view._meta` onto the view resource's `_meta`.
   */
  readonly nestedMeta?: ReadonlyMap<string, 'tool' | 'resource'>;
  /**
   * Nested object literals under `_meta` are flattened into one key per leaf, their names joined with this separator
   * (arrays and other values stay values): `_meta: { openai: { toolInvocation: { invoking } } }` is the key
   * `openai/toolInvocation/invoking`. Only for a literal typed by one of `types`.
   */
  readonly flattenKeys?: string;
  /** Top-level keys the framework reads as they are written, before it flattens the rest. */
  readonly nestedKeys?: ReadonlySet<string>;
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
  {
    // mcp-use (mcp-use/mcp-use, `MCPServer` over SDK v2): `server.tool(definition, cb)`,
    // `server.resource(definition, cb)` and `server.resourceTemplate(definition, cb)` take the definition first; its
    // `_meta` is advertised on `tools/list` / `resources/list` as written (`ToolDefinition._meta`: "Extension metadata
    // advertised on this tool's `tools/list` descriptor"). Its `PromptDefinition` has no `_meta`.
    framework: 'mcp-use',
    packages: ['mcp-use'],
    types: new Map<string, 'tool' | 'resource'>([
      ['ToolDefinition', 'tool'],
      ['ResourceDefinition', 'resource'],
      ['ResourceTemplateDefinition', 'resource'],
    ]),
    registrations: new Map<string, FrameworkRegistration>([
      ['tool', { config: 0, plane: 'tool' }],
      ['resource', { config: 0, plane: 'resource' }],
      ['resourceTemplate', { config: 0, plane: 'resource' }],
    ]),
  },
  {
    // skybridge (alpic-ai/skybridge, `McpServer` from `skybridge/server`): `registerTool({ name, view: { component,
    // _meta }, _meta }, cb)`; the tool's `_meta` is the descriptor's, and `view._meta` ("Free-form metadata forwarded
    // on the view resource's `_meta`") is spread over the `_meta` of the `ui://` resource it registers for the view.
    framework: 'skybridge',
    packages: ['skybridge'],
    types: new Map(),
    nestedMeta: new Map([['view', 'resource']]),
  },
];
