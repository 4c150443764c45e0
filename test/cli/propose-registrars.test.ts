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

function propose(...files: string[]) {
  const found = emptyRegistrations();
  files.forEach((code, index) => detectRegistrations(parseSource(code, `/p/src/f${index}.ts`).ast, found));
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
});
