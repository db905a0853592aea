import { useIsFetching } from '@tanstack/react-query'
import { useEffect } from 'react'
import { SCREENS, type ScreenName } from '@contract/screens'
import { loadNamespaces } from '@/lib/i18n'
import { whenIdle } from '@/lib/when-idle'
import { moduleOf } from './router'

/** A screen's code and texts, fetched ahead of its route; a failure waits for the route itself. */
function loadScreenAhead(name: ScreenName) {
  void moduleOf(name)
    .load()
    .catch(() => {})
  void loadNamespaces(SCREENS[name].namespaces).catch(() => {})
}

/**
 * Fetches the code and texts of the screen a list's entries open, once the list's own answers
 * have come and the browser is idle: opening an entry then waits for no code, and the list's
 * answers never share the network with it. On the bench's mobile profile that code was a round
 * trip of slow 4G and its bytes (README, "Benchmark").
 */
export function useScreenAhead(name: ScreenName) {
  const fetching = useIsFetching() > 0
  useEffect(() => (fetching ? undefined : whenIdle(() => loadScreenAhead(name))), [fetching, name])
}
