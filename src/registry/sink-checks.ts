import { toPointer } from './json-locate';
import { isIdentifierName } from './key-name';
import type { RegistryManifest } from './types';

/** One problem in `sinks`, where it is and how to fix it (the semantic pass adds line and column). */
export interface SinkProblem {
  path: (string | number)[];
  message: string;
  fix: string;
}

/**
 * What the schema cannot say about `sinks`: a name no call can match, a function listed twice (which entry would
 * win?), a callback at the config's own position, and a callback on a resource registration (only a tool's callback
 * returns a tool result).
 */
export function sinkProblems(manifest: Pick<RegistryManifest, 'sinks'>): SinkProblem[] {
  const problems: SinkProblem[] = [];
  const seen = new Map<string, string>();
  const entries = [
    ...(manifest.sinks?.registrations ?? []).map((entry, index) => ({ entry, at: ['sinks', 'registrations', index] as const })),
    ...(manifest.sinks?.resultBuilders ?? []).map((entry, index) => ({ entry, at: ['sinks', 'resultBuilders', index] as const })),
  ];
  for (const { entry, at } of entries) {
    const name = entry.function;
    if (!isIdentifierName(name)) {
      problems.push({
        path: [...at, 'function'],
        message: `'${name}' in "sinks" is not a JavaScript identifier, so no call can match it.`,
        fix: `Write the bare function or method name (e.g. 'defineTool' for app.defineTool(…), not 'app.defineTool' or 'defineTool()').`,
      });
      continue;
    }
    const first = seen.get(name);
    if (first !== undefined) {
      problems.push({
        path: [...at, 'function'],
        message: `'${name}' is listed twice in "sinks" (first at '${first}'), so its calls would be read two ways.`,
        fix: `Keep one entry for '${name}' and remove the other.`,
      });
    } else seen.set(name, toPointer([...at]));
  }
  const members = new Map<string, string>();
  (manifest.sinks?.classMembers ?? []).forEach((entry, index) => {
    const at = ['sinks', 'classMembers', index];
    for (const part of ['class', 'member'] as const) {
      if (isIdentifierName(entry[part])) continue;
      problems.push({
        path: [...at, part],
        message: `'${entry[part]}' in "sinks.classMembers" is not a JavaScript identifier, so no ${part === 'class' ? 'class can extend it' : 'member can be named so'}.`,
        fix:
          part === 'class'
            ? "Write the bare class name `extends` names (e.g. 'BaseTool')."
            : "Write the bare member name (e.g. 'meta' for this.meta).",
      });
    }
    const id = `${entry.class}.${entry.member}`;
    const first = members.get(id);
    if (first !== undefined) {
      problems.push({
        path: [...at, 'member'],
        message: `'${id}' is listed twice in "sinks.classMembers" (first at '${first}').`,
        fix: `Keep one entry for '${id}' and remove the other.`,
      });
    } else members.set(id, toPointer(at));
  });
  (manifest.sinks?.resultBuilders ?? []).forEach((entry, index) => {
    // `{ _meta: … }` in the argument is a `_meta` literal the lint reads as such: naming it here would read it twice.
    if (entry.meta?.property !== '_meta') return;
    problems.push({
      path: ['sinks', 'resultBuilders', index, 'meta', 'property'],
      message: `'${entry.function}' is given its result's _meta as _meta itself, which every call's literal already shows.`,
      fix: `Remove "meta" from '${entry.function}': "meta" is for a _meta given under another name (e.g. "property": "meta" for ${entry.function}(text, { meta })).`,
    });
  });
  (manifest.sinks?.registrations ?? []).forEach((entry, index) => {
    const at = ['sinks', 'registrations', index];
    if (entry.callback === undefined) return;
    if (entry.plane === 'resource') {
      problems.push({
        path: [...at, 'callback'],
        message: `'${entry.function}' registers a resource, whose callback returns resource contents, not a tool result.`,
        fix: `Remove "callback" from '${entry.function}', or set "plane": "tool" if it registers a tool.`,
      });
    } else if (entry.callback === entry.config) {
      problems.push({
        path: [...at, 'callback'],
        message: `'${entry.function}' has its callback at the config's own position (${entry.config}).`,
        fix: `Give the callback's position (e.g. ${entry.config + 1} for ${entry.function}(config, callback)), or the config property that holds it (e.g. "handler").`,
      });
    }
  });
  return problems;
}

/**
 * A clearer word than ajv's for a schema error inside `sinks`: an argument position out of range or of the wrong type,
 * a callback that is neither a position nor a property name (ajv says so three times, once per branch), a registration
 * without its config. `null`: an error another one already says; `undefined`: not one of these.
 */
export function sinkSchemaProblem(
  keyword: string,
  pointer: string,
  missingProperty?: string,
): { message: string; fix: string } | null | undefined {
  const last = pointer.split('/').pop() ?? '';
  if (last === 'flattenKeys' && /^\/sinks\/registrations\/\d+\/flattenKeys$/.test(pointer)) {
    return {
      message: `'${pointer}' must be the separator the function joins nested key names with: no letters, digits or spaces.`,
      fix: 'Write e.g. "/" for a function that turns { openai: { widgetAccessible } } into the key openai/widgetAccessible.',
    };
  }
  if (last === 'callback' && /^\/sinks\/registrations\/\d+\/callback$/.test(pointer)) {
    if (keyword !== 'anyOf') return null;
    return {
      message: `'${pointer}' must be the callback's argument position (0 to 9) or the name of the config property that holds it.`,
      fix: 'Write e.g. 1 for defineTool(config, callback), or "handler" for defineTool({ name, handler }).',
    };
  }
  if (last === 'argument' && /\/meta\/argument$/.test(pointer) && ['type', 'minimum', 'maximum'].includes(keyword)) {
    return {
      message: `'${pointer}' must be an argument position from 0 to 9 (0 is the first argument).`,
      fix: 'Write the position of the argument that holds the _meta value, e.g. 1 for respondOk(text, { meta }).',
    };
  }
  if ((last === 'config' || last === 'argument') && ['type', 'minimum', 'maximum'].includes(keyword)) {
    return {
      message: `'${pointer}' must be an argument position from 0 to 9 (0 is the first argument).`,
      fix: `Write the position of the ${last === 'config' ? 'config' : 'result'} argument, e.g. 0 for ${last === 'config' ? 'defineTool({ name, _meta }, cb)' : 'toolResult({ content, _meta })'}.`,
    };
  }
  if (keyword === 'required' && missingProperty === 'config') {
    return {
      message: `'${pointer}' does not say which argument is the config.`,
      fix: 'Add "config": its position (0 for defineTool({ name, _meta }, cb), 1 for defineTool(name, { _meta }, cb)).',
    };
  }
  if (keyword === 'required' && missingProperty === 'argument') {
    return {
      message: `'${pointer}' does not say which argument holds the result's _meta.`,
      fix: 'Add "argument": its position (1 for respondOk(text, { meta }), with "property": "meta").',
    };
  }
  if (keyword === 'required' && missingProperty === 'function') {
    return {
      message: `'${pointer}' does not name its function.`,
      fix: 'Add "function": the bare name the code calls (e.g. "defineTool").',
    };
  }
  return undefined;
}
