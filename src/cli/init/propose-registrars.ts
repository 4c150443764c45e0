/**
 * `init` proposes the manifest's `sinks.registrations`: a function of the project that forwards its parameter to an
 * SDK or MCP Apps registration is the team's own registration function. In
 *
 *     export function defineTool(server, plugins, definition) {
 *       server.registerTool(definition.name, { description: definition.description, _meta: … }, async (args) =>
 *         runTool(definition.handler, plugins, args));
 *     }
 *
 * the config the SDK gets is built from `definition` (parameter 2) and the callback runs `definition.handler`, so
 * `{ "function": "defineTool", "config": 2, "callback": "handler" }`. Functions named like an SDK registration
 * (`app.registerTool(definition, handler)`) are left out: the analysis reads those already.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import {
  enclosingFunction,
  forEachChildNode,
  functionName,
  memberPropertyName,
  parameterName,
  propertyKeyName,
  unwrap,
  walkAll,
} from '../../analysis/syntax/ast';
import { registrationNameOf, SDK_REGISTRATIONS } from '../../analysis/plane/sdk-registrations';
import type { ManifestClassMember, ManifestMetaOption, ManifestRegistration, ManifestSinks } from '../../registry';
import { detectResultBuilders, emptyResultBuilders, proposedResultBuilders, type ProposedResultBuilders } from './propose-result-builders';
import {
  classMemberNotes,
  detectClassMembers,
  emptyClassMembers,
  proposedClassMembers,
  type ProposedClassMembers,
} from './propose-class-members';

type Node = TSESTree.Node;

/** Names of SDK calls the analysis knows (a project function with one of these names needs no entry). */
const SDK_NAMES: ReadonlySet<string> = new Set(SDK_REGISTRATIONS.keys());
/** A parameter or config property that holds a tool's callback, when the callback is not forwarded as it is. */
const CALLBACK_NAME = /^(?:handler|handle|callback|cb|fn|execute|exec|run|action|resolve|resolver|impl|implementation)$/i;

/** What the scan proposes, by function name; a name seen with two different shapes is dropped (`conflicting`). */
export interface ProposedRegistrations {
  readonly byName: Map<string, ManifestRegistration>;
  readonly conflicting: Set<string>;
  /** The result builders, found beside (propose-result-builders.ts). */
  readonly resultBuilders: ProposedResultBuilders;
  /** The base classes whose member is a registration's `_meta` (propose-class-members.ts). */
  readonly classMembers: ProposedClassMembers;
}

export function emptyRegistrations(): ProposedRegistrations {
  return { byName: new Map(), conflicting: new Set(), resultBuilders: emptyResultBuilders(), classMembers: emptyClassMembers() };
}

/** Adds the registration functions one file defines. */
export function detectRegistrations(ast: TSESTree.Program, found: ProposedRegistrations): void {
  detectResultBuilders(ast, found.resultBuilders);
  detectClassMembers(ast, found.classMembers);
  walkAll(ast, (node) => {
    if (node.type !== 'CallExpression') return;
    const proposal = proposalOf(node);
    if (!proposal) return;
    const { name, registration } = proposal;
    if (found.conflicting.has(name)) return;
    const known = found.byName.get(name);
    if (known === undefined) found.byName.set(name, registration);
    else if (JSON.stringify(known) !== JSON.stringify(registration)) {
      found.byName.delete(name);
      found.conflicting.add(name);
    }
  });
}

/** `sinks` for the manifest, or undefined when nothing was found. Sorted by name, so the output is stable. */
export function proposedSinks(found: ProposedRegistrations): ManifestSinks | undefined {
  const registrations = [...found.byName.values()].sort((a, b) => a.function.localeCompare(b.function));
  const resultBuilders = proposedResultBuilders(found.resultBuilders, new Set([...found.byName.keys(), ...found.conflicting]));
  const classMembers = proposedClassMembers(found.classMembers);
  if (registrations.length === 0 && resultBuilders.length === 0 && classMembers.length === 0) return undefined;
  return {
    ...(registrations.length > 0 ? { registrations } : {}),
    ...(resultBuilders.length > 0 ? { resultBuilders } : {}),
    ...(classMembers.length > 0 ? { classMembers } : {}),
  };
}

