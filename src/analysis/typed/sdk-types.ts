/**
 * The MCP SDKs' own types, as the checker has them: which plane an object of `CallToolResult`, `Tool`, `Resource`, …
 * is on. A type counts by identity with a type the SDK declares (in a file under `@modelcontextprotocol/`), never by
 * its name alone: the SDKs infer these types from zod schemas, so the checker's type has no alias name to read, and a
 * user's own type merely named `Tool` is not the SDK's. SDK v1 (`@modelcontextprotocol/sdk/types.js`, `spec.types.js`)
 * and v2 (`@modelcontextprotocol/server`, `client`, `core`: the same names in their bundled declarations) are both read.
 */
import type * as ts from 'typescript';
import type { WritePlane } from '../planes';
import type { TypeServices } from './type-services';

/** The SDK types whose objects' `_meta` is on a known plane. */
const SDK_TYPE_PLANES: ReadonlyMap<string, WritePlane> = new Map([
  ['CallToolResult', 'result'],
  ['CompatibilityCallToolResult', 'result'],
  ['Tool', 'tool'],
  ['Resource', 'resource'],
  ['ResourceTemplate', 'resource'],
  ['ResourceContents', 'resource'],
  ['TextResourceContents', 'resource'],
  ['BlobResourceContents', 'resource'],
  ['Prompt', 'prompt'],
  ['GetPromptResult', 'prompt'],
  ['RequestParams', 'request'],
  ['CallToolRequestParams', 'request'],
  ['ReadResourceRequestParams', 'request'],
  ['GetPromptRequestParams', 'request'],
  ['CreateMessageResult', 'client-result'],
  ['ElicitResult', 'client-result'],
]);

/**
 * SDK results that hold objects of a plane in a property: an element of `ReadResourceResult.contents` is a resource's
 * contents, of `ListToolsResult.tools` a tool descriptor. The checker gives such an element a union of the schemas'
 * outputs that is not the SDK's declared `TextResourceContents`, so the property says it.
 */
const SDK_CONTAINERS: Readonly<Record<string, Readonly<Record<string, WritePlane>>>> = {
  ReadResourceResult: { contents: 'resource' },
  ListToolsResult: { tools: 'tool' },
  ListResourcesResult: { resources: 'resource' },
  ListResourceTemplatesResult: { resourceTemplates: 'resource' },
  ListPromptsResult: { prompts: 'prompt' },
};

const SDK_TYPE_NAMES: ReadonlySet<string> = new Set([...SDK_TYPE_PLANES.keys(), ...Object.keys(SDK_CONTAINERS)]);
/**
 * The SDK's requests whose params code builds with a `_meta` (`client.callTool({ name, arguments, _meta })`,
 * `server.createMessage(…)`, …): their `params` is the request plane. Methods take `CallToolRequest['params']`, which is
 * not the type `CallToolRequestParams` names. Not every request: each costs the checker a schema inference.
 */
const SDK_REQUESTS: ReadonlySet<string> = new Set([
  'CallToolRequest',
  'ReadResourceRequest',
  'GetPromptRequest',
  'CompleteRequest',
  'CreateMessageRequest',
  'ElicitRequest',
]);
/** What a request's `params` type is recorded as (a name of `SDK_TYPE_PLANES` on the request plane). */
const REQUEST_PARAMS = 'RequestParams';

/**
 * One SDK declaration file's wanted declarations, resolved only as far as asked: the SDKs infer these types from zod
 * schemas, so each declared type costs the checker real work (all of one bundle's: seconds), while a lint needs the
 * few its writes are typed with, which the user's code already made the checker resolve.
 */
interface SdkFileTypes {
  /** Declared types resolved so far, with their names (a request's `params` type as `RequestParams`). */
  readonly known: Map<ts.Type, string>;
  /** Declarations not resolved yet, most asked first (result, tool, resource … then containers, then requests). */
  readonly pending: ts.DeclarationStatement[];
}

const sdkFilesByProgram = new WeakMap<ts.Program, Map<ts.SourceFile, SdkFileTypes>>();
/** An SDK declaration file's wanted declarations: unchanged files are shared by the next program (an editor's). */
const declarationsByFile = new WeakMap<ts.SourceFile, readonly ts.DeclarationStatement[]>();

