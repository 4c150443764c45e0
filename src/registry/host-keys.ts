/**
 * The host-key catalogue: `_meta` keys whose names, planes and fields a host fixes (the OpenAI Apps SDK, MCP Apps,
 * MCP itself). A server writes these keys but cannot rename them, so a manifest may mark such a key `external` (or
 * name its entry here) to exempt its name from the MCP key-name rules while keeping the field and plane checks.
 *
 * Data only, versioned: bump `version` when an entry is added, changed or removed. Every entry names the page it was
 * taken from; a key without a source does not belong here. docs/host-keys.md is rendered from this table
 * (`node scripts/host-keys-doc.mjs` after `npm run build`) and test/registry/host-keys.test.ts checks that it matches.
 */
import type { FieldType } from './field-types';
import type { ManifestFields } from './types';

export type HostId = 'openai-apps' | 'mcp-apps' | 'mcp' | 'claude-code' | 'x402' | 'mcp-ui';

/**
 * Where a key lives. `result`, `tool` and `resource` are the planes a manifest registers keys on; `request` and
 * `notification` are written by the other side (client-provided request `_meta`, notification params) and are listed
 * so that reads of them are recognised, never so that a server registers them.
 */
export type HostKeyPlane = 'result' | 'tool' | 'resource' | 'request' | 'notification';

export interface HostKeyEntry {
  /** Stable id a manifest key names in `"catalogue"`. */
  id: string;
  /** The exact key; absent for a prefix entry. */
  key?: string;
  /** For a family of keys: a regular expression (source text) a key name matches. */
  keyPattern?: string;
  host: HostId;
  planes: readonly HostKeyPlane[];
  /** The value's type as the source states it. */
  valueType: string;
  /**
   * The part of `valueType` the lint checks against a value it can read (a literal, or a `const` bound to one): its
   * type in the manifest's field-type vocabulary, and the bounds the source gives. Absent where the source documents
   * no type a server could get wrong, or where another check reads the value (`ui`'s fields: valid-app-linkage).
   */
  value?: HostValueRule;
  /** The fields the host fixes for an object value, in the manifest's field syntax; absent when it fixes none. */
  fields?: ManifestFields;
  /**
   * For a key on several planes whose fields differ per plane: the plane(s) the host reads each top-level field on.
   * A field not named here is read on every plane of the entry.
   */
  fieldPlanes?: Readonly<Record<string, readonly HostKeyPlane[]>>;
  /** The source calls the key deprecated or legacy. */
  deprecated?: boolean;
  /**
   * For a deprecated key: what to write instead. `key` (and `field`, a field of that key's object) when the source
   * names another `_meta` key; `note` says it in words, and alone when the replacement is not a key.
   */
  replacement?: { key?: string; field?: string; note: string };
  /**
   * `transport`: the server's MCP SDK writes the key itself on every response it sends; a handler or wrapper that
   * writes it overrides that stamp, so it is never registered as a producer's key.
   */
  writtenBy?: 'transport';
  description: string;
  source: string;
}

/** A host's documented type or range for a key's value (`HostKeyEntry.value`). */
export interface HostValueRule {
  readonly type: FieldType;
  /** The largest number the host takes. */
  readonly maximum?: number;
  /** The most characters a string may hold. */
  readonly maxLength?: number;
  /** What the host does not do for a value outside the rule: the behaviour a wrong value costs, as the source says it. */
  readonly effect: string;
}

export interface HostKeyCatalogue {
  version: number;
  entries: readonly HostKeyEntry[];
  /**
   * Per host, what was checked and left out, with the version or date checked (a field a host announced that no
   * published package declares yet): rendered under the host's sources in docs/host-keys.md.
   */
  notes?: Readonly<Partial<Record<HostId, readonly string[]>>>;
}

const OPENAI_APPS_REFERENCE = 'https://developers.openai.com/apps-sdk/reference';
/** "Build a ChatGPT UI": closing the widget from the server with `openai/closeWidget` on a tool response. */
const OPENAI_CHATGPT_UI = 'https://developers.openai.com/apps-sdk/build/chatgpt-ui';
/** OpenAI's example servers (pizzaz): the only place `openai/resultCanProduceWidget` appears. */
const OPENAI_APPS_EXAMPLES = 'https://github.com/openai/openai-apps-sdk-examples';
/**
 * MCP Apps' types, where `McpUiToolMeta` and `McpUiResourceMeta` are declared (the TypeDoc site the catalogue cited
 * until version 3 renders them; the repository's source is the one that stays put).
 */
