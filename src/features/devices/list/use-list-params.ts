import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { readListParams, writeListParams, type ListParams } from './list-params'

/**
 * Filters and search from the address. The search box keeps its own text so typing is never
 * slowed by navigation; the address follows it (replacing, so Back skips keystrokes), and a
 * change of the address from elsewhere (Back, a shared link) refills the box.
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

  const navigate = (next: ListParams, replace = false) =>
    setSearchParams(writeListParams(next), { replace, preventScrollReset: true })

  return {
    params,
    search,
    setSearch: (q: string) => {
      setSearch(q)
      navigate({ ...params, q }, true)
    },
    changeFilters: (changes: Partial<ListParams>) => navigate({ ...params, ...changes }),
    clearAll: () => {
      setSearch('')
      navigate(readListParams(new URLSearchParams()))
    },
  }
}
