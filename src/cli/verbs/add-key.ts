import * as fs from 'node:fs';
import * as path from 'node:path';
import { catalogueEntryFor, isMetaPlane, META_PLANES, parseRegistry, registrablePlanes, toPointer, type ManifestKey } from '../../registry';
import { posixRelative } from '../../util/posix-relative';
import { CliError, type Finding, type VerbReport } from '../findings';
import { displayPath } from '../format-report';
import { locate, readManifestFile } from '../manifest-source';
import { addJsonValues, withOriginalBom, type JsonAddition } from '../manifest-write';
import { repositoryRoot, withFileLock, writeFileSafely } from '../safe-write';
import { assertRegistryExists, registryProblemToFinding, resolveRegistryPath } from '../registry-findings';
import { FORMAT_HELP, type OptionValues, type Verb } from '../verb';

const USAGE =
  `Usage: mcp-meta add-key KEY --producer FILE [--producer FILE ...] [--field NAME ...] [--plane ${META_PLANES.join('|')}] ` +
  '[--description TEXT] [--update-producers] [--registry FILE] [--format text|json|github|sarif]';

/** A producer entry is a glob when it has glob syntax; a plain path must name an existing file. */
const GLOB_SYNTAX = /[*?[\]{}!]/;

function listOption(values: OptionValues, name: string): string[] {
  const value = values[name];
  return Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
}

/** `--producer` paths are relative to the working directory; the manifest stores them relative to its own folder. */
function producerGlob(option: string, cwd: string, manifestDir: string): string {
  const absolute = path.resolve(cwd, option);
  const relative = posixRelative(manifestDir, absolute);
  if (relative === '' || relative.startsWith('../') || path.isAbsolute(relative)) {
    throw new CliError(
      `producer '${option}' is outside the manifest's folder ${manifestDir}`,
      'Producers are globs relative to the folder of mcp-meta.registry.json.',
    );
  }
  if (!GLOB_SYNTAX.test(option) && !(fs.existsSync(absolute) && fs.statSync(absolute).isFile())) {
    throw new CliError(
      `producer '${option}' is not a file`,
      'Give the path of the file that writes the key (relative to the working directory), or a glob.',
    );
  }
  return relative;
}

export const addKeyVerb: Verb = {
  name: 'add-key',
  help: [
    USAGE,
    '',
    'Registers KEY in the manifest, the way the rules ask for an unregistered key. The new manifest is validated',
    "with the plugin's own loader (key name, producers, fields) before anything is written; a problem is reported",
    'and the file is left alone. Only the new key is inserted: the rest of the file keeps its order and formatting.',
    'A key that is already registered is refused (exit 1) unless --update-producers, which adds the producers and',
    'fields it does not list yet (nothing is ever removed).',
    '',
    'Options:',
    '  --producer FILE             a file (or glob) that writes the key, relative to the working directory (repeatable)',
    "  --field NAME                a field of the key's value (repeatable); without it, fields are not checked",
    `  --plane ${META_PLANES.join('|')}  where the key is written (default result: tool results)`,
    '  --description TEXT          what the key carries',
    '  --update-producers          add producers and fields to a key that already exists',
    '  --registry FILE             manifest path (default: the nearest mcp-meta.registry.json at or above the working directory)',
    FORMAT_HELP,
  ].join('\n'),
  options: {
    producer: { type: 'string', multiple: true },
    field: { type: 'string', multiple: true },
    plane: { type: 'string' },
    description: { type: 'string' },
    'update-producers': { type: 'boolean' },
    registry: { type: 'string' },
  },
  maxPositionals: 1,
  run(values, positionals, cwd): VerbReport {
    const key = positionals[0];
    if (key === undefined || key === '') throw new CliError('add-key needs the KEY to register', USAGE);
    const plane = values.plane;
    if (plane !== undefined && !isMetaPlane(plane)) {
      throw new CliError(`unknown --plane '${String(plane)}'`, `Use one of: ${META_PLANES.join(', ')}.`);
    }
    const registryPath = resolveRegistryPath(values.registry as string | undefined, cwd);
    assertRegistryExists(registryPath);
    const manifestDir = path.dirname(registryPath);
    const producerOptions = listOption(values, 'producer');
    if (producerOptions.length === 0) throw new CliError('add-key needs at least one --producer FILE', USAGE);
    const producers = [...new Set(producerOptions.map((option) => producerGlob(option, cwd, manifestDir)))];
    const request: AddKeyRequest = {
      key,
      producers,
      fields: [...new Set(listOption(values, 'field'))],
      plane: typeof plane === 'string' ? plane : undefined,
      description: typeof values.description === 'string' ? values.description : undefined,
      updateProducers: values['update-producers'] === true,
      registryPath,
      shownRegistry: displayPath(registryPath, cwd),
    };
    // Read, edit and write under the manifest's lock: concurrent runs take turns and each sees the others' keys.
    const boundary = repositoryRoot(cwd);
    return withFileLock(registryPath, boundary, () => addKey(request, boundary));
  },
};

interface AddKeyRequest {
  key: string;
  producers: string[];
  fields: string[];
  plane: string | undefined;
  description: string | undefined;
  updateProducers: boolean;
  registryPath: string;
  shownRegistry: string;
}

