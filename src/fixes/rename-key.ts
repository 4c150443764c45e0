/**
 * A fix that renames a key where it is written (property key, member property, emitter argument), producing
 * valid code whatever the new name is: identifiers stay identifiers when they can, otherwise the name is quoted.
 */
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { isFrameworkWritten } from '../analysis/value/framework-convention';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Returns null when the key is not written at `node` itself (e.g. it comes from a `const` elsewhere). */
export function renameKeyFix(node: TSESTree.Node, newName: string): TSESLint.ReportFixFunction | null {
  // A name a framework writes from its config (`ui`, `csp` around mcp-use's `view.csp`) is not in the code to rename.
  if (isFrameworkWritten(node)) return null;
  // Single quotes when nothing needs escaping (the common style), JSON's double-quoted form otherwise.
  const quoted = /^[^'\\\n\r]*$/.test(newName) ? `'${newName}'` : JSON.stringify(newName);
  const parent = node.parent;
  if (node.type === 'Literal' && typeof node.value === 'string') {
    return (fixer) => fixer.replaceText(node, node.raw.startsWith('"') ? JSON.stringify(newName) : quoted);
  }
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) {
    return (fixer) => fixer.replaceText(node, `\`${newName.replace(/[`\\$]/g, '\\$&')}\``);
  }
  if (node.type !== 'Identifier' || !parent) return null;
  if (parent.type === 'Property' && parent.key === node && !parent.computed) {
    const key = IDENTIFIER.test(newName) ? newName : quoted;
    // `{ hint }` -> `{ newName: hint }`: the value keeps its variable.
    if (parent.shorthand) return (fixer) => fixer.insertTextBefore(node, `${key}: `);
    return (fixer) => fixer.replaceText(node, key);
  }
  if (parent.type === 'MemberExpression' && parent.property === node && !parent.computed) {
    if (IDENTIFIER.test(newName)) return (fixer) => fixer.replaceText(node, newName);
    // `x._meta.foo` -> `x._meta['a/b']`: replace from the dot (or `?.`) to the end of the name.
    const objectEnd = parent.object.range[1];
    return (fixer) => fixer.replaceTextRange([objectEnd, node.range[1]], `${parent.optional ? '?.' : ''}[${quoted}]`);
  }
  return null;
}
