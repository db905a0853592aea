import type { EnsureQueryDataOptions, QueryKey } from '@tanstack/react-query'
import { queryClient } from './query-client'

/**
 * Starts one of a screen's first requests from its route loader (`ensureQueryData`: what the
 * cache holds is not asked again) and lets the route render at once: the screen reads the same
 * query and shows its placeholders until it answers, and a failure shows there, with its retry.
 */
export function startQuery<Data, Key extends QueryKey>(
  query: EnsureQueryDataOptions<Data, Error, Data, Key>,
): void {
  void queryClient.ensureQueryData(query).catch(() => undefined)
}
