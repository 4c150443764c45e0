// A proxy's wrapper given the call's fields one by one: it asks the upstream server, and answers with an error of its
// own when that fails.
interface UpstreamClient {
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<{ content: unknown[] }>;
}

declare const upstreams: Map<string, UpstreamClient>;

export async function callTool(server: string, name: string, args: Record<string, unknown> = {}) {
  const client = upstreams.get(server);
  if (!client) return { content: [{ type: 'text', text: `Unknown server: ${server}` }], isError: true };
  try {
    const result = await client.callTool({ name, arguments: args });
    return { content: result.content };
  } catch (error) {
    return { content: [{ type: 'text', text: String(error) }], isError: true };
  }
}
