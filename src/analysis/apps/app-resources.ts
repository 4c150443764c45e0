/**
 * The UI resources a file serves: `registerAppResource(server, name, uri, config, cb)`, `registerResource(name,
 * uriOrTemplate, config, cb)` (SDK v1 and v2, a `ResourceTemplate` too), SDK v1's `resource(name, uri, …, cb)`,
 * mcp-lite's `resource(uriOrTemplate, meta, handler)`, and
 * the entries a low-level `resources/list` or `resources/read` handler returns (`{ uri, mimeType }`), with the MIME
 * types they declare. Worked out once per AST, and only for a file whose writes link or describe a widget (or that
 * names a `ui://` URI): a file without those never pays for this walk.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, containsNode, enclosingFunction, propertyKeyName, propertyNamed, unwrap, walkAll } from '../syntax/ast';
import { constStrings, functionBoundTo, importedLiteralOf, type ImportedNames } from '../syntax/bindings';
import { isContentsArrayItem, objectLiteralOf } from '../syntax/meta-syntax';
import { sortedHasIn } from '../syntax/offset-set';
import { serverInstanceOf } from './server-instance';
import { normalise, uriTemplatePattern, uriValueOf, type UriValue } from './uri-value';

/** A MIME type a resource declares: where, and the strings it may be (null: not known here). */
export interface DeclaredMimeType {
  readonly node: TSESTree.Node;
  readonly values: readonly string[] | null;
}

export interface UiResource {
  /** The URI it is served under, or the template it matches (`template` set). */
  readonly uri: UriValue;
  /** An RFC 6570 template's pattern (`new ResourceTemplate('ui://w/{id}.html', …)`), when it is one. */
  readonly template: RegExp | null;
  /** Where the URI is written. */
  readonly node: TSESTree.Node;
  /** How it is registered, for messages. */
  readonly how: string;
  /** The MIME types its listing and its contents declare. */
  readonly mimeTypes: readonly DeclaredMimeType[];
  /** The MIME type a registration defaults to when its config says none (`registerAppResource`: `RESOURCE_MIME_TYPE`). */
  readonly defaultsToAppMime: boolean;
  /** Content items (`{ uri, text }`, `{ uri, blob }`) written without a `mimeType`. */
  readonly contentsWithoutMime: readonly TSESTree.ObjectExpression[];
  /** Content items (`contents: [{ uri, mimeType }]`) with neither `text` nor `blob`: no HTML to render (APP-003). */
  readonly contentsWithoutBody: readonly TSESTree.ObjectExpression[];
  /** The function the registration is made in (the Program at the top level): a `MetaWrite.functionNode`'s kind. */
  readonly scope: TSESTree.Node;
  /** The server it is registered on, when the code says which (`serverInstanceOf`). */
  readonly server: string | null;
}

const cache = new WeakMap<TSESTree.Program, readonly UiResource[]>();

/** The request handlers whose results list or read resources. */
const RESOURCE_HANDLERS = new Set(['ListResourcesRequestSchema', 'ReadResourceRequestSchema', 'resources/list', 'resources/read']);

export function uiResourcesOf(ast: TSESTree.Program, imports: ImportedNames | null, text: string): readonly UiResource[] {
  let found = cache.get(ast);
  if (!found) {
    found = collect(ast, imports, text);
    cache.set(ast, found);
  }
  return found;
}

/**
 * Where the text names a callee `collect` looks at: `esource` is in `registerAppResource`, `registerResource` and
 * `resource`, and `setRequestHandler` is itself. A call's range holds its callee, so a subtree whose text holds none
 * of these has no such call and is not entered (most of a file): the walk no longer visits every node of it.
 */
const CALLEE_MARK = /esource|setRequestHandler/g;

function calleeMarks(text: string): number[] {
  const marks: number[] = [];
  CALLEE_MARK.lastIndex = 0;
  for (let match = CALLEE_MARK.exec(text); match !== null; match = CALLEE_MARK.exec(text)) marks.push(match.index);
  return marks;
}

