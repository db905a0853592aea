import { useParams, useSearchParams } from 'react-router'
import { appQuery } from '../../features/apps/api/queries'
import { AppDetailsScreen } from '../../features/apps/components/app-details-screen'
import { APPS_PARAMS } from '../../../contract/screens'
import { usePrefetch } from '../../lib/api/queries/prefetch'

/**
 * The screen asks for the app and the devices itself; the app on the device the address names is
 * asked for at the same time instead of once the devices are known.
 */
export function Component() {
  const { appId = '' } = useParams()
  const clientId = useSearchParams()[0].get(APPS_PARAMS.device)
  usePrefetch(!!clientId && appQuery(appId, clientId))
  // A new app is a new page: nothing (a dialog, an error) carries over from the previous one.
  return <AppDetailsScreen key={appId} appId={appId} />
}
