import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router'
import { deviceListPageQuery } from '../../features/devices/api'
import { DeviceListPage } from '../../features/devices/list/device-list-page'
import { readListParams, sameApiFilter, toApiFilter } from '../../features/devices/list/list-params'
import { queryClient } from '../query-client'

/**
 * Starts reading the list without holding the page back: the skeleton shows at once, and a
 * filter change keeps the current list on screen until the new one is there.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const params = readListParams(new URL(request.url).searchParams)
  void queryClient.prefetchQuery(deviceListPageQuery(toApiFilter(params)))
  return null
}

/** Typing in the search box changes the address, but not what the service is asked for. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate
  return !sameApiFilter(currentUrl.searchParams, nextUrl.searchParams)
}

export function Component() {
  return <DeviceListPage />
}