const MCP_APPS_SPEC_TYPES = 'https://github.com/modelcontextprotocol/ext-apps/blob/main/src/spec.types.ts';
/** The 2025-11-25 tasks utility: `io.modelcontextprotocol/model-immediate-response` on a CreateTaskResult. */
const MCP_TASKS_2025_11_25 =
  'https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/docs/specification/2025-11-25/basic/utilities/tasks.mdx';
/** Claude Code's MCP page: the `anthropic/*` keys a server sets on a tool in `tools/list`. */
const CLAUDE_CODE_MCP = 'https://code.claude.com/docs/en/mcp';
/** x402's MCP transport: the payment rides request `_meta`, the settlement result `_meta`. */
const X402_MCP_TRANSPORT = 'https://github.com/coinbase/x402/blob/main/specs/transports-v2/mcp.md';
/** MCP-UI's protocol details: `mcpui.dev/ui-*` metadata on a UI resource. */
const MCP_UI_PROTOCOL = 'https://mcpui.dev/guide/protocol-details';
const MCP_SCHEMA_2025_11_25 = 'https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2025-11-25/schema.ts';
const MCP_SCHEMA_2026_07_28 = 'https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2026-07-28/schema.ts';
/** The 2026-07-28 "General fields: _meta" section with its table of reserved keys (traceparent, tracestate, baggage). */
const MCP_META_2026_07_28 =
  'https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/docs/specification/2026-07-28/basic/index.mdx';
/** "Move experimental tasks out of the core protocol and into an official extension (io.modelcontextprotocol/tasks)". */
const MCP_CHANGELOG_2026_07_28 =
  'https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/docs/specification/2026-07-28/changelog.mdx';
const OPENAI_WIDGET_ORIGIN_MIGRATION = 'https://developers.openai.com/plugins/guides/widget-origin-migration';

