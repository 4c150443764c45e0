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
import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, memberPropertyName, unwrap } from '../syntax/ast';
import { findBinding } from '../syntax/bindings';

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
  ['registerPrompt', { plane: 'prompt', configFirst: true, config: 1, callback: 2 }],
  ['tool', { plane: 'tool', configFirst: false }],
  ['resource', { plane: 'resource', configFirst: false }],
  ['prompt', { plane: 'prompt', configFirst: false }],
  ['registerAppTool', { plane: 'tool', configFirst: false, config: 2, callback: 3, server: 0 }],
  ['registerAppResource', { plane: 'resource', configFirst: false, config: 3, server: 0 }],
]);

/**
 * The SDK or MCP Apps registration `call` makes, when its form is one: the SDK's are methods of a server
 * (`server.registerTool(…)`), MCP Apps' helpers take the server as an argument (`registerAppTool(server, …)`). A bare
 * `registerTool({ … })` is a function of the code base's own: tambo's React provider registers an upstream's tools
 * with `useTamboRegistry().registerTool({ name, description, tool })`, for its own agent, not for an MCP client.
 *
 * Only the relay check asks this (an upstream's tools re-advertised without `_meta`: a report about code that never
 * names `_meta`, where a wrong guess is a false alarm). The plane phase matches registrations by name (`registrationNameOf`),
 * bare calls included, on purpose: a `_meta` written there is MCP's unless proven otherwise, and code bases' own bare
 * builders mostly end at the SDK (cyanheads' mcp-ts-template `tool(name, { _meta })`, kody's `registerTool(descriptor,
 * handler)` wrapper). Asked here too, the plane phase lost those code bases' widget links and keys in a sweep
 * (`init` 5 keys → 2 on mcp-ts-template) and placed nothing better on eight others, tambo's included.
 */
export function sdkRegistrationOf(call: TSESTree.CallExpression): SdkRegistration | undefined {
  const name = calleeName(call);
  const direct = name === null ? undefined : SDK_REGISTRATIONS.get(name);
  if (direct !== undefined) return direct.server !== undefined || unwrap(call.callee).type === 'MemberExpression' ? direct : undefined;
  // A local alias of a server's method (`registrationNameOf`) is a method of a server too.
  const aliased = aliasedRegistrationName(call);
  return aliased === null ? undefined : SDK_REGISTRATIONS.get(aliased);
}

/**
 * The name a call registers by, for matching it against `SDK_REGISTRATIONS` and `TOOL_REGISTRATIONS`: the callee's own
 * name (`server.registerTool(…)`, `registerAppTool(…)`, a bare `tool(…)`), or the SDK method a local alias stands for
 * (`register` in `const register = server.registerTool.bind(server); register(name, config, cb)`: a wrapper that
 * patches `server.registerTool` keeps the original so). Every place that asks which registration a call is asks here,
 * so the alias is the registration for its config, its callback, its return and `init` alike. Null for a callee with no
 * name.
 */
export function registrationNameOf(call: TSESTree.CallExpression): string | null {
  const name = calleeName(call);
  if (name !== null && SDK_REGISTRATIONS.has(name)) return name;
  return aliasedRegistrationName(call) ?? name;
}

/**
 * The SDK registration a callee named by a local variable stands for: the variable holds `server.registerTool` or
 * `server.registerTool.bind(server)`. Null for any other callee, and for an alias of a method that is no registration
 * (`const log = console.log.bind(console)`).
 */
function aliasedRegistrationName(call: TSESTree.CallExpression): string | null {
  const alias = unwrap(call.callee);
  if (alias.type !== 'Identifier') return null;
  // Looked up from the call: a walk that links each node to its parent as it goes (`init`'s) has linked the call, not
  // yet its callee, when it visits the call.
  const binding = findBinding(alias.name, call);
  const init = binding?.kind === 'variable' ? binding.declarator.init : null;
  return init ? registrationAliasedBy(init) : null;
}

/** The SDK registration method a variable's initializer holds (`server.registerTool`, `server.registerTool.bind(server)`), or null. */
export function registrationAliasedBy(init: TSESTree.Expression): string | null {
  let target = unwrap(init);
  if (target.type === 'CallExpression' && target.callee.type === 'MemberExpression' && memberPropertyName(target.callee) === 'bind') {
    target = unwrap(target.callee.object);
  }
  const method = target.type === 'MemberExpression' ? memberPropertyName(target) : null;
  return method !== null && SDK_REGISTRATIONS.has(method) ? method : null;
}

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
  /**
   * Config fields the framework turns into `_meta` keys of its own (mcp-use's `server.tool({ name, visibility: 'app' },
   * cb)` advertises the tool with `_meta.ui.visibility: ['app']`), in a tool registration's config written in place
   * (`calls`: the calls and the config's argument position). The value phase writes them as the keys the host gets
   * (`value/framework-convention.ts`: `frameworkFieldKeys`), so keys, fields, the catalogue's values and the MCP Apps
   * checks read them as they read a `_meta` written by hand.
   */
  readonly fields?: FrameworkFields;
}

