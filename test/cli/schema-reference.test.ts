import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CONVENTIONAL_SCHEMA_REFERENCE, schemaReferenceFor } from '../../src/cli/init/schema-reference';
import { tempProjectsPerTest } from '../registry/temp-project';

const PLUGIN_PACKAGE = JSON.stringify({
  name: 'eslint-plugin-mcp-meta',
  version: '0.0.0',
  exports: { './schema/registry.schema.json': './schema/registry.schema.json', './package.json': './package.json' },
});

const project = tempProjectsPerTest();

/** A monorepo whose root holds the plugin (as npm hoists it) under `pluginAt`. */
function monorepo(pluginAt: string): string {
  return project({
    'package.json': '{ "name": "root", "private": true, "workspaces": ["packages/*"] }',
    'packages/api/package.json': '{ "name": "api" }',
    [`${pluginAt}/package.json`]: PLUGIN_PACKAGE,
    [`${pluginAt}/schema/registry.schema.json`]: '{}',
  });
}

describe('schemaReferenceFor: the $schema init writes', () => {
  it('points from a workspace package to the plugin hoisted to the monorepo root', () => {
    const root = monorepo('node_modules/eslint-plugin-mcp-meta');
    const reference = schemaReferenceFor(path.join(root, 'packages/api'));
    expect(reference).toEqual({ reference: '../../node_modules/eslint-plugin-mcp-meta/schema/registry.schema.json', resolved: true });
    // The path it wrote is a file, from the manifest's folder.
    expect(fs.existsSync(path.resolve(root, 'packages/api', reference.reference))).toBe(true);
  });

  it('prefers a copy installed in the package itself (not hoisted)', () => {
    const root = monorepo('packages/api/node_modules/eslint-plugin-mcp-meta');
    expect(schemaReferenceFor(path.join(root, 'packages/api')).reference).toBe(
      './node_modules/eslint-plugin-mcp-meta/schema/registry.schema.json',
    );
  });

  it('falls back to the unhoisted path, saying so, when the plugin is not installed', () => {
    const root = project({ 'package.json': '{ "name": "alone" }' });
    expect(schemaReferenceFor(root)).toEqual({ reference: CONVENTIONAL_SCHEMA_REFERENCE, resolved: false });
  });

  it('asks the resolver for the exported schema subpath', () => {
    const asked: string[] = [];
    const reference = schemaReferenceFor('/repo/packages/api', (specifier) => {
      asked.push(specifier);
      return '/repo/node_modules/eslint-plugin-mcp-meta/schema/registry.schema.json';
    });
    expect(asked).toEqual(['eslint-plugin-mcp-meta/schema/registry.schema.json']);
    expect(reference.reference).toBe('../../node_modules/eslint-plugin-mcp-meta/schema/registry.schema.json');
  });
  it('under pnpm, points through node_modules/eslint-plugin-mcp-meta, not the versioned .pnpm folder it links to', () => {
    const store = 'node_modules/.pnpm/eslint-plugin-mcp-meta@0.0.0/node_modules/eslint-plugin-mcp-meta';
    const root = project({
      'package.json': '{ "name": "server" }',
      [`${store}/package.json`]: PLUGIN_PACKAGE,
      [`${store}/schema/registry.schema.json`]: '{}',
    });
    fs.symlinkSync(path.join(root, store), path.join(root, 'node_modules/eslint-plugin-mcp-meta'), 'dir');
    // Node resolves the link to the store's real path; the reference survives an upgrade (a new @version folder).
    expect(schemaReferenceFor(root)).toEqual({ reference: CONVENTIONAL_SCHEMA_REFERENCE, resolved: true });
  });
});
