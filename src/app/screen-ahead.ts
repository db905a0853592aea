import { useIsFetching } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { ScreenName } from '@contract/screens'
import { whenIdle } from '@/lib/when-idle'
import { loadScreen } from './router'

/**
 * Fetches the code and texts of the screen a list's entries open (a failure waits for its route),
 * once the list's own answers have come and the browser is idle: opening an entry then waits for
 * no code, and the list's answers never share the network with it. On the bench's mobile profile
 * that code was a round trip of slow 4G and its bytes (README, "Benchmark").
 */
export function useScreenAhead(name: ScreenName) {
  const fetching = useIsFetching() > 0
  useEffect(
    () => (fetching ? undefined : whenIdle(() => void loadScreen(name).catch(() => {}))),
    [fetching, name],
  )
}
