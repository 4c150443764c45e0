// Functions that build the value of the `timing` key (not a whole `_meta`): src/handler.ts writes the key, these
// build what it holds (`emit('timing', timingValue(ms))`).
export function timingValue(ms: number) {
  return { ms };
}

export const timingWithSeconds = (ms: number) => ({ ms, seconds: ms / 1000 });

export function timingOrNothing(ms: number | undefined) {
  return ms === undefined ? { ms: 0, skipped: true } : { ms };
}
