/**
 * Planes by type over the fixture servers (real SDK v1, v2 and MCP Apps code, each with its own tsconfig): every
 * write whose plane the types decide, as `check --typed` and a typed lint see it. Types only confirm a guessed plane
 * (evidence `shape` -> `type`) or place a write nothing placed (`unknown` -> `request` for a client's `callTool`
 * params); no write placed by its sink, source or the manifest moves, and no finding of the fixtures changes
 * (real-servers.test's typed run).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFile } from '../../src/analysis/analyze-file';
import { withTypedPlanes } from '../../src/analysis/typed/typed-planes';
import type { TypeServices } from '../../src/analysis/typed/type-services';
import { loadTypedProject } from '../../src/cli/typed-project';
import { loadRegistry } from '../../src/registry';

const FIXTURES = path.resolve(__dirname, '../../fixtures');

/** Every write of the fixture's `src` whose plane or evidence the types change, as `file:line plane/evidence -> plane/evidence`. */
function typedChanges(fixture: string): string[] {
  const dir = path.join(FIXTURES, fixture);
  const loaded = loadRegistry(path.join(dir, 'mcp-meta.registry.json'));
  if (!loaded.ok) throw new Error(`${fixture}'s manifest must load`);
  const project = loadTypedProject(path.join(dir, 'tsconfig.json'));
  const changes: string[] = [];
  for (const file of fs.readdirSync(path.join(dir, 'src'), { recursive: true, encoding: 'utf8' }).sort()) {
    const absolute = path.join(dir, 'src', file);
    if (!/\.tsx?$/.test(file) || !project.includes(absolute)) continue;
    const text = fs.readFileSync(absolute, 'utf8');
    let services: TypeServices | null = null;
    const analysis = analyzeFile(absolute, loaded.registry, text, () => {
      const parsed = project.parse(absolute, text);
      services = parsed.services;
      return parsed.parsed;
    });
    const typed = withTypedPlanes(analysis, () => services);
    typed.writes.forEach((write, index) => {
      const before = analysis.writes[index];
      if (write.plane === before.plane && write.evidence === before.evidence) return;
      changes.push(
        `${file.split(path.sep).join('/')}:${write.node.loc.start.line} ${before.plane}/${before.evidence} -> ${write.plane}/${write.evidence}`,
      );
    });
  }
  return changes;
}

/** Fixtures not listed: no write changes (example-server, framework-package: their weak writes are not SDK-typed). */
const EXPECTED: Record<string, string[]> = {
  // A resource's contents (`registerAppResource`'s and `registerResource`'s read callbacks) are placed by where they go
  // (evidence `sink`), so types have nothing to change there: app-linkage-server and chatgpt-apps-server have no entry.
  'apps-widget-server': [
    'tools/pizza.ts:18 result/shape -> result/type',
    'violations/pizza-foreign-receipt.ts:7 result/shape -> result/type',
    'violations/widget-template-in-result.ts:7 result/shape -> result/type',
  ],
  'mcp-apps-server': ['app/weather.ts:19 result/shape -> result/type'],
  // `upstream.callTool({ ...params, _meta: { progressToken } })`: a copy of inbound params is the request plane without
  // types; with them, the v2 client's CallToolRequest['params'].
  'proxy-server': ['violations/progress-request.ts:7 request/name -> request/type'],
  // The caller's request `_meta` sent upstream (`upstream.callTool({ name, _meta })`): the v2 client's request params.
  'relay-proxy': [
    'forward.ts:12 unknown/none -> request/type',
    'violations/drops-caller-meta.ts:18 unknown/none -> request/type',
    'violations/re-advertises.ts:13 unknown/none -> request/type',
  ],
  'sdk-server': [
    'low-level.ts:38 result/shape -> result/type',
    'tools/search.ts:21 result/shape -> result/type',
    'tools/search.ts:43 result/shape -> result/type',
    'violations/search-foreign-key.ts:7 result/shape -> result/type',
    'violations/search-unregistered-field.ts:7 result/shape -> result/type',
    'violations/search-wrong-plane.ts:9 result/shape -> result/type',
  ],
  'sdk-v2-server': [
    // `upstreamClient.callTool({ name, arguments, _meta: ctx.mcpReq._meta })`: the forwarded request's params.
    'gateway.ts:18 unknown/none -> request/type',
    'tools/low-level.ts:9 tool/shape -> tool/type',
    'tools/query.ts:16 result/shape -> result/type',
  ],
};

describe('planes by type over the fixture servers', () => {
  for (const fixture of fs.readdirSync(FIXTURES).sort()) {
    if (!fs.existsSync(path.join(FIXTURES, fixture, 'tsconfig.json'))) continue;
    it(fixture, () => {
      const changes = typedChanges(fixture);
      expect(changes).toEqual(EXPECTED[fixture] ?? []);
    });
  }
});
