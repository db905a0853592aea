import { useParams, type LoaderFunctionArgs } from 'react-router'
import { appQuery } from '@/entities/app/queries'
import { AppDetailsScreen } from '@/features/apps/details/app-details-screen'
import { APPS_PARAMS } from '@contract/screens'
import { deviceListQuery } from '@/entities/device/queries'
import { startQuery } from '@/app/start-queries'

/** The app, the devices, and the app on the device the address names, side by side. */
export function loader({ request, params }: LoaderFunctionArgs) {
  const clientId = new URL(request.url).searchParams.get(APPS_PARAMS.device)
  startQuery(deviceListQuery())
  if (!params.appId) return null
  startQuery(appQuery(params.appId, null))
  if (clientId) startQuery(appQuery(params.appId, clientId))
  return null
}

export function Component() {
  const { appId = '' } = useParams()
  // A new app is a new page: nothing (a dialog, an error) carries over from the previous one.
  return <AppDetailsScreen key={appId} appId={appId} />
}
