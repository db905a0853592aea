import { useParams } from 'react-router'
import { DeviceDetailsPage } from '../../features/devices/details/device-details-page'

export function Component() {
  const { clientId = '' } = useParams()
  // A new device is a new page: its notices and dialogs start fresh.
  return <DeviceDetailsPage key={clientId} clientId={clientId} />
}
