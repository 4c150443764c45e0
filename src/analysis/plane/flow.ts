/**
 * Where an object goes and where it comes from: the registration it is passed to (an SDK or MCP Apps call, a team's
 * `sinks`, a registered tool's `update()`), later in its scope too, through copies into other variables; and the calls
 * it comes from (`await client.callTool(…)`, a wrapped handler's call, a registration's return).
 */
import type { TSESTree } from '@typescript-eslint/utils';
import {
  calleeName,
  forEachChildNode,
  functionReturning,
  isFunctionNode,
  outsideTypeWrappers,
  parameterName,
  tokenOffsetsOf,
  unwrap,
} from '../syntax/ast';
import { sortedHasIn } from '../syntax/offset-set';
import { declaratorOf, findBinding } from '../syntax/bindings';
import type { PlaneDecision } from '../planes';
import { frameworkSinkOfArgument } from './of-framework';
import { registrationNameOf, SDK_REGISTRATIONS } from './sdk-registrations';
import type { TeamSinkNames } from '../../registry/types';
import { isTeamToolCallback, teamSinkOfArgument, type TeamSinks } from './team-sinks';

type Node = TSESTree.Node;
type Expression = TSESTree.Expression;

/** Calls whose (awaited) value is a tool result: a client forwarding a call (`await client.callTool(…)`). */
const RESULT_SOURCE_CALLS: ReadonlySet<string> = new Set(['callTool']);

/**
 * The registration (an `SDK_REGISTRATIONS` call, a framework's own, a team's) that `node` is a config argument of, as
 * a decision; null otherwise.
 */
export function sinkOfArgument(node: Node, sinks: TeamSinks): PlaneDecision | null {
  const call = node.parent;
  if (call?.type !== 'CallExpression') return null;
  const index = call.arguments.indexOf(node as TSESTree.CallExpressionArgument);
  if (index < 0) return null;
  const name = calleeName(call) ?? '';
  // A framework's own registration of the same name takes its config elsewhere (mcp-use's `tool({ name, _meta })`).
  const framework = frameworkSinkOfArgument(call, index);
  if (framework) return framework;
  const sink = SDK_REGISTRATIONS.get(registrationNameOf(call) ?? '');
  if (sink) return sink.configFirst || index > 0 ? { plane: sink.plane, evidence: 'sink' } : null;
  const team = teamSinkOfArgument(call, index, sinks);
  if (team) return team;
  // `registered.update({ _meta })`: the SDK's update of a registered tool writes its descriptor.
  const callee = unwrap(call.callee);
  if (name === 'update' && index === 0 && callee.type === 'MemberExpression') {
    const registered = registrationOf(unwrap(callee.object));
    if (registered === 'tool') return { plane: 'tool', evidence: 'sink' };
  }
  return null;
}

/**
 * The plane of what a registration returned (`const search = server.registerTool(…)`, or kept on a class field:
 * `this.search = server.registerTool(…)`, `search = server.registerTool(…)` as a field), or null.
 */
export function registrationOf(expression: Node): 'tool' | 'resource' | 'prompt' | null {
  if (expression.type === 'MemberExpression') return registrationOfField(expression);
  if (expression.type !== 'Identifier') return null;
  const init = variableInit(expression);
  return init ? registrationCallPlane(init) : null;
}

function registrationCallPlane(value: Node): 'tool' | 'resource' | 'prompt' | null {
  const call = awaited(value);
  return call.type === 'CallExpression' ? (SDK_REGISTRATIONS.get(registrationNameOf(call) ?? '')?.plane ?? null) : null;
}

/**
 * `this.tool` in a class whose field `tool` holds a registration's return: every value the class gives the field (its
 * initializer, `this.tool = …` in any method) is one registration of the same plane.
 */
function registrationOfField(member: TSESTree.MemberExpression): 'tool' | 'resource' | 'prompt' | null {
  if (unwrap(member.object).type !== 'ThisExpression' || member.computed || member.property.type !== 'Identifier') return null;
  const name = member.property.name;
  let body: TSESTree.ClassBody | null = null;
  for (let node: Node | undefined = member.parent; node; node = node.parent) {
    if (node.type === 'ClassBody') {
      body = node;
      break;
    }
  }
  if (!body) return null;
  let byName = fieldRegistrations.get(body);
  if (!byName) fieldRegistrations.set(body, (byName = new Map<string, 'tool' | 'resource' | 'prompt' | null>()));
  if (!byName.has(name)) byName.set(name, registrationOfFieldIn(body, name));
  return byName.get(name) ?? null;
}

/** Each class's fields asked about, answered once per class body and name. */
const fieldRegistrations = new WeakMap<TSESTree.ClassBody, Map<string, 'tool' | 'resource' | 'prompt' | null>>();

