import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyzeFile } from '../../analysis/analyze-file';
import { parseSource } from '../../analysis/analyze-source';
import { parseRegistry, REGISTRY_FILENAME } from '../../registry';
import type { ManifestSinks, Registry, RegistryManifest, RegistryProblem } from '../../registry';
import { parseKeysTable, type KeysTableRow } from '../doc/keys-table';
import { CliError, type Finding, type VerbReport } from '../findings';
import { displayPath } from '../format-report';
import { buildStarterManifest, identifiersIn } from '../init/build-manifest';
import { schemaReferenceFor } from '../init/schema-reference';
import { detectVocabulary, emptyVocabulary, settleHookFunctions, type DetectedVocabulary } from '../init/detect-vocabulary';
import { proposedSinks, sinksWithExisting } from '../init/propose-registrars';
import { noteClassExtends } from '../init/propose-class-members';
import { emptyScan, scanWrites, writerOf } from '../init/scan-writes';
import { mergeIntoManifest } from '../init/update-manifest';
import { describeIoError, readManifestFile } from '../manifest-source';
import { registryProblemToFinding } from '../registry-findings';
import { listSourceFiles } from '../source-files';
import { withOriginalBom } from '../manifest-write';
import { repositoryRoot, withFileLock, writeFileSafely } from '../safe-write';
import { FORMAT_HELP, type Verb } from '../verb';
import { installedTypescriptVersion, parsingVerbRunner } from '../../util/typescript-support';

const USAGE = 'Usage: mcp-meta init [DIR] [--from-doc FILE.md] [--force | --update] [--accept-found] [--format text|json|github|sarif]';

/**
 * Only files that could touch `_meta` are parsed: they mention it, a `...Meta` emitter, hook or hook function, or an SDK
 * registration (where the project's own registration functions are found).
 */
const MAY_CONCERN_META = /_meta|Meta\b|meta_?hook|register(?:App)?(?:Tool|Resource)\b/i;

function readDocRows(docOption: string | undefined, cwd: string): KeysTableRow[] {
  if (docOption === undefined) return [];
  const docPath = path.resolve(cwd, docOption);
  let text: string;
  try {
    text = fs.readFileSync(docPath, 'utf8');
  } catch (error) {
    throw new CliError(`cannot read ${docPath}: ${describeIoError(error)}`);
  }
  const rows = parseKeysTable(text);
  if (rows === null) {
    throw new CliError(
      `${docPath} has no "Key | Producer | Contents" table`,
      'Give a markdown (|) or tab-separated table whose header row is Key, Producer, Contents.',
    );
  }
  return rows;
}

