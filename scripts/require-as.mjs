// `require` for a CommonJS module whose type the caller names: the built plugin in dist/ (typed from its source in
// src/) and ESLint's internals. What `createRequire` returns gives `any`, and a JSDoc cast is invisible to the
// type-checked lint rules (ESTree drops the parentheses that carry it), so the one untyped step is here.

/**
 * @template T
 * @param {NodeJS.Require} require
 * @param {string} id
 * @returns {T}
 */
export function requireAs(require, id) {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-return -- the caller names the module's type (T)
  return require(id);
}
