import { matchPath, useParams } from 'react-router'
import { DeviceDetailsPage } from '../../features/devices/details/device-details-page'
import { DeviceHistory } from '../../features/records/device-history'
import { deviceQuery } from '../../lib/api/queries/devices'
import { routes } from '../../lib/paths'
import { queryClient } from '../query-client'
import type { ScreenAddress } from '../router'

/** The page needs the device alone: asked for while the portal starts, not once it has drawn. */
export function preload({ pathname }: ScreenAddress) {
  const clientId = matchPath(routes.device, pathname)?.params.clientId
  return clientId ? queryClient.prefetchQuery(deviceQuery(clientId)) : undefined
}

export function Component() {
  const { clientId = '' } = useParams()
  // A new device is a new page: its notices and dialogs start fresh.
  return (
    <DeviceDetailsPage
      key={clientId}
      clientId={clientId}
      sections={(device) => <DeviceHistory device={device} />}
    />
  )
}
