import type { BreakingChangeKind } from './diff/diff-manifests';
import { shippedDocUrl } from '../util/create-rule';

/**
 * Every finding code the command reports, with a one-line description and the docs/cli.md section that explains it.
 * SARIF lists them as the run's rules (`helpUri` points at the section), so a code scanning alert links to its fix.
 * `FindingCode` is the type of `Finding.code`: a verb cannot emit a code this table lacks (the table is a
 * `Record<FindingCode, …>`, so a code added to the union and not here fails the type check), and
 * test/cli/finding-codes.test.ts checks that docs/cli.md lists every one in its verb's section.
 */
export type FindingCode =
  // check
  | 'registry-problem'
  | 'key-not-written'
  | 'field-not-written'
  | 'source-unreadable'
  | 'app-resource-missing'
  | 'app-mime-type'
  | 'app-content-empty'
  | 'app-value'
  | 'key-unregistered'
  | 'key-wrong-plane'
  | 'key-not-servers'
  | 'key-foreign'
  | 'host-value'
  | 'host-field-plane'
  // diff: its breaking changes, and acceptedBreaks entries that accept nothing
  | BreakingChangeKind
  | 'accepted-break-stale'
  // doc, types, schema --check
  | 'doc-stale'
  | 'types-stale'
  | 'schema-stale'
  // init
  | 'key-held-back'
  // add-key
  | 'key-exists';

export interface FindingCodeInfo {
  readonly summary: string;
  /** Anchor of the docs/cli.md heading that explains the code. */
  readonly anchor: 'init' | 'check' | 'diff' | 'doc' | 'types' | 'schema' | 'add-key';
}

/** docs/cli.md as the installed version shipped it (a repository branch moves on; the published file does not). */
export const CLI_DOCS_URL = shippedDocUrl('docs/cli.md');

export const FINDING_CODES: Readonly<Record<FindingCode, FindingCodeInfo>> = {
  'registry-problem': { summary: 'The manifest is invalid, or one of its globs matches no file.', anchor: 'check' },
  'key-not-written': { summary: 'A registered key has no write site in its producers.', anchor: 'check' },
  'field-not-written': {
    summary: 'A registered field is no longer written by any producer of its key (a removal: additive-forever).',
    anchor: 'check',
  },
  'source-unreadable': { summary: 'A producer file cannot be parsed, so its keys count as not written.', anchor: 'check' },
  'app-resource-missing': {
    summary:
      'A tool links an MCP Apps / ChatGPT widget (ui.resourceUri, openai/outputTemplate) that no file of its server registers as a resource.',
    anchor: 'check',
  },
  'app-mime-type': {
    summary: 'A linked widget resource declares a MIME type its hosts do not render (or none on its contents).',
    anchor: 'check',
  },
  'app-content-empty': {
    summary: 'A content item of a ui:// widget resource has neither text nor blob: there is no HTML to render.',
    anchor: 'check',
  },
  'app-value': {
    summary:
      'A widget value hosts cannot use (valid-app-linkage): a link that is no ui:// URI, flat and nested links that differ, a CSP entry that is no origin, a ui.domain, ui.visibility or ui.permissions value hosts reject, a field of ui written at the top of _meta.',
    anchor: 'check',
  },
  'key-unregistered': {
    summary: 'A key written in the code is not registered (no-unregistered-meta-key reports it too), with did-you-mean.',
    anchor: 'check',
  },
  'key-wrong-plane': {
    summary: 'A key is written on another plane than it is registered for, or than its host defines it on.',
    anchor: 'check',
  },
  'key-not-servers': {
    summary: "A key the SDK stamps, the other side writes, or MCP reserves is written as the server's own.",
    anchor: 'check',
  },
  'key-foreign': {
    summary: 'A registered key is written by a file that is not one of its producers (no-foreign-meta-key).',
    anchor: 'check',
  },
  'host-value': {
    summary:
      "A host key's value is of another type or range than its host documents (no-unregistered-meta-field: anthropic/maxResultSizeChars above 500,000).",
    anchor: 'check',
  },
  'host-field-plane': {
    summary:
      "A host key's field is written on a plane where its host does not read it (no-unregistered-meta-field: MCP Apps' ui.csp on a tool descriptor).",
    anchor: 'check',
  },
  'key-removed': { summary: 'A key present at the base revision is gone (breaking).', anchor: 'diff' },
  'field-removed': { summary: 'A field present at the base revision is gone (breaking).', anchor: 'diff' },
  'field-renamed': { summary: 'A field was renamed (breaking).', anchor: 'diff' },
  'producers-moved': { summary: 'A key has another owner than at the base revision (breaking).', anchor: 'diff' },
  'field-added-required': {
    summary: 'A required typed field was added beside fields already listed: values written before lack it (breaking).',
    anchor: 'diff',
  },
  'key-type-changed': { summary: "A key's declared type changed between object and array (breaking).", anchor: 'diff' },
  'plane-changed': { summary: 'A key left a plane it was on at the base revision (breaking).', anchor: 'diff' },
  'field-type-changed': { summary: "A field's type no longer accepts a value the old type allowed (breaking).", anchor: 'diff' },
  'field-required': { summary: 'A typed field that was optional is now required (breaking).', anchor: 'diff' },
  'accepted-break-stale': { summary: 'An acceptedBreaks entry accepts a break that does not occur.', anchor: 'diff' },
  'doc-stale': { summary: 'The keys table in the protocol doc is out of date with the manifest.', anchor: 'doc' },
  'types-stale': { summary: 'The generated TypeScript types of _meta are missing or out of date with the manifest.', anchor: 'types' },
  'schema-stale': { summary: 'The generated JSON Schema of _meta is missing or out of date with the manifest.', anchor: 'schema' },
  'key-held-back': {
    summary:
      'init left a written key or field out for you to decide: a near miss or unknown key of a host, a likely typo of another key, a deprecated, reserved or inbound key.',
    anchor: 'init',
  },
  'key-exists': { summary: 'add-key was asked to register a key the manifest already has.', anchor: 'add-key' },
};

/** Description and help link of a code. */
export function findingCodeInfo(code: FindingCode): FindingCodeInfo & { helpUri: string } {
  const info = FINDING_CODES[code];
  return { ...info, helpUri: `${CLI_DOCS_URL}#${info.anchor}` };
}
