import { runGeneratedFile, type GeneratedFileSpec } from '../generated/generated-file';
import { renderMetaSchema } from '../schema/render-schema';
import { FORMAT_HELP, type Verb } from '../verb';

const USAGE =
  'Usage: mcp-meta schema --out FILE.json [--plane result|tool|resource] [--check] [--registry FILE] [--format text|json|github]';

const schemaFile: GeneratedFileSpec = {
  verb: 'schema',
  staleCode: 'schema-stale',
  what: 'the JSON Schema of _meta',
  usage: USAGE,
  render: (registry, plane, manifestLabel) => renderMetaSchema(registry, manifestLabel, plane),
};

export const schemaVerb: Verb = {
  name: 'schema',
  help: [
    USAGE,
    '',
    "Generates a JSON Schema (2020-12) of a tool result's _meta under the manifest (the keys registered on the",
    "result plane; --plane for a tool descriptor's or a resource's), for consumers and tests that validate real",
    '_meta objects. Unknown keys and fields are allowed everywhere (additionalProperties: true); every',
    'key is optional (a failed producer\'s key is absent); typed fields are required unless "optional": true.',
    '',
    'Options:',
    '  --out FILE.json             the schema to write (or to check)',
    '  --plane result|tool|resource  the _meta of a tool result (default), a tool descriptor or a resource: the keys',
    '                              registered on that plane, one file per plane',
    '  --check                     write nothing; exit 1 and print a diff when FILE.json is missing or stale (for CI)',
    '  --registry FILE             manifest path (default: the nearest mcp-meta.registry.json at or above the working directory)',
    FORMAT_HELP,
  ].join('\n'),
  options: { out: { type: 'string' }, plane: { type: 'string' }, check: { type: 'boolean' }, registry: { type: 'string' } },
  maxPositionals: 0,
  run: (values, _positionals, cwd) => runGeneratedFile(schemaFile, values, cwd),
};