export const initVerb: Verb = {
  name: 'init',
  help: [
    USAGE,
    '',
    "Scans DIR (default: the working directory; node_modules, dist, the tsconfig's outDir and dot-folders skipped,",
    'as createConfig ignores them) and writes',
    'DIR/mcp-meta.registry.json with:',
    "  emitters        callees like ctx.emitResponseMeta?.('key', value) / emitXxxMeta('key', value)",
    '  hooks           metaHook-like callees',
    '  hookFunctions   getXxxMeta functions returning an object literal, and functions the doc names as producers',
    '  helpers         functions whose returned object literal is (or is spread into) a _meta value, here or',
    "                  imported: their keys get the helper's module as producer",
    "  sinks           your functions that forward a parameter to an SDK registration's config (registerTool…),",
    '                  and that build the results tool callbacks return (textResult…)',
    '  mergeLayer      files that assemble _meta from the keys they collected (a map filled under keys',
    "                  they do not know, or a hook's fragment); a wrapper that spreads a result is a producer",
    '  keys            every key written, the file that writes it as producer, the planes and fields seen;',
    '                  a near miss or unknown key of a host, a likely typo of another key (near it and',
    '                  written at fewer sites, or near a registered key), a deprecated, reserved or inbound key',
    '                  is a finding instead (exit 1), left for you to decide',
    'With --from-doc, a "Key | Producer | Contents" table (markdown or the spec\'s tab-separated form) adds',
    'descriptions, fields, and keys the scan cannot see.',
    '',
    'Options:',
    '  --from-doc FILE.md          import the registered keys table of a protocol doc',
    '  --force                     overwrite an existing manifest',
    '  --update                    add what the scan finds to the existing manifest (new keys, producers, fields,',
    '                              vocabulary) and print what was added; hand edits are kept, nothing is removed',
    '  --accept-found              register as found the keys and fields held back as findings (a near miss or an',
    "                              unknown key of a host's catalogue, a likely typo, a deprecated host key); never a key the",
    '                              manifest validation refuses (reserved, inbound)',
    FORMAT_HELP,
  ].join('\n'),
  options: {
    'from-doc': { type: 'string' },
    force: { type: 'boolean' },
    update: { type: 'boolean' },
    'accept-found': { type: 'boolean' },
  },
  maxPositionals: 1,
  run(values, positionals, cwd): VerbReport {
    const dir = path.resolve(cwd, positionals[0] ?? '.');
    if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new CliError(`${dir} is not a folder`, USAGE);
    const target = path.join(dir, REGISTRY_FILENAME);
    if (values.force === true && values.update === true) throw new CliError('init takes --force or --update, not both', USAGE);
    // lstat, not exists: a dangling symlink is something already there too.
    const exists = fs.lstatSync(target, { throwIfNoEntry: false }) !== undefined;
    const update = values.update === true && exists;
    if (exists && values.force !== true && !update) {
      throw new CliError(
        `${target} already exists`,
        'Pass --update to add what the scan finds to it, --force to overwrite it, or edit it by hand.',
      );
    }
    const docRows = readDocRows(values['from-doc'] as string | undefined, cwd);
    // The next commands this run names parse sources too: under the project's TypeScript 7 `npx mcp-meta check` exits
    // 2, so they are given in the form that works there (the `npm exec` this run most likely came through).
    const runner = parsingVerbRunner(installedTypescriptVersion(dir));

    const findings: Finding[] = [];
    const notes: string[] = [];
    const parsed: Array<{ file: string; input: ReturnType<typeof parseSource> & { text: string } }> = [];
    const vocabulary = emptyVocabulary();
    for (const file of listSourceFiles(dir)) {
      const text = fs.readFileSync(file, 'utf8');
      // What a class extends is read from every file: a base in between may name neither `_meta` nor a registration.
      noteClassExtends(text, vocabulary.registrations.classMembers);
      if (!MAY_CONCERN_META.test(text)) continue;
      try {
        const input = { ...parseSource(text, file), text };
        parsed.push({ file, input });
        detectVocabulary(input.ast, file, vocabulary);
      } catch (error) {
        // The manifest is still written: one unparsable file should not block adoption. But its writes are missing
        // from it, so this is a finding (exit 1), never "no problems".
        findings.push({
          severity: 'warning',
          code: 'source-unreadable',
          message: `skipped, cannot parse it (${describeIoError(error)}): the _meta keys it writes are not in the manifest`,
          file,
          fix: `fix the syntax error (ESLint reports it too), then run \`${runner} init --update\``,
        });
      }
    }
    settleHookFunctions(vocabulary);
    // A function the doc names as a producer ("serve-http metaHook (getBrainHotMemoryMeta)") is a hook function.
    for (const row of docRows) {
      for (const name of identifiersIn(row.producerText)) {
        if (/Meta$/.test(name) && vocabulary.functionFiles.has(name)) vocabulary.hookFunctions.add(name);
      }
    }
    // The lint's own model of each file: `analyzeFile` under a manifest of the detected vocabulary (with --update,
    // the existing manifest's `ignore` and `sinks` too), so init registers what the rules will see written, nothing else.
    const registry = provisionalRegistry(
      target,
      vocabulary,
      update ? readIgnore(target) : undefined,
      update ? readSinks(target) : undefined,
    );
    const scan = emptyScan();
    for (const { file, input } of parsed)
      scanWrites(
        analyzeFile(file, registry, input.text, () => input),
        scan,
        input.text,
      );

    const acceptFound = values['accept-found'] === true;
    const built = buildStarterManifest(dir, vocabulary, scan, docRows, {
      acceptFound,
      registered: update ? readKeyNames(target) : undefined,
    });
    const manifest = built.manifest;
    notes.push(...built.notes);
    for (const item of built.held) {
      const producer = writerOf(scan.keys.get(item.key), item.planes);
      if (acceptFound && item.acceptable) {
        notes.push(`accepted as found (--accept-found): ${item.message}`);
        continue;
      }
      findings.push({
        severity: 'warning',
        code: 'key-held-back',
        message: item.message,
        // With a manifest there, a plain `init --accept-found` exits 2 ("already exists"): name the command that works.
        fix: item.fix.replace(
          '`mcp-meta init --accept-found`',
          `\`${runner === 'npx mcp-meta' ? 'mcp-meta' : runner} init${update ? ' --update' : ''} --accept-found\``,
        ),
        ...(producer ? { file: producer } : {}),
      });
    }
    // Under the manifest's lock, like add-key: a concurrent add-key or init --update is never lost.
    if (update) return withFileLock(target, repositoryRoot(cwd), () => updateManifest(target, manifest, notes, cwd, findings, runner));
    const schema = schemaReferenceFor(dir);
    manifest.$schema = schema.reference;
    if (!schema.resolved)
      notes.push(
        `eslint-plugin-mcp-meta is not installed where ${displayPath(dir, cwd)} can resolve it: "$schema" assumes ${schema.reference} (install the plugin, then run init again or correct the path)`,
      );
    // The starter must load in the plugin: drop a key the validation rejects (an invalid MCP key name...) and say why.
    let text = serialize(manifest);
    for (let attempt = 0; attempt < 20; attempt++) {
      const result = parseRegistry(text, target, { checkGlobs: false });
      if (result.ok) break;
      const rejected = keysOf(result.problems);
      if (rejected.size === 0) {
        // Not a key's fault: report and write nothing.
        return { verb: 'init', findings: [...findings, ...result.problems.map(registryProblemToFinding)], notes };
      }
      for (const key of rejected) {
        const reason = result.problems.find((problem) => keysOf([problem]).has(key));
        notes.push(`key '${key}' is left out: ${reason?.message ?? 'the manifest validation rejects it'}`);
        delete manifest.keys[key];
      }
      text = serialize(manifest);
    }
    // Atomic (a failed write leaves an existing manifest whole), and never through a symlink out of the repository.
    writeFileSafely(target, text, repositoryRoot(cwd));
    const keyNames = Object.keys(manifest.keys);
    notes.unshift(
      `wrote ${displayPath(target, cwd)}: ${keyNames.length} keys (${keyNames.join(', ') || 'none'}), ` +
        `emitters [${(manifest.emitters ?? []).join(', ')}], hooks [${(manifest.hooks ?? []).join(', ')}], ` +
        `hookFunctions [${(manifest.hookFunctions ?? []).join(', ')}], mergeLayer [${(manifest.mergeLayer ?? []).join(', ')}]`,
    );
    notes.push(`review it, then run \`${runner} check\``);
    return { verb: 'init', findings, notes, data: { file: displayPath(target, cwd), manifest } };
  },
};

