import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { SenderFilter } from '@contract/commands'
import { useSingleFlightMutation } from '@/lib/single-flight-mutation'
import { ACTIVITY_KEY, recordsFile, recordsRequest } from '@/entities/records/records-request'
import {
  accountRecordsSchema,
  activityListSchema,
  endedSchema,
  type RecordedAction,
} from './schemas'

/** A search of the help desk: every member is sent as it is, and is in the query key. */
export interface ActivityFilter {
  sid?: string
  clientid?: string
  from?: string
  to?: string
  actions?: RecordedAction[]
  actor?: SenderFilter
}

export const recordKeys = {
  all: ['records'] as const,
  account: () => [...recordKeys.all, 'account'] as const,
  activity: (filter: ActivityFilter) => [...ACTIVITY_KEY, filter] as const,
  activityPages: (filter: ActivityFilter) => [...ACTIVITY_KEY, 'pages', filter] as const,
}

export function accountRecordsQuery() {
  return queryOptions({
    queryKey: recordKeys.account(),
    queryFn: async ({ signal }) =>
      (await recordsRequest('account', {}, accountRecordsSchema, { signal })).data,
  })
}

export function activityQuery(filter: ActivityFilter) {
  return queryOptions({
    queryKey: recordKeys.activity(filter),
    queryFn: async ({ signal }) => {
      const answer = await recordsRequest('activity', filter, activityListSchema, { signal })
      return { activity: answer.data, more: answer.more ?? false }
    },
  })
}

/**
 * The help desk's search, 500 records at a time: the newest, then each next page of older ones
 * after where the one before ended (the server's `next`), with the same filter.
 */
export function activityPagesQuery(filter: ActivityFilter) {
  return infiniteQueryOptions({
    queryKey: recordKeys.activityPages(filter),
    queryFn: async ({ signal, pageParam }) => {
      const body = pageParam === undefined ? filter : { ...filter, after: pageParam }
      const answer = await recordsRequest('activity', body, activityListSchema, { signal })
      return { activity: answer.data, more: answer.more ?? false, next: answer.next }
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.more ? page.next : undefined),
  })
}

/** Ends one other session of the account, or all others. */
export function useEndSession() {
  return useSingleFlightMutation({
    mutationFn: (which: { session: string } | { others: true }) =>
      recordsRequest('end-session', which, endedSchema),
    meta: { invalidates: [recordKeys.account()] },
  })
}

export function useActivityCsv() {
  // One file for a double click, not two.
  return useSingleFlightMutation({
    mutationFn: (filter: ActivityFilter) => recordsFile('activity.csv', filter),
  })
}
