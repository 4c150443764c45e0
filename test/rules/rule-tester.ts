/**
 * The RuleTester every rule test uses: @typescript-eslint/parser, and the docs example manifest
 * (docs/examples/mcp-meta.registry.json) given through settings, as users do. `file()` names a linted file relative to
 * that manifest's folder, which decides the file's role (producer of which key, merge layer, ignored).
 */
import path from 'node:path';
import { RuleTester } from '@typescript-eslint/rule-tester';

export const EXAMPLES_DIR = path.resolve(__dirname, '../../docs/examples');
export const EXAMPLES_REGISTRY = path.join(EXAMPLES_DIR, 'mcp-meta.registry.json');

/** Absolute path of a file in the examples project: `file('src/core/ops/search.ts')`. */
export function file(relative: string): string {
  return path.join(EXAMPLES_DIR, relative);
}

export const SEARCH_OP = file('src/core/ops/search.ts');
export const DISPATCH = file('src/mcp/dispatch.ts');
export const HOT_MEMORY_HOOK = file('src/hooks/brain-hot-memory.ts');
export const EVAL_COMMAND = file('src/commands/eval-report.ts');
export const OTHER_FILE = file('src/core/ops/list-pages.ts');

export function createRuleTester(): RuleTester {
  return new RuleTester({
    settings: { 'mcp-meta': { registry: EXAMPLES_REGISTRY } },
  });
}
