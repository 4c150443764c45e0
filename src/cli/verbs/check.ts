import type { TSESTree } from '@typescript-eslint/utils';
import * as path from 'node:path';
import { writesUiFieldAtTop } from '../../analysis/apps/app-meta';
import { moduleResolverOf } from '../../analysis/modules/module-resolver';
import { fieldValueOf } from '../../analysis/modules/imported-helpers';
import { isOwned } from '../../analysis/keys/ownership';
import { writesOn } from '../../analysis/planes';
import { objectMayBeResult, resolveResultTypes } from '../../analysis/typed/result-types';
import { unresolvedResultTypesProblem } from '../../analysis/typed/result-writes';
import { keyWritesWithTypes, withTypedKeyNames } from '../../analysis/typed/typed-keys';
import { planeReportSites } from '../../analysis/keys/plane-report-sites';
import type { MetaWrite } from '../../analysis/types';
import { writesValues } from '../../analysis/value/write-kinds';
import {
  fieldSpecsOf,
  hostNameAtSentenceStart,
  hostNameOf,
  listFiles,
  nearestManifest,
  REGISTRY_FILENAME,
  type FieldMap,
  type ManifestFields,
  type Registry,
} from '../../registry';
import { keyVerdict } from '../../analysis/keys/key-verdict';
import { hostValueFindingOf, type HostValueFinding } from '../../analysis/keys/host-values';
import { hostFieldsOffPlane, type HostFieldOffPlane } from '../../analysis/keys/host-field-planes';
import { unregistrableKeyAdvice } from '../../analysis/keys/key-name-advice';
import { metaOnPlane, planeName, type CheckedPlane, type WritePlane } from '../../analysis/planes';
import type { MetaKeyWrite } from '../../analysis/types';
import { posixRelative } from '../../util/posix-relative';
import { CliError, type Finding, type VerbReport } from '../findings';
import { displayPath } from '../format-report';
import { describeIoError, locate, type ManifestSource } from '../manifest-source';
import { loadRegistryWithFindings, registryProblemToFinding, resolveRegistryPath } from '../registry-findings';
import { listSourceFiles } from '../source-files';
import { appLinkageFindings, appSitesOf, appValueFindings, type FileAppSites } from '../app-linkage';
import { readSource, type SourceRead } from '../source-read';
import { findTsconfig, loadTypedProject, type TypedProject } from '../typed-project';
import { FORMAT_HELP, type Verb } from '../verb';
import type { TypeServices } from '../../analysis/typed/type-services';
import { typedItemFieldsOf, typedObjectFieldsOf, type TypedWrittenFields, type TypedWrittenValue } from '../written-fields';

