import { queryOptions } from '@tanstack/react-query'
import { apiRequestAll, keepShortfall } from '../all-pages'
import { apiRequest } from '../client'
import type { RequestBody } from '../../../../contract/requests'
import { deviceInfoResultSchema, deviceListResultSchema } from '../../../../contract/schemas'

export type DeviceListFilter = NonNullable<RequestBody<'device/list'>['filter']>

/** Query keys and options for devices; shared because apps and enrollment list devices too. */
export const deviceKeys = {
  all: ['devices'] as const,
  lists: () => [...deviceKeys.all, 'list'] as const,
  list: (filter: DeviceListFilter = {}) => [...deviceKeys.lists(), filter] as const,
  details: () => [...deviceKeys.all, 'detail'] as const,
  detail: (clientId: string) => [...deviceKeys.details(), clientId] as const,
}

export function deviceListQuery(filter: DeviceListFilter = {}) {
  return queryOptions({
    queryKey: deviceKeys.list(filter),
    queryFn: async ({ signal, client, queryKey }) => {
      const hasFilter = Object.keys(filter).length > 0
      const result = await apiRequestAll(
        'device/list',
        hasFilter ? { filter } : {},
        deviceListResultSchema,
        { signal },
      )
      keepShortfall(client, queryKey, result)
      return result.data
    },
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
