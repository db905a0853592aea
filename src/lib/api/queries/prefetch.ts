import { useQueryClient, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query'

/**
 * The portal's one way for a screen to ask ahead for what it will need but does not start at
 * once itself (what it starts, it starts): during render, so also while a part of the screen
 * suspends, and only what is not in the cache yet (as TanStack's `usePrefetchQuery`). `null`
 * (or `false`) asks for nothing, so what to ask for may depend on the address.
 */
export function usePrefetch<Data, Key extends QueryKey>(
  query: FetchQueryOptions<Data, Error, Data, Key> | null | false,
): void {
  const queryClient = useQueryClient()
  if (query && !queryClient.getQueryState(query.queryKey)) void queryClient.prefetchQuery(query)
}
