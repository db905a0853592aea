import { appListQuery } from '../../features/apps/api/queries'
import { AppsScreen } from '../../features/apps/components/apps-screen'
import { readOnlyDevice } from '../../features/apps/model/only-device'
import { expectedDevice, readParams } from '../../features/apps/model/search-params'
import { deviceListQuery } from '../../lib/api/queries/devices'
import { queryClient } from '../query-client'
import type { ScreenAddress } from '../router'

/**
 * The devices and the catalog are asked for side by side while the portal starts: the catalog of
 * the device the address names, or of the user's only device as this tab remembers it, or else
 * of all devices.
 */
export function preload({ search }: ScreenAddress) {
  const { device } = readParams(new URLSearchParams(search))
  void queryClient.prefetchQuery(deviceListQuery())
  // The first render waits for the catalog alone: it shows before the devices are known, and a
  // long device list would hold it up.
  return queryClient.prefetchQuery(appListQuery(expectedDevice(device, readOnlyDevice())))
}

/** Coming from another screen, the screen itself asks for both side by side as it mounts. */
export function Component() {
  return <AppsScreen />
}
