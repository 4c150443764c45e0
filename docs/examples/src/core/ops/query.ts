// The query op's module (one of `retrieval`'s producers), with the helper that builds that key. The docs examples of
// docs/rules/no-foreign-meta-key.md import it.
export function retrievalMeta(returned: number) {
  return { retrieval: { returned_count: returned, retrieved_count: returned } };
}