function collect(ast: TSESTree.Program, imports: ImportedNames | null, text: string): UiResource[] {
  const marks = calleeMarks(text);
  if (marks.length === 0) return [];
  const sourceText = (node: TSESTree.Node) => text.slice(node.range[0], node.range[1]);
  // Calls first, read after the walk: a binding look-up needs every `parent` link. ESLint and oxlint link them before
  // rules run, so only the subtrees that name a callee below are walked; a bare parse (the CLI) is walked whole, which
  // links them.
  const calls: TSESTree.CallExpression[] = [];
  const linked = ast.body.length === 0 || ast.body[0].parent !== undefined;
  walkAll(
    ast,
    (node) => {
      if (node.type === 'CallExpression') calls.push(node);
    },
    linked ? (node) => sortedHasIn(marks, node.range[0], node.range[1]) : undefined,
  );
  const resources: UiResource[] = [];
  for (const node of calls) {
    const name = calleeName(node);
    const args = node.arguments;
    if (name === 'registerAppResource' && args.length >= 4) {
      resources.push(registration(args[2], args[3], args[4], 'registerAppResource', true, registeredAt(node, ast), imports, sourceText));
    } else if (name === 'registerResource' && args.length >= 3 && !isSpread(args[1])) {
      resources.push(registration(args[1], args[2], args[3], 'registerResource', false, registeredAt(node, ast), imports, sourceText));
    } else if (name === 'resource' && args.length === 3 && node.callee.type === 'MemberExpression' && isObjectLiteral(args[1])) {
      // mcp-lite's `resource(uriOrTemplate, meta, handler)`: SDK v1's takes a URI or a ResourceTemplate second, never
      // an object literal.
      resources.push(registration(args[0], args[1], args[2], 'resource', false, registeredAt(node, ast), imports, sourceText));
    } else if (name === 'resource' && args.length >= 3 && node.callee.type === 'MemberExpression' && !isSpread(args[1])) {
      const config = args.length >= 4 ? args[2] : undefined;
      resources.push(registration(args[1], config, args[args.length - 1], 'resource', false, registeredAt(node, ast), imports, sourceText));
    } else if (name === 'setRequestHandler' && args.length >= 2 && handlesResources(args[0], imports)) {
      resources.push(...handlerEntries(args[1], registeredAt(node, ast), imports, sourceText));
    }
  }
  return resources.filter((resource) => !isOtherScheme(resource.uri));
}

/**
 * The function a registration is made in (the Program at the top level) and the server it is made on: looked up only
 * for a registration.
 */
function registeredAt(node: TSESTree.CallExpression, ast: TSESTree.Program): { scope: TSESTree.Node; server: string | null } {
  return { scope: enclosingFunction(node) ?? ast, server: serverInstanceOf(node) };
}

function isSpread(node: TSESTree.Node | undefined): boolean {
  return node?.type === 'SpreadElement';
}

function isObjectLiteral(node: TSESTree.Node | undefined): boolean {
  return node !== undefined && node.type !== 'SpreadElement' && unwrap(node).type === 'ObjectExpression';
}

/** A resource whose URI is certainly not `ui://` is no widget (a `file://` or `https://` resource). */
function isOtherScheme(uri: UriValue): boolean {
  if (uri.kind === 'known') return uri.values.every((value) => !value.startsWith('ui://'));
  if (uri.kind === 'pattern') return /^[a-z][a-z0-9+.-]*:/i.test(uri.text) && !uri.text.startsWith('ui://');
  return false;
}

function handlesResources(schema: TSESTree.Node, imports: ImportedNames | null): boolean {
  const inner = unwrap(schema);
  if (inner.type === 'Identifier') return RESOURCE_HANDLERS.has(inner.name);
  if (inner.type === 'MemberExpression' && inner.property.type === 'Identifier') return RESOURCE_HANDLERS.has(inner.property.name);
  const strings = constStrings(inner, imports);
  return strings?.some((value) => RESOURCE_HANDLERS.has(value)) ?? false;
}

function registration(
  uriArgument: TSESTree.Node,
  config: TSESTree.Node | undefined,
  callback: TSESTree.Node | undefined,
  how: string,
  defaultsToAppMime: boolean,
  where: { scope: TSESTree.Node; server: string | null },
  imports: ImportedNames | null,
  sourceText: (node: TSESTree.Node) => string,
): UiResource {
  const uriNode = unwrap(uriArgument);
  let uri: UriValue;
  let template: RegExp | null = null;
  if (uriNode.type === 'NewExpression' && calleeIdentifier(uriNode) === 'ResourceTemplate' && uriNode.arguments[0]) {
    uri = uriValueOf(uriNode.arguments[0], imports, sourceText);
    if (uri.kind === 'known' && uri.values.length === 1) template = uriTemplatePattern(uri.values[0]);
  } else {
    uri = uriValueOf(uriNode, imports, sourceText);
  }
  const mimeTypes: DeclaredMimeType[] = [];
  const configLiteral = configOf(config, imports);
  const configMime = configLiteral ? mimeTypeOf(configLiteral.literal, imports, configLiteral.at) : null;
  if (configMime) mimeTypes.push(configMime);
  const contentsWithoutMime: TSESTree.ObjectExpression[] = [];
  const contentsWithoutBody: TSESTree.ObjectExpression[] = [];
  const reader = readCallbackOf(callback);
  if (reader) {
    for (const item of contentItems(reader)) {
      if (template === null && servesOtherUri(item, uri, imports, sourceText)) continue;
      if (!propertyNamed(item, 'text', WRITTEN) && !propertyNamed(item, 'blob', WRITTEN)) {
        contentsWithoutBody.push(item);
        continue;
      }
      const mime = mimeTypeOf(item, imports);
      if (mime) mimeTypes.push(mime);
      else if (!item.properties.some((property) => property.type === 'SpreadElement')) contentsWithoutMime.push(item);
    }
  }
  return { uri, template, node: uriNode, how, mimeTypes, defaultsToAppMime, contentsWithoutMime, contentsWithoutBody, ...where };
}

