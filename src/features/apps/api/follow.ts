import { useSyncExternalStore } from 'react'
import { APP_STATUS, type App } from '../../../lib/api/schemas'
import { session } from '../../../lib/session'

/**
 * Following a device until it answers. A status of 1 only changes once the device reports back,
 * which normally takes seconds but can take much longer; so the portal asks again often at first
 * and ever more rarely after that. After "refresh from device" it listens for a while too, since
 * nothing tells when the device has sent its list.
 *
 * Kept in memory per device: when the user last asked for a refresh, and since when the portal
 * has been following. Both are forgotten when the session ends.
 */

/** How long after "refresh from device" the portal keeps asking for the new list. */
export const LISTEN_AFTER_REFRESH_MS = 60_000

const refreshedAt = new Map<string, number>()
const followingSince = new Map<string, number>()
const listeners = new Set<() => void>()

function emit() {
  for (const listener of listeners) listener()
}

session.onEnd(() => {
  refreshedAt.clear()
  followingSince.clear()
  emit()
})

/** Called once the device was asked for its app list. */
export function rememberRefresh(clientId: string, at: number = Date.now()) {
  refreshedAt.set(clientId, at)
  followingSince.set(clientId, at)
  emit()
}

/** Called once an install or uninstall was accepted: follow closely again from now. */
export function restartFollowing(clientId: string, at: number = Date.now()) {
  followingSince.set(clientId, at)
}

export function lastRefresh(clientId: string): number | null {
  return refreshedAt.get(clientId) ?? null
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export function useLastRefresh(clientId: string | null): number | null {
  return useSyncExternalStore(subscribe, () => (clientId ? lastRefresh(clientId) : null))
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
  const refreshed = lastRefresh(clientId)
  const listening = refreshed !== null && now - refreshed < LISTEN_AFTER_REFRESH_MS
  if (!waiting && !listening) {
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
