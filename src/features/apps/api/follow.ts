import { APP_STATUS, type App } from '../../../../contract/schemas'
import { session } from '../../../lib/session'

/**
 * Following a device until it answers. A status of 1 only changes once the device reports back,
 * which normally takes seconds but can take much longer; so the portal asks again often at first
 * and ever more rarely after that. Kept in memory per device: since when the portal has been
 * following; forgotten when the session ends. (Asking a device for its app list is followed
 * through the device itself, see lib/app-list-requests.ts.)
 */

const followingSince = new Map<string, number>()

session.onEnd(() => followingSince.clear())

/** Called once an install or uninstall was accepted: follow closely again from now. */
export function restartFollowing(clientId: string, at: number = Date.now()) {
  followingSince.set(clientId, at)
}

/** 1 s for the first 15 s, then 3 s up to a minute, 10 s up to five minutes, then 30 s. */
export function backoff(elapsedMs: number): number {
  if (elapsedMs < 15_000) return 1_000
  if (elapsedMs < 60_000) return 3_000
  if (elapsedMs < 5 * 60_000) return 10_000
  return 30_000
}

/** The refetch interval for the apps of one device: false once nothing is awaited. */
export function followInterval(
  clientId: string | null,
  apps: readonly Pick<App, 'status'>[] | undefined,
  now: number = Date.now(),
): number | false {
  if (!clientId) return false
  const waiting = apps?.some((app) => app.status === APP_STATUS.pending) ?? false
  if (!waiting) {
    followingSince.delete(clientId)
    return false
  }
  let since = followingSince.get(clientId)
  if (since === undefined) {
    since = now
    followingSince.set(clientId, since)
  }
  return backoff(now - since)
}
