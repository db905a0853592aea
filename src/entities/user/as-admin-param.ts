import { useSyncExternalStore } from 'react'

const noChanges = () => () => {}
const fromAddress = () => new URLSearchParams(window.location.search).get('as') === 'admin'

/**
 * Whether the address asks for the administrator's form (`?as=admin`: the sign-in page and
 * "Forgot password" pass the switch on to each other). False while the page drawn on the server,
 * which knows no query, is taken over, so both renders agree; the address counts right after.
 */
export function useAsAdminParam(): boolean {
  return useSyncExternalStore(noChanges, fromAddress, () => false)
}
