import { useCallback, useRef } from 'react'

/**
 * Lets one request start and ignores further starts until it settled. A button's `pending`
 * state only arrives with the next render; a fast double click can come before it.
 */
export function useSingleFlight(): (start: (settled: () => void) => void) => void {
  const busy = useRef(false)
  return useCallback((start) => {
    if (busy.current) return
    busy.current = true
    start(() => {
      busy.current = false
    })
  }, [])
}
