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
