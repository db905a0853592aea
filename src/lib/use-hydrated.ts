import { useSyncExternalStore } from 'react'

const nothingToWatch = () => () => undefined

/**
 * False while React takes over the page the server drew, which knows nothing of the browser (the
 * address's query, the tab's storage), and in that drawing; true from then on, and from the start
 * when the portal draws the page itself. React renders with the server's value first, then again.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  )
}
