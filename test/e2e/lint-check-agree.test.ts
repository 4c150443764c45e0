/**
 * The lint and `mcp-meta check` never contradict each other about the same site. Over every fixture server
 * (fixtures/*, with its own eslint.config.* and manifest), the real ESLint 10 CLI and the built `mcp-meta check`:
 *
 * - `check` reports exactly the fixture's seeded manifest findings (by code and manifest line), and at key write
 *   sites exactly what the lint's key rules report (`no-unregistered-meta-key`, `no-foreign-meta-key`: the same site
 *   and key; a key not known statically is the lint's alone), so a team gating CI on `check` passes no typo the
 *   lint reports;
 * - site by site: no place `check` counts as a write of a registered key (`written` in `--format json`) is one the
 *   lint calls a foreign producer's write (`no-foreign-meta-key`) or a write on another plane (`wrongPlane` of
 *   `no-unregistered-meta-key`), and every such lint report names a key `check` does not count there;
 * - the other direction: every site where the lint sees a registered key written on its plane (the rules' own write
 *   model, read through the same `defineMetaRuleVisitor` by a probe rule in the fixture's ESLint config) and reports
 *   it neither foreign nor on another plane is one `check` counts as written, for that key;
 * - MCP Apps widgets: every `valid-app-linkage` report is a `check` finding of its code at the same site (`app-value`
 *   for the values hosts reject, `app-resource-missing`, `app-mime-type`, `app-content-empty` for the linkage), and
 *   `check` reports no other widget site but those it sees across files, listed below.
 *
 * Needs `npm run build` first (`npm test` does it).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ESLint, type Rule } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { APP_VALUE_MESSAGES } from '../../src/analysis/apps/app-value-reports';
import { registrationOf } from '../../src/analysis/keys/key-writes';
import { defineMetaRuleVisitor } from '../../src/analysis/meta-context';
import { getTypeServices } from '../../src/analysis/typed/type-services';
import { keyWritesWithTypes } from '../../src/analysis/typed/typed-keys';
import { writesValues } from '../../src/analysis/value/write-kinds';
import { runBin } from '../cli/run-bin';
import { assertBuilt, parseJsonOutput, repoRoot, runEslint, toPosix } from './helpers/e2e';

const FIXTURES = path.join(repoRoot, 'fixtures');

/** `check` findings seeded on purpose in a fixture (`code manifest-line`); a fixture not listed has none. */
const SEEDED_CHECK_FINDINGS: Readonly<Record<string, readonly string[]>> = {
  // The widget server still registers the flat ui/resourceUri it writes for older hosts: a deprecation warning
  // (docs/host-keys.md names its replacement). OpenAI's openai/widgetCSP and openai/widgetDomain are current keys.
  'apps-widget-server': ['registry-problem 32'],
  // Widgets linked to no registered resource, or to one whose MIME type their hosts do not render (the lines are the
  // source files'; each fixture's violations/README.md lists them). mcp-apps-server's seeded foreign `ui` write links a
  // widget nothing registers, which `check` now sees too.
  // The widget values hosts reject (`app-value`) are the lint's valid-app-linkage reports of them.
  'app-linkage-server': [
    'app-content-empty 22',
    'app-mime-type 7',
    'app-mime-type 8',
    'app-mime-type 13',
    'app-resource-missing 10',
    'app-resource-missing 11',
    'app-value 9',
    'app-value 12',
    'app-value 12',
    'app-value 15',
    'app-value 16',
    'app-value 22',
  ],
  'chatgpt-apps-server': [
    'app-mime-type 8',
    'app-resource-missing 8',
    'app-value 7',
    'app-value 10',
    'app-value 16',
    'app-value 17',
    'app-value 18',
  ],
  'mcp-apps-server': ['app-resource-missing 9'],
};

/** The `check` code of each of `valid-app-linkage`'s messages: `check` reports every site the rule reports, under it. */
const APP_CODE_OF_MESSAGE: Readonly<Record<string, string>> = {
  resourceMissing: 'app-resource-missing',
  wrongMimeType: 'app-mime-type',
  contentWithoutMimeType: 'app-mime-type',
  contentWithoutBody: 'app-content-empty',
  ...Object.fromEntries(Object.keys(APP_VALUE_MESSAGES).map((messageId) => [messageId, 'app-value'])),
};
const APP_CODES: ReadonlySet<string> = new Set(Object.values(APP_CODE_OF_MESSAGE));

