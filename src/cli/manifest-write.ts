/**
 * Edits and writes of the manifest. Edits go through jsonc-parser's `modify` + `applyEdits`, which change only the
 * edited spot, so the rest of the text (key order, indentation, descriptions, properties we do not know) stays as the
 * team wrote it. Writes are atomic (a temp file in the same folder, renamed into place: a crash never leaves half a
 * manifest) and never follow a symlink out of the repository.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { applyEdits, findNodeAtLocation, modify, parseTree, type FormattingOptions, type JSONPath } from 'jsonc-parser';
import { CliError } from './findings';
import { describeIoError } from './manifest-source';

/** The indentation and line ending the file already uses, so inserted properties look like their neighbours. */
export function formattingOf(text: string): FormattingOptions {
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
  const insertSpaces = !indent.startsWith('\t');
  return { insertSpaces, tabSize: insertSpaces ? indent.length : 1, eol: text.includes('\r\n') ? '\r\n' : '\n', insertFinalNewline: text.endsWith('\n') };
}

/** `value` as JSON on one line, spaced the way people write one-line JSON: `{ "a": ["b", "c"] }`. */
export function inlineJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inlineJson).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length === 0 ? '{}' : `{ ${entries.map(([name, inner]) => `${JSON.stringify(name)}: ${inlineJson(inner)}`).join(', ')} }`;
  }
  return JSON.stringify(value);
}

/**
 * `text` with the value at `jsonPath` set (added when missing). A path ending in -1 appends to an array.
 * Inside a container written on one line (`"producers": ["src/a.ts"]`) the addition stays on that line; elsewhere it
 * is laid out with the file's indentation (jsonc-parser re-lays the line it inserts on).
 */
export function setJsonValue(text: string, jsonPath: JSONPath, value: unknown): string {
  const tree = parseTree(text);
  const parent = tree === undefined ? undefined : findNodeAtLocation(tree, jsonPath.slice(0, -1));
  const oneLine = parent !== undefined && !/[\r\n]/.test(text.slice(parent.offset, parent.offset + parent.length));
  const plain = oneLine ? modify(text, jsonPath, value, {}) : [];
  if (plain.length === 1 && plain[0].length === 0) {
    const last = jsonPath[jsonPath.length - 1];
    const body = typeof last === 'number' ? inlineJson(value) : `${JSON.stringify(last)}: ${inlineJson(value)}`;
    const content = plain[0].content.startsWith(',') ? `, ${body}` : parent?.type === 'object' ? ` ${body} ` : body;
    return applyEdits(text, [{ ...plain[0], content }]);
  }
  return applyEdits(text, modify(text, jsonPath, value, { formattingOptions: formattingOf(text) }));
}

/** The folder holding `.git` above `start`, else `start`: the boundary a write may not leave through a symlink. */
export function repositoryRoot(start: string): string {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(start);
  }
}

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * Where a write to `target` really lands. A symlink (the file or a folder above it) that resolves inside the
 * repository is followed, so the link stays a link; one that leads out of it is refused.
 */
export function realWriteTarget(target: string, repositoryDir: string): string {
  const lexical = path.resolve(target);
  const real = fs.existsSync(lexical) ? fs.realpathSync(lexical) : path.join(fs.realpathSync(path.dirname(lexical)), path.basename(lexical));
  const root = fs.realpathSync(repositoryDir);
  if (real !== lexical && isInside(lexical, repositoryDir) && !isInside(real, root)) {
    throw new CliError(`refusing to write ${lexical}: it is a symlink to ${real}, outside the repository ${root}`, 'Edit the real file there, or replace the link with a file.');
  }
  return real;
}

/** Writes `text` to `target` through a temp file in the same folder and a rename, keeping the file's mode. */
export function writeFileAtomic(target: string, text: string, repositoryDir: string): void {
  const real = realWriteTarget(target, repositoryDir);
  const temp = path.join(path.dirname(real), `.${path.basename(real)}.${process.pid}.tmp`);
  try {
    const mode = fs.existsSync(real) ? fs.statSync(real).mode & 0o777 : 0o666;
    fs.writeFileSync(temp, text, { mode, flag: 'w' });
    fs.renameSync(temp, real);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw new CliError(`cannot write ${target}: ${describeIoError(error)}`);
  }
}
