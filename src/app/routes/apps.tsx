import { useSearchParams } from 'react-router'
import { appListQuery } from '../../features/apps/api/queries'
import { AppsScreen } from '../../features/apps/components/apps-screen'
import { readParams } from '../../features/apps/model/search-params'
import { usePrefetch } from '../../lib/api/queries/prefetch'

/**
 * The screen waits for the devices to know which one it is about; when the address names the
 * device (or all apps) already, its apps are asked for at the same time instead of after.
 */
export function Component() {
  const { device } = readParams(useSearchParams()[0])
  usePrefetch(device !== null && appListQuery(device || null))
  return <AppsScreen />
}
