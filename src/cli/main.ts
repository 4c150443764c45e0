#!/usr/bin/env node
/**
 * The `mcp-meta` bin: registry tooling that sees the whole codebase and its history, where lint sees one file.
 * Exit codes: 0 clean, 1 findings, 2 usage or I/O error (so CI can tell "the registry has problems" from "the tool
 * could not run").
 */
import { parseArgs } from 'node:util';
import { CliError, EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE_OR_IO } from './findings';
import { formatFatal, formatReport, OUTPUT_FORMATS, type OutputFormat } from './format-report';
import { packageVersion } from './package-version';
import type { OptionValues, Verb } from './verb';
import { nearestName } from '../util/nearest-name';
import {
  loadTypescriptParser,
  parserTypescriptVersion,
  useTypescriptBesideCommand,
  warnIfUnsupportedTypescript,
} from '../util/typescript-support';

/**
 * Verbs are loaded on demand: `--help` stays fast, and a verb that fails to load (a broken install) becomes a clear
 * exit-2 error from the catch-all instead of a module-loader stack trace.
 */
const VERBS: ReadonlyArray<{ name: string; summary: string; parsesSources?: true; load: () => Promise<Verb> }> = [
  {
    name: 'add-key',
    summary: "register a key in the manifest from the command line (validated with the plugin's loader, then written)",
    load: async () => (await import('./verbs/add-key.js')).addKeyVerb,
  },
  {
    name: 'check',
    summary: 'validate the manifest and check it against the code (keys written, fields still written, globs match)',
    parsesSources: true,
    load: async () => (await import('./verbs/check.js')).checkVerb,
  },
  {
    name: 'diff',
    summary: 'compare the manifest with a git revision; fail on breaking changes (additive-forever)',
    load: async () => (await import('./verbs/diff.js')).diffVerb,
  },
  {
    name: 'doc',
    summary: 'write or check the Key | Producer | Contents table between mcp-meta:keys markers in a markdown file',
    load: async () => (await import('./verbs/doc.js')).docVerb,
  },
  {
    name: 'types',
    summary: 'write or check the TypeScript types of _meta (McpMetaRegistry, emitter and hook-fragment types)',
    load: async () => (await import('./verbs/types.js')).typesVerb,
  },
  {
    name: 'schema',
    summary: "write or check a JSON Schema (2020-12) of a tool result's _meta, for consumers and tests",
    load: async () => (await import('./verbs/schema.js')).schemaVerb,
  },
  {
    name: 'init',
    summary: 'scan a server and write a starter mcp-meta.registry.json (optionally importing a doc table)',
    parsesSources: true,
    load: async () => (await import('./verbs/init.js')).initVerb,
  },
];

function topLevelHelp(): string {
  return [
    'Usage: mcp-meta <command> [options]',
    '       mcp-meta --version',
    '',
    'Commands:',
    ...VERBS.map((verb) => `  ${verb.name.padEnd(8)} ${verb.summary}`),
    '',
    'Options:',
    "  --help, -h      this help (`mcp-meta <command> --help` for a command's own)",
    '  --version, -v   print the version of mcp-meta (the eslint-plugin-mcp-meta package)',
    '',
    `Every command takes --format ${OUTPUT_FORMATS.join('|')} and --help.`,
    'Exit codes: 0 clean, 1 findings, 2 usage or I/O error. Set MCP_META_DEBUG=1 for stack traces.',
  ].join('\n');
}

/** The --format value, read before full parsing so that even a usage error is printed in the format CI expects. */
function peekFormat(args: readonly string[]): OutputFormat {
  for (let i = 0; i < args.length; i++) {
    const value = args[i].startsWith('--format=') ? args[i].slice('--format='.length) : args[i] === '--format' ? args[i + 1] : undefined;
    if (value !== undefined && (OUTPUT_FORMATS as readonly string[]).includes(value)) return value as OutputFormat;
  }
  return 'text';
}

function shortUsage(verb: Verb): string {
  return `${verb.help.split('\n')[0]}\nRun \`mcp-meta ${verb.name} --help\` for details.`;
}

