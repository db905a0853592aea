import { queryOptions } from '@tanstack/react-query'
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