function registrationOfFieldIn(body: TSESTree.ClassBody, name: string): 'tool' | 'resource' | 'prompt' | null {
  const planes = new Set<string | null>();
  for (const element of body.body) {
    if (element.type === 'PropertyDefinition' && !element.computed && element.key.type === 'Identifier' && element.key.name === name) {
      if (element.value) planes.add(registrationCallPlane(element.value));
    }
  }
  const visit = (node: Node): void => {
    if (node.type === 'ClassBody' && node !== body) return;
    if (node.type === 'AssignmentExpression' && node.operator === '=') {
      const left = unwrap(node.left);
      if (
        left.type === 'MemberExpression' &&
        !left.computed &&
        unwrap(left.object).type === 'ThisExpression' &&
        left.property.type === 'Identifier' &&
        left.property.name === name
      ) {
        planes.add(registrationCallPlane(node.right));
      }
    }
    forEachChildNode(node, visit);
  };
  visit(body);
  const [plane, ...others] = [...planes];
  return others.length === 0 && plane ? (plane as 'tool' | 'resource' | 'prompt') : null;
}

function variableInit(identifier: TSESTree.Identifier): Expression | null {
  const binding = findBinding(identifier.name, identifier);
  return binding?.kind === 'variable' ? (binding.declarator.init ?? null) : null;
}

/** `await x` and wrappers removed. */
export function awaited(expression: Node): Node {
  let inner = unwrap(expression);
  while (inner.type === 'AwaitExpression') inner = unwrap(inner.argument);
  return inner;
}

/**
 * True when an (awaited) call yields a tool result: `client.callTool(…)`, or a call of a function the enclosing code
 * was handed (`handler(args, extra)`, `next()` in a wrapper): a wrapped handler's result.
 */
export function isResultSource(init: Node): boolean {
  const call = awaited(init);
  if (call.type !== 'CallExpression') return false;
  if (RESULT_SOURCE_CALLS.has(calleeName(call) ?? '')) return true;
  const callee = unwrap(call.callee);
  return callee.type === 'Identifier' && findBinding(callee.name, callee)?.kind === 'other' && isParameter(callee);
}

/** True when `identifier` names a parameter of a function enclosing it. */
function isParameter(identifier: TSESTree.Identifier): boolean {
  for (let scope: Node | undefined = identifier.parent; scope; scope = scope.parent) {
    if (isFunctionNode(scope) && scope.params.some((param) => parameterName(param) === identifier.name)) return true;
  }
  return false;
}

/** Where a variable's value goes later in its scope, worked out in one walk of the scope (`flowOf`). */
interface Flow {
  /** The registration it is passed to, or the tool callback that returns it (a tool result); null for neither. */
  readonly found: PlaneDecision | null;
  /** It is serialised as a JSON body (`JSON.stringify(x)`, `res.json(x)`, `res.send(x)`), directly or through a copy. */
  readonly body: boolean;
  /** It is returned from a function that is no tool callback: where it goes then is the callers'. */
  readonly returned: boolean;
}

/**
 * Declarators already asked where they go: a variable's flow is searched once per file. The answer depends on the
 * manifest's sinks too (`defineTool(config, cb)` is a sink only when the manifest names `defineTool`), so each is
 * kept with the sinks it was worked out under and reused only under the same ones (one tree may be analysed under
 * two manifests: the command's detected names, an edited manifest).
 */
const flowsOfDeclarators = new WeakMap<TSESTree.VariableDeclarator, { readonly sinks: TeamSinkNames | undefined; readonly flow: Flow }>();

const NO_FLOW: Flow = { found: null, body: false, returned: false };

/**
 * The registration a variable is passed to later in its scope (`const config = { … }; …; server.registerTool('x',
 * config, cb)`), or the tool callback that returns it (`const out = await fetchOut(); out._meta = m; return out;` in
 * a `registerTool` callback: a tool result, whatever it is called), as a decision; null when it reaches none. A config
 * filled in before registration (`config._meta.ui = …`) is then a descriptor, not a result.
 */
export function laterSinkOf(declarator: TSESTree.VariableDeclarator, sinks: TeamSinks): PlaneDecision | null {
  return flowOf(declarator, sinks).found;
}

/**
 * True when the variable's value is serialised as a JSON body later in its scope (`JSON.stringify(copy)`,
 * `res.json(payload)`), through copies into other variables too, and goes nowhere else a tool result could: no
 * registration, no tool callback's return, no return to callers (a result logged as JSON and returned stays one). The
 * flow proof that it is an HTTP body.
 */
export function reachesJsonBody(declarator: TSESTree.VariableDeclarator, sinks: TeamSinks): boolean {
  const flow = flowOf(declarator, sinks);
  return flow.found === null && flow.body && !flow.returned;
}