export const HOST_KEY_CATALOGUE: HostKeyCatalogue = {
  version: 5,
  entries: [
    // OpenAI Apps SDK. One status for the keys MCP Apps has a field for (outputTemplate, widgetAccessible,
    // visibility, widgetPrefersBorder, widgetCSP, widgetDomain): current, none deprecated. The reference says "Apps SDK
    // support is here to stay—we have no plans to deprecate it. Use MCP Apps standard fields and the ui/* bridge by
    // default", and "MCP Apps compatibility in ChatGPT": "Existing Apps SDK APIs remain supported". Each entry names
    // its MCP Apps field, which new code should prefer; `openai/widgetCSP` also has `redirect_domains`, which `ui.csp`
    // cannot express.
    // Tool descriptor.
    {
      id: 'openai-apps.outputTemplate',
      key: 'openai/outputTemplate',
      host: 'openai-apps',
      planes: ['tool'],
      valueType: 'string (URI)',
      value: {
        type: { kind: 'string' },
        effect: 'ChatGPT renders the tool result with the component template this URI names, which only a string can name',
      },
      description:
        'Resource URI of the component HTML template (text/html+skybridge) that renders the tool result. MCP Apps field: ui.resourceUri (preferred for new code; this key stays supported).',
      source: OPENAI_APPS_REFERENCE,
    },
    {
      id: 'openai-apps.widgetAccessible',
      key: 'openai/widgetAccessible',
      host: 'openai-apps',
      planes: ['tool'],
      valueType: 'boolean (default false)',
      value: {
        type: { kind: 'boolean' },
        effect: 'whether the component may call tools through the client bridge is documented for true and false only',
      },
      description:
        "Allows the component to call tools through the client bridge. MCP Apps field: ui.visibility with 'app' (preferred for new code; this key stays supported).",
      source: OPENAI_APPS_REFERENCE,
    },
    {
      id: 'openai-apps.visibility',
      key: 'openai/visibility',
      host: 'openai-apps',
      planes: ['tool'],
      valueType: "string: 'public' (default) or 'private'",
      value: {
        type: { kind: 'enum', values: ['public', 'private'] },
        effect: "ChatGPT hides the tool from the model for 'private' only; any other value is not one it documents",
      },
      description:
        "Hides a tool from the model while keeping it callable from the widget. MCP Apps field: ui.visibility ['app'] (preferred for new code; this key stays supported).",
      source: OPENAI_APPS_REFERENCE,
    },
    {
      id: 'openai-apps.toolInvocation.invoking',
      key: 'openai/toolInvocation/invoking',
      host: 'openai-apps',
      planes: ['tool', 'result'],
      valueType: 'string (at most 64 characters)',
      value: {
        type: { kind: 'string' },
        maxLength: 64,
        effect: 'the reference allows at most 64 characters of status text while the tool runs, so ChatGPT need not show it as written',
      },
      description:
        "Short status text shown while the tool runs. On a tool descriptor per the reference; OpenAI's example servers also return it in a tool result's _meta.",
      source: OPENAI_APPS_REFERENCE,
    },
    {
      id: 'openai-apps.toolInvocation.invoked',
      key: 'openai/toolInvocation/invoked',
      host: 'openai-apps',
      planes: ['tool', 'result'],
      valueType: 'string (at most 64 characters)',
      value: {
        type: { kind: 'string' },
        maxLength: 64,
        effect:
          'the reference allows at most 64 characters of status text after the tool completes, so ChatGPT need not show it as written',
      },
      description:
        "Short status text shown after the tool completes. On a tool descriptor per the reference; OpenAI's example servers also return it in a tool result's _meta.",
      source: OPENAI_APPS_REFERENCE,
    },
    {
      id: 'openai-apps.fileParams',
      key: 'openai/fileParams',
      host: 'openai-apps',
      planes: ['tool'],
      valueType: 'string[]',
      value: {
        type: { kind: 'array', items: { kind: 'string' } },
        effect: 'ChatGPT hands files only to the top-level input fields this list names',
      },
      description: 'Top-level input fields that carry files (each an object { download_url, file_id }).',
      source: OPENAI_APPS_REFERENCE,
    },
    {
      id: 'openai-apps.resultCanProduceWidget',
      key: 'openai/resultCanProduceWidget',
      host: 'openai-apps',
      planes: ['tool'],
      valueType: 'boolean',
      description:
        "Not in the Apps SDK reference: set on tool descriptors by OpenAI's early example servers (pizzaz) beside openai/outputTemplate; what ChatGPT does with it is not documented.",
      source: OPENAI_APPS_EXAMPLES,
    },
    {
      id: 'openai-apps.securitySchemes',
      key: 'securitySchemes',
      host: 'openai-apps',
      planes: ['tool'],
      valueType: 'array',
      value: { type: { kind: 'array' }, effect: "clients that only read _meta expect the descriptor's securitySchemes array here" },
      description: "Mirror of the descriptor's securitySchemes for clients that only read _meta.",
      source: OPENAI_APPS_REFERENCE,
    },
    // OpenAI Apps SDK: component resource contents.
    {
      id: 'openai-apps.widgetDescription',
      key: 'openai/widgetDescription',
      host: 'openai-apps',
      planes: ['resource'],
      valueType: 'string',
      value: { type: { kind: 'string' }, effect: 'ChatGPT surfaces this text to the model when the component loads' },
      description: 'Summary surfaced to the model when the component loads.',
      source: OPENAI_APPS_REFERENCE,
    },
    {
      id: 'openai-apps.widgetPrefersBorder',
      key: 'openai/widgetPrefersBorder',
      host: 'openai-apps',
      planes: ['resource'],
      valueType: 'boolean',
      value: { type: { kind: 'boolean' }, effect: 'the bordered-card hint is documented for true and false only' },
      description:
        'Hint that the component renders inside a bordered card. MCP Apps field: ui.prefersBorder (preferred for new code; this key stays supported).',
      source: OPENAI_APPS_REFERENCE,
    },
    {
      id: 'openai-apps.widgetCSP',
      key: 'openai/widgetCSP',
      host: 'openai-apps',
      planes: ['resource'],
      valueType: 'object of string[] (domains)',
      value: { type: { kind: 'object' }, effect: "ChatGPT builds the component's content security policy from this object's domain lists" },
      fields: ['connect_domains', 'resource_domains', 'frame_domains', 'redirect_domains'],
      description:
        "The component's content security policy, snake_case: connect_domains, resource_domains, frame_domains, and redirect_domains (ChatGPT's targets for window.openai.openExternal, which ui.csp cannot express). MCP Apps field: ui.csp (preferred for new code; this key stays supported).",
      source: OPENAI_APPS_REFERENCE,
    },
    {
      id: 'openai-apps.widgetDomain',
      key: 'openai/widgetDomain',
      host: 'openai-apps',
      planes: ['resource'],
      valueType: 'string (origin)',
      value: { type: { kind: 'string' }, effect: 'ChatGPT serves the component from the dedicated origin this string names' },
      description:
        'Optional dedicated subdomain for the hosted component. MCP Apps field: ui.domain, of which ChatGPT calls this key the "compatibility alias" (preferred for new code; this key stays supported).',
      source: OPENAI_WIDGET_ORIGIN_MIGRATION,
    },
    // OpenAI Apps SDK: tool results.
    {
      id: 'openai-apps.www_authenticate',
      key: 'mcp/www_authenticate',
      host: 'openai-apps',
      planes: ['result'],
      valueType: 'string or string[]',
      value: {
        type: { kind: 'union', members: [{ kind: 'string' }, { kind: 'array', items: { kind: 'string' } }] },
        effect: 'ChatGPT starts OAuth from the WWW-Authenticate challenges this holds, as a string or a list of strings',
      },
      description: 'RFC 7235 WWW-Authenticate challenges on an error result, to trigger OAuth.',
      source: OPENAI_APPS_REFERENCE,
    },
    {
      id: 'openai-apps.widgetSessionId',
      key: 'openai/widgetSessionId',
      host: 'openai-apps',
      planes: ['result'],
      valueType: 'string',
      value: { type: { kind: 'string' }, effect: 'ChatGPT correlates the calls of one widget instance by this identifier' },
      description: 'Stable identifier of the widget instance a tool result belongs to, for correlating the calls of one widget.',
      source: OPENAI_APPS_REFERENCE,
    },
    {
      id: 'openai-apps.closeWidget',
      key: 'openai/closeWidget',
      host: 'openai-apps',
      planes: ['result'],
      valueType: 'boolean',
      value: { type: { kind: 'boolean' }, effect: 'ChatGPT hides the widget for true, a behaviour documented for a boolean only' },
      description: 'true on a tool response asks ChatGPT to hide the widget when the response arrives.',
      source: OPENAI_CHATGPT_UI,
    },
    // OpenAI Apps SDK: provided by the client on requests (read by servers, never written).
    {
      id: 'openai-apps.locale',
      key: 'openai/locale',
      host: 'openai-apps',
      planes: ['request'],
      valueType: 'string (BCP 47)',
      description: 'Requested locale, on initialize and tool calls.',
      source: OPENAI_APPS_REFERENCE,
    },
    {
      id: 'openai-apps.webplus-i18n',
      key: 'webplus/i18n',
      host: 'openai-apps',
      planes: ['request'],
      valueType: 'string',
      deprecated: true,
      replacement: { key: 'openai/locale', note: 'current clients send openai/locale' },
      description: 'Requested locale as older clients send it (superseded by openai/locale).',
      source: OPENAI_APPS_REFERENCE,
    },
    {
      id: 'openai-apps.userAgent',
      key: 'openai/userAgent',
      host: 'openai-apps',
      planes: ['request'],
      valueType: 'string',
      description: 'User agent hint, on tool calls; never for authorization.',
      source: OPENAI_APPS_REFERENCE,
    },
    {
      id: 'openai-apps.userLocation',
      key: 'openai/userLocation',
      host: 'openai-apps',
      planes: ['request'],
      valueType: 'object',
      fields: ['city', 'region', 'country', 'timezone', 'longitude', 'latitude'],
      description: 'Coarse location hint, on tool calls; never for authorization.',
      source: OPENAI_APPS_REFERENCE,
    },
    {
      id: 'openai-apps.subject',
      key: 'openai/subject',
      host: 'openai-apps',
      planes: ['request'],
      valueType: 'string',
      description:
        'Anonymised, stable identifier of the end user, on tool calls; for correlation and rate limits, never for authorization.',
      source: OPENAI_APPS_REFERENCE,
    },
    {
      id: 'openai-apps.session',
      key: 'openai/session',
      host: 'openai-apps',
      planes: ['request'],
      valueType: 'string',
      description: 'Identifier of the conversation session, on tool calls; for correlation, never for authorization.',
      source: OPENAI_APPS_REFERENCE,
    },
    {
      id: 'openai-apps.organization',
      key: 'openai/organization',
      host: 'openai-apps',
      planes: ['request'],
      valueType: 'string',
      description:
        'Anonymised identifier of the ChatGPT organization, on tool calls when there is one; for correlation, never for authorization.',
      source: OPENAI_APPS_REFERENCE,
    },
    // MCP Apps (SEP-1865, @modelcontextprotocol/ext-apps).
    {
      id: 'mcp-apps.ui',
      key: 'ui',
      host: 'mcp-apps',
      planes: ['tool', 'resource'],
      valueType: 'object',
      value: {
        type: { kind: 'object' },
        effect: 'MCP Apps hosts read resourceUri, visibility, csp, domain, permissions and prefersBorder as fields of an object',
      },
      fields: {
        resourceUri: { description: 'URI of the UI resource to display for the tool' },
        visibility: { description: 'who may see the tool (model and/or app)' },
        csp: { fields: ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] },
        domain: { description: 'dedicated origin for the sandbox' },
        permissions: { fields: ['camera', 'microphone', 'geolocation', 'clipboardWrite'] },
        prefersBorder: { description: 'visible border preference' },
      },
      fieldPlanes: {
        resourceUri: ['tool'],
        visibility: ['tool'],
        csp: ['resource'],
        domain: ['resource'],
        permissions: ['resource'],
        prefersBorder: ['resource'],
      },
      description:
        'MCP Apps UI metadata: on a tool descriptor (McpUiToolMeta: resourceUri, visibility), on a UI resource (McpUiResourceMeta: csp, domain, permissions, prefersBorder).',
      source: MCP_APPS_SPEC_TYPES,
    },
    {
      id: 'mcp-apps.ui-resourceUri',
      key: 'ui/resourceUri',
      host: 'mcp-apps',
      planes: ['tool'],
      valueType: 'string (ui:// URI)',
      value: { type: { kind: 'string' }, effect: 'hosts that read the flat key look the widget up by this ui:// URI' },
      deprecated: true,
      replacement: {
        key: 'ui',
        field: 'resourceUri',
        note: 'ext-apps 2 deprecates the flat key (RESOURCE_URI_META_KEY) for ui.resourceUri',
      },
      description: 'Flat form of ui.resourceUri on a tool descriptor, read by hosts for compatibility.',
      source: MCP_APPS_SPEC_TYPES,
    },
    // MCP itself.
    {
      id: 'mcp.progressToken',
      key: 'progressToken',
      host: 'mcp',
      planes: ['request'],
      valueType: 'string or number',
      description: 'Opaque token the caller sets to ask for notifications/progress about this request.',
      source: MCP_SCHEMA_2025_11_25,
    },
    {
      id: 'mcp.related-task',
      key: 'io.modelcontextprotocol/related-task',
      host: 'mcp',
      planes: ['request', 'result', 'notification'],
      valueType: 'object',
      fields: ['taskId'],
      deprecated: true,
      replacement: {
        note: 'MCP 2026-07-28 moved tasks out of the core protocol into the Tasks extension (io.modelcontextprotocol/tasks), where a task is the taskId of a CreateTaskResult, polled with tasks/get: no _meta key',
      },
      description: 'Associates a message with the task it belongs to (2025-11-25 tasks).',
      source: MCP_CHANGELOG_2026_07_28,
    },
    {
      id: 'mcp.model-immediate-response',
      key: 'io.modelcontextprotocol/model-immediate-response',
      host: 'mcp',
      planes: ['result'],
      valueType: 'string',
      value: { type: { kind: 'string' }, effect: "the host may hand this string to the model as the tool's immediate result" },
      deprecated: true,
      replacement: {
        note: 'it belonged to 2025-11-25 tasks (provisional, non-binding), which MCP 2026-07-28 moved out of the core protocol into the Tasks extension (io.modelcontextprotocol/tasks); the 2026-07-28 task handle has no such key',
      },
      description:
        "On a CreateTaskResult: a string the host may hand the model as the tool's immediate result while the task runs (2025-11-25, provisional).",
      source: MCP_TASKS_2025_11_25,
    },
    {
      id: 'mcp.serverInfo',
      key: 'io.modelcontextprotocol/serverInfo',
      host: 'mcp',
      planes: ['result'],
      valueType: 'Implementation (name, version, ...)',
      writtenBy: 'transport',
      description:
        'Identifies the server software producing a response (2026-07-28; SHOULD be on every response). The server\'s SDK stamps it (SDK v2: SERVER_INFO_META_KEY) from the name and version the server is created with; a handler should not write it: the SDK keeps a value the handler wrote ("the handler is the more specific author"), which then stands for the server.',
      source: MCP_SCHEMA_2026_07_28,
    },
    {
      id: 'mcp.protocolVersion',
      key: 'io.modelcontextprotocol/protocolVersion',
      host: 'mcp',
      planes: ['request'],
      valueType: 'string',
      description: 'Protocol version of the request (2026-07-28; required).',
      source: MCP_SCHEMA_2026_07_28,
    },
    {
      id: 'mcp.clientInfo',
      key: 'io.modelcontextprotocol/clientInfo',
      host: 'mcp',
      planes: ['request'],
      valueType: 'Implementation (name, version, ...)',
      description: 'Identifies the client software making the request (2026-07-28).',
      source: MCP_SCHEMA_2026_07_28,
    },
    {
      id: 'mcp.clientCapabilities',
      key: 'io.modelcontextprotocol/clientCapabilities',
      host: 'mcp',
      planes: ['request'],
      valueType: 'ClientCapabilities',
      description: "The client's capabilities for this request (2026-07-28; required).",
      source: MCP_SCHEMA_2026_07_28,
    },
    {
      id: 'mcp.logLevel',
      key: 'io.modelcontextprotocol/logLevel',
      host: 'mcp',
      planes: ['request'],
      valueType: 'LoggingLevel',
      deprecated: true,
      replacement: {
        note: 'deprecated with MCP logging by SEP-2577 (2026-07-28); it stays in the specification for at least twelve months',
      },
      description: 'Desired log level for this request (2026-07-28, deprecated there by SEP-2577).',
      source: MCP_SCHEMA_2026_07_28,
    },
    {
      id: 'mcp.subscriptionId',
      key: 'io.modelcontextprotocol/subscriptionId',
      host: 'mcp',
      planes: ['notification', 'result'],
      valueType: 'RequestId',
      writtenBy: 'transport',
      description:
        'The subscriptions/listen stream a notification was delivered on, and on the subscriptions/listen result that closes it (2026-07-28). The server stamps it (SDK v2: SUBSCRIPTION_ID_META_KEY).',
      source: MCP_SCHEMA_2026_07_28,
    },
    {
      id: 'mcp.traceparent',
      key: 'traceparent',
      host: 'mcp',
      planes: ['request'],
      valueType: 'string (W3C Trace Context traceparent)',
      description: 'Reserved for OpenTelemetry trace context propagation (2026-07-28; SDK v2: TRACEPARENT_META_KEY).',
      source: MCP_META_2026_07_28,
    },
    {
      id: 'mcp.tracestate',
      key: 'tracestate',
      host: 'mcp',
      planes: ['request'],
      valueType: 'string (W3C Trace Context tracestate)',
      description: 'Reserved for vendor-specific trace state (2026-07-28; SDK v2: TRACESTATE_META_KEY).',
      source: MCP_META_2026_07_28,
    },
    {
      id: 'mcp.baggage',
      key: 'baggage',
      host: 'mcp',
      planes: ['request'],
      valueType: 'string (W3C Baggage)',
      description: 'Reserved for cross-cutting propagation values (2026-07-28; SDK v2: BAGGAGE_META_KEY).',
      source: MCP_META_2026_07_28,
    },
    // Claude Code: set by a server on a tool in tools/list.
    {
      id: 'claude-code.maxResultSizeChars',
      key: 'anthropic/maxResultSizeChars',
      host: 'claude-code',
      planes: ['tool'],
      valueType: 'number (characters, at most 500,000)',
      value: {
        type: { kind: 'number' },
        maximum: 500000,
        effect:
          "Claude Code raises this tool's result limit to at most 500,000 characters (larger results are saved to a file and replaced by a preview)",
      },
      description:
        "Raises Claude Code's limit on this tool's result text (results above it are saved to a file and replaced by a preview), up to 500,000 characters.",
      source: CLAUDE_CODE_MCP,
    },
    {
      id: 'claude-code.requiresUserInteraction',
      key: 'anthropic/requiresUserInteraction',
      host: 'claude-code',
      planes: ['tool'],
      valueType: 'boolean',
      value: {
        type: { kind: 'boolean' },
        effect: 'Claude Code asks the user before every call of the tool for true, a setting documented for a boolean only',
      },
      description:
        'true: Claude Code asks the user before every call of this tool, in every permission mode, and no allow rule skips the prompt.',
      source: CLAUDE_CODE_MCP,
    },
    {
      id: 'claude-code.alwaysLoad',
      key: 'anthropic/alwaysLoad',
      host: 'claude-code',
      planes: ['tool'],
      valueType: 'boolean',
      value: {
        type: { kind: 'boolean' },
        effect: "Claude Code loads the tool's definition up front for true, a setting documented for a boolean only",
      },
      description: "true: Claude Code loads this tool's definition up front instead of deferring it to tool search.",
      source: CLAUDE_CODE_MCP,
    },
    // x402: payments over MCP.
    {
      id: 'x402.payment',
      key: 'x402/payment',
      host: 'x402',
      planes: ['request'],
      valueType: 'PaymentPayload (object)',
      description:
        "The client's payment for a paid tool call, sent on the retry after the server's tool result said isError with the PaymentRequired data.",
      source: X402_MCP_TRANSPORT,
    },
    {
      id: 'x402.payment-response',
      key: 'x402/payment-response',
      host: 'x402',
      planes: ['result'],
      valueType: 'SettlementResponse (object: success, transaction, network, payer; errorReason on failure)',
      value: {
        type: { kind: 'object' },
        effect: 'x402 clients read the settlement (success, transaction, network, payer) as fields of an object',
      },
      fields: ['success', 'transaction', 'network', 'payer', 'errorReason'],
      description: 'The settlement of the payment, on the result of the paid call.',
      source: X402_MCP_TRANSPORT,
    },
    // MCP-UI: on a UI resource (mcpui.dev/ui-* metadata).
    {
      id: 'mcp-ui.preferred-frame-size',
      key: 'mcpui.dev/ui-preferred-frame-size',
      host: 'mcp-ui',
      planes: ['resource'],
      valueType: "[width, height]: two CSS lengths as strings, e.g. ['800px', '600px']",
      value: {
        type: { kind: 'array', items: { kind: 'string' } },
        effect: "MCP-UI hosts size the frame from two CSS lengths written as strings ('800px'), not numbers",
      },
      description: 'The frame size the UI resource would like the host to render it at first.',
      source: MCP_UI_PROTOCOL,
    },
    {
      id: 'mcp-ui.initial-render-data',
      key: 'mcpui.dev/ui-initial-render-data',
      host: 'mcp-ui',
      planes: ['resource'],
      valueType: 'object',
      value: { type: { kind: 'object' }, effect: "MCP-UI hosts pass this object to the UI resource's frame" },
      description: "Data the host passes to the UI resource's frame when it renders it.",
      source: MCP_UI_PROTOCOL,
    },
    {
      id: 'mcp.reserved-prefix',
      keyPattern: '^[A-Za-z][A-Za-z0-9-]*\\.(?:modelcontextprotocol|mcp)(?:\\.[A-Za-z0-9.-]*)?/',
      host: 'mcp',
      planes: ['request', 'result', 'notification', 'tool', 'resource'],
      valueType: 'any',
      description:
        'Every key under a prefix whose second label is modelcontextprotocol or mcp (io.modelcontextprotocol/, dev.mcp/) is reserved for MCP.',
      source: MCP_SCHEMA_2026_07_28,
    },
  ],
  notes: {
    'mcp-apps': [
      '`ui.permissions` lists `camera`, `microphone`, `geolocation` and `clipboardWrite`: the members of `McpUiResourcePermissions` in @modelcontextprotocol/ext-apps 2.0.4, the newest version on npm (checked with `npm view @modelcontextprotocol/ext-apps versions --json` on 2026-12-06). A `tools` permission is in no published version (neither its `spec.types.d.ts` nor its `McpUiResourcePermissionsSchema` declares it), so it is not listed, and valid-app-linkage reports `ui.permissions.tools` as a permission hosts do not grant until a release declares it.',
    ],
  },
};
