// Builds `timing`, which src/handler.ts produces: a call from a file that does not own it writes a foreign key.
export function timingMeta(ms: number) {
  return { timing: { ms } };
}
