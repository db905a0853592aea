import type { App } from '@contract/schemas'
import { isPending } from '@/entities/device/status'
import { CADENCES, waitInterval } from '@/entities/device/polling'
import { session } from '@/lib/session'

/**
 * Following a device until it answers. A pending status only changes once the device reports back,
 * which normally takes seconds but can take much longer; so the portal asks again often at first
 * and ever more rarely after that. Kept in memory per device: since when the portal has been
 * following; forgotten when the session ends. (Asking a device for its app list is followed
 * through the device itself, as an app list request.)
 */

const followingSince = new Map<string, number>()

session.onEnd(() => followingSince.clear())

/** Called once an install or uninstall was accepted: follow closely again from now. */
export function restartFollowing(clientId: string, at: number = Date.now()) {
  followingSince.set(clientId, at)
}

/** The refetch interval for the apps of one device: false once nothing is awaited. */
export function followInterval(
  clientId: string | null,
  apps: readonly Pick<App, 'status'>[] | undefined,
  now: number = Date.now(),
): number | false {
  if (!clientId) return false
  const waiting = apps?.some(isPending) ?? false
  return waitInterval(followingSince, clientId, waiting, CADENCES.app, now)
}
