/**
 * The pass-through model's cost is linear in the file, counted (never timed): a `tools/call` handler with one `case`
 * per proxied tool has one candidate literal per case, and whether each source's `_meta` is read anywhere used to be
 * a walk of the whole handler per candidate (quadratic, even when every case is clean). One walk per function now
 * serves every candidate in it: doubling the cases doubles the nodes the model visits.
 */
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import plugin from '../../src/index';
import { costCount } from '../../src/util/cost-counter';
import { EXAMPLES_REGISTRY, OTHER_FILE } from '../rules/rule-tester';

const linter = new Linter({ configType: 'flat' });
const CONFIG: Linter.Config[] = [
  {
    plugins: { 'mcp-meta': plugin as never },
    rules: { 'mcp-meta/no-dropped-meta': 'error' },
    settings: { 'mcp-meta': { registry: EXAMPLES_REGISTRY } },
  },
];

/** A clean proxy: every case reads its upstream result's `_meta`, so none is reported, but every case is a candidate. */
function handler(cases: number): string {
  const body = Array.from(
    { length: cases },
    (_, i) =>
      `    case 't${i}': {\n      const r${i} = await upstream.callTool({ name: 't${i}' });\n      audit(r${i}._meta);\n      return { content: r${i}.content, isError: r${i}.isError };\n    }\n`,
  ).join('');
  return `server.setRequestHandler(CallToolRequestSchema, async (request) => {\n  switch (request.params.name) {\n${body}    default:\n      return { content: [] };\n  }\n});\n`;
}

function visited(code: string): { nodes: number; messages: Linter.LintMessage[] } {
  const before = costCount('pass-through-nodes');
  // Only the rebuilt-result findings: the caller's request `_meta` these calls do not forward is another question.
  const messages = linter
    .verify(code, CONFIG, { filename: OTHER_FILE.replace(/\.ts$/, '.js') })
    .filter((message) => message.messageId === 'droppedMeta' || message.messageId === 'forwardsServerInfo');
  return { nodes: costCount('pass-through-nodes') - before, messages };
}

describe('no-dropped-meta: linear in the cases of one handler', () => {
  it('doubling the cases doubles the nodes visited', () => {
    const small = visited(handler(500));
    const large = visited(handler(1_000));
    expect(small.messages).toEqual([]);
    expect(large.messages).toEqual([]);
    const ratio = large.nodes / small.nodes;
    console.log(`pass-through nodes: ${small.nodes} at 500 cases, ${large.nodes} at 1,000 (x${ratio.toFixed(2)})`);
    expect(small.nodes).toBeGreaterThan(500);
    // Linear doubles; a walk of the handler per case would quadruple.
    expect(ratio).toBeGreaterThan(1.7);
    expect(ratio).toBeLessThan(2.6);
  });
});
