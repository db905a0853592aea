import { useCallback, useRef } from 'react'

/**
 * The one double-submit guard: lets one request start and ignores further starts until it
 * settled. A button's pending state only arrives with the next render; a double click, or Enter
 * and a click, can come before it. `start` receives `settled`, to call once the request is done.
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
