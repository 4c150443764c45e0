/**
 * The manifest's shape is written twice, as TypeScript types (src/registry/types.ts, field-types.ts) and as the JSON
 * Schema users' editors and the loader validate against (schema/registry.schema.json). This test reads both, the types
 * with the TypeScript compiler's checker, and fails on any drift: a property one has and the other lacks, a required
 * property the other makes optional, an enum with other members. `settings['mcp-meta']`'s type and its validator
 * likewise (the validator's known properties are also a `Record` over the type's keys, checked by tsc).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { readMcpMetaSettings } from '../../src/registry/settings';

const REPO_ROOT = path.resolve(__dirname, '../..');

interface SchemaObject {
  properties?: Record<string, SchemaObject>;
  required?: string[];
  enum?: unknown[];
  items?: SchemaObject;
  $ref?: string;
  definitions?: Record<string, SchemaObject>;
}

const schema = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'schema/registry.schema.json'), 'utf8')) as SchemaObject;
const definitions = schema.definitions ?? {};

const program = ts.createProgram(
  ['types.ts', 'field-types.ts', 'settings.ts'].map((file) => path.join(REPO_ROOT, 'src/registry', file)),
  { strict: true, noEmit: true, skipLibCheck: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS },
);
const checker = program.getTypeChecker();

function declaredType(file: string, name: string): ts.Type {
  const source = program.getSourceFile(path.join(REPO_ROOT, 'src/registry', file));
  if (!source) throw new Error(`cannot read src/registry/${file}`);
  const module = checker.getSymbolAtLocation(source);
  const symbol = module && checker.getExportsOfModule(module).find((candidate) => candidate.name === name);
  if (!symbol) throw new Error(`src/registry/${file} declares no type ${name}`);
  return checker.getDeclaredTypeOfSymbol(symbol);
}

/** Property names of an interface (inherited ones too), and which of them are required. */
function shapeOfType(type: ts.Type): { properties: string[]; required: string[] } {
  const properties = checker.getPropertiesOfType(type);
  return {
    properties: properties.map((property) => property.name).sort(),
    required: properties
      .filter((property) => (property.flags & ts.SymbolFlags.Optional) === 0)
      .map((property) => property.name)
      .sort(),
  };
}

function shapeOfSchema(object: SchemaObject): { properties: string[]; required: string[] } {
  return { properties: Object.keys(object.properties ?? {}).sort(), required: [...(object.required ?? [])].sort() };
}

/** The members of a union of string literals (`MetaPlane`), or of one property's type. */
function literalMembers(type: ts.Type): unknown[] {
  const members = type.isUnion() ? type.types : [type];
  return members
    .filter((member) => member.isLiteral() || (member.flags & ts.TypeFlags.Null) !== 0)
    .map((member) => (member.isLiteral() ? member.value : null))
    .sort();
}

function propertyType(type: ts.Type, name: string): ts.Type {
  const property = checker.getPropertyOfType(type, name);
  if (!property) throw new Error(`no property ${name}`);
  return checker.getNonNullableType(checker.getTypeOfSymbol(property));
}

const resolve = (object: SchemaObject): SchemaObject => (object.$ref ? definitions[object.$ref.replace('#/definitions/', '')] : object);

describe('the manifest types and schema/registry.schema.json describe the same shape', () => {
  it.each([
    ['RegistryManifest', 'types.ts', schema],
    ['ManifestKey', 'types.ts', definitions.key],
    ['ManifestFieldSpec', 'types.ts', definitions.fieldSpec],
    ['ManifestTypeSpec', 'field-types.ts', definitions.typeSpec],
    ['AcceptedBreak', 'types.ts', resolve(schema.properties!.acceptedBreaks.items!)],
    ['ManifestSinks', 'types.ts', schema.properties!.sinks],
    ['ManifestRegistration', 'types.ts', resolve(schema.properties!.sinks.properties!.registrations.items!)],
    ['ManifestResultBuilder', 'types.ts', resolve(schema.properties!.sinks.properties!.resultBuilders.items!)],
  ])('%s: the same properties, the same required ones', (name, file, object) => {
    expect(object).toBeDefined();
    expect(shapeOfType(declaredType(file, name))).toEqual(shapeOfSchema(object));
  });

  it('the same planes, type names and key value types', () => {
    expect(literalMembers(declaredType('types.ts', 'MetaPlane'))).toEqual([...definitions.plane.enum!].sort());
    expect(literalMembers(declaredType('field-types.ts', 'TypeName'))).toEqual([...definitions.typeName.enum!].sort());
    expect(literalMembers(propertyType(declaredType('types.ts', 'ManifestKey'), 'type'))).toEqual(
      [...definitions.key.properties!.type.enum!].sort(),
    );
    expect(literalMembers(propertyType(declaredType('types.ts', 'ManifestRegistration'), 'plane'))).toEqual(
      [...definitions.registration.properties!.plane.enum!].sort(),
    );
    expect(literalMembers(propertyType(declaredType('types.ts', 'RegistryManifest'), 'version'))).toEqual(
      [...(schema.properties!.version.enum ?? [(schema.properties!.version as { const?: unknown }).const])].sort(),
    );
  });
});

describe("settings['mcp-meta']: its type and its validator", () => {
  const properties = shapeOfType(declaredType('settings.ts', 'McpMetaSettingsInput')).properties;
  const validValue: Record<string, unknown> = {
    registry: 'mcp-meta.registry.json',
    registries: ['a/mcp-meta.registry.json'],
    registryHash: 'abc',
  };

  it('the validator accepts every property the type declares, each on its own', () => {
    expect(properties).toEqual(Object.keys(validValue).sort());
    for (const name of properties) {
      const read = readMcpMetaSettings({ 'mcp-meta': { [name]: validValue[name] } });
      expect({ name, ok: read.ok }).toEqual({ name, ok: true });
    }
  });

  it('and rejects a property the type does not declare', () => {
    const read = readMcpMetaSettings({ 'mcp-meta': { registryPath: 'x' } });
    expect(read.ok).toBe(false);
  });
});
