import type { EnsureQueryDataOptions, QueryKey } from '@tanstack/react-query'
import { queryClient } from './query-client'

/**
 * Starts one of a screen's first requests from its route loader without waiting for it (what the
 * cache holds is not asked again): the screen shows its placeholders, or its failure and retry.
 */
export function startQuery<Data, Key extends QueryKey>(
  query: EnsureQueryDataOptions<Data, Error, Data, Key>,
): void {
  void queryClient.ensureQueryData(query).catch(() => undefined)
}
