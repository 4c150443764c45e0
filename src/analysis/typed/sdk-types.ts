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
 * The SDK's requests (`CallToolRequest`, `ReadResourceRequest`, …): their `params` is the request plane. Methods take
 * `CallToolRequest['params']` (v2's `client.callTool(params)`), which is not the type `CallToolRequestParams` names.
 */
const SDK_REQUEST_NAME = /^[A-Z][A-Za-z]*Request$/;
/** What a request's `params` type is recorded as (a name of `SDK_TYPE_PLANES` on the request plane). */
const REQUEST_PARAMS = 'RequestParams';

/**
 * The SDK's declared types by identity, with their names (one program may hold several copies: v1, v2, spec types);
 * a request's `params` type is recorded as `RequestParams`.
 */
export type SdkTypes = ReadonlyMap<ts.Type, string>;

const sdkTypesByProgram = new WeakMap<ts.Program, SdkTypes>();
/** An SDK declaration file's wanted declarations: unchanged files are shared by the next program (an editor's). */
const declarationsByFile = new WeakMap<ts.SourceFile, readonly ts.DeclarationStatement[]>();

/** True for a file of an MCP SDK package (`node_modules/@modelcontextprotocol/…`, or a workspace link to one). */
function isSdkFile(file: ts.SourceFile): boolean {
  return file.isDeclarationFile && file.fileName.includes('/@modelcontextprotocol/');
}

/**
 * The SDK's types in the program, once per program: only the MCP packages' declaration files are read (their
 * top-level statements, for the names above); the program's other files are never looked into.
 */
export function sdkTypesOf(services: TypeServices): SdkTypes {
  const known = sdkTypesByProgram.get(services.program);
  if (known) return known;
  const types = new Map<ts.Type, string>();
  for (const file of services.program.getSourceFiles()) {
    if (!isSdkFile(file)) continue;
    for (const declaration of sdkDeclarationsIn(services, file)) {
      const symbol = declaration.name ? services.checker.getSymbolAtLocation(declaration.name) : undefined;
      if (!symbol) continue;
      const type = services.checker.getDeclaredTypeOfSymbol(symbol);
      if (!SDK_REQUEST_NAME.test(symbol.name)) {
        types.set(type, symbol.name);
        continue;
      }
      const params = type.isUnion() ? undefined : services.checker.getPropertyOfType(type, 'params');
      if (params) types.set(services.checker.getNonNullableType(services.checker.getTypeOfSymbol(params)), REQUEST_PARAMS);
    }
  }
  sdkTypesByProgram.set(services.program, types);
  return types;
}

function sdkDeclarationsIn(services: TypeServices, file: ts.SourceFile): readonly ts.DeclarationStatement[] {
  const known = declarationsByFile.get(file);
  if (known) return known;
  const tsModule = services.ts;
  const declarations = file.statements.filter(
    (statement): statement is ts.InterfaceDeclaration | ts.TypeAliasDeclaration =>
      (tsModule.isInterfaceDeclaration(statement) || tsModule.isTypeAliasDeclaration(statement)) &&
      (SDK_TYPE_NAMES.has(statement.name.text) || SDK_REQUEST_NAME.test(statement.name.text)),
  );
  declarationsByFile.set(file, declarations);
  return declarations;
}

/** The plane of an object of the SDK type named `name`, or null (a container, or not an SDK type). */
export function planeOfSdkType(name: string): WritePlane | null {
  return SDK_TYPE_PLANES.get(name) ?? null;
}

/** The plane of an element of the SDK container `name`'s property `property` (`ReadResourceResult.contents`), or null. */
export function planeOfSdkContainer(name: string, property: string): WritePlane | null {
  return Object.hasOwn(SDK_CONTAINERS, name) && Object.hasOwn(SDK_CONTAINERS[name], property) ? SDK_CONTAINERS[name][property] : null;
}
