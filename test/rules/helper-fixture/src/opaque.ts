// Not helpers the analysis follows: a function returning a call, and a class.
declare function build(value: number): Record<string, unknown>;

export function opaqueMeta(value: number) {
  return build(value);
}

export class MetaBuilder {
  build() {
    return { stray: 1 };
  }
}
