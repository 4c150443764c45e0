// Writes the `.oxlintrc.json` block of README.md and docs/oxlint.md from the built plugin (run `npm run build` first),
// so the documented oxlint config always lists the rules of the `recommended` config with its severities. A rule that
// needs type information is left out, and the block says why: oxlint gives JavaScript plugins no TypeScript program.
// `--check` exits 1 naming the files that differ (test/e2e/config-snippets.test.ts runs it).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireAs } from './require-as.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
/** @type {{ rules: Record<string, { meta: { docs?: { requiresTypeChecking?: boolean } } }>, configs: { recommended: { rules: Record<string, string> } } }} */
const plugin = requireAs(require, join(root, 'dist/src/index.js'));

const BEGIN = '<!-- begin generated oxlint config (npm run docs) -->';
const END = '<!-- end generated oxlint config -->';
const DOCS = ['README.md', 'docs/oxlint.md'];

/** The `.oxlintrc.json` code block: the recommended rules that run without types, in the config's order. */
export function oxlintConfigBlock() {
  const rules = Object.entries(plugin.configs.recommended.rules);
  const typed = rules.filter(([id]) => plugin.rules[id.replace(/^mcp-meta\//, '')]?.meta.docs?.requiresTypeChecking === true);
  const kept = rules.filter((rule) => !typed.includes(rule));
  const width = Math.max(...kept.map(([id]) => id.length));
  const lines = [
    '```jsonc',
    '// .oxlintrc.json',
    '{',
    '  "jsPlugins": ["eslint-plugin-mcp-meta"],',
    "  // The plugin's `recommended` rules and severities.",
    ...(typed.length > 0
      ? [
          `  // Left out: ${typed.map(([id]) => id).join(', ')}, which ${typed.length > 1 ? 'need' : 'needs'} type information; oxlint gives`,
          '  // JavaScript plugins no TypeScript program, so it would never report.',
        ]
      : []),
    '  "rules": {',
    ...kept.map(([id, severity], index) => `    ${`"${id}":`.padEnd(width + 3)} "${severity}"${index < kept.length - 1 ? ',' : ''}`),
    '  },',
    '  // Optional: without it, each file uses the nearest mcp-meta.registry.json above it.',
    '  "settings": { "mcp-meta": { "registry": "./mcp-meta.registry.json" } }',
    '}',
    '```',
  ];
  return lines.join('\n');
}

/**
 * The doc's text with its generated block replaced; the doc must hold the markers.
 * @param {string} text
 * @param {string} doc
 */
function render(text, doc) {
  const start = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${doc}: the markers ${BEGIN} ... ${END} are missing`);
  return `${text.slice(0, start + BEGIN.length)}\n\n${oxlintConfigBlock()}\n\n${text.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  const stale = [];
  for (const doc of DOCS) {
    const path = join(root, doc);
    const text = readFileSync(path, 'utf8');
    const next = render(text, doc);
    if (next === text) continue;
    if (check) stale.push(doc);
    else writeFileSync(path, next);
  }
  if (stale.length > 0) {
    console.error(`The .oxlintrc.json block is out of date in ${stale.join(', ')}: run \`npm run docs\`.`);
    process.exit(1);
  }
}
