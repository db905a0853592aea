/**
 * A list's order read from its address: the first of `sorts` (the default, left out of the
 * address) for none, and for an unknown one (an old or mistyped link), without an error.
 */
export function readSort<S extends string>(sorts: readonly [S, ...S[]], value: string | null): S {
  return sorts.find((sort) => sort === value) ?? sorts[0]
}
