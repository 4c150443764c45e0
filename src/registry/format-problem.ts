import type { RegistryProblem } from './types';

/**
 * The one-line text a lint problem shows for a manifest problem: where (absolute path, `:line:column`, JSON
 * pointer), what is wrong, and `Fix: ...`. One line, because ESLint formatters and editors show messages inline.
 */
export function formatRegistryProblem(problem: RegistryProblem): string {
  const position = problem.line !== undefined ? `:${problem.line}:${problem.column ?? 1}` : '';
  const pointer = problem.pointer !== undefined ? ` (${problem.pointer === '' ? '/' : problem.pointer})` : '';
  const where =
    problem.origin === 'settings' ? `ESLint settings['mcp-meta']${pointer}` : `registry manifest ${problem.file}${position}${pointer}`;
  const kind = problem.severity === 'warning' ? 'warning: ' : '';
  return `${where}: ${kind}${oneLine(problem.message)} Fix: ${oneLine(problem.fix)}`;
}

function oneLine(text: string): string {
  return text.replace(/\s*\r?\n\s*/g, ' ').trim();
}
