import { CADENCES, waitInterval } from '../../lib/polling'

/** When each query's current run of pending answers began, kept per query object. */
const pendingSince = new WeakMap<object, number>()

/**
 * A `refetchInterval` for TanStack Query: reads again on the command cadence while
 * `isPending(data)`, stops as soon as nothing is pending.
 */
export function pollWhilePending<T>(isPending: (data: T) => boolean, now = () => Date.now()) {
  return (query: { state: { data: T | undefined } }): number | false => {
    const data = query.state.data
    const waiting = data !== undefined && isPending(data)
    return waitInterval(pendingSince, query, waiting, CADENCES.command, now())
  }
}
