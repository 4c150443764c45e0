// Key names held in another module: a const, a union, an enum.
export const RETRIEVAL_KEY = 'retrieval';
export const TYPO_KEY = 'retreival';
export type OwnedKey = 'retrieval' | 'warnings';
export enum MetaKey {
  Retrieval = 'retrieval',
  Stray = 'stray_key',
}
export function anyKeyName(): string {
  return 'retrieval';
}
