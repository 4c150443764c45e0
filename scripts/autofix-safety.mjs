// @ts-check
// Autofix safety on a real code base: does `eslint --fix` with this plugin add a `tsc` error?
//
//   npm run build && node scripts/autofix-safety.mjs DIR [--typed] [--include GLOB,GLOB] [--list] [--keep]
//
// DIR is copied to a temp folder (DIR itself is never touched). The copy gets a `node_modules` link to this
// repository's (the SDKs and zod resolve; other dependencies may not, which only adds the same TS2307 before and
// after), a manifest with no keys when it has none (`no-wholesale-meta-assign` and `require-producer-isolation` need
// no keys), and its own tsconfig (strict, NodeNext, skipLibCheck) over the TypeScript sources, so both compiles are
// the same program but for the fixed text. Then: `tsc` before, ESLint with the plugin's `strict` config and `fix: true`
// (with `--typed`, parserOptions.projectService), `tsc` after. Errors are compared by file, code and message (not
// line, which fixes move). Exit 1 when the fix added an error, or a fixed file does not parse.
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireAs } from './require-as.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(repoRoot, 'package.json'));
/** @type {typeof import('typescript')} */
const ts = requireAs(require, 'typescript');
/** @type {typeof import('eslint')} */
const { ESLint } = requireAs(require, 'eslint');
/** @type {typeof import('@typescript-eslint/parser')} */
const tsParser = requireAs(require, '@typescript-eslint/parser');
/** @type {import('../rules/index.js').McpMetaPlugin} */
const plugin = requireAs(require, path.join(repoRoot, 'dist/src/index.js'));

const args = process.argv.slice(2);
const source = args.find((arg) => !arg.startsWith('--'));
if (!source) {
  console.error('usage: node scripts/autofix-safety.mjs DIR [--typed] [--include GLOB,GLOB] [--list] [--keep]');
  process.exit(2);
}
const typed = args.includes('--typed');
const includeAt = args.indexOf('--include');
const include = includeAt >= 0 ? args[includeAt + 1].split(',') : ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'];
const IGNORES = ['**/node_modules/**', '**/dist/**', '**/build/**', '**/*.d.ts', '**/coverage/**'];

const work = mkdtempSync(path.join(os.tmpdir(), 'mcp-meta-autofix-'));
const copy = path.join(work, path.basename(path.resolve(source)));
cpSync(path.resolve(source), copy, { recursive: true, filter: (file) => !file.split(path.sep).includes('node_modules') });
symlinkSync(path.join(repoRoot, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
if (!existsSync(path.join(copy, 'mcp-meta.registry.json')))
  writeFileSync(path.join(copy, 'mcp-meta.registry.json'), `${JSON.stringify({ version: 1, keys: {} }, null, 2)}\n`);
const tsconfig = path.join(copy, 'tsconfig.mcp-meta-safety.json');
writeFileSync(
  tsconfig,
  JSON.stringify({
    compilerOptions: {
      strict: true,
      noEmit: true,
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      skipLibCheck: true,
      jsx: 'react-jsx',
      types: [],
    },
    include,
    exclude: IGNORES,
  }),
);

/** @returns {{ files: string[], errors: Map<string, number> }} errors keyed `file TScode message`, with counts */
function compile() {
  const parsed = ts.getParsedCommandLineOfConfigFile(tsconfig, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!parsed) throw new Error(`cannot read ${tsconfig}`);
  const program = ts.createProgram(parsed.fileNames, parsed.options);
  /** @type {Map<string, number>} */
  const errors = new Map();
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    if (diagnostic.category !== ts.DiagnosticCategory.Error) continue;
    const file = diagnostic.file ? path.relative(copy, diagnostic.file.fileName) : '(global)';
    const key = `${file} TS${diagnostic.code} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
    errors.set(key, (errors.get(key) ?? 0) + 1);
  }
  return { files: parsed.fileNames, errors };
}

const before = compile();
const eslint = new ESLint({
  cwd: copy,
  fix: true,
  overrideConfigFile: true,
  overrideConfig: [
    { ignores: IGNORES },
    // Only this plugin's fixes: ESLint would otherwise also delete the code base's now-unused disable comments.
    { linterOptions: { reportUnusedDisableDirectives: 'off', reportUnusedInlineConfigs: 'off' } },
    {
      files: include,
      languageOptions: {
        parser: tsParser,
        parserOptions: typed ? { projectService: { defaultProject: tsconfig }, tsconfigRootDir: copy } : {},
      },
    },
    { ...plugin.configs.strict, files: include },
  ],
});
const results = await eslint.lintFiles(include);
await ESLint.outputFixes(results);
const fixedFiles = results.filter((result) => result.output !== undefined);
const unparsable = results.filter((result) => result.messages.some((message) => message.fatal));
const findings = results.reduce((sum, result) => sum + result.messages.filter((m) => m.ruleId?.startsWith('mcp-meta/')).length, 0);
const after = compile();

const added = [...after.errors].filter(([key, count]) => count > (before.errors.get(key) ?? 0));
console.log(
  `${path.basename(copy)}${typed ? ' (typed)' : ''}: ${before.files.length} files type-checked, ${fixedFiles.length} fixed by eslint --fix, ` +
    `${findings} findings left; tsc errors before ${[...before.errors.values()].reduce((a, b) => a + b, 0)}, ` +
    `after ${[...after.errors.values()].reduce((a, b) => a + b, 0)}, added by the fixes ${added.length}`,
);
for (const result of fixedFiles) console.log(`  fixed: ${path.relative(copy, result.filePath)}`);
if (args.includes('--list'))
  for (const result of results)
    for (const message of result.messages.filter((m) => m.ruleId?.startsWith('mcp-meta/')))
      console.log(
        `  left: ${path.relative(copy, result.filePath)}:${message.line}:${message.column} ${message.ruleId}` +
          `${message.suggestions?.length ? ` (${message.suggestions.length} suggestion)` : ''}: ${message.message.slice(0, 100)}`,
      );
for (const [key] of added) console.log(`  ADDED: ${key}`);
for (const result of unparsable) console.log(`  DOES NOT PARSE: ${path.relative(copy, result.filePath)}`);
if (args.includes('--keep')) console.log(`kept: ${copy}`);
else rmSync(work, { recursive: true, force: true });
process.exit(added.length > 0 || unparsable.length > 0 ? 1 : 0);
