import type { Node } from 'jsonc-parser';
import { normalizeGlob } from './build-registry';
import { fieldTypeProblems } from './field-types';
import { toPointer, type JsonLocator } from './json-locate';
import { checkMetaKeyName, isIdentifierName } from './key-name';
import type { RegistryManifest, RegistryProblem } from './types';

/**
 * Checks a schema-valid manifest for what JSON Schema cannot say: MCP key-name rules, callee names that can never
 * match, globs that point outside the manifest's folder, one glob owning two keys, and duplicated JSON properties
 * (JSON.parse silently keeps the last one, which would drop a key without a word).
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

  for (const name of Object.keys(manifest.keys)) {
    const issue = checkMetaKeyName(name);
    if (issue) report(toPointer(['keys', name]), issue.message, issue.fix, true);
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

  const globLists: [string[], (string | number)[]][] = [
    [manifest.mergeLayer ?? [], ['mergeLayer']],
    [manifest.ignore ?? [], ['ignore']],
    ...Object.entries(manifest.keys).map(([name, key]): [string[], (string | number)[]] => [key.producers, ['keys', name, 'producers']]),
  ];
  for (const [globs, at] of globLists) {
    globs.forEach((glob, index) => {
      if (!escapesManifestFolder(glob)) return;
      report(
        toPointer([...at, index]),
        `Glob '${glob}' points outside the manifest's folder; globs are relative to the folder of ${file} and match nothing outside it.`,
        `Write the path relative to the manifest's folder (no leading '/', drive letter or '../'), or move the manifest up to a folder that contains the file.`,
      );
    });
  }

  for (const problem of fieldTypeProblems(manifest.keys)) report(toPointer([...problem.path]), problem.message, problem.fix);

  // Rule 1: a producer owns exactly one key. The same glob under two keys makes its files own both.
  const ownerOfGlob = new Map<string, string>();
  for (const [name, key] of Object.entries(manifest.keys)) {
    key.producers.forEach((glob, index) => {
      const normalized = normalizeGlob(glob);
      const owner = ownerOfGlob.get(normalized);
      if (owner === undefined) {
        ownerOfGlob.set(normalized, name);
        return;
      }
      if (owner === name) return;
      report(
        toPointer(['keys', name, 'producers', index]),
        `Producer '${glob}' is listed under two keys, '${owner}' and '${name}'.`,
        `Move '${glob}' to one key's producers; a producer owns exactly one key (MCP_META_CHANNELS rule 1).`,
      );
    });
  }
  return problems;
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
