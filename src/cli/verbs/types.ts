import { runGeneratedFile, type GeneratedFileSpec } from '../generated/generated-file';
import { renderTypesModule } from '../types/render-types';
import { FORMAT_HELP, type Verb } from '../verb';

const USAGE = 'Usage: mcp-meta types --out FILE.ts [--plane result|tool|resource] [--check] [--registry FILE] [--format text|json|github]';

const typesFile: GeneratedFileSpec = {
  verb: 'types',
  staleCode: 'types-stale',
  what: 'the TypeScript types of _meta',
  usage: USAGE,
  render: (registry, plane, manifestLabel, command) => renderTypesModule(registry, manifestLabel, command, plane),
};

export const typesVerb: Verb = {
  name: 'types',
  help: [
    USAGE,
    '',
    "Generates a TypeScript module of a tool result's _meta from the manifest (the keys registered on the result",
    "plane; --plane for a tool descriptor's or a resource's): McpMetaRegistry (one property per key, each field typed, plus",
    '[extra: string]: unknown so consumers tolerate unknown fields), McpMetaKey, McpMetaEmit (an emitter:',
    '<K extends McpMetaKey>(key: K, value: McpMetaRegistry[K]) => void) and McpMetaFragment (a hook fragment:',
    'Partial<McpMetaRegistry>). Deprecated keys and fields get @deprecated. Types only: it compiles under strict,',
    'exactOptionalPropertyTypes and isolatedDeclarations.',
    '',
    'Options:',
    '  --out FILE.ts               the module to write (or to check)',
    '  --plane result|tool|resource  the _meta of a tool result (default), a tool descriptor or a resource: the keys',
    '                              registered on that plane, one file per plane',
    '  --check                     write nothing; exit 1 and print a diff when FILE.ts is missing or stale (for CI)',
    '  --registry FILE             manifest path (default: the nearest mcp-meta.registry.json at or above the working directory)',
    FORMAT_HELP,
  ].join('\n'),
  options: { out: { type: 'string' }, plane: { type: 'string' }, check: { type: 'boolean' }, registry: { type: 'string' } },
  maxPositionals: 0,
  run: (values, _positionals, cwd) => runGeneratedFile(typesFile, values, cwd),
};
