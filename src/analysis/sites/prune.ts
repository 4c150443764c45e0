/**
 * Subtree pruning for the walk (`find-write-sites.ts`): which children of a node the walk visits. Type annotations, type
 * declarations, imports and leaves cannot hold a `_meta` write, and in TypeScript they are a large share of the AST.
 */
export type VisitorKeys = Readonly<Record<string, readonly string[] | undefined>>;

const TYPE_ONLY_KEYS = new Set(['typeAnnotation', 'returnType', 'typeParameters', 'typeArguments', 'superTypeArguments', 'implements']);
const SKIPPED_TYPES = new Set([
  'TSInterfaceDeclaration',
  'TSTypeAliasDeclaration',
  'TSDeclareFunction',
  'TSEnumDeclaration',
  'TSImportEqualsDeclaration',
  'ImportDeclaration',
  'ExportAllDeclaration',
  'Literal',
  'Identifier',
  'TemplateElement',
  'ThisExpression',
  'Super',
]);
const walkKeysCache = new WeakMap<VisitorKeys, Map<string, readonly string[] | null>>();

/**
 * The child keys of `type` worth walking: `[]` for a node with nothing to find below it, `null` when the parser's
 * visitor keys do not know the type (walk every child then).
 */
export function walkKeys(visitorKeys: VisitorKeys, type: string): readonly string[] | null {
  return walkKeysOf(visitorKeys)(type);
}

/** `walkKeys` for one parser's visitor keys, its cache looked up once (a walk asks it per node). */
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
