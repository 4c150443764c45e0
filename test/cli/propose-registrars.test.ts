/**
 * Which project functions `init` proposes as `sinks.registrations`: a function whose parameter's `_meta` reaches an
 * SDK registration's config. Shapes from public code: mcp-use's McpAppRuntime.registerViewTool (forwards config and
 * callback), tylercoles-dev/mcp-framework's registerResourceTemplate (forwards config), and three that forward nothing
 * of a caller's object and must not be proposed: mcp-use's mountPlan (configs built from a loop over its plan), the
 * SDK example's registerNote (a config built from the note's id) and the sdk-server fixture's registerDocs (a value
 * parameter inside `_meta`). Result builders: a function returning a result literal that two tool callbacks return at
 * least (a tool's own handler is returned by one).
 */
import { describe, expect, it } from 'vitest';
import { parseSource } from '../../src/analysis/analyze-source';
import { detectRegistrations, emptyRegistrations, proposedSinks, registrationNotes } from '../../src/cli/init/propose-registrars';
import { noteClassExtends } from '../../src/cli/init/propose-class-members';

function propose(...files: string[]) {
  const found = emptyRegistrations();
  files.forEach((code, index) => {
    noteClassExtends(code, found.classMembers);
    detectRegistrations(parseSource(code, `/p/src/f${index}.ts`).ast, found);
  });
  return { sinks: proposedSinks(found), notes: registrationNotes(found) };
}

