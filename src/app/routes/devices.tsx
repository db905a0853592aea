import { DeviceListPage } from '../../features/devices/list/device-list-page'
import { readListParams, toApiFilter } from '../../features/devices/list/list-params'
import { deviceListQuery } from '../../lib/api/queries/devices'
import { queryClient } from '../query-client'
import type { ScreenAddress } from '../router'

/** The list the address asks for, and (for "N of total") all of the user's devices. */
export function preload({ search }: ScreenAddress) {
  const params = readListParams(new URLSearchParams(search))
  return Promise.all([
    queryClient.prefetchQuery(deviceListQuery(toApiFilter(params))),
    queryClient.prefetchQuery(deviceListQuery()),
  ])
}

export function Component() {
  return <DeviceListPage />
}
