import { useCallback, useState } from 'react'

/** One piece of work at a time, shared by everyone who asks while it is under way. */
interface SingleFlight<T> {
  /**
   * Starts `work` unless one is under way, and answers with the one under way: ten callers at
   * once get one start and the same promise. The first call after it settled starts anew.
   */
  run(work: () => Promise<T>): Promise<T>
  /** The work under way, to wait for it without starting one; null when there is none. */
  readonly current: Promise<T> | null
}

/**
 * The one "one at a time" of the portal: the token's renewal, a refused session's revival and a
 * form's or command's send each hold one.
 */
export function singleFlight<T>(): SingleFlight<T> {
  let current: Promise<T> | null = null
  return {
    run(work) {
      current ??= (async () => {
        try {
          return await work()
        } finally {
          current = null
        }
      })()
      return current
    },
    get current() {
      return current
    },
  }
}

/**
 * The one double-submit guard: lets one request start and ignores further starts until it
 * settled. A button's pending state only arrives with the next render; a double click, or Enter
 * and a click, can come before it. `start` receives `settled`, to call once the request is done.
 */
export function useSingleFlight(): (start: (settled: () => void) => void) => void {
  const [sends] = useState(singleFlight<void>)
  return useCallback(
    (start) => void sends.run(() => new Promise<void>((settled) => start(settled))),
    [sends],
  )
}
