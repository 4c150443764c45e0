import { nearestName } from '../util/nearest-name';
import type { RegistryProblem } from './types';

/**
 * `settings['mcp-meta']` as a config writes it (by hand, or `createConfig`, whose output type is this one). The
 * validator's list of known properties is a `Record` over its keys, so a property added here and not there (or the
 * other way round) fails the type check; test/registry/manifest-shape.test.ts checks the validator accepts each one.
 */
export interface McpMetaSettingsInput {
  /** The manifest's path, absolute or relative to ESLint's cwd. */
  registry?: string;
  /** Several manifests' paths (a monorepo). */
  registries?: string[];
  /** Written by `createConfig` so that `eslint --cache` notices manifest edits; the rules ignore it. */
  registryHash?: string;
}

/** `settings['mcp-meta']` once validated. */
export interface McpMetaSettings {
  /** The manifest path as written (absolute, or relative to ESLint's cwd); `undefined` means "discover it". */
  registry?: string;
  /**
   * Several manifests (a monorepo): each file uses the deepest listed manifest whose folder contains it; a file
   * under none of them is not covered. Absolute, or relative to ESLint's cwd. Exclusive with `registry`.
   */
  registries?: string[];
}

export type SettingsResult = { ok: true; settings: McpMetaSettings } | { ok: false; problem: RegistryProblem };

/** What the validator knows, one entry per property of `McpMetaSettingsInput` (a `Record`: none can be missing). */
const KNOWN_PROPERTIES: Readonly<Record<keyof McpMetaSettingsInput, true>> = { registry: true, registries: true, registryHash: true };
const ALLOWED = Object.keys(KNOWN_PROPERTIES) as ReadonlyArray<keyof McpMetaSettingsInput>;
const SETTINGS_LABEL = "settings['mcp-meta']";

/** ESLint hands every rule the same settings object for a config, so validating once per object is enough. */
const validated = new WeakMap<object, SettingsResult>();

/** Validates the shape of `settings['mcp-meta']` (the whole `settings` object is what ESLint gives a rule). */
export function readMcpMetaSettings(settings: unknown): SettingsResult {
  if (settings === null || typeof settings !== 'object') return { ok: true, settings: {} };
  const known = validated.get(settings);
  if (known) return known;
  const result = validate((settings as Record<string, unknown>)['mcp-meta']);
  validated.set(settings, result);
  return result;
}

function validate(value: unknown): SettingsResult {
  if (value === undefined) return { ok: true, settings: {} };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return problem(
      '',
      `${SETTINGS_LABEL} must be an object, not ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}.`,
      `Write settings: { 'mcp-meta': { registry: './mcp-meta.registry.json' } }, or use createConfig({ registry }) from eslint-plugin-mcp-meta.`,
    );
  }
  const record = value as Record<string, unknown>;
  for (const name of Object.keys(record)) {
    if ((ALLOWED as readonly string[]).includes(name)) continue;
    const suggestion = nearestName(name, ALLOWED, { ignoreCase: true, maxDistance: 3 });
    return problem(
      `/${name}`,
      `Unknown property '${name}' in ${SETTINGS_LABEL}${suggestion ? ` (did you mean '${suggestion}'?)` : ''}.`,
      suggestion
        ? `Rename '${name}' to '${suggestion}'.`
        : `Remove '${name}'; ${SETTINGS_LABEL} accepts 'registry' (the manifest's path), 'registries' (several manifests) and 'registryHash' (written by createConfig).`,
    );
  }
  const { registry, registries, registryHash } = record;
  if (registry !== undefined && (typeof registry !== 'string' || registry.trim() === '')) {
    return problem(
      '/registry',
      `${SETTINGS_LABEL}.registry must be a non-empty string (the manifest's path), not ${JSON.stringify(registry)}.`,
      `Set it to the path of mcp-meta.registry.json, absolute or relative to ESLint's working directory, or remove it to find the nearest manifest.`,
    );
  }
  if (registryHash !== undefined && typeof registryHash !== 'string') {
    return problem(
      '/registryHash',
      `${SETTINGS_LABEL}.registryHash must be a string, not ${JSON.stringify(registryHash)}.`,
      `Remove 'registryHash'; createConfig({ registry }) writes it for you so that eslint --cache notices manifest changes.`,
    );
  }
  if (registries !== undefined) {
    if (
      !Array.isArray(registries) ||
      registries.length === 0 ||
      !registries.every((entry) => typeof entry === 'string' && entry.trim() !== '')
    ) {
      return problem(
        '/registries',
        `${SETTINGS_LABEL}.registries must be a non-empty array of manifest paths, not ${JSON.stringify(registries)}.`,
        `List each mcp-meta.registry.json (absolute or relative to ESLint's working directory), or use createConfig({ registry: [...] }).`,
      );
    }
    if (registry !== undefined) {
      return problem(
        '/registries',
        `${SETTINGS_LABEL} has both 'registry' and 'registries'.`,
        `Keep one: 'registry' for one manifest, 'registries' for several.`,
      );
    }
    return { ok: true, settings: { registries: [...(registries as string[])] } };
  }
  return { ok: true, settings: registry === undefined ? {} : { registry } };
}

function problem(pointer: string, message: string, fix: string): SettingsResult {
  return { ok: false, problem: { severity: 'error', origin: 'settings', file: SETTINGS_LABEL, pointer, message, fix } };
}
