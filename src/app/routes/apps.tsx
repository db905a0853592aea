import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router'
import { appListQuery } from '../../features/apps/api/queries'
import { AppsScreen } from '../../features/apps/components/apps-screen'
import { canReceiveApps } from '../../features/apps/model/catalog'
import {
  chosenClientId,
  PARAM,
  readParams,
  resolveDevice,
} from '../../features/apps/model/search-params'
import { deviceListQuery } from '../../lib/api/queries/devices'
import { queryClient } from '../query-client'

/**
 * Starts reading without holding the page back. The apps are asked for at once when the device
 * is known: named in the address, or the only one among devices already loaded.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const { device } = readParams(new URL(request.url).searchParams)
  void queryClient.prefetchQuery(deviceListQuery())
  const devices = queryClient.getQueryData(deviceListQuery().queryKey)
  if (device !== null) {
    void queryClient.prefetchQuery(appListQuery(device || null))
  } else if (devices) {
    const choice = resolveDevice(null, devices.filter(canReceiveApps))
    void queryClient.prefetchQuery(appListQuery(chosenClientId(choice)))
  }
  return null
}

/** Typing a search or picking a platform filters what is loaded already: no loader run. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const onlyFilters =
    currentUrl.href !== nextUrl.href &&
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.searchParams.get(PARAM.device) === nextUrl.searchParams.get(PARAM.device)
  return onlyFilters ? false : defaultShouldRevalidate
}

export function Component() {
  return <AppsScreen />
}
