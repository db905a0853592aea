import { useAddressState } from '@/lib/use-address-state'
import { readListParams, writeListParams, type ListParams } from './list-params'

/**
 * Filters and search, kept in the screen's state and mirrored in the address
 * (`useAddressState`): a keystroke renders the box and the list and paints, and the address
 * follows after the paint; a filter changed adds an entry, so Back undoes it. A change of the
 * address from elsewhere (Back, a shared link) refills the box and the filters.
 */
export function useListParams() {
  const [params, set] = useAddressState(readListParams, writeListParams)
  return {
    params,
    search: params.q,
    setSearch: (q: string) => set({ ...params, q }),
    changeFilters: (changes: Partial<ListParams>) => set({ ...params, ...changes }, { push: true }),
    clearAll: () => set(readListParams(new URLSearchParams()), { push: true }),
  }
}
