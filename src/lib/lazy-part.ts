/**
 * A part of a page fetched on first use, once: `current` has it once it is there, so a page that
 * renders after it arrived shows it at once, with no placeholder in between. A failed fetch is
 * tried again next time instead of being remembered.
 */
export interface LazyPart<T> {
  load(): Promise<T>
  current(): T | null
}

export function lazyPart<T>(fetch: () => Promise<T>): LazyPart<T> {
  let loading: Promise<T> | null = null
  let loaded: { value: T } | null = null
  return {
    load: () =>
      (loading ??= fetch().then(
        (value) => {
          loaded = { value }
          return value
        },
        (error: unknown) => {
          loading = null
          throw error
        },
      )),
    current: () => (loaded ? loaded.value : null),
  }
}