/**
 * Widget sites only `check` reports (`code file:line:column`): it matches links and resources across files, the lint
 * one file at a time (each fixture's violations/README.md says why for each).
 */
const CHECK_ONLY_APP_SITES: Readonly<Record<string, readonly string[]>> = {
  'app-linkage-server': [
    // A typo of a URI another file registers; a skybridge resource an MCP Apps tool of another file links (twice).
    'app-resource-missing src/violations/link-typo.ts:10:78',
    'app-mime-type src/violations/legacy-resource.ts:7:61',
    'app-mime-type src/violations/legacy-resource.ts:8:45',
  ],
  'chatgpt-apps-server': ['app-resource-missing src/violations/template-typo.ts:8:71'],
  // A link to a URI nothing registers, from a file that registers no resource itself.
  'mcp-apps-server': ['app-resource-missing src/violations/widget-foreign-ui.ts:9:93'],
};

/** check's findings at a key write site, and the rules whose reports they mirror. */
const KEY_SITE_CODES: ReadonlySet<string> = new Set(['key-unregistered', 'key-wrong-plane', 'key-not-servers', 'key-foreign']);
const KEY_RULES: ReadonlySet<string> = new Set(['mcp-meta/no-unregistered-meta-key', 'mcp-meta/no-foreign-meta-key']);

interface CheckJson {
  ok: boolean;
  keys: number;
  findings: Array<{ code: string; message: string; file?: string; line?: number; column?: number }>;
  written: Array<{ key: string; file: string; line: number; column: number }>;
}

const servers = fs
  .readdirSync(FIXTURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(FIXTURES, entry.name, 'mcp-meta.registry.json')))
  .map((entry) => entry.name)
  .sort();

function eslintConfigOf(dir: string): string {
  const name = fs.readdirSync(dir).find((file) => /^eslint\.config\.(js|mjs|cjs|ts)$/.test(file));
  if (!name) throw new Error(`${dir} has no eslint.config.*`);
  return name;
}

/**
 * Reports every write of a registered key on its plane as the rules see it (`key site`), through the rules' own entry
 * (`defineMetaRuleVisitor`: the manifest that applies, `resultTypes` narrowing, typed key names): what the lint
 * treats as a write, before any rule decides whether it is allowed there.
 */
const writeProbe: Rule.RuleModule = {
  meta: { type: 'problem', schema: [] },
  create: (context) =>
    defineMetaRuleVisitor(context as never, 'manifest', ({ registry, writes }) => {
      for (const { write, key } of keyWritesWithTypes(writes, getTypeServices(context as never))) {
        if (!writesValues(write) || key.name === null || registrationOf(registry, key.name, write.plane).status !== 'registered') continue;
        context.report({ loc: key.node.loc, message: key.name });
      }
    }) as Rule.RuleListener,
};

/** The probe's `key file:line:column` sites, with the fixture's own ESLint config (types included, if it has them). */
async function lintWriteSites(dir: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: path.join(dir, eslintConfigOf(dir)),
    overrideConfig: { plugins: { probe: { rules: { writes: writeProbe } } }, rules: { 'probe/writes': 'error' } },
  });
  const results = await eslint.lintFiles(['src']);
  return results.flatMap((result) =>
    result.messages
      .filter((m) => m.ruleId === 'probe/writes')
      .map((m) => `${m.message} ${toPosix(path.relative(dir, result.filePath))}:${m.line}:${m.column}`),
  );
}

beforeAll(assertBuilt);