export const checkVerb: Verb = {
  name: 'check',
  help: [
    'Usage: mcp-meta check [--registry FILE ... | --all] [--typed [--tsconfig FILE]] [--format text|json|github|sarif]',
    '',
    'Validates the manifest (the same validation the ESLint plugin uses), then reads every producer file with the',
    "plugin's write analysis and reports:",
    '  key-not-written     a registered key that none of its producer files writes',
    '  field-not-written   a registered field that no producer of its key writes any more (a removal: rule 2)',
    '  registry-problem    manifest errors, and globs that match no file',
    '  app-resource-missing  a tool links a ui:// widget (ui.resourceUri, openai/outputTemplate) no file registers',
    '  app-mime-type       a linked widget resource declares a MIME type its hosts do not render',
    "  app-content-empty   a ui:// resource's content item has neither text nor blob (no HTML to render)",
    '  app-value           a widget value hosts cannot use: a link that is no ui:// URI, a CSP entry that is no',
    '                      origin, a ui.visibility, ui.permissions or ui.domain value hosts reject (warning)',
    '  key-unregistered    a key written in the code that the manifest does not register (with did-you-mean)',
    '  key-wrong-plane     a key written on another plane than it is registered for (or its host defines it on)',
    "  key-not-servers     a key the SDK stamps, the other side writes, or MCP reserves, written as the server's",
    '  key-foreign         a registered key written by a file that is not one of its producers',
    "  host-value          a host key's value of another type or range than its host documents (docs/host-keys.md)",
    "  host-field-plane    a host key's field written on a plane where its host does not read it (ui.csp on a tool)",
    "The key findings are the lint's no-unregistered-meta-key and no-foreign-meta-key reports, host-value and",
    "host-field-plane no-unregistered-meta-field's, and app-value valid-app-linkage's, from the same answers. Only",
    'the lint sees: keys not known statically, unregistered fields and registered field types, deleted fields,',
    'deprecated host keys at the write, wholesale _meta replacement, producer isolation and dropped _meta.',
    'Fields are only reported when every write of the key can be read statically (silence over noise).',
    'Several manifests (a monorepo) give one report; each finding names the manifest it belongs to.',
    'With --typed, keys, values and widget links are also read by their TypeScript types, as the rules read them',
    'with parserOptions.project: a field written only by a typed builder in another module counts as written, a',
    'widget link on an object only its type shows to be a tool descriptor is matched, and "resultTypes" narrows',
    'which objects are tool results.',
    '',
    'Options:',
    '  --registry FILE             manifest path (default: the nearest mcp-meta.registry.json at or above the working',
    '                              directory); repeat it for several',
    '  --all                       check every mcp-meta.registry.json under the working directory',
    '                              (node_modules, dist and dot-folders skipped)',
    '  --typed                     build the TypeScript program and read keys and values by their types too',
    "  --tsconfig FILE             the program's tsconfig (default: the nearest tsconfig.json at or above",
    "                              each manifest's folder)",
    FORMAT_HELP,
  ].join('\n'),
  options: {
    registry: { type: 'string', multiple: true },
    all: { type: 'boolean' },
    typed: { type: 'boolean' },
    tsconfig: { type: 'string' },
  },
  maxPositionals: 0,
  run(values, _positionals, cwd): VerbReport {
    const registryOptions = Array.isArray(values.registry) ? values.registry : [];
    if (values.all === true && registryOptions.length > 0)
      throw new CliError('check takes --all or --registry, not both', 'Usage: mcp-meta check [--registry FILE ... | --all]');
    const registryPaths =
      values.all === true
        ? findManifests(cwd)
        : registryOptions.length === 0
          ? [resolveRegistryPath(undefined, cwd)]
          : [...new Set(registryOptions.map((option) => resolveRegistryPath(option, cwd)))];
    const tsconfigOption = typeof values.tsconfig === 'string' ? values.tsconfig : undefined;
    if (tsconfigOption !== undefined && values.typed !== true)
      throw new CliError('--tsconfig only applies with --typed', 'Usage: mcp-meta check --typed [--tsconfig FILE]');
    const typed = values.typed === true ? { tsconfigOption, projects: new Map<string, TypedProject>() } : null;
    if (registryPaths.length === 1) return checkManifest(registryPaths[0], cwd, typed);
    // One report for several manifests: every finding says which manifest it belongs to.
    const reports = registryPaths.map((registryPath) => ({ registryPath, report: checkManifest(registryPath, cwd, typed) }));
    const findings = reports.flatMap(({ registryPath, report }) =>
      report.findings.map((finding) => ({ ...finding, manifest: registryPath })),
    );
    return {
      verb: 'check',
      findings,
      notes: reports.flatMap(({ registryPath, report }) => report.notes.map((note) => `${displayPath(registryPath, cwd)}: ${note}`)),
      data: {
        registries: reports.map(({ registryPath, report }) => ({
          registry: displayPath(registryPath, cwd),
          ok: report.findings.length === 0,
          ...report.data,
        })),
      },
    };
  },
};

/** Every manifest under `cwd`, in path order (the registry's own file walk: node_modules, dist and dot-folders skipped). */
function findManifests(cwd: string): string[] {
  const found = listFiles(cwd).filter((file) => path.posix.basename(file) === REGISTRY_FILENAME);
  if (found.length === 0)
    throw new CliError(
      `no ${REGISTRY_FILENAME} under ${cwd}`,
      'Create one with `npx mcp-meta init`, or name manifests with --registry FILE.',
    );
  return found.map((file) => path.join(cwd, file));
}

/** `--typed`: the tsconfig option, and the programs built so far (one per tsconfig, shared by `--all`'s manifests). */
interface TypedOptions {
  readonly tsconfigOption: string | undefined;
  readonly projects: Map<string, TypedProject>;
}

