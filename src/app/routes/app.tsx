import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useParams, useSearchParams } from 'react-router'
import { appQuery } from '../../features/apps/api/queries'
import { AppDetailsScreen } from '../../features/apps/components/app-details-screen'
import { PARAM } from '../../features/apps/model/search-params'
import { deviceListQuery } from '../../lib/api/queries/devices'

/** The app, the devices and, when one is named, the app on that device: all asked for at once. */
export function Component() {
  const queryClient = useQueryClient()
  const { appId = '' } = useParams()
  const clientId = useSearchParams()[0].get(PARAM.device)
  useEffect(() => {
    void queryClient.prefetchQuery(appQuery(appId, null))
    void queryClient.prefetchQuery(deviceListQuery())
    if (clientId) void queryClient.prefetchQuery(appQuery(appId, clientId))
  }, [queryClient, appId, clientId])
  // A new app is a new page: nothing (a dialog, an error) carries over from the previous one.
  return <AppDetailsScreen key={appId} appId={appId} />
}