async function run(args: string[], cwd: string): Promise<number> {
  const [command, ...rest] = args;
  if (command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(topLevelHelp() + '\n');
    return EXIT_CLEAN;
  }
  if (command === '--version' || command === '-v') {
    process.stdout.write(packageVersion() + '\n');
    return EXIT_CLEAN;
  }
  if (command === undefined || command.startsWith('-')) throw new CliError('missing command', topLevelHelp());
  const entry = VERBS.find((candidate) => candidate.name === command);
  if (entry === undefined) {
    const nearest = nearestName(
      command,
      VERBS.map((candidate) => candidate.name),
      { ignoreCase: true, maxDistance: 3 },
    );
    throw new CliError(`unknown command '${command}'${nearest ? ` (did you mean '${nearest}'?)` : ''}`, topLevelHelp());
  }
  // `npm exec --package=typescript@~6.0 … -- mcp-meta` in a TypeScript 7 project: the TypeScript npm put beside the command.
  if (entry.parsesSources === true) useTypescriptBesideCommand();
  // The TypeScript the parser loads, which is the project's unless the plugin runs from another install.
  const typescriptVersion = parserTypescriptVersion();
  if (entry.parsesSources === true && !rest.some((arg) => arg === '--help' || arg === '-h')) {
    // Checked before the verb loads (check imports the parser): under a TypeScript the parser cannot run with, no
    // file could be parsed, and "no problems" or a crash deep in the parser would both be wrong answers.
    const loaded = loadTypescriptParser(cwd, typescriptVersion);
    if (!loaded.ok) throw new CliError(loaded.message, `Fix: ${loaded.fix}`);
  }
  const verb = await entry.load();
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: rest,
      options: { ...verb.options, format: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    // parseArgs throws TypeErrors with ERR_PARSE_ARGS_* codes for unknown options and missing values.
    throw new CliError(error instanceof Error ? error.message : String(error), shortUsage(verb));
  }
  const values = parsed.values as OptionValues;
  if (values.help === true) {
    process.stdout.write(verb.help + '\n');
    return EXIT_CLEAN;
  }
  const format = values.format ?? 'text';
  if (typeof format !== 'string' || !(OUTPUT_FORMATS as readonly string[]).includes(format)) {
    throw new CliError(`unknown --format '${String(format)}'`, `Use one of: ${OUTPUT_FORMATS.join(', ')}.`);
  }
  if (parsed.positionals.length > verb.maxPositionals) {
    throw new CliError(`unexpected argument '${parsed.positionals[verb.maxPositionals]}'`, shortUsage(verb));
  }
  // The verbs that parse sources do it with @typescript-eslint/parser: say so once when the TypeScript it loads is out
  // of its range. The others (add-key, diff, doc, types, schema) read only the manifest and work under any TypeScript.
  if (entry.parsesSources === true) warnIfUnsupportedTypescript(cwd, (line) => process.stderr.write(`${line}\n`), typescriptVersion);
  const report = verb.run(values, parsed.positionals, cwd);
  process.stdout.write(formatReport(report, format as OutputFormat, cwd));
  // A manifest that cannot be used means nothing was checked: the tool could not run (2), as for a missing one. Its
  // problems are still printed as findings, with the same place and fix ESLint shows.
  if (report.findings.some((finding) => finding.code === 'registry-problem' && finding.severity === 'error')) return EXIT_USAGE_OR_IO;
  return report.findings.length > 0 ? EXIT_FINDINGS : EXIT_CLEAN;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  try {
    process.exitCode = await run(args, process.cwd());
  } catch (error) {
    const format = peekFormat(args);
    if (error instanceof CliError) {
      const { stdout, stderr } = formatFatal(error.message, error.hint, format, process.cwd());
      process.stdout.write(stdout);
      process.stderr.write(stderr);
    } else {
      // A bug, not a finding: say so plainly; the stack only on request.
      const message = error instanceof Error ? error.message : String(error);
      const { stdout, stderr } = formatFatal(
        `internal error: ${message}`,
        'Set MCP_META_DEBUG=1 to see the stack trace, and please report it.',
        format,
        process.cwd(),
      );
      process.stdout.write(stdout);
      process.stderr.write(stderr);
      if (process.env.MCP_META_DEBUG === '1' && error instanceof Error && error.stack !== undefined)
        process.stderr.write(error.stack + '\n');
    }
    process.exitCode = EXIT_USAGE_OR_IO;
  }
}

void main();
