import type { LoaderFunctionArgs } from 'react-router'
import { appListQuery } from '@/entities/app/queries'
import { AppsScreen } from '@/features/apps/catalog/apps-screen'
import { readOnlyDevice } from '@/features/apps/only-device'
import { expectedDevice, readParams } from '@/features/apps/catalog/search-params'
import { deviceListQuery } from '@/entities/device/queries'
import { startQuery } from '@/app/start-queries'
import { revalidateOnChangeOf } from '@/app/revalidate'
import { useScreenAhead } from '@/app/screen-ahead'

/** The loader reads the device the address names: the search and the platform do not run it again. */
export const shouldRevalidate = revalidateOnChangeOf((address) => readParams(address).device)

/**
 * The devices and the catalog side by side: the catalog of the device the address names, or of
 * the user's only device as this tab remembers it, or else of all devices.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const { device } = readParams(new URL(request.url).searchParams)
  startQuery(deviceListQuery())
  startQuery(appListQuery(expectedDevice(device, readOnlyDevice())))
  return null
}

export function Component() {
  useScreenAhead('app')
  return <AppsScreen />
}
