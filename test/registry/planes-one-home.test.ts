/**
 * The manifest's planes are declared once (`META_PLANES`, src/registry/planes.ts) and read everywhere else: the JSON
 * Schema editors validate against, the host-key catalogue, the analysis' `manifest` scope and plane table, the keys per
 * plane a registry holds, and the CLI's `add-key --plane`. A plane added or renamed in one place and not the others
 * fails here.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLANE_SCOPES, PLANES } from '../../src/analysis/planes';
import { addKeyVerb } from '../../src/cli/verbs/add-key';
import { META_PLANES, parseRegistry, registrablePlanes } from '../../src/registry';

const schema = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../schema/registry.schema.json'), 'utf8')) as {
  definitions: Record<string, { enum?: unknown[] }>;
};

describe('the planes a manifest registers keys on have one home', () => {
  it("the JSON Schema's plane enum is META_PLANES", () => {
    expect(schema.definitions.plane.enum).toEqual([...META_PLANES]);
  });

  it('the catalogue, the analysis and the CLI read it', () => {
    expect(registrablePlanes(['notification', 'request', 'resource', 'tool', 'result'])).toEqual([...META_PLANES]);
    expect(PLANE_SCOPES.manifest).toBe(META_PLANES);
    for (const plane of META_PLANES) expect(Object.keys(PLANES)).toContain(plane);
    expect(addKeyVerb.help).toContain(`--plane ${META_PLANES.join('|')}`);
  });

  it('a registry holds its keys per plane, for every plane and no other', () => {
    const parsed = parseRegistry(
      JSON.stringify({ version: 1, keys: { 'com.acme/a': { producers: ['src/a.ts'], plane: [...META_PLANES] } } }),
      '/project/mcp-meta.registry.json',
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    for (const plane of META_PLANES) expect([...parsed.registry.keysOnPlane(plane).keys()]).toEqual(['com.acme/a']);
  });
});
