import type { ShouldRevalidateFunction } from 'react-router'

/**
 * For a screen whose loader only starts its queries from what `reads` takes of the address (by
 * default nothing): a navigation on the same page that changes none of that does not run it
 * again. A screen's own fields (a search, a filter) write the address on every keystroke
 * (`useAddressState`), and the screen's queries follow its state themselves. Anything else
 * (another page, `router.revalidate()` when the session changes) goes as React Router decides.
 */
export function revalidateOnChangeOf(
  reads: (address: URLSearchParams) => unknown = () => null,
): ShouldRevalidateFunction {
  return ({ currentUrl, nextUrl, defaultShouldRevalidate }) => {
    if (currentUrl.pathname !== nextUrl.pathname || currentUrl.search === nextUrl.search) {
      return defaultShouldRevalidate
    }
    const read = (url: URL) => JSON.stringify(reads(url.searchParams) ?? null)
    return read(currentUrl) !== read(nextUrl) && defaultShouldRevalidate
  }
}