/**
 * The function that answers a resource's reads: the callback itself, or the function a wrapper is given
 * (`wrapResourceHandler('widget', async () => ({ contents }))`, a tracing or error wrapper), its last such argument.
 */
function readCallbackOf(callback: TSESTree.Node | undefined): TSESTree.FunctionExpression | TSESTree.ArrowFunctionExpression | null {
  const inner = callback ? unwrap(callback) : null;
  if (inner?.type === 'ArrowFunctionExpression' || inner?.type === 'FunctionExpression') return inner;
  if (inner?.type !== 'CallExpression') return null;
  for (let index = inner.arguments.length - 1; index >= 0; index -= 1) {
    const argument = unwrap(inner.arguments[index]);
    if (argument.type === 'ArrowFunctionExpression' || argument.type === 'FunctionExpression') return argument;
  }
  return null;
}

/**
 * A content item whose `uri` is known and is none of the resource's known URIs is another resource's: a helper the read
 * callbacks of several registrations share (`readView(uri)` with a branch per resource) builds it for one of the others.
 */
function servesOtherUri(
  item: TSESTree.ObjectExpression,
  uri: UriValue,
  imports: ImportedNames | null,
  sourceText: (node: TSESTree.Node) => string,
): boolean {
  if (uri.kind !== 'known') return false;
  const property = propertyNamed(item, 'uri', WRITTEN);
  const itemUri = property ? uriValueOf(property.value, imports, sourceText) : null;
  return itemUri?.kind === 'known' && !itemUri.values.some((value) => uri.values.includes(value));
}

function calleeIdentifier(node: TSESTree.NewExpression): string | null {
  const callee = unwrap(node.callee);
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression' && callee.property.type === 'Identifier') return callee.property.name;
  return null;
}

/** A listing's or content item's property is read only as written out, `name: value` (`propertyNamed`'s `written`). */
const WRITTEN = { written: true } as const;

/**
 * The MIME type a listing or content item declares. `at`: where it is reported when the literal is another module's
 * (a detached copy, `importedLiteralOf`): the name of it here.
 */
function mimeTypeOf(literal: TSESTree.ObjectExpression, imports: ImportedNames | null, at?: TSESTree.Node): DeclaredMimeType | null {
  const property = propertyNamed(literal, 'mimeType', WRITTEN);
  if (!property) return null;
  return { node: at ?? property.value, values: constStrings(property.value, imports) };
}

/**
 * A registration's config: an object literal written in place or in a same-file `const`, or a `const` imported from
 * another module (`registerAppResource(server, 'View', URI, VIEW_CONFIG, …)`), whose MIME type is reported at the
 * name here. Null for anything else.
 */
function configOf(
  config: TSESTree.Node | undefined,
  imports: ImportedNames | null,
): { literal: TSESTree.ObjectExpression; at?: TSESTree.Node } | null {
  if (!config || config.type === 'SpreadElement') return null;
  const here = objectLiteralOf(config);
  if (here) return { literal: here };
  const imported = importedLiteralOf(config, imports);
  const literal = imported ? unwrap(imported.value) : null;
  return literal?.type === 'ObjectExpression' ? { literal, at: config } : null;
}

/** How many calls deep `contentItems` follows same-file functions from a read callback. */
const HELPER_DEPTH = 2;

/**
 * The object literals under a read callback that are content items: a `uri` and a `text` or `blob`, or an element of
 * a `contents: [...]` array with a `uri` and a `mimeType` but neither (and no spread that may bring one). Also those of
 * the same-file functions the callback calls, and theirs, `HELPER_DEPTH` calls deep (`async () => buildUiResponse(URI,
 * html)`, as VibeJaro/mcp-app-hello writes it): what they build is what resources/read returns, MIME type included.
 */
function contentItems(callback: TSESTree.Node): TSESTree.ObjectExpression[] {
  const items: TSESTree.ObjectExpression[] = [];
  const walked: TSESTree.Node[] = [callback];
  let level: TSESTree.Node[] = [callback];
  for (let depth = 0; level.length > 0; depth += 1) {
    const called: TSESTree.Node[] = [];
    for (const fn of level) collectContentItems(fn, items, depth < HELPER_DEPTH ? called : null);
    level = [];
    for (const fn of called) {
      // Each function once: one called twice (`cond ? build(a) : build(b)`), or declared inside one already walked.
      if (walked.some((outer) => containsNode(outer, fn))) continue;
      walked.push(fn);
      level.push(fn);
    }
  }
  return items;
}

