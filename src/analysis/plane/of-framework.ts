/**
 * Framework conventions (`FRAMEWORK_CONVENTIONS`) in the plane phase: a framework's descriptor type imported from its
 * package (`ToolDefinition` from `mcp-use`: evidence `type`), its own registration calls (mcp-use's `server.tool({ name,
 * _meta }, cb)`: evidence `sink`) and the config properties whose `_meta` it moves to another plane (skybridge's
 * `registerTool({ view: { _meta } })`, the view resource's). A convention applies only in a file that imports its
 * package; the file's imports are read once per program.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, propertyKeyName, propertyNamed, rootOf, unwrap } from '../syntax/ast';
import type { PlaneDecision } from '../planes';
import {
  FRAMEWORK_CONVENTIONS,
  registrationNameOf,
  SDK_REGISTRATIONS,
  type FrameworkConvention,
  type FrameworkField,
} from './sdk-registrations';

type Node = TSESTree.Node;

interface ImportedName {
  /** The module specifier (`xmcp`, `mcp-use/server`). */
  readonly source: string;
  /** The name the module exports it as; `default` or `*` for a default or namespace import. */
  readonly imported: string;
}

interface FileImports {
  readonly byLocal: ReadonlyMap<string, ImportedName>;
  /** The conventions whose package the file imports anything from. */
  readonly conventions: readonly FrameworkConvention[];
}

const importsByProgram = new WeakMap<TSESTree.Program, FileImports>();

/** True when `source` is `pkg` or one of its subpaths (`mcp-use/server`). */
function isOfPackage(source: string, pkg: string): boolean {
  return source === pkg || source.startsWith(`${pkg}/`);
}

function conventionsOfSource(source: string): FrameworkConvention[] {
  return FRAMEWORK_CONVENTIONS.filter((convention) => convention.packages.some((pkg) => isOfPackage(source, pkg)));
}

function programOf(node: Node): TSESTree.Program | null {
  const program = rootOf(node);
  return program.type === 'Program' ? program : null;
}

/** The module-level imports of the file holding `node` (value or type-only), read once per program. */
function fileImports(node: Node): FileImports | null {
  const program = programOf(node);
  if (!program) return null;
  const known = importsByProgram.get(program);
  if (known) return known;
  const byLocal = new Map<string, ImportedName>();
  const conventions = new Set<FrameworkConvention>();
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration') continue;
    const source = statement.source.value;
    for (const convention of conventionsOfSource(source)) conventions.add(convention);
    for (const specifier of statement.specifiers) {
      const imported =
        specifier.type === 'ImportSpecifier'
          ? specifier.imported.type === 'Identifier'
            ? specifier.imported.name
            : String(specifier.imported.value)
          : specifier.type === 'ImportDefaultSpecifier'
            ? 'default'
            : '*';
      byLocal.set(specifier.local.name, { source, imported });
    }
  }
  const imports: FileImports = { byLocal, conventions: [...conventions] };
  importsByProgram.set(program, imports);
  return imports;
}

/**
 * The framework convention whose descriptor type a type reference names (`ToolMetadata` or `xmcp.ToolMetadata`,
 * imported from `xmcp`), with the type's name, or null.
 */
export function conventionOfTypeReference(
  type: TSESTree.TypeNode | undefined,
): { readonly convention: FrameworkConvention; readonly plane: 'tool' | 'resource' } | null {
  if (type?.type !== 'TSTypeReference') return null;
  const name = type.typeName;
  const imports = fileImports(name);
  if (!imports) return null;
  let source: string | null = null;
  let imported: string | null = null;
  if (name.type === 'Identifier') {
    const found = imports.byLocal.get(name.name);
    source = found?.source ?? null;
    imported = found?.imported ?? null;
  } else if (name.type === 'TSQualifiedName' && name.left.type === 'Identifier') {
    const found = imports.byLocal.get(name.left.name);
    source = found?.imported === '*' ? found.source : null;
    imported = name.right.name;
  }
  if (source === null || imported === null) return null;
  for (const convention of conventionsOfSource(source)) {
    const plane = convention.types.get(imported);
    if (plane) return { convention, plane };
  }
  return null;
}

/**
 * The plane a framework's descriptor type says, or null. Evidence `type` where the framework hands the object's
 * `_meta` on as written (mcp-use's `ToolDefinition`); `name` where it reshapes it first (a convention that flattens
 * keys: xmcp also splits `ToolMetadata._meta.ui` between the tool and its resource), so checks that need the plane a
 * host reads each field on stay out of it, as for any framework type known only by its name.
 */
export function planeOfFrameworkType(type: TSESTree.TypeNode | undefined): PlaneDecision | null {
  const found = conventionOfTypeReference(type);
  if (!found) return null;
  return { plane: found.plane, evidence: found.convention.flattenKeys === undefined ? 'type' : 'name' };
}

/**
 * The plane of argument `index` of `call` when the call is a registration of a framework the file imports and the
 * argument is its config (`server.tool({ name, _meta }, cb)` with `mcp-use` imported), or null.
 */