describe('init: proposed registration functions', () => {
  it('forwarded config and callback parameters, a config property as callback, a class method', () => {
    const code = `
class Runtime {
  registerViewTool(name, config, callback) { return this.app.registerTool(name, config, callback); }
  registerResourceTemplate(name, uriTemplate, config, handler) {
    const wrapped = async (uri) => handler(uri);
    this.sdk.registerResource(name, new ResourceTemplate(uriTemplate, { list: undefined }), config, wrapped);
  }
}
export function defineTool(server, plugins, definition) {
  server.registerTool(definition.name, { description: definition.description, _meta: { k: definition.category } },
    async (args) => runTool(definition.handler, plugins, args));
}
export const appTool = (server, def) => registerAppTool(server, def.name, { ...def }, def.execute);`;
    expect(propose(code).sinks).toEqual({
      registrations: [
        { function: 'appTool', config: 1, callback: 'execute' },
        { function: 'defineTool', config: 2, callback: 'handler' },
        { function: 'registerResourceTemplate', plane: 'resource', config: 2 },
        { function: 'registerViewTool', config: 1, callback: 2 },
      ],
    });
  });

  it('a function forwarding its config and callback to a local alias of the SDK registration (a bound copy of registerTool)', () => {
    const code = `
const register = server.registerTool.bind(server);
export function defineTool(name, config, cb) {
  return register(name, config, cb);
}`;
    expect(propose(code).sinks).toEqual({ registrations: [{ function: 'defineTool', config: 1, callback: 2 }] });
  });

  it('not a function that only builds a config with its parameters, nor one named like the SDK', () => {
    const code = `
function mountPlan(host, plan) {
  for (const resource of plan.resources) host.registerResource({ name: resource.name, uri: uriOf(plan.namespace) }, async () => read());
}
const registerNote = (id, text) => server.registerResource(\`note-\${id}\`, uriFor(id), { description: \`Note \${id}\` }, async () => ({ contents: [] }));
export function registerDocs(server, readme, etag) {
  server.registerResource('readme', 'docs://readme', { mimeType: 'text/markdown', _meta: { 'com.example/etag': etag } }, async () => ({ contents: [] }));
}
const app = { registerTool(definition, handler) { server.registerTool(definition.name, { _meta: { ...definition._meta } }, handler); } };`;
    expect(propose(code)).toEqual({ sinks: undefined, notes: [] });
  });

  it('a name defined twice with different shapes is left for a person, with a note', () => {
    const first = 'export function addTool(server, def) { server.registerTool(def.name, def, def.run); }';
    const second = 'export function addTool(def, server) { server.registerTool(def.name, def, def.run); }';
    expect(propose(first, second)).toEqual({
      sinks: undefined,
      notes: [
        'addTool() forwards to SDK registrations in two different ways (two definitions?): not proposed in "sinks"; add it by hand if it is yours',
      ],
    });
    expect(propose(first, first).sinks).toEqual({ registrations: [{ function: 'addTool', config: 1, callback: 'run' }] });
  });

  it('result builders: a function building a result literal that two tool callbacks return, with the parameter it spreads', () => {
    const kit = `
export function textResult(text, extra) { return { content: [{ type: 'text', text }], ...extra }; }
export const withError = (base) => ({ ...base, isError: true });
export function search(args) { return { content: [], structuredContent: { args } }; }
export function summary() { return 'not a result'; }`;
    const tools = `
server.registerTool('a', {}, async () => textResult('a'));
server.registerTool('b', {}, async () => { return textResult('b', { structuredContent: {} }); });
registerAppTool(server, 'c', {}, async () => withError(await run()));
server.tool('d', async () => withError({ content: [] }));
server.registerTool('search', {}, async (args) => search(args));
server.registerTool('e', {}, async () => summary());
server.registerTool('f', {}, async () => summary());`;
    const { sinks, notes } = propose(kit, tools);
    expect(sinks).toEqual({
      resultBuilders: [
        { function: 'textResult', argument: 1 },
        { function: 'withError', argument: 0 },
      ],
    });
    expect(notes).toEqual([
      'textResult() builds a tool result that 2 tool callbacks return: proposed in "sinks.resultBuilders" (argument 1: the result it spreads)',
      'withError() builds a tool result that 2 tool callbacks return: proposed in "sinks.resultBuilders" (argument 0: the result it spreads)',
    ]);
  });

  it('result builders: a function of the code base that takes { content, … } and whose call two tool callbacks return', () => {
    const kit = `
export function reply(result, options) { audit(result, options); return result; }
export async function send(tag, result) { return finish(tag, result); }`;
    const tools = `
import { format } from 'some-kit';
import { reply, send } from './kit.js';
server.registerTool('a', {}, async () => reply({ content: [] }));
server.registerTool('b', {}, async () => { const r = await up.callTool({ name: 'b' }); return reply({ content: r.content, isError: r.isError }, {}); });
server.registerTool('c', {}, async () => send('c', { content: [] }));
server.registerTool('d', {}, async () => send({ content: [] }, 'd'));
server.registerTool('e', {}, async () => format({ content: [] }));
server.registerTool('f', {}, async () => format({ content: [] }));
server.registerTool('g', {}, async () => reply(await up.callTool({ name: 'g' })));`;
    const { sinks, notes } = propose(kit, tools);
    // send() is given the literal at two positions, format() is a package's: neither is proposed.
    expect(sinks).toEqual({ resultBuilders: [{ function: 'reply', argument: 0 }] });
    expect(notes).toEqual([
      'reply() takes a tool result ({ content, … } as argument 0) and 3 tool callbacks return its call: proposed in "sinks.resultBuilders" (argument 0)',
    ]);
  });
  it("result builders given their result's _meta under another name (apify-mcp-server's respondOk), with its place as meta", () => {
    const mcp = `
export function buildMCPResponse(options) {
  const { texts, structuredContent, _meta } = options;
  return { content: texts.map((text) => ({ type: 'text', text })), ...(structuredContent !== undefined && { structuredContent }), ...(_meta !== undefined && { _meta }) };
}
export function respondOk(texts, opts) {
  return buildMCPResponse({ texts: [texts], structuredContent: opts?.structuredContent, _meta: opts?.meta });
}
export function respondWith(texts, { meta: extra } = {}) {
  return { content: [{ type: 'text', text: texts }], _meta: extra };
}
export function withMeta(text, meta) {
  return { content: [{ type: 'text', text }], _meta: meta };
}
export function reportError(text, options) {
  const { details } = options;
  return { content: [{ type: 'text', text }], isError: true, _meta: details };
}
export function copyOf(result) {
  return { content: result.content, _meta: result._meta };
}
export function twoWays(text, a, b) {
  if (a) return { content: [], _meta: a.meta };
  return { content: [], _meta: b.meta };
}
export function notAResult(options) {
  return { uri: 'x', _meta: options.meta };
}
export function widget(config) {
  const { metadata } = config;
  const result = { content: [{ type: 'text', text: config.message }] };
  result._meta = metadata;
  return result;
}
export function notAResultEither(config) {
  const target = { uri: 'x' };
  target._meta = config.metadata;
  return target;
}`;
    const { sinks, notes } = propose(mcp);
    // buildMCPResponse and copyOf take a parameter's own _meta (a call's { _meta } literal is read anyway); twoWays
    // takes it from two places; notAResult's literal (and notAResultEither's variable) has no tool result property.
    expect(sinks).toEqual({
      resultBuilders: [
        { function: 'reportError', meta: { argument: 1, property: 'details' } },
        { function: 'respondOk', meta: { argument: 1, property: 'meta' } },
        { function: 'respondWith', meta: { argument: 1, property: 'meta' } },
        { function: 'widget', meta: { argument: 0, property: 'metadata' } },
        { function: 'withMeta', meta: { argument: 1 } },
      ],
    });
    expect(notes).toContain(
      'respondOk() puts argument 1\'s "meta" in the _meta of the tool result it builds: proposed in "sinks.resultBuilders" (meta {"argument":1,"property":"meta"}), so what its calls give there is checked as a tool result\'s _meta',
    );
    expect(notes).toContain(
      'withMeta() puts its argument 1 in the _meta of the tool result it builds: proposed in "sinks.resultBuilders" (meta {"argument":1}), so what its calls give there is checked as a tool result\'s _meta',
    );
    expect(notes).toHaveLength(5);
  });

  it('a result builder two tool callbacks return and given its _meta under another name gets both', () => {
    const kit = `export function textResult(text, extra) { return { content: [{ type: 'text', text }], _meta: extra?.meta }; }`;
    const tools = `
import { textResult } from './kit.js';
server.registerTool('a', {}, async () => textResult('a', { meta: { k: 1 } }));
server.registerTool('b', {}, async () => textResult('b'));`;
    expect(propose(kit, tools).sinks).toEqual({ resultBuilders: [{ function: 'textResult', meta: { argument: 1, property: 'meta' } }] });
  });
  it("base class members a registering method takes as _meta (mapbox's BaseTool.meta, mongodb's ToolBase.toolMeta)", () => {
    const mapbox = `
export abstract class BaseTool {
  readonly meta?: { ui?: { resourceUri?: string } };
  installTo(server) {
    const config = { title: this.title };
    if (this.meta) config._meta = this.meta;
    return server.registerTool(this.name, config, (args) => this.run(args));
  }
}`;
    const mongodb = `
export abstract class ToolBase {
  protected get toolMeta() { return { 'com.mongodb/transport': 'stdio' }; }
  register(server) {
    server.mcpServer.registerTool(this.name, { description: this.description, _meta: this.toolMeta }, this.invoke.bind(this));
  }
}
export class ViewBase {
  publish(server) { server.registerResource(this.name, this.uri, { mimeType: 'text/html', _meta: this.viewMeta }, () => this.read()); }
}
export class Notes {
  attach(result) { result._meta = this.meta; return result; }
}`;
    const { sinks, notes } = propose(mapbox, mongodb);
    // Notes attaches a member to a result without registering anything: not a base class of registrations.
    expect(sinks).toEqual({
      classMembers: [
        { class: 'BaseTool', member: 'meta' },
        { class: 'ToolBase', member: 'toolMeta' },
        { class: 'ViewBase', member: 'viewMeta', plane: 'resource' },
      ],
    });
    expect(notes).toContain(
      'BaseTool registers a tool with its member meta as the _meta: proposed in "sinks.classMembers", so what a class extending BaseTool gives meta is checked as that _meta',
    );
  });
  it('a base class between the registering base and its subclasses gets the member too (mongodb-mcp-server: MongoDBToolBase)', () => {
    const core = `
export abstract class ToolBase {
  protected get toolMeta() { return {}; }
  register(server) { server.registerTool(this.name, { _meta: this.toolMeta }, () => this.run()); }
}`;
    const mongodb = `
import { ToolBase } from './core';
export abstract class MongoDBToolBase extends ToolBase {}
export abstract class AggregateBase extends MongoDBToolBase {}
export class AggregateTool extends AggregateBase { get toolMeta() { return { ui: {} }; } }
export class FindTool extends MongoDBToolBase {}
export class Unrelated extends Error {}
export class Cycle extends Cycle2 {}
export class Cycle2 extends Cycle {}`;
    const { sinks, notes } = propose(core, mongodb);
    // Leaf classes (AggregateTool, FindTool) are read through their own extends; nothing extends Unrelated.
    expect(sinks).toEqual({
      classMembers: [
        { class: 'AggregateBase', member: 'toolMeta' },
        { class: 'MongoDBToolBase', member: 'toolMeta' },
        { class: 'ToolBase', member: 'toolMeta' },
      ],
    });
    expect(notes).toContain(
      'MongoDBToolBase extends ToolBase, whose toolMeta is a tool\'s _meta: proposed in "sinks.classMembers" too, so what a class extending MongoDBToolBase gives toolMeta is checked as that _meta',
    );
  });
});