function addKey(request: AddKeyRequest, boundary: string): VerbReport {
  const { key, producers, fields, registryPath, shownRegistry } = request;
  const source = readManifestFile(registryPath);
  // Own properties only: `constructor` or `toString` is a key like any other, not Object.prototype's.
  const existing = Object.hasOwn(source.manifest.keys, key) ? (source.manifest.keys[key] as Partial<ManifestKey>) : undefined;
  const additions: JsonAddition[] = [];
  const added: string[] = [];
  if (existing === undefined) {
    const entry: Record<string, unknown> = { producers };
    if (request.description !== undefined) entry.description = request.description;
    // A host's key (`openai/outputTemplate`) is registered as init registers it: with its catalogue entry (its name is
    // the host's, its fields the host's) and on the host's planes, written out, unless --plane names one (the loader
    // refuses a plane the host does not define it on). Without them it would be a result key of the server's own,
    // and correct descriptor code would be a write on the wrong plane.
    const hostEntry = catalogueEntryFor(key);
    const catalogue = hostEntry?.key === key ? hostEntry : undefined;
    const hostPlanes = catalogue === undefined ? [] : registrablePlanes(catalogue.planes);
    const plane = request.plane ?? (hostPlanes.length > 1 ? hostPlanes : hostPlanes[0]);
    if (catalogue !== undefined) entry.catalogue = catalogue.id;
    if (plane !== undefined) entry.plane = plane;
    if (fields.length > 0) entry.fields = fields;
    additions.push({ path: ['keys', key], value: entry });
    const described = [
      `producers ${producers.join(', ')}`,
      ...(fields.length > 0 ? [`fields ${fields.join(', ')}`] : []),
      ...(catalogue !== undefined ? [`catalogue ${catalogue.id}`] : []),
      ...(plane !== undefined ? [`plane ${[plane].flat().join(', ')}`] : []),
    ];
    added.push(`key '${key}' (${described.join('; ')})`);
  } else if (!request.updateProducers) {
    const finding: Finding = {
      severity: 'error',
      code: 'key-exists',
      message: `key '${key}' is already registered in ${shownRegistry}`,
      file: registryPath,
      ...locate(source, ['keys', key]),
      fix: 'pass --update-producers to add producers and fields to it, or edit it by hand',
    };
    return { verb: 'add-key', findings: [finding], notes: [] };
  } else {
    const listed = Array.isArray(existing.producers) ? existing.producers : [];
    for (const producer of producers.filter((candidate) => !listed.includes(candidate))) {
      additions.push({ path: ['keys', key, 'producers', -1], value: producer });
      added.push(`producer ${producer}`);
    }
    const known = existing.fields;
    for (const field of fields) {
      if (Array.isArray(known)) {
        if (known.includes(field)) continue;
        additions.push({ path: ['keys', key, 'fields', -1], value: field });
      } else if (known !== undefined) {
        if (Object.hasOwn(known, field)) continue;
        additions.push({ path: ['keys', key, 'fields', field], value: {} });
      } else {
        // No `fields` yet means "fields unchecked": listing some starts checking them, which is what was asked.
        additions.push({ path: ['keys', key, 'fields'], value: fields });
        added.push(`fields ${fields.join(', ')}`);
        break;
      }
      added.push(`field ${key}.${field}`);
    }
    if (request.description !== undefined && existing.description === undefined) {
      additions.push({ path: ['keys', key, 'description'], value: request.description });
      added.push('its description');
    }
  }
  const text = addJsonValues(source.text, additions);

  // The plugin's own loader decides: what ESLint would reject is never written.
  const result = parseRegistry(text, registryPath, { checkGlobs: true });
  const keyPointer = toPointer(['keys', key]);
  // What the loader refuses is never written; what it only warns about (a deprecated host key still written for
  // older hosts) is written, and the warning is this run's finding, as ESLint would print it at config load.
  const blocking = result.ok ? [] : result.problems.filter((problem) => problem.severity === 'error');
  const warnings = result.ok
    ? result.warnings
        .filter((problem) => problem.pointer === keyPointer || problem.pointer?.startsWith(`${keyPointer}/`) === true)
        // Located in `text`, which is what is written.
        .map((problem) => ({ ...registryProblemToFinding(problem), severity: 'warning' as const }))
    : [];
  if (blocking.length > 0) {
    return {
      verb: 'add-key',
      // Lines and columns would point into a text that is not written: the finding names the file only.
      findings: blocking.map((problem) => ({
        ...registryProblemToFinding(problem),
        severity: 'error' as const,
        line: undefined,
        column: undefined,
      })),
      notes: [`${shownRegistry} is unchanged: the plugin's manifest validation rejects the result`],
    };
  }
  if (added.length === 0) {
    return {
      verb: 'add-key',
      findings: [],
      notes: [`key '${key}' already lists these producers and fields: ${shownRegistry} is unchanged`],
      data: { file: shownRegistry, key, added },
    };
  }
  writeFileSafely(registryPath, withOriginalBom(source, text), boundary);
  // The lock keeps other add-key and init --update runs out; an editor or script writing meanwhile does not take it.
  if (!Object.hasOwn(readManifestFile(registryPath).manifest.keys, key)) {
    throw new CliError(
      `wrote ${shownRegistry}, but key '${key}' is not in it: another program replaced the file meanwhile`,
      'Run the command again.',
    );
  }
  return {
    verb: 'add-key',
    findings: warnings,
    notes: [`${existing === undefined ? 'registered' : `updated key '${key}':`} ${added.join(', ')} in ${shownRegistry}`],
    data: { file: shownRegistry, key, added },
  };
}