/** A framework's config fields that become `_meta` keys, and the registrations whose config holds them. */
export interface FrameworkFields {
  /** The tool registration calls (`tool`, `registerTool`) and their config's argument position. */
  readonly calls: ReadonlyMap<string, number>;
  readonly fields: readonly FrameworkField[];
}

/** One config field and the `_meta` key path it becomes. */
export interface FrameworkField {
  /** Its path in the config (`['view', 'csp']`), each step an object literal written in place. */
  readonly from: readonly string[];
  /** The plane of the `_meta` it lands on: the tool's descriptor, or the resource the framework registers for it. */
  readonly plane: 'tool' | 'resource';
  /** The path it becomes there, the key first (`['ui', 'csp']`). */
  readonly to: readonly string[];
  /** The framework writes the value as an array's one element (mcp-use's `visibility: 'app'` is `['app']`). */
  readonly asArray?: true;
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
    // `ToolDefinition.visibility` ("Emitted as `_meta.ui.visibility`", as `[visibility]`: `buildToolUiMeta` in
    // views/wire.ts) and `ToolViewConfig`'s `csp`, `permissions`, `domain`, `prefersBorder` (the view resource's
    // `_meta.ui.*`: `buildResourceUiMeta`; `csp` passes through, with the server's origins appended). `view.name`
    // becomes `ui.resourceUri` to a resource the framework registers itself, and `view.description` the resource's
    // description (no `_meta`): not listed.
    fields: {
      calls: new Map([['tool', 0]]),
      fields: [
        { from: ['visibility'], plane: 'tool', to: ['ui', 'visibility'], asArray: true },
        { from: ['view', 'csp'], plane: 'resource', to: ['ui', 'csp'] },
        { from: ['view', 'permissions'], plane: 'resource', to: ['ui', 'permissions'] },
        { from: ['view', 'domain'], plane: 'resource', to: ['ui', 'domain'] },
        { from: ['view', 'prefersBorder'], plane: 'resource', to: ['ui', 'prefersBorder'] },
      ],
    },
  },
  {
    // skybridge (alpic-ai/skybridge, `McpServer` from `skybridge/server`): `registerTool({ name, view: { component,
    // _meta }, _meta }, cb)`; the tool's `_meta` is the descriptor's, and `view._meta` ("Free-form metadata forwarded
    // on the view resource's `_meta`") is spread over the `_meta` of the `ui://` resource it registers for the view.
    framework: 'skybridge',
    packages: ['skybridge'],
    types: new Map(),
    nestedMeta: new Map([['view', 'resource']]),
    // `ViewConfig`'s fields, spread onto the view resource's `_meta` by `registerViewResources` (server.ts):
    // `description` as `openai/widgetDescription`, `prefersBorder` and `domain` as `ui.*`, the four MCP Apps CSP lists
    // as `ui.csp.*` (with the server's origins merged in), `csp.redirectDomains` as `openai/widgetCSP.redirect_domains`.
    // `view.component` names the resource the framework registers itself. Not listed: the copy of `description` it
    // also puts in `ui.description`, a field MCP Apps' `McpUiResourceMeta` does not have, which the user cannot leave
    // out without losing `openai/widgetDescription` (hosts ignore it; a finding there would have no fix).
    fields: {
      calls: new Map([['registerTool', 0]]),
      fields: [
        { from: ['view', 'prefersBorder'], plane: 'resource', to: ['ui', 'prefersBorder'] },
        { from: ['view', 'domain'], plane: 'resource', to: ['ui', 'domain'] },
        ...['resourceDomains', 'connectDomains', 'frameDomains', 'baseUriDomains'].map((list): FrameworkField => ({
          from: ['view', 'csp', list],
          plane: 'resource',
          to: ['ui', 'csp', list],
        })),
        { from: ['view', 'description'], plane: 'resource', to: ['openai/widgetDescription'] },
        { from: ['view', 'csp', 'redirectDomains'], plane: 'resource', to: ['openai/widgetCSP', 'redirect_domains'] },
      ],
    },
  },
];
