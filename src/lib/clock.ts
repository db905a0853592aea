import { useSyncExternalStore } from 'react'

/**
 * The current time for rendering, so "3 minutes ago", "slow to answer" and the 48-hour warning
 * stay true while a page is open, and render stays pure. Every subscriber with the same
 * interval shares one timer and one value: everything on a screen ticks together.
 */
interface Clock {
  now: number
  listeners: Set<() => void>
  timer?: ReturnType<typeof setInterval>
  subscribe: (listener: () => void) => () => void
}

const clocks = new Map<number, Clock>()

function clockFor(intervalMs: number): Clock {
  const existing = clocks.get(intervalMs)
  if (existing) return existing
  const clock: Clock = {
    now: Date.now(),
    listeners: new Set(),
    subscribe(listener) {
      clock.listeners.add(listener)
      if (!clock.timer) {
        // A clock that stood still longer than a tick catches up. One read in the render that
        // subscribes keeps its value: a new value here would draw the whole screen again at once,
        // in one long task, for a difference of milliseconds.
        if (Date.now() - clock.now >= intervalMs) clock.now = Date.now()
        clock.timer = setInterval(() => {
          clock.now = Date.now()
          for (const notify of clock.listeners) notify()
        }, intervalMs)
      }
      return () => {
        clock.listeners.delete(listener)
        if (clock.listeners.size === 0 && clock.timer) {
          clearInterval(clock.timer)
          clock.timer = undefined
        }
      }
    },
  }
  clocks.set(intervalMs, clock)
  return clock
}

export function useNow(intervalMs = 30_000): number {
  const clock = clockFor(intervalMs)
  // A page the server draws says how things stand at that moment.
  return useSyncExternalStore(clock.subscribe, () => clock.now, Date.now)
}
