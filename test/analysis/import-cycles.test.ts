/**
 * No import cycle under src/ or rules/: each module loads after everything it imports, so a phase of the pipeline
 * never sees a half-initialised module, and the layers ARCHITECTURE.md draws are the order modules load in. The
 * same-file look-ups (`syntax/bindings.ts`) and the value phase take the cross-module resolver (`modules/`) as a
 * parameter instead of importing it, which is what keeps `bindings -> imported-consts -> module-summary -> meta-value
 * -> bindings` from closing. Type-only imports are erased from the JavaScript and load nothing: they do not count.
 * The graph is dpdm's (TypeScript's own parser, the project's tsconfig).
 */
import * as path from 'node:path';
import { parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');

describe('import cycles', () => {
  it('no module under src/ or rules/ reaches itself through its runtime imports', async () => {
    const tree = await parseDependencyTree(['src/**/*.ts', 'rules/**/*.ts'], {
      context: root,
      cwd: root,
      tsconfig: path.join(root, 'tsconfig.json'),
      // Type-only imports (`import type`, `import { type X }` alone) are dropped: they load nothing.
      transform: true,
      skipDynamicImports: true,
    });
    // The graph holds the files it should: a wrong root would find no file and no cycle.
    expect(Object.keys(tree)).toContain('src/analysis/syntax/bindings.ts');
    expect(Object.keys(tree).length).toBeGreaterThan(100);
    expect(parseCircular(tree, true)).toEqual([]);
  });
});
