// The producer of `warnings` in the typed fixture's manifest.
export {};
