import { useCallback } from 'react'
import { useAddressState } from '@/lib/use-address-state'
import { readListParams, writeListParams, type DeviceSort, type ListParams } from './list-params'

/**
 * Filters and search, kept in the screen's state and mirrored in the address
 * (`useAddressState`): a keystroke renders the box and the list and paints, and the address
 * follows after the paint; a filter changed adds an entry, so Back undoes it. A change of the
 * address from elsewhere (Back, a shared link) refills the box and the filters. The callbacks
 * change only with the state, so the box and the filters are not drawn again when the address
 * follows a keystroke.
 */
export function useListParams() {
  const [params, set] = useAddressState(readListParams, writeListParams)
  const setSearch = useCallback((q: string) => set({ ...params, q }), [params, set])
  const changeFilters = useCallback(
    (changes: Partial<ListParams>, push = true) => set({ ...params, ...changes }, { push }),
    [params, set],
  )
  // A new order is an entry of its own: Back brings the one before. The orders the arrow keys
  // pass through on the way to it replace that entry (`push` false).
  const setSort = useCallback(
    (sort: DeviceSort, push = true) => set({ ...params, sort }, { push }),
    [params, set],
  )
  // Clearing the search and filters keeps the order: it hides no device, so nothing to clear.
  const clearAll = useCallback(
    () => set({ ...readListParams(new URLSearchParams()), sort: params.sort }, { push: true }),
    [params.sort, set],
  )
  // The filters' own "Clear filters": the search stays, as typed, and the order.
  const clearFilters = useCallback(
    () =>
      set(
        { ...readListParams(new URLSearchParams()), q: params.q, sort: params.sort },
        { push: true },
      ),
    [params.q, params.sort, set],
  )
  return { params, search: params.q, setSearch, setSort, changeFilters, clearFilters, clearAll }
}