/** `contentItems` of one function; `called` (when not null) gets the same-file functions it calls. */
function collectContentItems(fn: TSESTree.Node, items: TSESTree.ObjectExpression[], called: TSESTree.Node[] | null): void {
  walkAll(fn, (node) => {
    if (node.type === 'CallExpression') {
      const callee = called ? unwrap(node.callee) : null;
      const helper = callee?.type === 'Identifier' ? functionBoundTo(callee) : null;
      if (helper?.body) called?.push(helper);
      return;
    }
    if (node.type !== 'ObjectExpression' || !propertyNamed(node, 'uri', WRITTEN)) return;
    if (propertyNamed(node, 'text', WRITTEN) || propertyNamed(node, 'blob', WRITTEN)) items.push(node);
    else if (
      propertyNamed(node, 'mimeType', WRITTEN) &&
      isContentsArrayItem(node) &&
      !node.properties.some((property) => property.type === 'SpreadElement')
    )
      items.push(node);
  });
}

/** The properties of a low-level resources handler's result that hold its entries. */
const ENTRY_LISTS: ReadonlySet<string> = new Set(['resources', 'contents']);

/** An entry the handler gets at run time (`await readSkill(uri)`, `...(await listSkills())`), not an object literal. */
function builtAtRunTime(element: TSESTree.Node | null): boolean {
  if (!element) return false;
  if (element.type === 'SpreadElement') return unwrap(element.argument).type !== 'ArrayExpression';
  const inner = unwrap(element);
  const value = inner.type === 'AwaitExpression' ? unwrap(inner.argument) : inner;
  return value.type === 'CallExpression' || value.type === 'NewExpression';
}

/**
 * A low-level handler's entries: every object literal it returns with a `uri` and a `mimeType` (a `resources/list`
 * entry, a `resources/read` content item), each a resource of its own; and, when the handler also lists or returns
 * entries it gets at run time (`contents: [await readSkill(uri)]`, `resources.push(...(await listSkills()))`), one
 * resource whose URI is not known, so that a link no literal entry serves is not matched statically rather than missing
 * (the entries built at run time may serve it).
 */
function handlerEntries(
  handler: TSESTree.Node,
  where: { scope: TSESTree.Node; server: string | null },
  imports: ImportedNames | null,
  sourceText: (node: TSESTree.Node) => string,
): UiResource[] {
  const entries: UiResource[] = [];
  const lists = new Set<string>();
  const pushes: TSESTree.CallExpression[] = [];
  let unread: TSESTree.Node | null = null;
  walkAll(handler, (node) => {
    if (node.type === 'CallExpression') {
      const callee = unwrap(node.callee);
      if (callee.type === 'MemberExpression' && calleeName(node) === 'push' && unwrap(callee.object).type === 'Identifier')
        pushes.push(node);
      return;
    }
    if (node.type === 'Property' && !node.computed && node.kind === 'init' && ENTRY_LISTS.has(propertyKeyName(node) ?? '')) {
      const value = unwrap(node.value);
      if (value.type === 'Identifier') lists.add(value.name);
      else if (value.type === 'ArrayExpression') unread ??= value.elements.find(builtAtRunTime) ?? null;
      else if (builtAtRunTime(value)) unread ??= value;
      return;
    }
    if (node.type !== 'ObjectExpression') return;
    const uri = propertyNamed(node, 'uri', WRITTEN);
    const mime = mimeTypeOf(node, imports);
    if (!uri || !mime) return;
    entries.push({
      uri: uriValueOf(uri.value, imports, sourceText),
      template: null,
      node: uri.value,
      how: 'a resources handler',
      mimeTypes: [mime],
      defaultsToAppMime: false,
      contentsWithoutMime: [],
      contentsWithoutBody: [],
      ...where,
    });
  });
  for (const push of pushes) {
    const receiver = unwrap((unwrap(push.callee) as TSESTree.MemberExpression).object) as TSESTree.Identifier;
    if (lists.has(receiver.name)) unread ??= push.arguments.find(builtAtRunTime) ?? null;
  }
  if (unread) {
    entries.push({
      uri: { kind: 'opaque', text: `entries a resources handler builds at run time (${normalise(sourceText(unread))})` },
      template: null,
      node: unread,
      how: 'a resources handler',
      mimeTypes: [],
      defaultsToAppMime: false,
      contentsWithoutMime: [],
      contentsWithoutBody: [],
      ...where,
    });
  }
  return entries;
}
