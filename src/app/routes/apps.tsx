import { useSearchParams } from 'react-router'
import { appListQuery } from '../../features/apps/api/queries'
import { AppsScreen } from '../../features/apps/components/apps-screen'
import { readParams } from '../../features/apps/model/search-params'
import { deviceListQuery } from '../../lib/api/queries/devices'
import { usePrefetch } from '../../lib/api/queries/prefetch'
import { queryClient } from '../query-client'
import type { ScreenAddress } from '../router'

/**
 * The devices and the catalog are asked for side by side while the portal starts: the catalog of
 * the device the address names, or else of all devices, which is what the screen shows unless
 * the user has a single device (then its own catalog follows once the devices are known).
 */
export function preload({ search }: ScreenAddress) {
  const { device } = readParams(new URLSearchParams(search))
  return Promise.all([
    queryClient.prefetchQuery(deviceListQuery()),
    queryClient.prefetchQuery(appListQuery(device || null)),
  ])
}

/**
 * The screen waits for the devices to know which one it is about; when the address names the
 * device (or all apps) already, its apps are asked for at the same time instead of after.
 */
export function Component() {
  const { device } = readParams(useSearchParams()[0])
  usePrefetch(device !== null && appListQuery(device || null))
  return <AppsScreen />
}
