/**
 * Subtree pruning for the walk (`find-write-sites.ts`): which children of a node the walk visits. Type annotations, type
 * declarations, imports and leaves cannot hold a `_meta` write, and in TypeScript they are a large share of the AST.
 */
export type VisitorKeys = Readonly<Record<string, readonly string[] | undefined>>;

const TYPE_ONLY_KEYS = new Set(['typeAnnotation', 'returnType', 'typeParameters', 'typeArguments', 'superTypeArguments', 'implements']);
/**
 * Nodes that hold types or imports only: no `_meta` write, call, member read or object literal is in one (a
 * `typeof x.y` is a qualified name, not a member read). The sites walk skips them (with `TYPE_ONLY_KEYS`), and so do
 * the pass-through and relay walks.
 */
export const TYPE_ONLY_TYPES: ReadonlySet<string> = new Set([
  'ImportDeclaration',
  'TSInterfaceDeclaration',
  'TSTypeAliasDeclaration',
  'TSTypeAnnotation',
  'TSTypeParameterDeclaration',
  'TSTypeParameterInstantiation',
]);
const SKIPPED_TYPES = new Set([
  ...TYPE_ONLY_TYPES,
  'TSDeclareFunction',
  'TSEnumDeclaration',
  'TSImportEqualsDeclaration',
  'ExportAllDeclaration',
  'Literal',
  'Identifier',
  'TemplateElement',
  'ThisExpression',
  'Super',
]);
const walkKeysCache = new WeakMap<VisitorKeys, Map<string, readonly string[] | null>>();

/**
 * The child keys of a node type worth walking, for one parser's visitor keys: `[]` for a node with nothing to find below
 * it, `null` when the visitor keys do not know the type (walk every child then). The cache is looked up once per walk,
 * not once per node.
 */
export function walkKeysOf(visitorKeys: VisitorKeys): (type: string) => readonly string[] | null {
  let byType = walkKeysCache.get(visitorKeys);
  if (!byType) walkKeysCache.set(visitorKeys, (byType = new Map<string, readonly string[] | null>()));
  const cache = byType;
  return (type) => keysOfType(visitorKeys, cache, type);
}

function keysOfType(visitorKeys: VisitorKeys, byType: Map<string, readonly string[] | null>, type: string): readonly string[] | null {
  let keys = byType.get(type);
  if (keys === undefined) {
    const all = visitorKeys[type];
    keys = SKIPPED_TYPES.has(type) ? [] : all ? all.filter((key) => !TYPE_ONLY_KEYS.has(key)) : null;
    byType.set(type, keys);
  }
  return keys;
}
