/**
 * Host fields per plane (no-unregistered-meta-field, #26 §3): the catalogue says on which plane a host reads each
 * field of a host key (MCP Apps `ui`: `resourceUri` and `visibility` on a tool descriptor; `csp`, `permissions`,
 * `domain` and `prefersBorder` on a resource). A field written on the other plane is reported with the plane it
 * belongs to, whether the value is a literal or, with types, a typed value; the key registered by catalogue id or
 * as `external` alike. No fix and no suggestion: where the field should go is another write.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import rule from '../../rules/no-unregistered-meta-field';
import { createRuleTester } from './rule-tester';
import { createTypedRuleTester, createUntypedRuleTester, TYPED_PRODUCER, UNTYPED_PRODUCER } from './typed-rule-tester';

function project(ui: object): { settings: Record<string, unknown>; filename: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-host-planes-'));
  fs.writeFileSync(
    path.join(dir, 'mcp-meta.registry.json'),
    JSON.stringify({ version: 1, keys: { ui: { plane: ['tool', 'resource'], producers: ['src/app.ts'], ...ui } } }),
  );
  return { settings: { 'mcp-meta': { registry: path.join(dir, 'mcp-meta.registry.json') } }, filename: path.join(dir, 'src/app.ts') };
}

const BY_ID = project({ catalogue: 'mcp-apps.ui' });
/** The OpenAI Apps SDK's `openai/widgetCSP`, by its catalogue id. */
const OPENAI_CSP = (() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-host-planes-'));
  const registry = path.join(dir, 'mcp-meta.registry.json');
  fs.writeFileSync(
    registry,
    JSON.stringify({
      version: 1,
      keys: { 'openai/widgetCSP': { plane: 'resource', producers: ['src/app.ts'], catalogue: 'openai-apps.widgetCSP' } },
    }),
  );
  return { settings: { 'mcp-meta': { registry } }, filename: path.join(dir, 'src/app.ts') };
})();

const EXTERNAL = project({ external: true });
/** A catalogue key extended with fields of its own (what `init --accept-found` lists): they join the host's. */
const EXTENDED = project({ catalogue: 'mcp-apps.ui', fields: { csp: { fields: ['workerDomains'] }, instanceMode: {} } });

const TOOL = (ui: string) =>
  `server.registerTool('weather', { description: 'Weather', _meta: { ui: ${ui} } }, async () => ({ content: [] }));`;
const RESOURCE = (ui: string) => `server.registerResource('view', 'ui://weather/view.html', {}, async (uri) => ({
  contents: [{ uri: uri.href, mimeType: 'text/html;profile=mcp-app', text: '<html></html>', _meta: { ui: ${ui} } }],
}));`;

function onOtherPlane(field: string, planes: string, plane: string, line: number, column: number, endColumn: number) {
  return {
    messageId: 'hostFieldOnOtherPlane' as const,
    data: { key: 'ui', field, planes, plane, host: 'MCP Apps', id: 'mcp-apps.ui' },
    line,
    column,
    endLine: line,
    endColumn,
    suggestions: [],
  };
}