/** The registration `call` (an SDK one) makes of its enclosing function's parameter, if it forwards one. */
function proposalOf(call: TSESTree.CallExpression): { name: string; registration: ManifestRegistration } | null {
  const sdk = SDK_REGISTRATIONS.get(registrationNameOf(call) ?? '');
  // Only the registrations with fixed positions (not SDK v1's `tool(name, …optional, cb)`, nor prompts).
  if (!sdk || sdk.config === undefined || sdk.plane === 'prompt') return null;
  const fn = enclosingFunction(call);
  const name = fn ? functionName(fn) : null;
  if (!fn || name === null || SDK_NAMES.has(name) || !/^[A-Za-z_$][\w$]*$/.test(name)) return null;
  const params = fn.params.map(parameterName);
  const configFirst = sdk.configFirst && (call.arguments.length === 2 || unwrap(call.arguments[0])?.type === 'ObjectExpression');
  const configArgument = call.arguments[configFirst ? 0 : sdk.config];
  const callbackArgument = sdk.callback === undefined ? undefined : call.arguments[configFirst ? 1 : sdk.callback];
  if (!configArgument || configArgument.type === 'SpreadElement') return null;
  const config = forwardedParameter(configArgument, params, fn);
  if (config === null) return null;
  // Property order as the docs write it: function, plane (only when not the default), config, callback.
  const registration: ManifestRegistration = { function: name, ...(sdk.plane === 'resource' ? { plane: 'resource' } : {}), config };
  const callback = callbackArgument && callbackArgument.type !== 'SpreadElement' ? callbackOf(callbackArgument, params, config, fn) : null;
  if (callback !== null) registration.callback = callback;
  return { name, registration };
}

/**
 * The parameter whose `_meta` the SDK config carries: the parameter itself (`registerTool(name, config, cb)`), spread
 * into it (`{ ...definition, name }`), or read in its `_meta` (`_meta: { ...definition._meta }`, `_meta: { k:
 * definition.category }`), directly or through a `const` of the same function. A config only built with the
 * parameter's help (`{ description: \`Note ${id}\`, uri: uriFor(plan.namespace) }`, `_meta: { k: etag }`) forwards
 * no object of the caller's.
 */
function forwardedParameter(argument: Node, params: readonly (string | null)[], fn: TSESTree.FunctionLike): number | null {
  const inner = unwrap(argument);
  const init = inner.type === 'Identifier' ? sameFunctionInit(inner.name, fn) : null;
  const config = init ? unwrap(init) : inner;
  const found = new Set<number>();
  const add = (node: Node): void => {
    for (const name of memberRoots(node)) {
      const index = params.indexOf(name);
      if (index >= 0) found.add(index);
    }
  };
  if (config.type === 'Identifier') {
    const index = params.indexOf(config.name);
    if (index >= 0) found.add(index);
  } else if (config.type === 'ObjectExpression') {
    for (const property of config.properties) {
      if (property.type === 'SpreadElement') {
        const spread = rootIdentifier(property.argument);
        if (spread !== null && params.includes(spread)) found.add(params.indexOf(spread));
      } else if (propertyKeyName(property) === '_meta') add(property.value);
    }
  }
  return found.size === 1 ? [...found][0] : null;
}

/** `definition` of `definition`, `definition.meta`, `definition!.x`; null for anything else. */
function rootIdentifier(node: Node): string | null {
  let current = unwrap(node);
  while (current.type === 'MemberExpression') current = unwrap(current.object);
  return current.type === 'Identifier' ? current.name : null;
}

/**
 * Where the callback is: a parameter forwarded as it is (`handler`), the config's property it runs
 * (`definition.handler`, `def.execute`), or the one parameter it uses whose name says it is a callback.
 */
function callbackOf(argument: Node, params: readonly (string | null)[], config: number, fn: TSESTree.FunctionLike): number | string | null {
  const inner = unwrap(argument);
  if (inner.type === 'Identifier') {
    const index = params.indexOf(inner.name);
    if (index >= 0 && index !== config) return index;
  }
  const configName = params[config];
  const candidates = new Set<number | string>();
  const visit = (node: Node): void => {
    if (node.type === 'MemberExpression' && node.object.type === 'Identifier' && node.object.name === configName) {
      const property = memberPropertyName(node);
      if (property !== null && CALLBACK_NAME.test(property)) candidates.add(property);
      return;
    }
    if (node.type === 'Identifier') {
      const index = params.indexOf(node.name);
      if (index >= 0 && index !== config && CALLBACK_NAME.test(node.name)) candidates.add(index);
      return;
    }
    forEachChildNode(node, visit);
  };
  visit(inner);
  for (const name of sameFunctionInits(inner, fn)) visit(name);
  return candidates.size === 1 ? [...candidates][0] : null;
}

/**
 * The objects an expression reads properties of or spreads (`definition` of `definition.category`, `...def._meta`):
 * a parameter used as a value (`{ etag }`) is a value the config carries, not the config it describes.
 */
function memberRoots(expression: Node): Set<string> {
  const names = new Set<string>();
  const visit = (node: Node): void => {
    if (node.type === 'MemberExpression' || node.type === 'SpreadElement') {
      const root = rootIdentifier(node.type === 'SpreadElement' ? node.argument : node);
      if (root !== null) names.add(root);
      return;
    }
    forEachChildNode(node, visit);
  };
  visit(expression);
  return names;
}

/** The initialiser of `const name = …` declared directly in `fn`'s body, or null. */
function sameFunctionInit(name: string, fn: TSESTree.FunctionLike): Node | null {
  if (fn.body?.type !== 'BlockStatement') return null;
  for (const statement of fn.body.body) {
    if (statement.type !== 'VariableDeclaration') continue;
    for (const declarator of statement.declarations)
      if (declarator.id.type === 'Identifier' && declarator.id.name === name && declarator.init) return declarator.init;
  }
  return null;
}

