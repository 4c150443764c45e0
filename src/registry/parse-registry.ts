import { createHash } from 'node:crypto';
import * as path from 'node:path';
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { buildRegistry } from './build-registry';
import { globProblems } from './glob-checks';
import { MAX_MANIFEST_DEPTH, offsetBeyondDepth } from './json-depth';
import { JsonLocator } from './json-locate';
import { schemaProblems } from './schema-validate';
import { semanticProblems } from './semantic-checks';
import type { RegistryLoadResult, RegistryManifest, RegistryProblem } from './types';

export interface ParseRegistryOptions {
  /**
   * Also warn about producer / mergeLayer / ignore globs that match no file on disk (walks the manifest's folder,
   * skipping node_modules and dot-folders). Off in the lint path, on for `createConfig` and `mcp-meta check`.
   */
  checkGlobs?: boolean;
}

/** Parses and validates manifest text. Never throws: every problem comes back with a place and a fix. */
export function parseRegistry(text: string, absolutePath: string, options: ParseRegistryOptions = {}): RegistryLoadResult {
  const parsed = parseManifestText(text, absolutePath);
  return options.checkGlobs ? withGlobChecks(parsed) : parsed.result;
}

/** A parse without the (disk-walking) glob checks, with what `withGlobChecks` needs to add them later. */
export interface ParsedManifest {
  result: RegistryLoadResult;
  manifest?: RegistryManifest;
  locator?: JsonLocator;
  file: string;
}

/** Syntax, schema and semantic checks; pure (no disk access). `hash` defaults to sha256 of the text's UTF-8 bytes. */
export function parseManifestText(text: string, absolutePath: string, hash?: string): ParsedManifest {
  const file = absolutePath;
  // A BOM is not JSON; editors on Windows add one. A space keeps every offset (and so every column) unchanged.
  const source = text.charCodeAt(0) === 0xfeff ? ' ' + text.slice(1) : text;

  const tooDeep = offsetBeyondDepth(source);
  if (tooDeep !== -1) {
    const problem: RegistryProblem = {
      severity: 'error',
      file,
      ...new JsonLocator(source, undefined).position(tooDeep),
      message: `The manifest is nested more than ${MAX_MANIFEST_DEPTH} levels deep here; it is not read.`,
      fix: 'Flatten the nesting: keys, fields and nested fields need a dozen levels at most.',
    };
    return { file, result: { ok: false, problems: [problem] } };
  }

  const syntaxErrors: ParseError[] = [];
  const tree: Node | undefined = parseTree(source, syntaxErrors, {
    disallowComments: true,
    allowTrailingComma: false,
    allowEmptyContent: false,
  });
  const locator = new JsonLocator(source, tree);
  if (syntaxErrors.length > 0) {
    // After one error the parser often reports a second at the same place (a trailing comma: "name expected" and
    // "value expected"); one problem per place is enough.
    const firstPerOffset = syntaxErrors.filter((error, i) => syntaxErrors.findIndex((e) => e.offset === error.offset) === i);
    return { file, result: { ok: false, problems: firstPerOffset.map((error) => syntaxProblem(error, file, locator)) } };
  }
  const strict = strictJson(source, file, locator);
  if ('problem' in strict) return { file, result: { ok: false, problems: [strict.problem] } };
  // JSON.parse, not jsonc-parser's object builder: that one assigns `obj["__proto__"] = …`, which sets the prototype
  // and loses the entry; JSON.parse defines it as an ordinary property, so a key named `__proto__` is validated.
  const data = strict.value;

  const schemaErrors = schemaProblems(data, file, locator);
  if (schemaErrors.length > 0) return { file, result: { ok: false, problems: byPosition(schemaErrors) } };

  // Schema-valid from here on, so the data has the manifest's shape.
  const manifest = data as RegistryManifest;
  const semantic = semanticProblems(manifest, tree, file, locator);
  if (semantic.some((problem) => problem.severity === 'error'))
    return { file, manifest, locator, result: { ok: false, problems: byPosition(semantic) } };

  const registry = buildRegistry(manifest, file, hash ?? sha256(text));
  return { file, manifest, locator, result: { ok: true, registry, warnings: byPosition(semantic), locator } };
}

/** Adds the glob checks (they walk the manifest's folder once) to a successful parse. */
export function withGlobChecks(parsed: ParsedManifest): RegistryLoadResult {
  const { result, manifest, locator, file } = parsed;
  if (!result.ok || !manifest || !locator) return result;
  const found = globProblems(manifest, path.dirname(file), file, locator);
  const warnings = [...result.warnings, ...found.filter((p) => p.severity === 'warning')];
  const errors = found.filter((p) => p.severity === 'error');
  if (errors.length > 0) return { ok: false, problems: [...errors, ...warnings] };
  return { ok: true, registry: result.registry, warnings, locator };
}

/** In reading order, so the first problem a lint message shows is the first one in the file. */
function byPosition(problems: RegistryProblem[]): RegistryProblem[] {
  return [...problems].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}

export function sha256(content: string | Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

const SYNTAX_MESSAGES: Record<string, string> = {
  InvalidSymbol: 'Invalid symbol',
  InvalidNumberFormat: 'Invalid number',
  PropertyNameExpected: 'Property name expected',
  ValueExpected: 'Value expected',
  ColonExpected: "':' expected",
  CommaExpected: "',' expected",
  CloseBraceExpected: "'}' expected",
  CloseBracketExpected: "']' expected",
  EndOfFileExpected: 'End of file expected',
  InvalidCommentToken: 'Comments are not allowed in JSON',
  UnexpectedEndOfComment: 'Unterminated comment',
  UnexpectedEndOfString: 'Unterminated string',
  UnexpectedEndOfNumber: 'Unterminated number',
  InvalidUnicode: 'Invalid unicode escape',
  InvalidEscapeCharacter: 'Invalid escape character',
  InvalidCharacter: 'Invalid character',
};

function syntaxProblem(error: ParseError, file: string, locator: JsonLocator): RegistryProblem {
  const code = printParseErrorCode(error.error);
  const message = SYNTAX_MESSAGES[code] ?? code;
  return {
    severity: 'error',
    file,
    ...locator.position(error.offset),
    message: `JSON syntax error: ${message}.`,
    fix: syntaxFix(code),
  };
}

function syntaxFix(code: string): string {
  switch (code) {
    case 'InvalidCommentToken':
      return 'Remove the comment: the manifest is strict JSON (put notes in a "description").';
    case 'PropertyNameExpected':
    case 'ValueExpected':
      return 'Remove a trailing comma or add the missing value; the manifest is strict JSON (double-quoted names, no trailing commas).';
    case 'CommaExpected':
      return "Add the missing ',' between the two entries.";
    default:
      return 'Correct the JSON at this place; the manifest is strict JSON (double-quoted strings, no comments, no trailing commas).';
  }
}

/** jsonc-parser is lenient in places (e.g. raw control characters in strings); JSON.parse is the judge of strict JSON. */
function strictJson(source: string, file: string, locator: JsonLocator): { value: unknown } | { problem: RegistryProblem } {
  try {
    return { value: JSON.parse(source) as unknown };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const offset = /position (\d+)/.exec(message);
    const problem: RegistryProblem = {
      severity: 'error',
      file,
      ...(offset ? locator.position(Number(offset[1])) : {}),
      message: `JSON syntax error: ${message}.`,
      fix: 'Correct the JSON at this place; the manifest is strict JSON.',
    };
    return { problem };
  }
}
