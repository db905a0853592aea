import type {
  EnsureInfiniteQueryDataOptions,
  EnsureQueryDataOptions,
  QueryKey,
} from '@tanstack/react-query'
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

/** The same for a list read page by page: its first page. */
export function startPages<Data, Key extends QueryKey, Param>(
  query: EnsureInfiniteQueryDataOptions<Data, Error, Data, Key, Param>,
): void {
  void queryClient.ensureInfiniteQueryData(query).catch(() => undefined)
}
