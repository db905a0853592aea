/**
 * The one way the portal waits for a device: it reads again often at first and ever more
 * rarely after that, since a device normally answers in seconds but may take days
 * (api-facts.md). A cadence lists steps: below `untilMs` of waiting, read every `everyMs`;
 * past the last step, its interval stays. Used as TanStack Query's `refetchInterval`, always
 * with `refetchIntervalInBackground: false`, so a hidden page does not poll.
 */
export type Cadence = readonly (readonly [untilMs: number, everyMs: number])[]

export const CADENCES = {
  /** A remote command (lock, wipe, lost mode …): 1 s, 2 s, 4 s, 8 s, 16 s, then every 30 s. */
  command: [
    [1_000, 1_000],
    [3_000, 2_000],
    [7_000, 4_000],
    [15_000, 8_000],
    [31_000, 16_000],
    [Infinity, 30_000],
  ],
  /** An install, an uninstall or an app list: 1 s for 15 s, 3 s up to a minute, 10 s up to five. */
  app: [
    [15_000, 1_000],
    [60_000, 3_000],
    [5 * 60_000, 10_000],
    [Infinity, 30_000],
  ],
  /**
   * A new device enrolling: 2 s for half a minute (an enrollment that works is done by then),
   * 5 s up to two minutes, 15 s up to ten, then 30 s.
   */
  enrollment: [
    [30_000, 2_000],
    [2 * 60_000, 5_000],
    [10 * 60_000, 15_000],
    [Infinity, 30_000],
  ],
} as const satisfies Record<string, Cadence>

/** The wait before the next read after `elapsedMs` of waiting (a clock gone back starts over). */
export function pollInterval(cadence: Cadence, elapsedMs: number): number {
  const elapsed = Math.max(0, elapsedMs)
  for (const [untilMs, everyMs] of cadence) if (elapsed < untilMs) return everyMs
  return cadence[cadence.length - 1]?.[1] ?? 30_000
}

/** Since when each awaited thing has been awaited (per query, per device …). */
interface WaitClock<K> {
  get(key: K): number | undefined
  set(key: K, since: number): unknown
  delete(key: K): unknown
}

/**
 * The refetch interval for one awaited thing: `false` once nothing is awaited (and the wait is
 * forgotten, so the next one starts fast again), else the cadence's step since the wait began.
 */
export function waitInterval<K>(
  waits: WaitClock<K>,
  key: K,
  waiting: boolean,
  cadence: Cadence,
  now: number = Date.now(),
): number | false {
  if (!waiting) {
    waits.delete(key)
    return false
  }
  let since = waits.get(key)
  if (since === undefined) {
    since = now
    waits.set(key, since)
  }
  return pollInterval(cadence, now - since)
}
