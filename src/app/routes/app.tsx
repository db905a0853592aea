import type { LoaderFunctionArgs } from 'react-router'
import { useParams } from 'react-router'
import { appQuery } from '../../features/apps/api/queries'
import { AppDetailsScreen } from '../../features/apps/components/app-details-screen'
import { PARAM } from '../../features/apps/model/search-params'
import { deviceListQuery } from '../../lib/api/queries/devices'
import { queryClient } from '../query-client'

/** Starts loading the app, the devices and, when one is named, the app on that device. */
export function loader({ params, request }: LoaderFunctionArgs) {
  const appId = params.appId ?? ''
  const clientId = new URL(request.url).searchParams.get(PARAM.device)
  void queryClient.prefetchQuery(appQuery(appId, null))
  void queryClient.prefetchQuery(deviceListQuery())
  if (clientId) void queryClient.prefetchQuery(appQuery(appId, clientId))
  return null
}

export function Component() {
  const { appId = '' } = useParams()
  // A new app is a new page: nothing (a dialog, an error) carries over from the previous one.
  return <AppDetailsScreen key={appId} appId={appId} />
}
