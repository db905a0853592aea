import type { LoaderFunctionArgs } from 'react-router'
import { DeviceListScreen } from '@/features/devices/list/device-list-screen'
import { readListParams, toApiFilter } from '@/features/devices/list/list-params'
import { deviceListQuery } from '@/entities/device/queries'
import { startQuery } from '@/app/start-queries'
import { hiddenDevicesQuery, hiddenWithAccount, mayHide } from '@/features/devices/hidden-devices'
import { revalidateOnChangeOf } from '@/app/revalidate'
import { useScreenAhead } from '@/app/screen-ahead'

/** The loader reads the service's filters, not the search: a keystroke does not run it again. */
export const shouldRevalidate = revalidateOnChangeOf((address) =>
  toApiFilter(readListParams(address)),
)

/**
 * The list the address asks for, and (for "N of total") all of the user's devices; beside them
 * the devices the account hid, which the list leaves out.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const params = readListParams(new URL(request.url).searchParams)
  startQuery(deviceListQuery(toApiFilter(params)))
  startQuery(deviceListQuery())
  if (hiddenWithAccount() && mayHide()) startQuery(hiddenDevicesQuery())
  return null
}

export function Component() {
  useScreenAhead('device')
  return <DeviceListScreen />
}