/**
 * The initialisers of the variables `expression` reads that are declared directly in `fn`'s body (`const config =
 * { … definition … }`, `const wrapped = wrap(handler)`), one level deep: enough for a config or callback built just
 * before the registration.
 */
function sameFunctionInits(expression: Node, fn: TSESTree.FunctionLike): Node[] {
  if (fn.body?.type !== 'BlockStatement') return [];
  const read = new Set<string>();
  const collect = (node: Node): void => {
    if (node.type === 'Identifier') read.add(node.name);
    else if (node.type === 'MemberExpression') collect(node.object);
    else if (node.type === 'Property') collect(node.value);
    else forEachChildNode(node, collect);
  };
  collect(expression);
  const inits: Node[] = [];
  for (const statement of fn.body.body) {
    if (statement.type !== 'VariableDeclaration') continue;
    for (const declarator of statement.declarations) {
      if (declarator.id.type === 'Identifier' && read.has(declarator.id.name) && declarator.init) inits.push(declarator.init);
    }
  }
  return inits;
}

/** What a person should look at: each proposal (init guesses the positions) and each name dropped as ambiguous. */
export function registrationNotes(found: ProposedRegistrations): string[] {
  const notes = [...found.byName.values()]
    .sort((a, b) => a.function.localeCompare(b.function))
    .map(
      (entry) =>
        `${entry.function}() forwards its parameter ${entry.config} to an SDK ${entry.plane ?? 'tool'} registration: proposed in "sinks.registrations" (config ${entry.config}${entry.callback !== undefined ? `, callback ${JSON.stringify(entry.callback)}` : entry.plane === 'resource' ? '' : ', no callback found'}); check the positions`,
    );
  for (const name of [...found.conflicting].sort())
    notes.push(
      `${name}() forwards to SDK registrations in two different ways (two definitions?): not proposed in "sinks"; add it by hand if it is yours`,
    );
  notes.push(...classMemberNotes(found.classMembers));
  const builders = proposedSinks(found)?.resultBuilders ?? [];
  for (const builder of builders) {
    if (builder.meta !== undefined) notes.push(metaOptionNote(builder.function, builder.meta));
    // Proposed for its `meta` alone: no tool callbacks return its call (see `proposedResultBuilders`).
    if ((found.resultBuilders.returnedByCallbacks.get(builder.function) ?? 0) < 2) continue;
    notes.push(
      found.resultBuilders.definitions.has(builder.function)
        ? `${builder.function}() builds a tool result that ${found.resultBuilders.returnedByCallbacks.get(builder.function)} tool callbacks return: proposed in "sinks.resultBuilders"${builder.argument === undefined ? '' : ` (argument ${builder.argument}: the result it spreads)`}`
        : `${builder.function}() takes a tool result ({ content, … } as argument ${builder.argument}) and ${found.resultBuilders.returnedByCallbacks.get(builder.function)} tool callbacks return its call: proposed in "sinks.resultBuilders" (argument ${builder.argument})`,
    );
  }
  return notes;
}

/** `respondOk() puts argument 1's "meta" in the _meta of the tool result it builds: …`. */
function metaOptionNote(name: string, meta: ManifestMetaOption): string {
  const place = meta.property === undefined ? `its argument ${meta.argument}` : `argument ${meta.argument}'s "${meta.property}"`;
  return `${name}() puts ${place} in the _meta of the tool result it builds: proposed in "sinks.resultBuilders" (meta ${JSON.stringify(meta)}), so what its calls give there is checked as a tool result's _meta`;
}

/**
 * The sinks `init --update` scans under: the manifest's own entries as written, and the proposals for functions they
 * do not name, so the scan reads planes as the lint will under the updated manifest.
 */
export function sinksWithExisting(proposed: ManifestSinks | undefined, existing: ManifestSinks | undefined): ManifestSinks | undefined {
  if (existing === undefined) return proposed;
  const named = new Set([...(existing.registrations ?? []), ...(existing.resultBuilders ?? [])].map((entry) => entry.function));
  const members = new Set((existing.classMembers ?? []).map(classMemberId));
  const classMembers = [
    ...(existing.classMembers ?? []),
    ...(proposed?.classMembers ?? []).filter((entry) => !members.has(classMemberId(entry))),
  ];
  const registrations = [
    ...(existing.registrations ?? []),
    ...(proposed?.registrations ?? []).filter((entry) => !named.has(entry.function)),
  ];
  const resultBuilders = [
    ...(existing.resultBuilders ?? []),
    ...(proposed?.resultBuilders ?? []).filter((entry) => !named.has(entry.function)),
  ];
  return { registrations, resultBuilders, ...(classMembers.length > 0 ? { classMembers } : {}) };
}

/** `BaseTool.meta`: how a `sinks.classMembers` entry is told from another. */
export function classMemberId(entry: ManifestClassMember): string {
  return `${entry.class}.${entry.member}`;
}