/** One walk of the declarator's scope: every use of the variable, and where each goes. */
function flowOf(declarator: TSESTree.VariableDeclarator, sinks: TeamSinks): Flow {
  const known = flowsOfDeclarators.get(declarator);
  if (known !== undefined && known.sinks === sinks) return known.flow;
  let found: PlaneDecision | null = null;
  let body = false;
  let returned = false;
  // Asked before it is answered: a chain that comes back to this declarator (`let a = b; b = a`) ends here.
  flowsOfDeclarators.set(declarator, { sinks, flow: NO_FLOW });
  const id = declarator.id;
  const scope = declarator.parent?.parent;
  if (id.type === 'Identifier' && scope) {
    // Only the subtrees where a token spells the name can hold a use of it.
    const uses = tokenOffsetsOf(declarator, id.name);
    const visit = (node: Node): void => {
      if (found || (uses && !sortedHasIn(uses, node.range[0], node.range[1]))) return;
      if (node.type === 'Identifier' && node.name === id.name && node !== id) {
        if (declaratorOf(node) !== declarator) return;
        // `const config = { … }; const toolDef = config; server.registerTool(n, toolDef, cb)`: through each variable.
        const copy = copiedInto(node);
        if (copy) {
          const copied = flowOf(copy, sinks);
          found = copied.found;
          body ||= copied.body;
          returned ||= copied.returned;
          return;
        }
        found = sinkOfArgument(node, sinks) ?? toolCallbackReturnOf(node, sinks);
        // A body sink counts only if nothing stronger turns up (a tool result may be logged as JSON and returned).
        if (!found && isJsonBodyArgument(node)) body = true;
        if (!found && returningFunction(node) !== null) returned = true;
        return;
      }
      forEachChildNode(node, visit);
    };
    visit(scope);
  }
  const flow: Flow = found || body || returned ? { found, body, returned } : NO_FLOW;
  flowsOfDeclarators.set(declarator, { sinks, flow });
  return flow;
}

/** Calls whose first argument is serialised as a JSON body (the JSON-body plane), not a tool result. */
export const BODY_SINKS: ReadonlySet<string> = new Set(['stringify', 'json', 'send', 'write', 'end']);

/** `JSON.stringify(x)`, `res.json(x)`, `res.send(x)`: `node` (through type wrappers) is such a call's first argument. */
function isJsonBodyArgument(node: Node): boolean {
  const argument = outsideTypeWrappers(node);
  const call = argument.parent;
  return call?.type === 'CallExpression' && call.arguments[0] === argument && BODY_SINKS.has(calleeName(call) ?? '');
}

/**
 * The tool result plane when `node` is what a tool callback returns (`return node`, an arrow's body, through `await`
 * and type wrappers): an SDK tool registration's callback (evidence `sink`) or a team registration's (`manifest`).
 */
export function toolCallbackReturnOf(node: Node, sinks: TeamSinks): PlaneDecision | null {
  const fn = returningFunction(node);
  if (!fn) return null;
  if (isSdkToolCallback(fn)) return { plane: 'result', evidence: 'sink' };
  if (isTeamToolCallback(fn, sinks)) return { plane: 'result', evidence: 'manifest' };
  return null;
}

/** The function `node` is returned from (`return node`, an arrow's body, through `await` and type wrappers), or null. */
function returningFunction(node: Node): Node | null {
  let value = outsideTypeWrappers(node);
  if (value.parent?.type === 'AwaitExpression') value = outsideTypeWrappers(value.parent);
  return functionReturning(value);
}

/** True when `fn` is an argument of an SDK tool registration (`registerTool(name, config, fn)`): it returns results. */
export function isSdkToolCallback(fn: Node): boolean {
  return sdkRegistrationPlaneOf(fn) === 'tool';
}

/**
 * True when `fn` is the read callback of an SDK or MCP Apps resource registration (`registerResource(name, uri,
 * config, fn)`, `registerAppResource(server, name, uri, config, fn)`): the last argument, so never the config.
 */
export function isSdkResourceCallback(fn: Node): boolean {
  return isSdkCallbackOf(fn, 'resource');
}

/**
 * True when `fn` is the callback of an SDK registration on `plane`: the last argument, so never the config. A prompt's
 * (`registerPrompt(name, config, fn)`, SDK v1's `prompt(name, …, fn)`) answers `prompts/get` with what it returns.
 */
export function isSdkCallbackOf(fn: Node, plane: 'resource' | 'prompt'): boolean {
  const call = fn.parent;
  return call?.type === 'CallExpression' && call.arguments.at(-1) === fn && sdkRegistrationPlaneOf(fn) === plane;
}

/** The plane of the SDK registration `node` is an argument of, or null. */
function sdkRegistrationPlaneOf(node: Node): 'tool' | 'resource' | 'prompt' | null {
  const call = node.parent;
  if (call?.type !== 'CallExpression' || !call.arguments.includes(node as TSESTree.CallExpressionArgument)) return null;
  return SDK_REGISTRATIONS.get(registrationNameOf(call) ?? '')?.plane ?? null;
}

/** The declarator `reference` is the whole initializer of (`const b = a`, `const b = a as ToolConfig`), or null. */
function copiedInto(reference: Node): TSESTree.VariableDeclarator | null {
  const node = outsideTypeWrappers(reference);
  const parent = node.parent;
  return parent?.type === 'VariableDeclarator' && parent.init === node && parent.id.type === 'Identifier' ? parent : null;
}