/** True for a file of an MCP SDK package (`node_modules/@modelcontextprotocol/…`, or a workspace link to one). */
function isSdkFile(file: ts.SourceFile): boolean {
  return file.isDeclarationFile && file.fileName.includes('/@modelcontextprotocol/');
}

/** How soon a declaration is resolved: the planes' types first, in their table's order, then containers, then requests. */
const RESOLVE_ORDER: readonly string[] = [...SDK_TYPE_PLANES.keys(), ...Object.keys(SDK_CONTAINERS)];

function rank(name: string): number {
  const index = RESOLVE_ORDER.indexOf(name);
  return index < 0 ? RESOLVE_ORDER.length : index;
}

function sdkDeclarationsIn(services: TypeServices, file: ts.SourceFile): readonly ts.DeclarationStatement[] {
  const known = declarationsByFile.get(file);
  if (known) return known;
  const tsModule = services.ts;
  const declarations = file.statements
    .filter(
      (statement): statement is ts.InterfaceDeclaration | ts.TypeAliasDeclaration =>
        (tsModule.isInterfaceDeclaration(statement) || tsModule.isTypeAliasDeclaration(statement)) &&
        (SDK_TYPE_NAMES.has(statement.name.text) || SDK_REQUESTS.has(statement.name.text)),
    )
    .sort((a, b) => rank(a.name.text) - rank(b.name.text));
  declarationsByFile.set(file, declarations);
  return declarations;
}

function sdkFileTypes(services: TypeServices, file: ts.SourceFile): SdkFileTypes {
  let files = sdkFilesByProgram.get(services.program);
  if (!files) sdkFilesByProgram.set(services.program, (files = new Map<ts.SourceFile, SdkFileTypes>()));
  let types = files.get(file);
  if (!types) files.set(file, (types = { known: new Map<ts.Type, string>(), pending: [...sdkDeclarationsIn(services, file)] }));
  return types;
}

/** Resolves one declaration into `known`: its declared type, or for a request the type of its `params`. */
function resolveDeclaration(services: TypeServices, declaration: ts.DeclarationStatement, known: Map<ts.Type, string>): void {
  const { checker } = services;
  const symbol = declaration.name ? checker.getSymbolAtLocation(declaration.name) : undefined;
  if (!symbol) return;
  const type = checker.getDeclaredTypeOfSymbol(symbol);
  if (!SDK_REQUESTS.has(symbol.name)) {
    known.set(type, symbol.name);
    return;
  }
  const params = type.isUnion() ? undefined : checker.getPropertyOfType(type, 'params');
  if (params) known.set(checker.getNonNullableType(checker.getTypeOfSymbol(params)), REQUEST_PARAMS);
}

/**
 * The name of the SDK type `type` is (by identity), or undefined. Only a type declared in an MCP package's
 * declaration file (its alias, its symbol: the SDK's `Flatten<…>` of a schema) is looked up, and only among that
 * file's declarations, resolved one by one until one is `type` (once per program); any other type costs nothing.
 */
export function sdkNameOf(services: TypeServices, type: ts.Type): string | undefined {
  const declarations = [...(type.aliasSymbol?.declarations ?? []), ...(type.getSymbol()?.declarations ?? [])];
  for (const file of new Set(declarations.map((declaration) => declaration.getSourceFile()))) {
    if (!isSdkFile(file)) continue;
    const { known, pending } = sdkFileTypes(services, file);
    let name = known.get(type);
    while (name === undefined && pending.length > 0) {
      resolveDeclaration(services, pending.shift()!, known);
      name = known.get(type);
    }
    if (name !== undefined) return name;
  }
  return undefined;
}

/** The plane of an object of the SDK type named `name`, or null (a container, or not an SDK type). */
export function planeOfSdkType(name: string): WritePlane | null {
  return SDK_TYPE_PLANES.get(name) ?? null;
}

/** The plane of an element of the SDK container `name`'s property `property` (`ReadResourceResult.contents`), or null. */
export function planeOfSdkContainer(name: string, property: string): WritePlane | null {
  return Object.hasOwn(SDK_CONTAINERS, name) && Object.hasOwn(SDK_CONTAINERS[name], property) ? SDK_CONTAINERS[name][property] : null;
}
