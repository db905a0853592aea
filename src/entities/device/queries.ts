import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query'
import { streamedList } from '@/lib/api/all-pages'
import { apiRequest } from '@/lib/api/client'
import type { RequestBody } from '@contract/requests'
import { deviceInfoResultSchema, deviceListResultSchema, type Device } from '@contract/schemas'
import { isAwaitingAppList } from '@/entities/app/app-list-requests'
import { oncePerAnswer, pollWhilePending } from './poll-while-pending'
import { hasPendingAction } from './status'

export type DeviceListFilter = NonNullable<RequestBody<'device/list'>['filter']>

/** Query keys and options for devices; shared because apps and enrollment list devices too. */
export const deviceKeys = {
  all: ['devices'] as const,
  lists: () => [...deviceKeys.all, 'list'] as const,
  list: (filter: DeviceListFilter = {}) => [...deviceKeys.lists(), filter] as const,
  details: () => [...deviceKeys.all, 'detail'] as const,
  detail: (clientId: string) => [...deviceKeys.details(), clientId] as const,
}

/**
 * A list of devices, shown as its pages arrive: a large tenant's first screen does not wait for
 * the rest (`streamedList`, with the service's count beside it).
 */
export function deviceListQuery(filter: DeviceListFilter = {}) {
  const hasFilter = Object.keys(filter).length > 0
  return queryOptions({
    queryKey: deviceKeys.list(filter),
    queryFn: streamedList('device/list', hasFilter ? { filter } : {}, deviceListResultSchema),
  })
}

export function deviceQuery(clientId: string) {
  return queryOptions({
    queryKey: deviceKeys.detail(clientId),
    queryFn: async ({ signal }) => {
      const result = await apiRequest(
        'device/info',
        { clientid: clientId },
        deviceInfoResultSchema,
        { signal },
      )
      return result.deviceinfo
    },
  })
}

/** Made once, so each answer is looked through once, however often the page renders. */
const listInterval = pollWhilePending(
  oncePerAnswer((devices: Device[]) => devices.some(hasPendingAction)),
)

/** The list as the list page reads it: kept on screen while a new filter loads, re-read while pending. */
export function deviceListScreenQuery(filter: DeviceListFilter) {
  return queryOptions({
    ...deviceListQuery(filter),
    placeholderData: keepPreviousData,
    refetchInterval: listInterval,
    refetchIntervalInBackground: false,
  })
}

function fromLists(queryClient: QueryClient, clientId: string): Device | undefined {
  for (const [, devices] of queryClient.getQueriesData<Device[]>({
    queryKey: deviceKeys.lists(),
  })) {
    const device = devices?.find((candidate) => candidate.clientid === clientId)
    if (device) return device
  }
  return undefined
}

/**
 * One device as its page reads it: shown at once from a list already loaded, then re-read,
 * and re-read with backoff while a command is open (not while the page is hidden).
 */
export function deviceDetailQuery(clientId: string, queryClient: QueryClient) {
  const waiting = (device: Device) => hasPendingAction(device) || isAwaitingAppList(device.clientid)
  const fresh = queryClient.getDefaultOptions().queries?.staleTime
  return queryOptions({
    ...deviceQuery(clientId),
    placeholderData: () => fromLists(queryClient, clientId),
    // A read that showed a command under way is not kept as fresh: the page opened again reads
    // at once, rather than showing the command waiting (which the list may know has ended)
    // until the next step of the backoff.
    staleTime: (query) =>
      query.state.data && waiting(query.state.data) ? 0 : typeof fresh === 'number' ? fresh : 0,
    refetchInterval: pollWhilePending(waiting),
    refetchIntervalInBackground: false,
  })
}