export function frameworkSinkOfArgument(call: TSESTree.CallExpression, index: number): PlaneDecision | null {
  const name = calleeName(call);
  if (name === null) return null;
  const conventions = fileImports(call)?.conventions ?? [];
  for (const convention of conventions) {
    const registration = convention.registrations?.get(name);
    if (registration && registration.config === index) return { plane: registration.plane, evidence: 'sink' };
  }
  return null;
}

/**
 * The plane of a literal written in place as a property of a tool registration's config whose `_meta` a framework the
 * file imports moves (skybridge's `registerTool({ name, view: { component, _meta } }, cb)`: the view resource's), or
 * null. `configPlane` says where the config itself goes (its own sink); only a tool descriptor's config counts.
 */
export function frameworkPlaneOfNested(
  literal: TSESTree.ObjectExpression,
  configPlane: (config: TSESTree.ObjectExpression) => PlaneDecision | null,
): PlaneDecision | null {
  const property = literal.parent;
  if (property?.type !== 'Property' || property.value !== literal || property.parent.type !== 'ObjectExpression') return null;
  const key = propertyKeyName(property);
  if (key === null) return null;
  const config = property.parent;
  const call = config.parent;
  if (call?.type !== 'CallExpression' || !SDK_REGISTRATIONS.has(registrationNameOf(call) ?? '')) return null;
  const conventions = fileImports(literal)?.conventions ?? [];
  for (const convention of conventions) {
    const plane = convention.nestedMeta?.get(key);
    if (plane && configPlane(config)?.plane === 'tool') return { plane, evidence: 'sink' };
  }
  return null;
}

/** Every call some framework's `fields` are read in (`tool`, `registerTool`): a cheap first test before the imports. */
const FIELD_CALLS: ReadonlySet<string> = new Set(
  FRAMEWORK_CONVENTIONS.flatMap((convention) => [...(convention.fields?.calls.keys() ?? [])]),
);

/**
 * The config fields that start a framework field in the file holding `program` (`visibility`, `view`): what the text
 * pre-filter must also count as a mention for the walk to reach a config that never names `_meta`. None unless the
 * file imports a framework that has `fields`; asked only of a file whose text may write `_meta`.
 */
export function frameworkFieldWords(program: TSESTree.Program, text: string): string[] {
  // Most files that write `_meta` import no such framework: a file whose text never names one of its packages is out
  // without a look at its statements (an import names the package as written; nobody spells one with escapes).
  if (!FIELD_PACKAGES.some((pkg) => text.includes(pkg))) return NO_WORDS;
  // Not `fileImports`: this look needs no name map.
  const words = new Set<string>();
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration') continue;
    for (const convention of FIELD_CONVENTIONS) {
      if (!convention.packages.some((pkg) => isOfPackage(statement.source.value, pkg))) continue;
      for (const field of convention.fields!.fields) words.add(field.from[0]);
    }
  }
  return words.size === 0 ? NO_WORDS : [...words];
}

const FIELD_CONVENTIONS = FRAMEWORK_CONVENTIONS.filter((convention) => convention.fields !== undefined);
const FIELD_PACKAGES: readonly string[] = FIELD_CONVENTIONS.flatMap((convention) => convention.packages);
const NO_WORDS: string[] = [];

/** A framework whose config fields become `_meta` keys, and those fields, for one tool registration's config. */
export interface ConfigFields {
  readonly framework: string;
  readonly fields: readonly FrameworkField[];
}

/**
 * The framework fields `literal` may hold, when it is a tool registration's config written in place, in its position
 * (`server.tool({ name, visibility }, cb)` with `mcp-use` imported; skybridge's `registerTool({ name, view }, cb)`),
 * or null. Only the fields the literal writes are written by the framework (`configFieldValue`).
 */
export function frameworkFieldsOfConfig(literal: TSESTree.ObjectExpression): ConfigFields | null {
  const call = literal.parent;
  if (call?.type !== 'CallExpression') return null;
  const name = calleeName(call);
  if (name === null || !FIELD_CALLS.has(name)) return null;
  const index = call.arguments.indexOf(literal);
  for (const convention of fileImports(literal)?.conventions ?? []) {
    if (convention.fields?.calls.get(name) === index) return { framework: convention.framework, fields: convention.fields.fields };
  }
  return null;
}

/**
 * The property at `path` in a config written in place (`['view', 'csp']`: the `csp` property of the object literal
 * written as `view`), or null. A value held elsewhere (a `const`, a call) is not followed: what the framework makes of
 * it is not known here.
 */
export function configFieldAt(config: TSESTree.ObjectExpression, path: readonly string[]): TSESTree.Property | null {
  let literal: TSESTree.ObjectExpression = config;
  let property: TSESTree.Property | null = null;
  for (const [index, step] of path.entries()) {
    property = propertyNamed(literal, step);
    if (!property) return null;
    if (index === path.length - 1) break;
    const value = unwrap(property.value);
    if (value.type !== 'ObjectExpression') return null;
    literal = value;
  }
  return property;
}
