/** Types for `seeded-random.mjs`, so TypeScript tests can use the scripts' one seeded random source. */
export declare function seededRandom(seed: number): () => number;
