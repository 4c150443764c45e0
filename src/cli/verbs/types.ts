import { runGeneratedFile, type GeneratedFileSpec } from '../generated/generated-file';
import { renderTypesModule } from '../types/render-types';
import { FORMAT_HELP, type Verb } from '../verb';

const USAGE = 'Usage: mcp-meta types --out FILE.ts [--check] [--registry FILE] [--format text|json|github]';

const typesFile: GeneratedFileSpec = {
  verb: 'types',
  staleCode: 'types-stale',
  what: 'the TypeScript types of _meta',
  usage: USAGE,
  render: (registry, manifestLabel, outFromManifestDir) =>
    renderTypesModule(registry, manifestLabel, `npx mcp-meta types --out ${outFromManifestDir}`),
};

export const typesVerb: Verb = {
  name: 'types',
  help: [
    USAGE,
    '',
    'Generates a TypeScript module from the manifest: McpMetaRegistry (one property per key, each field typed, plus',
    '[extra: string]: unknown so consumers tolerate unknown fields), McpMetaKey, McpMetaEmit (an emitter:',
    '<K extends McpMetaKey>(key: K, value: McpMetaRegistry[K]) => void) and McpMetaFragment (a hook fragment:',
    'Partial<McpMetaRegistry>). Deprecated keys and fields get @deprecated. Types only: it compiles under strict,',
    'exactOptionalPropertyTypes and isolatedDeclarations.',
    '',
    'Options:',
    '  --out FILE.ts               the module to write (or to check)',
    '  --check                     write nothing; exit 1 and print a diff when FILE.ts is missing or stale (for CI)',
    '  --registry FILE             manifest path (default: the nearest mcp-meta.registry.json at or above the working directory)',
    FORMAT_HELP,
  ].join('\n'),
  options: { out: { type: 'string' }, check: { type: 'boolean' }, registry: { type: 'string' } },
  maxPositionals: 0,
  run: (values, _positionals, cwd) => runGeneratedFile(typesFile, values, cwd),
};