function typedProjectFor(typed: TypedOptions, from: string, cwd: string): TypedProject {
  const tsconfig = findTsconfig(typed.tsconfigOption, from, cwd);
  let project = typed.projects.get(tsconfig);
  if (!project) {
    project = loadTypedProject(tsconfig);
    typed.projects.set(tsconfig, project);
  }
  return project;
}

function checkManifest(registryPath: string, cwd: string, typed: TypedOptions | null): VerbReport {
  const { registry, locator, findings } = loadRegistryWithFindings(registryPath, true);
  if (registry === null) return { verb: 'check', findings, notes: [] };
  const source = { manifest: registry.manifest, locator };
  const project = typed ? typedProjectFor(typed, registry.dir, cwd) : null;
  const outsideProgram: string[] = [];
  let unresolvedReported = false;

  /**
   * A file's one read (`readSource`: parsed and analysed once, by its types where the program holds it), for the key
   * checks here and the MCP Apps linkage; the notes and warnings about how it was read, once per file.
   */
  function read(file: string): SourceRead {
    const fileRead = readSource(file, registry!, project);
    const { analysis, services } = fileRead;
    // Only a file that writes `_meta` is worth naming (config files and scripts are outside most programs).
    if (project && !project.includes(file) && writesOn(analysis.writes, 'manifest').length > 0) outsideProgram.push(file);
    // The lint warns only when no name resolves (nothing is narrowed then); the command lists every undeclared one.
    if (services && registry!.resultTypes.length > 0 && !unresolvedReported) {
      const resolved = resolveResultTypes(services, registry!.resultTypes);
      if (resolved.unresolved.length > 0) findings.push(registryProblemToFinding(unresolvedResultTypesProblem(registry!, resolved)));
      unresolvedReported = true;
    }
    return fileRead;
  }

  /** `unknown`-plane writes count as written untyped, and with types when their object may be a result type. */
  function unknownMayBeResult(write: MetaWrite, services: TypeServices | null): boolean {
    if (!services || registry!.resultTypes.length === 0) return true;
    const resolved = resolveResultTypes(services, registry!.resultTypes);
    return resolved.types.length === 0 || objectMayBeResult(services, write, resolved);
  }

  const valuesByKey = new Map<string, TypedWrittenValue[]>();
  /** Every site counted as a write of a registered key (the `written` of `--format json`; 1-based, as ESLint's). */
  const writeSites: Array<{ key: string; file: string; line: number; column: number }> = [];
  let producerFiles = 0;
  const appSites: FileAppSites[] = [];
  const sourceFiles = listSourceFiles(registry.dir);
  for (const file of sourceFiles) {
    const role = registry.classifyFile(file);
    if (role.ignored) continue;
    // Other files are read too: one may call an imported helper whose module (a producer) builds the keys.
    const producer = role.ownedKeys.length > 0;
    if (producer) producerFiles++;
    let fileRead: SourceRead;
    try {
      fileRead = read(file);
    } catch (error) {
      if (!producer) continue;
      findings.push({
        severity: 'warning',
        code: 'source-unreadable',
        message: `cannot analyse producer file: ${describeIoError(error)}`,
        file,
        fix: 'fix the syntax error (ESLint reports it too); until then its keys count as not written',
      });
      continue;
    }
    const {
      text,
      services,
      analysis: { writes },
    } = fileRead;
    // The file's part of the MCP Apps linkage, from this same read (matched across files below).
    const fileAppSites = appSitesOf(fileRead, registry);
    if (fileAppSites) appSites.push(fileAppSites);
    // A file under a nested manifest is that manifest's (the lint reads it under the nearest one).
    const ownFile = nearestManifest(path.dirname(file)) === registryPath;
    const keyWrites = writesOn(writes, 'keyNames');
    if (ownFile) {
      // What the lint reports about each key here, from the same verdicts and over the same list: no-unregistered-
      // meta-key's and no-foreign-meta-key's, once per key node and variant (a `_meta` const or helper spread into ten
      // results is one write of its keys, reported once). A gate that passes a typo the lint reports is no gate.
      const hostValuesReported = new Set<TSESTree.Node>();
      const hostFieldsReported = new Set<string>();
      const planeSites = planeReportSites(keyWrites);
      for (const { write, key: keyWrite } of keyWritesWithTypes(keyWrites, services, registry)) {
        if (keyWrite.name === null) continue;
        // A field of MCP Apps' `ui` written at the top of `_meta` is no key to register: it is an `app-value` finding.
        const keyFound = keyFindings(registry, write, keyWrite, file, registryPath, planeSites(write, keyWrite));
        const misplacedUiField = (finding: Finding): boolean =>
          finding.code === 'key-unregistered' && writesUiFieldAtTop(write, keyWrite, moduleResolverOf(file), text);
        findings.push(...keyFound.filter((finding) => !misplacedUiField(finding)));
        // A host key's value against the type or range its host documents: no-unregistered-meta-field's one answer,
        // once per value node as the rule reports it.
        const hostValue = hostValueFindingOf(registry, write, keyWrite, services, file);
        if (hostValue && !hostValuesReported.has(hostValue.node)) {
          hostValuesReported.add(hostValue.node);
          findings.push(hostValueToFinding(hostValue, keyWrite.name, file));
        }
        // A host key's fields on a plane its host does not read them on: the rule's hostFieldOnOtherPlane, same answer.
        for (const off of hostFieldsOffPlane(write, keyWrite, services)) {
          for (const node of off.nodes) {
            const seen = `${node.range[0]}\0${off.field}`;
            if (hostFieldsReported.has(seen)) continue;
            hostFieldsReported.add(seen);
            findings.push(hostFieldPlaneFinding(off, node, keyWrite.name, write.plane, file));
          }
        }
      }
      // The widget values a host cannot use: valid-app-linkage's reports of them, from the same list, over the writes
      // the rule is given (the manifest's planes; with --typed, placed by types as a typed lint places them).
      findings.push(...appValueFindings(writesOn(writes, 'manifest'), file, text, registry));
    }
    for (const write of keyWrites) {
      // With types, a key held in an enum member or a union-typed parameter names each of its members.
      for (const keyWrite of withTypedKeyNames(write, services, registry)) {
        if (keyWrite.name === null) continue;
        if (!writesValues(write)) continue;
        // Written on another plane than it is registered for, a key is not written where its consumers read it. A
        // write nothing places (`unknown`) may be on any plane: without types it counts (a correct manifest must not
        // fail the gate, and the lint reports nothing there either); with types, when its object may be a result.
        const onItsPlane = write.plane === 'unknown' ? unknownMayBeResult(write, services) : keyWrite.registration?.status === 'registered';
        if (!onItsPlane) continue;
        // The model's ownership (attached in ownership.ts): a key an imported helper builds is its module's write.
        if (!isOwned(keyWrite)) continue;
        const list = valuesByKey.get(keyWrite.name) ?? [];
        // A value an imported function builds is read from its module's detached copy, which no program holds.
        const fieldValue = fieldValueOf(keyWrite, services !== null);
        list.push({ node: fieldValue.value, services: fieldValue.reportAt === null ? services : null });
        valuesByKey.set(keyWrite.name, list);
        const { line, column } = keyWrite.node.loc.start;
        writeSites.push({ key: keyWrite.name, file: displayPath(file, cwd), line, column: column + 1 });
      }
    }
  }

  for (const [key, spec] of registry.keys) {
    const rawKey = source.manifest.keys[key];
    const written = valuesByKey.get(key);
    if (written === undefined) {
      if (spec.deprecated) continue;
      findings.push({
        severity: 'error',
        code: 'key-not-written',
        message: `key '${key}' has no write site in its producers (${spec.producers.join(', ')})`,
        file: registryPath,
        ...locate(source, ['keys', key]),
        fix: 'write the key from its producer, or correct `producers` if the code moved (a moved producer is a breaking change for `mcp-meta diff`)',
      });
      continue;
    }
    // Only fields the manifest lists are a promise of its producers: a catalogue key without its own `fields` takes
    // the host's field set for the rules to check names against, but the host's optional fields (MCP Apps `ui.csp`,
    // `ui.domain` …) are not ones the code ever wrote, so their absence is no removal.
    if (spec.fields !== undefined && rawKey?.fields !== undefined) {
      findings.push(
        ...missingFields(
          spec.fields,
          rawKey?.fields,
          typedObjectFieldsOf(written),
          key,
          key,
          ['keys', key, 'fields'],
          source,
          registryPath,
        ),
      );
    }
  }
  // MCP Apps widgets: each tool's link against the resources registered in every file (src/cli/app-linkage.ts).
  const apps = appLinkageFindings(appSites, cwd);
  findings.push(...apps.findings);
  // Reading order of the manifest, then of the code files.
  findings.sort((a, b) => (a.file ?? '').localeCompare(b.file ?? '') || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
  return {
    verb: 'check',
    findings,
    notes: [
      `checked ${registry.keys.size} keys against ${producerFiles} producer files`,
      ...(project ? [`read with the types of ${displayPath(project.tsconfig, cwd)}`] : []),
      ...(outsideProgram.length > 0
        ? [`not in that program, read without types: ${outsideProgram.map((file) => displayPath(file, cwd)).join(', ')}`]
        : []),
      ...apps.notes,
    ],
    data: { registry: displayPath(registryPath, cwd), keys: registry.keys.size, producerFiles, written: writeSites },
  };
}

/**
 * The lint's key reports at one key write, as findings: `no-unregistered-meta-key`'s verdict (`keyVerdict`, its one
 * home) and `no-foreign-meta-key`'s (the model's ownership, `isOwned`). Keys not known statically are the lint's only.
 */
function keyFindings(
  registry: Registry,
  write: MetaWrite,
  keyWrite: MetaKeyWrite,
  file: string,
  registryPath: string,
  /** Where a wrong-plane finding goes (`planeReportSites`): the key, or each use of it on the wrong plane. */
  planeSites: readonly TSESTree.Node[],
): Finding[] {
  const name = keyWrite.name!;
  const at = { file, line: keyWrite.node.loc.start.line, column: keyWrite.node.loc.start.column + 1 };
  const atEach = (finding: Omit<Finding, 'file' | 'line' | 'column'>): Finding[] =>
    planeSites.map((node) => ({ ...finding, file, line: node.loc.start.line, column: node.loc.start.column + 1 }));
  const where = write.plane === 'unknown' ? '`_meta`' : metaOnPlane(write.plane as CheckedPlane);
  const manifest = path.basename(registryPath);
  const producer = posixRelative(registry.dir, keyWrite.ownership?.writer ?? file);
  const verdict = keyVerdict(registry, write, name, file, keyWrite.registration);
  switch (verdict.kind) {
    case 'unregistered':
      return [
        {
          severity: 'error',
          code: 'key-unregistered',
          message: `${where} key '${name}' is ${write.kind === 'key-delete' ? 'deleted here but ' : ''}not registered in ${manifest}.${verdict.nearest ? ` Did you mean '${verdict.nearest}'?` : ''}`,
          ...at,
          fix: verdict.nearest
            ? `rename it to '${verdict.nearest}' if that key is meant; otherwise register it: npx mcp-meta add-key '${name}' --producer ${producer}`
            : (unregistrableKeyAdvice(name) ??
              `register it: npx mcp-meta add-key '${name}' --producer ${producer}${write.plane === 'tool' || write.plane === 'resource' ? ` --plane ${write.plane}` : ''}`),
        },
      ];
    case 'wrong-plane':
      return atEach({
        severity: 'error',
        code: 'key-wrong-plane',
        message: `${where} key '${name}' is registered in ${manifest} for the ${verdict.planes.map(planeName).join(' and ')} plane, but written here on a ${planeName(write.plane)}.`,
        fix: `write it where it is registered, or add "${write.plane}" to keys.${name}.plane if it belongs on both`,
      });
    case 'off-host-plane':
      return atEach({
        severity: 'error',
        code: 'key-wrong-plane',
        message: `${where} key '${name}' is a key ${hostNameOf(verdict.entry)} defines for the ${verdict.planes.map(planeName).join(' and ')} (catalogue entry '${verdict.entry.id}'), not for a ${planeName(write.plane)}: the host does not read it here.`,
        fix: `remove this write, or move it to the ${verdict.planes.map(planeName).join(' or ')} \`_meta\``,
      });
    case 'not-servers':
      return [
        {
          severity: 'error',
          code: 'key-not-servers',
          message: `${where} key ${verdict.refusal.message}`,
          ...at,
          fix: verdict.refusal.advice,
        },
      ];
    case 'ok':
      break;
  }
  // The key phase's registration of the key on its write's plane (keys/ownership.ts); none on the `unknown` plane.
  const registration = keyWrite.registration;
  if (registration?.status !== 'registered' || !keyWrite.ownership || isOwned(keyWrite)) return [];
  return [
    {
      severity: 'error',
      code: 'key-foreign',
      message: `${where} key '${name}' belongs to ${registration.spec.producers.map((glob) => `'${glob}'`).join(', ')}; '${producer}' is not one of its producers (one producer per key, MCP _meta rule 1).`,
      ...at,
      fix: `move this write into the producer, or, if this file now produces the key: npx mcp-meta add-key '${name}' --producer ${producer} --update-producers`,
    },
  ];
}

/** A value its host documents another type or range for, as a finding (the lint's `wrongHostValue`, same words). */
function hostValueToFinding(found: HostValueFinding, key: string, file: string): Finding {
  const { entry } = found;
  return {
    severity: 'error',
    code: 'host-value',
    message: `${hostNameAtSentenceStart(entry)} documents \`_meta\` key '${key}' as \`${found.expected}\`, but this value is ${found.actual}: ${entry.value!.effect} (catalogue entry '${entry.id}', ${entry.source}).`,
    file,
    line: found.node.loc.start.line,
    column: found.node.loc.start.column + 1,
    fix: `write a \`${found.expected}\` value`,
  };
}

/** A host field on a plane its host does not read it on, as a finding (the lint's `hostFieldOnOtherPlane`, same words). */
function hostFieldPlaneFinding(off: HostFieldOffPlane, node: TSESTree.Node, key: string, plane: WritePlane, file: string): Finding {
  const planes = off.readOn.map(planeName).join(' or ');
  return {
    severity: 'error',
    code: 'host-field-plane',
    message: `Field '${key}.${off.field}' belongs on the ${planes} \`_meta\`: ${hostNameOf(off.entry)} reads it there (catalogue entry '${off.entry.id}'), not on the ${planeName(plane)} \`_meta\` where it is written here, so the host ignores it.`,
    file,
    line: node.loc.start.line,
    column: node.loc.start.column + 1,
    fix: `move it to the ${planes}'s \`_meta\``,
  };
}

/** Registered, non-deprecated fields that no write provides; recurses into nested `fields` and `items`. */
function missingFields(
  registered: FieldMap,
  raw: ManifestFields | undefined,
  written: TypedWrittenFields,
  key: string,
  prefix: string,
  jsonPath: Array<string | number>,
  source: Pick<ManifestSource, 'locator'>,
  registryPath: string,
): Finding[] {
  // Part of some value could not be read: a field missing here may still be written there.
  if (written.open) return [];
  const findings: Finding[] = [];
  // The fields the manifest lists, not every registered one: a catalogue key's host fields are registered beside its
  // own (host-fields.ts in the registry), and only what the manifest lists is a promise of its producers.
  for (const name of raw === undefined ? [] : Object.keys(fieldSpecsOf(raw))) {
    const field = registered.get(name);
    if (field === undefined || field.deprecated) continue;
    const fieldPath = [...jsonPath, Array.isArray(raw) ? raw.indexOf(name) : name];
    const values = written.fields.get(name);
    if (values === undefined) {
      findings.push({
        severity: 'error',
        code: 'field-not-written',
        message: `field '${prefix}.${name}' is registered but no producer of '${key}' writes it any more; removing a field breaks consumers (rule 2: additive-forever)`,
        file: registryPath,
        ...locate(source, fieldPath),
        fix: `write '${name}' again, or keep it in the manifest marked "deprecated": true`,
      });
      continue;
    }
    const nestedRaw = Array.isArray(raw) || raw === undefined ? undefined : raw[name];
    if (field.fields !== undefined) {
      findings.push(
        ...missingFields(
          field.fields,
          nestedRaw?.fields,
          typedObjectFieldsOf(values),
          key,
          `${prefix}.${name}`,
          [...fieldPath, 'fields'],
          source,
          registryPath,
        ),
      );
    }
    if (field.items !== undefined) {
      findings.push(
        ...missingFields(
          field.items,
          nestedRaw?.items?.fields,
          typedItemFieldsOf(values),
          key,
          `${prefix}.${name}[]`,
          [...fieldPath, 'items', 'fields'],
          source,
          registryPath,
        ),
      );
    }
  }
  return findings;
}
