import type { ErrorObject, ValidateFunction } from 'ajv';
import { nearestName } from '../util/nearest-name';
import { problemsOfKey } from './key-checks';
import { sinkSchemaProblem } from './sink-checks';
import { compileRegistryValidator, loadPrecompiledValidator } from './schema-compile';
import type { JsonLocator } from './json-locate';
import { parsePointer, toPointer } from './json-locate';
import type { ManifestKey, RegistryProblem } from './types';

let compiled: ValidateFunction | undefined;

/** Loaded once per process: the built package's precompiled validator, or (from the sources) compiled once. */
function validator(): ValidateFunction {
  return (compiled ??= loadPrecompiledValidator() ?? compileRegistryValidator());
}

/**
 * Validates the parsed manifest against `schema/registry.schema.json`. Each problem has the JSON pointer of the
 * offending value and its line/column.
 */
export function schemaProblems(data: unknown, file: string, locator: JsonLocator): RegistryProblem[] {
  const validate = validator();
  if (validate(data)) return [];
  const problems: RegistryProblem[] = [];
  const seen = new Set<string>();
  for (const error of validate.errors ?? []) {
    const problem = describeError(error, data, file, locator);
    if (!problem) continue;
    const id = `${problem.pointer}\u0000${problem.message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    problems.push(problem);
  }
  return problems;
}

function describeError(error: ErrorObject, data: unknown, file: string, locator: JsonLocator): RegistryProblem | undefined {
  // `if` only says which branch failed; the branch's own error says what is wrong. Key names are checked by the
  // semantic pass with the full MCP rules (the schema pattern is there for editors).
  if (error.keyword === 'if' || error.schemaPath.includes('/propertyNames')) return undefined;
  // A key whose name breaks the MCP rules and is not marked external: the key-name check says what is wrong with the
  // name and how to fix it (rename, or `"catalogue": "<id>"` for a host key), where ajv could only say "anyOf".
  // (ajv's schemaPath is relative to the referenced definition: `#/anyOf/...` of definitions/hostDefinedKey.)
  if (error.schemaPath.startsWith('#/anyOf') && isKeyPointer(error.instancePath))
    return keyNameProblem(error.instancePath, data, file, locator);

  const where = (pointer: string, atName = false): Pick<RegistryProblem, 'pointer' | 'line' | 'column'> => ({
    pointer,
    ...locator.locate(pointer, atName),
  });
  const at = error.instancePath;
  const label = at === '' ? 'The manifest' : `'${at}'`;
  if (at.startsWith('/sinks/')) {
    const missing = (error.params as { missingProperty?: string }).missingProperty;
    const sink = sinkSchemaProblem(error.keyword, at, missing);
    if (sink === null) return undefined;
    if (sink !== undefined) return { severity: 'error', file, ...where(at), ...sink };
  }

  switch (error.keyword) {
    case 'additionalProperties': {
      const property = String((error.params as { additionalProperty: string }).additionalProperty);
      const allowed = Object.keys((error.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {});
      const suggestion = likelyMeant(property, allowed);
      const pointer = `${at}${toPointer([property])}`;
      return {
        severity: 'error',
        file,
        ...where(pointer, true),
        message: `Unknown property '${property}' in ${at === '' ? 'the manifest' : `'${at}'`}${suggestion ? ` (did you mean '${suggestion}'?)` : ''}.`,
        fix: suggestion
          ? `Rename '${property}' to '${suggestion}', or remove it. Allowed here: ${allowed.map((a) => `'${a}'`).join(', ')}.`
          : `Remove '${property}'.`,
      };
    }
    case 'required': {
      const property = String((error.params as { missingProperty: string }).missingProperty);
      if (property === 'producers') {
        const keyName = parsePointer(at).pop() ?? '';
        return {
          severity: 'error',
          file,
          ...where(at, true),
          message: `Key '${keyName}' has no producers.`,
          fix: `Add "producers": ["path/to/the-one-file.ts"] to key '${keyName}': every key has exactly one producer (MCP_META_CHANNELS rule 1).`,
        };
      }
      return {
        severity: 'error',
        file,
        ...where(at),
        message: `${label} is missing the required property '${property}'.`,
        fix:
          property === 'version'
            ? `Add "version": 1.`
            : property === 'keys'
              ? `Add "keys": {} and register each _meta key in it.`
              : `Add '${property}'.`,
      };
    }
    case 'minItems':
      if (at.endsWith('/producers')) {
        const keyName = parsePointer(at).slice(-2, -1)[0] ?? '';
        return {
          severity: 'error',
          file,
          ...where(at),
          message: `Key '${keyName}' has no producers (empty "producers" list).`,
          fix: `List the file that writes '${keyName}' in its "producers": every key has exactly one producer (MCP_META_CHANNELS rule 1).`,
        };
      }
      break;
    case 'const':
      if (at === '/version') {
        return {
          severity: 'error',
          file,
          ...where(at),
          message: `Unsupported manifest version ${JSON.stringify(valueAt(data, at))}; this plugin reads version 1.`,
          fix: `Set "version": 1.`,
        };
      }
      break;
    case 'type':
      // '#/else/type' is the object branch of definitions/fields: the value is neither a list nor a map of fields.
      if (error.schemaPath === '#/else/type') {
        return {
          severity: 'error',
          file,
          ...where(at),
          message: `'${at}' must be an array of field names or an object mapping field names to specs, not ${describeType(valueAt(data, at))}.`,
          fix: `Write e.g. ["count", "hint"] or { "count": {}, "items": { "items": { "fields": ["id"] } } }.`,
        };
      }
      return {
        severity: 'error',
        file,
        ...where(at),
        message: `${label} must be ${article((error.params as { type: string }).type)}, not ${describeType(valueAt(data, at))}.`,
        fix: `Change the value at '${at}' to ${article((error.params as { type: string }).type)}.`,
      };
    case 'uniqueItems': {
      const { i, j } = error.params as { i: number; j: number };
      const [first, second] = i < j ? [i, j] : [j, i];
      // Point at the later copy: it is the one to delete.
      const duplicate = `${at}/${second}`;
      return {
        severity: 'error',
        file,
        ...where(duplicate),
        message: `${label} lists ${JSON.stringify(valueAt(data, duplicate))} twice (items ${first} and ${second}).`,
        fix: `Remove the duplicate at '${duplicate}'.`,
      };
    }
    case 'enum': {
      // The field-type names ("type": "int"), a key's "type": say what is allowed, and the likely one.
      const allowed = ((error.params as { allowedValues?: unknown[] }).allowedValues ?? []).map(String);
      const value = valueAt(data, at);
      const suggestion = typeof value === 'string' ? likelyMeant(value, allowed) : undefined;
      return {
        severity: 'error',
        file,
        ...where(at),
        message: `${label} is ${JSON.stringify(value)}${suggestion ? ` (did you mean '${suggestion}'?)` : ''}; allowed: ${allowed.map((a) => `'${a}'`).join(', ')}.`,
        fix: `Write ${suggestion ? `'${suggestion}'` : `one of ${allowed.map((a) => `'${a}'`).join(', ')}`} at '${at}'.`,
      };
    }
    case 'minLength':
      return {
        severity: 'error',
        file,
        ...where(at),
        message: `${label} must not be empty.`,
        fix: `Write a value at '${at}' or remove it.`,
      };
    default:
      break;
  }
  return {
    severity: 'error',
    file,
    ...where(at),
    message: `${label} ${error.message ?? 'is invalid'}.`,
    fix: `Correct the value at '${at}' (see schema/registry.schema.json).`,
  };
}

function isKeyPointer(pointer: string): boolean {
  const segments = parsePointer(pointer);
  return segments.length === 2 && segments[0] === 'keys';
}

function keyNameProblem(at: string, data: unknown, file: string, locator: JsonLocator): RegistryProblem | undefined {
  const name = parsePointer(at).pop() ?? '';
  const key = valueAt(data, at);
  if (key === null || typeof key !== 'object' || Array.isArray(key)) return undefined;
  const problem = problemsOfKey(name, key as ManifestKey).find((found) => found.severity === 'error' && found.pointer === at);
  if (!problem) return undefined;
  return { severity: 'error', file, pointer: at, ...locator.locate(at, true), message: problem.message, fix: problem.fix };
}

/** The allowed name a typo most likely meant; none when every candidate is too far off to be a typo. */
function likelyMeant(name: string, allowed: readonly string[]): string | undefined {
  return (
    nearestName(name, allowed, { ignoreCase: true, maxDistance: (candidate) => Math.max(2, Math.floor(candidate.length / 3)) }) ?? undefined
  );
}

function valueAt(data: unknown, pointer: string): unknown {
  let value = data;
  for (const segment of parsePointer(pointer)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return article(typeof value);
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
