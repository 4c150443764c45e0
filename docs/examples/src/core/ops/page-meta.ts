// A helper module that produces no key: the key it builds (`warnings`) belongs to the merge layer. The docs examples
// of docs/rules/no-foreign-meta-key.md import it.
export function warningsMeta(param: string) {
  return { warnings: [{ code: 'unknown_param', param }] };
}