createRuleTester().run('no-unregistered-meta-field: host fields per plane', rule, {
  valid: [
    {
      name: 'tool fields on a tool descriptor',
      ...BY_ID,
      code: TOOL("{ resourceUri: 'ui://weather/view.html', visibility: ['model', 'app'] }"),
    },
    {
      name: 'resource fields on a resource',
      ...BY_ID,
      code: RESOURCE(
        "{ csp: { connectDomains: ['https://api.example.com'] }, prefersBorder: true, domain: 'https://w.example.com', permissions: { camera: {} } }",
      ),
    },
    { name: 'the external form: tool fields on a tool descriptor', ...EXTERNAL, code: TOOL("{ resourceUri: 'ui://weather/view.html' }") },
    {
      name: "a catalogue key's own fields join the host's: the host's fields, nested ones too, stay registered beside them",
      ...EXTENDED,
      code: RESOURCE(
        "{ csp: { connectDomains: ['https://api.example.com'], workerDomains: ['https://w.example.com'] }, prefersBorder: true, instanceMode: 'single' }",
      ),
    },
    {
      name: "a catalogue key's own fields: the host's tool fields stay registered",
      ...EXTENDED,
      code: TOOL("{ resourceUri: 'ui://weather/view.html', visibility: ['app'] }"),
    },
    {
      // xmcp's `examples/ext-apps/src/tools/weather.tsx`: xmcp splits `_meta.ui` between the tool and the resource it
      // registers, so a framework type known only by its name does not say where the host reads the field.
      name: "a framework's own tool type (xmcp ToolMetadata) is a tool only by name: its host fields are not judged",
      ...BY_ID,
      code: `import { type ToolMetadata } from "xmcp";
export const metadata: ToolMetadata = {
  name: "weather",
  description: "Weather App",
  _meta: { ui: { csp: { connectDomains: ["https://api.open-meteo.com"] } } },
};`,
    },
    {
      // ext-apps' aggregator (5746e0b0): the URI of an upstream's `ui` is rewritten, on a tool's `_meta` and a
      // resource's alike, only when the `_meta` it copies holds one; the resource's `ui` is the upstream's.
      name: 'a helper rewriting the ui an upstream gave, used for a tool and a resource: carried over, not written on the resource',
      ...BY_ID,
      code: `function rewriteMeta(prefix: string, meta: Record<string, unknown> | undefined) {
  if (!meta) return undefined;
  const result = { ...meta };
  const ui = result.ui as { resourceUri?: string } | undefined;
  if (ui?.resourceUri) result.ui = { ...ui, resourceUri: \`ui://\${prefix}/\${ui.resourceUri.slice(5)}\` };
  return result;
}
server.registerTool('a/t', { description: 'd', _meta: rewriteMeta('a', tool._meta) }, async () => ({ content: [] }));
server.registerResource('a/v', 'ui://a/v.html', { _meta: rewriteMeta('a', resource._meta) }, async () => ({ contents: [] }));`,
    },
  ],
  invalid: [
    {
      // cloudflare-mcp-apps/quiz's `ui.icon`, creature-run/open-mcp-app's `ui.views`: the message says no host reads it
      name: 'a field the host does not define on its key: reported with what the host does with it',
      ...BY_ID,
      code: RESOURCE("{ prefersBorder: true, icon: 'q' }"),
      errors: [
        {
          messageId: 'unregisteredField',
          data: {
            field: 'icon',
            path: 'ui',
            key: 'ui',
            registry: 'mcp-meta.registry.json',
            hint: " MCP Apps defines no such field (catalogue entry 'mcp-apps.ui'): its hosts ignore it, and only code that knows it reads it.",
          },
          line: 2,
          column: 129,
          suggestions: [],
        },
      ],
    },
    {
      // tservaismeter/Chat.js sends both spellings on purpose ("snake_case per docs, camelCase per sandbox code")
      name: "a second spelling written beside the host's field: no 'did you mean', and the host's name starts its sentence",
      ...OPENAI_CSP,
      code: `server.registerResource('view', 'ui://weather/view.html', {}, async (uri) => ({
  contents: [{ uri: uri.href, mimeType: 'text/html+skybridge', text: '', _meta: { 'openai/widgetCSP': { connect_domains: d, connectDomains: d } } }],
}));`,
      errors: [
        {
          messageId: 'unregisteredField',
          data: {
            field: 'connectDomains',
            path: 'openai/widgetCSP',
            key: 'openai/widgetCSP',
            registry: 'mcp-meta.registry.json',
            hint: " The registered field 'connect_domains' is written beside it. The OpenAI Apps SDK defines no such field (catalogue entry 'openai-apps.widgetCSP'): its hosts ignore it, and only code that knows it reads it.",
          },
          line: 2,
          column: 125,
          suggestions: [],
        },
      ],
    },
    {
      name: 'a resource field on a tool descriptor',
      ...BY_ID,
      code: TOOL("{ resourceUri: 'ui://weather/view.html', csp: { connectDomains: [] } }"),
      errors: [onOtherPlane('csp', 'resource', 'tool descriptor', 1, 112, 115)],
    },
    {
      name: 'a tool field on a resource',
      ...BY_ID,
      code: RESOURCE("{ prefersBorder: true, resourceUri: 'ui://weather/view.html' }"),
      errors: [onOtherPlane('resourceUri', 'tool descriptor', 'resource', 2, 129, 140)],
    },
    {
      name: 'both planes written, each with a field of the other',
      ...BY_ID,
      code: `${TOOL("{ resourceUri: 'ui://weather/view.html', prefersBorder: true }")}\n${RESOURCE("{ domain: 'https://w.example.com', visibility: ['app'] }")}`,
      errors: [
        onOtherPlane('prefersBorder', 'resource', 'tool descriptor', 1, 112, 125),
        onOtherPlane('visibility', 'tool descriptor', 'resource', 3, 141, 151),
      ],
    },
    {
      name: "the SDK's own Tool type is a tool descriptor: its resource field is reported",
      ...BY_ID,
      code: `const weather: Tool = { name: "weather", inputSchema: { type: "object" }, _meta: { ui: { csp: {} } } };`,
      errors: [onOtherPlane('csp', 'resource', 'tool descriptor', 1, 90, 93)],
    },
    {
      // The negation of the guard above: the `ui` is set where the `_meta` it copies holds none, so it is written here.
      name: 'a helper setting a ui where the _meta it copies holds no resourceUri, used for a tool and a resource: written, reported at the write',
      ...BY_ID,
      code: `function withDefaultUi(meta: Record<string, unknown> | undefined) {
  const result = { ...meta };
  const ui = result.ui as { resourceUri?: string } | undefined;
  if (!ui?.resourceUri) result.ui = { ...ui, resourceUri: 'ui://a/v.html' };
  return result;
}
server.registerTool('a/t', { description: 'd', _meta: withDefaultUi(tool._meta) }, async () => ({ content: [] }));
server.registerResource('a/v', 'ui://a/v.html', { _meta: withDefaultUi(resource._meta) }, async () => ({ contents: [] }));`,
      errors: [onOtherPlane('resourceUri', 'tool descriptor', 'resource', 4, 46, 57)],
    },
    {
      name: 'the external form: its catalogue entry is found by name',
      ...EXTERNAL,
      code: TOOL('{ permissions: { camera: {} } }'),
      errors: [onOtherPlane('permissions', 'resource', 'tool descriptor', 1, 73, 84)],
    },
  ],
});

