/**
 * Framework conventions (`FRAMEWORK_CONVENTIONS`) in the plane phase: a framework's descriptor type imported from its
 * package (`ToolDefinition` from `mcp-use`: evidence `type`), its own registration calls (mcp-use's `server.tool({ name,
 * _meta }, cb)`: evidence `sink`) and the config properties whose `_meta` it moves to another plane (skybridge's
 * `registerTool({ view: { _meta } })`, the view resource's). A convention applies only in a file that imports its
 * package; the file's imports are read once per program.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, propertyKeyName } from '../syntax/ast';
import type { PlaneDecision } from '../planes';
import { FRAMEWORK_CONVENTIONS, SDK_REGISTRATIONS, type FrameworkConvention } from './sdk-registrations';

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
  let program: Node = node;
  while (program.parent) program = program.parent;
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
  if (call?.type !== 'CallExpression' || !SDK_REGISTRATIONS.has(calleeName(call) ?? '')) return null;
  const conventions = fileImports(literal)?.conventions ?? [];
  for (const convention of conventions) {
    const plane = convention.nestedMeta?.get(key);
    if (plane && configPlane(config)?.plane === 'tool') return { plane, evidence: 'sink' };
  }
  return null;
}