/** The manifest the scan runs under: the detected vocabulary, no keys, and the `ignore` list of an existing manifest. */
function provisionalRegistry(
  target: string,
  vocabulary: DetectedVocabulary,
  ignore: readonly string[] | undefined,
  existingSinks?: ManifestSinks,
): Registry {
  const sorted = (names: Iterable<string>): string[] => [...names].sort();
  const manifest: RegistryManifest = {
    version: 1,
    emitters: sorted(vocabulary.emitters),
    hooks: sorted(vocabulary.hooks),
    hookFunctions: sorted(vocabulary.hookFunctions),
    // The team's registration functions decide planes in the scan as they will in the lint.
    sinks: sinksWithExisting(proposedSinks(vocabulary.registrations), existingSinks),
    ...(ignore !== undefined && ignore.length > 0 ? { ignore: [...ignore] } : {}),
    keys: {},
  };
  const result = parseRegistry(JSON.stringify(manifest), target, { checkGlobs: false });
  // Broken hand entries: scan without them (the update reports the manifest's problems).
  if (!result.ok && existingSinks !== undefined) return provisionalRegistry(target, vocabulary, ignore);
  if (!result.ok)
    throw new CliError(`cannot scan under the detected names: ${result.problems.map((problem) => problem.message).join('; ')}`);
  return result.registry;
}

