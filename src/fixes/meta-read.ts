/**
 * How a fix or suggestion reads an object's `_meta` so that it type-checks where the input did: `x._meta` where the
 * type has one, `x?._meta` where `x` may be missing, and through `META_READ_TYPE` where the type is known (or may be)
 * without one (`x._meta` is TS2339 there; a cast to a type of optional members compiles from any object type).
 */
import type { MetaRead } from '../analysis/relay/pass-through';

/** The type a `_meta` read goes through when the object's own type may not declare `_meta`. */
export const META_READ_TYPE = '{ _meta?: Record<string, unknown> }';

/** `holder._meta` as `read` says: `r?._meta`, `(r as { _meta?: Record<string, unknown> })._meta`, … */
export function metaReadText(holder: string, read: MetaRead): string {
  if (!read.cast) return `${holder}${read.optional ? '?.' : '.'}_meta`;
  return read.optional ? `(${holder} as ${META_READ_TYPE} | undefined)?._meta` : `(${holder} as ${META_READ_TYPE})._meta`;
}