describe('lint and check agree over every fixture server', () => {
  it('finds the fixture servers', () => {
    expect(servers).toEqual(expect.arrayContaining(['apps-widget-server', 'example-server', 'js-server', 'sdk-server']));
  });

  it.each(servers)('%s', async (server) => {
    const dir = path.join(FIXTURES, server);
    const check = runBin(['check', '--format', 'json'], dir);
    expect(check.stderr).toBe('');
    const report = JSON.parse(check.stdout) as CheckJson;
    const seeded = SEEDED_CHECK_FINDINGS[server] ?? [];
    const manifestFindings = report.findings.filter((finding) => !KEY_SITE_CODES.has(finding.code));
    expect(manifestFindings.map((finding) => `${finding.code} ${finding.line ?? ''}`.trim()).sort()).toEqual([...seeded].sort());
    expect(check.status).toBe(report.findings.length === 0 ? 0 : 1);
    // A fixture whose manifest registers keys (a relay's registers none: it forwards others' keys) has writes of them.
    if (report.keys > 0) expect(report.written.length).toBeGreaterThan(0);

    const lint = await runEslint(dir, ['src', '--config', eslintConfigOf(dir), '-f', 'json']);
    const results = parseJsonOutput(lint);
    expect(results.flatMap((result) => result.messages.filter((m) => m.ruleId === null || m.fatal))).toEqual([]);

    // check as the CI gate: every key report of the lint (an unregistered key, a wrong plane, a key that is not the
    // server's, a foreign producer) is a check finding at the same site about the same key, and check reports no
    // other key site. Only a key not known statically is the lint's alone.
    const keyOf = (message: string): string => /'([^']+)'/.exec(message)?.[1] ?? '';
    const lintKeySites = results
      .flatMap((result) =>
        result.messages
          .filter((m) => KEY_RULES.has(m.ruleId ?? '') && !m.message.includes('not known statically'))
          .map((m) => `${toPosix(path.relative(dir, result.filePath))}:${m.line}:${m.column} ${keyOf(m.message)}`),
      )
      .sort();
    const checkKeySites = report.findings
      .filter((finding) => KEY_SITE_CODES.has(finding.code))
      .map((finding) => `${finding.file ?? ''}:${finding.line ?? ''}:${finding.column ?? ''} ${keyOf(finding.message)}`)
      .sort();
    expect(checkKeySites).toEqual(lintKeySites);

    // check as the CI gate for widgets: every valid-app-linkage report is a check finding of its code at its site, and
    // check's other widget findings are only those it sees across files.
    const lintAppSites = results.flatMap((result) =>
      result.messages
        .filter((m) => m.ruleId === 'mcp-meta/valid-app-linkage')
        .map((m) => `${APP_CODE_OF_MESSAGE[m.messageId ?? '']} ${toPosix(path.relative(dir, result.filePath))}:${m.line}:${m.column}`),
    );
    const checkOnly = new Set(CHECK_ONLY_APP_SITES[server] ?? []);
    const checkAppSites = report.findings
      .filter((finding) => APP_CODES.has(finding.code))
      .map((finding) => `${finding.code} ${finding.file ?? ''}:${finding.line ?? ''}:${finding.column ?? ''}`);
    expect(checkAppSites.filter((site) => !checkOnly.has(site)).sort()).toEqual([...lintAppSites].sort());
    expect(checkAppSites.filter((site) => checkOnly.has(site)).sort()).toEqual([...checkOnly].sort());
    // Lint reports that say "this site is not a write of the key where its consumers read it".
    const notAWrite = results.flatMap((result) =>
      result.messages
        .filter(
          (m) =>
            m.ruleId === 'mcp-meta/no-foreign-meta-key' ||
            (m.ruleId === 'mcp-meta/no-unregistered-meta-key' && m.message.includes('is registered in') && m.message.includes('plane')),
        )
        .map((m) => ({
          site: `${toPosix(path.relative(dir, result.filePath))}:${m.line}:${m.column}`,
          rule: m.ruleId,
          message: m.message,
        })),
    );
    const counted = new Map(report.written.map((write) => [`${write.file}:${write.line}:${write.column}`, write.key]));
    const contradictions = notAWrite.filter(({ site, message }) => {
      const key = counted.get(site);
      return key !== undefined && message.includes(`'${key}'`);
    });
    expect(contradictions).toEqual([]);

    // The other direction: a write the lint accepts (no report that it is not one) is a write `check` counts.
    const refused = new Set(notAWrite.map(({ site, message }) => `${/'([^']+)'/.exec(message)?.[1] ?? ''} ${site}`));
    const countedWrites = new Set(report.written.map((write) => `${write.key} ${write.file}:${write.line}:${write.column}`));
    const accepted = (await lintWriteSites(dir)).filter((write) => !refused.has(write));
    if (report.keys > 0) expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.filter((write) => !countedWrites.has(write))).toEqual([]);
  });
});