/** The `ignore` globs of the manifest `--update` merges into, when it reads as one (its problems come later). */
function readIgnore(target: string): readonly string[] | undefined {
  try {
    const ignore = readManifestFile(target).manifest.ignore;
    return Array.isArray(ignore) ? ignore.filter((glob): glob is string => typeof glob === 'string') : undefined;
  } catch {
    return undefined;
  }
}

/** The keys the manifest `--update` merges into registers, when it reads as one (its problems come later). */
function readKeyNames(target: string): Set<string> {
  try {
    const keys = readManifestFile(target).manifest.keys;
    return new Set(keys !== null && typeof keys === 'object' && !Array.isArray(keys) ? Object.keys(keys) : []);
  } catch {
    return new Set();
  }
}

/** The `sinks` of the manifest `--update` merges into, when it reads as an object (its problems come later). */
function readSinks(target: string): ManifestSinks | undefined {
  try {
    const sinks = readManifestFile(target).manifest.sinks;
    return sinks !== null && typeof sinks === 'object' && !Array.isArray(sinks) ? sinks : undefined;
  } catch {
    return undefined;
  }
}

/** Keys named by the JSON pointers of `problems` (`/keys/acme~1timing/producers/0` -> `acme/timing`). */
function keysOf(problems: readonly RegistryProblem[]): Set<string> {
  return new Set(
    problems.flatMap((problem) => {
      const match = /^\/keys\/([^/]+)/.exec(problem.pointer ?? '');
      return match === null ? [] : [match[1].replace(/~1/g, '/').replace(/~0/g, '~')];
    }),
  );
}

/**
 * `init --update`: merges the scan into the existing manifest. The existing one must load (its problems come first);
 * an addition the validation rejects is dropped with the reason, like a rejected key in a fresh `init`. `held` are
 * the keys held back for the person, reported whatever the merge adds.
 */
function updateManifest(
  target: string,
  found: RegistryManifest,
  notes: string[],
  cwd: string,
  held: Finding[] = [],
  runner = 'npx mcp-meta',
): VerbReport {
  const shown = displayPath(target, cwd);
  const current = readManifestFile(target);
  const before = parseRegistry(current.text, target, { checkGlobs: false });
  if (!before.ok) {
    notes.push(
      `${shown} is unchanged: fix its problems first, then run \`${runner === 'npx mcp-meta' ? 'mcp-meta' : runner} init --update\` again`,
    );
    return { verb: 'init', findings: before.problems.map(registryProblemToFinding), notes };
  }
  const skipped = new Set<string>();
  for (let attempt = 0; attempt < 20; attempt++) {
    const merged = mergeIntoManifest(current.text, current.manifest, found, skipped);
    const result = parseRegistry(merged.text, target, { checkGlobs: false });
    const rejected = result.ok ? [] : [...keysOf(result.problems)].filter((key) => merged.touchedKeys.has(key));
    if (!result.ok && rejected.length === 0) {
      // Not an addition's fault: report and write nothing.
      return { verb: 'init', findings: result.problems.map(registryProblemToFinding), notes };
    }
    if (result.ok) {
      if (merged.added.length === 0) {
        notes.unshift(`${shown} already has everything the scan found: nothing added`);
        return { verb: 'init', findings: held, notes, data: { file: shown, added: [] } };
      }
      writeFileSafely(target, withOriginalBom(current, merged.text), repositoryRoot(cwd));
      notes.unshift(
        `updated ${shown}: added ${merged.added.length} ${merged.added.length === 1 ? 'entry' : 'entries'}`,
        ...merged.added.map((line) => `  added ${line}`),
      );
      notes.push(`review the additions, then run \`${runner} check\``);
      return { verb: 'init', findings: held, notes, data: { file: shown, added: merged.added } };
    }
    for (const key of rejected) {
      const reason = result.problems.find((problem) => keysOf([problem]).has(key));
      const what = Object.hasOwn(current.manifest.keys, key) ? `the additions to key '${key}' are` : `key '${key}' is`;
      notes.push(`${what} left out: ${reason?.message ?? 'the manifest validation rejects them'}`);
      skipped.add(key);
    }
  }
  throw new CliError(`cannot merge the scan into ${shown}: the validation keeps rejecting it`);
}

function serialize(manifest: RegistryManifest): string {
  return JSON.stringify(manifest, null, 2) + '\n';
}
