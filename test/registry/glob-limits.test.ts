/**
 * No glob can make matching take unbounded time: extended globs (the syntax that compiles to nested quantifiers) are
 * refused with a clear problem and are inert in the matcher, and a glob longer than MAX_GLOB_LENGTH is refused before
 * it is compiled.
 */
import { describe, expect, it } from 'vitest';
import { compileGlobs, parseRegistry } from '../../src/registry';
import { MAX_GLOB_LENGTH } from '../../src/registry/semantic-checks';

const FILE = '/project/mcp-meta.registry.json';

function problemsFor(glob: string): Array<{ message: string; fix: string; pointer?: string }> {
  const text = JSON.stringify({ version: 1, keys: { retrieval: { producers: [glob] } } }, null, 2);
  const result = parseRegistry(text, FILE);
  return result.ok ? [] : result.problems.map(({ message, fix, pointer }) => ({ message, fix, pointer }));
}

describe('glob limits', () => {
  it.each(['src/+(a|aa)+(a|aa)+(a|aa).ts', 'src/@(tools|ops)/*.ts', 'src/!(test).ts', 'src/*(x).ts', 'src/?(y).ts'])(
    'an extended glob is a problem with its place and fix: %s',
    (glob) => {
      expect(problemsFor(glob)).toEqual([
        {
          message: expect.stringContaining('uses extended-glob syntax') as unknown as string,
          fix: 'Use braces for alternatives (src/{a,b}.ts) or list the globs separately.',
          pointer: '/keys/retrieval/producers/0',
        },
      ]);
    },
  );

  it('a glob longer than the limit is a problem; one at the limit is not', () => {
    const atLimit = 'src/' + 'a'.repeat(MAX_GLOB_LENGTH - 7) + '.ts';
    expect(atLimit).toHaveLength(MAX_GLOB_LENGTH);
    expect(problemsFor(atLimit)).toEqual([]);
    const [problem] = problemsFor(atLimit + 'x');
    expect(problem.message).toContain(`is ${MAX_GLOB_LENGTH + 1} characters long; globs are at most ${MAX_GLOB_LENGTH}`);
  });

  it('the matcher treats extended-glob syntax as literal text (nothing nested to backtrack on)', () => {
    const matches = compileGlobs(['src/@(x|y).ts']);
    expect(matches('src/x.ts')).toBe(false);
    expect(matches('src/@(x|y).ts')).toBe(true);
    expect(compileGlobs(['src/+(a|aa)+(a|aa).ts'])('src/' + 'a'.repeat(5000) + '!.ts')).toBe(false);
    expect(compileGlobs(['src/{a,b}.ts'])('src/b.ts')).toBe(true);
  });
});
