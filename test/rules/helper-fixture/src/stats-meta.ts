// Result helpers whose returned literal is a tool result's `_meta` (this module produces `retrieval`).
export interface Stats {
  returned_count: number;
}

export const statsMeta = (returned: number) => ({ retrieval: { returned_count: returned } });

export function statsFrom(stats: Stats) {
  return { retrieval: stats };
}

export function typoMeta() {
  return { retreival: { returned_count: 1 } };
}

export function extraFieldMeta(returned: number) {
  return { retrieval: { returned_count: returned, rerank_ms: 2 } };
}

export function wrongTypeMeta() {
  return { retrieval: { returned_count: 'many' } };
}

// Builds its `_meta` in a local and sets one more key on it before returning it: a typo there.
export function typoAddedMeta(returned: number, explain: boolean) {
  const meta: Record<string, unknown> = { retrieval: { returned_count: returned } };
  if (explain) meta['retreival'] = { returned_count: 0 };
  return meta;
}

// Merges its key into the `_meta` it is given and returns the whole (agentic's gateway: `r._meta =
// createAgenticMcpMetadata(m, r._meta)`): a call given the result's own `_meta`, whose key is still written there.
export function withStatsMeta(returned: number, existing?: Record<string, unknown>) {
  return { ...existing, retrieval: { returned_count: returned } };
}
