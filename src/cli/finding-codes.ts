/**
 * Every finding code the command reports, with a one-line description and the docs/cli.md section that explains it.
 * SARIF lists them as the run's rules (`helpUri` points at the section), so a code scanning alert links to its fix.
 */
export interface FindingCodeInfo {
  readonly summary: string;
  /** Anchor of the docs/cli.md heading that explains the code. */
  readonly anchor: string;
}

export const CLI_DOCS_URL = 'https://github.com/mcp-meta/eslint-plugin-mcp-meta/blob/main/docs/cli.md';

const DIFF = 'diff';

export const FINDING_CODES: Readonly<Record<string, FindingCodeInfo>> = {
  'registry-problem': { summary: 'The manifest is invalid, or one of its globs matches no file.', anchor: 'check' },
  'key-not-written': { summary: 'A registered key has no write site in its producers.', anchor: 'check' },
  'field-not-written': {
    summary: 'A registered field is no longer written by any producer of its key (a removal: additive-forever).',
    anchor: 'check',
  },
  'source-unreadable': { summary: 'A producer file cannot be parsed, so its keys count as not written.', anchor: 'check' },
  'key-removed': { summary: 'A key present at the base revision is gone (breaking).', anchor: DIFF },
  'field-removed': { summary: 'A field present at the base revision is gone (breaking).', anchor: DIFF },
  'field-renamed': { summary: 'A field was renamed (breaking).', anchor: DIFF },
  'producers-moved': { summary: 'A key has another owner than at the base revision (breaking).', anchor: DIFF },
  'accepted-break-stale': { summary: 'An acceptedBreaks entry accepts a break that does not occur.', anchor: DIFF },
  'doc-stale': { summary: 'The keys table in the protocol doc is out of date with the manifest.', anchor: 'doc' },
  'key-exists': { summary: 'add-key was asked to register a key the manifest already has.', anchor: 'add-key' },
};

/** Description and help link of a code; an unknown code still gets a valid rule entry pointing at the page. */
export function findingCodeInfo(code: string): FindingCodeInfo & { helpUri: string } {
  const info = FINDING_CODES[code] ?? { summary: `mcp-meta finding '${code}'.`, anchor: '' };
  return { ...info, helpUri: info.anchor === '' ? CLI_DOCS_URL : `${CLI_DOCS_URL}#${info.anchor}` };
}
