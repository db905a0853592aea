import { useDeferredValue, useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { readListParams, writeListParams, type ListParams } from './list-params'

/**
 * Filters and search from the address. The search box keeps its own text so typing is never
 * slowed by navigation: a keystroke renders the box and the list and paints; the address follows
 * after the paint, in a deferred render (replacing, so Back skips keystrokes). Written in the
 * keystroke itself, the navigation (the route's matching, `history.replaceState`, the whole page
 * rendered anew) came before the paint. A change of the address from elsewhere (Back, a shared
 * link) refills the box.
 */
export function useListParams() {
  const [searchParams, setSearchParams] = useSearchParams()
  const params = readListParams(searchParams)
  const [search, setSearch] = useState(params.q)
  const [seenQ, setSeenQ] = useState(params.q)
  if (params.q !== seenQ) {
    setSeenQ(params.q)
    setSearch(params.q)
  }
  const deferredSearch = useDeferredValue(search)
  // Only a settled search is written: while the deferred text lags behind a box refilled from
  // the address, writing it would put the old text back.
  const settled = deferredSearch === search && search !== params.q ? search : null

  const navigate = (next: ListParams, replace = false) =>
    setSearchParams(writeListParams(next), { replace, preventScrollReset: true })

  useEffect(() => {
    if (settled === null) return
    setSearchParams((current) => writeListParams({ ...readListParams(current), q: settled }), {
      replace: true,
      preventScrollReset: true,
    })
  }, [settled, setSearchParams])

  return {
    params,
    search,
    setSearch,
    changeFilters: (changes: Partial<ListParams>) => navigate({ ...params, q: search, ...changes }),
    clearAll: () => {
      setSearch('')
      navigate(readListParams(new URLSearchParams()))
    },
  }
}
