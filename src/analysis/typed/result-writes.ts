/**
 * The writes the rules see in type-aware mode: the syntax's writes, each weakly placed one on the plane its type says
 * (`typed-planes.ts`), then narrowed to tool results by the manifest's `resultTypes` when the parser has a program
 * (see `result-types.ts`). A `resultTypes` of which no name is declared
 * in the program narrows nothing, and says so once per manifest version per process (a warning on stderr, as the
 * config load prints manifest warnings), never once per linted file.
 */
import type { TSESLint } from '@typescript-eslint/utils';
import { formatRegistryProblem, loadRegistry } from '../../registry';
import type { Registry, RegistryProblem } from '../../registry/types';
import type { MetaFileAnalysis } from '../types';
import { withResultTypes, type ResolvedResultTypes, type UnresolvedResultTypes } from './result-types';
import { getTypeServices, hasTypeProgram, type TypeServices } from './type-services';
import { isWeaklyPlaced, withTypedPlanes } from './typed-planes';

type AnyRuleContext = Readonly<TSESLint.RuleContext<string, readonly unknown[]>>;

/**
 * The manifest problem of `resultTypes` names declared nowhere in the TypeScript program: a warning, since nothing
 * breaks (when no name is declared, every write counts as without types; otherwise the others narrow the writes).
 */
export function unresolvedResultTypesProblem(registry: Registry, resolved: ResolvedResultTypes): RegistryProblem {
  const loaded = loadRegistry(registry.path);
  const position = loaded.ok ? loaded.locator.locate('/resultTypes') : undefined;
  const names = resolved.unresolved.map((name) => `'${name}'`).join(', ');
  const none = resolved.types.length === 0;
  return {
    severity: 'warning',
    file: registry.path,
    pointer: '/resultTypes',
    ...position,
    message: none
      ? `No name in "resultTypes" (${names}) is declared in the TypeScript program, so every object's \`_meta\` is checked as without types.`
      : `${names} in "resultTypes" ${resolved.unresolved.length === 1 ? 'is' : 'are'} declared nowhere in the TypeScript program; only the other names narrow which objects are tool results.`,
    fix: 'Name the interfaces, type aliases or classes your tool results are typed with (CallToolResult is declared in @modelcontextprotocol/sdk/types.js, which the program includes once a file imports the SDK), or remove the name from "resultTypes".',
  };
}

const warned = new Set<string>();

function warnOnce(analysis: MetaFileAnalysis, resolved: ResolvedResultTypes): void {
  const { registry } = analysis;
  const id = `${registry.path}\u0000${registry.hash}`;
  if (warned.has(id)) return;
  warned.add(id);
  console.warn(
    `eslint-plugin-mcp-meta: warnings in the registry manifest ${registry.path}:\n  ${formatRegistryProblem(unresolvedResultTypesProblem(registry, resolved))}`,
  );
}

/**
 * The type-aware phase's inputs, part of a file's context in the pipeline (`analyzeFile`): the file's type services,
 * asked only when a write's placement needs them (null without a program), and what to do when no name of the
 * manifest's `resultTypes` is declared in the program (the rules warn once per manifest version; `check` lists them).
 */
export interface FileTypes {
  readonly services: () => TypeServices | null;
  readonly onUnresolved: UnresolvedResultTypes;
}

/**
 * A linted file's type-aware inputs, or null when the parser made no program (the usual untyped lint): then the
 * pipeline has no type-aware phase at all, rather than running it only to learn at each step that there are no types.
 */
export function typesOfRuleContext(context: AnyRuleContext): FileTypes | null {
  if (!hasTypeProgram(context)) return null;
  return { services: () => getTypeServices(context), onUnresolved: warnOnce };
}

/**
 * The type-aware phase of `analyzeFile`: each weakly placed write on the plane its type says, then each tool-result
 * write whose object cannot be one of `resultTypes` moved to the `other` plane. As found without a program.
 */
export function placeByTypes(analysis: MetaFileAnalysis, types: FileTypes): MetaFileAnalysis {
  // Nothing to place (no write, or every write placed by strong evidence and no `resultTypes` to narrow by): the
  // analysis as it is, as both steps would return it, without asking for the type services or memoising a no-op.
  if (!mayPlaceByTypes(analysis)) return analysis;
  return withResultTypes(withTypedPlanes(analysis, types.services), types.services, types.onUnresolved);
}

/** Whether either step of `placeByTypes` may change a write: a weakly placed one, or `resultTypes` and some write. */
function mayPlaceByTypes(analysis: MetaFileAnalysis): boolean {
  if (analysis.writes.length === 0) return false;
  return analysis.registry.resultTypes.length > 0 || analysis.writes.some(isWeaklyPlaced);
}
