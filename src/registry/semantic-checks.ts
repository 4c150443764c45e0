import type { Node } from 'jsonc-parser';
import { normalizeGlob } from './build-registry';
import { globListsOf } from './glob-lists';
import { fieldTypeProblems } from './field-types';
import { keyNameProblems } from './key-checks';
import { toPointer, type JsonLocator } from './json-locate';
import { isIdentifierName } from './key-name';
import { sinkProblems } from './sink-checks';
import type { RegistryManifest, RegistryProblem } from './types';

/**
 * Checks a schema-valid manifest for what JSON Schema cannot say: MCP key-name rules and host-key catalogue entries
 * (`key-checks.ts`), callee names that can never match, globs that point outside the manifest's folder, and
 * duplicated JSON properties (JSON.parse silently keeps the last one, which would drop a key without a word).
 *
 * A file may be listed under several keys: the spec's unit is a producer, not a file, so the rules check that each key
 * is written by its own producer unit in that file.
 */
type Reporter = (pointer: string, message: string, fix: string, atName?: boolean, offset?: number) => void;

export function semanticProblems(
  manifest: RegistryManifest,
  tree: Node | undefined,
  file: string,
  locator: JsonLocator,
): RegistryProblem[] {
  const problems: RegistryProblem[] = [];
  const report: Reporter = (pointer, message, fix, atName = false, offset) => {
    const position = offset !== undefined ? locator.position(offset) : locator.locate(pointer, atName);
    problems.push({ severity: 'error', file, pointer, ...position, message, fix });
  };

  if (tree) duplicatePropertyProblems(tree, report);

  for (const problem of keyNameProblems(manifest)) {
    const position = locator.locate(problem.pointer, problem.atName);
    problems.push({ severity: problem.severity, file, pointer: problem.pointer, ...position, message: problem.message, fix: problem.fix });
  }

  for (const list of ['emitters', 'hooks', 'hookFunctions'] as const) {
    (manifest[list] ?? []).forEach((name, index) => {
      if (isIdentifierName(name)) return;
      report(
        toPointer([list, index]),
        `'${name}' in "${list}" is not a JavaScript identifier, so no call can match it.`,
        `Write the bare function name (e.g. 'emitResponseMeta', not 'ctx.emitResponseMeta' or '${name.trim() || 'name'}()').`,
      );
    });
  }

  (manifest.resultTypes ?? []).forEach((name, index) => {
    if (isIdentifierName(name)) return;
    // Type-aware mode looks each name up among the program's declarations: only a bare type name can be declared.
    const bare = /([A-Za-z_$][A-Za-z0-9_$]*)\s*(?:<.*)?$/.exec(name.trim())?.[1] ?? 'CallToolResult';
    report(
      toPointer(['resultTypes', index]),
      `'${name}' in "resultTypes" is not a type name, so no declaration can match it.`,
      `Write the bare name of the interface, type alias or class (e.g. '${bare}', without a module path, '.', type arguments or '[]').`,
    );
  });

  for (const problem of sinkProblems(manifest)) report(toPointer(problem.path), problem.message, problem.fix);

  for (const { globs, jsonPath } of globListsOf(manifest)) {
    globs.forEach((glob, index) => {
      const problem = globProblem(glob, file);
      if (problem) report(toPointer([...jsonPath, index]), problem.message, problem.fix);
    });
  }

  for (const problem of fieldTypeProblems(manifest.keys)) report(toPointer([...problem.path]), problem.message, problem.fix);
  return problems;
}

/** Longest glob accepted: a path pattern, not a program. Longer ones are refused before they reach the matcher. */
export const MAX_GLOB_LENGTH = 512;
/** Extended globs (`+(a|b)`, `@(…)`, `!(…)`…) compile to nested quantifiers; the matcher treats them as literal text. */
const EXTGLOB = /[+@!*?]\(/;

/**
 * What is wrong with one glob, if anything: it leaves the manifest's folder, is too long, or uses extended-glob
 * syntax. Matching cost stays bounded: picomatch compiles what remains (`*`, `**`, `?`, classes, braces) to regular
 * expressions without nested quantifiers, and `compileGlobs` turns extglobs off.
 */
function globProblem(glob: string, file: string): { message: string; fix: string } | null {
  if (escapesManifestFolder(glob)) {
    return {
      message: `Glob '${glob}' points outside the manifest's folder; globs are relative to the folder of ${file} and match nothing outside it.`,
      fix: `Write the path relative to the manifest's folder (no leading '/', drive letter or '../'), or move the manifest up to a folder that contains the file.`,
    };
  }
  if (glob.length > MAX_GLOB_LENGTH) {
    return {
      message: `Glob '${glob.slice(0, 40)}…' is ${glob.length} characters long; globs are at most ${MAX_GLOB_LENGTH}.`,
      fix: 'List the files with several shorter globs (or a folder glob such as src/tools/**).',
    };
  }
  if (EXTGLOB.test(glob)) {
    return {
      message: `Glob '${glob}' uses extended-glob syntax (+(…), @(…), !(…), *(…), ?(…)), which the manifest does not support.`,
      fix: 'Use braces for alternatives (src/{a,b}.ts) or list the globs separately.',
    };
  }
  return null;
}

function escapesManifestFolder(glob: string): boolean {
  const normalized = normalizeGlob(glob).replace(/\\/g, '/');
  return normalized.startsWith('/') || /^[A-Za-z]:/.test(normalized) || normalized === '..' || normalized.startsWith('../');
}

function duplicatePropertyProblems(node: Node, report: Reporter, at: (string | number)[] = []): void {
  if (node.type === 'object') {
    const seen = new Set<string>();
    for (const property of node.children ?? []) {
      const [nameNode, valueNode] = property.children ?? [];
      if (!nameNode) continue;
      const name = String(nameNode.value);
      if (seen.has(name)) {
        const where = at.length === 0 ? 'the manifest' : `'${toPointer(at)}'`;
        report(
          toPointer([...at, name]),
          `Property '${name}' appears twice in ${where}; JSON keeps only the last one, so the first is silently lost.`,
          `Merge the two '${name}' entries into one.`,
          true,
          nameNode.offset, // the second occurrence; a pointer would lead to the first
        );
      }
      seen.add(name);
      if (valueNode) duplicatePropertyProblems(valueNode, report, [...at, name]);
    }
  } else if (node.type === 'array') {
    (node.children ?? []).forEach((child, index) => duplicatePropertyProblems(child, report, [...at, index]));
  }
}
