import { session } from '@/lib/session'

/**
 * The user's only device that can take apps, as this tab last found it. "My apps" without a
 * device in the address is about that device, which only the device list can tell; remembered,
 * the page asks for that device's apps at once, beside the device list, instead of after it.
 * The list still decides: a remembered device that is no longer the only one costs one request.
 *
 * Kept in sessionStorage (this tab only, like the session) and forgotten when the session ends,
 * so the next user of the tab never starts with it.
 */
const KEY = 'mdm.apps.onlyDevice'

export function readOnlyDevice(): string | null {
  try {
    return sessionStorage.getItem(KEY) || null
  } catch {
    return null
  }
}

/** Keeps the client id of the only candidate, or forgets it when there are none or several. */
export function rememberOnlyDevice(candidates: readonly { clientid: string }[]): void {
  const only = candidates.length === 1 ? candidates[0]?.clientid : undefined
  try {
    if (only) sessionStorage.setItem(KEY, only)
    else sessionStorage.removeItem(KEY)
  } catch {
    // Without storage the page asks for the devices first, as on a first visit.
  }
}

session.onEnd(() => rememberOnlyDevice([]))
