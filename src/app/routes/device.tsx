import { useParams, type LoaderFunctionArgs } from 'react-router'
import { DeviceDetailsScreen } from '../../features/devices/details/device-details-screen'
import { DeviceHistory } from '../../features/records/device-history'
import { deviceQuery } from '../../entities/device/queries'
import { startQuery } from '../start-queries'

/** The page needs the device alone; it shows its frame at once and the device as it arrives. */
export function loader({ params }: LoaderFunctionArgs) {
  if (params.clientId) startQuery(deviceQuery(params.clientId))
  return null
}

export function Component() {
  const { clientId = '' } = useParams()
  // A new device is a new page: its notices and dialogs start fresh.
  return (
    <DeviceDetailsScreen
      key={clientId}
      clientId={clientId}
      sections={(device) => <DeviceHistory device={device} />}
    />
  )
}
