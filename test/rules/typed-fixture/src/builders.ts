// Values built in another module, as a dispatcher's helper would (their literals are not visible where they are emitted).
export interface CacheInfo {
  hit: boolean;
  age_ms: number;
}
export interface RetrievalStats {
  returned_count: number;
  vector_enabled: boolean;
  cache: CacheInfo;
  hint?: string;
}
export function buildRetrieval(): RetrievalStats {
  return { returned_count: 1, vector_enabled: true, cache: { hit: true, age_ms: 3 } };
}
export interface ExtraStats extends RetrievalStats {
  rerank_ms: number;
}
export function buildExtra(): ExtraStats {
  return { ...buildRetrieval(), rerank_ms: 2 };
}
export interface RenamedCache {
  hit: boolean;
  ageMs: number;
}
export function buildRenamedCache(): Omit<RetrievalStats, 'cache'> & { cache: RenamedCache } {
  return { returned_count: 1, vector_enabled: true, cache: { hit: true, ageMs: 3 } };
}
export function buildWithoutVector(): Omit<RetrievalStats, 'vector_enabled'> {
  return { returned_count: 1, cache: { hit: true, age_ms: 3 } };
}
export function buildOptionalCount(): Partial<Pick<RetrievalStats, 'returned_count'>> & Omit<RetrievalStats, 'returned_count'> {
  return { vector_enabled: true, cache: { hit: false, age_ms: 0 } };
}
export function buildLoose(): Record<string, unknown> {
  return {};
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the case under test: `any` leaves fields unchecked
export function buildAny(): any {
  return {};
}
export interface Warning {
  code: string;
  param: string;
  severity: 'low' | 'high';
}
export function buildWarnings(): { items: Warning[] } {
  return { items: [] };
}
