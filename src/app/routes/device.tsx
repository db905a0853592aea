import { useParams, type LoaderFunctionArgs } from 'react-router'
import { DeviceDetailsScreen } from '@/features/devices/details/device-details-screen'
import { DeviceHistorySection, prepareDeviceHistory } from '@/features/records/history-section'
import { deviceHistoryQuery } from '@/entities/device/history'
import { deviceQuery } from '@/entities/device/queries'
import { getConfig } from '@/lib/config'
import { startQuery } from '@/app/start-queries'

/**
 * The page shows its frame at once and the device as it arrives; its history, where the portal
 * keeps records, is asked for beside it rather than after it, and its code comes meanwhile.
 */
export function loader({ params }: LoaderFunctionArgs) {
  if (!params.clientId) return null
  startQuery(deviceQuery(params.clientId))
  if (getConfig().records) {
    startQuery(deviceHistoryQuery(params.clientId))
    prepareDeviceHistory()
  }
  return null
}

export function Component() {
  const { clientId = '' } = useParams()
  // A new device is a new page: its notices and dialogs start fresh.
  return (
    <DeviceDetailsScreen
      key={clientId}
      clientId={clientId}
      sections={(device) => <DeviceHistorySection device={device} />}
    />
  )
}