/** A typed parameter: the syntax cannot read its fields; with types they are read from `ResourceUi`. */
const TYPED_TOOL = `interface ResourceUi { csp: { connectDomains: string[] }; prefersBorder?: boolean }
export function describe(server: { registerTool(name: string, config: object, cb: () => unknown): void }, ui: ResourceUi) {
  server.registerTool('weather', { description: 'Weather', _meta: { ui } }, async () => ({ content: [] }));
}`;
const TYPED_TOOL_OK = `export function describe(server: { registerTool(name: string, config: object, cb: () => unknown): void }, ui: { resourceUri: string }) {
  server.registerTool('weather', { description: 'Weather', _meta: { ui } }, async () => ({ content: [] }));
}`;

createTypedRuleTester().run('no-unregistered-meta-field: host fields per plane, with types', rule, {
  valid: [{ name: 'a typed value with tool fields on a tool descriptor', filename: TYPED_PRODUCER, code: TYPED_TOOL_OK }],
  invalid: [
    {
      name: "a typed value's resource fields on a tool descriptor, reported at the value",
      filename: TYPED_PRODUCER,
      code: TYPED_TOOL,
      errors: [
        onOtherPlane('csp', 'resource', 'tool descriptor', 3, 69, 71),
        onOtherPlane('prefersBorder', 'resource', 'tool descriptor', 3, 69, 71),
      ],
    },
  ],
});

createUntypedRuleTester().run('no-unregistered-meta-field: host fields per plane, without types', rule, {
  valid: [{ name: 'without types a typed value is opaque: nothing is reported', filename: UNTYPED_PRODUCER, code: TYPED_TOOL }],
  invalid: [],
});
