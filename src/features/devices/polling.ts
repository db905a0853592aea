import { DEVICE_ACTIONS, type Device } from '../../../contract/schemas'

/** Re-reading a device while a command is open: soon at first, then less and less often. */
export const POLL_FIRST_MS = 1000
export const POLL_MAX_MS = 30_000

/**
 * The wait before the next read, from how long something has been pending: 1 s, 2 s, 4 s, 8 s …
 * up to 30 s. A device normally answers in seconds, but may take days (api-facts.md).
 */
export function pollDelay(elapsedMs: number): number {
  const attempt = Math.floor(Math.log2(Math.max(0, elapsedMs) / POLL_FIRST_MS + 1))
  return Math.min(POLL_MAX_MS, POLL_FIRST_MS * 2 ** attempt)
}

export function hasPendingAction(device: Pick<Device, 'actions'>): boolean {
  return DEVICE_ACTIONS.some((name) => device.actions[name].status === 1)
}

export function pendingActions(device: Pick<Device, 'actions'>) {
  return DEVICE_ACTIONS.filter((name) => device.actions[name].status === 1)
}

/** When each query's current run of pending answers began, kept per query object. */
const pendingSince = new WeakMap<object, number>()

/**
 * A `refetchInterval` for TanStack Query: polls with backoff while `isPending(data)`, stops as
 * soon as nothing is pending. Used together with `refetchIntervalInBackground: false`, so a
 * hidden page does not poll.
 */
export function pollWhilePending<T>(isPending: (data: T) => boolean, now = () => Date.now()) {
  return (query: { state: { data: T | undefined } }): number | false => {
    const data = query.state.data
    if (data === undefined || !isPending(data)) {
      pendingSince.delete(query)
      return false
    }
    const since = pendingSince.get(query) ?? now()
    pendingSince.set(query, since)
    return pollDelay(now() - since)
  }
}
