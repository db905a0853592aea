import type { LoaderFunctionArgs } from 'react-router'
import { useParams } from 'react-router'
import { deviceQuery } from '../../lib/api/queries/devices'
import { DeviceDetailsPage } from '../../features/devices/details/device-details-page'
import { queryClient } from '../query-client'

/**
 * Starts reading the device without holding the page back; a device already in a loaded list
 * shows at once, and a device that is gone gets its own page instead of the error boundary.
 */
export function loader({ params }: LoaderFunctionArgs) {
  if (params.clientId) void queryClient.prefetchQuery(deviceQuery(params.clientId))
  return null
}

export function Component() {
  const { clientId = '' } = useParams()
  // A new device is a new page: its notices and dialogs start fresh.
  return <DeviceDetailsPage key={clientId} clientId={clientId} />
}
